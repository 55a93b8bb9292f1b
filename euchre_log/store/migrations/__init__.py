"""Alembic migrations of the euchre-log database, shipped inside the package.

``store/migrate.py`` runs them in code when ``open_store`` finds a database older than
``schema.SCHEMA_VERSION``: there is no ``alembic.ini``. Revision ``0001`` is the first
released schema, exactly; each later revision ``000N`` brings schema N-1 to schema N and
sets ``meta.schema_version`` to N, so that opening a database at the current schema costs
one query and never imports Alembic.

To change the tables: edit ``schema.py``, bump ``SCHEMA_VERSION``, and add the next
revision to ``versions/`` by hand (copy the latest one). ``tests/test_migrations.py``
checks that the migrations build exactly the tables ``schema.py`` declares, on SQLite
and on PostgreSQL.
"""
