"""Each hand reviewed as it ends, when asked (``record --review``): never in the way.

A hand's fair review takes a few seconds of one core, the open-hand one a few
milliseconds. ``HandsAsTheyEnd`` works both out on a thread of their own, from a copy of
the hand, so the prompt comes back at once and the next hand's entries are taken while
the last one is reviewed (the thread only computes; Python runs it between the
recorder's own steps, which are milliseconds). What it worked out is kept by the caller's
thread (``collect``), in the same cache ``review`` reads, and only if the hand still
stands as it was reviewed: a hand taken back and entered again is reviewed again.

``close`` (or leaving a ``with`` block) ends the thread once the review it is working out
is done, and drops the hands still queued. The thread is a daemon: quitting the recorder
never waits for a review, and a review not finished is simply worked out by
``euchre-log review`` later (a review is derived from the record and is never part of
it).
"""

from __future__ import annotations

import copy
import queue
import threading
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from types import TracebackType

from sqlalchemy.exc import DBAPIError

from ..engine.fair import SAMPLES, FairReview, fair_review, hand_seed
from ..engine.hand import HandState
from ..engine.review import HandReview, review_hand
from ..engine.solver import Solver
from ..store.db import Store, StoreError
from ..store.review_cache import keep_reviews


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A hand's two reviews, worked out from the hand as it stood (``seed`` names that
    record), and whether they were kept (False when the hand has changed since, or the
    database could not be written)."""

    number: int
    seed: str
    review: HandReview
    fair: FairReview
    kept: bool = False


def finished_numbers(hands: Sequence[HandState]) -> dict[int, str]:
    """The numbers of the hands played out to the end, each with its record's seed."""
    return {h.number: hand_seed(h) for h in hands if h.finished}


class HandsAsTheyEnd:
    """Reviews the hands of a stored game as they end, one at a time, on a thread."""

    def __init__(self, store: Store, game_id: int, samples: int = SAMPLES) -> None:
        self.store = store
        self.game_id = game_id
        self.samples = samples
        self._todo: queue.Queue[HandState | None] = queue.Queue()  # None: stop
        self._done: queue.Queue[Reviewed] = queue.Queue()
        self._pending: list[int] = []  # a hand queued again while queued is here twice
        self._thread = threading.Thread(target=self._work, name="reviews", daemon=True)
        self._closed = False
        self._thread.start()

    def __enter__(self) -> HandsAsTheyEnd:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """No more hands: the thread ends after the review it is working out, if any,
        without the hands still queued (``euchre-log review`` works them out later)."""
        self._closed = True
        self._todo.put(None)

    def ended(self, before: dict[int, str], hands: Sequence[HandState]) -> list[int]:
        """Queue each hand that is finished now and was not (or was, as another record)
        in ``before`` (``finished_numbers`` of the hands before a line); their numbers."""
        out = []
        for hand in hands:
            if not self._closed and hand.finished and before.get(hand.number) != hand_seed(hand):
                self._pending.append(hand.number)
                self._todo.put(copy.deepcopy(hand))
                out.append(hand.number)
        return out

    @property
    def pending(self) -> tuple[int, ...]:
        """The hands queued or being reviewed, by number."""
        return tuple(sorted(self._pending))

    def _work(self) -> None:
        solver = Solver()
        while True:
            hand = self._todo.get()
            if hand is None or self._closed:
                return
            seed = hand_seed(hand)
            review = review_hand(hand, solver)
            fair = fair_review(hand, seed, self.samples, solver)
            self._done.put(Reviewed(hand.number, seed, review, fair))

    def collect(self, hands: Sequence[HandState], wait: bool = False) -> list[Reviewed]:
        """The reviews finished since the last call, each kept in the store when its hand
        still stands as it was reviewed (``hands``: the game's hands now). With ``wait``,
        waits for every queued hand first (a script's input has ended)."""
        out = []
        while self._pending:
            try:
                done = self._done.get(block=wait)
            except queue.Empty:
                break
            self._pending.remove(done.number)
            now = next((h for h in hands if h.number == done.number), None)
            kept = False
            if now is not None and now.finished and hand_seed(now) == done.seed:
                with suppress(DBAPIError, StoreError):  # a review stands without being kept
                    kept = keep_reviews(
                        self.store, self.game_id, done.number, done.review, done.fair, self.samples
                    )
            out.append(Reviewed(done.number, done.seed, done.review, done.fair, kept))
        return out
