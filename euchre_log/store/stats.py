"""Player and partnership stats, counted by SQL aggregation over the cached results.

Nothing here loads a hand into Python: every count is a ``SUM``/``COUNT`` over the
``hand``, ``flag``, ``game`` and ``game_seat`` tables, which the engine rewrites on every
write. The queries are SQLAlchemy Core, so they run on SQLite and PostgreSQL alike.

The definitions are the contract: the ``stats`` command's help and the field
descriptions of ``formats.outputs.StatsOut`` say them in words, and the tests recompute
every count from check reports by those words.

The open-hand review's counts (``review``) are sums over the reviews cached in
``hand_review`` (``store.review_cache``), which ``missing_reviews`` and
``review_cache.fill`` bring up to date before ``compute`` reads them.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Connection,
    and_,
    case,
    func,
    literal,
    null,
    or_,
    select,
    text,
    union_all,
)

from ..formats.names import PLAYER_FIELDS
from ..formats.shapes import PartnershipStatsDict, PlayerStatsDict, StatsDict
from . import review_cache
from .db import Store, StoreError
from .games import keyed_by_older_rule, player_key
from .tables import FLAG_T, GAME_T, HAND_T, PLAYER_T, SEAT_T

SEATS = ("N", "E", "S", "W")
TEAMS = {"NS": ("N", "S"), "EW": ("E", "W")}
SUITS = ("C", "D", "H", "S")
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
CALL_FIELDS = ("calls", "made", "marches", "euchred")
OWN_CALLS = (*CALL_FIELDS, "alone_calls", "alone_marches")


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


def _one(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return case((condition, 1), else_=0)


def _player_id(conn: Connection, name: str) -> tuple[int, str]:
    """The id and the stored spelling of a player's name, matched without case."""
    key = player_key(name)
    row = conn.execute(select(PLAYER_T.c.id, PLAYER_T.c.name).where(PLAYER_T.c.key == key)).first()
    if row is None and key:
        older = keyed_by_older_rule(conn, {key}).get(key)
        if older is not None:
            row = conn.execute(
                select(PLAYER_T.c.id, PLAYER_T.c.name).where(PLAYER_T.c.id == older)
            ).first()
    if row is not None:
        return int(row[0]), str(row[1])
    names = sorted(conn.execute(select(PLAYER_T.c.name)).scalars(), key=str.casefold)
    known = ", ".join(names[:20]) + (", ..." if len(names) > 20 else "")
    raise StatsError(
        f"there is no player named {name!r}"
        + (f" (the players are: {known})" if names else " (no games have been stored yet)")
    )


def _check_games(conn: Connection, ids: Sequence[int]) -> None:
    found = set(conn.execute(select(GAME_T.c.id).where(GAME_T.c.id.in_(list(ids)))).scalars())
    missing = [i for i in ids if i not in found]
    if missing:
        which = ", ".join(str(i) for i in missing)
        raise StatsError(
            f"there is no game {which} (euchre-log games lists them)"
            if len(missing) == 1
            else f"there are no games {which} (euchre-log games lists them)"
        )


@dataclass(frozen=True)
class _Games:
    """The games that count: a CTE of (game_id, winner), and for queries over hands or
    flags a condition on their ``game_id`` column (None when every game counts, so that
    a scan of every hand needs no lookup per hand)."""

    cte: Any
    filtered: bool

    def only(self, column: Any) -> ColumnElement[bool] | None:
        return column.in_(select(self.cte.c.game_id)) if self.filtered else None


