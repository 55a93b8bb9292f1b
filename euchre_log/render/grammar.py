"""The recorder's help (``recorder.help``), laid out at the width it is printed at.

At ``NARROW`` columns or more, each section's name stands in a column of its own beside
its lines; below that (a phone), each name stands above its lines. Rich wraps each line
to the width that is left, between words.
"""

from __future__ import annotations

from io import StringIO

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..recorder.help import INTRO, OUTRO, SECTIONS
from .fit import ByWidth

LONG = 16
"""A token longer than this stands on a line of its own, its meaning under it in the
meanings' column (as ``--help`` does with a long option); the others of a section share
a column as wide as the widest of them."""


def _line(token: str, meaning: str, width: int) -> RenderableType:
    """``deal N ah kh qh td 9c  a hand that was shown``: the token (in colour on a
    terminal, indented as far as it is in ``SECTIONS``) in a column ``width`` wide, its
    meaning wrapped beside it."""
    indent = len(token) - len(token.lstrip())
    said = Text(" " * indent)
    said.append(token.strip(), style="cyan")
    if said.cell_len > width:
        return Group(said, Padding(Text(meaning), (0, 0, 0, width + 2)))
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(width=width, no_wrap=True)
    grid.add_column()
    grid.add_row(said, Text(meaning))
    return grid


def _lines(lines: tuple[tuple[str, str], ...], long: int) -> Group:
    """A section's lines, their tokens in one column."""
    width = max((len(t) for t, _ in lines if len(t) <= long), default=0)
    return Group(*(_line(token, meaning, width) for token, meaning in lines))


def _wide() -> RenderableType:
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for name, lines in SECTIONS:
        grid.add_row(name, _lines(lines, LONG))
    return Padding(grid, (0, 0, 0, 2))


def _narrow() -> RenderableType:
    parts: list[RenderableType] = []
    for name, lines in SECTIONS:
        parts.append(Text(name, style="bold"))
        parts.append(Padding(_lines(lines, LONG - 4), (0, 0, 0, 2)))
    return Group(*parts)


def grammar_help() -> RenderableType:
    """The tokens the recorder takes, section by section, fitted to the width."""
    return Group(Text(INTRO), ByWidth(_wide, _narrow), Text(OUTRO))


def grammar_text(width: int) -> str:
    """``grammar_help`` as plain text at ``width`` columns (for ``record --help``), its
    lines without padding at their ends."""
    out = StringIO()
    console = Console(
        file=out, width=width, no_color=True, color_system=None, markup=False, emoji=False
    )
    console.print(grammar_help())
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())
