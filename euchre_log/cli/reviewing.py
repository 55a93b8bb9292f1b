"""Reviewing hands for the commands: on every core when there are many, with a progress
bar on a terminal (``review``, ``replay``, ``explain``, ``export --format html``), and for
a stored game from the reviews the database keeps (``store.review_cache``), saying on a
terminal when it has to compute them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.hand import HandState
    from ..engine.review import HandReview
    from ..store.db import Store


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


def stored_reviews(store: Store, game_id: int, hands: Sequence[HandState]) -> list[HandReview]:
    """The reviews of a stored game's hands: those the database keeps, and the others
    computed (saying so on a terminal, with a progress bar when they are many) and kept."""
    from ..store.review_cache import reviews

    @contextmanager
    def computing(n: int) -> Iterator[Callable[[int], None]]:
        if sys.stderr.isatty():
            from .app import echo

            which = "hand" if n == 1 else f"{n} hands"
            echo(
                f"Reviewing {which} of game {game_id} for the first time (the review is kept "
                "for next time)...",
                err=True,
            )
        with progress_bar(n, "Reviewing hands") as advance:
            yield advance

    return reviews(store, game_id, hands, progress=computing)
