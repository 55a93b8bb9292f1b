"""The queries of the read path, as SQLAlchemy Core over the tables of ``tables.py``.

These are the queries a command that only reads runs (``games``, ``summary``, ``replay``,
``explain``, ``export``, and ``stats`` with those of ``stats_queries``): each is defined
here once, with named parameters. On most databases ``Store.query`` runs these
expressions through SQLAlchemy. On a SQLite file it runs their SQL as SQLAlchemy
compiles it for SQLite, written into ``sql.py`` by ``python3 -m euchre_log.store.codegen``
(``tests/test_tables.py`` fails while that file is stale): so a command that reads a
SQLite database does not import SQLAlchemy, which was half of its start-up, and there is
still one definition of every query.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Select, bindparam, select

from .stats_queries import QUERIES as STATS_QUERIES
from .tables import ACTION_T, GAME_T, PLAYER_T, SEAT_T


def _game_row() -> Select[Any]:
    return select(GAME_T).where(GAME_T.c.id == bindparam("game_id"))


def _game_players() -> Select[Any]:
    return (
        select(SEAT_T.c.seat, PLAYER_T.c.name)
        .join(PLAYER_T, PLAYER_T.c.id == SEAT_T.c.player_id)
        .where(SEAT_T.c.game_id == bindparam("game_id"))
    )


def _all_players() -> Select[Any]:
    return select(SEAT_T.c.game_id, SEAT_T.c.seat, PLAYER_T.c.name).join(
        PLAYER_T, PLAYER_T.c.id == SEAT_T.c.player_id
    )


def _journal() -> Select[Any]:
    return (
        select(ACTION_T.c.seq, ACTION_T.c.kind, ACTION_T.c.data)
        .where(ACTION_T.c.game_id == bindparam("game_id"))
        .order_by(ACTION_T.c.seq)
    )


def _games_newest_first() -> Select[Any]:
    return select(GAME_T).order_by(GAME_T.c.id.desc())


def _latest_game() -> Select[Any]:
    return select(GAME_T.c.id).order_by(GAME_T.c.updated_at.desc(), GAME_T.c.id.desc()).limit(1)


def _latest_open_game() -> Select[Any]:
    return (
        select(GAME_T.c.id)
        .where(GAME_T.c.status == "in progress", GAME_T.c.source == "recorded")
        .order_by(GAME_T.c.updated_at.desc(), GAME_T.c.id.desc())
        .limit(1)
    )


QUERIES: dict[str, Callable[[], Select[Any]]] = {
    **STATS_QUERIES,
    "game_row": _game_row,
    "game_players": _game_players,
    "all_players": _all_players,
    "journal": _journal,
    "games_newest_first": _games_newest_first,
    "latest_game": _latest_game,
    "latest_open_game": _latest_open_game,
}
"""Each query by name: a function that builds it (those of ``stats`` from
``stats_queries``)."""


def sqlite_text(name: str) -> tuple[str, dict[str, object]]:
    """A query's SQL as SQLAlchemy compiles it for SQLite, with ``:name`` parameters, and
    the values of the parameters it fixes itself (``status = 'in progress'``). A list
    parameter (``IN``) stays ``__[POSTCOMPILE_name]``, which ``db.expand_lists`` makes one
    parameter per item when the query runs."""
    from sqlalchemy.dialects import sqlite

    compiled = QUERIES[name]().compile(dialect=sqlite.dialect(paramstyle="named"))
    fixed = {k: v for k, v in compiled.params.items() if v is not None}
    return str(compiled), fixed
