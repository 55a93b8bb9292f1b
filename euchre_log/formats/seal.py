"""The head hash that ``export`` writes into a log, and that readers check when present.

It chains SHA-256 over the game's players, rules and starting score, then over every hand's
deal and every action, in the canonical form the writer produces. A file edited after it
was exported (a card changed, an action removed) no longer matches its ``head_hash``.
Titles, notes and dates are not sealed: they may be corrected freely.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from ..engine.game import GameState
from ..engine.rules import Rules
from .writer import state_hand_dict


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def head_hash(
    players: Mapping[str, str], rules: Rules, initial_score: tuple[int, int], game: GameState
) -> str:
    """The seal of a game's record."""
    start = {
        "players": dict(players),
        "rules": rules.to_dict(),
        "initial_score": list(initial_score),
    }
    head = hashlib.sha256(("euchre-log/1 " + _canonical(start)).encode()).hexdigest()
    for hand in game.hands:
        doc = state_hand_dict(hand)
        setup = {k: v for k, v in doc.items() if k != "actions"}
        for item in [setup, *doc["actions"]]:
            head = hashlib.sha256(f"{head}|{_canonical(item)}".encode()).hexdigest()
    return head
