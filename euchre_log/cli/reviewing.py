"""Reviewing hands for the commands: on every core when there are many, with a progress
bar on a terminal (``review``, ``replay``, ``explain``, ``export --format html``), and for
a stored game from the reviews the database keeps (``store.review_cache``), saying on a
terminal when it has to compute them. The fair review likewise (``fair_hands``,
``stored_fair``), which only ``review`` computes: the other views read what is kept
(``kept_fair``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.fair import FairReview
    from ..engine.hand import HandState
    from ..engine.review import HandReview
    from ..store.db import Store


@contextmanager
def progress_bar(
    total: int, what: str, least: int | None = None
) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error while ``total`` hands are reviewed, when it is a
    terminal and there are enough hands to wait for (``least``; by default as many as
    start the worker processes); otherwise nothing is drawn. Yields the function to call
    with each number of hands done."""
    from ..store.reviewer import PARALLEL_FROM

    if total < (PARALLEL_FROM if least is None else least) or not sys.stderr.isatty():
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


def fair_hands(hands: Sequence[HandState], samples: int, what: str) -> list[FairReview]:
    """The fair reviews of hands read from files, over ``samples`` worlds, on every core
    from two hands on, with a progress bar on a terminal."""
    from ..store.reviewer import FAIR_PARALLEL_FROM, fair_many

    with progress_bar(len(hands), what, FAIR_PARALLEL_FROM) as advance:
        return fair_many(hands, samples, progress=advance)


def stored_fair(
    store: Store, game_id: int, hands: Sequence[HandState], samples: int
) -> list[FairReview]:
    """The fair reviews of a stored game's hands over ``samples`` worlds: those kept, and
    the others computed (saying so on a terminal, with a progress bar) and kept."""
    from ..store.review_cache import fair_reviews
    from ..store.reviewer import FAIR_PARALLEL_FROM

    @contextmanager
    def computing(n: int) -> Iterator[Callable[[int], None]]:
        if sys.stderr.isatty():
            from .app import echo

            which = "hand" if n == 1 else f"{n} hands"
            echo(
                f"Working out what each player could see in {which} of game {game_id} (about "
                "a second a hand; kept for next time)...",
                err=True,
            )
        with progress_bar(n, "Fair review", FAIR_PARALLEL_FROM) as advance:
            yield advance

    return fair_reviews(store, game_id, hands, samples, progress=computing)


def kept_fair(store: Store, game_id: int, hands: Sequence[HandState]) -> list[FairReview | None]:
    """The fair reviews kept of a stored game's hands (over the default sample), None
    for a hand without one: the views that only read them (``replay``, ``explain``,
    the HTML export)."""
    from ..engine.fair import SAMPLES
    from ..store.review_cache import fair_cached

    found = fair_cached(store, game_id, [hand.number for hand in hands], SAMPLES)
    return [found.get(hand.number) for hand in hands]
