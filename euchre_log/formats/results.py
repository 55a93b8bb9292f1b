"""The engine's results as the check report's plain data: a hand's result and its flags.

The same per-hand object is what ``export`` writes as ``hands[].result`` and what a
reader checks it against, so this module sits below the readers, the writers and the
report alike.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS
from ..engine.flags import Flag
from ..engine.game import HandResult


def _seat(seat: int | None) -> str | None:
    return None if seat is None else SEAT_LETTERS[seat]


def flag_dict(flag: Flag) -> dict[str, Any]:
    """A flag as the report gives it (``models.FlagModel``): ``accused`` and ``proof``
    only when the flag has them."""
    out: dict[str, Any] = {
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


def result_dict(r: HandResult) -> dict[str, Any]:
    """A hand's result as the report (and an exported log's ``result``) gives it
    (``models.HandResultModel``)."""
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
