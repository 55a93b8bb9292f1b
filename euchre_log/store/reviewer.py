"""Reviewing many hands at once: in this process for a few, on every core for many.

``review_many`` runs ``engine.review.review_hand`` over hands and returns the reviews in
order. With enough hands (``PARALLEL_FROM``) and more than one core it hands them out in
small batches to a ``concurrent.futures.ProcessPoolExecutor``, one process per core;
``progress`` is called with the number of hands done after each batch, so that a command
can draw a progress bar. It touches no database: ``review`` uses it for files too, and
``stats`` for the reviews it caches (``store.review_cache``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager

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


def _review_batch(hands: Sequence[HandState]) -> list[HandReview]:
    """A worker's task: the reviews of some hands, with one solver between them."""
    solver = Solver()
    return [review_hand(h, solver) for h in hands]


@contextmanager
def worker_pool(hands: int, workers: int | None = None) -> Iterator[ProcessPoolExecutor | None]:
    """A pool of ``workers`` processes (every core when None) for reviewing ``hands``
    hands in several calls of ``review_many``, or None when one process will do (few
    hands, or one core). Its workers start at the first task."""
    wanted = workers_available() if workers is None else max(1, workers)
    if wanted == 1 or hands < PARALLEL_FROM:
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
        return _on(pool, hands, progress)
    with worker_pool(len(hands), workers) as own:
        if own is not None:
            return _on(own, hands, progress)
    solver = Solver()
    out = []
    for h in hands:
        out.append(review_hand(h, solver))
        if progress is not None:
            progress(1)
    return out


def _on(
    pool: ProcessPoolExecutor,
    hands: Sequence[HandState],
    progress: Callable[[int], None] | None,
) -> list[HandReview]:
    """The reviews of ``hands`` by the pool's workers, in batches, in order."""
    batches = [hands[i : i + BATCH] for i in range(0, len(hands), BATCH)]
    results: list[list[HandReview] | None] = [None] * len(batches)
    # Every task is handed over before the caller draws anything: with fork, the workers
    # start at the first submit, before any drawing thread exists.
    futures: dict[Future[list[HandReview]], int] = {
        pool.submit(_review_batch, batch): i for i, batch in enumerate(batches)
    }
    for future in as_completed(futures):
        i = futures[future]
        results[i] = future.result()
        if progress is not None:
            progress(len(batches[i]))
    return [r for batch in results if batch is not None for r in batch]


__all__ = ["BATCH", "PARALLEL_FROM", "review_many", "worker_pool", "workers_available"]
