"""EGN from a file's bytes, within bounds: a file that could only make the reader build
far more than a game needs is refused before it is parsed, and a parsed document before
it is validated."""

from __future__ import annotations

from typing import Any, Final

from ..reader import LogError, json_values, parse_json_bytes
from .words import Loc, where

MAX_EGN_BYTES: Final = 16 * 1024 * 1024
"""An EGN game or match file's size (a real one is a few dozen KB)."""
MAX_JSON_VALUES: Final = 500_000
"""The values (objects, lists, texts, numbers) in an EGN file: a match of a hundred long
games, annotated, holds fewer."""
MAX_DEPTH: Final = 20
"""How deep an EGN file's objects and lists nest (a match's annotations are 12 deep)."""


def parse_egn_bytes(raw: bytes) -> Any:
    """Parse an EGN file's bytes, refusing a file too big, or with too many values, before
    any of it is built (``reader.json_values`` counts them from commas and brackets)."""
    if len(raw) > MAX_EGN_BYTES:
        raise LogError(
            f"the file is {len(raw) / (1024 * 1024):.0f} MB; euchre-log reads EGN games and "
            f"matches of up to {MAX_EGN_BYTES // (1024 * 1024)} MB"
        )
    if json_values(raw) > MAX_JSON_VALUES:
        raise LogError(_too_many())
    return parse_json_bytes(
        raw, long_number="the file holds a number far too long for any EGN field"
    )


def _too_many() -> str:
    return (
        f"the file holds more than {MAX_JSON_VALUES} values (cards, calls, names, "
        "annotations...); an EGN game or match holds far fewer"
    )


def check_size(data: Any) -> None:
    """Refuse a parsed document nested deeper than ``MAX_DEPTH`` or holding more than
    ``MAX_JSON_VALUES`` values, walking it without recursion."""
    if not isinstance(data, (dict, list)):
        return
    count = 0
    stack: list[tuple[Any, int, Loc]] = [(data, 1, ())]
    while stack:
        node, depth, loc = stack.pop()
        if depth > MAX_DEPTH:
            place = where(loc[:8]).subject()
            raise LogError(
                f"the data in {place} is nested more than {MAX_DEPTH} levels deep; "
                "EGN's objects and lists are never nested that deep",
                where(loc).deal,
            )
        items = node.items() if isinstance(node, dict) else enumerate(node)
        count += len(node)
        if count > MAX_JSON_VALUES:
            raise LogError(_too_many())
        for key, value in items:
            if isinstance(value, (dict, list)):
                stack.append((value, depth + 1, (*loc, key)))
