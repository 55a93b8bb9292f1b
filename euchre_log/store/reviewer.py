"""Reviewing many hands at once: in this process for a few, on every core for many.

``review_many`` runs ``engine.review.review_hand`` over hands and returns the reviews in
order. With enough hands (``PARALLEL_FROM``) and more than one core it hands them out in
small batches to a ``concurrent.futures.ProcessPoolExecutor``, one process per core;
``progress`` is called with the number of hands done after each batch, so that a command
can draw a progress bar. It touches no database: ``review`` uses it for files too, and
``stats`` for the reviews it caches (``store.review_cache``).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..engine.hand import HandState
from ..engine.review import HandReview, review_hand
from ..engine.solver import Solver

PARALLEL_FROM = 48
"""The fewest hands worth starting worker processes for (about a third of a second of
work: a process costs a few tens of milliseconds to start)."""
BATCH = 8
"""Hands per task sent to a worker: enough to make the hand-over cheap, few enough for
the progress bar to move smoothly and for both cores to finish together."""


def _review_batch(hands: Sequence[HandState]) -> list[HandReview]:
    """A worker's task: the reviews of some hands, with one solver between them."""
    solver = Solver()
    return [review_hand(h, solver) for h in hands]


def workers_available() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _context() -> Any:
    """Fork where it is safe and fast (Linux): the workers start with the engine already
    imported. Elsewhere the platform's default (spawn), which imports it afresh."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def review_many(
    hands: Sequence[HandState],
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[HandReview]:
    """The review of each hand, in order. ``workers`` processes (every core when None;
    1 reviews here) once there are ``PARALLEL_FROM`` hands or more. ``progress(n)`` is
    called as each ``n`` hands are done."""
    wanted = workers_available() if workers is None else max(1, workers)
    if wanted == 1 or len(hands) < PARALLEL_FROM:
        solver = Solver()
        out = []
        for h in hands:
            out.append(review_hand(h, solver))
            if progress is not None:
                progress(1)
        return out
    batches = [hands[i : i + BATCH] for i in range(0, len(hands), BATCH)]
    results: list[list[HandReview] | None] = [None] * len(batches)
    with ProcessPoolExecutor(max_workers=wanted, mp_context=_context()) as pool:
        # Every task is handed over before the caller draws anything: with fork, the
        # workers start at the first submit, before any drawing thread exists.
        futures: dict[Future[list[HandReview]], int] = {
            pool.submit(_review_batch, batch): i for i, batch in enumerate(batches)
        }
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            if progress is not None:
                progress(len(batches[i]))
    return [r for batch in results if batch is not None for r in batch]


__all__ = ["BATCH", "PARALLEL_FROM", "review_many", "workers_available"]
