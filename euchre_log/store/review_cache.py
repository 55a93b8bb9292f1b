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

The fair review (``engine.fair``) keeps its rows beside them under the method
``fair:N`` (``N`` the worlds sampled, ``--samples``) and a version of its own
(``FAIR_ROW_VERSION``): its whole ``FairReview`` as versioned JSON, exact fractions
written as text, and per seat the cards with a fair review (``plays``), the choices
among them and the choices that found a best card (``good``), which ``stats`` sums for
each player's fair accuracy. ``review`` computes them (``fair_reviews``, ``fill_fair``
for ``--all``); the other commands only read them (``fair_cached``). The sample of a
hand is seeded by its record (``fair.hand_seed``), so a row computed again is the same
row, and the same as the review of the file the game came from.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, suppress
from dataclasses import asdict
from fractions import Fraction
from typing import Any, Final, TypeVar

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

from ..engine.cards import Seat
from ..engine.fair import (
    ACCURATE,
    BidInfo,
    BidOption,
    CardValue,
    FairReview,
    PlayInfo,
)
from ..engine.hand import HandState
from ..engine.review import BestCall, HandReview, ParSuit, PlayReview
from ..formats.reader import LogError
from .db import Store, StoreError
from .games import replay_in
from .reviewer import FAIR_PARALLEL_FROM, fair_many, review_many, worker_pool
from .schema import HAND_T, REVIEW_T
from .stats_queries import (
    COUNTS,
    FAIR_ROW_VERSION,
    OPEN,
    REVIEW_VERSION,
    SEATS,
    VERSION,
    fair_method,
)

CHUNK_HANDS: Final = 2000
"""Hands replayed, reviewed and written at a time: memory stays small over 100,000."""

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
    for method in sorted({row["method"] for row in rows}):
        keys = sorted({(row["game_id"], row["number"]) for row in rows if row["method"] == method})
        for i in range(0, len(keys), 500):
            part = keys[i : i + 500]
            conn.execute(
                delete(REVIEW_T).where(tuple_(r.game_id, r.number).in_(part), r.method == method)
            )
    conn.execute(insert(REVIEW_T), list(rows))
    # Rows whose hand has moved on (or is gone) are dead weight, whatever their method;
    # so are open and fair rows of another version.
    h = HAND_T.c
    alive = (
        select(h.game_id)
        .where(h.game_id == r.game_id, h.number == r.number, h.head_hash == r.head_hash)
        .exists()
    )
    stale = or_(
        and_(r.method == OPEN, r.version != VERSION),
        and_(r.method.like("fair:%"), r.version != FAIR_ROW_VERSION),
    )
    conn.execute(delete(REVIEW_T).where(or_(~alive, stale)))


_Kept = TypeVar("_Kept", HandReview, FairReview)
"""A kept review: the open-hand one or the fair one (each has its hand's ``number``)."""


def cached(store: Store, game_id: int, numbers: Sequence[int]) -> dict[int, HandReview]:
    """The whole reviews kept of a game's hands as they stand now, by hand number: the
    open rows of this version keyed on each hand's present head (a hand whose row holds
    only the counts, as schema 4 kept them, is not among them)."""
    return _kept(store, game_id, numbers, OPEN, VERSION, review_from_json)


def _kept(
    store: Store,
    game_id: int,
    numbers: Sequence[int],
    method: str,
    version: str,
    decode: Callable[[Any], _Kept | None],
) -> dict[int, _Kept]:
    """The rows of one method and version kept of a game's hands, keyed on each hand's
    present head, decoded; a row that does not decode, or names another hand, is left out."""
    r, h = REVIEW_T.c, HAND_T.c
    query = (
        select(r.number, r.data)
        .select_from(REVIEW_T.join(HAND_T, and_(h.game_id == r.game_id, h.number == r.number)))
        .where(
            r.game_id == game_id,
            r.head_hash == h.head_hash,
            r.method == method,
            r.version == version,
            r.data.is_not(None),
            r.number.in_(list(numbers)),
        )
    )
    out: dict[int, _Kept] = {}
    with store.reading() as conn:
        for number, data in conn.execute(query):
            kept = decode(data)
            if kept is not None and kept.number == number:
                out[int(number)] = kept
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


# ---------------------------------------------------------------------------
# The fair review's rows.

FAIR_DATA_VERSION: Final = 1
"""The version of a fair row's ``data``: raise it when ``fair_json`` writes another shape."""


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _info_json(i: PlayInfo) -> dict[str, Any]:
    return {
        "trick": i.trick,
        "seat": i.seat,
        "card": i.card,
        "worlds": i.worlds,
        "exact": i.exact,
        "solved": i.solved,
        "values": [[v.card, _frac(v.ev), _frac(v.se2)] for v in i.values],
        "best": list(i.best),
        "loss": _frac(i.loss),
        "se2": _frac(i.se2),
        "label": i.label,
        "discard_hidden": i.discard_hidden,
    }


