"""The reviews of stored hands, cached in ``hand_review``: for ``review``, ``replay`` and
``explain`` of a stored game, and for ``stats``.

A hand's open-hand review (``engine.review``) takes milliseconds of search, and a club's
history holds tens of thousands of hands, so each hand is reviewed once and kept: the
whole review as versioned JSON (``data``), which ``review GAME`` reads back instead of
searching again, and the few numbers ``stats`` sums in SQL: whether it was analysed, the
makers' tricks as played, with best play and in par, and per seat the cards played, the
choices (two or more legal cards), the choices that gave nothing away and the tricks
given away.

A row is keyed by (game, hand number, head hash, method). The hand's head hash
(``hand.head_hash``) is the hash of its last journal entry, so any change to its record,
an undo included, gives it a new head: the old row no longer joins to the ``hand`` row
and is never read. ``method`` names the review and its options: ``open``, the open-hand
review; a review of another kind (the fair review, with its number of samples) keeps its
rows beside these under a method of its own, and this module leaves them alone.
``version`` adds the review's own version and the engine judgement: a new way of judging
the play makes every open row stale at once. Rows are computed on demand: ``reviews``
for the hands a command shows, ``fill`` for ``review --all`` (the missing ones found with
one query, ``stats_queries.review_missing``, their games replayed in batches, the hands
reviewed on every core, ``store.reviewer``), each written replacing whatever a hand had
before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, suppress
from dataclasses import asdict
from typing import Any, Final

from sqlalchemy import (
    Connection,
    and_,
    delete,
    func,
    insert,
    or_,
    select,
    tuple_,
)
from sqlalchemy.exc import DBAPIError, IntegrityError

from ..engine.hand import HandState
from ..engine.review import BestCall, HandReview, ParSuit, PlayReview
from ..formats.reader import LogError
from .db import Store, StoreError
from .games import replay_in
from .reviewer import review_many, worker_pool
from .schema import HAND_T, REVIEW_T
from .stats_queries import COUNTS, REVIEW_VERSION, SEATS, VERSION

CHUNK_HANDS: Final = 2000
"""Hands replayed, reviewed and written at a time: memory stays small over 100,000."""


OPEN: Final = "open"
"""The method of the open-hand review's rows."""
DATA_VERSION: Final = 1
"""The version of a row's ``data``: raise it when ``review_json`` writes another shape."""


def review_json(r: HandReview) -> str:
    """A hand's whole review as the row's ``data``: versioned JSON of its fields."""
    return json.dumps({"v": DATA_VERSION, "review": asdict(r)}, separators=(",", ":"))


def review_from_json(text_: str) -> HandReview | None:
    """The review a row's ``data`` holds; None for data of another version or shape
    (the hand is then reviewed again)."""
    try:
        doc = json.loads(text_)
        if not isinstance(doc, dict) or doc.get("v") != DATA_VERSION:
            return None
        f = dict(doc["review"])
        if f["dd_points"] is not None:
            f["dd_points"] = tuple(f["dd_points"])
        if f["par"] is not None:
            f["par"] = tuple(
                ParSuit(p["suit"], tuple(p["tricks"]), tuple(p["discards"])) for p in f["par"]
            )
        if f["best_calls"] is not None:
            f["best_calls"] = tuple(
                BestCall(
                    b["team"],
                    tuple(b["suits"]),
                    b["tricks"],
                    tuple(b["points"]),
                    tuple(tuple(x) for x in b["alone"]),
                    None if b["alone_points"] is None else tuple(b["alone_points"]),
                )
                for b in f["best_calls"]
            )
        if f["plays"] is not None:
            f["plays"] = tuple(PlayReview(**{**p, "best": tuple(p["best"])}) for p in f["plays"])
        return HandReview(**f)
    except (TypeError, ValueError, KeyError, AttributeError):
        return None


def cache_row(game_id: int, number: int, head: str, r: HandReview) -> dict[str, Any]:
    """The row that keeps a hand's review: whole, and what stats needs of it."""
    row: dict[str, Any] = {
        "game_id": game_id,
        "number": number,
        "head_hash": head,
        "method": OPEN,
        "version": VERSION,
        "data": review_json(r),
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
        conn.execute(
            delete(REVIEW_T).where(tuple_(r.game_id, r.number).in_(part), r.method == OPEN)
        )
    conn.execute(insert(REVIEW_T), list(rows))
    # Rows whose hand has moved on (or is gone) are dead weight, whatever their method;
    # so are open rows of another version. Rows of other methods are theirs to judge.
    h = HAND_T.c
    alive = (
        select(h.game_id)
        .where(h.game_id == r.game_id, h.number == r.number, h.head_hash == r.head_hash)
        .exists()
    )
    conn.execute(delete(REVIEW_T).where(or_(~alive, and_(r.method == OPEN, r.version != VERSION))))


def cached(store: Store, game_id: int, numbers: Sequence[int]) -> dict[int, HandReview]:
    """The whole reviews kept of a game's hands as they stand now, by hand number: the
    open rows of this version keyed on each hand's present head (a hand whose row holds
    only the counts, as schema 4 kept them, is not among them)."""
    r, h = REVIEW_T.c, HAND_T.c
    query = (
        select(r.number, r.data)
        .select_from(REVIEW_T.join(HAND_T, and_(h.game_id == r.game_id, h.number == r.number)))
        .where(
            r.game_id == game_id,
            r.head_hash == h.head_hash,
            r.method == OPEN,
            r.version == VERSION,
            r.data.is_not(None),
            r.number.in_(list(numbers)),
        )
    )
    out: dict[int, HandReview] = {}
    with store.reading() as conn:
        for number, data in conn.execute(query):
            review = review_from_json(data)
            if review is not None and review.number == number:
                out[int(number)] = review
    return out


Progress = Callable[[int], AbstractContextManager[Callable[[int], None]]]
"""A progress bar for ``n`` hands: a context that yields the function to call with each
number of hands done (``cli.reviewing.progress_bar``)."""


def reviews(
    store: Store, game_id: int, hands: Sequence[HandState], *, progress: Progress | None = None
) -> list[HandReview]:
    """The reviews of some of a stored game's hands, in order: those kept read back, the
    others computed (on every core when they are many, with ``progress``) and kept for
    next time. A database that cannot be written to (read-only) keeps nothing, and the
    reviews are given all the same."""
    found = cached(store, game_id, [hand.number for hand in hands])
    todo = [hand for hand in hands if hand.number not in found]
    if not todo:
        return [found[hand.number] for hand in hands]
    if progress is None:
        computed = review_many(todo)
    else:
        with progress(len(todo)) as advance:
            computed = review_many(todo, progress=advance)
    found.update({hand.number: review for hand, review in zip(todo, computed, strict=True)})
    with store.reading() as conn:
        heads = _heads(conn, [game_id])
    rows = [
        cache_row(game_id, hand.number, heads[(game_id, hand.number)], review)
        for hand, review in zip(todo, computed, strict=True)
        if (game_id, hand.number) in heads
    ]
    with suppress(DBAPIError, StoreError):  # kept when it can be: the reviews stand anyway
        write(store, rows)
    return [found[hand.number] for hand in hands]


__all__ = [
    "OPEN",
    "REVIEW_VERSION",
    "VERSION",
    "cache_row",
    "cached",
    "fill",
    "review_from_json",
    "review_json",
    "reviews",
    "write",
]
