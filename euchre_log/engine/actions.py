"""The actions that make up a hand: one small frozen value per thing that happened.

Seats, suits and cards are the integers of ``engine.cards`` (a card a reader or parser
makes is a ``Card``); an action reads in the table's notation (``Play(E, 9D)``, ``Order(N, alone=True)``). Each action's ``TYPE`` is the
name it has in the euchre-log/1 format. ``Action`` is the union of them all; everything
that encodes, decodes, describes or draws an action does it with a ``match`` over that
union ending in ``assert_never``, so that mypy names every place a new action type must
be handled.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import ClassVar, Final, Literal, TypeAlias, TypeVar, Union, get_args

from .cards import (
    CARDS,
    N_CARDS,
    SEAT_LETTERS,
    SUIT_LETTERS,
    TEAM_NAMES,
    Card,
    Seat,
    Suit,
    Team,
)

_A = TypeVar("_A")


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass, in either bidding round."""

    TYPE: ClassVar[Literal["pass"]] = "pass"
    seat: Seat


@dataclass(frozen=True, slots=True)
class Order:
    """Round one: accept the upcard's suit (order up, assist, or take it up)."""

    TYPE: ClassVar[Literal["order"]] = "order"
    seat: Seat
    alone: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """Round two: name a trump suit."""

    TYPE: ClassVar[Literal["call"]] = "call"
    seat: Seat
    suit: Suit
    alone: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer's discard after picking up; ``card`` is None when nobody saw it."""

    TYPE: ClassVar[Literal["discard"]] = "discard"
    seat: Seat
    card: Card | None


@dataclass(frozen=True, slots=True)
class DefendAlone:
    """An opponent of a lone hand defends alone; their partner sits out."""

    TYPE: ClassVar[Literal["defend_alone"]] = "defend_alone"
    seat: Seat


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick."""

    TYPE: ClassVar[Literal["play"]] = "play"
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class RenegeCall:
    """``seat`` says that ``accused`` reneged on ``trick`` (1..5).

    ``shown`` are cards the accused still held when the call was made, if they were shown.
    ``penalty`` is the innocent side's choice between ``award`` and ``deduct`` where the
    rules leave it to them (seed 000); None takes the rules' ``renege_penalty``.
    """

    TYPE: ClassVar[Literal["renege_call"]] = "renege_call"
    seat: Seat
    accused: Seat
    trick: int
    shown: tuple[Card, ...] = ()
    penalty: str | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty the table agreed on: ``points`` (maybe negative) go to ``team``."""

    TYPE: ClassVar[Literal["penalty"]] = "penalty"
    seat: Seat
    team: Team
    points: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Note:
    """A comment on the hand; it changes nothing in the play."""

    TYPE: ClassVar[Literal["note"]] = "note"
    seat: Seat | None
    text: str


@dataclass(frozen=True, slots=True)
class Tricks:
    """The rest of the hand, not recorded card by card: from the current trick boundary
    on, North-South took ``ns`` tricks and East-West ``ew`` (together, the tricks still to
    play). Right after the bidding it makes a score-only hand; later, it records tricks
    conceded or claimed without proof. Nobody in particular says it: it has no seat."""

    TYPE: ClassVar[Literal["tricks"]] = "tricks"
    ns: int
    ew: int


@dataclass(frozen=True, slots=True)
class Claim:
    """``seat`` shows their cards and claims every remaining trick for their side."""

    TYPE: ClassVar[Literal["claim"]] = "claim"
    seat: Seat


# --- Variant actions (RULES.md's options) -------------------------------------------


@dataclass(frozen=True, slots=True)
class BennySuit:
    """25-card deck: the Benny was turned up, and the dealer names the suit on offer."""

    TYPE: ClassVar[Literal["benny_suit"]] = "benny_suit"
    seat: Seat
    suit: Suit


@dataclass(frozen=True, slots=True)
class BlindDoubleLoner:
    """Declared before looking: the turned card's suit is trump, and ``seat`` plays alone."""

    TYPE: ClassVar[Literal["blind_double_loner"]] = "blind_double_loner"
    seat: Seat


