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
            help="The games to check (all of them, and the register of games, when left out).",
            show_default=False,
        ),
    ] = None,
    fingerprint: Annotated[
        Optional[str],
        typer.Option(
            "--fingerprint",
            metavar="FINGERPRINT",
            help="Check one GAME against a fingerprint taken earlier (shown when the game "
            "ended, by summary, or by export as its seal), like 7K3Q-M9XD-A2PW-TR4H.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the findings as JSON (schemas/verify.schema.json)."),
    ] = False,
) -> None:
    """Recompute every game's hash chain and cached results, and report anything changed,
    removed, inserted or reordered outside euchre-log, by game, hand and entry.

    Each recorded entry (undos included) carries a SHA-256 hash chained to the one before
    it, from a header that holds the game's rules, starting score and players; the
    results that games and stats read are recomputed from the entries, and a game deleted
    whole is found in the register of games. So an edit made with another program shows
    here, unless it also recomputed every hash: a fingerprint taken at the table catches
    that too (--fingerprint). Exit code 0 when every record is intact (and matches the
    fingerprint), 1 when something was tampered with (or the fingerprint matches no state
    of the record, or the entries it covers were since taken back by undo), 2 when the
    fingerprint is not one.
    """
    from ..formats.fingerprint import FingerprintError, parse_fingerprint
    from ..store.games import NoSuchGame
    from ..store.verify import match_fingerprint, record_fingerprint
    from ..store.verify import verify as run

    games = game_ids_in_range(games)
    wanted = None
    if fingerprint is not None:
        if not games or len(games) != 1:
            raise fail("--fingerprint checks one game: name it, like verify 3 --fingerprint X")
        try:
            wanted = parse_fingerprint(fingerprint)
        except FingerprintError as exc:
            raise fail(str(exc)) from None
    with opened(ctx) as store:
        checked, problems = run(store, games)
        bad = {p.game for p in problems}
        intact = [g for g in checked if g not in bad]
        heads = _heads(store, intact)
        from ..store.verify import reopenings

        reopened = reopenings(store, intact)
        match = None
        if wanted is not None and games:
            try:
                match = match_fingerprint(store, games[0], wanted)
            except NoSuchGame:
                match = None
    records = [
        {
            "game": g,
            "last_entry": heads[g][0],
            "fingerprint": record_fingerprint(*heads[g][1:]),
            "reopened": reopened.get(g, []),
        }
        for g in intact
        if g in heads
    ]
    refuted = wanted is not None and (match is None or not match.matched)
    if as_json:
        print_json(
            {
                "games": checked,
                "intact": not problems,
                "problems": [p.to_dict() for p in problems],
                "records": records,
                "fingerprint": None if match is None else match.to_dict(),
            }
        )
    else:
        for g in intact:
            if g not in heads:
                continue
            again = "".join(
                f"; reopened after it was won, at entry {seq}" for seq in reopened.get(g, [])
            )
            typer.echo(
                f"game {g}: the record is intact up to its entry {heads[g][0]}, "
                f"fingerprint {record_fingerprint(*heads[g][1:])}{again}"
            )
        for p in problems:
            where = "database" if p.game is None else f"game {p.game}"
            echo(f"{where}: TAMPERED: {p.message}")
        if not checked:
            typer.echo("There are no games to verify.")
        if wanted is not None and games:
            typer.echo(_fingerprint_verdict(games[0], wanted, match))
    if problems or refuted:
        raise typer.Exit(1)


def _heads(store: object, game_ids: list[int]) -> dict[int, tuple[int, str | None, str]]:
    """Each game's last entry, head hash and uid."""
    from sqlalchemy import select

    from ..store.db import Store
    from ..store.schema import GAME_T

    assert isinstance(store, Store)
    if not game_ids:
        return {}
    with store.reading() as conn:
        rows = conn.execute(
            select(GAME_T.c.id, GAME_T.c.last_seq, GAME_T.c.head_hash, GAME_T.c.uid).where(
                GAME_T.c.id.in_(game_ids)
            )
        )
        return {int(i): (int(n), h, str(u)) for i, n, h, u in rows}


def _fingerprint_verdict(game: int, wanted: str, match: object) -> str:
    """What ``verify GAME --fingerprint X`` says of the fingerprint."""
    from ..store.verify import FingerprintMatch

    if not isinstance(match, FingerprintMatch):
        return f"game {game}: there is no such game to check the fingerprint {wanted} against."
    if match.entry is not None and match.taken_back:
        back = match.taken_back
        which = (
            f"entry {back[0]}"
            if len(back) == 1
            else f"entries {', '.join(map(str, back[:-1]))} and {back[-1]}"
        )
        return (
            f"game {game}: TAKEN BACK: the fingerprint {wanted} is that of its record up to "
            f"entry {match.entry}, but {which} of that record {'was' if len(back) == 1 else 'were'} "
            "taken back by undo since: the record no longer says what it said when the "
            "fingerprint was taken."
        )
    if match.entry is not None:
        if not match.added:
            return (
                f"game {game}: the fingerprint {wanted} is its record's, exactly as it is now "
                f"(up to its entry {match.entry}, the last)."
            )
        n = len(match.added)
        shown = "; ".join(match.added[:5]) + ("; ..." if n > 5 else "")
        return (
            f"game {game}: the fingerprint {wanted} is that of its record up to entry "
            f"{match.entry}: the record up to entry {match.entry} is as it was; {n} "
            f"{'entry was' if n == 1 else 'entries were'} added since ({shown})."
        )
    if match.seal:
        return (
            f"game {game}: the fingerprint {wanted} is the seal of an export of it: its "
            "players, rules, starting score and every hand are those of that export."
        )
    return (
        f"game {game}: NO MATCH: no state of its record (entries 0 to {match.last_entry}) "
        f"has the fingerprint {wanted}, nor does an export of it: the record was changed or "
        "cut since the fingerprint was taken, or the fingerprint is of another game."
    )


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
