"""Views that fit the width they are printed at, whatever it is.

Two pieces, both plain Rich renderables that decide when they are printed, from the
width Rich gives them:

- ``ByWidth`` draws one layout at ``NARROW`` columns or more and another below (a phone's
  terminal): the narrow layouts are stacked, with short headings, as ``gh`` does.
- ``Fitted`` draws a ``rich.table.Table`` whole when every column gets at least its longest
  word (and ``whole`` columns their longest cell: a card, an outcome, a score is never
  wrapped or cut), sharing out the rest of the width as Rich does; when the columns do not
  fit, it draws the narrow layout given, or each row as a record: its first cell, then
  ``heading value`` pairs. Nothing is ever cut with an ellipsis.

Without a width (output into a file, ``cli.console``) the width is so large that every
view lays out at its natural width.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

NARROW = 60
"""Below this many columns the views switch to their narrow layouts."""

Layout = Callable[[], RenderableType]


class ByWidth:
    """``wide()`` at ``below`` columns or more, ``narrow()`` under that; each is built
    only when it is drawn."""

    def __init__(self, wide: Layout, narrow: Layout, below: int = NARROW) -> None:
        self.wide = wide
        self.narrow = narrow
        self.below = below

    def chosen(self, options: ConsoleOptions) -> RenderableType:
        """The layout for the width in ``options``."""
        return (self.narrow if options.max_width < self.below else self.wide)()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.chosen(options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.chosen(options))


def _cell_text(cell: RenderableType) -> Text:
    if isinstance(cell, Text):
        return cell.copy()
    if isinstance(cell, str):
        return Text(cell)
    return Text(str(cell))


def stacked(
    table: Table, headings: Sequence[str | None] | None = None, indent: int = 2
) -> RenderableType:
    """Each row of ``table`` as a record: its first cell in bold, then the other cells as
    ``heading value`` pairs joined by `` · ``, wrapping under an indent. ``headings``
    replaces the table's (shorter words for a narrow screen; None shows the value
    alone). Empty cells are left out."""
    names = [
        (
            headings[i]
            if headings is not None and i < len(headings)
            else _cell_text(c.header).plain.replace("\n", " ")
        )
        for i, c in enumerate(table.columns)
    ]
    columns = [list(c.cells) for c in table.columns]
    parts: list[RenderableType] = []
    if table.title is not None:
        parts.append(_cell_text(table.title).copy())
        parts[-1].stylize("bold")  # type: ignore[union-attr]
    for r in range(table.row_count):
        cells = [_cell_text(col[r]) if r < len(col) else Text("") for col in columns]
        head = cells[0]
        head.stylize("bold")
        fields: list[Text] = []
        for name, cell in zip(names[1:], cells[1:], strict=True):
            if not cell.plain.strip():
                continue
            field = Text(f"{name} ", style="dim") if name else Text()
            fields.append(field.append_text(cell))
        parts.append(head)
        if fields:
            parts.append(Padding(Fields(fields), (0, 0, 0, indent), expand=False))
    return Group(*parts)


class Fields:
    """Short pieces of text (``heading value``) run together on lines, joined by `` · ``,
    a line broken only between pieces (a piece wider than the line wraps on its own)."""

    def __init__(self, pieces: Sequence[Text], sep: str = " · ") -> None:
        self.pieces = list(pieces)
        self.sep = sep

    def lines(self, width: int) -> list[Text]:
        """The pieces packed into lines of at most ``width`` columns."""
        out: list[Text] = []
        line: Text | None = None
        for piece in self.pieces:
            if line is not None and line.cell_len + len(self.sep) + piece.cell_len <= width:
                line.append(self.sep, style="dim")
                line.append_text(piece)
                continue
            if line is not None:
                out.append(line)
            line = piece.copy()
        if line is not None:
            out.append(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = options.max_width
        widest = max((p.cell_len for p in self.pieces), default=0)
        longest = max((line.cell_len for line in self.lines(width)), default=0)
        return Measurement(min(widest, width), min(longest, width))


class Fitted:
    """``table`` drawn whole when it fits (see the module docstring), else ``narrow()``
    (by default the rows stacked as records, with ``headings``). ``whole`` are the headings
    of the columns whose cells must stay on one line (the headings may still wrap).
    ``short()``, when given, is the same table for a tighter width (short headings, fewer
    columns): tried when ``table`` does not fit, before the narrow layout. Below ``below``
    columns the narrow layout is drawn even when a table would fit."""

    def __init__(
        self,
        table: Table,
        narrow: Layout | None = None,
        *,
        whole: Iterable[str] = (),
        headings: Sequence[str | None] | None = None,
        below: int = 0,
        short: Callable[[], Table] | None = None,
    ) -> None:
        self.table = table
        self.narrow = narrow or (lambda: stacked(table, headings))
        self.whole = set(whole)
        self.below = below
        self.short = short

    def widths(self, table: Table, console: Console, options: ConsoleOptions) -> list[int] | None:
        """Each column's width with its padding, or None when the columns do not fit."""
        width = options.max_width - table._extra_width
        lows: list[int] = []
        highs: list[int] = []
        for i, column in enumerate(table.columns):
            pad = table._get_padding_width(i)
            low, high = 1, 1
            cells: list[RenderableType] = list(column.cells)
            whole = isinstance(column.header, str) and column.header in self.whole
            if table.show_header:
                header = Measurement.get(console, options, column.header)
                low, high = max(low, header.minimum), max(high, header.maximum)
            for cell in cells:
                m = Measurement.get(console, options, cell)
                low = max(low, m.maximum if whole else m.minimum)
                high = max(high, m.maximum)
            if column.min_width is not None:
                low, high = max(low, column.min_width), max(high, column.min_width)
            lows.append(low + pad)
            highs.append(high + pad)
        if sum(lows) > width:
            return None
        if sum(highs) <= width:
            return highs
        # Two ways to share out the spare width: in proportion to what each column
        # wants, or raising the narrowest column first (names end up whole, the widest
        # text wraps). Whichever leaves the table fewer lines is drawn.
        spare = width - sum(lows)
        wants = [h - lo for lo, h in zip(lows, highs, strict=True)]
        total = sum(wants)
        shared = [lo + spare * w // total for lo, w in zip(lows, wants, strict=True)]
        left = width - sum(shared)  # what the division left over, to the first that want it
        for i in range(len(shared)):
            if left and shared[i] < highs[i]:
                shared[i] += 1
                left -= 1
        raised = list(lows)
        for _ in range(spare):
            i = min((i for i in range(len(raised)) if raised[i] < highs[i]), key=raised.__getitem__)
            raised[i] += 1
        # A third: the columns that want least made whole first (two names, a status),
        # the rest of the width to the one that wants most (a title wraps instead).
        modest = list(lows)
        room = spare
        for i in sorted(range(len(modest)), key=wants.__getitem__):
            give = min(wants[i], room)
            modest[i] += give
            room -= give
        return min(
            (raised, shared, modest),
            key=lambda widths: self.height(table, widths, console, options),
        )

    @staticmethod
    def height(
        table: Table, widths: Sequence[int], console: Console, options: ConsoleOptions
    ) -> int:
        """How many lines the rows of ``table`` take at ``widths`` (padding included)."""
        columns = [list(c.cells) for c in table.columns]
        lines = 0
        for r in range(table.row_count):
            tallest = 1
            for i, cells in enumerate(columns):
                if r < len(cells):
                    inner = max(widths[i] - table._get_padding_width(i), 1)
                    rendered = console.render_lines(cells[r], options.update_width(inner))
                    tallest = max(tallest, len(rendered))
            lines += tallest
        return lines

    def fitted(self, console: Console, options: ConsoleOptions) -> RenderableType:
        """The table at widths that fit, or with short headings, or the narrow layout."""
        if options.max_width < self.below:
            return self.narrow()
        # The first table that fits without wrapping; else the last that fits at all (the
        # short one: fewer, shorter columns wrap less); else the narrow layout.
        squeezed: RenderableType | None = None
        for table in (self.table, self.short and self.short()):
            if table is None:
                continue
            widths = self.widths(table, console, options)
            if widths is None:
                continue
            fitted = _at_widths(table, widths, console, options)
            if fitted is table:
                return table
            squeezed = fitted
        return squeezed if squeezed is not None else self.narrow()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.fitted(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.fitted(console, options))


def _at_widths(table: Table, widths: list[int], console: Console, options: ConsoleOptions) -> Table:
    """``table`` with its columns fixed at ``widths`` (padding included); itself when
    those are its natural widths."""
    natural = [table._measure_column(console, options, c).maximum for c in table.columns]
    if widths == natural:
        return table  # it fits as it is: Rich lays it out alone
    out = copy.copy(table)
    out.columns = []
    for i, (column, w) in enumerate(zip(table.columns, widths, strict=True)):
        column = copy.copy(column)
        column.width = w - table._get_padding_width(i)
        column.min_width = None
        out.columns.append(column)
    return out
