"""Bring a database to this version's schema with the Alembic migrations in ``migrations/``.

``db.connect`` compares ``meta.schema_version`` with ``SCHEMA_VERSION`` first, with one
cheap query, and imports this module (and Alembic) only when a migration is due: for a new
database, or one made by an older euchre-log. The whole upgrade runs on one connection in
one transaction, so it happens entirely or not at all: SQLite and PostgreSQL both roll
back DDL.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, inspect

from .tables import SCHEMA_VERSION

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
