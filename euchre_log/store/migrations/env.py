"""Alembic's entry point: run the migrations on the connection euchre-log hands over.

euchre-log never runs Alembic from the command line: ``store/migrate.py`` builds the
configuration in code and passes a connection that is already inside the one transaction
the whole upgrade commits or rolls back (``config.attributes["connection"]``). Alembic sees
that outer transaction and opens none of its own, so an upgrade that fails half-way leaves
the database exactly as it was.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection
from sqlmodel import SQLModel

from euchre_log.store import schema as _tables  # noqa: F401  (registers the tables)


def run() -> None:
    """Run the pending migrations on the connection handed over by ``store/migrate.py``."""
    if context.is_offline_mode():
        raise RuntimeError("euchre-log's migrations run on a live connection only")
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("euchre-log's migrations are run by euchre-log (store/migrate.py)")
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


run()
