"""Schema migrations: a database of an older schema is upgraded when opened.

``fixtures/schema-v1.db`` was written by euchre-log before migrations existed (schema 1,
``meta.schema_version = 1``, no ``alembic_version``), and ``schema-v1.expected.json`` holds
what that old code read from it; ``fixtures/make_schema_v1.py`` says how both were made.
On PostgreSQL the same rows are loaded into the tables of revision 0001 (the first
schema, exactly), and the ``alembic_version`` table is dropped, as the old code had none.
``fixtures/schema-v2.db`` (``make_schema_v2.py``) was written by the code of schema 2
(revision 0002: each hand's head hash), the last before the review cache of schema 3; on
PostgreSQL its rows go into the tables of revision 0002.
Every test runs on SQLite and on PostgreSQL unless it says otherwise.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from euchre_log.formats.fingerprint import fingerprint
from euchre_log.store.access import open_store
from euchre_log.store.db import Store, StoreError
from euchre_log.store.schema import SCHEMA_VERSION

from .conftest import FIXTURES, ROOT, Cli, Database
from .helpers import journal

FIXTURE = FIXTURES / "schema-v1.db"
EXPECTED: dict[str, Any] = json.loads(
    (FIXTURES / "schema-v1.expected.json").read_text(encoding="utf-8")
)
V1_TABLES = ("meta", "player", "game", "game_seat", "action", "hand", "flag")
FIXTURE_V2 = FIXTURES / "schema-v2.db"
EXPECTED_V2: dict[str, Any] = json.loads(
    (FIXTURES / "schema-v2.expected.json").read_text(encoding="utf-8")
)


@pytest.fixture
def db(any_db: Database) -> Database:
    """Each test's database: SQLite, then PostgreSQL."""
    return any_db


def fixture_rows(table: str, fixture: Path = FIXTURE) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The columns and rows of one table of a fixture (the v1 one by default)."""
    con = sqlite3.connect(fixture)
    try:
        cursor = con.execute(f'SELECT * FROM "{table}"')
        return [d[0] for d in cursor.description], cursor.fetchall()
    finally:
        con.close()


def load_v1(target: Database) -> Database:
    """Make ``target`` a database as the first released euchre-log left it."""
    if target.backend == "sqlite":
        assert target.path is not None
        shutil.copyfile(FIXTURE, target.path)
        return target
    from alembic import command

    from euchre_log.store.migrate import alembic_config

    with target.engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0001")
        conn.execute(text("DROP TABLE alembic_version"))
        conn.execute(text("DELETE FROM meta"))
        for table in V1_TABLES:
            columns, rows = fixture_rows(table)
            names = ", ".join(f'"{c}"' for c in columns)
            marks = ", ".join(f":{c}" for c in columns)
            records = [dict(zip(columns, row, strict=True)) for row in rows]
            if table == "hand":
                for r in records:
                    r["alone"] = bool(r["alone"])
            conn.execute(text(f'INSERT INTO "{table}" ({names}) VALUES ({marks})'), records)
            if "id" in columns:
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f'(SELECT max(id) FROM "{table}"))'
                    )
                )
    return target


@pytest.fixture
def v1(db: Database) -> Database:
    """The fixture's database of schema 1, on each backend."""
    return load_v1(db)


def load_v2(target: Database) -> Database:
    """Make ``target`` a database as the code of schema 2 left it."""
    if target.backend == "sqlite":
        assert target.path is not None
        shutil.copyfile(FIXTURE_V2, target.path)
        return target
    from alembic import command

    from euchre_log.store.migrate import alembic_config

    with target.engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0002")
        conn.execute(text("DELETE FROM meta"))
        for table in V1_TABLES:
            columns, rows = fixture_rows(table, FIXTURE_V2)
            names = ", ".join(f'"{c}"' for c in columns)
            marks = ", ".join(f":{c}" for c in columns)
            records = [dict(zip(columns, row, strict=True)) for row in rows]
            if table == "hand":
                for r in records:
                    r["alone"] = bool(r["alone"])
            conn.execute(text(f'INSERT INTO "{table}" ({names}) VALUES ({marks})'), records)
            if "id" in columns:
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f'(SELECT max(id) FROM "{table}"))'
                    )
                )
    return target


