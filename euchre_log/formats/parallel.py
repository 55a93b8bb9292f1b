"""Reading many files on every core: ``check --json`` and ``import`` of a season's files.

Each file is read on its own (parsed, checked against the format, played through the
engine), so a long list of files is handed out in chunks to worker processes, one per
core, and their results come back in the order of the files: what the command prints and
stores is the same, byte for byte and row for row, as when one process reads them all
(``tests/test_parallel.py`` runs both). A few small files are read in this process:
starting workers costs more than it saves (``PARALLEL_FROM_BYTES``).

``EUCHRE_LOG_WORKERS`` sets the number of processes (1 reads everything here).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

R = TypeVar("R")

PARALLEL_FROM_BYTES = 1024 * 1024
"""The size of the files, together, worth starting workers for (about 700 hands: a few
tenths of a second of work, where a worker costs a few hundredths to start)."""
CHUNK_BYTES = 256 * 1024
"""About how much of the files one task reads: small enough to share the work out evenly
and to keep a worker's results small, large enough that handing it over costs little."""

AHEAD = 8
"""Chunks handed out ahead of the one being used, per worker: enough that the workers go
on reading while this process stores or prints what came back (2 MB of files each), few
enough that memory stays bounded however many files there are."""

MAX_WORKERS = 8
"""The most processes used, whatever the cores or ``EUCHRE_LOG_WORKERS`` say: past a few,
the reading no longer gets faster, and each holds its chunks ahead in memory (a
container may also show more cores than it may use)."""


def workers_available() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def workers_for(paths: Sequence[str | Path]) -> int:
    """How many processes to read ``paths`` with: ``EUCHRE_LOG_WORKERS`` when set, else
    every core for files of ``PARALLEL_FROM_BYTES`` or more, else 1."""
    wanted = os.environ.get("EUCHRE_LOG_WORKERS", "").strip()
    if wanted.isdigit() and int(wanted) >= 1:
        return min(int(wanted), MAX_WORKERS)
    cores = min(workers_available(), MAX_WORKERS)
    if cores == 1 or len(paths) < 2:
        return 1
    total = 0
    for path in paths:
        total += _size(path)
        if total >= PARALLEL_FROM_BYTES:
            return cores
    return 1


def _size(path: str | Path) -> int:
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):  # the reader says why in words
        return 0


def chunks(paths: Sequence[str], limit: int = CHUNK_BYTES) -> list[list[str]]:
    """The paths in order, in runs of about ``limit`` bytes of files."""
    out: list[list[str]] = []
    run: list[str] = []
    size = 0
    for path in paths:
        run.append(path)
        size += _size(path)
        if size >= limit:
            out.append(run)
            run, size = [], 0
    if run:
        out.append(run)
    return out


def _context() -> Any:
    """Fork where it is safe and fast (Linux): the workers start with everything already
    imported. Elsewhere the platform's default (spawn), which imports it afresh."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


class WorkerLost(Exception):
    """A worker process stopped before it finished (killed, or out of memory)."""


@contextmanager
def _no_interrupt() -> Iterator[None]:
    """Ctrl-C held back while the pool starts a worker or takes a task: a worker forked
    now starts with it held back too (until ``_quiet_worker`` ignores it), and the pool's
    own state is never left half changed. A Ctrl-C pressed meanwhile is raised as soon as
    this ends, where the command stops cleanly."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:  # not POSIX: nothing to hold back
        yield
        return
    old = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, old)


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the command: it ignores it (one pressed while it started
    is dropped), finishes its chunk and stops when the command shuts the pool down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    unblock = getattr(signal, "pthread_sigmask", None)
    if unblock is not None:
        unblock(signal.SIG_UNBLOCK, {signal.SIGINT})


def ordered_map(
    task: Callable[[list[str]], list[R]], paths: Sequence[str], *, workers: int
) -> Iterator[R]:
    """``task`` over the paths in chunks, one result per path, in the order of ``paths``.

    With ``workers`` above 1 the chunks run in that many processes, a few at a time ahead
    of the one being yielded, so memory stays bounded however many files there are; with
    1 they run here, one after the other. ``task`` must be a module-level function (it is
    sent to the workers by name). ``WorkerLost`` when a worker died; a Ctrl-C stops the
    workers after their current chunk and is raised here."""
    if workers <= 1:
        parts = chunks(list(paths))
    else:  # at least a few chunks per worker, however little there is to read
        total = sum(_size(path) for path in paths)
        parts = chunks(list(paths), max(1, min(CHUNK_BYTES, total // (4 * workers))))
    if workers <= 1 or len(parts) < 2:
        for part in parts:
            yield from task(part)
        return
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=_context(), initializer=_quiet_worker
    )
    ahead: deque[Future[list[R]]] = deque()
    todo = iter(parts)

    def hand_out(part: list[str]) -> None:
        with _no_interrupt():
            ahead.append(pool.submit(task, part))

    try:
        for part in todo:
            hand_out(part)
            if len(ahead) >= AHEAD * workers:
                break
        while ahead:
            try:
                done = ahead.popleft().result()
            except BrokenProcessPool:
                raise WorkerLost(
                    "a worker process stopped before it finished (was it killed, or out of memory?)"
                ) from None
            nxt = next(todo, None)
            if nxt is not None:
                hand_out(nxt)
            yield from done
    finally:
        with _no_interrupt():
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = [
    "PARALLEL_FROM_BYTES",
    "WorkerLost",
    "chunks",
    "ordered_map",
    "workers_available",
    "workers_for",
]
