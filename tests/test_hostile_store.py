"""Issue 23's hostile user against the store: each attack that passed ``verify`` or fooled
``import`` on the code of schema 4 is caught now. Every test fails on that code and runs
on SQLite and on PostgreSQL.

- The register's chain covers each game's id, its source and its players' names exactly
  as stored: a game renumbered, two games' ids swapped across the tables, ``game.source``
  edited, a player renamed ``BOB`` or given a trailing space, all fail ``verify``.
- Deleting the newest game whole and setting the register's head back to the row before
  (values already stored) fails ``verify``: the head carries a check no row holds.
- A fingerprint means what it says: entries at or before the fingerprinted one taken back
  by ``undo`` since make ``verify --fingerprint`` fail (exit 1).
- A game's own EGN export (which cannot carry the preset's name) is the same game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import SAMPLES, Cli, Database

TABLES_WITH_GAME_ID = ("action", "hand", "flag", "game_seat", "hand_review")


@pytest.fixture
def db(any_db: Database) -> Database:
    """Each test's database: SQLite, then PostgreSQL."""
    return any_db


@pytest.fixture
def stored(cli: Cli, db: Database) -> Database:
    """Three games: two imported (the renege dispute, the family game) and one recorded."""
    cli.json("import", str(SAMPLES / "renege-dispute.json"))
    cli.json("import", str(SAMPLES / "family-game.json"))
    game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")["id"]
    assert cli("record", str(game), input="9h o 9s\nah th jh 9h\n").exit_code == 0
    assert cli("verify").exit_code == 0
    return db


def problems(cli: Cli, *games: str) -> list[dict[str, Any]]:
    result = cli("verify", "--json", *games)
    data = json.loads(result.stdout)
    assert result.exit_code == (1 if data["problems"] else 0), result.output
    return list(data["problems"])


def test_a_renumbered_game_fails_verify(cli: Cli, stored: Database) -> None:
    """Game 2 becomes game 7 in every table that names it (foreign keys deferred where
    the database has them, as another program with the schema's knowledge would)."""
    renumber(stored, {2: 7})
    found = problems(cli)
    assert any(p["game"] == 7 and "is registered as game 2" in p["message"] for p in found), found


def test_two_games_swapped_across_the_tables_fail_verify(cli: Cli, stored: Database) -> None:
    renumber(stored, {1: 2, 2: 1})
    found = problems(cli)
    said = {p["game"] for p in found if "is registered as game" in p["message"]}
    assert said == {1, 2}, found


def test_an_edited_source_fails_verify(cli: Cli, stored: Database) -> None:
    stored.sql("UPDATE game SET source = 'recorded' WHERE id = 1")
    found = problems(cli)
    assert [(p["game"], p["kind"]) for p in found] == [(1, "header")]
    assert "its source is 'recorded', but the register of games recorded 'imported'" in str(found)


@pytest.mark.parametrize("name", ["BOB", "Bob "])
def test_a_name_changed_only_in_its_spelling_fails_verify(
    cli: Cli, stored: Database, name: str
) -> None:
    """The same person by the matching rule (case, spaces), but not the name stored."""
    stored.sql("UPDATE player SET name = :n WHERE name = 'Bob'", n=name)
    found = problems(cli)
    assert {p["game"] for p in found} == {1, 2, 3}
    assert (
        f"the E seat's player is named {name!r}, but the register of games recorded 'Bob'"
        in (found[0]["message"])
    )


def test_the_newest_game_deleted_and_the_registers_head_set_back_fails_verify(
    cli: Cli, stored: Database
) -> None:
    """Every row of game 3 deleted, its rows of the register too, and the register's head
    set to the row before, from values already in the database."""
    rows = stored.rows("SELECT seq, hash FROM game_registry WHERE game_id = 3 ORDER BY seq")
    first = rows[0][0]
    assert stored.value("SELECT max(seq) FROM game_registry") == rows[-1][0]  # its rows last
    (prev,) = stored.rows("SELECT seq, hash FROM game_registry WHERE seq = :s", s=first - 1)
    stored.sql(
        *(f"DELETE FROM {t} WHERE game_id = 3" for t in TABLES_WITH_GAME_ID),
        "DELETE FROM game WHERE id = 3",
        f"DELETE FROM game_registry WHERE seq >= {first}",
        "UPDATE meta SET value = :v WHERE key = 'registry_head'",
        v=f"{prev[0]} {prev[1]}",
    )
    found = problems(cli)
    assert [(p["game"], p["kind"]) for p in found] == [(None, "head")]
    assert "not one euchre-log wrote" in found[0]["message"]
    # A head keeps its check; copying that of the row before is no better.
    stored.sql(
        "UPDATE meta SET value = :v WHERE key = 'registry_head'",
        v=f"{prev[0]} {prev[1]} {'0' * 64}",
    )
    assert [(p["game"], p["kind"]) for p in problems(cli)] == [(None, "head")]


