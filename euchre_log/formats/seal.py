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


# The options the seal always covered. An option added later is sealed only when a game
# sets it away from its default, so that adding one never breaks the seal of a file
# exported before it existed.
_FIRST_OPTIONS = frozenset(
    [
        "preset",
        "target",
        "stick_the_dealer",
        "defend_alone",
        "defend_alone_points",
        "super_euchre",
        "canadian_loner",
        "club_euchre",
        "farmers_hand",
        "throw_ins",
        "partners_best",
        "blind_double_loner",
        "deck",
        "renege_penalty",
        "renege_points",
        "renege_points_vs_alone",
        "loner_lead",
    ]
)


def sealed_rules(rules: Rules) -> dict[str, Any]:
    """The rules as the seal covers them."""
    return {
        name: value
        for name, value in rules.to_dict().items()
        if name in _FIRST_OPTIONS or value != _default(name)
    }


def _default(name: str) -> Any:
    from ..engine.rules import OPTIONS

    default = OPTIONS[name].default
    return list(default) if isinstance(default, tuple) else default


def head_hash(
    players: Mapping[str, str], rules: Rules, initial_score: tuple[int, int], game: GameState
) -> str:
    """The seal of a game's record."""
    start = {
        "players": dict(players),
        "rules": sealed_rules(rules),
        "initial_score": list(initial_score),
    }
    head = hashlib.sha256(("euchre-log/1 " + _canonical(start)).encode()).hexdigest()
    for hand in game.hands:
        doc = state_hand_dict(hand)
        setup = {k: v for k, v in doc.items() if k != "actions"}
        for item in [setup, *doc["actions"]]:
            head = hashlib.sha256(f"{head}|{_canonical(item)}".encode()).hexdigest()
    return head