def _bid_json(b: BidInfo) -> dict[str, Any]:
    return {
        "seat": b.seat,
        "action": b.action,
        "call": b.call,
        "options": [[o.call, _frac(o.ev), _frac(o.se2)] for o in b.options],
        "worlds": b.worlds,
        "exact": b.exact,
        "solved": b.solved,
    }


def fair_json(f: FairReview) -> str:
    """A hand's whole fair review as a row's ``data``: versioned JSON, every value an
    exact fraction written as ``n/d``."""
    doc = {
        "number": f.number,
        "plays": None if f.plays is None else [_info_json(i) for i in f.plays],
        "reason": f.reason,
        "bids": None if f.bids is None else [_bid_json(b) for b in f.bids],
        "bids_reason": f.bids_reason,
    }
    return json.dumps({"v": FAIR_DATA_VERSION, "fair": doc}, separators=(",", ":"))


def fair_from_json(text_: str) -> FairReview | None:
    """The fair review a row's ``data`` holds; None for data of another version or
    shape (the hand is then reviewed again)."""
    try:
        doc = json.loads(text_)
        if not isinstance(doc, dict) or doc.get("v") != FAIR_DATA_VERSION:
            return None
        f = doc["fair"]
        plays = None
        if f["plays"] is not None:
            plays = tuple(
                PlayInfo(
                    trick=int(i["trick"]),
                    seat=Seat(int(i["seat"])),
                    card=int(i["card"]),
                    worlds=int(i["worlds"]),
                    exact=bool(i["exact"]),
                    solved=int(i["solved"]),
                    values=tuple(
                        CardValue(int(c), Fraction(ev), Fraction(se2)) for c, ev, se2 in i["values"]
                    ),
                    best=tuple(int(c) for c in i["best"]),
                    loss=Fraction(i["loss"]),
                    se2=Fraction(i["se2"]),
                    label=i["label"],
                    discard_hidden=bool(i["discard_hidden"]),
                )
                for i in f["plays"]
            )
        bids = None
        if f["bids"] is not None:
            bids = tuple(
                BidInfo(
                    seat=Seat(int(b["seat"])),
                    action=str(b["action"]),
                    call=b["call"],
                    options=tuple(
                        BidOption(str(c), Fraction(ev), Fraction(se2))
                        for c, ev, se2 in b["options"]
                    ),
                    worlds=int(b["worlds"]),
                    exact=bool(b["exact"]),
                    solved=int(b["solved"]),
                )
                for b in f["bids"]
            )
        return FairReview(int(f["number"]), plays, f["reason"], bids, f["bids_reason"])
    except (TypeError, ValueError, KeyError, AttributeError, ZeroDivisionError):
        return None


def fair_row(game_id: int, number: int, head: str, samples: int, f: FairReview) -> dict[str, Any]:
    """The row that keeps a hand's fair review over ``samples`` worlds: whole, and per
    seat the cards with a fair review, the choices among them and the choices that found
    a best card (a loss of at most ``fair.ACCURATE``), for stats."""
    row: dict[str, Any] = {
        "game_id": game_id,
        "number": number,
        "head_hash": head,
        "method": fair_method(samples),
        "version": FAIR_ROW_VERSION,
        "data": fair_json(f),
        "analysed": f.plays is not None,
        "dd_tricks": None,
        "tricks": None,
        "par_tricks": None,
    }
    for what in COUNTS:
        for seat in SEATS:
            row[f"{what}_{seat}"] = 0
    for i in f.plays or ():
        seat = SEATS[i.seat]
        row[f"plays_{seat}"] += 1
        if i.choice:
            row[f"choices_{seat}"] += 1
            row[f"good_{seat}"] += i.loss <= ACCURATE
    return row


def fair_cached(
    store: Store, game_id: int, numbers: Sequence[int], samples: int
) -> dict[int, FairReview]:
    """The fair reviews over ``samples`` worlds kept of a game's hands as they stand
    now, by hand number. Reads only: nothing is computed."""
    return _kept(store, game_id, numbers, fair_method(samples), FAIR_ROW_VERSION, fair_from_json)


