"""Open a database ready for use: connected, its tables current, and its cached results
judged by today's engine.

``db.connect`` does the first two; this module adds the third, which needs the game
operations (``store.games``) that ``db`` sits below.
"""

from __future__ import annotations

from ..engine.game import JUDGEMENT
from .db import MIGRATION_LOCK, Store, StoreError, connect, judged_by, mask, set_judged


def open_store(db: str | None = None, *, create: bool = True) -> Store:
    """Open (and if needed create) the database named by ``--db``, or the default one.

    Raises ``StoreError`` with a message that names the database (password masked) when
    it is not a database, cannot be written, is locked, or was made by a newer version.
    A database whose cached results an older engine made has them rebuilt, once.
    """
    store = connect(db, create=create)
    if store.judged != JUDGEMENT:
        try:
            _rejudge(store)
        except BaseException:
            store.close()
            raise
    return store


def _rejudge(store: Store) -> None:
    """Rebuild every cached result with today's engine, and the content hashes an upgrade
    cleared, in one transaction (run after an upgrade, and when an older engine judged).

    A database opened read-only keeps its old caches: the views that replay the journal
    (summary, replay, explain, check of an export) still judge it as the engine does now.
    """
    from sqlalchemy import text
    from sqlalchemy.exc import DatabaseError, OperationalError

    from .games import fill_content_hashes, rejudge

    try:
        with store.writing() as conn:
            if store.engine.dialect.name == "postgresql":
                # Writers do not queue on PostgreSQL: tools opening one database at once
                # take turns here, as they do for a migration, and the later ones find it done.
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            if judged_by(conn) != JUDGEMENT:  # another euchre-log may have done it meanwhile
                rejudge(conn)
                set_judged(conn)
            # The content hashes an upgrade cleared (schema 5: by the rules' values).
            fill_content_hashes(conn)
    except (OperationalError, DatabaseError) as exc:
        words = str(exc).lower()
        if "readonly" in words or "read-only" in words:
            return
        raise StoreError(f"cannot bring {mask(store.url)} up to date: {exc}") from None
    store.judged = JUDGEMENT
