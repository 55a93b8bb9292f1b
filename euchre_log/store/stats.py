"""Player and partnership stats, added up from the SQL aggregation of ``stats_queries``.

Nothing here loads a hand into Python: every count is a ``SUM``/``COUNT`` over the
``hand``, ``flag``, ``game`` and ``game_seat`` tables, which the engine rewrites on every
write, run by name (``stats_queries.QUERIES``) in one read transaction.

The definitions are the contract: the ``stats`` command's help and the field
descriptions of ``formats.outputs.StatsOut`` say them in words, and the tests recompute
every count from check reports by those words.

The open-hand review's counts (``review``) are sums over the reviews cached in
``hand_review`` (``store.review_cache``), which ``missing_reviews`` and
``review_cache.fill`` bring up to date before ``compute`` reads them.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..engine.cards import SEAT_LETTERS, SUIT_LETTERS
from ..formats.names import CALL_FIELDS, PLAYER_FIELDS, SUM_FIELDS, TEAMS
from ..formats.text import keyed_by_older_rule, name_key
from .db import Store, StoreError

SEATS = tuple(SEAT_LETTERS)
SUITS = tuple(SUIT_LETTERS)
ROUNDS = ("1", "2")
# Seats relative to the dealer, in bidding order after the dealer themself.
RELATIVE = ("dealer", "left_of_dealer", "dealer_partner", "right_of_dealer")
PARTNERSHIP_FIELDS = (
    "games",
    "wins",
    "hands",
    "calls",
    "made",
    "marches",
    "euchred",
    "points_for",
    "points_against",
)
OWN_CALLS = (*CALL_FIELDS, "alone_calls", "alone_marches")

Run = Callable[..., list[Any]]
"""A query run by name in one snapshot (``_queries``)."""


@cache
def _query(name: str) -> Any:
    """A query of ``stats_queries`` by name, built once per process."""
    from .stats_queries import QUERIES

    return QUERIES[name]()


@contextmanager
def _queries(store: Store) -> Iterator[Run]:
    """A read transaction in which the queries of ``stats_queries`` run by name, with
    their parameters: ``run("stats_players")``."""
    with store.reading() as conn:
        yield lambda name, **params: list(conn.execute(_query(name), params))


class StatsError(StoreError):
    """A filter that names what is not there: an unknown player or game, a bad date."""


@dataclass(frozen=True)
class StatsFilter:
    """Which games count: one player's, since a date, or a list of game ids."""

    player: str | None = None
    since: str | None = None
    games: tuple[int, ...] = field(default_factory=tuple)


def parse_since(text: str) -> str:
    """``--since``: a date as YYYY-MM-DD; raises ``StatsError`` naming the value."""
    try:
        return _dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise StatsError(
            f"--since takes a date as YYYY-MM-DD, like 2026-11-01 (got {text!r})"
        ) from None


def _player_id(run: Run, name: str) -> tuple[int, str]:
    """The id and the stored spelling of a player's name, matched without case."""
    key = name_key(name)
    found = run("stats_player_by_key", key=key)
    if found:
        return int(found[0][0]), str(found[0][1])
    everyone = run("stats_players")
    older = keyed_by_older_rule(everyone, {key}).get(key) if key else None
    if older is not None:
        return older, next(str(n) for i, n, _ in everyone if i == older)
    names = sorted((str(n) for _, n, _ in everyone), key=str.casefold)
    known = ", ".join(names[:20]) + (", ..." if len(names) > 20 else "")
    raise StatsError(
        f"there is no player named {name!r}"
        + (f" (the players are: {known})" if names else " (no games have been stored yet)")
    )


def find_player(store: Store, name: str) -> tuple[int, str]:
    """A player by name, matched as ``stats --player`` matches it: the id and the stored
    spelling. ``StatsError`` naming the players when nobody has that name."""
    with _queries(store) as run:
        return _player_id(run, name)


