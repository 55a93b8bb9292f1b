"""Tamper evidence: each kind of change made behind euchre-log's back is reported.

Every test runs on SQLite and on PostgreSQL: the tampering is plain SQL on either.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import SAMPLES, Cli, Database
from .helpers import head_at, journal


@pytest.fixture
def db(any_db: Database) -> Database:
    """Each test's database: SQLite, then PostgreSQL."""
    return any_db


@pytest.fixture
def stored(cli: Cli, db: Database) -> Database:
    cli.json("import", str(SAMPLES / "renege-dispute.json"))
    game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")["id"]
    assert cli("record", str(game), input="9h o 9s\nah th jh 9h\nundo\n9h\n").exit_code == 0
    return db


def findings(cli: Cli) -> list[dict[str, object]]:
    result = cli("verify", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == (1 if data["problems"] else 0)
    return list(data["problems"])


def test_an_untouched_database_is_intact(cli: Cli, stored: Database) -> None:
    result = cli("verify")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split(", fingerprint ")[0] for line in lines] == [
        "game 1: the record is intact up to its entry 24",
        "game 2: the record is intact up to its entry 9",
    ]
    assert all(re.fullmatch(r".*, fingerprint [0-9A-Z]{4}(-[0-9A-Z]{4}){3}", s) for s in lines)


def test_an_undo_is_in_the_chain(stored: Database) -> None:
    kinds = [r[0] for r in stored.rows("SELECT kind FROM action WHERE game_id = 2 ORDER BY seq")]
    assert kinds == [
        "header",
        "deal",
        "order",
        "discard",
        "play",
        "play",
        "play",
        "play",
        "undo",
        "play",
    ]


def test_a_changed_entry(cli: Cli, stored: Database) -> None:
    assert stored.value("SELECT data FROM action WHERE game_id = 1 AND seq = 5") == "E9D"
    stored.sql("UPDATE action SET data = 'EKD' WHERE game_id = 1 AND seq = 5")
    (p,) = findings(cli)
    assert (p["game"], p["kind"], p["hand"], p["entry"], p["action"]) == (1, "changed", 1, 5, 5)
    assert "changed outside euchre-log" in str(p["message"])


def test_a_removed_entry_in_the_middle_and_at_the_end(cli: Cli, stored: Database) -> None:
    stored.sql("DELETE FROM action WHERE game_id = 1 AND seq = 7")
    (p,) = findings(cli)
    assert (p["kind"], p["entry"]) == ("removed", 7)
    stored.sql("DELETE FROM action WHERE game_id = 2 AND seq = 9")
    kinds = [(p["game"], p["kind"]) for p in findings(cli)]
    assert (2, "removed") in kinds


def test_an_inserted_entry(cli: Cli, stored: Database) -> None:
    row = stored.rows(
        "SELECT game_id, hand, kind, data, time_us, tag FROM action WHERE game_id = 2"
        " ORDER BY seq DESC"
    )[0]
    stored.sql(
        "INSERT INTO action (game_id, seq, hand, kind, data, time_us, tag)"
        " VALUES (:g, 10, :h, :k, :d, :t, :x)",
        g=row[0],
        h=row[1],
        k=row[2],
        d=row[3],
        t=row[4],
        x=row[5],
    )
    kinds = [(p["game"], p["kind"], p["entry"]) for p in findings(cli)]
    assert (2, "changed", 10) in kinds or (2, "inserted", 10) in kinds


def test_reordered_entries(cli: Cli, stored: Database) -> None:
    stored.sql(
        "UPDATE action SET seq = 100 WHERE game_id = 1 AND seq = 6",
        "UPDATE action SET seq = 6 WHERE game_id = 1 AND seq = 7",
        "UPDATE action SET seq = 7 WHERE game_id = 1 AND seq = 100",
    )
    kinds = {(p["kind"], p["entry"]) for p in findings(cli)}
    assert ("reordered", 6) in kinds or ("reordered", 7) in kinds


def test_a_rewritten_head(cli: Cli, stored: Database) -> None:
    stored.sql("UPDATE game SET head_hash = '" + "a" * 64 + "' WHERE id = 2")
    (p,) = findings(cli)
    assert (p["game"], p["kind"]) == (2, "head")


def test_each_hand_keeps_its_head_and_a_rewritten_one_is_reported(
    cli: Cli, stored: Database
) -> None:
    heads = stored.rows("SELECT game_id, number, head_hash FROM hand ORDER BY game_id, number")
    for game_id, number, head in heads:
        with stored.engine.connect() as conn:
            last = max(r.seq for r in journal(conn, game_id) if r.hand == number)
        # The hash of the hand's last entry, undos included.
        assert head == head_at(stored.engine, game_id, last)
    stored.sql("UPDATE hand SET head_hash = NULL WHERE game_id = 1 AND number = 1")
    (p,) = findings(cli)
    assert (p["game"], p["kind"], p["hand"]) == (1, "head", 1)
    assert "hand 1's head hash does not match its last entry" in str(p["message"])


def test_verify_names_one_game(cli: Cli, stored: Database) -> None:
    stored.sql("UPDATE action SET data = 'EKD' WHERE game_id = 1 AND seq = 5")
    assert cli("verify", "2").exit_code == 0
    assert cli("verify", "1").exit_code == 1


def test_export_seals_the_log_and_import_checks_the_seal(
    cli: Cli, stored: Database, tmp_path: Path
) -> None:
    out = tmp_path / "dispute.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    doc = json.loads(out.read_text())
    assert len(doc["game"]["head_hash"]) == 64
    # An untouched export reads back (the game is held already: stored again on request).
    assert cli.json("import", "--allow-duplicates", str(out))["imported"]
    # Quietly hide the dealer's discard: still a legal record, but not the one exported.
    discard = next(a for a in doc["hands"][0]["actions"] if a["type"] == "discard")
    discard["card"] = None
    out.write_text(json.dumps(doc))
    answer = cli.json("import", str(out), code=2)
    assert "changed after it was exported" in answer["rejected"][0]["error"]["message"]
    doc["game"]["title"] = "A better title"  # titles are not sealed...
    del doc["game"]["head_hash"], doc["game"]["fingerprint"]  # ...and without a seal, the
    # file reads as it is
    out.write_text(json.dumps(doc))
    assert cli.json("import", str(out))["imported"]
