"""The euchre-log-check/1 report: the engine's verdict on game logs, as plain JSON data.

The dictionaries built here follow ``models.GameReport`` and ``models.HandResultModel``
exactly (a test validates them); they are built directly because a club's re-check runs
over hundreds of thousands of hands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES
from ..engine.flags import Flag
from ..engine.game import GameState, HandResult
from .models import CHECK_FORMAT
from .reader import LogError


def _seat(seat: int | None) -> str | None:
    return None if seat is None else SEAT_LETTERS[seat]


def flag_dict(flag: Flag) -> dict[str, Any]:
    """A flag as the report gives it."""
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


def game_report(file: str, game: GameState) -> dict[str, Any]:
    """The verdict on one game that was read without error."""
    ns, ew = game.score
    winner = game.winner
    return {
        "file": file,
        "error": None,
        "hands": [result_dict(r) for r in game.results()],
        "score": {"NS": ns, "EW": ew},
        "winner": None if winner is None else TEAM_NAMES[winner],
    }


def error_report(file: str, error: LogError) -> dict[str, Any]:
    """The verdict on a file that was rejected."""
    return {
        "file": file,
        "error": {"message": str(error), "hand": error.hand, "action": error.action},
        "hands": [],
        "score": None,
        "winner": None,
    }


def check_path(path: str | Path) -> list[dict[str, Any]]:
    """Check one file: each game's verdict, or one entry saying why it was rejected."""
    from .load import load_games

    try:
        return [game_report(g.file, g.game) for g in load_games(path)]
    except LogError as exc:
        return [error_report(str(path), exc)]


def report(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole euchre-log-check/1 report."""
    return {"format": CHECK_FORMAT, "games": games}


def exit_code(games: list[dict[str, Any]]) -> int:
    """0 when everything is clean, 1 when something was flagged, 2 when a file was rejected."""
    if any(g["error"] for g in games):
        return 2
    if any(h["flags"] for g in games for h in g["hands"]):
        return 1
    return 0
