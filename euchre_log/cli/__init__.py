"""The command line: a thin Typer layer that turns domain errors into messages and exit codes.

Only this package prints. Its modules import the engine, the store and Rich inside the
commands that need them, so that ``euchre-log --help`` starts at once.
"""

from __future__ import annotations


def version_line() -> str:
    """``euchre-log --version``'s line: the version, and whether the solver runs compiled
    (``EUCHRE_LOG_COMPILE=1 pip install .``, which makes the fair review three to four times
    faster), so a person can see that the build took."""
    from .. import __version__, compiled_solver

    return f"euchre-log {__version__}" + (" (compiled solver)" if compiled_solver() else "")


def main() -> None:
    """The console script. ``--version`` is answered before Typer is even imported."""
    import signal
    import sys

    if hasattr(signal, "SIGPIPE"):
        # A reader that goes away (``euchre-log summary 1 | head -1``) ends the command
        # quietly, as it ends git and coreutils: killed by SIGPIPE at the next write, exit
        # status 141 in the shell. Python ignores SIGPIPE, so every write to the closed
        # pipe would raise instead, and Click and Rich each turn that into exit 1, the
        # code that says something was flagged. Every entry is stored before anything is
        # printed about it, so nothing accepted is lost when the write kills the process.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(version_line() + "\n")
        return
    try:
        from .app import main as run
    except KeyboardInterrupt:  # Ctrl-C while starting: stopped, as anywhere else
        sys.stderr.write("\n")
        sys.exit(130)
    run()
