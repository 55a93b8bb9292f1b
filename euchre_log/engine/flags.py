"""Flags: the irregularities the engine found, each with its proof, and engine errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, TypeAlias, get_args

if TYPE_CHECKING:
    from .actions import RenegeCall

FlagKind: TypeAlias = Literal[
    "renege",
    "illegal_bid",
    "dealt_out_of_turn",
    "false_renege_call",
    "unresolved_renege_call",
    "invalid_farmers_hand",
    "invalid_throw_in",
    "invalid_exchange",
    "bad_claim",
]
"""The irregularities the engine flags, as the check report names them."""

RENEGE: Final = "renege"
ILLEGAL_BID: Final = "illegal_bid"
DEALT_OUT_OF_TURN: Final = "dealt_out_of_turn"
FALSE_RENEGE_CALL: Final = "false_renege_call"
UNRESOLVED_RENEGE_CALL: Final = "unresolved_renege_call"
# Kinds the variants add:
INVALID_FARMERS_HAND: Final = "invalid_farmers_hand"
INVALID_THROW_IN: Final = "invalid_throw_in"
INVALID_EXCHANGE: Final = "invalid_exchange"
BAD_CLAIM: Final = "bad_claim"


ProofKind: TypeAlias = Literal["deal", "upcard", "later_play", "shown", "worked_out"]
"""How the card a renege is proven with is known to have been held: dealt to the player,
the upcard they took up, played by them later, shown when the renege was called, or
worked out because every other card is accounted for."""
PROOF_KINDS: Final[tuple[ProofKind, ...]] = get_args(ProofKind)


@dataclass(frozen=True, slots=True)
class Flag:
    """An irregularity: who, on which trick (1..5, or None), and a sentence saying it.

    The remaining fields carry the proof of a renege for the dispute view: the card
    played when the seat showed out (``played``), the suit led (``led_suit``), the card
    they held (``card``), and how that is known (``proof``, a ``ProofKind``, with
    ``proof_trick`` for a later play).
    For renege calls, ``seat`` is the caller and ``accused`` the accused.
    """

    kind: FlagKind
    seat: int | None
    trick: int | None
    message: str
    card: int | None = None
    played: int | None = None
    led_suit: int | None = None
    proof: ProofKind | None = None
    proof_trick: int | None = None
    accused: int | None = None


# Where a renege call stands. A call is judged on everything the hand's record shows, the
# play after the call included: it stays ``pending`` until the record proves it (upheld)
# or disproves it (false), and a call still pending when the hand's record ends is
# ``unresolved``.
CallStatus: TypeAlias = Literal["pending", "upheld", "false", "unresolved"]
PENDING: Final = "pending"
UPHELD: Final = "upheld"
FALSE: Final = "false"
UNRESOLVED: Final = "unresolved"


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """A renege call and where it stands.

    ``index`` is the call's place among the hand's actions; ``decided_at`` the place of the
    action that settled it (the call itself, or a later play or call that proved or
    disproved it), None while it is pending. ``penalised`` is true for the one upheld call
    whose penalty the hand scores.
    """

    index: int
    call: RenegeCall
    status: CallStatus
    decided_at: int | None = None
    penalised: bool = False


class IllegalAction(ValueError):
    """An action that cannot have happened at a real table; it is refused, never stored.

    The message says what was done and what was expected, in a card player's words:
    ``E played 9C, but it is S's turn to play``. ``index`` is the refused action's place
    in a batch given to ``HandState.extend``.
    """

    index: int | None = None
