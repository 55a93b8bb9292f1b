"""Hostile and broken input: size limits, and databases that cannot be used."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from euchre_log.store.access import open_store
from euchre_log.store.db import StoreError, mask

from .conftest import SAMPLES, Cli, run


def test_a_huge_file_is_refused_before_it_is_read(cli: Cli, tmp_path: Path) -> None:
    from euchre_log.formats.reader import MAX_FILE_BYTES

    limit = MAX_FILE_BYTES // (1024 * 1024)  # the largest game the limits allow, and more
    big = tmp_path / "huge.json"
    with big.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1024 * 1024)  # sparse: no disk needed
    result = cli("check", "--json", str(big))
    assert result.exit_code == 2
    message = json.loads(result.stdout)["games"][0]["error"]["message"]
    assert f"the file is {limit + 1} MB; the limit is {limit} MB" in message
    assert "the largest game the limits allow" in message and "500 hands" in message


def test_absurdly_long_names_notes_and_titles_are_refused(cli: Cli, tmp_path: Path) -> None:
    doc = json.loads((SAMPLES / "seed001-ordering-up.json").read_text())
    doc["game"]["players"]["N"] = "N" * 5000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc))
    result = cli("import", str(path))
    assert result.exit_code == 2
    assert "too long: 100 characters at most" in result.stderr
    assert cli("new", "--players", "A" * 101 + ",B,C,D").exit_code == 2
    game = cli.json("new", "--players", "A,B,C,D", "--dealer", "W")["id"]
    result = cli("record", str(game), input="9h o 9s\nnote " + "x" * 20000 + "\n")
    assert result.exit_code == 2 and "10000 at most" in result.stderr


def test_thousands_of_hands_in_one_game_are_refused(cli: Cli, tmp_path: Path) -> None:
    hand: dict[str, Any] = {
        "dealer": "W",
        "upcard": "9H",
        "actions": [{"type": "pass", "seat": s} for s in "NESW" * 2],
    }
    hands = [dict(hand, dealer="NESW"[(3 + i) % 4]) for i in range(2000)]
    for h in hands:
        first = "NESW".index(h["dealer"])
        h["actions"] = [{"type": "pass", "seat": "NESW"[(first + 1 + k) % 4]} for k in range(8)]
    path = tmp_path / "marathon.json"
    path.write_text(
        json.dumps(
            {
                "format": "euchre-log/1",
                "game": {"players": dict(zip("NESW", "ABCD", strict=True))},
                "hands": hands,
            }
        )
    )
    result = cli("check", "--json", str(path))
    assert result.exit_code == 2
    assert (
        "a game holds at most 500 hands; this file has 2000"
        in json.loads(result.stdout)["games"][0]["error"]["message"]
    )


def test_a_read_only_database(tmp_path: Path) -> None:
    db = tmp_path / "ro.db"
    assert Cli(db).json("new", "--players", "A,B,C,D")["id"] == 1
    read_only = f"sqlite:///file:{db}?mode=ro&uri=true"
    listing = Cli(read_only)("games", "--json")
    assert listing.exit_code == 0  # reading is fine
    assert [g["id"] for g in json.loads(listing.stdout)["games"]] == [1]
    made = Cli(read_only)("new", "--players", "E,F,G,H")
    assert made.exit_code == 2
    assert "it is read-only" in made.stderr and "nothing was stored" in made.stderr


@pytest.mark.slow
def test_a_database_locked_by_another_program(tmp_path: Path) -> None:
    db = tmp_path / "locked.db"
    assert run(db, "new", "--players", "A,B,C,D").returncode == 0
    holder = sqlite3.connect(db, timeout=1, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = run(db, "new", "--players", "E,F,G,H", env={"EUCHRE_LOG_BUSY_TIMEOUT_MS": "300"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.returncode == 2
    # Issue 23: the other writer may be euchre-log itself; the message blames no one.
    assert "another writer kept it locked for longer than 0.3 seconds" in result.stderr
    assert "another program" not in result.stderr


@pytest.mark.slow
def test_a_short_lock_is_waited_for(tmp_path: Path) -> None:
    db = tmp_path / "busy.db"
    assert run(db, "new", "--players", "A,B,C,D").returncode == 0
    holder = sqlite3.connect(db, timeout=1, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(1.0, lambda: holder.execute("COMMIT"))
    release.start()
    started = time.monotonic()
    result = run(db, "new", "--players", "E,F,G,H")
    release.join()
    holder.close()
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started >= 0.9


def test_urls_with_passwords_are_masked_in_every_message(tmp_path: Path) -> None:
    url = "postgresql+psycopg://club:hunter2@127.0.0.1:1/euchre"
    with pytest.raises(StoreError) as err:
        open_store(url)
    assert "hunter2" not in str(err.value)
    assert "club:***@" in str(err.value)
    assert mask("sqlite:////tmp/x.db") == "sqlite:////tmp/x.db"


def test_a_read_only_uri_names_its_file_and_never_creates_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "nowhere.db"
    with pytest.raises(StoreError, match="there is no database at"):
        open_store(f"sqlite:///file:{missing}?mode=ro&uri=true")
    assert not missing.exists() and not (tmp_path / "file:").exists()


@pytest.mark.parametrize(
    ("db", "said"),
    [
        ("postgresql+psycopg://u:secret@[::1/x", "is not a database path or URL"),
        ("sqlite:///", "is a database in memory, which would store nothing"),
        ("sqlite://", "is a database in memory, which would store nothing"),
        (":memory:", "is a database in memory, which would store nothing"),
        ("sqlite:///file::memory:?uri=true", "is a database in memory"),
    ],
)
def test_a_database_url_that_cannot_be_used_is_refused_in_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: str, said: str
) -> None:
    """Issue 23, hostile 4 and 9: an address that does not parse was an internal error
    (exit 3), ``sqlite:///`` said "no such table: meta", and ``:memory:`` made a file
    named ``:memory:``. Each is now a sentence, exit 2, the password hidden."""
    monkeypatch.chdir(tmp_path)
    result = Cli(db)("games")
    assert result.exit_code == 2
    assert said in result.stderr
    assert "secret" not in result.stderr and "meta" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # no file made
