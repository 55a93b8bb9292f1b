"""Helpers the commands share: opening the database and turning errors into exit codes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import typer

from .app import fail

if TYPE_CHECKING:
    from ..store.db import Store


def db_option(ctx: typer.Context) -> str | None:
    obj: Any = ctx.find_root().obj or {}
    value = obj.get("db")
    return value if isinstance(value, str) else None


@contextmanager
def opened(ctx: typer.Context) -> Iterator[Store]:
    """The database of ``--db`` (or the default), closed afterwards; errors exit 2."""
    from ..store.access import open_store
    from ..store.db import StoreError, database_error

    try:
        store = open_store(db_option(ctx))
    except StoreError as exc:
        raise fail(str(exc)) from None
    try:
        yield store
    except StoreError as exc:
        raise fail(str(exc)) from None
    except Exception as exc:
        if not _is_database_error(exc):
            raise
        # read-only, locked past the timeout, the server went away
        raise fail(str(database_error(store.url, exc)) + "; nothing was stored") from None
    finally:
        store.close()


def _is_database_error(exc: BaseException) -> bool:
    """Whether SQLAlchemy raised it for the database."""
    from sqlalchemy.exc import DBAPIError

    return isinstance(exc, DBAPIError)


def game_id_or_latest(store: Store, game: int | None) -> int:
    """The game the user named, or the last one changed, finished or not."""
    from ..store.read import latest_game

    if game is not None:
        return game
    found = latest_game(store)
    if found is None:
        raise fail("there are no games yet: start one with euchre-log new, or import a file")
    return found


MAX_GAME_ID = 2**63 - 1
"""The largest id a database can hold: a 64-bit integer."""


def game_ids_in_range(ids: list[int] | None) -> list[int] | None:
    """Game ids as given, or exit 2 for a number no database could hold as an id."""
    for game_id in ids or []:
        if not 1 <= game_id <= MAX_GAME_ID:
            shown = str(game_id) if len(str(game_id)) <= 25 else str(game_id)[:22] + "..."
            raise fail(f"there is no game {shown}: game ids are whole numbers from 1")
    return ids


def print_json(data: Any) -> None:
    """A JSON document on standard output; a control character in its strings is a
    ``\\u`` escape (``formats.text.json_text``), so printing it only shows it."""
    from ..formats.text import json_text

    typer.echo(json_text(data, indent=2))