def _games(flt: StatsFilter, pid: int | None) -> _Games:
    """The games that count, by the filters."""
    conds: list[ColumnElement[bool]] = []
    if flt.games:
        conds.append(GAME_T.c.id.in_(list(flt.games)))
    if flt.since:
        # Only a date that starts YYYY-MM-DD counts ("2026-05-29" or EGN's
        # "2026-05-29T16:30"); other text a log file gave ("last Friday") is no date.
        conds.append(GAME_T.c.date.like("____-__-__%"))
        conds.append(GAME_T.c.date >= flt.since)
    if pid is not None:
        conds.append(GAME_T.c.id.in_(select(SEAT_T.c.game_id).where(SEAT_T.c.player_id == pid)))
    q = select(GAME_T.c.id.label("game_id"), GAME_T.c.winner)
    if conds:
        q = q.where(and_(*conds))
    return _Games(q.cte("g"), bool(conds))


def _where(q: Any, *conds: ColumnElement[bool] | None) -> Any:
    for cond in conds:
        if cond is not None:
            q = q.where(cond)
    return q


def _per_game(games: _Games) -> Any:
    """One row per game that counts, with per-team sums over its hands, as a CTE.

    ``calls_NS`` and the like count the hands where NS fixed trump; the euchres NS
    scored as defenders are therefore ``euchred_EW``.
    """
    h = HAND_T.c
    made = h.outcome.in_(("made", "march"))
    march = h.outcome == "march"
    euchred = h.outcome == "euchred"
    cols: list[Any] = [
        h.game_id,
        func.count().label("hands"),
        func.sum(h.points_ns).label("pts_NS"),
        func.sum(h.points_ew).label("pts_EW"),
    ]
    for team, seats in TEAMS.items():
        makers = h.maker.in_(seats)
        cols += [
            func.sum(_one(makers)).label(f"calls_{team}"),
            func.sum(_one(and_(makers, made))).label(f"made_{team}"),
            func.sum(_one(and_(makers, march))).label(f"marches_{team}"),
            func.sum(_one(and_(makers, euchred))).label(f"euchred_{team}"),
        ]
    q = select(*cols).select_from(HAND_T).group_by(h.game_id)
    return _where(q, games.only(h.game_id)).cte("pg")


TEAM_COUNTS = ("games", "wins", "hands", "points", "points_against", *CALL_FIELDS)


def _side(is_ns: ColumnElement[bool], pg: Any, name: str, *, other: bool = False) -> Any:
    """The per-team column ``name_NS`` or ``name_EW`` of a side (or of its opponents)."""
    ns, ew = pg.c[f"{name}_NS"], pg.c[f"{name}_EW"]
    return case((is_ns, ew if other else ns), else_=ns if other else ew)


def _team_cols(is_ns: ColumnElement[bool], winner_is: ColumnElement[bool], pg: Any) -> list[Any]:
    cols = [
        func.count().label("games"),
        func.sum(_one(winner_is)).label("wins"),
        func.sum(pg.c.hands).label("hands"),
        func.sum(_side(is_ns, pg, "pts")).label("points"),
        func.sum(_side(is_ns, pg, "pts", other=True)).label("points_against"),
    ]
    # A seat's own calls come from the makers' query; a side's from these sums.
    cols += [func.sum(_side(is_ns, pg, name)).label(name) for name in CALL_FIELDS]
    return cols


def _player_select(games: _Games, pg: Any, pid: int | None) -> Any:
    """One row per player (kind 'player', a = b = the player's id): their side's counts.

    Its calls columns are the whole side's; the player's own come from ``_makers``.
    ``euchred_against`` (the other side's euchres) is what they euchred as defenders.
    """
    gs = SEAT_T.c
    ns = gs.seat.in_(TEAMS["NS"])
    q = (
        select(
            literal("player").label("kind"),
            gs.player_id.label("a"),
            gs.player_id.label("b"),
            *_team_cols(ns, games.cte.c.winner == case((ns, "NS"), else_="EW"), pg),
            func.sum(_side(ns, pg, "euchred", other=True)).label("euchred_against"),
        )
        .select_from(SEAT_T)
        .join(games.cte, games.cte.c.game_id == gs.game_id)
        .outerjoin(pg, pg.c.game_id == gs.game_id)
        .group_by(gs.player_id)
    )
    return q.where(gs.player_id == pid) if pid is not None else q


