"""The euchre-log-check/1 report: the engine's verdict on game logs, as plain JSON data.

The dictionaries built here follow ``models.GameReport`` and ``models.HandResultModel``
exactly (a test validates them); they are built directly because a club's re-check runs
over hundreds of thousands of hands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, TypedDict, get_args

from ..engine.cards import SEAT_LETTERS, SUIT_LETTERS
from ..engine.game import GameState, HandResult
from ..engine.scoring import Outcome
from .names import CHECK_FORMAT
from .reader import LogError
from .results import HandResultDict, TeamsDict, result_dict


class ErrorDict(TypedDict):
    """Why a file was rejected, and where."""

    message: str
    hand: int | None
    action: int | None


class GameReportDict(TypedDict):
    """One game's verdict (``models.GameReport``)."""

    file: str
    error: ErrorDict | None
    hands: list[HandResultDict]
    score: TeamsDict | None
    winner: Literal["NS", "EW"] | None


class CheckReportDict(TypedDict):
    """The whole euchre-log-check/1 report (``models.CheckReport``)."""

    format: str
    games: list[GameReportDict]


def game_report(file: str, game: GameState) -> GameReportDict:
    """The verdict on one game that was read without error."""
    ns, ew = game.score
    winner = game.winner
    return {
        "file": file,
        "error": None,
        "hands": [result_dict(r) for r in game.results()],
        "score": {"NS": ns, "EW": ew},
        "winner": None if winner is None else ("NS", "EW")[winner],
    }


def error_report(file: str, error: LogError) -> GameReportDict:
    """The verdict on a file that was rejected."""
    return {
        "file": file,
        "error": {"message": str(error), "hand": error.hand, "action": error.action},
        "hands": [],
        "score": None,
        "winner": None,
    }


def check_path(path: str | Path) -> list[GameReportDict]:
    """Check one file: each game's verdict, or one entry saying why it was rejected."""
    from .load import load_games  # lazily: it brings the EGN reader

    try:
        return [game_report(g.file, g.game) for g in load_games(path)]
    except LogError as exc:
        return [error_report(str(path), exc)]


def check_texts(paths: list[str]) -> list[tuple[int, list[str]]]:
    """``check --json``'s work on some files (``parallel.ordered_map`` hands it out): for
    each file, its exit code (0 clean, 1 something flagged, 2 rejected) and the JSON text
    of each of its reports, in order."""
    from .load import load_games  # lazily: it brings the EGN reader
    from .text import json_text

    out: list[tuple[int, list[str]]] = []
    for path in paths:
        try:
            loaded = load_games(path)
        except LogError as exc:
            out.append((2, [json_text(error_report(path, exc))]))
            continue
        code = 0
        texts = []
        for item in loaded:
            flagged, text = game_text(item.file, item.game)
            code = max(code, int(flagged))
            texts.append(text)
        out.append((code, texts))
    return out


def game_text(file: str, game: GameState) -> tuple[bool, str]:
    """Whether a game read without error has a flag, and its report as JSON text: the same
    text as ``json_text(game_report(file, game))``, written here straight from the values
    for hands without flags, which are nearly all of them (``check --json`` writes one a
    hand; the dicts and their encoding took an eighth of its time)."""
    from .text import json_text

    results = game.results()
    flagged = False
    hands = []
    for r in results:
        if r.flags:
            flagged = True
            hands.append(json_text(result_dict(r)))
        else:
            hands.append(_unflagged_text(r))
    ns, ew = game.score
    winner = game.winner
    return flagged, (
        f'{{"file": {json_text(file)}, "error": null, "hands": [{", ".join(hands)}], '
        f'"score": {{"NS": {ns}, "EW": {ew}}}, "winner": {_WINNER_JSON[winner]}}}'
    )


# The JSON of a seat, a suit, a team or an outcome by the engine's number or name.
_SEAT_JSON = tuple(f'"{s}"' for s in SEAT_LETTERS)
_SUIT_JSON = tuple(f'"{s}"' for s in SUIT_LETTERS)
_OUTCOME_JSON = {o: f'"{o}"' for o in get_args(Outcome)}
_WINNER_JSON: dict[int | None, str] = {None: "null", 0: '"NS"', 1: '"EW"'}


def _unflagged_text(r: HandResult) -> str:
    """``json_text(result_dict(r))`` for a hand without flags: every value is a number or
    one of the engine's names, which JSON writes as they are."""
    return (
        f'{{"number": {r.number:d}, "dealer": {_SEAT_JSON[r.dealer]}, '
        f'"trump": {"null" if r.trump is None else _SUIT_JSON[r.trump]}, '
        f'"maker": {"null" if r.maker is None else _SEAT_JSON[r.maker]}, '
        f'"alone": {"true" if r.alone else "false"}, '
        f'"defender_alone": {"null" if r.defender_alone is None else _SEAT_JSON[r.defender_alone]}, '
        f'"tricks": {{"NS": {r.tricks[0]:d}, "EW": {r.tricks[1]:d}}}, '
        f'"points": {{"NS": {r.points[0]:d}, "EW": {r.points[1]:d}}}, '
        f'"outcome": {_OUTCOME_JSON[r.outcome]}, '
        f'"score_after": {{"NS": {r.score_after[0]:d}, "EW": {r.score_after[1]:d}}}, '
        '"flags": []}'
    )


def report(games: list[GameReportDict]) -> CheckReportDict:
    """The whole euchre-log-check/1 report."""
    return {"format": CHECK_FORMAT, "games": games}


def exit_code(games: list[GameReportDict]) -> int:
    """0 when everything is clean, 1 when something was flagged, 2 when a file was rejected."""
    if any(g["error"] for g in games):
        return 2
    if any(h["flags"] for g in games for h in g["hands"]):
        return 1
    return 0
