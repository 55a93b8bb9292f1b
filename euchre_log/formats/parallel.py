"""Reading many files on every core: ``check --json`` and ``import`` of a season's files.

Each file is read on its own (parsed, checked against the format, played through the
engine), so a long list of files is handed out in chunks to worker processes, one per
core, and their results come back in the order of the files: what the command prints and
stores is the same, byte for byte and row for row, as when one process reads them all
(``tests/test_parallel.py`` runs both). A few small files are read in this process:
starting workers costs more than it saves (``PARALLEL_FROM_BYTES``).

On Linux the workers are forked from this process (``_forked``): they start with
everything already imported and the list of files, and only numbers and results go
through pipes. Elsewhere a ``concurrent.futures`` process pool starts them (``_pooled``).

``EUCHRE_LOG_WORKERS`` sets the number of processes (1 reads everything here).
"""

from __future__ import annotations

import gc
import os
import signal
import struct
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
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


def _context() -> Any:
    """The platform's way to start a process where there is no ``fork`` to use (spawn:
    the workers import everything afresh)."""
    import multiprocessing

    return multiprocessing.get_context()


class WorkerLost(Exception):
    """A worker process stopped before it finished (killed, or out of memory)."""


LOST = "a worker process stopped before it finished (was it killed, or out of memory?)"


@contextmanager
def _no_interrupt() -> Iterator[None]:
    """Ctrl-C held back while a worker is forked or the pool's state changes: a worker
    forked now starts with it held back too (until ``_quiet_worker`` ignores it), and the
    pool's own state is never left half changed. A Ctrl-C pressed meanwhile is raised as
    soon as this ends, where the command stops cleanly."""
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
    is dropped); the command stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    unblock = getattr(signal, "pthread_sigmask", None)
    if unblock is not None:
        unblock(signal.SIG_UNBLOCK, {signal.SIGINT})