def _check_games(run: Run, ids: tuple[int, ...]) -> None:
    found = {int(r[0]) for r in run("stats_games_among", ids=list(ids))}
    missing = [i for i in ids if i not in found]
    if missing:
        which = ", ".join(str(i) for i in missing)
        raise StatsError(
            f"there is no game {which} (euchre-log games lists them)"
            if len(missing) == 1
            else f"there are no games {which} (euchre-log games lists them)"
        )


@dataclass(frozen=True)
class _Shaped:
    """The filter as the shaped queries of ``stats_queries`` take it: the shape's letters
    and the parameters."""

    shape: str
    params: dict[str, Any]

    def __call__(self, run: Run, name: str) -> list[Any]:
        return run(f"{name}:{self.shape}", **self.params)


def _resolve(run: Run, flt: StatsFilter) -> tuple[_Shaped, str | None]:
    """The shaped filter, and the player's stored name; ``StatsError`` for an unknown
    player or game id."""
    shape = ""
    params: dict[str, Any] = {}
    who = None
    if flt.games:
        _check_games(run, flt.games)
        shape += "g"
        params["games"] = list(flt.games)
    if flt.player is not None:
        params["pid"], who = _player_id(run, flt.player)
        shape += "p"
    if flt.since:
        shape += "s"
        params["since"] = flt.since
    return _Shaped(shape, params), who


def _counts(row: Any, names: Iterable[str]) -> dict[str, int]:
    values = row._asdict()
    return {k: int(values[k] or 0) for k in names}


def _sums(
    run: Run, shaped: _Shaped
) -> tuple[dict[int, dict[str, int]], dict[tuple[int, int], dict[str, int]], tuple[int, int]]:
    """Players, partnerships and totals (``stats_queries.sums``)."""
    players: dict[int, dict[str, int]] = {}
    pairs: dict[tuple[int, int], dict[str, int]] = {}
    totals = (0, 0)
    for row in shaped(run, "stats_sums"):
        counts = _counts(row, SUM_FIELDS)
        if row.kind == "player":
            players[int(row.a)] = counts
        elif row.kind == "pair":
            pairs[(int(row.a), int(row.b))] = counts
        else:
            totals = (counts["games"], counts["hands"])
    return players, pairs, totals


def _empty_calls() -> dict[str, int]:
    return dict.fromkeys(CALL_FIELDS, 0)


def _makers(run: Run, shaped: _Shaped) -> dict[int, dict[str, Any]]:
    """Each player's own calls: their totals, and by bidding round, trump suit and seat
    relative to the dealer, added up from the groups of ``stats_queries.makers``."""
    out: dict[int, dict[str, Any]] = {}
    for row in shaped(run, "stats_makers"):
        player = int(row.player_id)
        b = out.get(player)
        if b is None:
            b = out[player] = {**empty_breakdown(), **dict.fromkeys(OWN_CALLS, 0)}
        counts = _counts(row, OWN_CALLS)
        for name in OWN_CALLS:
            b[name] += counts[name]
        rel = RELATIVE[(SEATS.index(row.maker) - SEATS.index(row.dealer)) % 4]
        for dim, key in (
            ("by_round", str(row.bid_round)),
            ("by_trump", row.trump),
            ("by_seat", rel),
        ):
            bucket = b[dim].get(key)
            if bucket is None:
                continue
            for name in CALL_FIELDS:
                bucket[name] += counts[name]
    return out


def empty_breakdown() -> dict[str, dict[str, dict[str, int]]]:
    """Zero counts for every round, suit and relative seat."""
    return {
        "by_round": {r: _empty_calls() for r in ROUNDS},
        "by_trump": {s: _empty_calls() for s in SUITS},
        "by_seat": {r: _empty_calls() for r in RELATIVE},
    }


def missing_reviews(store: Store, flt: StatsFilter = StatsFilter()) -> list[tuple[int, int, str]]:
    """The hands of the games that count whose open-hand review is not cached yet (or is
    stale): (game, number, head hash), for ``review_cache.fill``. Raises ``StatsError``
    for an unknown player or game id."""
    with _queries(store) as run:
        shaped, _ = _resolve(run, flt)
        rows = shaped(run, "stats_review_missing")
    return [(int(g), int(n), str(head)) for g, n, head in rows]