@pytest.fixture
def v2(db: Database) -> Database:
    """The fixture's database of schema 2, on each backend."""
    return load_v2(db)


JOURNAL_COLUMNS = ("game_id", "seq", "hand", "kind", "data", "created_at", "prev_hash", "hash")
"""A journal row as schemas 1 to 4 kept it (schema 5 keeps it compactly)."""


def journal_as_before(database: Database) -> list[tuple[Any, ...]]:
    """Every journal entry in the columns schemas 1 to 4 kept: from schema 5 on, the texts
    decoded from the compact rows, and each entry's hash and the one before it worked out
    again from the game's genesis; before, the columns as stored."""
    if "created_at" in database.columns("action"):
        names = ", ".join(JOURNAL_COLUMNS)
        return sorted(database.rows(f"SELECT {names} FROM action"), key=repr)
    from euchre_log.store.journal import chain, genesis

    out = []
    with database.engine.connect() as conn:
        for game_id, uid in database.rows("SELECT id, uid FROM game"):
            rows = journal(conn, game_id)
            hashes = chain(uid, rows)
            for r, prev, digest in zip(rows, [genesis(uid), *hashes], hashes, strict=False):
                out.append((game_id, r.seq, r.hand, r.kind, r.text, r.time, prev, digest))
    return sorted(out, key=repr)


after_journal = journal_as_before


