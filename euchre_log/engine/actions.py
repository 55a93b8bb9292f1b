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


# --- Variant actions (RULES.md's options) -------------------------------------------


@dataclass(frozen=True, slots=True)
class BennySuit:
    """25-card deck: the Benny was turned up, and the dealer names the suit on offer."""

    TYPE: ClassVar[str] = "benny_suit"
    seat: int
    suit: int


@dataclass(frozen=True, slots=True)
class BlindDoubleLoner:
    """Declared before looking: the turned card's suit is trump, and ``seat`` plays alone."""

    TYPE: ClassVar[str] = "blind_double_loner"
    seat: int


@dataclass(frozen=True, slots=True)
class FarmersHand:
    """A weak hand exchanged: ``shown`` go to the kitty, ``received`` come from it.

    Three 9s or 10s for the kitty's three hidden cards (004), or the whole hand for five
    undealt cards (001). ``received`` is empty when nobody else saw them.
    """

    TYPE: ClassVar[str] = "farmers_hand"
    seat: int
    shown: tuple[int, ...]
    received: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ThrowIn:
    """A named poor hand shown and thrown in for a new deal (004)."""

    TYPE: ClassVar[str] = "throw_in"
    seat: int
    hand: str
    shown: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PartnersBest:
    """A lone player (or lone defender) and their partner exchange one card (004).

    ``gave`` went to the partner and ``received`` came back; None when unseen.
    """

    TYPE: ClassVar[str] = "partners_best"
    seat: int
    gave: int | None = None
    received: int | None = None


Action = Union[
    Pass,
    Order,
    Call,
    Discard,
    DefendAlone,
    Play,
    RenegeCall,
    Penalty,
    Note,
    BennySuit,
    BlindDoubleLoner,
    FarmersHand,
    ThrowIn,
    PartnersBest,
]

ACTION_TYPES: dict[str, type] = {
    cls.TYPE: cls
    for cls in (
        Pass,
        Order,
        Call,
        Discard,
        DefendAlone,
        Play,
        RenegeCall,
        Penalty,
        Note,
        BennySuit,
        BlindDoubleLoner,
        FarmersHand,
        ThrowIn,
        PartnersBest,
    )
}
