"""``render.grid.print_table`` prints what Rich prints, character for character and style
for style, and the score chart drawn run by run is the chart drawn cell by cell."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from euchre_log.render.chart import ScoreChart
from euchre_log.render.grid import Lines, plain_text, print_table

WORDS = [
    "Ann",
    "Friday night",
    "Mom's",
    "[bold]x[/bold]",
    "日本語",
    "Zoë",
    "",
    ":smile:",
    "a  b",
    "😀 emoji",
    "[red]",
    "\\[not]",
    "[on red]bg[/] z",
]


def _table(rng: random.Random, rows: int) -> Table:
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    for name in ("Id", "Date", "Title", "North-South", "Status"):
        table.add_column(name, justify="right" if name == "Id" else "left")
    for i in range(rows):
        table.add_row(
            str(i),
            "2026-11-27",
            rng.choice(WORDS) + rng.choice(WORDS),
            Text(rng.choice(WORDS), style=rng.choice(["", "red", "bold"])),
            rng.choice(WORDS),
        )
    return table


def _cells(output: str) -> list[tuple[str, str]]:
    """Each character printed with the SGR codes in force: what a terminal shows."""
    out: list[tuple[str, str]] = []
    codes = ""
    for token in re.findall(r"\x1b\[[0-9;]*m|.", output, flags=re.S):
        if token.startswith("\x1b["):
            codes = "" if token == "\x1b[0m" else codes + token
        else:
            out.append((token, codes))
    return out


def _console(width: int, terminal: bool) -> Console:
    return Console(
        file=io.StringIO(),
        width=width,
        force_terminal=terminal,
        color_system="truecolor" if terminal else None,
        highlight=False,
    )


@pytest.mark.parametrize("terminal", [False, True], ids=["pipe", "terminal"])
def test_a_plain_table_prints_as_rich_prints_it(terminal: bool) -> None:
    rng = random.Random(20261130)
    fast = 0
    for _ in range(150):
        seed = rng.random()
        rows = rng.randint(0, 25)
        for width in (30, 80, 160):
            theirs, ours = _console(width, terminal), _console(width, terminal)
            theirs.print(_table(random.Random(seed), rows))
            table = _table(random.Random(seed), rows)
            fast += plain_text(ours, table) is not None
            print_table(ours, table)
            a, b = theirs.file.getvalue(), ours.file.getvalue()  # type: ignore[attr-defined]
            if terminal:
                assert _cells(a) == _cells(b)
            else:
                assert a == b
    assert fast > 150  # most tables fit and take the fast way


def test_a_table_that_does_not_fit_is_left_to_rich() -> None:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("Title")
    table.add_row("x" * 200)
    assert plain_text(_console(80, False), table) is None
    tabbed = Table(show_edge=False, pad_edge=False)
    tabbed.add_column("Title")
    tabbed.add_row(Text("tab\there"))  # Rich expands the tab
    assert plain_text(_console(80, False), tabbed) is None
    titled = Table(title="Games")
    titled.add_column("Id")
    assert plain_text(_console(80, False), titled) is None


def _chart_cells(chart: RenderableType, width: int) -> list[list[tuple[str, object]]]:
    """The chart's lines as (character, style) pairs, whatever spans drew them."""
    console = _console(width, True)
    out = []
    for line in console.render_lines(chart, console.options.update(width=width), pad=False):
        cells: list[tuple[str, object]] = []
        for segment in line:
            cells.extend((ch, segment.style) for ch in segment.text)
        out.append(cells)
    return out


