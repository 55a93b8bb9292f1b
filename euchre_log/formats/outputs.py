"""Pydantic models of the JSON the store commands print; ``schemas/`` is generated from them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from .models import ErrorModel, FlagModel, GameReport, Team, TeamScore

Players = dict[Literal["N", "E", "S", "W"], str]


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

    line: int = Field(description="The input line number, from 1.")
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
