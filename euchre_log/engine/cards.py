"""Cards, suits, seats and teams, as small integers with lookup tables.

A card is a ``Card``, an ``int``: ``suit * 8 + rank``, where the ranks run 7 8 9 T J Q K A
(0..7) and the suits C D H S (0..3). The 25-card deck's Benny is ``BENNY`` (32). It reads
as files write it (``repr``: ``TD``) and as the table says it (``str``: ``10♦``). Sets of
cards are bit masks (``1 << card``), plain ints. Everything the play needs per trump suit
(a card's effective suit and its power in a trick) is precomputed, so that recording a
play does no allocation and no branching on card names.

>>> c = parse_card("10♦")
>>> c, int(c), str(c), card_name(c)
(TD, 11, '10♦', 'the ten of diamonds')
>>> cards_of(legal_mask(1 << c | 1 << parse_card("jh"), DIAMONDS, HEARTS))  # J♦ is trump
[TD]
"""

from __future__ import annotations

import unicodedata
from typing import Final, NewType, SupportsIndex

# Suit, Seat and Team are ``NewType``s over ``int``: mypy tells them apart (a seat passed
# where a suit is expected is an error), and at run time they are plain ints, so the
# engine's tables, masks and loops cost nothing more (an IntEnum member is ~20 times as
# slow to make from an int, and slower to index with).
Suit = NewType("Suit", int)
"""A suit: 0..3, clubs diamonds hearts spades."""
Seat = NewType("Seat", int)
"""A seat: 0..3, North East South West, clockwise."""
Team = NewType("Team", int)
"""A partnership: 0 North-South, 1 East-West (``seat & 1``)."""
NOBODY: Final = Seat(-1)
"""No seat (no maker yet, no lone defender): the engine's integer fields use it for None."""
NO_SUIT: Final = Suit(-1)
"""No suit (trump not made yet; the Benny's printed suit)."""

# Suits, in the order C D H S (clubs, diamonds, hearts, spades).
CLUBS: Final = Suit(0)
DIAMONDS: Final = Suit(1)
HEARTS: Final = Suit(2)
SPADES: Final = Suit(3)
SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
SUIT_SINGULAR: Final = ("club", "diamond", "heart", "spade")

# Ranks, low to high. 7 and 8 exist only in the 32-card deck.
RANK_LETTERS: Final = "789TJQKA"
RANK_NAMES: Final = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

HAND_SIZE: Final = 5
"""Cards dealt to each seat, and tricks in a hand."""

N_CARDS: Final = 33
"""Card numbers run 0..32: four suits of eight ranks, and the Benny."""


class Card(int):
    """A card: an ``int``, ``suit * 8 + rank`` (0..31), or 32 for the Benny, that reads
    as files write it (``repr``: ``TD``, ``9H``, ``BJ``) and as the table says it
    (``str``: ``10♦``, ``9♥``).

    Everything an int does, it does as the number: masks (``1 << c``), table indexes,
    arithmetic (whose results are plain ints), hashing and equality (``Card(11) == 11``),
    ``json``, Pydantic's ``int`` fields and SQL parameters. Only text differs: ``str``,
    ``f"{c}"`` and ``"%s" % c`` give the table's form; ``f"{c:d}"`` and ``"%d" % c`` the
    number. There is one instance per card, made when this module loads: ``Card(11)``,
    a copy and a pickle's load all give ``CARDS[11]``, the fast path for code that already
    holds a valid number.

    >>> ten = Card(11)
    >>> ten, str(ten), f"{ten} {ten:d} {ten:>4}|", ten == 11, 1 << ten, ten + 1
    (TD, '10♦', '10♦ 11  10♦|', True, 2048, 12)
    >>> ten is CARDS[11] is parse_card("td"), CARDS[BENNY], str(CARDS[BENNY])
    (True, BJ, 'BJ')
    >>> import json; json.dumps({"card": ten, "cards": [ten, BENNY]})
    '{"card": 11, "cards": [11, 32]}'
    """

    __slots__ = ()

    def __new__(cls, value: SupportsIndex) -> Card:
        """The card numbered ``value`` (0..32): its one instance; ``ValueError`` else."""
        number = value.__index__()
        if not 0 <= number < N_CARDS:
            raise ValueError(f"{value!r} is not a card number (0 to {N_CARDS - 1})")
        return CARDS[number]

    def __repr__(self) -> str:
        return CARD_TEXT[self]

    def __str__(self) -> str:
        return CARD_SYMBOLS[self]

    def __format__(self, spec: str) -> str:
        # A number's format (``d``, ``x``, ``05d``...) formats the number; any other
        # (alignment, width) the table's text, as ``str`` gives it.
        if spec and spec[-1] in "bcdoxXneEfFgG%":
            return int.__format__(self, spec)
        return format(CARD_SYMBOLS[self], spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        # ``copy`` and ``pickle`` (the fair review's worker processes) come back through
        # ``__new__``, to the one instance.
        return (Card, (int(self),))


CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, c) for c in range(N_CARDS))
"""``CARDS[n]``: the card numbered ``n``, its one instance (no check; ``Card(n)`` checks)."""

