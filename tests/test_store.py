"""The store and the commands around it: new, record, games, import, export, summary.

Every test here runs on SQLite and on PostgreSQL (``any_db``), but those about the SQLite
file itself (its permissions, WAL mode, a file that is not a database).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from euchre_log.engine import Rules
from euchre_log.recorder.grammar import EntryError
from euchre_log.recorder.recording import Recorder
from euchre_log.store.access import open_store
from euchre_log.store.db import StoreError
from euchre_log.store.games import create_game, load_game
from euchre_log.store.journal import GameMovedOn

from .conftest import SAMPLES, Cli, Database
from .helpers import tokens_from_log

PLAYERS = ["--players", "Ann,Bob,Cat,Dan"]
FLAGGED_SAMPLES = ("renege-dispute.json", "renege-called-mid-hand.json", "turned-down-suit.json")


@pytest.fixture
def db(any_db: Database) -> Database:
    """Each test's database: SQLite, then PostgreSQL."""
    return any_db


def new_game(cli: Cli, *extra: str) -> int:
    return int(cli.json("new", *PLAYERS, *extra)["id"])


def comparable(game: dict[str, Any]) -> dict[str, Any]:
    """A check-report game without its file name."""
    return {k: v for k, v in game.items() if k != "file"}


# --- new and games --------------------------------------------------------------


def test_new_game_by_seat_options_and_listing(cli: Cli) -> None:
    gid = int(
        cli.json(
            "new",
            "--north",
            "Ann",
            "--east",
            "Bob",
            "--south",
            "Cat",
            "--west",
            "Dan",
            "--dealer",
            "E",
            "--title",
            "Friday",
            "--preset",
            "family",
        )["id"]
    )
    listing = cli.json("games")["games"]
    assert [g["id"] for g in listing] == [gid]
    game = listing[0]
    assert game["players"] == {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}
    assert game["title"] == "Friday" and game["status"] == "in progress"
    assert game["score"] == {"NS": 0, "EW": 0}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "Ann,Bob"], "four names"),
        (["--north", "Ann"], "missing E, S, W"),
        ([*PLAYERS, "--preset", "yukon"], "no rules preset 'yukon'"),
        ([*PLAYERS, "--set", "target=zero"], "'target' cannot be 'zero'"),
        ([*PLAYERS, "--set", "stick_the_dealr=true"], "no rule option 'stick_the_dealr'"),
        ([*PLAYERS, "--set", "target"], "option=value"),
        ([*PLAYERS, "--dealer", "Q"], "--dealer takes a seat"),
        (["--players", "Ann,Bob,ann,Dan"], "four different names"),
    ],
)
def test_bad_new_options_are_refused_by_name(cli: Cli, args: list[str], words: str) -> None:
    result = cli("new", *args)
    assert result.exit_code == 2
    assert words in result.stderr and result.stderr.startswith("euchre-log: ")


def test_players_are_shared_across_games_by_name(db: Database, cli: Cli) -> None:
    new_game(cli)
    cli.json("new", "--players", "ann,Eve,Cat,Bob")
    names = sorted(r[0] for r in db.rows("SELECT name FROM player"))
    assert names == ["Ann", "Bob", "Cat", "Dan", "Eve"]


# --- record in piped mode ------------------------------------------------------------


