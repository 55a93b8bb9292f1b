"""The Rich consoles the commands print to."""

from __future__ import annotations

import functools
import os
import sys

from rich.console import Console


@functools.cache
def console() -> Console:
    """Standard output: colour on a terminal (NO_COLOR turns it off), plain text in a pipe."""
    if sys.stdout.isatty():
        return Console(highlight=False)
    width = int(os.environ.get("COLUMNS", "0") or 0) or 120
    return Console(highlight=False, width=width, no_color=True, color_system=None)
