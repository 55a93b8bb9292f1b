"""Rows for spreadsheets: a game's hands (``export --format csv``) and the players'
stats (``stats --format csv``), as CSV text with a header row.

A cell of user text (a name) that a spreadsheet would take for a formula, because it
starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, is written with a ``'``
in front, as OWASP recommends against CSV injection: ``=HYPERLINK(...)`` shows as text and
runs nothing. Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS
from ..engine.game import GameState
from ..formats.outputs import PLAYER_FIELDS, ReviewStats
from ..formats.text import visible

HAND_COLUMNS = (
    "game",
    "hand",
    "dealer",
    "dealer_name",
    "upcard",
    "trump",
    "maker",
    "maker_name",
    "bid_round",
    "alone",
    "defender_alone",
    "tricks_ns",
    "tricks_ew",
    "outcome",
    "points_ns",
    "points_ew",
    "score_ns",
    "score_ew",
    "flags",
    "flag_messages",
)
PLAYER_COLUMNS = ("name", *PLAYER_FIELDS)
BREAKDOWNS = (
    ("by_round", "round", ("1", "2")),
    ("by_trump", "trump", tuple(SUIT_LETTERS)),
    ("by_seat", "seat", ("left_of_dealer", "dealer_partner", "right_of_dealer", "dealer")),
)
CALL_COUNTS = ("calls", "made", "marches", "euchred")
REVIEW_COLUMNS = tuple(ReviewStats.model_fields)
"""The open-hand review's counts, as ``review_hands``, ``review_plays``... (empty with
``--no-review``), after the calls' splits."""


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list)."""


def user_cell(text: str | None) -> str:
    """A cell of user text: shown as it is (``visible``), and never a formula."""
    shown = visible(text)
    return "'" + shown if shown.startswith(FORMULA_STARTS) else shown


def _text(rows: list[list[Any]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def hands_csv(game_id: int, game: GameState, players: Mapping[str, str]) -> str:
    """One row per hand: the deal, trump and makers, tricks, result, points and score.

    Seats are letters (N E S W) with the player's name beside them; cards and suits are
    written as in the log format (TD, H); ``flag_messages`` joins the flags' sentences.
    """
    rows: list[list[Any]] = [list(HAND_COLUMNS)]
    for hand, r in zip(game.hands, game.results(), strict=True):
        bid_round: int | str = ""
        if r.maker is not None:
            bid_round = 1 if any(isinstance(a, A.Order) for a in hand.actions) else 2
        dealer = SEAT_LETTERS[r.dealer]
        maker = "" if r.maker is None else SEAT_LETTERS[r.maker]
        rows.append(
            [
                game_id,
                r.number,
                dealer,
                user_cell(players.get(dealer)),
                CARD_TEXT[hand.upcard],
                "" if r.trump is None else SUIT_LETTERS[r.trump],
                maker,
                user_cell(players.get(maker)) if maker else "",
                bid_round,
                "yes" if r.alone else "no",
                "" if r.defender_alone is None else SEAT_LETTERS[r.defender_alone],
                r.tricks[0],
                r.tricks[1],
                r.outcome,
                r.points[0],
                r.points[1],
                r.score_after[0],
                r.score_after[1],
                len(r.flags),
                " | ".join(f.message for f in r.flags),
            ]
        )
    return _text(rows)


def stats_csv(doc: Mapping[str, Any]) -> str:
    """One row per player: the counts, then the calls by round, trump suit and seat, then
    the open-hand review's counts."""
    header = list(PLAYER_COLUMNS)
    dims = [(dim, key, f"{prefix}_{key}") for dim, prefix, keys in BREAKDOWNS for key in keys]
    for _, _, name in dims:
        header += [f"{name}_{k}" for k in CALL_COUNTS]
    header += [f"review_{k}" for k in REVIEW_COLUMNS]
    rows: list[list[Any]] = [header]
    for p in doc["players"]:
        row: list[Any] = [user_cell(p[k]) if k == "name" else p[k] for k in PLAYER_COLUMNS]
        for dim, key, _ in dims:
            row += [p[dim][key][k] for k in CALL_COUNTS]
        review = p.get("review") or {}
        row += ["" if review.get(k) is None else review[k] for k in REVIEW_COLUMNS]
        rows.append(row)
    return _text(rows)