Counted = list[tuple[dict[str, int], str]]
"""Games' review sums, each with where someone sat in it (a seat or a side)."""


def _review_counts(
    run: Run, shaped: _Shaped, pid: int | None
) -> tuple[dict[int, Counted], dict[tuple[int, int], Counted], dict[str, int]]:
    """The cached reviews' sums, per player (by seat) and per pair of partners (by
    side), over the games that count, and the coverage of those games' hands."""
    sums = {int(row.game_id): row._asdict() for row in shaped(run, "stats_review_sums")}
    for row in shaped(run, "stats_review_fair_sums"):
        if int(row.game_id) in sums:
            fair = row._asdict()
            sums[int(row.game_id)].update(
                {f"fair_{k}": v for k, v in fair.items() if k != "game_id"}
            )
    seats: dict[int, dict[str, int]] = {}
    for game_id, seat, player in shaped(run, "stats_review_seats"):
        if seat in SEATS:  # a seat another program renamed counts nowhere, as in the sums
            seats.setdefault(int(game_id), {})[str(seat)] = int(player)
    players: dict[int, Counted] = {}
    pairs: dict[tuple[int, int], Counted] = {}
    for game_id, by_seat in seats.items():
        found = sums.get(game_id)
        if found is None:
            continue
        game = {k: int(v or 0) for k, v in found.items() if k != "game_id"}
        for seat, player in by_seat.items():
            if pid is None or player == pid:
                players.setdefault(player, []).append((game, seat.lower()))
        for side, (a, b) in TEAMS.items():
            if a in by_seat and b in by_seat:
                lo, hi = sorted((by_seat[a], by_seat[b]))
                if pid is None or pid in (lo, hi):
                    pairs.setdefault((lo, hi), []).append((game, side.lower()))
    coverage = {
        "reviewed": sum(int(g["reviewed"] or 0) for g in sums.values()),
        "analysed": sum(int(g["analysed"] or 0) for g in sums.values()),
    }
    return players, pairs, coverage


def review_totals(games: Iterable[tuple[dict[str, int], str]]) -> dict[str, Any]:
    """A player's or a partnership's review counts over games: each game's sums
    (``stats_queries.review_sums``) and where they sat, a seat (``n`` ``e`` ``s`` ``w``)
    or a side (``ns`` ``ew``)."""
    hands = plays = choices = good = cost = makeable = avoidable = 0
    fair_choices = fair_good = 0
    for sums, where in games:
        hands += sums["analysed"]
        for seat in where:
            plays += sums[f"plays_{seat}"]
            choices += sums[f"choices_{seat}"]
            good += sums[f"good_{seat}"]
            cost += sums[f"cost_{seat}"]
            fair_choices += sums.get(f"fair_choices_{seat}", 0)
            fair_good += sums.get(f"fair_good_{seat}", 0)
        makeable += sums[f"makeable_{where}"]
        avoidable += sums[f"avoidable_{where}"]
    return {
        "hands": hands,
        "plays": plays,
        "choices": choices,
        "tricks_given": cost,
        "accuracy": round(100 * good / choices, 1) if choices else None,
        "makeable_not_made": makeable,
        "avoidable_euchres": avoidable,
        "fair_choices": fair_choices,
        "fair_accuracy": round(100 * fair_good / fair_choices, 1) if fair_choices else None,
    }


def compute(
    store: Store, flt: StatsFilter = StatsFilter(), *, review: bool = True
) -> dict[str, Any]:
    """The stats as the ``stats --json`` document: players, partnerships and totals,
    with the open-hand review's counts from the cached reviews (``review``; null
    everywhere without it).

    Raises ``StatsError`` for an unknown player or game id, and for cached results that
    another program made into something that is not a count.
    """
    try:
        return _compute(store, flt, review=review)
    except (TypeError, ValueError, OverflowError) as exc:
        if isinstance(exc, StatsError):
            raise
        raise StatsError(_damaged(store)) from None


