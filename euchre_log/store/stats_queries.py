"""The queries of ``stats``, as SQLAlchemy Core over the tables of ``schema.py``.

Every count of ``stats`` is a ``SUM``/``COUNT`` over the ``hand``, ``flag``, ``game``,
``game_seat`` and ``hand_review`` tables: nothing loads a hand into Python. Each query is
built for one *shape* of the filter, the letters of the filters given: ``g`` (only the
game ids of the parameter ``games``), ``p`` (only the games of the player ``pid``) and
``s`` (only games dated on or after ``since``), so ``""`` for every game and ``"gps"``
for all three. ``QUERIES`` holds every query in every shape by name
(``"stats_sums:gp"``), which ``store.stats`` runs.

The definitions are the contract: the ``stats`` command's help and the field
descriptions of ``formats.outputs.StatsOut`` say them in words, and the tests recompute
every count from check reports by those words. ``store.stats`` adds the rows up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any, Final

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    bindparam,
    case,
    func,
    literal,
    null,
    or_,
    select,
    union_all,
)

from ..engine.cards import SEAT_LETTERS
from ..engine.fair import FAIR_VERSION, SAMPLES
from ..engine.game import JUDGEMENT
from ..formats.names import CALL_FIELDS, SUM_FIELDS, TEAMS
from .schema import FLAG_T, GAME_T, HAND_T, PLAYER_T, REVIEW_T, SEAT_T

REVIEW_VERSION: Final = 1
"""The version of the review's numbers in ``hand_review`` (``review_cache``): raise it
when ``engine.review`` grades differently, and every cached review is computed again."""
VERSION: Final = f"{REVIEW_VERSION}.{JUDGEMENT}"
"""What ``hand_review.version`` holds for a review made by this code: the rows of another
version are not read, and ``review_cache`` computes them again."""
OPEN: Final = "open"
"""The method of the open-hand review's rows."""
FAIR_ROW_VERSION: Final = f"{FAIR_VERSION}.{JUDGEMENT}"
"""What ``hand_review.version`` holds for a fair review made by this code."""


def fair_method(samples: int) -> str:
    """The method of the fair review's rows over ``samples`` worlds: ``fair:200``."""
    return f"fair:{samples}"


FAIR_STATS: Final = fair_method(SAMPLES)
"""The fair rows ``stats`` reads: those of the default sample (``review`` without
``--samples``)."""
SEATS: Final = "nesw"
COUNTS: Final = ("plays", "choices", "good", "cost")
"""A ``hand_review`` row's counts, each per seat (``plays_n``, ``cost_w``...)."""
SHAPES = tuple("".join(c) for n in range(4) for c in combinations("gps", n))
"""Every shape of the filter: ``""``, ``"g"``, ``"p"``, ``"s"``, ``"gp"``... ``"gps"``."""


