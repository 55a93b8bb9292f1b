"""The Rich consoles the commands print to, and the width they lay out at.

None of them reads markup or emoji codes in a string it prints, and none highlights:
what a player typed (``[bold]``, ``[link=...]``, ``:smile:``) is shown as it is. Their
text reaches them as ``rich.text.Text`` built from ``formats.text.visible``, so no
control character of a name reaches the terminal either.

The width (``output_width``), in this order:

1. ``COLUMNS``, when it holds a width (``COLUMNS=80 euchre-log summary``);
2. the terminal's width, when standard output is a terminal;
3. the terminal's width, when standard output is a pipe and standard error or standard
   input is a terminal: ``euchre-log games | less`` fits the screen ``less`` shows it on;
4. otherwise (a file, or a pipe with no terminal anywhere: a script, ``cron``) the
   natural width: nothing is wrapped or squeezed, and each line is as long as it needs.

Below ``render.fit.NARROW`` columns the views switch to their narrow layouts. Output that
is not a terminal is plain text whose lines never end in padding spaces.
"""

from __future__ import annotations

import functools
import io
import os
import re
import stat
import sys
from typing import IO, Any, TextIO, cast

from rich.console import Console
from rich.text import TextType

PLAIN: dict[str, Any] = {"markup": False, "emoji": False, "highlight": False}
"""What every console is made with: strings are text, never markup."""

NATURAL_WIDTH = 1_000_000
"""The width of "no width": wider than any line a view draws, so nothing wraps."""


def columns_variable() -> int | None:
    """The width ``COLUMNS`` names, if it names one (1 to 9999)."""
    value = os.environ.get("COLUMNS", "").strip()
    if value.isascii() and value.isdigit() and 0 < len(value) < 5 and int(value) > 0:
        return int(value)
    return None


def _terminal_width(fd: int) -> int | None:
    try:
        width = os.get_terminal_size(fd).columns if os.isatty(fd) else 0
    except (OSError, ValueError):
        return None
    return width or None


def _stdout_is_pipe() -> bool:
    try:
        return stat.S_ISFIFO(os.fstat(sys.stdout.fileno()).st_mode)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return False


def output_width() -> int | None:
    """The width to lay standard output out at, or None for the natural width (see the
    module docstring for the order)."""
    columns = columns_variable()
    if columns is not None:
        return columns
    if sys.stdout.isatty():
        return _terminal_width(sys.stdout.fileno())
    if _stdout_is_pipe():
        for fd in (2, 0):
            width = _terminal_width(fd)
            if width is not None:
                return width
    return None


class Unpadded(io.TextIOBase):
    """Standard output (whatever ``sys.stdout`` is when written to) with the spaces at the
    end of each line dropped: Rich pads a table's cells to their column, and a file or a
    pipe should not keep that padding. A line not finished yet is held back until it is,
    or until a flush (a prompt ends with a space on purpose)."""

    def __init__(self) -> None:
        super().__init__()
        self._tail = ""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(sys.stdout, "encoding", None) or "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, s: str) -> int:
        lines = (self._tail + s).split("\n")
        self._tail = lines.pop()
        if lines:
            sys.stdout.write("\n".join(line.rstrip(" ") for line in lines) + "\n")
        return len(s)

    def flush(self) -> None:
        if self._tail:
            sys.stdout.write(self._tail)
            self._tail = ""
        sys.stdout.flush()


def console() -> Console:
    """Standard output: colour on a terminal (NO_COLOR turns it off), plain text without
    padding at the line ends elsewhere; at the width ``output_width`` gives. One console
    for everything a command prints, made when it first prints."""
    return _standard_output()


def forget_console() -> None:
    """Let the next ``console()`` be made afresh, at the width and on the streams it then
    finds: each command does so as it starts (``cli.app``), since a caller that runs
    several commands in one process (a test, a notebook) may change COLUMNS or the
    streams between them."""
    _standard_output.cache_clear()


@functools.cache
def _standard_output() -> Console:
    width = output_width()
    if sys.stdout.isatty():
        return Console(width=width, **PLAIN)
    return Console(
        file=cast(IO[str], Unpadded()),  # a text stream, as Rich needs
        width=width or NATURAL_WIDTH,
        no_color=True,
        color_system=None,
        **PLAIN,
    )


_ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\))")
"""A terminal's control sequence: colours and styles (CSI), links (OSC)."""


class LineConsole(Console):
    """A console whose ``input`` gives the prompt to Python's ``input()`` itself.

    Rich's own prints the prompt first and then calls ``input()`` with none, so readline
    takes the line to start at the prompt's end without knowing it: editing the line
    (Left, typing in the middle, Ctrl-U) redraws it from the margin, over the prompt.
    Given the prompt, readline knows where the line starts; the prompt's colour codes
    are wrapped in readline's markers (``\001`` ``\002``) so that they count for no width.
    """

    def input(
        self,
        prompt: TextType = "",
        *,
        markup: bool = True,
        emoji: bool = True,
        password: bool = False,
        stream: TextIO | None = None,
    ) -> str:
        if password or stream is not None:
            return super().input(
                prompt, markup=markup, emoji=emoji, password=password, stream=stream
            )
        with self.capture() as captured:
            # Wrapped between words as any line is: readline takes the text after the
            # last line break for the start of the line being typed.
            self.print(prompt, markup=markup, emoji=emoji, end="")
        text = captured.get()
        # input() goes through readline only on a terminal, and writes the prompt as it is
        # otherwise: the markers are for readline alone.
        if "readline" in sys.modules and sys.stdin.isatty() and sys.stdout.isatty():
            text = _ESCAPE.sub(lambda m: f"\001{m.group()}\002", text)
        return input(text)


def make_console(**options: Any) -> Console:
    """Another console (the recorder's, which asks for its lines), with markup, emoji and
    highlighting off."""
    return LineConsole(**PLAIN, **options)
