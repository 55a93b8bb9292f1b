"""``stats``: player and partnership stats over the stored games."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated, Optional

import typer

from .app import app, echo, fail
from .common import game_ids_in_range, opened, print_json


class Format(StrEnum):
    """How ``stats`` prints."""

    table = "table"
    json = "json"
    csv = "csv"


def parse_game_ids(values: list[str] | None) -> tuple[int, ...]:
    """``--game 3 --game 5,7`` as (3, 5, 7); exit 2 on anything that is not an id."""
    ids: list[int] = []
    for value in values or []:
        for part in value.split(","):
            part = part.strip()
            if not part:
                continue
            if not (part.isascii() and part.isdigit()):
                raise fail(f"--game takes game ids, like --game 3 or --game 3,5 (got {value!r})")
            if len(part) > 19:
                raise fail(f"there is no game {part[:19]}...: game ids are whole numbers from 1")
            if int(part) not in ids:
                ids.append(int(part))
    return tuple(game_ids_in_range(ids) or ())


@app.command()
def stats(
    ctx: typer.Context,
    player: Annotated[
        Optional[str],
        typer.Option(
            "--player",
            "-p",
            metavar="NAME",
            help="One person in detail: only their games, their calls by bidding round, "
            "trump suit and seat relative to the dealer, and each of their partnerships.",
        ),
    ] = None,
    since: Annotated[
        Optional[str],
        typer.Option(
            "--since",
            metavar="DATE",
            help="Only games dated on or after this day, as YYYY-MM-DD (games without a "
            "date are left out).",
        ),
    ] = None,
    game: Annotated[
        Optional[list[str]],
        typer.Option(
            "--game",
            "-g",
            metavar="ID",
            help="Only these games: repeat it (--game 3 --game 5) or list them (--game 3,5).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the stats as JSON (schemas/stats.schema.json).")
    ] = False,
    fmt: Annotated[
        Format,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="table, json (the same as --json), or csv: one row per player, for spreadsheets.",
        ),
    ] = Format.table,
    no_review: Annotated[
        bool,
        typer.Option(
            "--no-review",
            help="Leave out the open-hand review's counts (null in --json).",
        ),
    ] = False,
) -> None:
    """Player and partnership stats, counted in the database over the stored games.

    What each count means, for each player:

    games: games the player sat in. wins: those games their side won.

    hands: hands dealt in the player's games, passed-out hands included.

    calls: hands in which the player fixed trump (ordered up, assisted, took it up, or
    named a suit).

    made: calls where the makers took 3 or more tricks. marches: calls where they took
    all 5. euchred: calls where they took fewer than 3. (A hand ended by an upheld renege
    call, or not yet finished, is a call but neither made nor euchred.)

    make %: made as a share of made and euchred together, the calls that were played out.

    alone_calls: the same as calls, for lone calls. alone_marches: lone calls that took
    all 5 tricks.

    defended_alone: the times the player defended alone.

    euchres_as_defender: hands where the player's side defended and euchred the makers.

    reneges: renege flags against the player.

    points: all points their side scored in the hands of their games, penalties included
    (a starting score given with new --score is not).

    partnerships: every pair of players who sat as partners, whatever their seats, with
    their games, wins, hands, calls, and points_for and points_against (their side's and
    the other side's points in those hands).

    With --player, the calls are also split by bidding round (one: the upcard ordered up;
    two: a suit named), by trump suit, and by the caller's seat relative to the dealer
    (left of the dealer bids first, then the dealer's partner, right of the dealer, and
    the dealer).

    review: the open-hand review's counts, for each player and each partnership, over
    the hands of their games that it could analyse (trump made, the play finished,
    every card known, no renege), judged with every card face up, which is hindsight
    no player has at the table (euchre-log review shows it hand by hand). hands: those
    analysed hands. plays: the cards they played in them. choices: the plays where
    they had two or more legal cards. tricks_given: the tricks their cards gave away.
    accuracy: the share of their choices that gave nothing away. makeable_not_made:
    hands they played for the makers (the maker, or the maker's partner unless the
    maker went alone; for a partnership, the hands the pair made trump) that best play
    from the first card made, but that were euchred. avoidable_euchres: hands they
    played for the makers that were euchred though par, from the hands as dealt,
    gives the makers 3 tricks or more in the trump they named (nobody alone, the
    dealer's best discard). fair_choices and fair_accuracy: the fair review's, judged
    by what each player could see, over the hands whose fair review review has worked
    out and kept (at its default --samples 200): the choices, and the share of them
    that found a best card (a loss of at most 0.05 points on average).

    The review's counts are those of the hands reviewed so far: stats never reviews a
    hand itself (review --all reviews the rest on every core, and review GAME a game's),
    and says on a terminal how many are not reviewed yet; --no-review leaves the counts
    out.
    """
    from ..store.stats import StatsFilter, compute, parse_since

    if as_json:
        if fmt not in (Format.table, Format.json):
            raise fail(f"--json and --format {fmt.value} disagree: give one of them")
        fmt = Format.json
    ids = parse_game_ids(game)
    with opened(ctx) as store:
        day = parse_since(since) if since is not None else None
        flt = StatsFilter(player=player, since=day, games=ids)
        doc = compute(store, flt, review=not no_review)
    coverage = doc["review"]
    if coverage is not None and coverage["missing"] and sys.stderr.isatty():
        echo(
            f"The review's counts cover {coverage['reviewed']:,} of {coverage['hands']:,} "
            "hands: euchre-log review --all reviews the rest.",
            err=True,
        )
    if fmt == Format.json:
        print_json(doc)
        return
    if fmt == Format.csv:
        from ..render.spreadsheet import stats_csv

        typer.echo(stats_csv(doc), nl=False)
        return
    from ..render.stats import stats_view
    from .console import console

    console().print(stats_view(doc, person=player is not None))
