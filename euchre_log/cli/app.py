"""The ``euchre-log`` command and its global options.

Each command lives in a module of this package and imports what it needs when it runs.
Errors a user can cause end as a one-line message and exit code 2; nothing ever ends in
a traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Optional

import typer

from .. import __version__

app = typer.Typer(
    name="euchre-log",
    help=(
        "Record real-table Euchre games hand by hand, check them against the rules, "
        "and settle renege disputes with proof."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a refusal as one line on stderr; the caller raises the returned ``Exit``."""
    typer.echo(f"euchre-log: {message}", err=True)
    return typer.Exit(code)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"euchre-log {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    db: Annotated[
        Optional[str],
        typer.Option(
            "--db",
            envvar="EUCHRE_LOG_DB",
            metavar="URL_OR_PATH",
            help="The database: a SQLite file path or any SQLAlchemy URL. "
            "Defaults to euchre-log.db in your user data folder (also set by EUCHRE_LOG_DB).",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Record real-table Euchre games, check them, and settle renege disputes."""
    ctx.obj = {"db": db}


COMMAND_MODULES = ("record", "games", "replay", "stats", "check", "rules", "trust")
"""The command modules, in the order their commands are listed: the main job first."""


def register() -> None:
    """Attach every command module to the app."""
    import importlib

    for name in COMMAND_MODULES:
        importlib.import_module(f"{__package__}.{name}")


def main() -> None:
    """The console script: run the app, and never show a traceback."""
    register()
    try:
        app(standalone_mode=True)
    except KeyboardInterrupt:
        typer.echo("", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)  # the reader (head, less) went away; nothing is lost
    except Exception as exc:  # a bug: say so plainly instead of dumping a traceback
        if os.environ.get("EUCHRE_LOG_DEBUG"):
            raise
        typer.echo(
            f"euchre-log: internal error ({type(exc).__name__}: {exc}). Nothing you entered "
            "was lost. Please report this; set EUCHRE_LOG_DEBUG=1 to see the details.",
            err=True,
        )
        sys.exit(3)
