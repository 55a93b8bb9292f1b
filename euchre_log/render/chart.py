"""The score's progress as a step chart in the terminal, drawn with box characters.

One column block per hand, one line per team: North-South in heavy lines (━ ┃), East-West
in light ones (─ │), where both teams stand level the line is doubled (═). The target is
marked with a dotted line, and the rows are labelled with the score.

A row is a point while the scores stay within ``MAX_ROWS`` rows (every real game); beyond
that (penalties by the thousand) each row stands for a round number of points, so the
chart never has more than ``MAX_ROWS`` rows, whatever the scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

NS_STYLE = "bold cyan"
EW_STYLE = "bold magenta"
BOTH_STYLE = "bold"
TARGET_STYLE = "yellow"

# Pieces of a step line: horizontal, vertical, and the four corners.
H, V, UP_FROM, UP_TO, DOWN_FROM, DOWN_TO = range(6)
HEAVY = {H: "━", V: "┃", UP_FROM: "┛", UP_TO: "┏", DOWN_FROM: "┓", DOWN_TO: "┗"}
LIGHT = {H: "─", V: "│", UP_FROM: "┘", UP_TO: "┌", DOWN_FROM: "┐", DOWN_TO: "└"}
DOUBLE = {H: "═", V: "║", UP_FROM: "╝", UP_TO: "╔", DOWN_FROM: "╗", DOWN_TO: "╚"}

MAX_WIDTH = 160
"""The widest a chart is drawn, however wide the output (a file has no width at all):
a game of more hands than fit is drawn with every k-th hand."""

MAX_ROWS = 25
"""The most rows a chart has: 0 to 24 one point a row, a larger range scaled to fit."""


def row_unit(low: int, high: int, rows: int = MAX_ROWS) -> tuple[int, int]:
    """The points a row stands for (1, 2, 5, 10, 20, 50...) and the value of the bottom
    row (a multiple of it), so that ``low`` to ``high`` fit in at most ``rows`` rows."""
    unit, k = 1, 0
    while True:
        base = (low // unit) * unit
        if (high - base) // unit + 1 <= rows:
            return unit, base
        k += 1
        unit = (1, 2, 5)[k % 3] * 10 ** (k // 3)


def _trace(series: Sequence[int], step: int) -> dict[tuple[int, int], int]:
    """The cells of one team's step line: (level, column) -> piece."""
    cells: dict[tuple[int, int], int] = {}
    for i, level in enumerate(series):
        x0 = i * step
        for x in range(x0, x0 + step):
            cells[(level, x)] = H
        if i == 0 or series[i - 1] == level:
            continue
        before = series[i - 1]
        up = level > before
        cells[(before, x0)] = UP_FROM if up else DOWN_FROM
        cells[(level, x0)] = UP_TO if up else DOWN_TO
        lo, hi = sorted((before, level))
        for y in range(lo + 1, hi):
            cells[(y, x0)] = V
    return cells


def _flush(line: Text, run: list[str], style: str) -> None:
    """Append a run of characters drawn in one style (unstyled when ``style`` is empty)."""
    if run:
        line.append("".join(run), style=style or None)


