"""The ``euchre-log`` command and its global options.

Each command lives in a module of this package and imports what it needs when it runs.
Errors a user can cause end as a one-line message and exit code 2; nothing ever ends in
a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Annotated, Any, Optional, TypeVar

import typer
from typer.core import TyperCommand

F = TypeVar("F", bound=Callable[..., Any])


class Command(TyperCommand):
    """A command whose help names every value in words: options by their metavar
    (``--hand N``, ``--set OPTION=VALUE``), arguments by theirs (``GAME``, ``FILE...``),
    never by a Python type (``<int>``, ``<list[Path]>``)."""

    def format_options(self, ctx: Any, formatter: Any) -> None:  # click's, which Typer may vendor
        args: list[tuple[str, str]] = []
        opts: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                name = param.metavar or (param.name or "value").upper()
                if param.nargs != 1 and not name.endswith("..."):
                    name += "..."
                args.append((name, record[1]))
            else:
                opts.append(record)
        if args:
            with formatter.section("Arguments"):
                formatter.write_dl(args)
        if opts:
            with formatter.section("Options"):
                formatter.write_dl(opts)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except typer.BadParameter as exc:  # a usage error: exit 2, said in words
            exc.message = in_words(exc.message, exc.__cause__)
            raise


def in_words(message: str, cause: BaseException | None) -> str:
    """A value Typer refused, said in words instead of Pydantic's (which newer Typers
    convert with): ``'x' is not a whole number``, not ``Input should be a valid integer``."""
    errors = getattr(cause, "errors", None)
    first: dict[str, Any] = (errors() or [{}])[0] if callable(errors) else {}
    kind = str(first.get("type", ""))
    value = first.get("input")
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"{value!r} is not a whole number"
    if kind == "int_parsing_size":  # thousands of digits: no value here is that long
        return f"a number of {len(str(value))} digits is far too long here"
    if kind in ("float_parsing", "float_type"):
        return f"{value!r} is not a number"
    if kind in ("bool_parsing", "bool_type"):
        return f"{value!r} is not yes or no (true/false)"
    return message.removeprefix("Value error, ")


class App(typer.Typer):
    """The Typer app, whose commands are all ``Command``s unless one asks otherwise."""

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[F], F]:
        return super().command(name, cls=cls or Command, **kwargs)


app = App(
    name="euchre-log",
    help=(
        "Record real-table Euchre games hand by hand, check them against the rules, "
        "and settle renege disputes with proof."
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a refusal as one line on stderr; the caller raises the returned ``Exit``.

    Whatever user text the message quotes, no control character of it reaches the
    terminal, and it stays one line (``formats.text.visible``)."""
    echo(f"euchre-log: {message}", err=True)
    return typer.Exit(code)


def echo(line: str, *, err: bool = False) -> None:
    """Print one line of words (a message, a name, a file's path): its user text shown
    as it is, with no control character of it reaching the terminal."""
    from ..formats.text import visible

    typer.echo(visible(line), err=err)


def _version(value: bool) -> None:
    if value:
        from . import version_line

        typer.echo(version_line())
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
    from .console import forget_console

    forget_console()  # each command lays out at the width its own invocation sees
    ctx.obj = {"db": db}


COMMAND_MODULES = (
    "record",
    "serve",
    "games",
    "replay",
    "review",
    "stats",
    "check",
    "rules",
    "trust",
)
"""The command modules, in the order their commands are listed: the main job first."""


COMMANDS = {
    "record": "record",
    "serve": "serve",
    "new": "games",
    "games": "games",
    "import": "games",
    "export": "games",
    "summary": "games",
    "replay": "replay",
    "explain": "replay",
    "review": "review",
    "stats": "stats",
    "check": "check",
    "schema": "check",
    "rules": "rules",
    "verify": "trust",
    "copy": "trust",
}
"""Each command and the module that defines it (``tests/test_cli_conventions.py`` checks
this against the commands the modules register)."""


def command_word(argv: list[str]) -> str | None:
    """The command a command line names, past the app's own ``--db`` option; None when it
    names none before another option (``--help``, ``--version``...)."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--db":
            i += 2
        elif arg.startswith("--db="):
            i += 1
        elif arg.startswith("-"):
            return None
        else:
            return arg
    return None


def register(argv: list[str] | None = None) -> None:
    """Attach the command modules to the app: only the one that defines the command the
    command line names (Typer then builds that command alone, which saves every command
    a tenth of its start-up), or all of them for the app's help and for a name that is no
    command (Typer suggests the nearest)."""
    import importlib

    word = command_word(sys.argv[1:] if argv is None else argv)
    module = COMMANDS.get(word) if word is not None else None
    for name in (module,) if module is not None else COMMAND_MODULES:
        importlib.import_module(f"{__package__}.{name}")


def main() -> None:
    """The console script: run the app, and never show a traceback."""
    try:
        register()
        app(standalone_mode=True)
    except KeyboardInterrupt:
        typer.echo("", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly instead of dumping a traceback
        if os.environ.get("EUCHRE_LOG_DEBUG"):
            raise
        echo(
            f"euchre-log: internal error ({type(exc).__name__}: {exc}). Nothing you entered "
            "was lost. Please report this; set EUCHRE_LOG_DEBUG=1 to see the details.",
            err=True,
        )
        sys.exit(3)
