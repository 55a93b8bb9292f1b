"""The list of games (``euchre-log games``): a table, or stacked on a narrow screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..formats.text import visible
from .fit import NARROW, Fitted

WIDE_HEADINGS = (
    "Id",
    "Date",
    "Title",
    "North-South",
    "East-West",
    "Score NS-EW",
    "Hands",
    "Status",
)
SHORT_HEADINGS = ("Id", "Game", "NS", "EW", "Score", "Hands", "Status")
WHOLE = ("Id", "Date", "Score NS-EW", "Score", "Hands")
"""The columns whose cells never wrap: a title, names and a status may."""


def _status(row: Mapping[str, Any]) -> str:
    status = visible(str(row["status"]) if row["winner"] is None else f"{row['winner']} won")
    if row["source"] == "imported":
        status += " (imported)"
    return status


def _score(row: Mapping[str, Any]) -> str:
    # Stored numbers, but shown as text is: a row changed by hand may hold anything.
    return visible(f"{row['score']['NS']}-{row['score']['EW']}")


def _side(row: Mapping[str, Any], a: str, b: str) -> Text:
    p = row["players"]
    return Text(visible(f"{p.get(a, '?')} & {p.get(b, '?')}"))


def games_table(rows: Sequence[Mapping[str, Any]], *, short: bool = False) -> Table:
    """One row per game, newest first. ``short``, for a tighter width: short headings,
    and each game's date under its title."""
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    for col in SHORT_HEADINGS if short else WIDE_HEADINGS:
        table.add_column(col, justify="right" if col in ("Id", "Hands") else "left")
    for r in rows:
        title = Text(visible(r["title"]))
        if short and r["date"]:
            title.append(("\n" if title else "") + visible(r["date"]), style="dim")
        table.add_row(
            str(r["id"]),
            *(() if short else (Text(visible(r["date"])),)),
            title,
            _side(r, "N", "S"),
            _side(r, "E", "W"),
            _score(r),
            visible(str(r["hands"])),
            _status(r),
        )
    return table


def games_stack(rows: Sequence[Mapping[str, Any]]) -> RenderableType:
    """The games stacked for a narrow screen: the id and title, then the date and the
    sides, then the score, the hands and the status."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column()
    for r in rows:
        title = Text(visible(r["title"]) or "(no title)", style="bold")
        sides = Text(visible(r["date"]) + " · " if r["date"] else "")
        sides.append_text(_side(r, "N", "S"))
        sides.append(" v ")
        sides.append_text(_side(r, "E", "W"))
        # The stored count, shown as the wide table shows it: a row changed by hand
        # (verify tells) may hold something other than a number.
        hands = r["hands"]
        score = Text(
            f"{_score(r)} after {visible(str(hands))} "
            f"hand{'' if hands == 1 else 's'}"
            f" · {_status(r)}"
        )
        grid.add_row(Text(str(r["id"]), style="bold"), Group(title, sides, score))
    key = Text("Each game: its id and title; the date, NS v EW; the score NS-EW.", style="dim")
    return Group(key, grid)


def games_view(rows: Sequence[Mapping[str, Any]]) -> RenderableType:
    """The games as a table when it fits (short headings at 80 columns), else stacked."""
    return Fitted(
        games_table(rows),
        lambda: games_stack(rows),
        whole=WHOLE,
        below=NARROW,
        short=lambda: games_table(rows, short=True),
    )
