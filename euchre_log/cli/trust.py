"""``verify``: prove that nothing was changed behind euchre-log's back."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .app import app
from .common import opened, print_json


@app.command()
def verify(
    ctx: typer.Context,
    games: Annotated[
        Optional[list[int]],
        typer.Argument(help="The games to check (all of them when left out).", show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
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
            typer.echo(f"game {p.game}: TAMPERED: {p.message}")
        if not checked:
            typer.echo("There are no games to verify.")
    if problems:
        raise typer.Exit(1)