def v1_contents(database: Database, fixture: Path = FIXTURE) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the v1 tables, in the v1 columns only (the journal's as before)."""
    out = {}
    for table in V1_TABLES:
        if table == "action":
            out[table] = journal_as_before(database)
            continue
        columns, _ = fixture_rows(table, fixture)
        names = ", ".join(f'"{c}"' for c in columns)
        out[table] = sorted(database.rows(f'SELECT {names} FROM "{table}"'), key=repr)
    return out


def listed(cli: Cli) -> dict[str, Any]:
    """``games --json`` as the old code printed it: without the count of games in all,
    which schema 5's code adds (and which is every game here)."""
    data: dict[str, Any] = cli.json("games", "--all")
    assert data.pop("total") == len(data["games"])
    return data


def without_fingerprint(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary as the old code printed it: without the record's fingerprint (schema 4)
    and its reopenings (schema 5)."""
    assert set(summary) >= {"fingerprint", "last_entry", "reopened"}
    return without_reopened(
        {k: v for k, v in summary.items() if k not in ("fingerprint", "last_entry")}
    )


def without_reopened(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary as schema 4's code printed it: without its reopenings (schema 5), which
    no game of the fixtures has."""
    assert summary.pop("reopened") == []
    return summary


def assert_sealed(
    database: Database,
    before: dict[str, list[tuple[Any, ...]]],
    after: dict[str, list[tuple[Any, ...]]],
) -> None:
    """The upgrades to schemas 4 and 5 changed nothing of the old record but this: each
    game got a header entry after its last one (entry 0 when it had none), holding its
    rules, starting score, first dealer and players, and its head moved on to that header;
    the journal is kept compactly, but every entry decodes to the very texts it held, and
    every hash worked out again is the one it had (the chain is the same chain)."""
    games_before = {r[0]: r for r in before.pop("game")}
    games_after = {r[0]: r for r in after.pop("game")}
    columns = [c for c in database.columns("game") if c in fixture_rows("game")[0]]
    last, head = columns.index("last_seq"), columns.index("head_hash")
    kind = JOURNAL_COLUMNS.index("kind")
    journal_after = after.pop("action")
    assert [r for r in journal_after if r[kind] != "header"] == before.pop("action")
    assert after == before
    headers = [(r[0], r[1], r[2], r[6], r[7], r[4]) for r in journal_after if r[kind] == "header"]
    assert sorted(h[0] for h in headers) == sorted(games_before)  # every game is sealed
    for game_id, seq, hand, prev, digest, data in headers:
        old, new = games_before[game_id], games_after[game_id]
        assert seq == (old[last] + 1 if old[last] else 0) and hand == 0
        assert prev == old[head] and (new[last], new[head]) == (seq, digest)
        keep = [i for i in range(len(old)) if i not in (last, head)]
        assert [old[i] for i in keep] == [new[i] for i in keep]
        sealed = json.loads(data)
        assert set(sealed) == {"header", "players", "rules", "initial_score", "first_dealer"}
        assert sorted(sealed["players"]) == ["E", "N", "S", "W"]
    registered = database.rows(
        "SELECT game_id, event, header_seq, last_seq FROM game_registry WHERE source IS NULL"
    )
    assert sorted(registered) == sorted((h[0], "upgraded", h[1], h[1]) for h in headers)
    # Schema 5 registered every game again, with its source and players as stored.
    again = database.rows(
        "SELECT game_id, event, header_seq, last_seq, source FROM game_registry"
        " WHERE source IS NOT NULL"
    )
    sources = dict(database.rows("SELECT id, source FROM game"))
    assert sorted(again) == sorted((h[0], "upgraded", h[1], h[1], sources[h[0]]) for h in headers)


def schema_facts(database: Database) -> dict[str, Any]:
    """The version, the Alembic stamp (if any) and the tables' columns."""
    tables = database.table_names()
    return {
        "version": database.value("SELECT value FROM meta WHERE key = 'schema_version'"),
        "revision": (
            database.value("SELECT version_num FROM alembic_version")
            if "alembic_version" in tables
            else None
        ),
        "tables": {t: database.columns(t) for t in tables},
    }


def test_the_fixture_is_a_database_of_the_first_released_schema(v1: Database) -> None:
    facts = schema_facts(v1)
    assert facts["version"] == "1" and facts["revision"] is None
    assert "head_hash" not in facts["tables"]["hand"]
    assert v1.value("SELECT count(*) FROM game") == 5
    assert v1.value("SELECT count(*) FROM action WHERE kind = 'undo'") == 4


def test_a_v1_database_is_upgraded_when_the_tool_opens_it_and_reads_as_before(
    v1: Database, cli: Cli
) -> None:
    before = v1_contents(v1)
    assert listed(cli) == EXPECTED["games"]
    facts = schema_facts(v1)
    assert facts["version"] == str(SCHEMA_VERSION) == "6"
    assert facts["revision"] == "0006"
    assert "head_hash" in facts["tables"]["hand"]
    assert v1.value("SELECT count(*) FROM hand_review") == 0  # filled by stats, on demand
    # Nothing of the old record was lost or changed: every row of every table is there.
    after = v1_contents(v1)
    assert after.pop("meta") != before.pop("meta")
    assert_sealed(v1, before, after)
    # Each hand's head is its last entry's hash, undos included.
    hands = v1.rows("SELECT game_id, number, head_hash FROM hand ORDER BY game_id, number")
    assert len(hands) == 18  # 13 + 1 + 1 + 2 + 1
    for game_id, number, head in hands:
        last = [r for r in after_journal(v1) if r[0] == game_id and r[2] == number]
        assert head == max(last, key=lambda r: r[1])[7], (game_id, number)
    # The games read exactly as the old code read them, and every chain is intact.
    for game, summary in EXPECTED["summary"].items():
        assert without_fingerprint(cli.json("summary", game)) == summary
    for game, exported in EXPECTED["export"].items():
        result = cli("export", game)
        assert result.exit_code == 0, result.output
        doc = json.loads(result.stdout)
        assert doc["game"].pop("fingerprint") == fingerprint(doc["game"]["head_hash"])
        assert doc == exported
    verified = cli("verify", "--json")
    assert verified.exit_code == 0, verified.output
    found = json.loads(verified.stdout)
    assert (found["games"], found["intact"], found["problems"]) == ([1, 2, 3, 4, 5], True, [])


def test_an_upgraded_database_records_on_with_each_hands_head(v1: Database, cli: Cli) -> None:
    assert cli("record", "5", input="qd kd ad 9d\nas ks\n").exit_code == 0
    assert cli("record", "4", input="p\nac\n").exit_code == 0  # hand 3 starts
    for game in (4, 5):
        hands = v1.rows(
            "SELECT number, head_hash FROM hand WHERE game_id = :g ORDER BY number", g=game
        )
        last = sorted((r for r in after_journal(v1) if r[0] == game), key=lambda r: -r[1])
        for number, head in hands:
            assert head == next(r[7] for r in last if r[2] == number)
    assert len(v1.rows("SELECT number FROM hand WHERE game_id = 4")) == 3
    assert cli("verify").exit_code == 0


def _refuse_meta_updates(database: Database) -> None:
    """A trigger that makes the upgrade's last step (the new version) fail."""
    if database.backend == "sqlite":
        database.sql(
            "CREATE TRIGGER refuse BEFORE UPDATE ON meta "
            "BEGIN SELECT RAISE(ABORT, 'stopped on purpose'); END"
        )
    else:
        database.sql(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'stopped on purpose'; END $$",
            "CREATE TRIGGER refuse BEFORE UPDATE ON meta FOR EACH ROW EXECUTE FUNCTION refuse()",
        )


def test_an_upgrade_that_fails_half_way_changes_nothing(v1: Database, cli: Cli) -> None:
    _refuse_meta_updates(v1)
    before, facts = v1.contents(), schema_facts(v1)
    result = cli("games")
    assert result.exit_code == 2
    assert "cannot upgrade the database" in result.stderr
    assert "from schema 1 to 6" in result.stderr and "stopped on purpose" in result.stderr
    assert "Nothing was changed." in result.stderr
    # The column was added and the hands filled before the failure: all of it rolled back.
    assert schema_facts(v1) == facts and v1.contents() == before
    v1.sql("DROP TRIGGER refuse" if v1.backend == "sqlite" else "DROP TRIGGER refuse ON meta")
    assert listed(cli) == EXPECTED["games"]
    assert schema_facts(v1)["version"] == "6"


def _built(conn: Any) -> dict[str, Any]:
    """Everything a schema is made of, as the database describes it: each table's columns
    (type, nullability, default), primary key, foreign keys, indexes and unique
    constraints, and the rows of ``meta`` and ``alembic_version``."""
    from sqlalchemy import inspect

    look = inspect(conn)
    tables: dict[str, Any] = {}
    for name in sorted(look.get_table_names()):
        tables[name] = {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"], c.get("default"))
                for c in look.get_columns(name)
            ],
            "pk": look.get_pk_constraint(name)["constrained_columns"],
            "fks": sorted(
                (tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]))
                for f in look.get_foreign_keys(name)
            ),
            "indexes": sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"]))
                for i in look.get_indexes(name)
            ),
            "unique": sorted(tuple(u["column_names"]) for u in look.get_unique_constraints(name)),
        }
    meta = dict(conn.execute(text("SELECT key, value FROM meta")).all())
    meta.pop("judged_by", None)  # set after either, by the engine that opened it
    stamp = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
    return {"tables": tables, "meta": meta, "revision": stamp}