def fair_reviews(
    store: Store,
    game_id: int,
    hands: Sequence[HandState],
    samples: int,
    *,
    progress: Progress | None = None,
) -> list[FairReview]:
    """The fair reviews of some of a stored game's hands over ``samples`` worlds, in
    order: those kept read back, the others computed (on every core when there are two
    or more, with ``progress``) and kept for next time.
    A database that cannot be written to keeps nothing; the reviews stand anyway."""
    found = fair_cached(store, game_id, [hand.number for hand in hands], samples)
    todo = [hand for hand in hands if hand.number not in found]
    if not todo:
        return [found[hand.number] for hand in hands]
    if progress is None:
        computed = fair_many(todo, samples)
    else:
        with progress(len(todo)) as advance:
            computed = fair_many(todo, samples, progress=advance)
    with store.reading() as conn:
        heads = _heads(conn, [game_id])
    found.update({hand.number: fair for hand, fair in zip(todo, computed, strict=True)})
    rows = [
        fair_row(game_id, hand.number, heads[(game_id, hand.number)], samples, fair)
        for hand, fair in zip(todo, computed, strict=True)
        if (game_id, hand.number) in heads
    ]
    with suppress(DBAPIError, StoreError):
        write(store, rows)
    return [found[hand.number] for hand in hands]


def keep_reviews(
    store: Store, game_id: int, number: int, review: HandReview, fair: FairReview, samples: int
) -> bool:
    """Keep a hand's open-hand review and its fair review over ``samples`` worlds, worked
    out from the hand as it stands now (the caller makes sure of that: ``record
    --review``), under its current head. False when the hand is not stored."""
    with store.reading() as conn:
        head = _heads(conn, [game_id]).get((game_id, number))
    if head is None:
        return False
    write(
        store,
        [cache_row(game_id, number, head, review), fair_row(game_id, number, head, samples, fair)],
    )
    return True


def fair_missing(store: Store, samples: int) -> list[tuple[int, int, str]]:
    """Every stored hand without a current fair review over ``samples`` worlds: (game,
    number, head hash), in order, for ``fill_fair``."""
    h, r = HAND_T.c, REVIEW_T.c
    head = func.coalesce(h.head_hash, "")
    current = and_(
        r.game_id == h.game_id,
        r.number == h.number,
        r.head_hash == head,
        r.method == fair_method(samples),
        r.version == FAIR_ROW_VERSION,
    )
    q = (
        select(h.game_id, h.number, head)
        .select_from(HAND_T.outerjoin(REVIEW_T, current))
        .where(r.game_id.is_(None))
        .order_by(h.game_id, h.number)
    )
    with store.reading() as conn:
        return [(int(g), int(n), str(hd)) for g, n, hd in conn.execute(q)]


FAIR_CHUNK: Final = 40
"""Hands whose fair review is computed and written at a time (a minute or so on two
cores): an interrupted ``review --all`` keeps what it did."""


def fill_fair(
    store: Store,
    todo: Sequence[tuple[int, int, str]],
    samples: int,
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Compute the fair reviews of the hands ``todo`` lists (``fair_missing``) over
    ``samples`` worlds, on every core, and keep them; returns how many were written."""
    written = 0
    with worker_pool(len(todo), workers, FAIR_PARALLEL_FROM) as pool:
        for start in range(0, len(todo), FAIR_CHUNK):
            chunk = list(todo[start : start + FAIR_CHUNK])
            wanted: dict[int, set[int]] = {}
            for game_id, number, _ in chunk:
                wanted.setdefault(game_id, set()).add(number)
            jobs, keys = [], []
            with store.reading() as conn:
                heads = _heads(conn, list(wanted))
                for game_id, numbers in wanted.items():
                    try:
                        state = replay_in(conn, game_id)
                    except (StoreError, LogError, ValueError):  # verify reports such a record
                        continue
                    for hand in state.game.hands:
                        key = (game_id, hand.number)
                        if hand.number in numbers and key in heads:
                            jobs.append(hand)
                            keys.append((game_id, hand.number, heads[key]))
            if pool is not None:
                fairs = fair_many(jobs, samples, progress=progress, pool=pool)
            else:
                fairs = fair_many(jobs, samples, workers=1, progress=progress)
            if progress is not None and len(chunk) > len(jobs):
                progress(len(chunk) - len(jobs))
            rows = [
                fair_row(g, n, head, samples, f)
                for (g, n, head), f in zip(keys, fairs, strict=True)
            ]
            write(store, rows)
            written += len(rows)
    return written


__all__ = [
    "OPEN",
    "REVIEW_VERSION",
    "VERSION",
    "cache_row",
    "cached",
    "fair_cached",
    "fair_from_json",
    "fair_json",
    "fair_missing",
    "fair_reviews",
    "fair_row",
    "fill",
    "fill_fair",
    "review_from_json",
    "review_json",
    "reviews",
    "write",
]
