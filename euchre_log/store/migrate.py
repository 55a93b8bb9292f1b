"""Bring a database to this version's schema with the Alembic migrations in ``migrations/``,
or create the schema of a new one.

``db.connect`` compares ``meta.schema_version`` with ``SCHEMA_VERSION`` first, with one
cheap query, and imports this module only when the schema is due: for a new database, or
one made by an older euchre-log. A new, empty database gets the tables of ``schema.py``
in one go (``create``), stamped with the last revision, exactly as running every migration
from the first would build them (``tests/test_migrations.py`` builds it both ways and
compares): that takes a fraction of the time, without importing Alembic. An older one is
upgraded by the migrations (``upgrade``). Either runs on one connection in one
transaction, so it happens entirely or not at all: SQLite and PostgreSQL both roll back DDL.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, inspect

from .schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().with_name("migrations")
"""The Alembic script folder, shipped inside the package."""


def revision_of(version: int) -> str:
    """The Alembic revision that brings a database to schema ``version``."""
    return f"{version:04d}"


HEAD = revision_of(SCHEMA_VERSION)


def alembic_config(conn: Connection) -> Config:
    """Alembic's configuration, built in code: the script folder and the connection."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.attributes["connection"] = conn
    return config


def create(conn: Connection) -> None:
    """Create the schema of a new, empty database in the caller's transaction: the tables,
    Alembic's stamp of the last revision, the schema version and the register's empty
    head, as the migrations from an empty database leave them."""
    from sqlalchemy import Column, MetaData, PrimaryKeyConstraint, String, Table, insert

    from . import registry
    from .schema import META_T, metadata

    metadata.create_all(conn)
    # Alembic's own table, as its MigrationContext declares it.
    stamp = Table(
        "alembic_version",
        MetaData(),
        Column("version_num", String(32), nullable=False),
        PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
    )
    stamp.create(conn)
    conn.execute(insert(stamp).values(version_num=HEAD))
    conn.execute(insert(META_T).values(key="schema_version", value=str(SCHEMA_VERSION)))
    registry.set_head(conn, 0, registry.genesis())


def upgrade(conn: Connection, version: int | None) -> None:
    """Upgrade the database on ``conn``, inside its open transaction, to ``SCHEMA_VERSION``.

    ``version`` is its ``meta.schema_version`` (None for an empty database). A database
    from before migrations existed has no ``alembic_version`` table: it is first stamped
    with the revision of its version, then upgraded.
    """
    from alembic import command

    config = alembic_config(conn)
    if version is not None and not inspect(conn).has_table("alembic_version"):
        command.stamp(config, revision_of(version))
    command.upgrade(config, HEAD)
