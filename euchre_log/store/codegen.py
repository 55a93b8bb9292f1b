"""Write ``store/tables.py`` (the SQLModel tables of ``schema.py`` as plain SQLAlchemy Core)
and ``store/sql.py`` (the read path's queries compiled for SQLite).

``schema.py`` is the one definition of the tables. Building its SQLModel classes means
importing SQLModel and SQLAlchemy's ORM and generating a Pydantic model per table, which
took most of a command's start-up; the store only ever uses the tables through SQLAlchemy
Core (``GAME_T``, ``HAND_T``...). So the tables are also written out, from the models, as
the Core ``Table`` objects that SQLModel builds, and the store imports that module instead.
``tests/test_tables.py`` fails while the file differs from what this writes, and checks
that both give the same columns, constraints, indexes and DDL. The queries of the read
path (``queries.py``) are written out the same way, compiled for SQLite, so that a command
that reads a SQLite file runs them without importing SQLAlchemy. After changing a model
or a query:

    python3 -m euchre_log.store.codegen
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

TARGET = Path(__file__).resolve().with_name("tables.py")
SQL_TARGET = Path(__file__).resolve().with_name("sql.py")

SQL_HEADER = '''"""The read path's queries as SQLAlchemy compiles them for SQLite, and the schema version,
generated from ``queries.py`` and ``schema.py`` by ``python3 -m euchre_log.store.codegen``.
Do not edit: change the queries or the models and run that command
(``tests/test_tables.py`` fails while this file is stale).

``Store.query`` runs these on a SQLite file with the standard library's ``sqlite3``, so a
command that only reads does not import SQLAlchemy; anywhere else it runs the queries of
``queries.py`` themselves.
"""

from __future__ import annotations

'''

HEADER = '''"""The database tables as SQLAlchemy Core, generated from the SQLModel models of
``schema.py`` by ``python3 -m euchre_log.store.codegen``. Do not edit: change the models
and run that command (``tests/test_tables.py`` fails while this file is stale).

