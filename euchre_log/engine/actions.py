"""The actions that make up a hand: one small frozen value per thing that happened.

Seats, suits and cards are the integers of ``engine.cards``. Each action's ``TYPE`` is the
name it has in the euchre-log/1 format.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass, in either bidding round."""

    TYPE: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class Order:
    """Round one: accept the upcard's suit (order up, assist, or take it up)."""

    TYPE: ClassVar[str] = "order"
    seat: int
    alone: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """Round two: name a trump suit."""

    TYPE: ClassVar[str] = "call"
    seat: int
    suit: int
    alone: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer's discard after picking up; ``card`` is None when nobody saw it."""

    TYPE: ClassVar[str] = "discard"
    seat: int
    card: int | None


@dataclass(frozen=True, slots=True)
class DefendAlone:
    """An opponent of a lone hand defends alone; their partner sits out."""

    TYPE: ClassVar[str] = "defend_alone"
    seat: int


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick."""

    TYPE: ClassVar[str] = "play"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class RenegeCall:
    """``seat`` says that ``accused`` reneged on ``trick`` (1..5).

    ``shown`` are cards the accused still held when the call was made, if they were shown.
    ``penalty`` is the innocent side's choice between ``award`` and ``deduct`` where the
    rules leave it to them (seed 000); None takes the rules' ``renege_penalty``.
    """

    TYPE: ClassVar[str] = "renege_call"
    seat: int
    accused: int
    trick: int
    shown: tuple[int, ...] = ()
    penalty: str | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty the table agreed on: ``points`` (maybe negative) go to ``team``."""

    TYPE: ClassVar[str] = "penalty"
    seat: int
    team: int
    points: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Note:
    """A comment on the hand; it changes nothing in the play."""

    TYPE: ClassVar[str] = "note"
    seat: int | None
    text: str


Action = Union[Pass, Order, Call, Discard, DefendAlone, Play, RenegeCall, Penalty, Note]

ACTION_TYPES: dict[str, type] = {
    cls.TYPE: cls
    for cls in (Pass, Order, Call, Discard, DefendAlone, Play, RenegeCall, Penalty, Note)
}