BENNY: Final = CARDS[32]
"""The joker of the 25-card deck: the highest trump, whatever the trump suit."""

# Seats, clockwise. Partners sit opposite: a seat's team is ``seat & 1``.
NORTH: Final = Seat(0)
EAST: Final = Seat(1)
SOUTH: Final = Seat(2)
WEST: Final = Seat(3)
SEATS: Final = (NORTH, EAST, SOUTH, WEST)
NS: Final = Team(0)
EW: Final = Team(1)
TEAMS: Final = (NS, EW)
SEAT_LETTERS: Final = "NESW"
SEAT_NAMES: Final = ("North", "East", "South", "West")
TEAM_NAMES: Final = ("NS", "EW")


def card(rank: int, suit: Suit) -> Card:
    """The card of this rank (0..7, 7 to A) and suit (0..3, C D H S)."""
    return CARDS[suit * 8 + rank]


def suit_of(c: int) -> Suit:
    """The printed suit of a card; the Benny has none (``NO_SUIT``)."""
    return NO_SUIT if c == BENNY else Suit(c >> 3)


def same_colour(suit: Suit) -> Suit:
    """The other suit of the same colour: clubs and spades, diamonds and hearts."""
    return Suit(3 - suit)


def team_of(seat: Seat) -> Team:
    """``NS`` (0) for North-South, ``EW`` (1) for East-West."""
    return Team(seat & 1)


def partner_of(seat: Seat) -> Seat:
    """The seat opposite."""
    return Seat((seat + 2) & 3)


def left_of(seat: Seat) -> Seat:
    """The next seat clockwise."""
    return Seat((seat + 1) & 3)


def deck(size: int) -> tuple[Card, ...]:
    """The cards of a 24-, 25- or 32-card deck."""
    low = SEVEN if size == 32 else NINE
    cards = tuple(card(r, s) for s in SUITS for r in range(low, 8))
    return (*cards, BENNY) if size == 25 else cards


def deck_mask(size: int) -> int:
    """The cards of a deck as a bit mask."""
    mask = 0
    for c in deck(size):
        mask |= 1 << c
    return mask


# ---------------------------------------------------------------------------
# Per-trump tables. Index with ``[trump][card]``; trump is 0..3.


def _effective_suit(c: int, trump: Suit) -> Suit:
    if c == BENNY:
        return trump
    s, r = Suit(c >> 3), c & 7
    if r == JACK and s == same_colour(trump):
        return trump  # the left bower belongs to trump for every purpose
    return s


def _trump_power(c: int, trump: Suit) -> int:
    """Order within trump: 9 < T < Q < K < A < left bower < right bower < Benny."""
    if c == BENNY:
        return 30
    r = c & 7
    if r == JACK:
        return 29 if c >> 3 == trump else 28
    return 20 + r


EFFECTIVE_SUIT: Final[tuple[tuple[Suit, ...], ...]] = tuple(
    tuple(_effective_suit(c, t) for c in range(N_CARDS)) for t in SUITS
)
"""``EFFECTIVE_SUIT[trump][card]``: the suit a card counts as when ``trump`` is trump."""

POWER: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_trump_power(c, t) if _effective_suit(c, t) == t else c & 7 for c in range(N_CARDS))
    for t in SUITS
)
"""``POWER[trump][card]``: trumps score 20..30, other cards their rank (0..7).

Within a trick, a card beats the best so far when it is of the led suit or trump and its
power is higher; a card of neither suit never wins.
"""

SUIT_MASK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 << c for c in range(N_CARDS) if _effective_suit(c, t) == s) for s in SUITS)
    for t in SUITS
)
"""``SUIT_MASK[trump][suit]``: the cards that count as ``suit`` when ``trump`` is trump."""


def legal_mask(held: int, led: Suit, trump: Suit) -> int:
    """The follow-suit rule: of the cards ``held`` (a mask), those that may be played to a
    trick whose led suit is ``led`` (``NO_SUIT`` when leading) with ``trump`` as trump.

    The cards of the led suit, counting the left bower (and the Benny) as trump, if the
    hand has any; otherwise any card. The dispute judge's renege test (``judge``), the
    simulator, the recorder's hints and the solver ask it.
    """
    if led == NO_SUIT:
        return held
    return (held & SUIT_MASK[trump][led]) or held