def test_a_new_database_is_built_by_the_migrations_exactly_as_the_tables_declare(
    db: Database,
) -> None:
    """A new database gets its tables in one go (``migrate.create``); running every
    migration from an empty database builds the very same schema, and both are what the
    models declare."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    from euchre_log.store.db import _engine
    from euchre_log.store.migrate import upgrade

    engine = _engine(db.url)  # as the store runs it: on SQLite, a BEGIN that covers DDL
    with engine.connect() as conn, conn.begin() as tx:  # DDL rolls back on both
        upgrade(conn, None)
        migrated = _built(conn)
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
        tx.rollback()
    engine.dispose()
    assert db.table_names() == []
    open_store(str(db)).close()
    facts = schema_facts(db)
    assert (facts["version"], facts["revision"]) == ("6", "0006")
    with db.engine.connect() as conn:
        created = _built(conn)
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
    assert created == migrated
    assert len(created["tables"]) >= 8 and created["meta"]["schema_version"] == "6"


def test_two_tools_opening_an_old_database_at_once_both_work(v1: Database) -> None:
    opened: list[Store | BaseException] = []

    def open_it() -> None:
        try:
            opened.append(open_store(str(v1)))
        except BaseException as exc:
            opened.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert all(isinstance(s, Store) for s in opened), opened
    for s in opened:
        assert isinstance(s, Store)
        s.close()
    assert schema_facts(v1)["revision"] == "0006"
    assert v1.value("SELECT count(*) FROM hand WHERE head_hash IS NULL") == 0


def test_a_read_only_old_database_is_refused_in_words(tmp_path: Path) -> None:
    """SQLite only: a v1 file that cannot be written cannot be upgraded, and says so."""
    path = tmp_path / "old.db"
    shutil.copyfile(FIXTURE, path)
    with pytest.raises(StoreError) as refused:
        open_store(f"sqlite:///file:{path}?mode=ro&uri=true")
    message = str(refused.value)
    assert "cannot upgrade the database" in message and "read-only" in message
    assert "Nothing was changed." in message
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta").fetchone() == ("1",)
    con.close()


@pytest.mark.slow
def test_only_a_due_migration_imports_alembic(tmp_path: Path) -> None:
    """``--help`` imports no database code, and an up-to-date database no Alembic."""
    helped = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "euchre_log", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert "alembic" not in helped.stderr and "sqlalchemy" not in helped.stderr
    path = tmp_path / "current.db"
    probe = (
        "import sys; from euchre_log.store.access import open_store; "
        f"open_store({str(path)!r}).close(); print('alembic' in sys.modules)"
    )
    created = subprocess.run(  # a new database: its tables are created without Alembic
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert created.stdout.strip() == "False" and path.exists()
    current = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert current.stdout.strip() == "False"
    old = tmp_path / "old.db"
    shutil.copyfile(FIXTURE, old)
    probe = probe.replace(repr(str(path)), repr(str(old)))
    upgraded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert upgraded.stdout.strip() == "True"


def test_the_migrations_ship_inside_the_package() -> None:
    """pyproject's package discovery (namespace packages) takes the migration folders."""
    from setuptools import find_namespace_packages

    found = find_namespace_packages(where=str(ROOT), include=["euchre_log*"])
    assert "euchre_log.store.migrations" in found
    assert "euchre_log.store.migrations.versions" in found
    versions = ROOT / "euchre_log" / "store" / "migrations" / "versions"
    assert len(list(versions.glob("rev*.py"))) == SCHEMA_VERSION


