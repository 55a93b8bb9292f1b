"""Reviewing hands for the commands: on every core when there are many, with a progress
bar on a terminal (``review``, ``replay``, ``explain``, ``export --format html`` and
``stats``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.hand import HandState
    from ..engine.review import HandReview


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error while ``total`` hands are reviewed, when it is a
    terminal and there are enough hands to wait for; otherwise nothing is drawn. Yields
    the function to call with each number of hands done."""
    from ..store.reviewer import PARALLEL_FROM

    if total < PARALLEL_FROM or not sys.stderr.isatty():
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress(
        "{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task(what, total=total)
    started = False

    def advance(n: int) -> None:
        nonlocal started
        if not started:  # after the workers have started (see store.reviewer)
            bar.start()
            started = True
        bar.advance(task, n)

    try:
        yield advance
    finally:
        if started:
            bar.stop()


def review_hands(hands: Sequence[HandState], what: str) -> list[HandReview]:
    """The reviews of ``hands``, on every core when there are many, with a progress bar
    on a terminal."""
    from ..store.reviewer import review_many

    with progress_bar(len(hands), what) as advance:
        return review_many(hands, progress=advance)
