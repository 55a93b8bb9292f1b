"""Reading many files on every core: ``check --json`` and ``import`` of a season's files.

Each file is read on its own (parsed, checked against the format, played through the
engine), so a long list of files is handed out in chunks to a
``concurrent.futures.ProcessPoolExecutor``, one process per core, and the results come
back in the order of the files: what the command prints and stores is the same, byte for
byte and row for row, as when one process reads them all (``tests/test_parallel.py`` runs
both). A few small files are read in this process: starting workers costs more than it
saves (``PARALLEL_FROM_BYTES``). ``EUCHRE_LOG_WORKERS`` sets the number of processes (1
reads everything here; ``MAX_WORKERS`` at most).

A worker leaves Ctrl-C to the command: between tasks it ignores it, and a task it is
running stops at once (``_worker_started``), so that a stopped command never waits for
a long file nor prints a worker's traceback. A worker that dies (killed, out of memory)
is ``WorkerLost``, which the command says in words. This module knows nothing of the
command line: the commands print.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

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


def chunks(
    paths: Sequence[str], limit: int = CHUNK_BYTES, sizes: Sequence[int] | None = None
) -> list[list[str]]:
    """The paths in order, in runs of about ``limit`` bytes of files (their ``sizes``
    when known already)."""
    out: list[list[str]] = []
    run: list[str] = []
    size = 0
    for k, path in enumerate(paths):
        run.append(path)
        size += _size(path) if sizes is None else sizes[k]
        if size >= limit:
            out.append(run)
            run, size = [], 0
    if run:
        out.append(run)
    return out


def pool_context() -> Any:
    """How worker processes start: forked where that is safe and fast (Linux), so they
    begin with everything this process has imported; elsewhere the platform's default
    (spawn), which imports it afresh."""
    import multiprocessing

    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


class WorkerLost(Exception):
    """A worker process stopped before it finished (killed, or out of memory)."""


LOST = "a worker process stopped before it finished (was it killed, or out of memory?)"


READERS = ("euchre_log.formats.models", "euchre_log.formats.load")
"""What a worker reading files needs: imported here before the workers start, so that
forked workers begin with the models built (0.4 s of processor time each otherwise)."""


def ordered_map(
    task: Callable[[list[str]], list[R]],
    paths: Sequence[str],
    *,
    workers: int,
    preload: Sequence[str] = READERS,
) -> Generator[R, None, None]:
    """``task`` over the paths in chunks, one result per path, in the order of ``paths``.

    With ``workers`` above 1 the chunks run in that many processes, a few at a time ahead
    of the one being yielded, so memory stays bounded however many files there are; with
    1 they run here, one after the other. ``task`` is sent to the workers by name (a
    module-level function, or a ``functools.partial`` of one). ``WorkerLost`` when a
    worker died; a Ctrl-C, or the caller stopping early, stops the workers' tasks, and
    the Ctrl-C is raised here. The modules of ``preload`` are imported before the workers
    start."""
    if workers <= 1:
        parts = chunks(list(paths))
    else:  # at least a few chunks per worker, however little there is to read
        sizes = [_size(path) for path in paths]
        limit = max(1, min(CHUNK_BYTES, sum(sizes) // (4 * workers)))
        parts = chunks(list(paths), limit, sizes)
    if workers <= 1 or len(parts) < 2:
        for part in parts:
            yield from task(part)
        return
    for name in preload:
        importlib.import_module(name)
    yield from _pooled(task, parts, min(workers, len(parts)))


def _pooled(
    task: Callable[[list[str]], list[R]], parts: list[list[str]], workers: int
) -> Iterator[R]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    before = {p.pid for p in multiprocessing.active_children()}
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=pool_context(), initializer=_worker_started
    )
    ahead: deque[Future[list[R]]] = deque()
    todo = iter(parts)
    finished = False
    try:
        try:
            # The workers are started with the first task: a Ctrl-C meanwhile is raised
            # once they have taken over its handling, never in a worker still starting.
            with _no_interrupt():
                ahead.append(pool.submit(_run, task, next(todo)))
            for part in todo:
                ahead.append(pool.submit(_run, task, part))
                if len(ahead) >= AHEAD * workers:
                    break
            while ahead:
                done = ahead.popleft().result()
                nxt = next(todo, None)
                if nxt is not None:
                    ahead.append(pool.submit(_run, task, nxt))
                yield from done
        except BrokenProcessPool:
            raise WorkerLost(LOST) from None
        finished = True
    finally:
        with _no_interrupt():  # a second Ctrl-C does not leave the pool half shut
            if not finished:
                # Stopped early (a Ctrl-C, a lost worker, an error, the caller): each
                # worker is told to stop, its task and those it has queued, so the pool
                # ends without waiting for them.
                for child in multiprocessing.active_children():
                    if child.pid not in before and child.pid is not None:
                        # A worker may end between the listing and the signal (the
                        # lost one, or one the pool is already stopping).
                        with suppress(ProcessLookupError):
                            os.kill(child.pid, signal.SIGINT)
            pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def _no_interrupt() -> Iterator[None]:
    """Ctrl-C held back: a worker started meanwhile starts with it held back too (until
    ``_worker_started`` takes it over), and the pool is never left half started or half
    shut. A Ctrl-C pressed meanwhile is raised as soon as this ends."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:  # not POSIX: nothing to hold back
        yield
        return
    old = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, old)


_in_task = False
"""In a worker: whether a task is running, which a Ctrl-C stops."""
_stopped = False
"""In a worker: whether a Ctrl-C came, after which it does no more work."""


def _worker_started() -> None:
    """A worker's start: a Ctrl-C (the terminal sends it to the workers too, and the
    command to each worker when it stops early) stops the running task and every task
    after it, and is otherwise ignored, so that a worker never dies of it while it takes
    a task or sends a result back, nor prints a traceback; the command shuts the pool.
    A command started with Ctrl-C ignored (in the background) leaves it ignored."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _interrupted)
    unblock = getattr(signal, "pthread_sigmask", None)
    if unblock is not None:
        unblock(signal.SIG_UNBLOCK, {signal.SIGINT})


def _interrupted(signum: int, frame: object) -> None:
    global _stopped
    _stopped = True
    if _in_task:
        raise KeyboardInterrupt


def _run(task: Callable[[list[str]], list[R]], part: list[str]) -> list[R]:
    """One task in a worker, which a Ctrl-C stops (``_worker_started``)."""
    global _in_task
    _in_task = True
    try:
        if _stopped:
            raise KeyboardInterrupt
        return task(part)
    finally:
        _in_task = False


__all__ = [
    "PARALLEL_FROM_BYTES",
    "WorkerLost",
    "chunks",
    "ordered_map",
    "pool_context",
    "workers_available",
    "workers_for",
]
