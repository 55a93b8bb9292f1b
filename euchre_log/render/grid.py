"""Print a plain Rich table of many rows fast, exactly as Rich lays it out.

Rich measures and renders every cell of a ``Table`` as a renderable of its own: about a
millisecond a row, so a list of a thousand games took over a second to print. A table of
one-line cells that fits the console's width needs none of that: its columns are as wide
as their widest cell, and each line is its cells padded and joined by the box's dividers.
``print_table`` prints such a table that way, line for line the characters and styles
Rich would print (``tests/test_grid.py`` compares the two), and hands any other table (a
title, wrapped or multi-line cells, one too wide for the console...) to Rich itself.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text


def print_table(console: Console, table: Table) -> None:
    """Print ``table`` on ``console``, as ``console.print(table)`` would."""
    text = plain_text(console, table)
    if text is None:
        console.print(table)
        return
    console.print(text, soft_wrap=True)


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
            column.justify not in ("left", "right")
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


def plain_text(console: Console, table: Table) -> Text | None:
    """The table's lines as one text, or None when it is not a plain table that fits the
    console. Cells without markup are kept as strings, and a run of lines whose cells are
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
    if sum(padded) + last * len(box.head_vertical) > options.max_width:
        return None
    right = [column.justify == "right" for column in table.columns]
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
                gap = " " * (widths[i] - _width(cell))
                pieces.append(gap + cell if right[i] else cell + gap)
            plain.append(divider.join(f" {p} " for p in pieces)[1:-1] + "\n")
            continue
        if plain:
            out.append("".join(plain))
            plain = []
        for i, cell in enumerate(line):
            if i:
                out.append(divider)
            text = Text(cell) if isinstance(cell, str) else cell
            fill = Text(" " * (widths[i] - text.cell_len), style=text.style)  # a Text's style
            padded_cell = Text(" " if i > 0 else "")
            if right[i]:
                padded_cell.append_text(fill)
            padded_cell.append_text(text)
            if not right[i]:
                padded_cell.append_text(fill)
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


def _width(cell: str | Text) -> int:
    return cell_len(cell) if isinstance(cell, str) else cell.cell_len
