"""The grammar's words, and what a line reads into: the commands, who says a line and
what a token is read against, and the error that names a refused token.

>>> Speaker(2).may_act_for(2), TABLE.may_act_for(2)
(True, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol, TypeAlias

from .. import actions as A
from ..cards import BENNY, CARD_TEXT, SEAT_LETTERS, SUIT_SYMBOLS, Card, Seat, left_of
from ..hand import THROW_IN_RULES, HandState

# --- the words --------------------------------------------------------------------

ORDER_WORDS: Final = frozenset(
    {
        "o",
        "order",
        "up",
        "assist",
        "pick",
        "take",
        "orderup",
        "o!",
        "order!",
        "up!",
        "assist!",
        "pick!",
        "take!",
    }
)
PASS_WORDS: Final = frozenset({"p", "pass", "-"})
ALONE_WORDS: Final = frozenset({"alone", "!", "a"})
UNSEEN_WORDS: Final = frozenset({"?", "unseen", "x"})
META_WORDS: Final = frozenset({"undo", "show", "help", "quit", "exit", "q"})
END_WORDS: Final = frozenset({"end", "next"})
TRICKS_WORDS: Final = frozenset({"tricks"})
SHORT_TRICKS: Final = re.compile(r"t(\d)")  # t4: the makers took 4
# Several bids in one token, e.g. ppo (pass, pass, order up) or ppppph! (hearts alone).
BID_RUN: Final = re.compile(r"(?:[po]!?|[cdhs]!?)+")
BID_PIECE: Final = re.compile(r"[po]!?|[cdhs]!?")
# A card by its rank alone, and several of them in one token (a k 9 q, or ak9q).
RANK_WORDS: Final = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANKS: Final = {
    **dict(zip(RANK_WORDS, range(8), strict=True)),
    **{"7": 0, "8": 1, "9": 2, "10": 3, "t": 3, "j": 4, "q": 5, "k": 6, "a": 7},
}
RANK_RUN: Final = re.compile(r"(?:10|[789tjqka])+")
RANK_PIECE: Final = re.compile(r"10|[789tjqka]")

THROW_IN_ALIASES: Final = {
    **{name: name for name in THROW_IN_RULES},
    "nines": "nines-and-tens",
    "ace": "ace-no-face",
    "king": "king-nothing",
    "queens": "three-queens",
    "jack": "jack-nothing",
    "noace": "no-ace-no-face",
}
"""Each way to write a throw-in's name, and the name it stands for."""

TEAM_WORDS: Final = ("North-South", "East-West")

MAX_LINE: Final = 10000
"""The longest line the grammar takes: a long note, not a file pasted by mistake."""


# --- errors -------------------------------------------------------------------------


class TextError(ValueError):
    """A line refused: the message names the token and says what was expected.

    ``token`` is the token refused as it was typed (None when the line as a whole is, such
    as one too long), and ``index`` its place among the line's words, from 0.
    """

    def __init__(self, message: str, token: str | None = None, index: int | None = None) -> None:
        super().__init__(message)
        self.token = token
        self.index = index


class NotYours(TextError):
    """A seat's line that acts for another seat, or when another seat is to act: the
    phones' server answers it 403, where a refused line is 422."""


# --- commands -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Upcard:
    """A new hand starts with this card turned up (between hands only)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Deal:
    """The five cards ``seat`` was dealt: ahead of the hand, or after the upcard as long
    as the seat has played no card."""

    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Dealer:
    """Who really deals the next hand, if not the seat the rules say (between hands)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last entry."""


@dataclass(frozen=True, slots=True)
class End:
    """Stop a hand that an upheld renege call has settled, before its last trick."""


@dataclass(frozen=True, slots=True)
class Meta:
    """A word for the program, not the record: ``show``, ``help`` or ``quit``."""

    word: str


Command: TypeAlias = A.Action | Upcard | Deal | Dealer | Undo | End | Meta
"""What a line says: an action of the hand, or one of the commands around it."""


# --- who speaks ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who says a line, and what they know of the cards.

    ``seat`` None is the table, which acts for any seat and knows what the record knows.
    A seat acts for itself only and knows the cards it entered as its own (``cards``, its
    five dealt cards; None when it entered none).
    """

    seat: Seat | None = None
    cards: tuple[int, ...] | None = None

    def may_act_for(self, seat: Seat) -> bool:
        """True when this speaker may say a line for ``seat``."""
        return self.seat is None or self.seat == seat


TABLE: Final = Speaker()
"""The table: a scorekeeper entering for every seat, as the terminal recorder does."""


def table_text(card: Card) -> str:
    """A card as the table writes it, rank letter and suit symbol (``T♥``, ``9♦``).

    >>> from euchre_log.engine.cards import parse_card
    >>> table_text(parse_card("10h")), table_text(parse_card("bj"))
    ('T♥', 'BJ')
    """
    text = CARD_TEXT[card]
    return text if card == BENNY else text[0] + SUIT_SYMBOLS[card >> 3]


def own_cards(hand: HandState, seat: Seat, cards: tuple[int, ...]) -> int:
    """The cards (a mask) of ``cards``, a seat's dealt five, that it still holds in
    ``hand``: those not played nor put down, and the upcard once the dealer took it up.

    >>> from euchre_log.engine.cards import EAST, NORTH, parse_card
    >>> from euchre_log.engine.hand import HandState
    >>> from euchre_log.engine.rules import Rules
    >>> five = tuple(parse_card(c) for c in ("ah", "kh", "qh", "td", "9c"))
    >>> hand = HandState(Rules(), NORTH, parse_card("9s"), deal={EAST: five})
    >>> hand.apply(A.Pass(EAST))
    ()
    >>> own_cards(hand, EAST, five) == sum(1 << c for c in five)
    True
    """
    owner = hand.owner
    mask = 0
    for c in cards:
        if owner[c] == seat or owner[c] < 0:  # in its hand, or not placed by this record
            mask |= 1 << c
    if seat == hand.dealer and owner[hand.upcard] == seat:
        mask |= 1 << hand.upcard
    return mask


# --- the state a line is read against ------------------------------------------------


class Situation(Protocol):
    """What a token is read against: the hand being recorded (None between hands), the
    game's last hand even when it is over (a penalty belongs to it), and who deals next
    (asked only between hands). A recorder's session is one; ``At`` is one on its own.
    """

    @property
    def hand(self) -> HandState | None: ...

    @property
    def last(self) -> HandState | None: ...

    @property
    def deals_next(self) -> Seat: ...


@dataclass(frozen=True, slots=True)
class At:
    """A ``Situation`` as plain values."""

    hand: HandState | None
    last: HandState | None
    deals_next: Seat

    @classmethod
    def of(cls, hand: HandState) -> At:
        """The situation of a hand on its own: being played, or over."""
        return cls(None if hand.finished else hand, hand, left_of(hand.dealer))


def expected(at: Situation) -> str:
    """What the record waits for, in words: ``it is S's turn to play``."""
    hand = at.hand
    if hand is None:
        return f"{SEAT_LETTERS[at.deals_next]} deals next: enter the upcard"
    return hand.expected()


class Step(NamedTuple):
    """The commands one token (or a token and its arguments) says, and that token as
    typed, with its place among the line's words (``word``, from 0), for the messages of
    what follows."""

    commands: tuple[Command, ...]
    token: str
    word: int
