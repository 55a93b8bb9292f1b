"""The review cache of stats (``store.review_cache``): what a row keeps, when it is stale,
and two writers at once. Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from euchre_log.engine.review import review_hand
from euchre_log.formats.load import load_games
from euchre_log.store import review_cache
from euchre_log.store.access import open_store
from euchre_log.store.stats import StatsFilter, missing_reviews

from .conftest import SAMPLES, Cli, Database


@pytest.fixture
def db(any_db: Database) -> Database:
    return any_db


def stored(db: Database, *names: str) -> None:
    result = Cli(db)("import", *(str(SAMPLES / n) for n in names))
    assert result.exit_code == 0, result.output


def test_a_row_keeps_what_stats_needs_of_the_review(db: Database) -> None:
    stored(db, "seed001-ordering-up.json")
    store = open_store(str(db))
    try:
        todo = missing_reviews(store)
        assert [(g, n) for g, n, _ in todo] == [(1, 1)]
        assert review_cache.fill(store, todo) == 1
        assert missing_reviews(store) == []
    finally:
        store.close()
    (row,) = db.rows(
        "SELECT analysed, dd_tricks, tricks, par_tricks, plays_s, choices_s, good_s, cost_s,"
        " plays_n, choices_n, good_n, cost_n, version FROM hand_review"
    )
    (loaded,) = load_games(SAMPLES / "seed001-ordering-up.json")
    r = review_hand(loaded.game.hands[0])
    assert r.dd_tricks == 4 and r.tricks == 3
    # South played 5 cards, 3 of them choices, one of which (A♣) gave a trick away.
    assert tuple(row[:12]) == (True, 4, 3, 4, 5, 3, 2, 1, 5, 2, 2, 0)
    assert row[12] == review_cache.VERSION


def test_a_row_of_another_head_or_version_is_stale(db: Database) -> None:
    stored(db, "seed001-ordering-up.json", "renege-dispute.json")
    store = open_store(str(db))
    try:
        review_cache.fill(store, missing_reviews(store))
        assert missing_reviews(store) == []
        # The hand's record moved on behind the cache's back: its row no longer counts.
        db.sql("UPDATE hand_review SET head_hash = 'old' WHERE game_id = 1")
        assert [(g, n) for g, n, _ in missing_reviews(store)] == [(1, 1)]
        # A review made by another version of the code is stale too.
        db.sql("UPDATE hand_review SET version = '0.0' WHERE game_id = 2")
        assert [(g, n) for g, n, _ in missing_reviews(store)] == [(1, 1), (2, 1)]
        assert missing_reviews(store, StatsFilter(games=(2,))) == missing_reviews(store)[1:]
        review_cache.fill(store, missing_reviews(store))
        assert missing_reviews(store) == []
    finally:
        store.close()
    # The stale rows were replaced, not kept beside the new ones.
    assert db.value("SELECT count(*) FROM hand_review") == 2
    assert db.value("SELECT count(*) FROM hand_review WHERE head_hash = 'old'") == 0


def test_two_stats_filling_the_same_hands_at_once_both_succeed(db: Database) -> None:
    stored(db, "family-game.json")
    stores = [open_store(str(db)) for _ in range(2)]
    todo = missing_reviews(stores[0])
    assert len(todo) == 13
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            review_cache.fill(stores[i], todo, workers=1)
        except BaseException as exc:  # the test fails below, with the error
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for s in stores:
        s.close()
    assert errors == []
    assert db.value("SELECT count(*) FROM hand_review") == 13


def test_stats_reviews_nothing_and_review_all_reviews_the_rest(db: Database) -> None:
    """Issue 24: stats never blocks on analysis. It counts the reviews kept (review GAME
    keeps a game's) and says how many hands are left; review --all reviews them."""
    stored(db, "family-game.json", "seed001-ordering-up.json")
    cli = Cli(db)
    assert cli.json("stats")["review"] == {"hands": 14, "reviewed": 0, "analysed": 0, "missing": 14}
    assert db.value("SELECT count(*) FROM hand_review") == 0
    assert cli("review", "2", "--no-fair").exit_code == 0
    doc = cli.json("stats", "--game", "2")
    assert doc["review"] == {"hands": 1, "reviewed": 1, "analysed": 1, "missing": 0}
    south = next(p for p in doc["players"] if p["name"] == "South")
    assert south["review"] == {
        "hands": 1,
        "plays": 5,
        "choices": 3,
        "tricks_given": 1,
        "accuracy": 66.7,
        "makeable_not_made": 0,
        "avoidable_euchres": 0,
        "fair_choices": 0,
        "fair_accuracy": None,
    }
    assert cli.json("stats")["review"]["missing"] == 13
    done = cli("review", "--all", "--no-fair")
    assert done.exit_code == 0
    assert done.stdout == "Reviewed 13 hands of 1 game; stats counts them now.\n"
    assert cli.json("stats")["review"] == {
        "hands": 14,
        "reviewed": 14,
        "analysed": 13,
        "missing": 0,
    }
    assert cli("review", "--all", "--no-fair").stdout == "Every stored hand is reviewed already.\n"


def test_a_whole_review_comes_back_from_its_row() -> None:
    """``data`` keeps the whole review: read back, it is the very review, every field."""
    from euchre_log.engine.solver import Solver

    solver = Solver()
    seen = 0
    for path in sorted(SAMPLES.glob("*.json")):
        for loaded in load_games(path):
            for hand in loaded.game.hands:
                r = review_hand(hand, solver)
                assert review_cache.review_from_json(review_cache.review_json(r)) == r
                seen += r.analysed
    assert seen > 20
    assert review_cache.review_from_json('{"v": 99, "review": {}}') is None
    assert review_cache.review_from_json("not json") is None


def test_review_of_a_stored_game_reads_what_it_kept(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: review GAME computes once and keeps it; after that it, replay and
    explain read it back instead of searching again."""
    from euchre_log.store import reviewer

    stored(db, "family-game.json")
    cli = Cli(db)
    first = cli.json("review", "1", "--no-fair")
    assert db.value("SELECT count(*) FROM hand_review WHERE data IS NOT NULL") == 13
    replayed = cli("replay", "1").stdout
    explained = cli("explain", "1", "--hand", "12").stdout

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a kept review was computed again")

    monkeypatch.setattr(reviewer, "review_hand", refuse)
    assert cli.json("review", "1", "--no-fair") == first
    assert cli.json("review", "1", "--hand", "12", "--no-fair")["games"][0]["hands"] == [
        first["games"][0]["hands"][11]
    ]
    assert cli("replay", "1").stdout == replayed
    assert cli("explain", "1", "--hand", "12").stdout == explained
    # A hand whose record changes is reviewed again (and the others read back).
    monkeypatch.undo()
    assert cli("record", "1", "--reopen", input="undo\nundo\n").exit_code == 0
    again = cli.json("review", "1", "--no-fair")["games"][0]["hands"]
    assert again[:12] == first["games"][0]["hands"][:12]
    assert again[12] != first["games"][0]["hands"][12]


def test_review_says_on_a_terminal_when_it_computes(db: Database) -> None:
    from .test_games_list import on_a_terminal

    stored(db, "family-game.json")
    if db.backend != "sqlite":
        pytest.skip("the terminal's test needs a file path")
    _, said = on_a_terminal(Path(str(db)), "review", "1", "--hand", "3", "--no-fair")
    assert "Reviewing hand of game 1 for the first time (the review is kept for next time)" in said
    _, said = on_a_terminal(Path(str(db)), "review", "1", "--hand", "3", "--no-fair")
    assert "Reviewing" not in said
