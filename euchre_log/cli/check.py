"""``check`` (the engine's verdict on game logs) and ``schema`` (the JSON Schemas)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from .app import app, echo, fail


@app.command()
def check(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE",
            help="Game logs to check: euchre-log/1 JSON, or EGN games (.egn) and matches (.emn).",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the euchre-log-check/1 report as JSON.")
    ] = False,
) -> None:
    """Check game logs against the rules, without any database.

    Prints each game hand by hand (dealer, upcard, trump, maker, tricks, points, score)
    and every irregularity as a sentence. Exit code 0 when everything is clean, 1 when
    something was flagged, 2 when a file was rejected.
    """
    if as_json:
        raise typer.Exit(_check_json([str(path) for path in files]))
    from ..formats.load import load_games
    from ..formats.reader import LogError

    worst = 0
    for path in files:
        try:
            loaded = load_games(path)
        except LogError as exc:
            worst = 2
            _print_rejected(str(path), exc)
            continue
        for item in loaded:
            if any(h.result_flags() for h in item.game.hands):
                worst = max(worst, 1)
            _print_game(item)
    sys.stdout.flush()
    raise typer.Exit(worst)


def _check_json(paths: list[str]) -> int:
    """Print the euchre-log-check/1 report of the files, each game's report as soon as
    it is known; the exit code. Many files are read on every core (``formats.parallel``),
    their reports printed in the order of the files."""
    from ..formats.parallel import WorkerLost, ordered_map, workers_for
    from ..formats.report import check_texts

    out = sys.stdout
    out.write('{"format": "euchre-log-check/1", "games": [')
    worst = 0
    first = True
    try:
        for code, texts in ordered_map(check_texts, paths, workers=workers_for(paths)):
            worst = max(worst, code)
            for text in texts:
                out.write(("" if first else ", ") + text)
                first = False
    except WorkerLost as exc:
        out.write("\n")
        out.flush()
        raise fail(
            f"{exc}; the report stops there: run check again, or with "
            "EUCHRE_LOG_WORKERS=1 to read in one process"
        ) from None
    out.write("]}\n")
    out.flush()
    return worst


def _print_rejected(file: str, exc: Exception) -> None:
    from rich.text import Text

    from ..formats.text import visible
    from ..render import cards as rc
    from .console import console

    line = Text(f"{visible(file)}: rejected: ", style="bold red")
    line.append_text(rc.message(visible(str(exc))))
    console().print(line)


def _print_game(item: object) -> None:
    from ..formats.load import LoadedGame
    from ..render.tables import game_view
    from .console import console

    assert isinstance(item, LoadedGame)
    info = item.log.game
    players = ", ".join(f"{s} {n}" for s, n in info.players.items())
    title = f"{item.file}" + (f": {info.title}" if info.title else "") + f"  ({players})"
    con = console()
    con.print(game_view(item.game, item.players, title))
    con.print()


SCHEMAS = (
    "euchre-log",
    "check-report",
    "new",
    "games",
    "summary",
    "import",
    "record-line",
    "stats",
    "rules",
    "replay",
    "explain",
    "review",
    "verify",
    "copy",
)


@app.command()
def schema(
    name: Annotated[
        Optional[str],
        typer.Argument(
            metavar="NAME",
            help="Which schema: " + ", ".join(SCHEMAS) + ". All of them when left out.",
        ),
    ] = None,
    write: Annotated[
        Optional[Path],
        typer.Option(
            "--write", metavar="DIR", help="Write each schema to DIR/NAME.schema.json instead."
        ),
    ] = None,
) -> None:
    """Print the JSON Schemas of the file format and of every JSON output."""
    import json

    from ..formats.schemas import all_schemas

    schemas = all_schemas()
    if name is not None:
        if name not in schemas:
            raise fail(f"there is no schema {name!r}: the schemas are " + ", ".join(schemas))
        schemas = {name: schemas[name]}
    if write is not None:
        try:
            write.mkdir(parents=True, exist_ok=True)
            for key, value in schemas.items():
                (write / f"{key}.schema.json").write_text(
                    json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
                )
                echo(f"wrote {write / (key + '.schema.json')}")
        except (OSError, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise fail(f"cannot write the schemas to {write}: {why}") from None
        return
    payload = schemas[name] if name is not None else schemas
    typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
