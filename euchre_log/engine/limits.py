"""How big a game may be: the one set of limits for every way a game comes in.

A file (``formats.models`` takes its bounds from here), the recorder, ``import``,
``copy`` and the phones' server all hold a game to these numbers, and say the same
sentence when one is passed (the functions below; ``record.GameRecord`` refuses a new
entry past a limit): the 301st action of a hand is refused by the recorder exactly as a
file holding it is. A real game stays far inside every one of them
(a hand of bids, a discard and twenty cards is about thirty actions; a game to ten, a
few dozen hands). They also bound what reading any file can cost: ``formats.reader``
works out from them the largest file a game can need, and refuses a larger one before
parsing it.
"""

from __future__ import annotations

from typing import Final

MAX_HANDS: Final = 500
"""Hands in a game: a game to 1,000 points (the highest target) has a few hundred."""
MAX_ACTIONS: Final = 300
"""Actions in a hand (bids, plays, notes, penalties...): ten times what a hand needs."""
MAX_GAME_ACTIONS: Final = 20_000
"""Actions in a game, all its hands together: forty a hand over the most hands a game may
hold, so that the largest game, written out, is tens of megabytes, not gigabytes."""

MAX_NAME: Final = 100
"""Characters in a player's name."""
MAX_TITLE: Final = 500
"""Characters in a game's title."""
MAX_DATE: Final = 100
"""Characters in a game's date (``2026-11-27``, or EGN's date and time)."""
MAX_NOTES: Final = 10_000
"""Characters in a game's notes, and in one note on a hand."""
MAX_REASON: Final = 2_000
"""Characters in a penalty's reason."""
MAX_GAME_TEXT: Final = 200_000
"""Characters of all the notes on a game's hands and its penalties' reasons together
(about a hundred pages): what a game may say besides its play."""

MAX_PENALTY: Final = 100
"""A table penalty's points, either way."""
MAX_START_SCORE: Final = 1_000
"""A starting score (``initial_score``), either way."""


def too_many_hands() -> str:
    return f"a game holds at most {MAX_HANDS} hands"


def too_many_actions() -> str:
    return f"a hand holds at most {MAX_ACTIONS} actions"


def too_many_game_actions() -> str:
    return f"a game holds at most {MAX_GAME_ACTIONS} actions in all"


def note_too_long(length: int) -> str:
    return f"a note holds at most {MAX_NOTES} characters; this one has {length}"


def reason_too_long(length: int) -> str:
    return f"a penalty's reason holds at most {MAX_REASON} characters; this one has {length}"


def too_much_text(total: int) -> str:
    return (
        f"the notes and penalty reasons of a game hold at most {MAX_GAME_TEXT} characters "
        f"in all; this game's would hold {total}"
    )


__all__ = [
    "MAX_ACTIONS",
    "MAX_DATE",
    "MAX_GAME_ACTIONS",
    "MAX_GAME_TEXT",
    "MAX_HANDS",
    "MAX_NAME",
    "MAX_NOTES",
    "MAX_PENALTY",
    "MAX_REASON",
    "MAX_START_SCORE",
    "MAX_TITLE",
    "note_too_long",
    "reason_too_long",
    "too_many_actions",
    "too_many_game_actions",
    "too_many_hands",
    "too_much_text",
]
