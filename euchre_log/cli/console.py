"""The Rich consoles the commands print to.

None of them reads markup or emoji codes in a string it prints, and none highlights:
what a player typed (``[bold]``, ``[link=...]``, ``:smile:``) is shown as it is. Their
text reaches them as ``rich.text.Text`` built from ``formats.text.visible``, so no
control character of a name reaches the terminal either.
"""

from __future__ import annotations

import functools
import os
import sys
from typing import Any

from rich.console import Console

PLAIN: dict[str, Any] = {"markup": False, "emoji": False, "highlight": False}
"""What every console is made with: strings are text, never markup."""


@functools.cache
def console() -> Console:
    """Standard output: colour on a terminal (NO_COLOR turns it off), plain text in a pipe."""
    if sys.stdout.isatty():
        return Console(**PLAIN)
    columns = os.environ.get("COLUMNS", "").strip()
    width = int(columns) if columns.isascii() and columns.isdigit() and len(columns) < 5 else 0
    return Console(width=width or 120, no_color=True, color_system=None, **PLAIN)


def make_console(**options: Any) -> Console:
    """Another console (the recorder's), with markup, emoji and highlighting off."""
    return Console(**PLAIN, **options)