def test_a_whole_game_recorded_from_a_token_script_agrees_with_check(
    cli: Cli, tmp_path: Path, sample: Any
) -> None:
    doc = sample("family-game.json")
    gid = new_game(cli, "--preset", "family", "--dealer", doc["hands"][0]["dealer"])
    script = "\n".join(tokens_from_log(doc)) + "\n"
    result = cli("record", str(gid), input=script)
    assert result.exit_code == 0, result.output
    assert "Game over: EW (Bob & Dan) win 10-8." in result.stdout
    summary = cli.json("summary", str(gid))
    exported = tmp_path / "exported.json"
    assert cli("export", str(gid), "-o", str(exported)).exit_code == 0
    checked = cli.json("check", str(exported))["games"][0]
    assert comparable(checked) == {
        k: v
        for k, v in comparable(summary).items()
        if k
        not in (
            "id",
            "title",
            "date",
            "players",
            "rules",
            "status",
            "fingerprint",
            "last_entry",
            "reopened",
        )
    }
    assert summary["winner"] == "EW" and summary["score"] == {"NS": 8, "EW": 10}
    assert summary["players"] == {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}
    # The exported log holds the same hands and actions as the sample.
    out = json.loads(exported.read_text())
    assert [h["actions"] for h in out["hands"]] == [h["actions"] for h in doc["hands"]]


def test_piped_record_stops_at_the_first_refused_line_and_keeps_what_came_before(cli: Cli) -> None:
    gid = new_game(cli, "--dealer", "W")
    result = cli("record", str(gid), input="9h o 9s\nah 9d jh 9h\nac qc zz\nkd\n")
    assert result.exit_code == 2
    assert "line 3 refused: 'zz' is not a card to play (it is N's turn to play)" in result.stderr
    game = cli.json("summary", str(gid))
    assert game["hands"][0]["outcome"] == "incomplete"
    # The whole refused line was dropped: South, who won trick 1, still has the lead.
    again = cli("record", str(gid), "--json", input="9c\n")
    answer = json.loads(again.stdout.splitlines()[1])
    assert answer["ok"] and answer["to_act"] == "W" and answer["added"] == 1


def test_record_needs_a_game_when_piped(cli: Cli) -> None:
    result = cli("record", input="9h\n")
    assert result.exit_code == 2 and "no game being recorded here" in result.stderr


def test_strict_refuses_a_flagged_line(cli: Cli) -> None:
    gid = new_game(cli, "--dealer", "W")
    result = cli("record", str(gid), "--strict", input="9d p p p p\np d\n")
    assert result.exit_code == 2
    assert "refused under --strict" in result.stderr and "turned down" in result.stderr
    assert cli.json("summary", str(gid))["hands"][0]["outcome"] == "incomplete"


def test_undo_is_recorded_not_deleted_and_crosses_a_hand_start(db: Database, cli: Cli) -> None:
    gid = new_game(cli, "--dealer", "W")
    assert cli("record", str(gid), input="9d p p p p\np p p p\n9c\nundo\nundo\n").exit_code == 0
    game = cli.json("summary", str(gid))
    assert len(game["hands"]) == 1 and game["hands"][0]["outcome"] == "incomplete"
    kinds = [r[0] for r in db.rows("SELECT kind FROM action ORDER BY seq")]
    assert kinds[-4:] == ["pass", "deal", "undo", "undo"]


def test_two_recorders_on_one_game_never_write_over_each_other(db: Database) -> None:
    store = open_store(str(db))
    gid = create_game(
        store, dict(zip("NESW", ["A", "B", "C", "D"], strict=True)), Rules(), first_dealer=3
    )
    first, second = Recorder(store, gid), Recorder(store, gid)
    first.feed("9h o 9s")
    with pytest.raises(GameMovedOn, match="moved on"):
        second.feed("9c")
    # The second recorder reloaded and now sees the first one's entries.
    assert second.session.hand is not None and second.session.hand.turn == 0
    second.feed("ah")
    with pytest.raises(GameMovedOn):
        first.feed("th")
    assert (
        len(load_game(store, gid).record.history) == 4
    )  # 9h, o, 9s, ah: nothing lost, nothing doubled
    store.close()


def test_a_refused_line_stores_nothing(db: Database) -> None:
    store = open_store(str(db))
    gid = create_game(
        store, dict(zip("NESW", ["A", "B", "C", "D"], strict=True)), Rules(), first_dealer=3
    )
    rec = Recorder(store, gid)
    rec.feed("9h o 9s")
    before = db.contents()
    with pytest.raises(EntryError):
        rec.feed("ah th zz")
    assert db.contents() == before
    store.close()


