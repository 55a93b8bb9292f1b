"""A stored game as a euchre-log/1 log, or as a check-report game with its facts."""

from __future__ import annotations

from typing import Any

from ..formats.report import game_report
from ..formats.writer import game_info, log_dict
from .db import Store
from .read import StoredGame, load_game


def info_of(stored: StoredGame) -> dict[str, Any]:
    """The ``game`` object of a stored game's log."""
    return game_info(
        stored.players,
        stored.rules,
        title=stored.title,
        date=stored.date,
        initial_score=stored.initial_score,
        notes=stored.notes,
    )


def export_log(store: Store, game_id: int) -> dict[str, Any]:
    """A stored game as a euchre-log/1 document, each hand's ``result`` filled in."""
    from ..formats.fingerprint import fingerprint
    from ..formats.seal import head_hash

    stored = load_game(store, game_id)
    info = info_of(stored)
    seal = head_hash(stored.players, stored.rules, stored.initial_score, stored.game)
    info["head_hash"] = seal
    info["fingerprint"] = fingerprint(seal)
    return log_dict(info, stored.game)


def summary_dict(stored: StoredGame) -> dict[str, Any]:
    """One ``games[]`` entry of the check report, plus id, title, players and rules."""
    report = game_report(f"game {stored.id}", stored.game)
    return {
        "id": stored.id,
        "title": stored.title,
        "date": stored.date,
        "players": stored.players,
        "rules": stored.rules.to_dict(),
        "status": "finished" if stored.game.winner is not None else "in progress",
        "fingerprint": stored.fingerprint,
        "last_entry": stored.last_seq,
        "reopened": [{"entry": seq, "at": at} for seq, at in stored.reopened],
        **report,
    }
