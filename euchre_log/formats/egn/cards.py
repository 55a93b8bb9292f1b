"""EGN's card notation: ``9c``, ``Ts``, ``Nc`` (N for nine), ``R``/``L`` (the bowers of the
deal's trump), ``B`` (the joker); ``X`` is an unknown card, which euchre-log refuses."""

from __future__ import annotations

from typing import Any, Final

from ...engine.cards import (
    ACE,
    BENNY,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANK_LETTERS,
    SEVEN,
    SPADES,
    SUIT_LETTERS,
    TEN,
    Card,
    CardError,
    Suit,
    card,
    parse_card,
    same_colour,
)

_EGN_RANKS: Final = {
    "7": SEVEN,
    "8": EIGHT,
    "9": NINE,
    "N": NINE,
    "T": TEN,
    "J": JACK,
    "Q": QUEEN,
    "K": KING,
    "A": ACE,
}
_EGN_SUITS: Final = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}
_GENERIC_SUITS: Final = {"t": "trump", "n": "next", "g": "green"}
_CARD_HELP: Final = (
    "EGN writes a card as its rank and suit, like 9c, Ts, Jd or Ah "
    "(N for a nine, R and L for the bowers, B for the joker)"
)
_UNKNOWN_CARD: Final = "is an unknown card; euchre-log needs every card to check the play"


def egn_card_text(c: int) -> str:
    """A card as EGN writes it: rank upper case, suit lower case (``Ts``, ``9h``; ``B``)."""
    if c == BENNY:
        return "B"
    return RANK_LETTERS[c & 7] + SUIT_LETTERS[c >> 3].lower()


def parse_egn_card(token: Any, trump: Suit | None = None) -> Card:
    """Read an EGN card: ``9c``, ``Ts``, ``Nc``, ``R``/``L`` (bowers of ``trump``), ``B``.

    Other notations that euchre-log reads (``10♣``, ``J♦``) are accepted as well, as EGN
    1.0's own examples use them. Raises ``ValueError`` with a sentence saying what is wrong.
    """
    if not isinstance(token, str):
        raise ValueError(f"{token!r} is not a card: {_CARD_HELP}")
    text = token.strip()
    if text in ("R", "L"):
        which = "right" if text == "R" else "left"
        if trump is None:
            raise ValueError(
                f"{token!r} (the {which} bower) names no card here: nobody has named trump"
            )
        return card(JACK, trump if text == "R" else same_colour(trump))
    if text == "B":
        return BENNY
    if text == "" or text.upper() in ("X", "XX"):
        raise ValueError(f"{token!r} {_UNKNOWN_CARD}")
    if len(text) == 2:
        rank, suit = text[0].upper(), text[1]
        if rank == "X" or suit == "x":
            raise ValueError(f"{token!r} {_UNKNOWN_CARD}")
        if suit in _GENERIC_SUITS:
            raise ValueError(
                f"{token!r} uses EGN's generic '{_GENERIC_SUITS[suit]}' suit; "
                "euchre-log needs the real suit to check the play"
            )
        if rank in _EGN_RANKS and suit.lower() in _EGN_SUITS:
            return card(_EGN_RANKS[rank], _EGN_SUITS[suit.lower()])
    try:
        return parse_card(text)
    except CardError:
        raise ValueError(f"{token!r} is not a card: {_CARD_HELP}") from None