# --- import and export ------------------------------------------------------------------


def test_import_then_export_gives_back_an_equivalent_log(cli: Cli, tmp_path: Path) -> None:
    for path in sorted(SAMPLES.glob("*.json")):
        answer = cli.json("import", str(path))
        (item,) = answer["imported"]
        out = tmp_path / path.name
        assert cli("export", str(item["id"]), "-o", str(out)).exit_code == 0
        original, again = json.loads(path.read_text()), json.loads(out.read_text())
        assert again["game"]["players"] == original["game"]["players"]
        assert again["game"].get("title") == original["game"].get("title")
        assert Rules.build(again["game"]["rules"]) == Rules.build(original["game"].get("rules", {}))
        for h1, h2 in zip(original["hands"], again["hands"], strict=True):
            assert {k: h1.get(k) for k in ("dealer", "upcard", "deal", "kitty", "actions")} == {
                k: h2.get(k) for k in ("dealer", "upcard", "deal", "kitty", "actions")
            }
        # The exported results are the check report's hands.
        checked = cli.json("check", str(path), code=1 if path.name in FLAGGED_SAMPLES else 0)
        assert [h["result"] for h in again["hands"]] == checked["games"][0]["hands"]


def test_a_failed_import_leaves_the_database_unchanged(
    cli: Cli, db: Database, tmp_path: Path, sample: Any
) -> None:
    cli.json("import", str(SAMPLES / "family-game.json"))
    before = db.contents()
    doc = sample("family-game.json")
    doc["hands"][7]["actions"][-1]["card"] = doc["hands"][7]["actions"][-2]["card"]  # a card twice
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    result = cli("import", str(bad))
    assert result.exit_code == 2
    assert "rejected, nothing stored: hand 8, action" in result.stderr
    assert db.contents() == before


