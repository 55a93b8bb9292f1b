"""The JSON bodies of ``serve``'s requests, checked at the boundary with Pydantic.

A body that is not what a model says is refused 422 with one sentence naming the field
(``refusal``), never with Pydantic's own list of errors.
"""

from __future__ import annotations

from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..engine.text import MAX_LINE


class LineBody(BaseModel):
    """``POST /api/lines``: a line of the recorder's grammar, and the client's id that
    makes the request idempotent."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    line: str = Field(max_length=MAX_LINE)
    id: Optional[str] = Field(default=None, min_length=1, max_length=100)


class GameBody(BaseModel):
    """``POST /api/games``: a new game's players by seat (left out: the finished game's
    players again), first dealer and preset."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    players: Optional[dict[str, str]] = None
    dealer: str = "N"
    preset: str = "classic"


def refusal(exc: ValidationError) -> str:
    """A validation error in one sentence: the first field refused, and why."""
    first: dict[str, Any] = dict(exc.errors(include_url=False)[0])
    where = ".".join(str(p) for p in first.get("loc", ())) or "the body"
    kind = str(first.get("type", ""))
    if kind == "missing":
        return f"the body needs {where}"
    if kind in ("string_type", "string_too_long", "string_too_short"):
        limits = {
            "string_type": "must be text",
            "string_too_long": "is too long",
            "string_too_short": "is empty",
        }
        return f"the body's {where} {limits[kind]}"
    if kind == "model_type" or kind == "dict_type":
        return f"the body's {where} must be a JSON object"
    return f"the body's {where} is not valid: {first.get('msg', 'refused')}"
