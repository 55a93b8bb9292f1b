"""Where the database lives, how it is opened, and the refusals when it cannot be.

By default the database is ``euchre-log.db`` in the platform's user data folder (from
``typer.get_app_dir``). ``--db`` or ``EUCHRE_LOG_DB`` may name another file or any
SQLAlchemy URL. SQLite runs in WAL mode with ``synchronous=FULL`` and a busy timeout, and
write transactions start with ``BEGIN IMMEDIATE`` so that two writers queue instead of
failing. PostgreSQL (``postgresql+psycopg://...``, the ``postgres`` extra) runs at its
defaults. Opening a database creates its tables, or upgrades them with the migrations
of ``migrate.py`` when they are from an older euchre-log. Every query, on every
database, is SQLAlchemy Core over the tables of ``schema.py``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.game import JUDGEMENT

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

APP_NAME = "euchre-log"
DB_FILE = "euchre-log.db"
BUSY_TIMEOUT_MS = int(os.environ.get("EUCHRE_LOG_BUSY_TIMEOUT_MS", "120000"))
"""How long a writer waits for the others to finish before giving up (2 minutes by
default): SQLite lets one writer in at a time, and eight imports and ten recorders at once
(issue 23) keep each one waiting its turn for seconds. A recorder's line waits as long, and
is stored when its turn comes; nothing is ever half stored."""
CONNECT_TIMEOUT_S = 10
"""How long to wait for a database server (PostgreSQL) to answer before giving up."""


class StoreError(Exception):
    """A database the tool cannot use, said in words: which one, and what to do."""


def default_path() -> Path:
    """``euchre-log.db`` in the user data folder."""
    import typer

    return Path(typer.get_app_dir(APP_NAME)) / DB_FILE


def mask(url: str) -> str:
    """A URL with any password replaced by ``***``, for messages."""
    return re.sub(r"(://[^:/@\s]+:)[^@\s]*@", r"\1***@", url)


IN_MEMORY = ":memory:"


def resolve(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given, a path as a SQLite file
    (``:memory:`` stays SQLite's in-memory database, which ``connect`` refuses)."""
    if db is None or not db.strip():
        return "sqlite:///" + str(default_path())
    db = db.strip()
    if "://" in db:
        return db
    if db == IN_MEMORY:
        return "sqlite:///" + IN_MEMORY
    return "sqlite:///" + str(Path(db).expanduser().resolve())


def _in_memory(parsed: Any) -> bool:
    """Whether a parsed URL names a SQLite database in memory (``sqlite://``,
    ``sqlite:///``, ``sqlite:///:memory:``, ``file::memory:``, ``mode=memory``): it
    would vanish with the command, storing nothing."""
    if parsed.get_backend_name() != "sqlite":
        return False
    name = parsed.database or ""
    if name.startswith("file:"):
        name = name[5:].split("?", 1)[0]
    return (
        name in ("", IN_MEMORY)
        or "mode=memory" in (parsed.database or "")
        or (parsed.query.get("mode") == "memory")
    )


def _sqlite_path(url: str) -> tuple[Path, bool] | None:
    """The SQLite file a URL names, and whether the tool may create it.

    SQLite's URI form (``sqlite:///file:/path/x.db?mode=ro&uri=true``) names the file after
    ``file:``; a database opened read-only is never created.
    """
    from sqlalchemy.engine import make_url

    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    name = u.database
    read_only = "mode=ro" in name or u.query.get("mode") == "ro"
    if name.startswith("file:"):
        name = name[5:].split("?", 1)[0]
        if not name or name == ":memory:":
            return None
    return Path(name), not read_only


class Store:
    """An open database: an engine plus the ways to read and write it."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url
        # The engine judgement its cached results were made by (None: not known yet).
        self.judged: int | None = None

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """A write transaction: all of it is committed, or none of it.

        On SQLite it starts with ``BEGIN IMMEDIATE``, so writers queue for the lock. On
        PostgreSQL it runs at the server's default isolation (read committed): two writers
        of one game are kept apart by the journal's unique (game, seq), which
        ``games.append`` turns into ``GameMovedOn``.
        """
        with (
            self.engine.connect().execution_options(euchre_write=True) as conn,
            conn.begin(),
        ):
            yield conn

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A read-only transaction with a consistent view (a snapshot on PostgreSQL too)."""
        with self.engine.connect() as conn:
            if not self.is_sqlite:
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                yield conn

    def close(self) -> None:
        self.engine.dispose()