def test_import_is_all_or_nothing_per_file(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    answer = cli.json("import", str(SAMPLES / "seed001-ordering-up.json"), str(bad), code=2)
    assert [i["file"] for i in answer["imported"]] == [str(SAMPLES / "seed001-ordering-up.json")]
    assert answer["rejected"][0]["error"]["message"].startswith("not valid JSON")


# --- the database itself ---------------------------------------------------------------------


def test_the_database_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "private.db"
    new_game(Cli(path))
    assert path.stat().st_mode & 0o077 == 0


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    new_game(Cli(path))
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_a_database_from_a_newer_version_is_refused_and_left_alone(db: Database, cli: Cli) -> None:
    new_game(cli)
    db.sql("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    before = db.contents()
    result = cli("games")
    assert result.exit_code == 2
    assert "made by a newer euchre-log (schema 99" in result.stderr
    assert "Nothing was changed" in result.stderr
    assert db.contents() == before


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("shopping list\n" * 200)
    with pytest.raises(StoreError, match="not a euchre-log database"):
        open_store(str(junk))
    with pytest.raises(StoreError, match="is a folder"):
        open_store(str(tmp_path))


def test_another_programs_database_is_left_alone(db: Database) -> None:
    db.sql("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="not a euchre-log database"):
        open_store(str(db))
    assert db.table_names() == ["recipes"]


def test_racing_writers_clash_on_the_unique_sequence_and_are_told_the_game_moved_on(
    db: Database,
) -> None:
    """Another writer commits the entry this one was about to write while it waits: the
    journal's unique (game, seq) refuses the second, which is told the game moved on."""
    store = open_store(str(db))
    gid = create_game(
        store, dict(zip("NESW", ["A", "B", "C", "D"], strict=True)), Rules(), first_dealer=3
    )
    rec = Recorder(store, gid)
    rec.feed("9h")
    other = db.engine.connect()
    other.begin()
    # The other writer takes entry 2 but has not committed (nor moved the game's head).
    other.execute(
        text(
            "INSERT INTO action (game_id, seq, hand, kind, data, time_us, tag)"
            " VALUES (:g, 2, 1, 'pass', 'N', 0, 0)"
        ),
        {"g": gid},
    )
    outcome: list[BaseException | None] = []

    def write() -> None:
        try:
            rec.feed("o")
            outcome.append(None)
        except BaseException as exc:
            outcome.append(exc)

    writer = threading.Thread(target=write)
    writer.start()
    time.sleep(0.5)  # the writer waits on the other's lock (SQLite) or row (PostgreSQL)
    other.commit()
    other.close()
    writer.join(timeout=30)
    assert len(outcome) == 1 and isinstance(outcome[0], GameMovedOn), outcome
    assert "moved on" in str(outcome[0])
    # Nothing of the refused write was stored: entry 2 is the other writer's, and the
    # recorder has reloaded the game with it.
    assert db.rows("SELECT seq, kind FROM action ORDER BY seq") == [
        (0, "header"),
        (1, "deal"),
        (2, "pass"),
    ]
    assert len(rec.session.history) == 2
    store.close()


def test_passwords_in_urls_are_masked() -> None:
    from euchre_log.store.db import mask

    assert (
        mask("postgresql://club:s3cret@db.example:5432/euchre")
        == "postgresql://club:***@db.example:5432/euchre"
    )


def test_json_outputs_follow_their_schemas(cli: Cli) -> None:
    from euchre_log.formats.outputs import GamesOut, ImportOut, NewGameOut, RecordLine, SummaryOut

    NewGameOut.model_validate(cli.json("new", *PLAYERS, "--dealer", "W"))
    ImportOut.model_validate(cli.json("import", str(SAMPLES / "renege-dispute.json")))
    GamesOut.model_validate(cli.json("games"))
    SummaryOut.model_validate(cli.json("summary", "2"))
    result = cli("record", "1", "--json", input="9h o 9s\nah th zz\n")
    lines = [RecordLine.model_validate_json(x) for x in result.stdout.splitlines()]
    assert [x.ok for x in lines] == [True, True, False]  # line 0 is the state as loaded


def test_a_whole_games_chain_is_entry_text_and_chain_hash_entry_by_entry() -> None:
    """``chain_entries`` writes out ``entry_text``, ``chain_hash`` and ``stored`` for
    speed: the same rows, and the texts, heads and head they give."""
    from euchre_log.engine.record import StartHand
    from euchre_log.formats.load import load_games
    from euchre_log.store.journal import (
        Logged,
        chain_entries,
        chain_hash,
        entry_text,
        genesis,
        header_data,
        header_row,
        stored,
    )

    stamp_ = "2026-11-30T00:00:00.000000+00:00"
    for path in sorted(SAMPLES.glob("*.json")):
        for loaded in load_games(path):
            hands = [
                [StartHand(h.dealer, h.upcard, dict(h.deal), h.kitty), *h.actions]
                for h in loaded.game.hands
            ]
            players = {str(s): n for s, n in loaded.log.game.players.items()}
            header = header_data(players, loaded.game.rules.to_dict(), (0, 0), "N")
            rows, texts, heads, head = chain_entries("u" * 32, header, hands, stamp_)
            # Entry 0 is the game's header, chained to its genesis; the hands follow it.
            first = header_row("u" * 32, header, stamp_)
            assert first.hash == chain_hash(genesis("u" * 32), 0, 0, "header", stamp_, first.text)
            assert rows[0] == stored(0, first)[1:]
            prev = first.hash
            seq = 0
            left = iter(zip(rows[1:], texts, strict=True))
            for number, entries in enumerate(hands, start=1):
                for entry in entries:
                    seq += 1
                    row, (kind, text_) = next(left)
                    assert (kind, text_) == entry_text(entry)
                    digest = chain_hash(prev, seq, number, kind, stamp_, text_)
                    assert row == stored(0, Logged(seq, number, kind, text_, stamp_, digest))[1:]
                    prev = digest
                assert heads[number] == prev
            assert head == prev
