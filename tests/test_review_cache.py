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


def test_stats_of_games_that_match_review_only_those(db: Database, tmp_path: Path) -> None:
    stored(db, "family-game.json", "seed001-ordering-up.json")
    cli = Cli(db)
    doc = cli.json("stats", "--game", "2")
    assert doc["review"] == {"hands": 1, "reviewed": 1, "analysed": 1, "missing": 0}
    assert db.value("SELECT count(*) FROM hand_review") == 1
    south = next(p for p in doc["players"] if p["name"] == "South")
    assert south["review"] == {
        "hands": 1,
        "plays": 5,
        "choices": 3,
        "tricks_given": 1,
        "accuracy": 66.7,
        "makeable_not_made": 0,
        "avoidable_euchres": 0,
    }
    assert cli.json("stats")["review"]["reviewed"] == 14
