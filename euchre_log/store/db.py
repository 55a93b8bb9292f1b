"""Where the database lives, how it is opened, and the refusals when it cannot be.

By default the database is ``euchre-log.db`` in the platform's user data folder (from
``typer.get_app_dir``). ``--db`` or ``EUCHRE_LOG_DB`` may name another file or any
SQLAlchemy URL. SQLite runs in WAL mode with ``synchronous=FULL`` and a busy timeout, and
write transactions start with ``BEGIN IMMEDIATE`` so that two writers queue instead of
failing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, OperationalError
from sqlalchemy.pool import NullPool
from sqlmodel import SQLModel

from . import schema as _tables  # noqa: F401  (registers the tables)
from .schema import SCHEMA_VERSION

APP_NAME = "euchre-log"
DB_FILE = "euchre-log.db"
BUSY_TIMEOUT_MS = int(os.environ.get("EUCHRE_LOG_BUSY_TIMEOUT_MS", "15000"))
"""How long a writer waits for another to finish before giving up (15 s by default)."""


class StoreError(Exception):
    """A database the tool cannot use, said in words: which one, and what to do."""


def default_path() -> Path:
    """``euchre-log.db`` in the user data folder."""
    import typer

    return Path(typer.get_app_dir(APP_NAME)) / DB_FILE


def mask(url: str) -> str:
    """A URL with any password replaced by ``***``, for messages."""
    return re.sub(r"(://[^:/@\s]+:)[^@\s]*@", r"\1***@", url)


def resolve(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given, a path as a SQLite file."""
    if db is None or not db.strip():
        return "sqlite:///" + str(default_path())
    db = db.strip()
    if "://" in db:
        return db
    return "sqlite:///" + str(Path(db).expanduser().resolve())


def _sqlite_path(url: str) -> Path | None:
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


class Store:
    """An open database: an engine plus the ways to read and write it."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """A write transaction: all of it is committed, or none of it."""
        with (
            self.engine.connect().execution_options(euchre_write=True) as conn,
            conn.begin(),
        ):
            yield conn

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A read-only transaction with a consistent view."""
        with self.engine.connect() as conn, conn.begin():
            yield conn

    def close(self) -> None:
        self.engine.dispose()


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # Let us issue BEGIN ourselves, so that writers can take the lock up front.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("euchre_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _create_private(path: Path) -> None:
    """Create the SQLite file readable by its owner only, before SQLite opens it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
        os.close(fd)


def open_store(db: str | None = None, *, create: bool = True) -> Store:
    """Open (and if needed create) the database named by ``--db``, or the default one.

    Raises ``StoreError`` with a message that names the database (password masked) when
    it is not a database, cannot be written, is locked, or was made by a newer version.
    """
    url = resolve(db)
    shown = mask(url)
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"{shown} is not a database path or URL") from None
    path = _sqlite_path(url)
    if path is not None:
        if path.is_dir():
            raise StoreError(f"{path} is a folder, not a database file")
        if not path.exists():
            if not create:
                raise StoreError(f"there is no database at {path}")
            try:
                _create_private(path)
            except OSError as exc:
                raise StoreError(f"cannot create the database {path}: {exc.strerror}") from None
    kwargs: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        kwargs["poolclass"] = NullPool
        kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False}
    try:
        engine = create_engine(url, **kwargs)
    except Exception as exc:  # a missing driver, a malformed URL
        raise StoreError(f"cannot use the database {shown}: {_reason(exc)}") from None
    if engine.dialect.name == "sqlite":
        _configure_sqlite(engine)
    store = Store(engine, url)
    try:
        _prepare(store)
    except StoreError:
        engine.dispose()
        raise
    except (OperationalError, DatabaseError) as exc:
        engine.dispose()
        raise StoreError(f"cannot use the database {shown}: {_reason(exc)}") from None
    return store


def database_error(store_url: str, exc: BaseException) -> StoreError:
    """A database error in words, naming the database with its password masked."""
    return StoreError(f"cannot use the database {mask(store_url)}: {_reason(exc)}")


def _reason(exc: BaseException) -> str:
    text_ = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    low = text_.lower()
    if "file is not a database" in low or "file is encrypted" in low:
        return "it is not a euchre-log database (not even an SQLite file)"
    if "readonly" in low or "read-only" in low:
        return "it is read-only; check the file's permissions"
    if "locked" in low:
        return "another program holds it locked; try again when it is done"
    if "unable to open" in low:
        return "it cannot be opened; check that its folder exists and is writable"
    return mask(text_)


def _prepare(store: Store) -> None:
    """Create the tables of a new database, and refuse one from a newer version."""
    shown = mask(store.url)
    with store.engine.connect() as conn:
        has_meta = store.engine.dialect.has_table(conn, "meta")
        if has_meta:
            row = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
            version = int(row[0]) if row else 0
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the database {shown} was made by a newer euchre-log (schema {version}; "
                    f"this one knows {SCHEMA_VERSION}): upgrade euchre-log to use it. "
                    "Nothing was changed."
                )
            return
        tables = store.engine.dialect.get_table_names(conn)
    if tables:
        raise StoreError(
            f"the database {shown} holds other tables ({', '.join(sorted(tables)[:5])}) "
            "and is not a euchre-log database; nothing was changed"
        )
    with store.writing() as conn:
        SQLModel.metadata.create_all(conn)
        conn.execute(
            text("INSERT INTO meta (key, value) VALUES ('schema_version', :v)"),
            {"v": str(SCHEMA_VERSION)},
        )
