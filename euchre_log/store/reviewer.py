"""Reviewing many hands at once: in this process for a few, on every core for many.

``review_many`` runs ``engine.review.review_hand`` over hands and returns the reviews in
order. With enough hands (``PARALLEL_FROM``) and more than one core it hands them out in
small batches to a ``concurrent.futures.ProcessPoolExecutor``, one process per core;
``progress`` is called with the number of hands done after each batch, so that a command
can draw a progress bar. ``fair_many`` runs the fair review (``engine.fair.fair_review``)
through the same pool, a hand per task from two hands on (a hand's fair review takes about
a second). It touches no database: ``review`` uses it for files too, and ``review --all``
for the reviews it caches (``store.review_cache``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from functools import partial
from typing import TypeVar

from ..engine.fair import FairReview, fair_review, hand_seed
from ..engine.hand import HandState
from ..engine.review import HandReview, review_hand
from ..engine.solver import Solver
from ..formats.parallel import pool_context, workers_available

PARALLEL_FROM = 48
"""The fewest hands worth starting worker processes for (about a third of a second of
work: a process costs a few tens of milliseconds to start)."""
BATCH = 8
"""Hands per task sent to a worker: enough to make the hand-over cheap, few enough for
the progress bar to move smoothly and for both cores to finish together."""
FAIR_PARALLEL_FROM = 2
"""The fewest hands whose fair review is worth starting worker processes for."""
FAIR_BATCH = 1
"""Hands per task of the fair review: each is a second or so of work already."""

T = TypeVar("T")
R = TypeVar("R")


def _review_batch(hands: Sequence[HandState]) -> list[HandReview]:
    """A worker's task: the reviews of some hands, with one solver between them."""
    solver = Solver()
    return [review_hand(h, solver) for h in hands]


def _fair_batch(hands: Sequence[HandState], samples: int) -> list[FairReview]:
    """A worker's task: the fair reviews of some hands, each sampled from its own seed
    (``fair.hand_seed``)."""
    solver = Solver()
    return [fair_review(h, hand_seed(h), samples, solver) for h in hands]


@contextmanager
def worker_pool(
    hands: int, workers: int | None = None, least: int = PARALLEL_FROM
) -> Iterator[ProcessPoolExecutor | None]:
    """A pool of ``workers`` processes (every core when None) for reviewing ``hands``
    hands in several calls of ``review_many`` or ``fair_many``, or None when one process
    will do (fewer hands than ``least``, or one core). Its workers start at the first
    task."""
    wanted = workers_available() if workers is None else max(1, workers)
    if wanted == 1 or hands < least:
        yield None
        return
    with ProcessPoolExecutor(max_workers=wanted, mp_context=pool_context()) as pool:
        yield pool


def review_many(
    hands: Sequence[HandState],
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    pool: ProcessPoolExecutor | None = None,
) -> list[HandReview]:
    """The review of each hand, in order. ``workers`` processes (every core when None;
    1 reviews here) once there are ``PARALLEL_FROM`` hands or more, or the processes of
    ``pool`` (``worker_pool``) whatever their number. ``progress(n)`` is called as each
    ``n`` hands are done."""
    if pool is not None:
        return _on(pool, hands, progress, _review_batch, BATCH)
    with worker_pool(len(hands), workers) as own:
        if own is not None:
            return _on(own, hands, progress, _review_batch, BATCH)
    solver = Solver()
    out = []
    for h in hands:
        out.append(review_hand(h, solver))
        if progress is not None:
            progress(1)
    return out


def fair_many(
    hands: Sequence[HandState],
    samples: int,
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    pool: ProcessPoolExecutor | None = None,
) -> list[FairReview]:
    """The fair review of each hand, in order, over ``samples`` worlds: on ``workers``
    processes (every core when None) from ``FAIR_PARALLEL_FROM`` hands on, or on
    ``pool``'s."""
    task = partial(_fair_batch, samples=samples)
    if pool is not None:
        return _on(pool, hands, progress, task, FAIR_BATCH)
    with worker_pool(len(hands), workers, FAIR_PARALLEL_FROM) as own:
        if own is not None:
            return _on(own, hands, progress, task, FAIR_BATCH)
    out = []
    for done in (task([hand]) for hand in hands):
        out.extend(done)
        if progress is not None:
            progress(1)
    return out


def _on(
    pool: ProcessPoolExecutor,
    items: Sequence[T],
    progress: Callable[[int], None] | None,
    task: Callable[[Sequence[T]], list[R]],
    size: int,
) -> list[R]:
    """``task`` over ``items`` by the pool's workers, in batches of ``size``, the
    results in order."""
    batches = [items[i : i + size] for i in range(0, len(items), size)]
    results: list[list[R] | None] = [None] * len(batches)
    # Every task is handed over before the caller draws anything: with fork, the workers
    # start at the first submit, before any drawing thread exists.
    futures: dict[Future[list[R]], int] = {
        pool.submit(task, batch): i for i, batch in enumerate(batches)
    }
    for future in as_completed(futures):
        i = futures[future]
        results[i] = future.result()
        if progress is not None:
            progress(len(batches[i]))
    return [r for batch in results if batch is not None for r in batch]


__all__ = [
    "BATCH",
    "FAIR_BATCH",
    "FAIR_PARALLEL_FROM",
    "PARALLEL_FROM",
    "fair_many",
    "review_many",
    "worker_pool",
    "workers_available",
]