def _pair_select(games: _Games, pg: Any, pid: int | None) -> Any:
    """One row per pair of partners (kind 'pair', a < b their player ids)."""
    a, b = SEAT_T.alias("a"), SEAT_T.alias("b")
    pairs = union_all(
        *[
            select(
                a.c.game_id,
                a.c.player_id.label("p1"),
                b.c.player_id.label("p2"),
                literal(team).label("team"),
            )
            .select_from(a)
            .join(b, and_(b.c.game_id == a.c.game_id, b.c.seat == seats[1]))
            .where(a.c.seat == seats[0])
            for team, seats in TEAMS.items()
        ]
    ).cte("pairs")
    p = pairs.c
    lo = case((p.p1 < p.p2, p.p1), else_=p.p2)
    hi = case((p.p1 < p.p2, p.p2), else_=p.p1)
    ns = p.team == "NS"
    q = (
        select(
            literal("pair").label("kind"),
            lo.label("a"),
            hi.label("b"),
            *_team_cols(ns, games.cte.c.winner == p.team, pg),
            func.sum(_side(ns, pg, "euchred", other=True)).label("euchred_against"),
        )
        .select_from(pairs)
        .join(games.cte, games.cte.c.game_id == p.game_id)
        .outerjoin(pg, pg.c.game_id == p.game_id)
        .group_by(lo, hi)
    )
    return q.where(or_(p.p1 == pid, p.p2 == pid)) if pid is not None else q


def _total_select(games: _Games, pg: Any) -> Any:
    """One row (kind 'total'): the games and hands that count."""
    none = null()  # a NULL per column, not one shared parameter PostgreSQL cannot type
    cols: dict[str, Any] = {k: none for k in (*TEAM_COUNTS, "euchred_against")}
    cols["games"] = func.count()
    cols["hands"] = func.sum(pg.c.hands)
    return (
        select(
            literal("total").label("kind"),
            none.label("a"),
            none.label("b"),
            *(v.label(k) for k, v in cols.items()),
        )
        .select_from(games.cte)
        .outerjoin(pg, pg.c.game_id == games.cte.c.game_id)
    )


def _sums(
    conn: Connection, games: _Games, pg: Any, pid: int | None
) -> tuple[dict[int, dict[str, int]], dict[tuple[int, int], dict[str, int]], tuple[int, int]]:
    """Players, partnerships and totals in one statement, so that the per-game sums are
    worked out once (a CTE used more than once is materialized)."""
    q = union_all(
        _player_select(games, pg, pid), _pair_select(games, pg, pid), _total_select(games, pg)
    )
    players: dict[int, dict[str, int]] = {}
    pairs: dict[tuple[int, int], dict[str, int]] = {}
    totals = (0, 0)
    for row in conn.execute(q).mappings():
        counts = {k: int(row[k] or 0) for k in (*TEAM_COUNTS, "euchred_against")}
        if row["kind"] == "player":
            players[int(row["a"])] = counts
        elif row["kind"] == "pair":
            pairs[(int(row["a"]), int(row["b"]))] = counts
        else:
            totals = (counts["games"], counts["hands"])
    return players, pairs, totals


def _reneges(conn: Connection, games: _Games, pid: int | None) -> dict[int, int]:
    f, gs = FLAG_T.c, SEAT_T.c
    q = (
        select(gs.player_id, func.count())
        .select_from(FLAG_T)
        .join(SEAT_T, and_(gs.game_id == f.game_id, gs.seat == f.seat))
        .where(f.kind == "renege")
        .group_by(gs.player_id)
    )
    q = _where(q, games.only(f.game_id), gs.player_id == pid if pid is not None else None)
    return {int(p): int(n) for p, n in conn.execute(q)}


def _empty_calls() -> dict[str, int]:
    return dict.fromkeys(CALL_FIELDS, 0)