def _one(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return case((condition, 1), else_=0)


def _where(q: Select[Any], *conds: ColumnElement[bool] | None) -> Select[Any]:
    for cond in conds:
        if cond is not None:
            q = q.where(cond)
    return q


def _pid() -> Any:
    return bindparam("pid")


@dataclass(frozen=True)
class _Games:
    """The games that count: a CTE of (game_id, winner), and for queries over hands or
    flags a condition on their ``game_id`` column (None when every game counts, so that
    a scan of every hand needs no lookup per hand)."""

    cte: Any
    filtered: bool
    player: bool

    def only(self, column: Any) -> ColumnElement[bool] | None:
        return column.in_(select(self.cte.c.game_id)) if self.filtered else None

    def seat_of_player(self, column: Any) -> ColumnElement[bool] | None:
        """``column == pid`` when the filter names a player."""
        return column == _pid() if self.player else None


def _games(shape: str) -> _Games:
    """The games that count, by the filters of ``shape``."""
    conds: list[ColumnElement[bool]] = []
    if "g" in shape:
        conds.append(GAME_T.c.id.in_(bindparam("games", expanding=True)))
    if "s" in shape:
        # Only a date that starts YYYY-MM-DD counts ("2026-05-29" or EGN's
        # "2026-05-29T16:30"); other text a log file gave ("last Friday") is no date.
        conds.append(GAME_T.c.date.like("____-__-__%"))
        conds.append(GAME_T.c.date >= bindparam("since"))
    if "p" in shape:
        conds.append(GAME_T.c.id.in_(select(SEAT_T.c.game_id).where(SEAT_T.c.player_id == _pid())))
    q = select(GAME_T.c.id.label("game_id"), GAME_T.c.winner)
    if conds:
        q = q.where(and_(*conds))
    return _Games(q.cte("g"), bool(conds), "p" in shape)


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


def _player_select(games: _Games, pg: Any) -> Any:
    """One row per player (kind 'player', a = b = the player's id): their side's counts.

    Its calls columns are the whole side's; the player's own come from ``stats_makers``.
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
    return _where(q, games.seat_of_player(gs.player_id))


def _pair_select(games: _Games, pg: Any) -> Any:
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
    return q.where(or_(p.p1 == _pid(), p.p2 == _pid())) if games.player else q


def _total_select(games: _Games, pg: Any) -> Any:
    """One row (kind 'total'): the games and hands that count."""
    none = null()  # a NULL per column, not one shared parameter PostgreSQL cannot type
    cols: dict[str, Any] = dict.fromkeys(SUM_FIELDS, none)
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


def sums(shape: str) -> Any:
    """Players, partnerships and totals in one statement, so that the per-game sums are
    worked out once (a CTE used more than once is materialized): rows of ``kind``,
    ``a``, ``b`` and ``SUM_FIELDS``."""
    games = _games(shape)
    pg = _per_game(games)
    return union_all(_player_select(games, pg), _pair_select(games, pg), _total_select(games, pg))


def reneges(shape: str) -> Select[Any]:
    """Renege flags per player: (player_id, n)."""
    f, gs = FLAG_T.c, SEAT_T.c
    games = _games(shape)
    q = (
        select(gs.player_id, func.count().label("n"))
        .select_from(FLAG_T)
        .join(SEAT_T, and_(gs.game_id == f.game_id, gs.seat == f.seat))
        .where(f.kind == "renege")
        .group_by(gs.player_id)
    )
    return _where(q, games.only(f.game_id), games.seat_of_player(gs.player_id))


def makers(shape: str) -> Select[Any]:
    """Each player's own calls, grouped by bidding round, trump suit, dealer and maker:
    a player has at most a few hundred groups, which ``store.stats`` adds up."""
    h, gs = HAND_T.c, SEAT_T.c
    games = _games(shape)
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
    return _where(q, games.only(h.game_id), games.seat_of_player(gs.player_id))


def defended(shape: str) -> Select[Any]:
    """The times each player defended alone, (player_id, n): the few hands with a lone
    defender are counted per game and seat first, then matched to the players."""
    h, gs = HAND_T.c, SEAT_T.c
    games = _games(shape)
    counted = select(h.game_id, h.defender, func.count().label("n")).where(h.defender.is_not(None))
    lone = _where(counted, games.only(h.game_id)).group_by(h.game_id, h.defender).subquery("lone")
    q = (
        select(gs.player_id, func.sum(lone.c.n).label("n"))
        .select_from(lone)
        .join(SEAT_T, and_(gs.game_id == lone.c.game_id, gs.seat == lone.c.defender))
        .group_by(gs.player_id)
    )
    return _where(q, games.seat_of_player(gs.player_id))


def _current(method: str = OPEN, version: str = VERSION) -> ColumnElement[bool]:
    """A review row of ``method`` that belongs to the hand as it stands, made by this
    code (``version``)."""
    r, h = REVIEW_T.c, HAND_T.c
    return and_(
        r.game_id == h.game_id,
        r.number == h.number,
        r.head_hash == func.coalesce(h.head_hash, ""),
        r.method == method,
        r.version == version,
    )


def review_missing(shape: str) -> Select[Any]:
    """The hands of the games that count without a current review (``review_cache``):
    (game_id, number, head), for ``review_cache.fill``."""
    h = HAND_T.c
    q = (
        select(h.game_id, h.number, func.coalesce(h.head_hash, "").label("head"))
        .select_from(HAND_T.outerjoin(REVIEW_T, _current()))
        .where(REVIEW_T.c.game_id.is_(None))
        .order_by(h.game_id, h.number)
    )
    return _where(q, _games(shape).only(h.game_id))


def review_sums(shape: str) -> Select[Any]:
    """Each game's sums over its hands' current reviews: the hands ``reviewed`` and
    ``analysed``, and per seat (``_n`` ``_e`` ``_s`` ``_w``) the plays, choices, choices
    that gave nothing away (``good``) and tricks given away (``cost``), and the hands in
    which that seat played for the makers' side that ``makeable`` (best play from the
    first card made it, but they were euchred) and ``avoidable`` (euchred, though par
    gives them 3 tricks or more in the trump they named). The same two counts for each
    side (``_ns``, ``_ew``) count the hands that side made trump."""
    r, h = REVIEW_T.c, HAND_T.c
    euchred = and_(r.analysed.is_(True), r.tricks < 3)
    cols: list[Any] = [
        r.game_id,
        func.count().label("reviewed"),
        func.sum(_one(r.analysed.is_(True))).label("analysed"),
    ]
    for what in COUNTS:
        for seat in SEATS:
            cols.append(func.sum(r[f"{what}_{seat}"]).label(f"{what}_{seat}"))
    sides: list[tuple[str, ColumnElement[bool]]] = []
    for i, seat in enumerate(SEATS):
        letter, partner = SEAT_LETTERS[i], SEAT_LETTERS[(i + 2) % 4]
        # The seat played for the makers: it made trump, or its partner did, not alone.
        sides.append((seat, or_(h.maker == letter, and_(h.maker == partner, h.alone.is_(False)))))
    sides += [("ns", h.maker.in_(("N", "S"))), ("ew", h.maker.in_(("E", "W")))]
    for key, making in sides:
        cols.append(
            func.sum(_one(and_(making, euchred, r.dd_tricks >= 3))).label(f"makeable_{key}")
        )
        cols.append(
            func.sum(_one(and_(making, euchred, r.par_tricks >= 3))).label(f"avoidable_{key}")
        )
    q = select(*cols).select_from(REVIEW_T.join(HAND_T, _current())).group_by(r.game_id)
    return _where(q, _games(shape).only(h.game_id))


def review_fair_sums(shape: str) -> Select[Any]:
    """Each game's sums over its hands' current fair reviews of the default sample
    (``FAIR_STATS``): per seat the choices with a fair review (``choices``) and those
    whose loss is at most 0.05 points (``good``)."""
    r, h = REVIEW_T.c, HAND_T.c
    cols: list[Any] = [r.game_id]
    for what in ("choices", "good"):
        for seat in SEATS:
            cols.append(func.sum(r[f"{what}_{seat}"]).label(f"{what}_{seat}"))
    q = (
        select(*cols)
        .select_from(REVIEW_T.join(HAND_T, _current(FAIR_STATS, FAIR_ROW_VERSION)))
        .group_by(r.game_id)
    )
    return _where(q, _games(shape).only(h.game_id))


def review_seats(shape: str) -> Select[Any]:
    """Who sat where in the games that count: (game_id, seat, player_id)."""
    games = _games(shape)
    return select(SEAT_T.c.game_id, SEAT_T.c.seat, SEAT_T.c.player_id).join(
        games.cte, games.cte.c.game_id == SEAT_T.c.game_id
    )


def player_by_key() -> Select[Any]:
    """The player whose name folds to ``key``: (id, name)."""
    return select(PLAYER_T.c.id, PLAYER_T.c.name).where(PLAYER_T.c.key == bindparam("key"))


def players() -> Select[Any]:
    """Every player: (id, name, key)."""
    return select(PLAYER_T.c.id, PLAYER_T.c.name, PLAYER_T.c.key)


def players_named() -> Select[Any]:
    """The players of the ids ``ids``: (id, name)."""
    return select(PLAYER_T.c.id, PLAYER_T.c.name).where(
        PLAYER_T.c.id.in_(bindparam("ids", expanding=True))
    )


def games_among() -> Select[Any]:
    """Which of the game ids ``ids`` are stored: (id)."""
    return select(GAME_T.c.id).where(GAME_T.c.id.in_(bindparam("ids", expanding=True)))


BY_SHAPE: dict[str, Callable[[str], Any]] = {
    "stats_sums": sums,
    "stats_reneges": reneges,
    "stats_makers": makers,
    "stats_defended": defended,
    "stats_review_missing": review_missing,
    "stats_review_sums": review_sums,
    "stats_review_fair_sums": review_fair_sums,
    "stats_review_seats": review_seats,
}
"""The queries built per shape of the filter."""

QUERIES: dict[str, Callable[[], Any]] = {
    **{
        f"{name}:{shape}": partial(build, shape)
        for name, build in BY_SHAPE.items()
        for shape in SHAPES
    },
    "stats_player_by_key": player_by_key,
    "stats_players": players,
    "stats_players_named": players_named,
    "stats_games_among": games_among,
}
"""Each query by name (a shaped one as ``name:shape``): a function that builds it."""
