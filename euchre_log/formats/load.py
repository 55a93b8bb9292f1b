"""Open a game file of any supported notation and play it through the engine."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.game import GameState
from .reader import (
    LogError,
    check_bounds,
    new_game,
    parse_json_bytes,
    play_hands,
    read_bytes,
    read_log,
    read_log_bytes,
)

if TYPE_CHECKING:
    from .models import GameLog


@dataclass
class LoadedGame:
    """A game read from a file and played through the engine."""

    file: str
    log: GameLog
    game: GameState

    @property
    def players(self) -> dict[str, str]:
        return {str(seat): name for seat, name in self.log.game.players.items()}

    @property
    def title(self) -> str | None:
        return self.log.game.title


def _play(file: str, data: Any) -> LoadedGame:
    return _play_log(file, read_log(data))


# Presets whose values changed after a release: the values they had before, so that a
# file exported then (``{"preset": "canadian"}``) is read with the rules it was played by.
_EARLIER_PRESETS: dict[str, dict[str, Any]] = {
    "canadian": {"renege_points_vs_alone": 4},
    "benny": {"renege_points_vs_alone": 4},
}


def _play_log(file: str, log: GameLog) -> LoadedGame:
    game = new_game(log)
    for _ in play_hands(log, game):
        pass
    info = log.game
    if info.head_hash is None and info.fingerprint is None:
        return LoadedGame(file, log, game)
    # A sealed export: its seal is worked out (lazily imported: hashing is for these only).
    from .fingerprint import fingerprint
    from .seal import head_hash

    if info.head_hash is not None:
        score = (info.initial_score.NS, info.initial_score.EW)
        players = {str(seat): name for seat, name in info.players.items()}
        if head_hash(players, game.rules, score, game) != info.head_hash:
            earlier = _as_exported_earlier(log)
            if earlier is None or head_hash(players, earlier.rules, score, earlier) != (
                info.head_hash
            ):
                raise LogError(
                    "the file was changed after it was exported: its head_hash no longer "
                    "matches its players, rules and hands (remove head_hash to read it anyway)"
                )
            game = earlier
    if info.fingerprint is not None:
        score = (info.initial_score.NS, info.initial_score.EW)
        players = {str(seat): name for seat, name in info.players.items()}
        if fingerprint(head_hash(players, game.rules, score, game)) != info.fingerprint:
            raise LogError(
                f"the file was changed after it was exported: its fingerprint "
                f"{info.fingerprint} no longer matches its players, rules and hands (remove "
                "fingerprint to read it anyway)"
            )
    return LoadedGame(file, log, game)


def _as_exported_earlier(log: GameLog) -> GameState | None:
    """The game played by the values its preset had when an older euchre-log exported it,
    when the preset has changed since and the file does not set those options itself."""
    rules = dict(log.game.rules or {})
    then = _EARLIER_PRESETS.get(str(rules.get("preset", "")).strip().lower())
    if then is None or any(name in rules for name in then):
        return None
    older = log.model_copy(update={"game": log.game.model_copy(update={"rules": rules | then})})
    game = new_game(older)
    for _ in play_hands(older, game):
        pass
    return game


def games_from_data(file: str, data: Any) -> list[LoadedGame]:
    """Every game in a parsed document (euchre-log/1, or an EGN game or match); raises
    ``LogError`` if any part is malformed."""
    from .egn import egn_to_logs, is_egn

    if is_egn(data):
        logs = egn_to_logs(data, file)
        out = []
        for k, doc in enumerate(logs, start=1):
            try:
                out.append(_play(file, doc))
            except LogError as exc:
                if len(logs) > 1:
                    exc.message = f"game {k}: {exc.message}"
                raise
        return out
    return [_play(file, data)]


# A file that says it is EGN or EMN: this key and value can only stand in a file as a key
# and its value (inside a JSON string, the quotes would be escaped).
_EGN_SIGNATURE = re.compile(rb'"fileType"\s*:\s*"Euchre (?:Game|Match) Notation"')


def load_games(path: str | Path) -> list[LoadedGame]:
    """Every game in a file, all or nothing; raises ``LogError`` if any part is malformed.

    No file is read past what the largest game the limits allow can take
    (``reader.MAX_FILE_BYTES``). A euchre-log/1 file holding more JSON values than that
    game could is refused before it is parsed (``reader.check_bounds``); the others are
    parsed and validated by the models in one pass (``reader.read_log_bytes``), then
    played through the engine. An EGN game or match is read from its bytes within EGN's
    bounds (``egn.parse_egn_bytes``). A file the models refuse is parsed again only to
    say why (or read as EGN, when it is one its signature does not show)."""
    raw = read_bytes(path)
    if b'"fileType"' in raw and _EGN_SIGNATURE.search(raw):  # the plain look first: faster
        from .egn import parse_egn_bytes  # lazily: the EGN reader

        return games_from_data(str(path), parse_egn_bytes(raw))
    check_bounds(raw)
    log = read_log_bytes(raw)
    if log is not None:  # the common case, in one pass
        return [_play_log(str(path), log)]
    return games_from_data(str(path), parse_json_bytes(raw))