@dataclass(frozen=True, slots=True)
class FarmersHand:
    """A weak hand exchanged: ``shown`` go to the kitty, ``received`` come from it.

    Three 9s or 10s for the kitty's three hidden cards (004), or the whole hand for five
    undealt cards (001). ``received`` is empty when nobody else saw them.
    """

    TYPE: ClassVar[Literal["farmers_hand"]] = "farmers_hand"
    seat: Seat
    shown: tuple[Card, ...]
    received: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class ThrowIn:
    """A named poor hand shown and thrown in for a new deal (004)."""

    TYPE: ClassVar[Literal["throw_in"]] = "throw_in"
    seat: Seat
    hand: str
    shown: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PartnersBest:
    """A lone player (or lone defender) and their partner exchange one card (004).

    ``gave`` went to the partner and ``received`` came back; None when unseen.
    """

    TYPE: ClassVar[Literal["partners_best"]] = "partners_best"
    seat: Seat
    gave: Card | None = None
    received: Card | None = None


Action: TypeAlias = Union[
    Pass,
    Order,
    Call,
    Discard,
    DefendAlone,
    Play,
    RenegeCall,
    Penalty,
    Note,
    Tricks,
    Claim,
    BennySuit,
    BlindDoubleLoner,
    FarmersHand,
    ThrowIn,
    PartnersBest,
]

ACTION_CLASSES: Final[tuple[type[Action], ...]] = get_args(Action)
"""Every kind of action, in the order of the union."""

ActionType: TypeAlias = Literal[
    "pass",
    "order",
    "call",
    "discard",
    "defend_alone",
    "play",
    "renege_call",
    "penalty",
    "note",
    "tricks",
    "claim",
    "benny_suit",
    "blind_double_loner",
    "farmers_hand",
    "throw_in",
    "partners_best",
]
"""The ``type`` names of the file format, for a ``match`` that mypy checks is complete."""

ACTION_TYPES: Final[dict[str, type[Action]]] = {cls.TYPE: cls for cls in ACTION_CLASSES}
"""Each ``type`` name and its action class, derived from the union."""

if set(ACTION_TYPES) != set(get_args(ActionType)):  # pragma: no cover - a mistake in this file
    raise AssertionError("ActionType must name the TYPE of every class of the Action union")


# --- How an action reads: the table's notation ------------------------------------

_SEAT_FIELDS: Final = frozenset({"seat", "accused"})
_CARD_FIELDS: Final = frozenset({"card", "gave", "received", "shown"})


def _word(name: str, value: object) -> str:
    """One field in the table's notation: a seat's letter, a suit's, a card as its ``Card``
    writes it, even from a plain int (a tuple of cards in brackets); anything else (or a
    value out of range) as ``repr`` has it."""
    if isinstance(value, bool) or not isinstance(value, (int, tuple)):
        return repr(value)
    if name in _CARD_FIELDS:
        cards = value if isinstance(value, tuple) else (value,)
        if all(isinstance(c, int) and 0 <= c < N_CARDS for c in cards):
            text = " ".join(repr(CARDS[c]) for c in cards)
            return f"({text})" if isinstance(value, tuple) else text
    elif isinstance(value, int) and name in _SEAT_FIELDS and 0 <= value < 4:
        return SEAT_LETTERS[value]
    elif isinstance(value, int) and name == "suit" and 0 <= value < 4:
        return SUIT_LETTERS[value]
    elif isinstance(value, int) and name == "team" and 0 <= value < 2:
        return TEAM_NAMES[value]
    return repr(value)


def _table_repr(cls: type[_A]) -> type[_A]:
    """Give an action class the table's ``repr``: ``Play(E, 9D)``, ``Order(N, alone=True)``.

    Fields without a default are written in order, the others only when they differ from
    it, by name. ``field_repr`` keeps the dataclass's own form.
    """
    names = [(f.name, f.default) for f in fields(cls)]  # type: ignore[arg-type]

    def __repr__(self: object) -> str:
        parts = []
        for name, default in names:
            value = getattr(self, name)
            if default is MISSING:
                parts.append(_word(name, value))
            elif value != default:
                parts.append(f"{name}={_word(name, value)}")
        return f"{cls.__name__}({', '.join(parts)})"

    cls.__repr__ = __repr__  # type: ignore[method-assign]
    return cls


def field_repr(action: Action) -> str:
    """The action as the dataclass writes it, field by field (``Play(seat=1, card=11)``):
    what a hand's seed is made from (``fair.hand_seed``), so that the table's ``repr``
    changes no seed."""
    inner = ", ".join(f"{f.name}={_number(getattr(action, f.name))!r}" for f in fields(action))
    return f"{type(action).__qualname__}({inner})"


def _number(value: object) -> object:
    """A ``Card`` (or a tuple of them) as the plain int(s) the seeds were made from."""
    if isinstance(value, tuple):
        return tuple(_number(v) for v in value)
    return int(value) if isinstance(value, Card) else value


for _cls in ACTION_CLASSES:
    _table_repr(_cls)