def _reference(chart: ScoreChart, width: int) -> list[list[tuple[str, object]]]:
    """The chart as it was drawn before: one cell at a time."""
    from euchre_log.render import chart as c

    high = max(chart.target, *chart.ns, *chart.ew)
    unit, base = c.row_unit(min(0, *chart.ns, *chart.ew), high)

    def row(value: int) -> int:
        return (value - base) // unit

    label_w = max(len(str(base + row(high) * unit)), len(str(base))) + 1
    usable = max(width - label_w - 2 - len(" target"), 8)
    shown = c.hands_shown(len(chart.ns), usable)
    ns, ew = [row(chart.ns[i]) for i in shown], [row(chart.ew[i]) for i in shown]
    target = row(chart.target)
    top, bottom = max(target, *ns, *ew), min(0, *ns, *ew)
    step = max(1, min(4, usable // len(ns)))
    a, b = c._trace(ns, step), c._trace(ew, step)
    lines = []
    for level in range(top, bottom - 1, -1):
        style = c.TARGET_STYLE if level == target else "dim"
        line = Text(f"{base + level * unit:>{label_w}} ", style=style)
        line.append("┤" if level != bottom else "┼", style="dim")
        for x in range(len(ns) * step):
            pa, pb = a.get((level, x)), b.get((level, x))
            if pa is not None and pb is not None:
                if pa == pb:
                    line.append(c.DOUBLE[pa], style=c.BOTH_STYLE)
                elif pa == c.H:
                    line.append(c.LIGHT[pb], style=c.EW_STYLE)
                else:
                    line.append(c.HEAVY[pa], style=c.NS_STYLE)
            elif pa is not None:
                line.append(c.HEAVY[pa], style=c.NS_STYLE)
            elif pb is not None:
                line.append(c.LIGHT[pb], style=c.EW_STYLE)
            elif level == target:
                line.append("┄", style=c.TARGET_STYLE)
            else:
                line.append(" ")
        if level == target:
            line.append(" target", style=c.TARGET_STYLE)
        lines.append(line)
    drawn = chart.render(width)
    assert isinstance(drawn, Group)
    # The levels, then the hands' marks and the key (one line, or an entry a line).
    assert isinstance(drawn.renderables[0], Lines)
    return _chart_cells(Group(*lines, *drawn.renderables[1:]), width)


def test_the_chart_drawn_run_by_run_is_the_chart_drawn_cell_by_cell() -> None:
    rng = random.Random(7)
    for _ in range(40):
        ns, ew, scores = 0, 0, []
        for _ in range(rng.randint(1, 60)):
            ns += rng.choice([0, 0, 1, 2, 4, -2])
            ew += rng.choice([0, 0, 1, 2, 4, -2])
            scores.append((ns, ew))
        target = rng.choice([5, 10, 11, 10, 10, 500])  # 500: a row is 20 points
        chart = ScoreChart(scores, target, initial=(rng.randint(-2, 2), 0))
        for width in (40, 100):
            assert _chart_cells(chart, width) == _reference(chart, width)


@pytest.mark.parametrize("terminal", [False, True], ids=["pipe", "terminal"])
def test_a_fitted_table_that_fits_prints_as_its_rich_layout(terminal: bool) -> None:
    """``Fitted`` lays a plain table out directly when it fits at its natural widths: the
    same characters and styles as the layout it works out with Rich (the table itself)."""
    from euchre_log.render.fit import NARROW, Fitted
    from euchre_log.render.games import games_view

    rng = random.Random(20261201)
    fast = 0
    for _ in range(60):
        seed = rng.random()
        rows = rng.randint(0, 12)
        for width in (40, 70, 100, 200):
            theirs, ours = _console(width, terminal), _console(width, terminal)
            fitted = Fitted(_table(random.Random(seed), rows), below=NARROW)
            theirs.print(fitted.fitted(theirs, theirs.options))  # Rich's layout alone
            mine = Fitted(_table(random.Random(seed), rows), below=NARROW)
            fast += width >= NARROW and plain_text(ours, mine.table, width) is not None
            ours.print(mine)
            a, b = theirs.file.getvalue(), ours.file.getvalue()  # type: ignore[attr-defined]
            assert (_cells(a), a if not terminal else "") == (_cells(b), b if not terminal else "")
    assert fast > 60
    games = [
        {
            "id": i,
            "date": "2026-11-27",
            "title": rng.choice(WORDS),
            "players": dict(zip("NESW", ("Ann", "Bob", rng.choice(WORDS), "Dan"), strict=True)),
            "score": {"NS": i, "EW": 10},
            "winner": None if i % 2 else "EW",
            "hands": i,
            "status": "in progress" if i % 2 else "finished",
            "source": "imported" if i % 3 == 0 else "recorded",
        }
        for i in range(1, 30)
    ]
    for width in (50, 80, 100, 160):
        theirs, ours = _console(width, terminal), _console(width, terminal)
        view = games_view(games)
        assert isinstance(view, Fitted)
        theirs.print(view.fitted(theirs, theirs.options))
        ours.print(games_view(games))
        a, b = theirs.file.getvalue(), ours.file.getvalue()  # type: ignore[attr-defined]
        assert _cells(a) == _cells(b)