def ordered_map(
    task: Callable[[list[str]], list[R]], paths: Sequence[str], *, workers: int
) -> Generator[R, None, None]:
    """``task`` over the paths in chunks, one result per path, in the order of ``paths``.

    With ``workers`` above 1 the chunks run in that many processes, a few at a time ahead
    of the one being yielded, so memory stays bounded however many files there are; with
    1 they run here, one after the other. ``WorkerLost`` when a worker died; a Ctrl-C
    stops the workers and is raised here. On Linux the workers are forked (``_forked``);
    elsewhere ``task`` must be a module-level function, sent to them by name."""
    if workers <= 1:
        parts = chunks(list(paths))
    else:  # at least a few chunks per worker, however little there is to read
        sizes = [_size(path) for path in paths]
        limit = max(1, min(CHUNK_BYTES, sum(sizes) // (4 * workers)))
        parts = chunks(list(paths), limit, sizes)
    if workers <= 1 or len(parts) < 2:
        for part in parts:
            yield from task(part)
    elif sys.platform.startswith("linux"):
        yield from _forked(task, parts, min(workers, len(parts)))
    else:
        yield from _pooled(task, parts, workers)


# --- forked workers (Linux) ------------------------------------------------------------
#
# The workers are forked from this process, so they start with everything imported and
# with the list of chunks; this process only tells each free worker the number of the
# next chunk, through one pipe they all read (a number is 4 bytes, written whole), and
# reads each result back from that worker's own pipe: its chunk's number, its length and
# the pickled result. Nothing of multiprocessing or concurrent.futures is imported for
# it, which took 15 ms of every command that reads many files.

_NUMBER = struct.Struct("<I")
_FRAME = struct.Struct("<IQ")  # the chunk's number, the length of the pickled result


def _forked(
    task: Callable[[list[str]], list[R]], parts: list[list[str]], workers: int
) -> Iterator[R]:
    import selectors

    # Every object this process holds is frozen first, out of reach of the cyclic garbage
    # collector: a worker's collections would otherwise walk all of them, writing to each,
    # so the memory it shares with this process would be copied page by page; and this
    # process's own collections would walk them again while it takes the results in (8%
    # of check --json over 10,000 hands, benchmarks.run). They stay frozen: the command
    # ends soon after, and letting them go would have the collection at exit walk them
    # all (another 5%). A caller that lives on may call gc.unfreeze().
    gc.freeze()
    # This process keeps the numbers' read end open too: were every worker to die, a
    # number written would otherwise fail with a broken pipe instead of WorkerLost.
    numbers_in, numbers_out = os.pipe()
    results: dict[int, int] = {}  # a worker's result pipe -> its process id
    selector: selectors.BaseSelector | None = None
    finished = False
    try:
        for _ in range(workers):
            with _no_interrupt():  # a Ctrl-C now is raised once the worker is on the list
                read, write = os.pipe()
                try:
                    pid = os.fork()
                except BaseException:
                    os.close(read)
                    os.close(write)
                    raise
                if pid == 0:  # the worker: it never returns from here
                    _work(task, parts, numbers_in, write)
                os.close(write)
                results[read] = pid
        selector = selectors.DefaultSelector()
        for fd in results:
            selector.register(fd, selectors.EVENT_READ)
        pending = {fd: bytearray() for fd in results}
        came: dict[int, tuple[bool, Any]] = {}
        handed = min(len(parts), AHEAD * workers)
        os.write(numbers_out, b"".join(_NUMBER.pack(i) for i in range(handed)))
        received = 0
        for k in range(len(parts)):
            while k not in came:
                if not selector.get_map():
                    raise WorkerLost(LOST)  # every worker ended, with chunks left to read
                for key, _ in selector.select():
                    data = os.read(key.fd, 1 << 20)
                    if not data:
                        # The worker ended before it was told to: it was killed. Nothing
                        # is lost if every chunk handed out so far has come back.
                        if received < handed or pending[key.fd]:
                            raise WorkerLost(LOST)
                        selector.unregister(key.fd)
                        continue
                    buffer = pending[key.fd]
                    buffer += data
                    for number, value in _whole_frames(buffer):
                        came[number] = value
                        received += 1
            ok, value = came.pop(k)
            if handed < len(parts):
                os.write(numbers_out, _NUMBER.pack(handed))
                handed += 1
            if not ok:
                raise value
            yield from value
        finished = True
    finally:
        with _no_interrupt():
            # With no numbers left to read, a worker ends; one still working is stopped
            # (the command is ending early: a Ctrl-C, a lost worker, an error).
            os.close(numbers_out)
            os.close(numbers_in)
            for fd, pid in results.items():
                os.close(fd)
                if not finished:
                    with suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            if selector is not None:
                selector.close()


def _whole_frames(buffer: bytearray) -> Iterator[tuple[int, tuple[bool, Any]]]:
    """The results whole in ``buffer`` (a chunk's number, and whether it worked with its
    result or its exception), taken out of it; a frame still coming stays."""
    import pickle

    while len(buffer) >= _FRAME.size:
        number, size = _FRAME.unpack_from(buffer)
        end = _FRAME.size + size
        if len(buffer) < end:
            return
        value = pickle.loads(memoryview(buffer)[_FRAME.size : end])
        del buffer[:end]
        yield number, value


def _work(
    task: Callable[[list[str]], list[Any]], parts: list[list[str]], numbers: int, out: int
) -> None:
    """A forked worker: reads the number of a chunk, writes back its result (or the
    exception it raised), until there are no more numbers; then ends the process,
    without running any of the command's own clean-up (``os._exit``). It keeps no other
    file open: another pool's pipes, or this one's other ends, held here would keep their
    readers from ever seeing their end."""
    import pickle

    code = 0
    try:
        _quiet_worker()
        keep = sorted({0, 1, 2, numbers, out})
        for low, high in zip(keep, [*keep[1:], _max_fd()], strict=True):
            os.closerange(low + 1, high)
        while raw := os.read(numbers, _NUMBER.size):
            (number,) = _NUMBER.unpack(raw)
            try:
                payload = pickle.dumps((True, task(parts[number])), pickle.HIGHEST_PROTOCOL)
            except BaseException as exc:  # SystemExit too: the command raises it as it is
                payload = pickle.dumps((False, _picklable(exc)), pickle.HIGHEST_PROTOCOL)
            frame = _FRAME.pack(number, len(payload)) + payload
            view = memoryview(frame)
            while view:
                view = view[os.write(out, view) :]
    except BaseException:  # the command stopped reading: nothing to say to anyone
        code = 1
    finally:
        os._exit(code)


def _max_fd() -> int:
    """One past the highest file descriptor a process may have open."""
    try:
        return os.sysconf("SC_OPEN_MAX")
    except (AttributeError, ValueError, OSError):
        return 65536


def _picklable(exc: BaseException) -> BaseException:
    """The exception itself when it can go through a pipe, else its text."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc


# --- a process pool (where there is no fork) -------------------------------------------


def _pooled(
    task: Callable[[list[str]], list[R]], parts: list[list[str]], workers: int
) -> Iterator[R]:
    from concurrent.futures import Future, ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

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
                raise WorkerLost(LOST) from None
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