The store reads and writes through these ``Table`` objects, so that a command imports
neither SQLModel nor SQLAlchemy's ORM; the migrations and Alembic's comparisons use the
models themselves.
"""

from __future__ import annotations

'''

_TYPE_NAMES = {"AutoString": "String"}  # SQLModel's str type is a String for every dialect


def variable(table_name: str) -> str:
    """The module variable a table is bound to, as ``schema.py`` names it: ``game`` ->
    ``GAME_T``, ``game_seat`` -> ``SEAT_T``, ``hand_review`` -> ``REVIEW_T``,
    ``game_registry`` -> ``REGISTRY_T``..."""
    short = {"game_seat": "SEAT", "hand_review": "REVIEW", "game_registry": "REGISTRY"}
    return short.get(table_name, table_name.upper()) + "_T"


def _q(value: Any) -> str:
    """A value as Python source in the project's style, as ``ruff format`` leaves it:
    double-quoted strings, single-quoted when that saves escaping a double quote."""
    if isinstance(value, str):
        text = json.dumps(value)
        if '"' in value and "'" not in value:
            return "'" + text[1:-1].replace('\\"', '"') + "'"
        return text
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_q(v) for v in value) + "]"
    return repr(value)


def _type(col: Any, names: set[str]) -> str:
    kind = type(col.type).__name__
    name = _TYPE_NAMES.get(kind, kind)
    names.add(name)
    length = getattr(col.type, "length", None)
    return f"{name}({length})" if length is not None else f"{name}()"


def _column(col: Any, names: set[str]) -> str:
    args = [_q(col.name), _type(col, names)]
    for fk in sorted(col.foreign_keys, key=lambda f: f.target_fullname):
        names.add("ForeignKey")
        args.append(f"ForeignKey({_q(fk.target_fullname)})")
    if col.primary_key:
        args.append("primary_key=True")
    if col.nullable != (not col.primary_key):
        args.append(f"nullable={col.nullable!r}")
    if col.unique:
        args.append("unique=True")
    if col.index:
        args.append("index=True")
    if col.default is not None:
        args.append(f"default={_q(col.default.arg)}")
    if col.server_default is not None:
        raise ValueError(f"{col}: server defaults are not written out yet")
    if col.autoincrement != "auto":
        args.append(f"autoincrement={_q(col.autoincrement)}")
    if col.comment:
        args.append(f"comment={_q(col.comment)}")
    return _call("Column", ", ".join(args), indent=4)


def _call(name: str, args: str, *, indent: int) -> str:
    """One argument of ``Table(...)``, laid out as ``ruff format`` lays it out: on one line
    when it fits in 100 columns, else one argument a line with a trailing comma."""
    pad = " " * indent
    line = f"{pad}{name}({args}),"
    if len(line) <= 100:
        return line
    inner = "".join(f"{pad}    {a.strip()},\n" for a in args.split(", "))
    return f"{pad}{name}(\n{inner}{pad}),"


def render() -> str:
    """The text of ``tables.py`` for the models as they are now."""
    from sqlalchemy import ForeignKeyConstraint, PrimaryKeyConstraint, UniqueConstraint

    from . import schema

    names = {"Column", "MetaData", "Table"}
    body: list[str] = []
    for model in schema.TABLES:
        table = model.__table__  # type: ignore[attr-defined]
        body.append(f"{variable(table.name)} = Table(")
        body.append(f"    {_q(table.name)},")
        body.append("    metadata,")
        for col in table.columns:
            body.append(_column(col, names))
        for constraint in sorted(table.constraints, key=lambda c: str(c.name)):
            if isinstance(constraint, PrimaryKeyConstraint | ForeignKeyConstraint):
                continue  # said by the columns
            if not isinstance(constraint, UniqueConstraint):
                raise ValueError(f"{table.name}: {constraint!r} is not written out yet")
            if getattr(constraint, "_column_flag", False):
                continue  # a column's unique=True
            names.add("UniqueConstraint")
            cols = ", ".join(_q(c.name) for c in constraint.columns)
            body.append(_call("UniqueConstraint", f"{cols}, name={_q(constraint.name)}", indent=4))
        for index in sorted(table.indexes, key=lambda i: str(i.name)):
            if getattr(index, "_column_flag", False):
                continue  # a column's index=True
            names.add("Index")
            cols = ", ".join(_q(c.name) for c in index.columns)
            unique = ", unique=True" if index.unique else ""
            body.append(_call("Index", f"{_q(index.name)}, {cols}{unique}", indent=4))
        body.append(")")
        body.append("")
    variables = [variable(m.__table__.name) for m in schema.TABLES]  # type: ignore[attr-defined]
    head = [
        HEADER.rstrip("\n"),
        "",
        "from sqlalchemy import (",
        *(f"    {name}," for name in sorted(names)),
        ")",
        "",
        f"SCHEMA_VERSION = {schema.SCHEMA_VERSION}",
        '"""``schema.SCHEMA_VERSION``: the schema this code reads and writes."""',
        "",
        "metadata = MetaData()",
        "",
    ]
    tail = [f"TABLES = [{', '.join(variables)}]", ""]
    return "\n".join([*head, *body, *tail])


def render_sql() -> str:
    """The text of ``sql.py`` for the queries and models as they are now."""
    from . import schema
    from .queries import QUERIES, sqlite_text

    lines = [
        SQL_HEADER.rstrip("\n"),
        "",
        f"SCHEMA_VERSION = {schema.SCHEMA_VERSION}",
        '"""``schema.SCHEMA_VERSION``: the schema this code reads and writes."""',
        "",
        "SQLITE: dict[str, tuple[str, dict[str, object]]] = {",
    ]
    for name in QUERIES:
        sql, fixed = sqlite_text(name)
        lines.append(f"    {_q(name)}: (")
        lines.append(f"        {_q(sql)},")
        items = [f"{_q(k)}: {_q(v)}" for k, v in fixed.items()]
        one_line = f"        {{{', '.join(items)}}},"
        if len(one_line) <= 100:
            lines.append(one_line)
        else:
            lines += ["        {", *(f"            {item}," for item in items), "        },"]
        lines.append("    ),")
    lines += ["}", '"""Each query of ``queries.QUERIES``: its SQL and the values it fixes."""', ""]
    return "\n".join(lines)


def _write(target: Path, text: str) -> None:
    if target.exists() and target.read_text(encoding="utf-8") == text:
        print(f"{target} is up to date", file=sys.stderr)
        return
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}", file=sys.stderr)


def main() -> None:
    _write(TARGET, render())
    # The queries are compiled over the tables just written (a new column is selected
    # by the same run that adds it), not over the module imported before.
    import importlib

    from . import queries, tables

    importlib.reload(tables)
    importlib.reload(queries)
    _write(SQL_TARGET, render_sql())


if __name__ == "__main__":
    main()