def hands_shown(count: int, columns: int) -> list[int]:
    """Which of ``count`` scores (the start, then each hand) get a column: all of them when
    they fit in ``columns``, else every k-th and the last, so that a game of hundreds of
    hands fits the width instead of wrapping."""
    if count <= columns:
        return list(range(count))
    every = -(-(count - 1) // (columns - 1))  # the first and the last both shown
    return [*range(0, count - 1, every), count - 1]


class ScoreChart:
    """The running score after each hand as a step chart, the target marked.

    ``scores`` are (NS, EW) after each hand; the chart starts from ``initial``. It fits
    itself to the width it is given when printed.
    """

    def __init__(
        self,
        scores: Sequence[tuple[int, int]],
        target: int,
        *,
        initial: tuple[int, int] = (0, 0),
        labels: tuple[str, str] = ("NS", "EW"),
    ) -> None:
        self.ns = [initial[0], *(s[0] for s in scores)]
        self.ew = [initial[1], *(s[1] for s in scores)]
        self.target = target
        self.labels = labels

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.render(min(options.max_width, MAX_WIDTH))

    def render(self, width: int) -> RenderableType:
        """The chart as lines of text, at most ``width`` wide where the hands allow."""
        unit, base = row_unit(min(0, *self.ns, *self.ew), max(self.target, *self.ns, *self.ew))

        def row(value: int) -> int:
            return (value - base) // unit

        label_w = (
            max(len(str(base + row(max(self.target, *self.ns, *self.ew)) * unit)), len(str(base)))
            + 1
        )
        tail = len(" target")
        usable = max(width - label_w - 2 - tail, 8)
        shown = hands_shown(len(self.ns), usable)
        ns, ew = [row(self.ns[i]) for i in shown], [row(self.ew[i]) for i in shown]
        target = row(self.target)
        top = max(target, *ns, *ew)
        bottom = min(0, *ns, *ew)
        step = max(1, min(4, usable // len(ns)))
        cols = len(ns) * step
        a, b = _trace(ns, step), _trace(ew, step)

        # The drawn cells of each level, so that a level is written run by run: a long
        # game to a high target has hundreds of levels, most of them nearly empty.
        drawn: dict[int, set[int]] = {}
        for level, x in (*a, *b):
            drawn.setdefault(level, set()).add(x)
        lines: list[Text] = []
        for level in range(top, bottom - 1, -1):
            style = TARGET_STYLE if level == target else "dim"
            line = Text(f"{base + level * unit:>{label_w}} ", style=style)
            line.append("┤" if level != bottom else "┼", style="dim")
            gap, gap_style = ("┄", TARGET_STYLE) if level == target else (" ", "")
            run: list[str] = []
            run_style = ""
            pos = 0
            for x in sorted(drawn.get(level, ())):
                pa, pb = a.get((level, x)), b.get((level, x))
                if pa is not None and pb is not None:
                    # Level: doubled. Otherwise a corner says more than a flat line.
                    if pa == pb:
                        char, char_style = DOUBLE[pa], BOTH_STYLE
                    elif pa == H:
                        char, char_style = LIGHT[pb], EW_STYLE
                    else:
                        char, char_style = HEAVY[pa], NS_STYLE
                elif pa is not None:
                    char, char_style = HEAVY[pa], NS_STYLE
                else:
                    assert pb is not None
                    char, char_style = LIGHT[pb], EW_STYLE
                if x > pos:
                    _flush(line, run, run_style)
                    run, run_style = [gap * (x - pos)], gap_style
                if char_style != run_style:
                    _flush(line, run, run_style)
                    run, run_style = [], char_style
                run.append(char)
                pos = x + 1
            if cols > pos:
                if run_style != gap_style:
                    _flush(line, run, run_style)
                    run, run_style = [], gap_style
                run.append(gap * (cols - pos))
            _flush(line, run, run_style)
            if level == target:
                line.append(" target", style=TARGET_STYLE)
            lines.append(line)

        marks = Text(" " * (label_w + 2))
        every = 1 if step >= 3 else (5 if step >= 1 and len(ns) > 20 else 2)
        pos = 0
        for j, hand in enumerate(shown):
            x = j * step
            if j % every == 0 and x >= pos:
                marks.append(" " * (x - pos) + str(hand), style="dim")
                pos = x + len(str(hand)) + 1
                marks.append(" ")
        marks.append(" hand", style="dim")
        entries = [
            (Text("━━", style=NS_STYLE), f" {self.labels[0]}"),
            (Text("──", style=EW_STYLE), f" {self.labels[1]}"),
            (Text("══", style=BOTH_STYLE), " level"),
        ]
        keys: list[Text] = []
        for mark, words in entries:
            keys.append(mark.copy().append(words))
        if unit > 1:
            keys.append(Text(f"(a row is {unit} points)", style="dim"))
        indent = " " * (label_w + 2)
        one_line = Text(indent) + Text("   ").join(keys)
        if one_line.cell_len <= width:
            return Group(*lines, marks, one_line)
        # Too narrow for the key on one line: one entry a line, so none of it wraps.
        return Group(*lines, marks, *(Text(indent) + key for key in keys))
