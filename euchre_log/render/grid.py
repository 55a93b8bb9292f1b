"""Print a plain Rich table of many rows fast, exactly as Rich lays it out.

Rich measures and renders every cell of a ``Table`` as a renderable of its own: about a
millisecond a row, so a list of a thousand games took over a second to print. A table of
one-line cells that fits the console's width needs none of that: its columns are as wide
as their widest cell, and each line is its cells padded and joined by the box's dividers.
``print_table`` prints such a table that way, line for line the characters and styles
Rich would print (``tests/test_grid.py`` compares the two), and hands any other table (a
title, wrapped or multi-line cells, one too wide for the console...) to Rich itself.
``FastTable`` does the same for a table printed as part of a larger view, and ``Lines``
for lines of text that each fit: their segments, without Rich's wrapping of each line.
``render.fit.Fitted`` (the games list, the hand tables) takes this way whenever its table
fits at its natural widths, the one case where it draws the table as it is; a table it
squeezes, shortens or stacks is laid out by Rich.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text


def print_table(console: Console, table: Table) -> None:
    """Print ``table`` on ``console``, as ``console.print(table)`` would."""
    text = plain_text(console, table)
    if text is None:
        console.print(table)
        return
    console.print(text, soft_wrap=True)


class FastTable:
    """A table, rendered as ``print_table`` prints it when it is a plain one that fits."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = plain_text(console, self.table, options.max_width)
        if text is None:
            yield self.table
            return
        yield Lines(list(text.split("\n", allow_blank=True)))


class Lines:
    """Lines of text, one below the other: a line that fits the width is rendered as its
    segments, as Rich renders it, without wrapping it first; one that does not is left to
    Rich. Printing many short lines (a long game's chart) takes a fraction of the time."""

    def __init__(self, lines: Sequence[Text]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        new_line = Segment.line()
        for line in self.lines:
            if (
                line.cell_len > width
                or "\t" in line.plain
                or line.justify not in (None, "default", "left")
            ):
                yield line
                continue
            yield from line.render(console, end="")
            yield new_line


def _simple(table: Table) -> bool:
    """Whether the table uses only what ``plain_text`` lays out."""
    if (
        table.box is None
        or table.title
        or table.caption
        or table.width is not None
        or table.min_width is not None
        or table.expand
        or not table.show_header
        or table.show_footer
        or table.show_edge
        or table.pad_edge
        or table.show_lines
        or table.leading
        or table.collapse_padding
        or table.row_styles
        or table.style not in ("", "none")
        or table.border_style
        or tuple(table.padding) != (0, 1, 0, 1)
    ):
        return False
    for column in table.columns:
        if (
            column.justify not in ("left", "right", "center")
            or column.vertical != "top"
            or column.width is not None
            or column.min_width is not None
            or column.max_width is not None
            or column.ratio is not None
            or column.style
            or column.header_style
            or column.footer
        ):
            return False
    return all(row.style is None and not row.end_section for row in table.rows)


def plain_text(console: Console, table: Table, max_width: int | None = None) -> Text | None:
    """The table's lines as one text, or None when it is not a plain table that fits the
    console. Cells without markup (and texts without style) are kept as strings, and a run of lines whose cells are
    all plain is joined as one string: most lines of a long list are."""
    if not _simple(table) or not table.columns:
        return None
    columns: list[list[str | Text]] = []
    for column in table.columns:
        cells: list[str | Text] = []
        for cell in (column.header, *column.cells):
            if isinstance(cell, str) and cell.isprintable() and not ("[" in cell or ":" in cell):
                cells.append(cell)  # what render_str gives, unstyled
                continue
            if isinstance(cell, str):
                text = console.render_str(cell, highlight=False)
            elif isinstance(cell, Text):
                if cell.justify is not None or cell.end != "\n":
                    return None  # a text's own alignment: Rich's to lay out
                if not cell.spans and not cell.style and cell.plain.isprintable():
                    cells.append(cell.plain)  # user text as data (``visible``), unstyled
                    continue
                text = cell
            else:
                return None
            if "\n" in text.plain or "\t" in text.plain:  # Rich wraps or expands these
                return None
            cells.append(text)
        columns.append(cells)
    options = console.options
    safe = table.safe_box if table.safe_box is not None else console.safe_box
    box = table.box.substitute(options, safe=safe)  # type: ignore[union-attr]
    widths = [max(_width(cell) for cell in cells) for cells in columns]
    last = len(widths) - 1
    padded = [w + (i > 0) + (i < last) for i, w in enumerate(widths)]
    if sum(padded) + last * len(box.head_vertical) > (max_width or options.max_width):
        return None
    justify = [column.justify for column in table.columns]
    header_style = console.get_style(table.header_style or "")
    rows = len(columns[0])
    out = Text()
    plain: list[str] = []  # lines of plain cells not yet added to ``out``
    for row in range(rows):
        divider = (
            box.head_vertical
            if row == 0
            else (box.foot_vertical if row == rows - 1 else box.mid_vertical)
        )
        line = [cells[row] for cells in columns]
        if row and all(isinstance(cell, str) for cell in line):
            pieces = []
            for i, cell in enumerate(line):
                assert isinstance(cell, str)
                left, right = _gaps(justify[i], widths[i] - _width(cell))
                pieces.append(left + cell + right)
            plain.append(divider.join(f" {p} " for p in pieces)[1:-1] + "\n")
            continue
        if plain:
            out.append("".join(plain))
            plain = []
        for i, cell in enumerate(line):
            if i:
                out.append(divider)
            text = Text(cell) if isinstance(cell, str) else cell
            left, right = _gaps(justify[i], widths[i] - text.cell_len)
            padded_cell = Text(" " if i > 0 else "")
            padded_cell.append_text(Text(left, style=text.style))  # padded in a Text's style
            padded_cell.append_text(text)
            padded_cell.append_text(Text(right, style=text.style))
            if i < last:
                padded_cell.append(" ")
            if row == 0 and header_style:
                padded_cell.stylize_before(header_style)
            out.append_text(padded_cell)
        out.append("\n")
        if row == 0:
            out.append(box.get_row(padded, "head", edge=False) + "\n")
    if plain:
        out.append("".join(plain))
    out.right_crop(1)  # the last line's newline: print ends the line
    return out


def _gaps(justify: str, excess: int) -> tuple[str, str]:
    """The spaces before and after a cell's text, as Rich aligns it."""
    if justify == "right":
        return " " * excess, ""
    if justify == "center":
        return " " * (excess // 2), " " * (excess - excess // 2)
    return "", " " * excess


def _width(cell: str | Text) -> int:
    return cell_len(cell) if isinstance(cell, str) else cell.cell_len
