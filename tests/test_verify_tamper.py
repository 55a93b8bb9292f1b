"""Issue 14, item 1: ``verify`` covers what a verdict depends on.

Each tamper the issue lists is made here with plain SQL, as another program would, and
each is reported (every one of these tests fails on the code before schema 4, whose
``verify`` found them all intact). The one tamper ``verify`` cannot see (entries cut off
within the hand being played, the head and every cache put back in line with them) is
shown too, with the fingerprint that catches it. Every test runs on SQLite and on
PostgreSQL.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from euchre_log.store.games import rejudge

from .conftest import SAMPLES, Cli, Database
from .helpers import head_at, journal, rewrite_journal


@pytest.fixture
def db(any_db: Database) -> Database:
    """Each test's database: SQLite, then PostgreSQL."""
    return any_db


@pytest.fixture
def stored(cli: Cli, db: Database) -> Database:
    """Game 1: the renege dispute, imported (East reneged; NS take 2). Game 2: recorded."""
    cli.json("import", str(SAMPLES / "renege-dispute.json"))
    game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")["id"]
    assert cli("record", str(game), input="9h o 9s\nah th jh 9h\nundo\n9h\n").exit_code == 0
    assert cli("verify").exit_code == 0
    return db


def problems(cli: Cli, *games: str) -> list[dict[str, Any]]:
    """What ``verify --json`` reports; exit code 1 with problems, 0 without."""
    result = cli("verify", "--json", *games)
    data = json.loads(result.stdout)
    assert result.exit_code == (1 if data["problems"] else 0), result.output
    return list(data["problems"])


def kinds(found: list[dict[str, Any]]) -> set[tuple[Any, str]]:
    return {(p["game"], p["kind"]) for p in found}


def rebuild_caches(database: Database) -> None:
    """Put every cache back in line with the journal, as a forger with the code would."""
    with database.engine.begin() as conn:
        rejudge(conn)


def cut(database: Database, game: int, after: int) -> None:
    """Cut a game's entries after entry ``after``, and set its count and head back to
    match: the head worked out with the code, as schema 5 keeps that hash in no row."""
    head = head_at(database.engine, game, after)
    database.sql(
        f"DELETE FROM action WHERE game_id = {game} AND seq > {after}",
        f"UPDATE game SET last_seq = {after}, head_hash = :h WHERE id = {game}",
        h=head,
    )


def test_changed_rules_are_reported(cli: Cli, stored: Database) -> None:
    rules = json.loads(stored.value("SELECT rules FROM game WHERE id = 1"))
    assert rules["renege_points"] == 2
    stored.sql(
        "UPDATE game SET rules = :r WHERE id = 1", r=json.dumps({**rules, "renege_points": 9})
    )
    found = problems(cli)
    assert kinds(found) == {(1, "header")}
    assert "renege_points is 9 (the header: 2)" in found[0]["message"]


def test_a_changed_starting_score_is_reported(cli: Cli, stored: Database) -> None:
    stored.sql("UPDATE game SET initial_ns = 8 WHERE id = 2")
    found = problems(cli)
    assert kinds(found) == {(2, "header")}
    assert "its starting score is NS 8, EW 0, but its header says NS 0, EW 0" in str(found)


def test_swapped_seats_are_reported(cli: Cli, stored: Database) -> None:
    """East's renege charged to North instead, by swapping two rows of game_seat."""
    n, e = (
        stored.value("SELECT player_id FROM game_seat WHERE game_id = 1 AND seat = :s", s=s)
        for s in ("N", "E")
    )
    stored.sql(
        "UPDATE game_seat SET player_id = :e WHERE game_id = 1 AND seat = 'N'",
        "UPDATE game_seat SET player_id = :n WHERE game_id = 1 AND seat = 'E'",
        n=n,
        e=e,
    )
    found = problems(cli)
    assert kinds(found) == {(1, "header")}
    assert "the N seat holds Bob, but its header says Ann" in str(found)
    assert "the E seat holds Ann, but its header says Bob" in str(found)


def test_a_renamed_player_is_reported(cli: Cli, stored: Database) -> None:
    stored.sql("UPDATE player SET name = 'Bobby', key = 'bobby' WHERE name = 'Bob'")
    assert kinds(problems(cli)) == {(1, "header"), (2, "header")}


@pytest.mark.parametrize(
    ("tamper", "cache"),
    [
        ("UPDATE hand SET points_ns = 4 WHERE game_id = 1 AND number = 1", "hand 1's cached"),
        ("UPDATE hand SET maker = 'E' WHERE game_id = 1 AND number = 1", "hand 1's cached"),
        ("DELETE FROM flag WHERE game_id = 1", "hand 1's cached flags"),
        ("UPDATE flag SET accused = 'N' WHERE game_id = 1", "hand 1's cached flags"),
        ("UPDATE game SET score_ns = 10, winner = 'NS' WHERE id = 1", "cached summary"),
        ("UPDATE game SET status = 'finished' WHERE id = 2", "cached summary"),
    ],
)
def test_an_edited_cache_is_reported(cli: Cli, stored: Database, tamper: str, cache: str) -> None:
    """The rows games and stats read: a hand's result, its flags, the game's score."""
    stored.sql(tamper)
    found = problems(cli)
    assert {k for _, k in kinds(found)} == {"cache"}
    assert cache in found[0]["message"]
    assert "changed outside euchre-log" in found[0]["message"]