# ---------------------------------------------------------------------------
# Schema 2 to 3: the review cache


def v2_contents(database: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the v2 tables, in the v2 columns (the journal's as before)."""
    return v1_contents(database, FIXTURE_V2)


def test_the_v2_fixture_is_a_database_of_schema_2(v2: Database) -> None:
    facts = schema_facts(v2)
    assert (facts["version"], facts["revision"]) == ("2", "0002")
    assert "head_hash" in facts["tables"]["hand"] and "hand_review" not in facts["tables"]
    assert v2.value("SELECT count(*) FROM hand WHERE head_hash IS NULL") == 0


def test_a_v2_database_gains_the_review_cache_and_stats_fills_it(v2: Database, cli: Cli) -> None:
    before = v2_contents(v2)
    assert listed(cli) == EXPECTED_V2["games"]
    facts = schema_facts(v2)
    assert (facts["version"], facts["revision"]) == ("6", "0006")
    assert "hand_review" in facts["tables"]
    assert v2.value("SELECT count(*) FROM hand_review") == 0
    after = v2_contents(v2)
    assert after.pop("meta") != before.pop("meta")
    assert_sealed(v2, before, after)  # nothing of the old record changed
    for game, summary in EXPECTED_V2["summary"].items():
        assert without_fingerprint(cli.json("summary", game)) == summary
    # review --all reviews every hand once, keyed by the hand's head hash, for stats.
    assert cli("review", "--all", "--no-fair").exit_code == 0
    stats = cli.json("stats")
    # Five hands are not analysed: one passed out in each of games 1 and 4, a renege in
    # each of games 2 and 4, and game 5's hand, not finished.
    assert stats["review"] == {"hands": 18, "reviewed": 18, "analysed": 13, "missing": 0}
    not_analysed = v2.rows("SELECT game_id, number FROM hand_review WHERE analysed = :f", f=False)
    assert sorted(not_analysed) == [(1, 9), (2, 1), (4, 1), (4, 2), (5, 1)]
    cached = v2.rows(
        "SELECT r.game_id, r.number FROM hand_review r JOIN hand h ON h.game_id = r.game_id"
        " AND h.number = r.number AND h.head_hash = r.head_hash"
    )
    assert len(cached) == 18 == v2.value("SELECT count(*) FROM hand_review")
    # The cached numbers are the review's: game 1 is the family game.
    reviewed = cli.json("review", "1", "--no-fair")["games"][0]
    family = v2.rows(
        "SELECT sum(plays_n), sum(choices_n), sum(cost_n), sum(plays_w) FROM hand_review"
        " WHERE game_id = 1"
    )[0]
    players = reviewed["players"]
    assert tuple(int(x) for x in family) == (
        players["N"]["plays"],
        players["N"]["choices"],
        players["N"]["cost_tricks"],
        players["W"]["plays"],
    )
    assert cli.json("stats") == stats  # nothing left to review: the same numbers
    assert cli("verify").exit_code == 0


def test_a_hand_whose_record_changes_is_reviewed_again(v2: Database, cli: Cli) -> None:
    cli("review", "--all", "--no-fair")
    head = v2.value("SELECT head_hash FROM hand WHERE game_id = 5 AND number = 1")
    (old,) = v2.rows("SELECT head_hash, analysed FROM hand_review WHERE game_id = 5")
    assert old == (head, False)  # unfinished: not analysed
    # Finish game 5's hand: its head moves on, and so its cached review is stale.
    assert cli("record", "5", input="qd kd ad 9d\nas ks\n").exit_code == 0
    moved = v2.value("SELECT head_hash FROM hand WHERE game_id = 5 AND number = 1")
    assert moved != head
    assert cli.json("stats")["review"]["missing"] == 1
    cli("review", "--all", "--no-fair")
    assert cli.json("stats")["review"]["missing"] == 0
    rows = v2.rows("SELECT head_hash FROM hand_review WHERE game_id = 5 AND number = 1")
    assert rows == [(moved,)]  # the stale row is gone, the new one keyed by the new head
    # An undo moves the head again (back to a new entry, never to the old hash).
    assert cli("record", "5", input="undo\n").exit_code == 0
    again = v2.value("SELECT head_hash FROM hand WHERE game_id = 5 AND number = 1")
    assert again not in (head, moved)
    assert cli.json("stats", "--no-review")["review"] is None
    assert v2.rows("SELECT head_hash FROM hand_review WHERE game_id = 5") == [(moved,)]
    cli("review", "--all", "--no-fair")
    assert cli.json("stats")["review"]["missing"] == 0
    assert v2.rows("SELECT head_hash FROM hand_review WHERE game_id = 5") == [(again,)]


def test_a_v2_upgrade_that_fails_half_way_changes_nothing(v2: Database, cli: Cli) -> None:
    _refuse_meta_updates(v2)
    before, facts = v2.contents(), schema_facts(v2)
    result = cli("games")
    assert result.exit_code == 2 and "from schema 2 to 6" in result.stderr
    assert schema_facts(v2) == facts and v2.contents() == before  # no hand_review table
    v2.sql("DROP TRIGGER refuse" if v2.backend == "sqlite" else "DROP TRIGGER refuse ON meta")
    assert listed(cli) == EXPECTED_V2["games"]
    assert schema_facts(v2)["revision"] == "0006"


# ---------------------------------------------------------------------------
# Schema 4 to 5: the compact journal; fingerprints given out before still verify

FIXTURE_V4 = FIXTURES / "schema-v4.db"
EXPECTED_V4: dict[str, Any] = json.loads(
    (FIXTURES / "schema-v4.expected.json").read_text(encoding="utf-8")
)
V4_TABLES = (*V1_TABLES, "hand_review", "game_registry")


def load_v4(target: Database) -> Database:
    """Make ``target`` a database as the code of schema 4 left it."""
    if target.backend == "sqlite":
        assert target.path is not None
        shutil.copyfile(FIXTURE_V4, target.path)
        return target
    from alembic import command

    from euchre_log.store.migrate import alembic_config

    with target.engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0004")
        conn.execute(text("DELETE FROM meta"))
        for table in V4_TABLES:
            columns, rows = fixture_rows(table, FIXTURE_V4)
            if not rows:
                continue
            names = ", ".join(f'"{c}"' for c in columns)
            marks = ", ".join(f":{c}" for c in columns)
            records = [dict(zip(columns, row, strict=True)) for row in rows]
            for r in records:
                for flag in ("alone", "analysed"):
                    if flag in r:
                        r[flag] = bool(r[flag])
            conn.execute(text(f'INSERT INTO "{table}" ({names}) VALUES ({marks})'), records)
            if "id" in columns:
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f'(SELECT max(id) FROM "{table}"))'
                    )
                )
    return target