def _pragmas(dbapi_connection: Any) -> None:
    """Every SQLite connection's settings: a busy timeout, WAL, full sync, foreign keys."""
    # Let us issue BEGIN ourselves, so that writers can take the lock up front.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = FULL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def _configure_sqlite(engine: Engine) -> None:
    from sqlalchemy import event

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        _pragmas(dbapi_connection)

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("euchre_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _create_private(path: Path, *, make_folder: bool) -> None:
    """Create the SQLite file readable by its owner only, before SQLite opens it.

    Only the default database's folder is made (the user data folder, on first use); a
    file named with ``--db`` in a folder that does not exist is refused: a typo in a path
    must not leave a new folder tree behind it.
    """
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    elif not path.parent.is_dir():
        what = "is not a folder" if path.parent.exists() else "does not exist"
        raise StoreError(
            f"cannot create the database {path}: the folder {path.parent} {what} "
            "(create it first, or name a file in a folder that exists)"
        )
    if not path.exists():
        fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
        os.close(fd)


def connect(db: str | None = None, *, create: bool = True) -> Store:
    """Connect to (and if needed create) the database named by ``--db``, or the default
    one, with its tables created or upgraded to this version's schema.

    ``store.access.open_store`` is what the commands use: it also brings the cached
    results up to today's engine.

    Raises ``StoreError`` with a message that names the database (password masked) when
    it is not a database, cannot be written, is locked, or was made by a newer version.
    """
    url = resolve(db)
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, DatabaseError, OperationalError

    shown = mask(url)
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a host like [::1 left open
        raise StoreError(
            f"{shown} is not a database path or URL: give a file, like --db games.db, or a "
            "URL, like postgresql+psycopg://user@host/euchre"
        ) from None
    if _in_memory(parsed):
        raise StoreError(
            f"{shown} is a database in memory, which would store nothing: it is gone when the "
            "command ends. Name a file, like --db games.db"
        )
    found = _sqlite_path(url)
    if found is not None:
        path, creatable = found
        try:
            folder, there = path.is_dir(), path.exists()
        except (OSError, ValueError) as exc:  # a name too long for any file, a NUL byte
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a path"
            raise StoreError(f"cannot use the database {shown}: {why}") from None
        if folder:
            raise StoreError(f"{path} is a folder, not a database file")
        if not there:
            if not create or not creatable:
                raise StoreError(f"there is no database at {path}")
            try:
                _create_private(path, make_folder=db is None or not db.strip())
            except OSError as exc:
                raise StoreError(f"cannot create the database {path}: {exc.strerror}") from None
    engine = _engine(url, parsed)
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


def _engine(url: str, parsed: Any = None) -> Engine:
    """A SQLAlchemy engine for ``url``, configured as the store uses it."""
    import logging

    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    # SQLAlchemy logs a connection it could not close (one a Ctrl-C cut short) with its
    # traceback, and psycopg a pipeline it could not end after an error (the loser of two
    # recorders racing: "error ignored terminating <psycopg.Pipeline ... host=...>"); with
    # no handler of the program's own, Python would print them to the user. The command
    # says what happened in words instead.
    for name in ("sqlalchemy", "psycopg"):
        logging.getLogger(name).addHandler(logging.NullHandler())
    shown = mask(url)
    parsed = parsed if parsed is not None else make_url(url)
    kwargs: dict[str, Any] = {}
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        kwargs["poolclass"] = NullPool
        kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False}
    elif backend == "postgresql" and parsed.get_driver_name() in ("psycopg", "psycopg2"):
        kwargs["connect_args"] = {"connect_timeout": CONNECT_TIMEOUT_S}
    try:
        engine = create_engine(url, **kwargs)
    except ImportError as exc:  # the driver is not installed
        hint = (
            " (install it with: pip install 'euchre-log[postgres]')"
            if backend == "postgresql"
            else ""
        )
        raise StoreError(
            f"cannot use the database {shown}: its driver {exc.name or ''} is not installed{hint}"
        ) from None
    except Exception as exc:  # a malformed URL, an unknown database kind
        raise StoreError(f"cannot use the database {shown}: {_reason(exc)}") from None
    if engine.dialect.name == "sqlite":
        _configure_sqlite(engine)
    return engine


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
    if "locked" in low or "busy" in low:
        seconds = BUSY_TIMEOUT_MS / 1000
        return (
            f"another writer kept it locked for longer than {seconds:g} seconds, the time "
            "euchre-log waits for its turn (another euchre-log, perhaps a long import); "
            "try again when it is done"
        )
    if "unable to open" in low:
        return "it cannot be opened; check that its folder exists and is writable"
    return mask(text_)


def _schema_version(conn: Connection, shown: str) -> int | None:
    """The database's ``meta.schema_version``: None when it is empty.

    Refuses a database that holds other tables and is not euchre-log's.
    """
    from sqlalchemy import text

    dialect = conn.engine.dialect
    if dialect.has_table(conn, "meta"):
        row = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
        return int(row[0]) if row else 0
    tables = dialect.get_table_names(conn)
    if tables:
        raise StoreError(
            f"the database {shown} holds other tables ({', '.join(sorted(tables)[:5])}) "
            "and is not a euchre-log database; nothing was changed"
        )
    return None


def _refuse_newer(version: int | None, shown: str) -> None:
    """Refuse a database whose schema is newer than this euchre-log knows."""
    from .schema import SCHEMA_VERSION

    if version is not None and version > SCHEMA_VERSION:
        raise StoreError(
            f"the database {shown} was made by a newer euchre-log (schema {version}; "
            f"this one knows {SCHEMA_VERSION}): upgrade euchre-log to use it. "
            "Nothing was changed."
        )


MIGRATION_LOCK = 0x6575_6368_7265
"""The PostgreSQL advisory lock that two tools opening one old database queue on."""


def _prepare(store: Store) -> None:
    """Create the tables of a new database, upgrade an older one, refuse a newer one.

    The version is read with one query; Alembic is imported only when a migration is due
    (a new database gets its tables in one go, ``migrate.create``).
    The upgrade runs in one write transaction, after reading the version again under the
    write lock (another euchre-log may have upgraded the database meanwhile), so that a
    failure anywhere leaves the database as it was.
    """
    from sqlalchemy import text

    from .schema import SCHEMA_VERSION

    shown = mask(store.url)
    with store.engine.connect() as conn:
        version = _schema_version(conn, shown)
        judged = judged_by(conn) if version == SCHEMA_VERSION else None
    _refuse_newer(version, shown)
    if version == SCHEMA_VERSION:
        store.judged = judged
        return
    with store.writing() as conn:
        if store.engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        version = _schema_version(conn, shown)
        _refuse_newer(version, shown)
        if version == SCHEMA_VERSION:
            return
        from .migrate import create, upgrade

        try:
            if version is None:
                create(conn)
            else:
                upgrade(conn, version)
        except Exception as exc:  # a database error, or Alembic's (an unknown revision)
            raise StoreError(_migration_failed(shown, version, exc)) from None
    if version is None:
        with store.writing() as conn:
            set_judged(conn)
        store.judged = JUDGEMENT
        return
    store.judged = None  # an older database was also judged by an older engine
    if version <= COMPACTED_AT - 1 and store.is_sqlite:
        _give_space_back(store)


COMPACTED_AT = 5
"""The schema whose upgrade rewrote the journal compactly, leaving the old one's pages free."""


def _give_space_back(store: Store) -> None:
    """``VACUUM`` a SQLite file after the upgrade that rewrote its journal, so that the
    file shrinks to what it holds. It runs outside any transaction, once the upgrade has
    committed; if it cannot (a full disk), the file stays as large as it was, and whole."""
    import contextlib

    raw = store.engine.raw_connection()
    try:
        cursor = raw.cursor()
        with contextlib.suppress(Exception):  # the database is whole either way
            cursor.execute("VACUUM")
        cursor.close()
    finally:
        raw.close()


def judged_by(conn: Connection) -> int:
    """The engine judgement (``engine.game.JUDGEMENT``) the cached results were made by."""
    from sqlalchemy import text

    row = conn.execute(text("SELECT value FROM meta WHERE key = 'judged_by'")).first()
    return int(row[0]) if row else 1


def set_judged(conn: Connection) -> None:
    """Record that the cached results are today's engine's."""
    from sqlalchemy import text

    conn.execute(text("DELETE FROM meta WHERE key = 'judged_by'"))
    conn.execute(
        text("INSERT INTO meta (key, value) VALUES ('judged_by', :v)"), {"v": str(JUDGEMENT)}
    )


def _migration_failed(shown: str, version: int | None, exc: BaseException) -> str:
    """The refusal when creating or upgrading the tables failed (and was rolled back)."""
    from .schema import SCHEMA_VERSION

    what = (
        f"create the tables of the new database {shown}"
        if version is None
        else f"upgrade the database {shown} from schema {version} to {SCHEMA_VERSION}"
    )
    return f"cannot {what}: {_reason(exc)}. Nothing was changed."
