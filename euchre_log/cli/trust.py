"""``verify``: prove that nothing was changed behind euchre-log's back; ``copy``: move games
between databases with that proof intact."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .app import app, echo, fail
from .common import game_ids_in_range, opened, print_json


@app.command()
def verify(
    ctx: typer.Context,
    games: Annotated[
        Optional[list[int]],
        typer.Argument(
            metavar="GAME",
            help="The games to check (all of them when left out).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the findings as JSON (schemas/verify.schema.json)."),
    ] = False,
) -> None:
    """Recompute every game's hash chain and report anything changed, removed, inserted or
    reordered outside euchre-log, by game, hand and entry.

    Each recorded entry (undos included) carries a SHA-256 hash chained to the one before
    it, so an edit made with another program shows here. Exit code 0 when every chain is
    intact, 1 when something was tampered with.
    """
    from ..store.db import StoreError
    from ..store.games import load_game
    from ..store.verify import verify as run

    games = game_ids_in_range(games)
    with opened(ctx) as store:
        checked, problems = run(store, games)
        broken = {p.game for p in problems}
        for game_id in checked:
            if game_id in broken:
                continue
            try:
                load_game(store, game_id)
            except StoreError as exc:
                from ..store.verify import CHANGED, Problem

                problems.append(Problem(game_id, CHANGED, None, None, None, str(exc)))
    if as_json:
        print_json(
            {"games": checked, "intact": not problems, "problems": [p.to_dict() for p in problems]}
        )
    else:
        bad = {p.game for p in problems}
        for game_id in checked:
            if game_id not in bad:
                typer.echo(f"game {game_id}: the record is intact")
        for p in problems:
            echo(f"game {p.game}: TAMPERED: {p.message}")
        if not checked:
            typer.echo("There are no games to verify.")
    if problems:
        raise typer.Exit(1)


@app.command("copy")
def copy_games(
    games: Annotated[
        Optional[list[int]],
        typer.Argument(
            metavar="GAME",
            help="The source's games to copy (all of them when left out).",
            show_default=False,
        ),
    ] = None,
    source: Annotated[
        str,
        typer.Option(
            "--from",
            metavar="URL_OR_PATH",
            help="The database to copy from: a SQLite file path or a URL.",
            show_default=False,
        ),
    ] = "",
    target: Annotated[
        str,
        typer.Option(
            "--to",
            metavar="URL_OR_PATH",
            help="The database to copy into: a SQLite file path (created if new) or a URL, "
            "such as a club's postgresql+psycopg://user:password@host/euchre.",
            show_default=False,
        ),
    ] = "",
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the outcome as JSON (schemas/copy.schema.json)."),
    ] = False,
) -> None:
    """Copy games from one database into another with their hash chains intact: a local
    SQLite history into a club's PostgreSQL server, say. --db plays no part.

    Each game goes whole and exactly: every recorded entry (undos included) with its time
    and hash, the players, seats and results, so that verify on the target finds every
    record intact; only the game ids change. Players are matched by name, whatever the
    case. A game the target already holds (the same game by its identity, not one that
    looks alike) is skipped and said so, never copied twice. A game whose record was
    changed outside euchre-log is refused: verify on the source shows why. Each game is
    copied in a transaction of its own, so a copy that stops half-way leaves whole games
    only, and running it again copies the rest. Both databases are first brought to this
    version's schema, as every command does. Exit code 0 when every game was copied or
    was already there, 1 when some were refused, 2 when the copy could not be done.
    """
    from ..store.access import open_store
    from ..store.copy import CopyStopped, Outcome
    from ..store.copy import copy_games as run
    from ..store.db import StoreError, mask, resolve

    games = game_ids_in_range(games)
    if not source.strip() or not target.strip():
        raise fail("copy needs --from (the database to copy from) and --to (the one to copy into)")
    shown_from, shown_to = mask(resolve(source)), mask(resolve(target))
    if resolve(source) == resolve(target):
        raise fail(f"--from and --to name the same database ({shown_from}); nothing was copied")
    try:
        src = open_store(source, create=False)
    except StoreError as exc:
        raise fail(str(exc)) from None
    try:
        dst = open_store(target)
    except StoreError as exc:
        src.close()
        raise fail(str(exc)) from None

    def say(o: Outcome) -> None:
        if as_json:
            return
        if o.status == "copied":
            title = f"{o.title}, " if o.title else ""
            hands = f"{o.hands} hand{'' if o.hands == 1 else 's'}"
            echo(f"game {o.game}: copied as game {o.target} ({title}{hands}, {o.entries} entries)")
        elif o.status == "skipped":
            echo(f"game {o.game}: skipped: {o.reason}")
        else:
            echo(f"game {o.game}: REFUSED: {o.reason}")

    try:
        done = run(src, dst, games, each=say).outcomes
    except CopyStopped as stopped:
        copied = [str(o.game) for o in stopped.report.outcomes if o.status == "copied"]
        if not copied:
            before = "nothing was copied"
        elif len(copied) == 1:
            before = f"game {copied[0]} was copied whole"
        else:
            before = f"games {', '.join(copied)} were copied whole"
        raise fail(
            f"the copy stopped at game {stopped.game}: {stopped}; {before}, and nothing of "
            f"game {stopped.game} or after. Run the same copy again to copy the rest."
        ) from None
    except StoreError as exc:  # before anything was copied: a game not in the source
        raise fail(f"{exc}; nothing was copied") from None
    finally:
        src.close()
        dst.close()
    counts = {s: sum(o.status == s for o in done) for s in ("copied", "skipped", "refused")}
    if as_json:
        print_json(
            {"from": shown_from, "to": shown_to, **counts, "games": [o.to_dict() for o in done]}
        )
    else:
        extra = [f"{counts['skipped']} already there"] if counts["skipped"] else []
        extra += [f"{counts['refused']} refused"] if counts["refused"] else []
        echo(
            f"Copied {counts['copied']} of {len(done)} games from {shown_from} to {shown_to}"
            + (f"; {', '.join(extra)}." if extra else ".")
        )
    if counts["refused"]:
        raise typer.Exit(1)
