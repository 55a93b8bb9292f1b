"""Issue 14, item 5 (its import part): ``import`` never stores a game twice.

A game the database already holds (the same players, rules, starting score, deals and
plays: the content hash of ``store.games.content_hash``) is skipped with a message, whether
it is the same file again, a game's own export, or the rest of an import that was stopped
part way and run again. ``--allow-duplicates`` stores it anyway. Every test fails on the
code before schema 4, which stored each of them again and doubled the stats. Every test
runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from euchre_log.cli.app import app
from euchre_log.store import games as store_games

from .conftest import SAMPLES, Cli, Database

SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))


@pytest.fixture
def db(any_db: Database) -> Database:
    """Each test's database: SQLite, then PostgreSQL."""
    return any_db


def imported(cli: Cli, *args: str) -> dict[str, Any]:
    result = cli("import", "--json", *args)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def test_the_same_file_twice_is_stored_once(cli: Cli, db: Database) -> None:
    path = str(SAMPLES / "renege-dispute.json")
    assert [g["id"] for g in imported(cli, path)["imported"]] == [1]
    again = cli("import", path)
    assert again.exit_code == 0
    assert again.stdout == (
        f"{path}: skipped, already stored as game 1 (the same players, rules, starting score "
        "and hands); --allow-duplicates stores it again\n"
    )
    assert db.value("SELECT count(*) FROM game") == 1
    both = imported(cli, path, path)
    assert both["imported"] == [] and [s["id"] for s in both["skipped"]] == [1, 1]
    assert cli.json("stats")["players"][0]["games"] == 1  # not doubled


def test_a_file_named_twice_in_one_import_is_stored_once(cli: Cli, db: Database) -> None:
    path = str(SAMPLES / "family-game.json")
    out = imported(cli, path, path)
    assert [g["id"] for g in out["imported"]] == [1]
    assert out["skipped"] == [{"file": path, "id": 1, "hands": 13}]


def test_a_games_own_export_is_recognised(cli: Cli, db: Database, tmp_path: Path) -> None:
    imported(cli, str(SAMPLES / "benny-game.json"))
    out = tmp_path / "export.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    doc = json.loads(out.read_text())
    doc["game"]["title"] = "Retitled"  # titles, dates and notes are not what was played
    doc["game"]["notes"] = "A note added since"
    del doc["game"]["head_hash"], doc["game"]["fingerprint"]
    out.write_text(json.dumps(doc))
    assert imported(cli, str(out))["skipped"] == [{"file": str(out), "id": 1, "hands": 16}]
    # A recorded game is recognised too, from its export.
    game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")["id"]
    assert cli("record", str(game), input="9h o 9s\nah th jh 9h\n").exit_code == 0
    assert cli("export", str(game), "-o", str(out)).exit_code == 0
    assert imported(cli, str(out))["skipped"][0]["id"] == game


def test_another_game_is_not_taken_for_a_duplicate(cli: Cli, db: Database, tmp_path: Path) -> None:
    imported(cli, str(SAMPLES / "renege-dispute.json"))
    doc = json.loads((SAMPLES / "renege-dispute.json").read_text())
    for where, key, value in (
        ("players", "N", "Zoe"),
        ("initial_score", "NS", 1),
        ("rules", "renege_points", 3),
    ):
        other = json.loads(json.dumps(doc))
        other["game"].setdefault(where, {"NS": 0, "EW": 0})[key] = value
        path = tmp_path / "other.json"
        path.write_text(json.dumps(other))
        assert len(imported(cli, str(path))["imported"]) == 1
    assert db.value("SELECT count(*) FROM game") == 4


def test_allow_duplicates_stores_it_again(cli: Cli, db: Database) -> None:
    path = str(SAMPLES / "renege-dispute.json")
    imported(cli, path)
    out = imported(cli, "--allow-duplicates", path)
    assert [g["id"] for g in out["imported"]] == [2] and out["skipped"] == []
    assert cli("verify").exit_code == 0


def test_both_ways_of_working_out_the_content_hash_agree(cli: Cli, db: Database) -> None:
    """``import`` works a game's hash out from the journal texts it writes; verify and a
    recorded game's fill work it out from the engine's entries (``content_hash``): the
    same hash for every sample, with --allow-duplicates or without."""
    from euchre_log.store.access import open_store

    paths = [str(p) for p in SAMPLE_FILES]
    imported(cli, *paths)
    imported(cli, "--allow-duplicates", *paths)
    rows = db.rows("SELECT id, content_hash FROM game ORDER BY id")
    n = len(paths)
    assert len(rows) == 2 * n
    assert [r[1] for r in rows[:n]] == [r[1] for r in rows[n:]]
    store = open_store(str(db))
    try:
        for game_id, stored_hash in rows:
            game = store_games.load_game(store, game_id)
            assert stored_hash == store_games.content_hash(
                game.players, game.game, game.initial_score
            )
    finally:
        store.close()
    assert cli("verify").exit_code == 0


def test_an_import_stopped_part_way_and_run_again_stores_each_game_once(
    cli: Cli, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each batch of files is one transaction: killed after some batches, those stay
    stored; the run again skips them and stores the rest, nothing twice."""
    from euchre_log.cli import games as cli_games

    monkeypatch.setattr(cli_games, "IMPORT_BATCH_HANDS", 1)  # a transaction per file
    real = store_games.store_prepared
    calls = 0

    def killed_on_the_third(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt  # the process dies: this batch's transaction rolls back
        return real(*args, **kwargs)

    monkeypatch.setattr(store_games, "store_prepared", killed_on_the_third)
    files = [str(p) for p in SAMPLE_FILES]
    # Not through ``cli``, which holds every exit to the documented codes: this one dies.
    first = CliRunner().invoke(app, ["--db", str(db), "import", *files])
    assert first.exit_code == 130  # stopped, as by Ctrl-C
    assert db.value("SELECT count(*) FROM game") == 2
    monkeypatch.setattr(store_games, "store_prepared", real)
    again = imported(cli, *files)
    assert [s["file"] for s in again["skipped"]] == files[:2]
    assert [g["file"] for g in again["imported"]] == files[2:]
    assert db.value("SELECT count(*) FROM game") == len(files)
    assert imported(cli, *files)["imported"] == []
    assert cli("verify").exit_code == 0
