"""Pydantic models of the JSON the store commands print; ``schemas/`` is generated from them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from .models import ErrorModel, FlagModel, GameReport, Team, TeamScore

Players = dict[Literal["N", "E", "S", "W"], str]

PLAYER_FIELDS = (  # the counts of every player in stats --json, in order
    "games",
    "wins",
    "hands",
    "calls",
    "made",
    "marches",
    "euchred",
    "alone_calls",
    "alone_marches",
    "defended_alone",
    "euchres_as_defender",
    "reneges",
    "points",
)


class NewGameOut(BaseModel):
    """``euchre-log new --json``."""

    id: int


class GameListItem(BaseModel):
    """One game in ``euchre-log games --json``."""

    id: int
    date: str | None
    title: str | None
    players: Players
    score: TeamScore
    winner: Team | None
    hands: int
    status: Literal["in progress", "finished"]
    updated_at: str


class GamesOut(BaseModel):
    """``euchre-log games --json``."""

    games: list[GameListItem]


class SummaryOut(GameReport):
    """``euchre-log summary --json``: a check-report game plus the game's facts."""

    id: int
    title: str | None
    date: str | None
    players: Players
    rules: dict[str, Any]
    status: Literal["in progress", "finished"]


class Imported(BaseModel):
    file: str
    id: int
    hands: int
    score: TeamScore


class Rejected(BaseModel):
    file: str
    error: ErrorModel


class ImportOut(BaseModel):
    """``euchre-log import --json``."""

    imported: list[Imported]
    rejected: list[Rejected]


class RecordLine(BaseModel):
    """One line of ``euchre-log record --json``: the answer to one input line, once stored."""

    line: int = Field(
        description="The input line number, from 1; line 0 is the state loaded before any input."
    )
    ok: bool
    game: int
    error: str | None = Field(
        default=None, description="Why the line was refused (nothing on it was stored)."
    )
    added: int | None = None
    undone: int | None = None
    flags: list[FlagModel] | None = None
    hand: int | None = None
    to_act: Literal["N", "E", "S", "W"] | None = None
    expected: str | None = None
    score: TeamScore | None = None
    winner: Team | None = None
    last_seq: int | None = None


class CallCounts(BaseModel):
    """A player's calls in one bidding round, trump suit or seat relative to the dealer."""

    calls: int = Field(description="Hands in which the player fixed trump.")
    made: int = Field(description="Calls where the makers took 3 or more tricks.")
    marches: int = Field(description="Calls where the makers took all 5 tricks.")
    euchred: int = Field(description="Calls where the makers took fewer than 3 tricks.")


class PlayerStats(BaseModel):
    """One player's counts over the games that match the filters."""

    name: str
    games: int = Field(description="Games the player sat in.")
    wins: int = Field(description="Those games their side won.")
    hands: int = Field(description="Hands dealt in the player's games, passed-out hands included.")
    calls: int = Field(
        description="Hands in which the player fixed trump (ordered up, assisted, took it "
        "up, or named a suit)."
    )
    made: int = Field(description="Calls where the makers took 3 or more tricks (marches too).")
    marches: int = Field(description="Calls where the makers took all 5 tricks.")
    euchred: int = Field(
        description="Calls where the makers took fewer than 3 tricks. A hand ended by an "
        "upheld renege call, or not yet finished, is a call but neither made nor euchred."
    )
    alone_calls: int = Field(description="Calls made alone.")
    alone_marches: int = Field(description="Lone calls that took all 5 tricks.")
    defended_alone: int = Field(description="Times the player defended alone.")
    euchres_as_defender: int = Field(
        description="Hands where the player's side defended and euchred the makers."
    )
    reneges: int = Field(description="Renege flags against the player.")
    points: int = Field(
        description="All points their side scored in the hands of their games, penalties "
        "included (a starting score is not)."
    )
    by_round: dict[Literal["1", "2"], CallCounts] = Field(
        description="Calls by bidding round: 1 (the upcard ordered up) or 2 (a suit named)."
    )
    by_trump: dict[Literal["C", "D", "H", "S"], CallCounts] = Field(
        description="Calls by trump suit."
    )
    by_seat: dict[
        Literal["dealer", "left_of_dealer", "dealer_partner", "right_of_dealer"], CallCounts
    ] = Field(description="Calls by the caller's seat relative to the dealer.")


class PartnershipStats(BaseModel):
    """Two players who sat as partners, whatever their seats."""

    players: list[str] = Field(min_length=2, max_length=2, description="The two names, sorted.")
    games: int = Field(description="Games they played as partners.")
    wins: int = Field(description="Those games they won.")
    hands: int = Field(description="Hands dealt in those games.")
    calls: int = Field(description="Hands in which either of them fixed trump.")
    made: int
    marches: int
    euchred: int
    points_for: int = Field(description="Points their side scored in those hands.")
    points_against: int = Field(description="Points the other side scored in those hands.")


class StatsFilters(BaseModel):
    """The filters the stats were computed with."""

    player: str | None
    since: str | None = Field(description="Only games dated on or after this day.")
    games: list[int] = Field(description="Only these games (every game when empty).")


class StatsOut(BaseModel):
    """``euchre-log stats --json``: player and partnership stats over the stored games."""

    filters: StatsFilters
    games: int = Field(description="Games that match the filters.")
    hands: int = Field(description="Hands dealt in those games.")
    players: list[PlayerStats]
    partnerships: list[PartnershipStats]


class RuleOptionOut(BaseModel):
    """One rule option in ``euchre-log rules --json``."""

    name: str
    value: Any
    default: Any
    accepted: str = Field(description="The accepted values, in words.")
    meaning: str
    source: str = Field(description="The seed documents the option comes from.")


class PresetOut(BaseModel):
    source: str
    options: dict[str, Any]


class RulesOut(BaseModel):
    """``euchre-log rules --json``: every option of a preset (or the defaults)."""

    preset: str | None
    options: list[RuleOptionOut]
    presets: dict[str, PresetOut]