def renumber(database: Database, ids: dict[int, int]) -> None:
    """Give games new ids in every table, as a program that knows the schema would."""
    temporary = {old: 1000 + old for old in ids}
    for step in (temporary, {1000 + old: new for old, new in ids.items()}):
        statements = []
        if database.backend == "sqlite":
            statements.append("PRAGMA defer_foreign_keys = ON")
        else:
            statements.append("SET CONSTRAINTS ALL DEFERRED")
        for old, new in step.items():
            statements += [
                f"UPDATE {t} SET game_id = {new} WHERE game_id = {old}" for t in TABLES_WITH_GAME_ID
            ]
            statements.append(f"UPDATE game SET id = {new} WHERE id = {old}")
        if database.backend == "postgresql":
            # PostgreSQL's foreign keys are not deferrable: take them off for the edit.
            statements = [
                "ALTER TABLE action DROP CONSTRAINT IF EXISTS action_game_id_fkey",
                *(
                    f"ALTER TABLE {t} DROP CONSTRAINT IF EXISTS {t}_game_id_fkey"
                    for t in TABLES_WITH_GAME_ID
                ),
                *statements[1:],
            ]
        database.sql(*statements)


def test_a_fingerprint_whose_entries_were_taken_back_fails(cli: Cli, db: Database) -> None:
    """Issue 23, hostile 1: undo three times then a penalty on a finished imported game
    reverses its winner; the fingerprint taken at its end no longer says what it says."""
    cli.json("import", str(SAMPLES / "family-game.json"))
    before = cli.json("summary", "1")
    mark, last = before["fingerprint"], before["last_entry"]
    assert before["winner"] == "EW"
    result = cli("record", "1", "--reopen", input="undo\nundo\nundo\npenalty NS 5 table talk\n")
    assert result.exit_code == 0, result.output
    assert cli.json("summary", "1")["winner"] == "NS"
    checked = cli("verify", "1", "--fingerprint", mark)
    assert checked.exit_code == 1, checked.output
    assert f"TAKEN BACK: the fingerprint {mark} is that of its record up to entry {last}" in (
        checked.stdout
    )
    assert f"entries {last - 2}, {last - 1} and {last}" in checked.stdout
    data = cli.json("verify", "1", "--fingerprint", mark, code=1)["fingerprint"]
    assert (data["matched"], data["entry"], data["taken_back"]) == (
        None,
        last,
        [last - 2, last - 1, last],
    )


def test_entries_added_after_a_fingerprint_leave_it_standing(cli: Cli, db: Database) -> None:
    """An undo of an entry recorded after the fingerprint takes back nothing it covers."""
    game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")["id"]
    assert cli("record", str(game), input="9h o 9s\n").exit_code == 0
    mark = cli.json("summary", str(game))["fingerprint"]
    assert cli("record", str(game), input="ah\nundo\nkh\n").exit_code == 0
    checked = cli("verify", str(game), "--fingerprint", mark)
    assert checked.exit_code == 0, checked.output
    assert "3 entries were added since" in checked.stdout


def test_a_games_own_egn_export_is_recognised_as_the_same_game(
    cli: Cli, db: Database, tmp_path: Path
) -> None:
    """The EGN export cannot carry the preset's name: the rules compare by their values."""
    cli.json("import", str(SAMPLES / "family-game.json"))
    egn = tmp_path / "family.egn"
    assert cli("export", "1", "--format", "egn", "-o", str(egn)).exit_code == 0
    stats = cli.json("stats", "--no-review")
    again = cli.json("import", str(egn))
    assert again["imported"] == [] and [s["id"] for s in again["skipped"]] == [1]
    assert cli.json("stats", "--no-review") == stats  # not doubled


def test_undo_on_a_won_game_asks_for_reopen_and_the_record_shows_it(cli: Cli, db: Database) -> None:
    """An imported game that is over: undo is refused, saying how; ``--reopen`` records
    that it was reopened, which summary, replay and verify show."""
    cli.json("import", str(SAMPLES / "renege-dispute.json"))
    cli.json("import", str(SAMPLES / "family-game.json"))
    last = cli.json("summary", "2")["last_entry"]
    refused = cli("record", "2", input="undo\n")
    assert refused.exit_code == 2
    assert "the game is over (EW won, 8-10)" in refused.stderr
    assert "euchre-log record --reopen GAME" in refused.stderr
    assert cli.json("summary", "2")["last_entry"] == last  # nothing stored
    not_won = cli("record", "1", "--reopen", input="")
    assert not_won.exit_code == 2 and "game 1 is not over" in not_won.stderr
    assert cli("record", "2", "--reopen", input="undo\n").exit_code == 0
    summary = cli.json("summary", "2")
    assert [r["entry"] for r in summary["reopened"]] == [last + 1]
    assert summary["last_entry"] == last + 2 and summary["winner"] is None
    text = cli("summary", "2").stdout
    assert f"Reopened after it was won, at entry {last + 1}" in text
    assert (
        f"Reopened after it was won, at entry {last + 1}"
        in cli("replay", "2", "--no-review").stdout
    )
    verified = cli("verify", "2")
    assert verified.exit_code == 0
    assert f"reopened after it was won, at entry {last + 1}" in verified.stdout
    record = cli.json("verify", "2")["records"][0]
    assert record["reopened"] == [last + 1]
    assert cli.json("summary", "1")["reopened"] == []


def test_the_rest_of_a_hand_won_in_its_middle_needs_no_reopen(cli: Cli, db: Database) -> None:
    """LOG_FORMAT.md: a penalty may win the game mid-hand, and the rest of that hand may
    still be recorded: that is no undo, and needs no reopening."""
    game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W", "--set", "target=2")[
        "id"
    ]
    lines = "9h o 9s\npenalty NS 2 table talk\nah th jh 9h\n"
    result = cli("record", str(game), input=lines)
    assert result.exit_code == 0, result.output
    summary = cli.json("summary", str(game))
    assert summary["winner"] == "NS" and summary["reopened"] == []
