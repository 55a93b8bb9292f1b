"""The euchre-log/1 document and the stats document as typed plain data: what the
writers build, ``export`` prints and ``stats`` computes, before it is JSON.

These are ``TypedDict``s, plain dicts at run time, so that mypy checks every key a writer
sets and a caller reads; the reader validates files against the Pydantic models of
``formats.models`` instead (the same shape, with its limits and messages). An action is
``dict[str, Any]`` here: its typed forms are the action ``TypedDict``s of ``models``,
chosen by ``type``.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from .results import HandResultDict, TeamsDict


class GameInfoDict(TypedDict):
    """A log's ``game`` object: the players by seat, the rules that differ from the
    defaults, and what the players wrote about the game."""

    title: NotRequired[str]
    date: NotRequired[str]
    players: dict[str, str]
    rules: dict[str, Any]
    initial_score: NotRequired[TeamsDict]
    notes: NotRequired[str]
    head_hash: NotRequired[str]
    fingerprint: NotRequired[str]


class HandDict(TypedDict):
    """One hand of a log: dealer, upcard, the deal and kitty where known, its actions in
    order, and (in an export) the engine's ``result``."""

    dealer: str
    upcard: str
    deal: NotRequired[dict[str, list[str]]]
    kitty: NotRequired[list[str]]
    actions: list[dict[str, Any]]
    result: NotRequired[HandResultDict]


class LogDict(TypedDict):
    """A whole euchre-log/1 document."""

    format: str
    game: GameInfoDict
    hands: list[HandDict]


# ---------------------------------------------------------------------------
# The stats document (``stats --json``; its schema is ``outputs.StatsOut``, and
# tests/test_shapes.py checks that these keys are that model's fields)


class CallCountsDict(TypedDict):
    """A player's calls in one bidding round, trump suit or seat."""

    calls: int
    made: int
    marches: int
    euchred: int


class ReviewStatsDict(TypedDict):
    """The open-hand review's counts for a player or a partnership."""

    hands: int
    plays: int
    choices: int
    tricks_given: int
    accuracy: float | None
    makeable_not_made: int
    avoidable_euchres: int


class PlayerStatsDict(TypedDict):
    """One player's counts over the games that match the filters."""

    name: str
    games: int
    wins: int
    hands: int
    calls: int
    made: int
    marches: int
    euchred: int
    alone_calls: int
    alone_marches: int
    defended_alone: int
    euchres_as_defender: int
    reneges: int
    points: int
    by_round: dict[str, CallCountsDict]
    by_trump: dict[str, CallCountsDict]
    by_seat: dict[str, CallCountsDict]
    review: ReviewStatsDict | None


class PartnershipStatsDict(TypedDict):
    """Two players who sat as partners."""

    players: list[str]
    games: int
    wins: int
    hands: int
    calls: int
    made: int
    marches: int
    euchred: int
    points_for: int
    points_against: int
    review: ReviewStatsDict | None


class StatsFiltersDict(TypedDict):
    """The filters the stats were computed with."""

    player: str | None
    since: str | None
    games: list[int]


class ReviewCoverageDict(TypedDict):
    """How many of the hands that count the review's counts cover."""

    hands: int
    reviewed: int
    analysed: int
    missing: int


class StatsDict(TypedDict):
    """The whole ``stats --json`` document."""

    filters: StatsFiltersDict
    games: int
    hands: int
    players: list[PlayerStatsDict]
    partnerships: list[PartnershipStatsDict]
    review: ReviewCoverageDict | None