@pytest.fixture
def v4(db: Database) -> Database:
    """The fixture's database of schema 4, on each backend."""
    return load_v4(db)


def test_the_v4_fixture_is_a_database_of_schema_4(v4: Database) -> None:
    facts = schema_facts(v4)
    assert (facts["version"], facts["revision"]) == ("4", "0004")
    assert {"prev_hash", "hash", "created_at"} <= set(facts["tables"]["action"])
    assert v4.value("SELECT count(*) FROM action WHERE kind = 'header'") == 5


def test_a_v4_journal_is_kept_compactly_and_exactly(v4: Database, cli: Cli) -> None:
    """Every entry decodes to the texts and time it held, and every hash worked out again
    from the game's genesis is the one schema 4 stored: the same chain, in fewer bytes."""
    before = journal_as_before(v4)
    assert listed(cli) == EXPECTED_V4["games"]
    facts = schema_facts(v4)
    assert (facts["version"], facts["revision"]) == ("6", "0006")
    assert not {"prev_hash", "created_at"} & set(facts["tables"]["action"])
    assert journal_as_before(v4) == before
    # A play is a few characters; only a hand's start and the header keep a whole hash.
    assert v4.value("SELECT data FROM action WHERE game_id = 2 AND seq = 5") == "E9D"
    kept = v4.rows("SELECT DISTINCT kind FROM action WHERE hash IS NOT NULL")
    assert sorted(k for (k,) in kept) == ["deal", "header"]
    for game, summary in EXPECTED_V4["summary"].items():
        assert without_reopened(cli.json("summary", game)) == summary  # fingerprints too
    for game, exported in EXPECTED_V4["export"].items():
        assert json.loads(cli("export", game).stdout) == exported
    assert cli("verify").exit_code == 0


