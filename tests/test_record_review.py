"""``record --review``: each hand reviewed as it ends, kept for ``review``, never in the way.

The reviews kept must be exactly what ``review`` would work out itself (the same engine
functions, the same seed), and a hand taken back while it was being reviewed must not be
kept with the review of what it no longer is.
"""

from __future__ import annotations

import json
import threading

from euchre_log.engine.fair import SAMPLES, fair_review, hand_seed
from euchre_log.engine.review import review_hand
from euchre_log.recorder.recording import Recorder
from euchre_log.recorder.reviews import HandsAsTheyEnd, finished_numbers
from euchre_log.store.access import open_store
from euchre_log.store.db import Store
from euchre_log.store.games import load_game
from euchre_log.store.review_cache import cached, fair_cached

from .conftest import Cli
from .helpers import ORDER_UP_DEAL, ORDER_UP_PLAY

HAND = ORDER_UP_DEAL + ORDER_UP_PLAY


def _new(cli: Cli) -> None:
    assert cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W").exit_code == 0


def _kept(store: Store) -> tuple[object, object]:
    return cached(store, 1, [1]).get(1), fair_cached(store, 1, [1], SAMPLES).get(1)


def test_record_review_keeps_each_hand_s_reviews_as_it_ends(cli: Cli) -> None:
    _new(cli)
    done = cli("record", "--review", input=HAND)
    assert done.exit_code == 0, done.output
    # The sentence names each labelled card and counts the marked ones; the reviews it
    # reports are checked below against the engine's own, worked out here.
    assert (
        "Hand 1 reviewed: W Dan K♣ a blunder; 1 card gave away a trick with every card "
        "face up (euchre-log review 1 shows why)."
    ) in done.stdout
    store = open_store(str(cli.db))
    hand = load_game(store, 1).game.hands[0]
    review, fair = _kept(store)
    assert review == review_hand(hand)
    assert fair == fair_review(hand, hand_seed(hand), SAMPLES)


def test_without_review_the_recorder_reviews_nothing(cli: Cli) -> None:
    _new(cli)
    done = cli("record", input=HAND)
    assert done.exit_code == 0 and "reviewed" not in done.stdout
    assert _kept(open_store(str(cli.db))) == (None, None)


def test_record_json_review_keeps_the_reviews_and_prints_only_answers(cli: Cli) -> None:
    _new(cli)
    done = cli("record", "--json", "--review", input=HAND)
    assert done.exit_code == 0
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert all(a["ok"] for a in answers) and answers[-1]["score"] == {"NS": 1, "EW": 0}
    review, fair = _kept(open_store(str(cli.db)))
    assert review is not None and fair is not None


def test_a_hand_taken_back_while_it_is_reviewed_is_not_kept(cli: Cli) -> None:
    _new(cli)
    store = open_store(str(cli.db))
    recorder = Recorder(store, 1)
    reviews = HandsAsTheyEnd(store, 1)
    *start, last = [line for line in HAND.splitlines() if line]
    for line in start:
        recorder.feed(line)
    before = finished_numbers(recorder.session.game.hands)
    recorder.feed(last)
    assert reviews.ended(before, recorder.session.game.hands) == [1]
    recorder.feed("undo")  # the last card, before the review is collected
    (gone,) = reviews.collect(recorder.session.game.hands, wait=True)
    assert gone.number == 1 and not gone.kept
    assert _kept(store) == (None, None)
    # Entered again, the hand is reviewed again and kept.
    before = finished_numbers(recorder.session.game.hands)
    recorder.feed(last.split()[-1])
    assert reviews.ended(before, recorder.session.game.hands) == [1]
    (again,) = reviews.collect(recorder.session.game.hands, wait=True)
    assert again.kept and reviews.pending == ()
    assert _kept(store)[1] == again.fair
    reviews.close()


def _review_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "reviews"]


def test_the_reviews_thread_ends_with_the_recorder(cli: Cli) -> None:
    _new(cli)
    for _ in range(3):  # each run of the command starts a thread and ends it
        assert cli("record", "--review", input="undo\n").exit_code in (0, 2)
    for thread in _review_threads():
        thread.join(timeout=10)
    assert _review_threads() == []


def test_a_closed_reviewer_takes_no_more_hands_and_its_thread_ends(cli: Cli) -> None:
    _new(cli)
    store = open_store(str(cli.db))
    recorder = Recorder(store, 1)
    with HandsAsTheyEnd(store, 1) as reviews:
        (thread,) = _review_threads()
    thread.join(timeout=10)
    assert not thread.is_alive()
    for line in HAND.splitlines():
        if line:
            recorder.feed(line)
    assert reviews.ended({}, recorder.session.game.hands) == []
    assert reviews.pending == ()
