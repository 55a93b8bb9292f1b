"""The read path's queries as SQLAlchemy compiles them for SQLite, and the schema version,
generated from ``queries.py`` and ``schema.py`` by ``python3 -m euchre_log.store.codegen``.
Do not edit: change the queries or the models and run that command
(``tests/test_tables.py`` fails while this file is stale).

``Store.query`` runs these on a SQLite file with the standard library's ``sqlite3``, so a
command that only reads does not import SQLAlchemy; anywhere else it runs the queries of
``queries.py`` themselves.
"""

from __future__ import annotations

SCHEMA_VERSION = 4
"""``schema.SCHEMA_VERSION``: the schema this code reads and writes."""

SQLITE: dict[str, tuple[str, dict[str, object]]] = {
    "game_row": (
        "SELECT game.id, game.uid, game.title, game.date, game.notes, game.rules, game.first_dealer, game.initial_ns, game.initial_ew, game.created_at, game.updated_at, game.source, game.status, game.score_ns, game.score_ew, game.winner, game.hands, game.last_seq, game.head_hash, game.content_hash \nFROM game \nWHERE game.id = :game_id",
        {},
    ),
    "game_players": (
        "SELECT game_seat.seat, player.name \nFROM game_seat JOIN player ON player.id = game_seat.player_id \nWHERE game_seat.game_id = :game_id",
        {},
    ),
    "all_players": (
        "SELECT game_seat.game_id, game_seat.seat, player.name \nFROM game_seat JOIN player ON player.id = game_seat.player_id",
        {},
    ),
    "journal": (
        "SELECT action.seq, action.kind, action.data \nFROM action \nWHERE action.game_id = :game_id ORDER BY action.seq",
        {},
    ),
    "games_newest_first": (
        "SELECT game.id, game.uid, game.title, game.date, game.notes, game.rules, game.first_dealer, game.initial_ns, game.initial_ew, game.created_at, game.updated_at, game.source, game.status, game.score_ns, game.score_ew, game.winner, game.hands, game.last_seq, game.head_hash, game.content_hash \nFROM game ORDER BY game.id DESC",
        {},
    ),
    "latest_game": (
        "SELECT game.id \nFROM game ORDER BY game.updated_at DESC, game.id DESC\n LIMIT :param_1 OFFSET :param_2",
        {"param_1": 1, "param_2": 0},
    ),
    "latest_open_game": (
        "SELECT game.id \nFROM game \nWHERE game.status = :status_1 AND game.source = :source_1 ORDER BY game.updated_at DESC, game.id DESC\n LIMIT :param_1 OFFSET :param_2",
        {"status_1": "in progress", "source_1": "recorded", "param_1": 1, "param_2": 0},
    ),
}
"""Each query of ``queries.QUERIES``: its SQL and the values it fixes."""
