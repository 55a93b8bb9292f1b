"""The euchre-log/1 document as typed plain data: what the writers build and ``export``
prints, before it is JSON.

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
