"""The engine's results as the check report's plain data: a hand's result and its flags.

The same per-hand object is what ``export`` writes as ``hands[].result`` and what a
reader checks it against, so this module sits below the readers, the writers and the
report alike.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS
from ..engine.flags import Flag, FlagKind
from ..engine.game import HandResult
from ..engine.scoring import Outcome


class TeamsDict(TypedDict):
    """A number per partnership."""

    NS: int
    EW: int


class ProofDict(TypedDict):
    """How a renege is proven: the card held, the card played instead, the suit led."""

    held: str
    played: str
    led: str | None
    how: str
    trick: int | None


class FlagDict(TypedDict):
    """A flag as the check report gives it (``models.FlagModel``)."""

    kind: FlagKind
    seat: str | None
    trick: int | None
    message: str
    accused: NotRequired[str]
    proof: NotRequired[ProofDict]


class HandResultDict(TypedDict):
    """A hand's result as the check report gives it (``models.HandResultModel``)."""

    number: int
    dealer: str
    trump: str | None
    maker: str | None
    alone: bool
    defender_alone: str | None
    tricks: TeamsDict
    points: TeamsDict
    outcome: Outcome
    score_after: TeamsDict
    flags: list[FlagDict]


def _seat(seat: int | None) -> str | None:
    return None if seat is None else SEAT_LETTERS[seat]


def flag_dict(flag: Flag) -> FlagDict:
    """A flag as the report gives it."""
    out: FlagDict = {
        "kind": flag.kind,
        "seat": _seat(flag.seat),
        "trick": flag.trick,
        "message": flag.message,
    }
    if flag.accused is not None:
        out["accused"] = SEAT_LETTERS[flag.accused]
    if flag.proof is not None and flag.card is not None and flag.played is not None:
        out["proof"] = {
            "held": CARD_TEXT[flag.card],
            "played": CARD_TEXT[flag.played],
            "led": SUIT_LETTERS[flag.led_suit] if flag.led_suit is not None else None,
            "how": flag.proof,
            "trick": flag.proof_trick,
        }
    return out


def result_dict(r: HandResult) -> HandResultDict:
    """A hand's result as the report (and an exported log's ``result``) gives it."""
    return {
        "number": r.number,
        "dealer": SEAT_LETTERS[r.dealer],
        "trump": None if r.trump is None else SUIT_LETTERS[r.trump],
        "maker": _seat(r.maker),
        "alone": r.alone,
        "defender_alone": _seat(r.defender_alone),
        "tricks": {"NS": r.tricks[0], "EW": r.tricks[1]},
        "points": {"NS": r.points[0], "EW": r.points[1]},
        "outcome": r.outcome,
        "score_after": {"NS": r.score_after[0], "EW": r.score_after[1]},
        "flags": [flag_dict(f) for f in r.flags],
    }
