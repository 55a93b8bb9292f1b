"""``euchre-log copy --from A --to B``: games move between databases with their chains.

The source is the kept schema-v1 history (upgraded when opened, as every command does);
the target is a SQLite file and, with ``EUCHRE_LOG_TEST_POSTGRES``, a PostgreSQL database.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from .conftest import FIXTURES, SAMPLES, Cli, Database

JOURNAL = "SELECT seq, hand, kind, data, time_us, tag, hash FROM action"
GAME_FACTS = (
    "SELECT uid, title, date, notes, rules, first_dealer, initial_ns, initial_ew, created_at,"
    " updated_at, source, status, score_ns, score_ew, winner, hands, last_seq, head_hash"
    " FROM game"
)
HAND_FACTS = (
    "SELECT number, dealer, upcard, trump, maker, bid_round, alone, defender, tricks_ns,"
    " tricks_ew, points_ns, points_ew, outcome, score_ns, score_ew, flags, head_hash FROM hand"
)
FLAG_FACTS = "SELECT hand, kind, seat, trick, accused, message FROM flag"


@pytest.fixture
def source(tmp_path: Path) -> Database:
    """A local history: the schema-v1 fixture's five games, in a SQLite file."""
    path = tmp_path / "home.db"
    shutil.copyfile(FIXTURES / "schema-v1.db", path)
    return Database("sqlite", str(path), path)


@pytest.fixture
def target(any_db: Database) -> Database:
    """The club's database: an empty SQLite file, then an empty PostgreSQL database."""
    return any_db


def copy(source: Database | Path | str, target: Database | Path | str, *args: str) -> Any:
    """Run ``copy`` (``--db`` plays no part in it)."""
    return Cli("unused.db")("copy", "--from", str(source), "--to", str(target), *args)


def copy_json(
    source: Database | Path | str, target: Database | Path | str, *args: str, code: int = 0
) -> Any:
    result = copy(source, target, "--json", *args)
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def game_uids(db: Database) -> dict[str, int]:
    return {uid: gid for gid, uid in db.rows("SELECT id, uid FROM game")}


def one_game(db: Database, game_id: int) -> dict[str, Any]:
    """Everything stored of one game, without the row ids that differ between databases."""
    where = {"g": game_id}
    seats = db.rows(
        "SELECT s.seat, p.name FROM game_seat s JOIN player p ON p.id = s.player_id"
        " WHERE s.game_id = :g ORDER BY s.seat",
        **where,
    )
    return {
        "game": db.rows(f"{GAME_FACTS} WHERE id = :g", **where),
        "seats": seats,
        "journal": db.rows(f"{JOURNAL} WHERE game_id = :g ORDER BY seq", **where),
        "hands": db.rows(f"{HAND_FACTS} WHERE game_id = :g ORDER BY number", **where),
        "flags": sorted(db.rows(f"{FLAG_FACTS} WHERE game_id = :g", **where), key=repr),
    }


def test_copy_moves_every_game_exactly_and_verify_stays_clean(
    source: Database, target: Database
) -> None:
    answer = copy_json(source, target)
    assert [o["status"] for o in answer["games"]] == ["copied"] * 5
    assert answer["copied"] == 5 and answer["skipped"] == 0 and answer["refused"] == 0
    mine, club = game_uids(source), game_uids(target)
    assert set(mine) == set(club)
    for uid, gid in mine.items():
        assert one_game(target, club[uid]) == one_game(source, gid), uid
    # The chains are the same chains: verify is clean, and the games read the same.
    verified = Cli(target)("verify", "--json")
    assert verified.exit_code == 0 and json.loads(verified.stdout)["intact"]
    for uid, gid in mine.items():
        exported = [
            Cli(db)("export", str(g)).stdout for db, g in ((source, gid), (target, club[uid]))
        ]
        assert json.loads(exported[0]) == json.loads(exported[1])
    # Players are shared by name in the target, as in the source.
    assert sorted(r[0] for r in target.rows("SELECT name FROM player")) == sorted(
        r[0] for r in source.rows("SELECT name FROM player")
    )


def test_copying_again_skips_what_is_there_and_never_duplicates(
    source: Database, target: Database
) -> None:
    assert copy_json(source, target, "1", "2")["copied"] == 2
    result = copy(source, target)
    assert result.exit_code == 0, result.output
    assert result.stdout.count("skipped: the target already holds it") == 2
    assert "Copied 3 of 5 games" in result.stdout and "2 already there" in result.stdout
    before = target.contents()
    again = copy_json(source, target)
    assert [o["status"] for o in again["games"]] == ["skipped"] * 5
    assert [o["target_game"] for o in again["games"]] == [1, 2, 3, 4, 5]
    assert target.contents() == before  # not one row more