def _makers(conn: Connection, games: _Games, pid: int | None) -> dict[int, dict[str, Any]]:
    """Each player's own calls: their totals, and by bidding round, trump suit and seat
    relative to the dealer. SQL groups the calls by those keys; each player has at most
    a few hundred groups, which are added up here."""
    h, gs = HAND_T.c, SEAT_T.c
    march = h.outcome == "march"
    alone = h.alone.is_(True)
    q = (
        select(
            gs.player_id,
            h.bid_round,
            h.trump,
            h.dealer,
            h.maker,
            func.count().label("calls"),
            func.sum(_one(h.outcome.in_(("made", "march")))).label("made"),
            func.sum(_one(march)).label("marches"),
            func.sum(_one(h.outcome == "euchred")).label("euchred"),
            func.sum(_one(alone)).label("alone_calls"),
            func.sum(_one(and_(alone, march))).label("alone_marches"),
        )
        .select_from(HAND_T)
        .join(SEAT_T, and_(gs.game_id == h.game_id, gs.seat == h.maker))
        .group_by(gs.player_id, h.bid_round, h.trump, h.dealer, h.maker)
    )
    q = _where(q, games.only(h.game_id), gs.player_id == pid if pid is not None else None)
    out: dict[int, dict[str, Any]] = {}
    for row in conn.execute(q).mappings():
        player = int(row["player_id"])
        b = out.get(player)
        if b is None:
            b = out[player] = {**empty_breakdown(), **dict.fromkeys(OWN_CALLS, 0)}
        for name in OWN_CALLS:
            b[name] += int(row[name] or 0)
        rel = RELATIVE[(SEATS.index(row["maker"]) - SEATS.index(row["dealer"])) % 4]
        for dim, key in (
            ("by_round", str(row["bid_round"])),
            ("by_trump", row["trump"]),
            ("by_seat", rel),
        ):
            bucket = b[dim].get(key)
            if bucket is None:
                continue
            for name in CALL_FIELDS:
                bucket[name] += int(row[name] or 0)
    return out


def _defended(conn: Connection, games: _Games, pid: int | None) -> dict[int, int]:
    """The times each player defended alone: the few hands with a lone defender are
    counted per game and seat first, then matched to the players."""
    h, gs = HAND_T.c, SEAT_T.c
    lone = select(h.game_id, h.defender, func.count().label("n")).where(h.defender.is_not(None))
    lone = _where(lone, games.only(h.game_id)).group_by(h.game_id, h.defender).subquery("lone")
    q = (
        select(gs.player_id, func.sum(lone.c.n))
        .select_from(lone)
        .join(SEAT_T, and_(gs.game_id == lone.c.game_id, gs.seat == lone.c.defender))
        .group_by(gs.player_id)
    )
    q = _where(q, gs.player_id == pid if pid is not None else None)
    return {int(p): int(n) for p, n in conn.execute(q)}


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
    with store.reading() as conn:
        pid = _player_id(conn, flt.player)[0] if flt.player is not None else None
        if flt.games:
            _check_games(conn, flt.games)
        return review_cache.missing(conn, _games(flt, pid).only(HAND_T.c.game_id))


Counted = list[tuple[dict[str, int], str]]
"""Games' review sums, each with where someone sat in it (a seat or a side)."""


