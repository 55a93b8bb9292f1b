"""``store/tables.py`` is the SQLModel tables of ``store/schema.py``, written out as Core.

The models are the one definition of the tables; the store imports the generated module
so that no command builds the SQLModel classes. These tests fail while the file is stale
(regenerate it with ``python3 -m euchre_log.store.codegen``) and check that the two give
the same tables, column by column, with the same DDL on SQLite and PostgreSQL.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.schema import CreateIndex, CreateTable

from euchre_log.store import codegen, schema, tables

from .helpers import modules_after

ROOT = Path(__file__).resolve().parent.parent


def test_the_generated_tables_are_what_the_models_give_now() -> None:
    assert codegen.TARGET.read_text(encoding="utf-8") == codegen.render(), (
        "store/tables.py is stale: run python3 -m euchre_log.store.codegen"
    )


def _facts(metadata: MetaData) -> dict[str, Any]:
    """Everything about the tables that decides what the store reads and writes."""
    out: dict[str, Any] = {}
    for name, table in sorted(metadata.tables.items()):
        columns = [
            (
                c.name,
                type(c.type).__name__.replace("AutoString", "String"),
                getattr(c.type, "length", None),
                c.nullable,
                c.primary_key,
                bool(c.unique),
                bool(c.index),
                None if c.default is None else c.default.arg,  # type: ignore[attr-defined]
                c.server_default,
                c.autoincrement,
                sorted(f.target_fullname for f in c.foreign_keys),
            )
            for c in table.columns
        ]
        constraints = sorted(
            (type(k).__name__, str(k.name), tuple(c.name for c in getattr(k, "columns", ())))
            for k in table.constraints
        )
        indexes = sorted(
            (str(i.name), tuple(c.name for c in i.columns), bool(i.unique)) for i in table.indexes
        )
        ddl = {
            dialect.name: [
                str(CreateTable(table).compile(dialect=dialect)).strip(),
                *sorted(
                    str(CreateIndex(i).compile(dialect=dialect)).strip() for i in table.indexes
                ),
            ]
            for dialect in (sqlite.dialect(), postgresql.dialect())  # type: ignore[no-untyped-call]
        }
        out[name] = {"columns": columns, "constraints": constraints, "indexes": indexes, **ddl}
    return out


def test_the_generated_tables_match_the_models_column_by_column() -> None:
    from sqlmodel import SQLModel

    assert _facts(tables.metadata) == _facts(SQLModel.metadata)
    assert tables.SCHEMA_VERSION == schema.SCHEMA_VERSION
    assert [t.name for t in tables.TABLES] == [m.__table__.name for m in schema.TABLES]  # type: ignore[attr-defined]


def test_the_generator_writes_the_file_it_checks(tmp_path: Path, monkeypatch: Any) -> None:
    target = tmp_path / "tables.py"
    monkeypatch.setattr(codegen, "TARGET", target)
    codegen.main()
    assert target.read_text(encoding="utf-8") == codegen.TARGET.read_text(encoding="utf-8")
    assert target.read_text(encoding="utf-8") == (ROOT / "euchre_log/store/tables.py").read_text(
        encoding="utf-8"
    )


READ_COMMANDS = [
    ["games"],
    ["games", "--json"],
    ["summary", "--json"],
    ["summary"],
    ["replay", "1", "--hand", "2"],
    ["explain", "1", "--hand", "2"],
    ["export", "1"],
    ["stats"],
    ["stats", "--json", "--player", "ann", "--since", "2000-01-01", "--game", "1"],
    ["stats", "--format", "csv", "--game", "1"],
]
"""Run in this order: the first ``stats`` reviews the new hands and writes the reviews
(which imports SQLAlchemy, and is tested below), so it runs once before these."""


def _loaded_after(command: list[str], db: Path) -> list[str]:
    """The modules of SQLModel, Alembic and SQLAlchemy a command imported (Pydantic is
    Typer's own: it reads the command line's values with it)."""
    args = ["--db", str(db), *command]
    return modules_after(args, "sqlmodel", "alembic", "sqlalchemy")[0]


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("read") / "t.db"
    subprocess.run(
        [*CLI, "--db", str(db), "import", "sample_logs/family-game.json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return db


@pytest.fixture(scope="module")
def reviewed_db(sample_db: Path) -> Path:
    """The sample database after a first ``stats``, which reviewed its hands."""
    assert "sqlalchemy" in _loaded_after(["stats"], sample_db)
    return sample_db


CLI = [sys.executable, "-m", "euchre_log"]


@pytest.mark.parametrize("command", READ_COMMANDS, ids=" ".join)
def test_a_command_that_reads_a_sqlite_file_imports_no_sqlalchemy(
    command: list[str], reviewed_db: Path
) -> None:
    """Reading a current SQLite database runs the compiled queries with ``sqlite3``:
    neither SQLAlchemy, SQLModel nor Alembic is imported."""
    assert _loaded_after(command, reviewed_db) == []


@pytest.mark.parametrize(
    "command", [["check", "sample_logs/family-game.json", "--json"], ["stats"]], ids=" ".join
)
def test_other_commands_build_no_sqlmodel_class(command: list[str], sample_db: Path) -> None:
    loaded = _loaded_after(command, sample_db)
    assert not [m for m in loaded if m.startswith(("sqlmodel", "alembic", "sqlalchemy.orm"))]


READ_PARAMS: list[dict[str, object]] = [
    {"game_id": 1, "games": [1], "pid": 1, "since": "2000-01-01", "key": "ann", "ids": [1]},
    {"game_id": 2, "games": [2, 1, 5], "pid": 3, "since": "2999-01-01", "key": "", "ids": []},
    {"game_id": 1, "games": [], "pid": 99, "since": "", "key": "dan", "ids": [1, 2, 3, 4]},
]
"""Parameters of every query of the read path (each takes those it names): a list
parameter with one item, several and none."""


@pytest.mark.parametrize("params", READ_PARAMS)
def test_the_read_path_gives_the_same_rows_through_sqlalchemy(
    reviewed_db: Path, params: dict[str, object]
) -> None:
    """The compiled SQL and the Core queries it was compiled from agree, row for row and
    column for column, the queries of ``stats`` in every shape of its filter included."""
    from euchre_log.store.db import connect
    from euchre_log.store.queries import QUERIES

    fast = connect(str(reviewed_db))
    full = connect(f"sqlite:///{reviewed_db}")
    assert fast._raw is not None and full._raw is None
    nonempty = 0
    try:
        for name in QUERIES:
            with fast.query() as a, full.query() as b:
                mine, theirs = a(name, **params), b(name, **params)
                assert [r._asdict() for r in mine] == [r._asdict() for r in theirs], name
                nonempty += bool(mine)
    finally:
        fast.close()
        full.close()
    assert nonempty >= 10  # the comparison saw rows, not only empty results


def test_a_list_parameter_is_one_parameter_per_item() -> None:
    from euchre_log.store.db import expand_lists

    sql, values = expand_lists(
        "SELECT 1 WHERE a IN (__[POSTCOMPILE_ids]) AND b IN (__[POSTCOMPILE_ids]) AND c = :c",
        {"ids": [3, 5], "c": 1},
    )
    assert sql == "SELECT 1 WHERE a IN (:ids_1, :ids_2) AND b IN (:ids_1, :ids_2) AND c = :c"
    assert values == {"ids_1": 3, "ids_2": 5, "c": 1}
    sql, values = expand_lists("SELECT 1 WHERE a NOT IN (__[POSTCOMPILE_ids])", {"ids": []})
    assert sql == "SELECT 1 WHERE a NOT IN (SELECT NULL WHERE 0)"
    assert values == {}