def test_copy_into_a_database_with_its_own_games_and_players(
    source: Database, target: Database
) -> None:
    club = Cli(target)
    club.json("new", "--players", "ANN,Walt,Xena,Yuri")  # Ann, under another spelling
    club.json("import", str(SAMPLES / "seed001-going-alone.json"))
    answer = copy_json(source, target)
    assert {o["target_game"] for o in answer["games"]} == {3, 4, 5, 6, 7}
    names = [r[0] for r in target.rows("SELECT name FROM player")]
    assert sum(n.casefold() == "ann" for n in names) == 1  # matched by name, not added again
    assert club.json("summary", "3")["players"]["N"] == "ANN"
    assert Cli(target)("verify").exit_code == 0
    assert len(club.json("games")["games"]) == 7


def test_a_tampered_game_is_refused_and_the_rest_is_copied(
    source: Database, target: Database
) -> None:
    Cli(source)("games")  # upgrade it first, so that the tampering below is all there is
    source.sql("UPDATE action SET data = replace(data, '9D', 'KD') WHERE game_id = 2 AND seq = 5")
    result = copy(source, target)
    assert result.exit_code == 1
    assert "game 2: REFUSED: verify finds its record broken: hand 1, entry 5" in result.stdout
    assert "Copied 4 of 5 games" in result.stdout and "1 refused" in result.stdout
    uid = source.value("SELECT uid FROM game WHERE id = 2")
    assert uid not in game_uids(target)
    assert Cli(target)("verify").exit_code == 0


def _fail_inserting(db: Database, uid: str) -> None:
    """A trigger in the target that refuses one game, as a server failing mid-copy."""
    if db.backend == "sqlite":
        db.sql(
            f"CREATE TRIGGER refuse BEFORE INSERT ON action WHEN NEW.game_id IN"
            f" (SELECT id FROM game WHERE uid = '{uid}')"
            " BEGIN SELECT RAISE(ABORT, 'the server went away'); END"
        )
    else:
        db.sql(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            f" IF NEW.game_id IN (SELECT id FROM game WHERE uid = '{uid}') THEN"
            " RAISE EXCEPTION 'the server went away'; END IF; RETURN NEW; END $$",
            "CREATE TRIGGER refuse BEFORE INSERT ON action FOR EACH ROW EXECUTE FUNCTION refuse()",
        )


def test_a_copy_stopped_half_way_leaves_whole_games_and_resumes(
    source: Database, target: Database
) -> None:
    Cli(target)("games")  # the target's tables, for the trigger
    Cli(source)("games")
    third = source.value("SELECT uid FROM game WHERE id = 3")
    _fail_inserting(target, third)
    result = copy(source, target)
    assert result.exit_code == 2
    assert "the copy stopped at game 3" in result.stderr and "the server went away" in result.stderr
    assert "games 1, 2 were copied whole" in result.stderr
    assert sorted(game_uids(target)) == sorted(
        r[0] for r in source.rows("SELECT uid FROM game WHERE id IN (1, 2)")
    )
    assert target.value("SELECT count(*) FROM hand") == 14  # nothing of game 3's rows
    assert Cli(target)("verify").exit_code == 0
    target.sql(
        "DROP TRIGGER refuse" if target.backend == "sqlite" else "DROP TRIGGER refuse ON action"
    )
    answer = copy_json(source, target)
    assert [o["status"] for o in answer["games"]] == ["skipped"] * 2 + ["copied"] * 3
    assert Cli(target)("verify").exit_code == 0


def test_a_postgresql_history_copies_back_into_sqlite(any_db: Database, tmp_path: Path) -> None:
    """The other way round: from a server (or a file) into a new local file."""
    Cli(any_db).json("import", str(SAMPLES / "family-game.json"))
    assert Cli(any_db)("record", "1", "--reopen", input="undo\n").exit_code == 0
    local = tmp_path / "laptop" / "euchre-log.db"
    refused = copy(any_db, local)  # a folder that does not exist is not made
    assert refused.exit_code == 2 and "the folder" in refused.stderr
    assert not local.parent.exists()
    local.parent.mkdir()
    answer = copy_json(any_db, local)
    assert answer["copied"] == 1
    copied = Database("sqlite", str(local), local)
    assert one_game(copied, 1) == one_game(any_db, 1)
    assert Cli(local)("verify").exit_code == 0


def test_copy_refusals_exit_2_in_words(source: Database, tmp_path: Path) -> None:
    same = copy(source, str(source.path))
    assert same.exit_code == 2 and "the same database" in same.stderr
    missing = copy(tmp_path / "nowhere.db", source)
    assert missing.exit_code == 2 and "there is no database at" in missing.stderr
    secret = copy(source, "postgresql+psycopg://club:hunter2@127.0.0.1:1/euchre")
    assert secret.exit_code == 2
    assert "hunter2" not in secret.output and "club:***@127.0.0.1:1/euchre" in secret.stderr
    assert copy(source, tmp_path / "x.db", "7").exit_code == 2
