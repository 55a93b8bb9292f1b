"""The euchre-log-check/1 report: the engine's verdict on game logs, as JSON data.

A game's verdict is ``models.GameReport`` as plain data (``game_report``; each hand's
result is ``results.result_dict``, what an export writes as ``hands[].result`` too), and
``check --json`` writes it with ``json.dumps`` (``text.json_text``). The data is built
without the models, so that ``summary --json`` and ``export``, which give the same
objects, need no Pydantic; the tests validate it against the models.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.game import GameState
from .reader import LogError
from .results import result_dict


def game_report(file: str, game: GameState) -> dict[str, Any]:
    """The verdict on one game that was read without error (``models.GameReport``)."""
    ns, ew = game.score
    winner = game.winner
    return {
        "file": file,
        "error": None,
        "hands": [result_dict(r) for r in game.results()],
        "score": {"NS": ns, "EW": ew},
        "winner": None if winner is None else ("NS", "EW")[winner],
    }


def error_report(file: str, error: LogError) -> dict[str, Any]:
    """The verdict on a file that was rejected (``models.GameReport`` with its error)."""
    return {
        "file": file,
        "error": {"message": str(error), "hand": error.hand, "action": error.action},
        "hands": [],
        "score": None,
        "winner": None,
    }


def check_path(path: str | Path) -> list[dict[str, Any]]:
    """Check one file: each game's verdict, or one entry saying why it was rejected."""
    from .load import load_games  # lazily: it brings the EGN reader

    try:
        return [game_report(g.file, g.game) for g in load_games(path)]
    except LogError as exc:
        return [error_report(str(path), exc)]


def check_texts(paths: list[str]) -> list[tuple[int, list[str]]]:
    """``check --json``'s work on some files (``parallel.ordered_map`` hands it out): for
    each file, its exit code (0 clean, 1 something flagged, 2 rejected) and the JSON text
    of each of its games' verdicts, in order."""
    from .text import json_text

    out: list[tuple[int, list[str]]] = []
    for path in paths:
        games = check_path(path)
        out.append((exit_code(games), [json_text(g) for g in games]))
    return out


def exit_code(games: list[dict[str, Any]]) -> int:
    """0 when everything is clean, 1 when something was flagged, 2 when a file was rejected."""
    if any(g["error"] for g in games):
        return 2
    if any(h["flags"] for g in games for h in g["hands"]):
        return 1
    return 0