def test_a_deleted_game_is_reported(cli: Cli, stored: Database) -> None:
    stored.sql(
        *(f"DELETE FROM {t} WHERE game_id = 2" for t in ("flag", "hand", "action", "game_seat")),
        "DELETE FROM game WHERE id = 2",
    )
    found = problems(cli)
    assert kinds(found) == {(2, "removed")}
    assert "is in the database's register of games but no longer in the database" in str(found)
    assert json.loads(cli("verify", "--json").stdout)["games"] == [1, 2]
    assert cli("verify", "2").exit_code == 1


def test_a_game_put_in_behind_the_register_is_reported(cli: Cli, stored: Database) -> None:
    stored.sql("DELETE FROM game_registry WHERE game_id = 2")
    found = kinds(problems(cli))
    assert (2, "inserted") in found and (None, "removed") in found  # and the register's link


def test_cut_entries_with_the_head_set_back_are_reported(cli: Cli, stored: Database) -> None:
    """Game 1's last two plays cut off, its count and head set back to entry 22, every
    cache rebuilt to match: the chain is whole, but the register recorded entry 24."""
    cut(stored, 1, 22)
    rebuild_caches(stored)
    found = problems(cli)
    assert kinds(found) == {(1, "removed")}
    assert "recorded its record up to entry 24" in found[0]["message"]
    assert "cut off and its head hash set back" in found[0]["message"]


def test_cut_entries_back_past_a_new_hand_are_reported(cli: Cli, stored: Database) -> None:
    """A hand recorded on after the import: its deal is a checkpoint of the register."""
    assert cli("record", "1", input="9h o 9s\nah th\n").exit_code == 0
    assert stored.value("SELECT last_seq FROM game WHERE id = 1") == 29
    checkpoint = stored.rows(
        "SELECT last_seq FROM game_registry WHERE game_id = 1 AND event = 'checkpoint'"
    )
    assert checkpoint == [(27,)]  # the head after the line that dealt hand 2
    cut(stored, 1, 24)
    rebuild_caches(stored)
    assert kinds(problems(cli)) == {(1, "removed")}


def test_what_verify_cannot_see_and_the_fingerprint_that_does(cli: Cli, stored: Database) -> None:
    """Entries cut off after the last checkpoint (within the hand being played), with the
    head and every cache put back in line: nothing in the database is left to disagree,
    since there is no secret in any hash. A fingerprint taken before the cut is."""
    assert cli("record", "1", input="9h o 9s\nah th\n").exit_code == 0
    mark = cli.json("summary", "1")["fingerprint"]
    cut(stored, 1, 27)
    rebuild_caches(stored)
    assert problems(cli) == []  # the limit, said in the README
    result = cli("verify", "1", "--fingerprint", mark)
    assert result.exit_code == 1
    assert f"NO MATCH: no state of its record (entries 0 to 27) has the fingerprint {mark}" in (
        result.stdout
    )


def test_a_rewritten_header_with_its_hashes_recomputed_is_reported(
    cli: Cli, stored: Database
) -> None:
    """The rules changed on the game row and in its header, the header's hash recomputed
    and the chain after it relinked: the register still holds the header's old hash."""
    rules = json.loads(stored.value("SELECT rules FROM game WHERE id = 2"))
    rules["renege_points"] = 9
    with stored.engine.begin() as conn:
        rows = journal(conn, 2)
        header = json.loads(rows[0].text)
        header["rules"] = rules
        text = json.dumps(header, sort_keys=True, separators=(",", ":"))
        moved = rewrite_journal(conn, 2, [rows[0]._replace(text=text), *rows[1:]])
    head = stored.value("SELECT head_hash FROM game WHERE id = 2")
    stored.sql(
        "UPDATE game SET rules = :r, head_hash = :h WHERE id = 2",
        r=json.dumps(rules),
        h=moved[head],
    )
    found = problems(cli)
    assert (2, "header") in kinds(found)
    assert "not the one the register of games holds" in str(found)


def test_a_head_set_back_with_plain_sql_is_reported(cli: Cli, stored: Database) -> None:
    """Schema 5 keeps no entry's hash in its row but a hand's start's: a head set back to
    an earlier entry with plain SQL alone cannot be that entry's hash."""
    stored.sql(
        "DELETE FROM action WHERE game_id = 1 AND seq > 22",
        "UPDATE game SET last_seq = 22 WHERE id = 1",
    )
    rebuild_caches(stored)
    assert kinds(problems(cli)) == {(1, "head")}