def _review_counts(
    conn: Connection, games: _Games, pid: int | None
) -> tuple[dict[int, Counted], dict[tuple[int, int], Counted], dict[str, int]]:
    """The cached reviews' sums, per player (by seat) and per pair of partners (by
    side), over the games that count, and the coverage of those games' hands."""
    sums = review_cache.per_game(conn, games.only(HAND_T.c.game_id))
    q = select(SEAT_T.c.game_id, SEAT_T.c.seat, SEAT_T.c.player_id).join(
        games.cte, games.cte.c.game_id == SEAT_T.c.game_id
    )
    seats: dict[int, dict[str, int]] = {}
    for game_id, seat, player in conn.execute(q):
        if seat in SEATS:  # a seat another program renamed counts nowhere, as in the sums
            seats.setdefault(int(game_id), {})[str(seat)] = int(player)
    players: dict[int, Counted] = {}
    pairs: dict[tuple[int, int], Counted] = {}
    for game_id, by_seat in seats.items():
        game = sums.get(game_id)
        if game is None:
            continue
        for seat, player in by_seat.items():
            if pid is None or player == pid:
                players.setdefault(player, []).append((game, seat.lower()))
        for side, (a, b) in TEAMS.items():
            if a in by_seat and b in by_seat:
                lo, hi = sorted((by_seat[a], by_seat[b]))
                if pid is None or pid in (lo, hi):
                    pairs.setdefault((lo, hi), []).append((game, side.lower()))
    coverage = {
        "reviewed": sum(g["reviewed"] for g in sums.values()),
        "analysed": sum(g["analysed"] for g in sums.values()),
    }
    return players, pairs, coverage


def compute(store: Store, flt: StatsFilter = StatsFilter(), *, review: bool = True) -> StatsDict:
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


def _compute(store: Store, flt: StatsFilter, *, review: bool) -> StatsDict:
    with store.reading() as conn:
        pid, who = _player_id(conn, flt.player) if flt.player is not None else (None, None)
        if flt.games:
            _check_games(conn, flt.games)
        games = _games(flt, pid)
        pg = _per_game(games)
        rows, pairs, (n_games, n_hands) = _sums(conn, games, pg, pid)
        reneges = _reneges(conn, games, pid)
        makers = _makers(conn, games, pid)
        defended = _defended(conn, games, pid)
        if review:
            by_player, by_pair, coverage = _review_counts(conn, games, pid)
        ids = set(rows) | {i for pair in pairs for i in pair}
        found = (
            conn.execute(
                select(PLAYER_T.c.id, PLAYER_T.c.name).where(PLAYER_T.c.id.in_(list(ids)))
            ).all()
            if ids
            else []
        )
        # A seat whose player row another program removed is still counted, by its id.
        names: dict[int, str] = {i: f"(player {i}, not in the database)" for i in ids}
        names.update({int(i): str(name) for i, name in found})
    # Built key by key from the field lists (PLAYER_FIELDS...), which mypy cannot follow:
    # tests/test_shapes.py checks the documents against the TypedDicts and the schema.
    players: list[PlayerStatsDict] = []
    for player, side in rows.items():
        own = makers.get(player) or {**empty_breakdown(), **dict.fromkeys(OWN_CALLS, 0)}
        counts = {**side, **{k: own[k] for k in OWN_CALLS}}
        counts["defended_alone"] = defended.get(player, 0)
        counts["euchres_as_defender"] = side["euchred_against"]
        counts["reneges"] = reneges.get(player, 0)
        entry: dict[str, Any] = {"name": names[player]}
        entry.update({k: counts[k] for k in PLAYER_FIELDS})
        entry.update({dim: own[dim] for dim in ("by_round", "by_trump", "by_seat")})
        entry["review"] = review_cache.totals(by_player.get(player, ())) if review else None
        players.append(cast(PlayerStatsDict, entry))
    players.sort(key=lambda e: (e["name"].casefold(), e["name"]))
    partnerships: list[PartnershipStatsDict] = []
    for (lo, hi), counts in pairs.items():
        pair = sorted((names[lo], names[hi]), key=lambda n: (n.casefold(), n))
        item: dict[str, Any] = {"players": pair}
        item.update({k: counts[k] for k in PARTNERSHIP_FIELDS if k in counts})
        item["points_for"] = counts["points"]
        item["review"] = review_cache.totals(by_pair.get((lo, hi), ())) if review else None
        shaped = {k: item[k] for k in ("players", *PARTNERSHIP_FIELDS, "review")}
        partnerships.append(cast(PartnershipStatsDict, shaped))
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
