"""The command line: a thin Typer layer that turns domain errors into messages and exit codes.

Only this package prints. Its modules import the engine, the store and Rich inside the
commands that need them, so that ``euchre-log --help`` starts at once.
"""

from __future__ import annotations


def main() -> None:
    """The console script. ``--version`` is answered before Typer is even imported."""
    import sys

    if sys.argv[1:] == ["--version"]:
        from .. import __version__

        sys.stdout.write(f"euchre-log {__version__}\n")
        return
    try:
        from .app import main as run
    except KeyboardInterrupt:  # Ctrl-C while starting: stopped, as anywhere else
        sys.stderr.write("\n")
        sys.exit(130)
    run()
