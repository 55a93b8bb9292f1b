"""The open-hand review of stored hands, cached in ``hand_review`` for stats.

A hand's review (``engine.review``) takes milliseconds of search, and stats over a club's
history would need it for every hand, so each hand is reviewed once and the few numbers
stats needs are kept: whether it was analysed, the makers' tricks as played, with best
play and in par, and per seat the cards played, the choices (two or more legal cards),
the choices that gave nothing away and the tricks given away.

A row is keyed by (game, hand number, head hash). The hand's head hash (``hand.head_hash``)
is the hash of its last journal entry, so any change to its record, an undo included,
gives it a new head: the old row no longer joins to the ``hand`` row and is never read.
``version`` adds the review's own version and the engine judgement: a new way of judging
the play makes every row stale at once. Rows are computed on demand (``fill``): the
missing ones are found with one query (``stats_queries.review_missing``), their games
replayed in batches, the hands reviewed on every core (``store.reviewer``), and the rows
written, replacing whatever a hand had before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final

from sqlalchemy import (
    Connection,
    delete,
    func,
    insert,
    or_,
    select,
    tuple_,
)
from sqlalchemy.exc import IntegrityError

from ..engine.review import HandReview
from ..formats.reader import LogError
from .db import Store, StoreError
from .games import replay_in
from .reviewer import review_many, worker_pool
from .schema import HAND_T, REVIEW_T
from .stats_queries import COUNTS, REVIEW_VERSION, SEATS, VERSION

CHUNK_HANDS: Final = 2000
"""Hands replayed, reviewed and written at a time: memory stays small over 100,000."""


def cache_row(game_id: int, number: int, head: str, r: HandReview) -> dict[str, Any]:
    """The row that keeps what stats needs of a hand's review."""
    row: dict[str, Any] = {
        "game_id": game_id,
        "number": number,
        "head_hash": head,
        "version": VERSION,
        "analysed": r.analysed,
        "dd_tricks": r.dd_tricks,
        "tricks": r.tricks,
        "par_tricks": None,
    }
    if r.analysed and r.par is not None and r.trump is not None and r.maker is not None:
        row["par_tricks"] = r.par[r.trump].tricks[r.maker & 1]
    for what in COUNTS:
        for seat in SEATS:
            row[f"{what}_{seat}"] = 0
    for p in r.plays or ():
        seat = SEATS[p.seat]
        row[f"plays_{seat}"] += 1
        row[f"cost_{seat}"] += p.cost
        if p.choice:
            row[f"choices_{seat}"] += 1
            row[f"good_{seat}"] += p.cost == 0
    return row


def _chunks(todo: Sequence[tuple[int, int, str]]) -> Iterator[list[tuple[int, int, str]]]:
    """The missing hands in runs of whole games, about ``CHUNK_HANDS`` hands each."""
    chunk: list[tuple[int, int, str]] = []
    for i, item in enumerate(todo):
        chunk.append(item)
        last_of_game = i + 1 == len(todo) or todo[i + 1][0] != item[0]
        if last_of_game and len(chunk) >= CHUNK_HANDS:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def fill(
    store: Store,
    todo: Sequence[tuple[int, int, str]],
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Review the hands ``todo`` lists (from ``missing``) and cache their rows; returns
    how many were written. A hand whose record changed since ``missing`` read it is
    reviewed as it stands now, under its new head. ``progress(n)`` is called as each
    ``n`` hands are done (``store.reviewer``)."""
    written = 0
    with worker_pool(len(todo), workers) as pool:
        for chunk in _chunks(todo):
            written += _fill_chunk(store, chunk, pool, progress)
    return written


def _fill_chunk(
    store: Store,
    chunk: list[tuple[int, int, str]],
    pool: ProcessPoolExecutor | None,
    progress: Callable[[int], None] | None,
) -> int:
    """Review one run of whole games' missing hands and cache their rows."""
    wanted: dict[int, set[int]] = {}
    for game_id, number, _ in chunk:
        wanted.setdefault(game_id, set()).add(number)
    hands, keys = [], []
    with store.reading() as conn:
        heads = _heads(conn, list(wanted))
        for game_id, numbers in wanted.items():
            try:
                state = replay_in(conn, game_id)
            except (StoreError, LogError, ValueError):  # verify reports such a record
                continue
            for hand in state.game.hands:
                if hand.number in numbers and (game_id, hand.number) in heads:
                    hands.append(hand)
                    keys.append((game_id, hand.number, heads[(game_id, hand.number)]))
    # Hands gone or not replayable count as done, after the workers have started.
    reviews = review_many(hands, workers=1, progress=progress, pool=pool)
    if progress is not None and len(chunk) > len(hands):
        progress(len(chunk) - len(hands))
    rows = [cache_row(g, n, head, r) for (g, n, head), r in zip(keys, reviews, strict=True)]
    write(store, rows)
    return len(rows)


def _heads(conn: Connection, game_ids: list[int]) -> dict[tuple[int, int], str]:
    """Each hand's head hash, read in the same transaction as its journal."""
    h = HAND_T.c
    q = select(h.game_id, h.number, func.coalesce(h.head_hash, "")).where(h.game_id.in_(game_ids))
    return {(int(g), int(n)): str(head) for g, n, head in conn.execute(q)}


def write(store: Store, rows: Sequence[dict[str, Any]]) -> None:
    """Replace the reviews of these hands by ``rows``, and drop the rows of hands that
    no longer exist or have moved on, in one transaction. Another euchre-log writing the
    same hands at the same moment (PostgreSQL, where writers do not queue) makes the
    insert clash: the transaction is then run once more, replacing its rows."""
    if not rows:
        return
    for attempt in (1, 2):
        try:
            with store.writing() as conn:
                _replace(conn, rows)
            return
        except IntegrityError:
            if attempt == 2:
                raise


def _replace(conn: Connection, rows: Sequence[dict[str, Any]]) -> None:
    r = REVIEW_T.c
    keys = sorted({(row["game_id"], row["number"]) for row in rows})
    for i in range(0, len(keys), 500):
        part = keys[i : i + 500]
        conn.execute(delete(REVIEW_T).where(tuple_(r.game_id, r.number).in_(part)))
    conn.execute(insert(REVIEW_T), list(rows))
    # Rows whose hand has moved on (or is gone) are dead weight: clear them.
    h = HAND_T.c
    alive = (
        select(h.game_id)
        .where(h.game_id == r.game_id, h.number == r.number, h.head_hash == r.head_hash)
        .exists()
    )
    conn.execute(delete(REVIEW_T).where(or_(~alive, r.version != VERSION)))


__all__ = [
    "REVIEW_VERSION",
    "VERSION",
    "cache_row",
    "fill",
    "write",
]