# ---------------------------------------------------------------------------
# Text forms.

CARD_FORMS_HELP: Final = (
    "write a card as its rank and suit, like 9C, TD, 10♦, J♥ or ♦J "
    "(ranks 7 8 9 10/T J Q K A, suits C D H S or ♣ ♦ ♥ ♠; BJ is the Benny)"
)


class CardError(ValueError):
    """A token that is not a card, a suit or a seat; the message quotes it."""


_SUIT_TOKENS: dict[str, Suit] = {}
for _s in SUITS:
    for _form in (
        SUIT_LETTERS[_s],
        SUIT_SYMBOLS[_s],
        "♧♢♡♤"[_s],
        SUIT_NAMES[_s].upper(),
        SUIT_SINGULAR[_s].upper(),
    ):
        _SUIT_TOKENS[_form] = _s

_RANK_TOKENS: dict[str, int] = {letter: r for r, letter in enumerate(RANK_LETTERS)}
_RANK_TOKENS["10"] = TEN

_CARD_TOKENS: dict[str, Card] = {}
for _s in SUITS:
    for _sf in (SUIT_LETTERS[_s], SUIT_SYMBOLS[_s], "♧♢♡♤"[_s]):
        for _rf, _r in _RANK_TOKENS.items():
            _c = card(_r, _s)
            _CARD_TOKENS[_rf + _sf] = _c
            _CARD_TOKENS[_sf + _rf] = _c
for _form in ("BJ", "BENNY", "JOKER", "🃏"):
    _CARD_TOKENS[_form] = BENNY


def _clean(token: str) -> str:
    # Variation selectors make ♥ render as an emoji; they carry no meaning here.
    text = unicodedata.normalize("NFKC", token).replace("\ufe0f", "").replace("\ufe0e", "")
    return text.strip().upper()


def parse_card(token: str) -> Card:
    """Read a card in any accepted form (``TD``, ``10D``, ``10♦``, ``j♦``, ``♦J``, ``DJ``)."""
    found = _CARD_TOKENS.get(token)  # the canonical form, without any cleaning
    if found is None:
        found = _CARD_TOKENS.get(_clean(token))
        if found is None:
            raise CardError(f"{token!r} is not a card: {CARD_FORMS_HELP}")
    return found


def parse_suit(token: str) -> Suit:
    """Read a suit: ``C``, ``clubs``, ``club`` or ``♣`` (any case)."""
    found = _SUIT_TOKENS.get(_clean(token))
    if found is None:
        raise CardError(f"{token!r} is not a suit: write C, D, H or S, a suit's name, or ♣ ♦ ♥ ♠")
    return found


_SEAT_TOKENS = {
    **{letter: SEATS[i] for i, letter in enumerate(SEAT_LETTERS)},
    **{name.upper(): SEATS[i] for i, name in enumerate(SEAT_NAMES)},
}


def parse_seat(token: str) -> Seat:
    """Read a seat: ``N``, ``E``, ``S``, ``W`` or its name (any case)."""
    found = _SEAT_TOKENS.get(_clean(token))
    if found is None:
        raise CardError(f"{token!r} is not a seat: write N, E, S or W")
    return found


_TEAM_TOKENS = {"NS": NS, "SN": NS, "EW": EW, "WE": EW}


def parse_team(token: str) -> Team:
    """Read a team: ``NS`` or ``EW``."""
    found = _TEAM_TOKENS.get(_clean(token))
    if found is None:
        raise CardError(f"{token!r} is not a team: write NS or EW")
    return found


CARD_TEXT: Final[tuple[str, ...]] = tuple(
    "BJ" if c == BENNY else RANK_LETTERS[c & 7] + SUIT_LETTERS[c >> 3] for c in range(N_CARDS)
)
"""``CARD_TEXT[card]``: the canonical form, as files are written (``TD``, ``9H``, ``BJ``)."""

CARD_SYMBOLS: Final[tuple[str, ...]] = tuple(
    "BJ" if c == BENNY else ("10" if c & 7 == TEN else RANK_LETTERS[c & 7]) + SUIT_SYMBOLS[c >> 3]
    for c in range(N_CARDS)
)
"""``CARD_SYMBOLS[card]``: the form people write (``10♦``, ``9♥``)."""


def card_name(c: int) -> str:
    """A card in words: ``the ten of diamonds``."""
    if c == BENNY:
        return "the Benny"
    return f"the {RANK_NAMES[c & 7]} of {SUIT_NAMES[c >> 3]}"


def cards_of(mask: int) -> list[Card]:
    """The cards in a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out