def _damaged(store: Store) -> str:
    """Which game's cached results are not counts any more (SQLite keeps whatever another
    program writes in a column of numbers), in words."""
    from sqlalchemy import text

    from .schema import HAND_T

    columns = [c.name for c in HAND_T.columns if c.type.python_type is int and c.name != "id"]
    found = None
    if store.is_sqlite:
        with store.reading() as conn:
            checks = " OR ".join(
                f"(typeof({c}) NOT IN ('integer', 'null') OR abs({c}) > 1000000000)"
                for c in columns
            )
            found = conn.execute(
                text(f"SELECT game_id FROM hand WHERE {checks} ORDER BY game_id LIMIT 1")
            ).scalar()
    which = f"game {found}'s" if found is not None else "a game's"
    return (
        f"the stats cannot be counted: {which} cached results were changed outside "
        "euchre-log, so they are no longer counts (euchre-log verify names what changed)"
    )


def _compute(store: Store, flt: StatsFilter, *, review: bool) -> dict[str, Any]:
    with _queries(store) as run:
        shaped, who = _resolve(run, flt)
        pid: int | None = shaped.params.get("pid")
        rows, pairs, (n_games, n_hands) = _sums(run, shaped)
        reneges = {int(p): int(n) for p, n in shaped(run, "stats_reneges")}
        makers = _makers(run, shaped)
        defended = {int(p): int(n or 0) for p, n in shaped(run, "stats_defended")}
        if review:
            by_player, by_pair, coverage = _review_counts(run, shaped, pid)
        ids = set(rows) | {i for pair in pairs for i in pair}
        found = run("stats_players_named", ids=sorted(ids)) if ids else []
        # A seat whose player row another program removed is still counted, by its id.
        names: dict[int, str] = {i: f"(player {i}, not in the database)" for i in ids}
        names.update({int(i): str(name) for i, name in found})
    # Built key by key from the field lists (PLAYER_FIELDS...): the document is
    # ``outputs.StatsOut`` as JSON data, which the tests validate against that model.
    players: list[dict[str, Any]] = []
    for player, side in rows.items():
        own = makers.get(player) or {**empty_breakdown(), **dict.fromkeys(OWN_CALLS, 0)}
        counts = {**side, **{k: own[k] for k in OWN_CALLS}}
        counts["defended_alone"] = defended.get(player, 0)
        counts["euchres_as_defender"] = side["euchred_against"]
        counts["reneges"] = reneges.get(player, 0)
        entry: dict[str, Any] = {"name": names[player]}
        entry.update({k: counts[k] for k in PLAYER_FIELDS})
        entry.update({dim: own[dim] for dim in ("by_round", "by_trump", "by_seat")})
        entry["review"] = review_totals(by_player.get(player, ())) if review else None
        players.append(entry)
    players.sort(key=lambda e: (e["name"].casefold(), e["name"]))
    partnerships: list[dict[str, Any]] = []
    for (lo, hi), counts in pairs.items():
        pair = sorted((names[lo], names[hi]), key=lambda n: (n.casefold(), n))
        item: dict[str, Any] = {"players": pair}
        item.update({k: counts[k] for k in PARTNERSHIP_FIELDS if k in counts})
        item["points_for"] = counts["points"]
        item["review"] = review_totals(by_pair.get((lo, hi), ())) if review else None
        ordered = {k: item[k] for k in ("players", *PARTNERSHIP_FIELDS, "review")}
        partnerships.append(ordered)
    partnerships.sort(key=lambda e: [(n.casefold(), n) for n in e["players"]])
    return {
        "filters": {"player": who, "since": flt.since, "games": list(flt.games)},
        "games": n_games,
        "hands": n_hands,
        "players": players,
        "partnerships": partnerships,
        "review": {
            "hands": n_hands,
            "reviewed": coverage["reviewed"],
            "analysed": coverage["analysed"],
            "missing": n_hands - coverage["reviewed"],
        }
        if review
        else None,
    }