def test_fingerprints_given_out_before_the_upgrade_still_verify(v4: Database, cli: Cli) -> None:
    """Each fingerprint schema 4's summary gave out: the record exactly as it is now."""
    marks = {game: s["fingerprint"] for game, s in EXPECTED_V4["summary"].items()}
    assert len(set(marks.values())) == 5
    # One taken before the game's last entries, from schema 4's own hash of entry 30.
    (head,) = v4.rows("SELECT hash FROM action WHERE game_id = 4 AND seq = 30")
    earlier = fingerprint(head[0])
    for game, mark in marks.items():
        result = cli("verify", game, "--fingerprint", mark)
        assert result.exit_code == 0, result.output
        assert f"the fingerprint {mark} is its record's, exactly as it is now" in result.stdout
    result = cli("verify", "4", "--fingerprint", earlier)
    assert result.exit_code == 0, result.output
    assert "up to entry 30" in result.stdout and "10 entries were added since" in result.stdout


def test_an_entry_changed_before_the_upgrade_still_shows(v4: Database, cli: Cli) -> None:
    v4.sql(
        "UPDATE action SET data = replace(data, '\"9D\"', '\"KD\"') WHERE game_id = 2 AND seq = 5"
    )
    found = json.loads(cli("verify", "--json").stdout)
    assert [(p["game"], p["kind"], p["entry"]) for p in found["problems"]] == [(2, "changed", 5)]


def test_the_upgrade_registers_every_game_with_its_id_source_and_players(
    v4: Database, cli: Cli
) -> None:
    cli.json("games")
    rows = v4.rows(
        "SELECT game_id, source, players FROM game_registry WHERE source IS NOT NULL ORDER BY seq"
    )
    assert [(g, s) for g, s, _ in rows] == [
        (1, "imported"),
        (2, "imported"),
        (3, "imported"),
        (4, "recorded"),
        (5, "recorded"),
    ]
    assert json.loads(rows[4][2]) == {"N": "Zoë", "E": "Bob", "S": "Eve", "W": "Dan"}
    head = v4.value("SELECT value FROM meta WHERE key = 'registry_head'").split()
    assert len(head) == 3 and head[0] == str(v4.value("SELECT max(seq) FROM game_registry"))
