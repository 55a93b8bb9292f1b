"""``review``: the fair review and the open-hand review of game logs or stored games
(REVIEW.md)."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .app import app, echo, fail
from .common import print_json

if TYPE_CHECKING:
    from ..engine.game import GameState


@dataclass
class Reviewed:
    """One game to review: where it comes from, its facts, and the hands chosen."""

    source: str | int  # the file, or the stored game's id
    title: str  # the heading of the person's view
    name: str | None  # the game's own title
    players: dict[str, str]
    game: GameState
    indexes: list[int]  # the hands to review (0-based)


def is_game_id(value: str) -> bool:
    """A whole number names a stored game; anything else a file (``./3`` for a file 3)."""
    text = value.strip()
    return text.isascii() and text.isdigit()


def _from_file(path: Path, rejected: list[dict[str, Any]]) -> list[Reviewed]:
    from ..formats.load import load_games
    from ..formats.reader import LogError

    try:
        loaded = load_games(path)
    except LogError as exc:
        _reject(
            rejected,
            {"file": str(path)},
            f"{path}: rejected: {exc}",
            {"message": exc.message, "hand": exc.hand, "action": exc.action},
        )
        return []
    out = []
    for item in loaded:
        info = item.log.game
        players = ", ".join(f"{s} {n}" for s, n in info.players.items())
        title = f"{item.file}" + (f": {info.title}" if info.title else "") + f"\n{players}"
        out.append(
            Reviewed(
                item.file,
                title,
                info.title,
                item.players,
                item.game,
                list(range(len(item.game.hands))),
            )
        )
    return out


def _reject(
    rejected: list[dict[str, Any]],
    where: dict[str, Any],
    said: str,
    error: dict[str, Any] | None = None,
) -> None:
    """Say why an input is rejected (one line on stderr, ``said``) and keep it for the
    JSON: ``error`` as the check report gives it (the message, the hand and the action
    where a file went wrong), or ``said`` alone."""
    typer.echo(f"euchre-log: {said}", err=True)
    rejected.append({**where, "error": error or {"message": said, "hand": None, "action": None}})


def _reviews(store: Any, games: list[Reviewed]) -> list[list[Any]]:
    """Each game's reviews of its chosen hands: a stored game's from the database's cache
    (computed and kept when missing), the files' computed together, on every core."""
    from .reviewing import review_hands, stored_reviews

    out: dict[int, list[Any]] = {}
    for k, g in enumerate(games):
        if isinstance(g.source, int):
            out[k] = stored_reviews(store, g.source, [g.game.hands[i] for i in g.indexes])
    files = [k for k in range(len(games)) if k not in out]
    hands = [games[k].game.hands[i] for k in files for i in games[k].indexes]
    computed = iter(review_hands(hands, "Reviewing hands"))
    for k in files:
        out[k] = [next(computed) for _ in games[k].indexes]
    return [out[k] for k in range(len(games))]


def _fair_reviews(store: Any, games: list[Reviewed], samples: int) -> list[list[Any]]:
    """Each game's fair reviews of its chosen hands over ``samples`` worlds, as
    ``_reviews`` gives the open-hand ones."""
    from .reviewing import fair_hands, stored_fair

    out: dict[int, list[Any]] = {}
    for k, g in enumerate(games):
        if isinstance(g.source, int):
            out[k] = stored_fair(store, g.source, [g.game.hands[i] for i in g.indexes], samples)
    files = [k for k in range(len(games)) if k not in out]
    hands = [games[k].game.hands[i] for k in files for i in games[k].indexes]
    computed = iter(fair_hands(hands, samples, "Fair review"))
    for k in files:
        out[k] = [next(computed) for _ in games[k].indexes]
    return [out[k] for k in range(len(games))]


def _review_all(ctx: typer.Context, samples: int | None) -> None:
    """``review --all``: every stored hand without a review of this version, reviewed on
    every core and kept; then, unless ``samples`` is None (``--no-fair``), every hand
    without a fair review over that many worlds."""
    from ..store.review_cache import fair_missing, fill, fill_fair
    from ..store.reviewer import FAIR_PARALLEL_FROM
    from ..store.stats import missing_reviews
    from .common import opened
    from .reviewing import progress_bar

    with opened(ctx) as store:
        todo = missing_reviews(store)
        fair_todo = [] if samples is None else fair_missing(store, samples)
        if not todo and not fair_todo:
            typer.echo("Every stored hand is reviewed already.")
            return
        done = fair_done = 0
        if todo:
            with progress_bar(len(todo), "Reviewing stored hands") as advance:
                done = fill(store, todo, progress=advance)
        if fair_todo and samples is not None:
            with progress_bar(len(fair_todo), "Fair review", FAIR_PARALLEL_FROM) as advance:
                fair_done = fill_fair(store, fair_todo, samples, progress=advance)
    said = []
    if todo:
        games = len({g for g, _, _ in todo})
        hands = f"{done:,} hand{'' if done == 1 else 's'}"
        said.append(
            f"Reviewed {hands} of {games:,} game{'' if games == 1 else 's'}; stats counts them now."
        )
    if fair_todo:
        games = len({g for g, _, _ in fair_todo})
        hands = f"{fair_done:,} hand{'' if fair_done == 1 else 's'}"
        said.append(
            f"Worked out the fair review of {hands} of {games:,} game{'' if games == 1 else 's'}."
        )
    echo(" ".join(said))


MAX_SAMPLES = 100_000
"""The most worlds ``--samples`` may ask for (a choice would then take minutes)."""


def _samples(samples: int) -> int:
    """``--samples``, or exit 2 with a sentence saying what is expected."""
    if not 2 <= samples <= MAX_SAMPLES:
        raise fail(
            f"--samples {samples}: give the worlds to sample per choice, a whole number from "
            f"2 to {MAX_SAMPLES:,} (a sample needs two worlds to measure its error; the "
            "default is 200)"
        )
    return samples


@app.command()
def review(
    ctx: typer.Context,
    inputs: Annotated[
        Optional[list[str]],
        typer.Argument(
            metavar="FILE_OR_GAME",
            help="Game logs (euchre-log/1 JSON, EGN games .egn and matches .emn) or stored "
            "games by id (euchre-log games lists them). A whole number is a game id: "
            "write ./3 for a file named 3.",
            show_default=False,
        ),
    ] = None,
    hand: Annotated[
        Optional[int],
        typer.Option(
            "--hand",
            "-n",
            metavar="N",
            help="Only this hand of each game (numbered from 1); every hand if left out.",
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the euchre-log-review/1 document (schemas/review.schema.json): per "
            "hand the par, the makers' tricks with best play, every card graded, and each "
            "player's accuracy.",
        ),
    ] = False,
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Review every stored hand not reviewed yet, on every core, with a progress "
            "bar on a terminal, and keep the reviews (stats then counts them).",
        ),
    ] = False,
    samples: Annotated[
        int,
        typer.Option(
            "--samples",
            metavar="N",
            help="The fair review's sample: a choice whose player could not see more than "
            "2,000 (or N) ways the other hands could lie is judged over every one of "
            "them, exactly; otherwise over N of them, drawn at random (seeded by the "
            "hand's record, so a run repeats), with a standard error.",
        ),
    ] = 200,
    no_fair: Annotated[
        bool,
        typer.Option(
            "--no-fair",
            help="Leave out the fair review (about a second a hand): only the open-hand "
            "review, in milliseconds.",
        ),
    ] = False,
) -> None:
    """Review the play by what each player could see, then with every card face up.

    First the fair review: each card judged by what its player could know when playing
    it (its own cards, the cards played, the upcard, who showed out of a suit), over
    every way the other hands could lie, each played out with best play: the expected
    points of every card it could have played, and a label for a card that cost points
    on average (an inaccuracy from 0.2 points, a mistake from 0.5, a blunder from 1).
    When every dealt card is known, each bid too: the expected points of every call the
    player could have made (a pass is not valued). Bids, signals and habits are not read
    as information. --no-fair leaves it out; --samples sets its sample.

    Then the open-hand review, every card face up, for each hand in which trump was
    made, the play finished and every card is known: the par by trump suit ("hearts: NS 4 tricks, 1 point; spades: EW march"), the makers'
    tricks with best play from the first card against what was played, whether the
    makers could have made it and the defenders could have euchred it, each card that
    gave away a trick (marked ?, or ?? when it changed the hand's points) with the cards
    that would have kept it, and what par says the best call was beside the call made.
    Then each player's accuracy: the share of their plays with a choice of cards that
    gave nothing away.

    This is hindsight: at the table nobody sees the other hands, so it judges the play
    and the bidding by what no player could know.

    A stored game's reviews are kept in the database: reviewed once, read back after
    (a hand whose record changes, or another --samples, is reviewed again); on a
    terminal it says when it has to compute them. --all reviews every stored hand not
    reviewed yet, for stats, replay and explain.

    Exit code 0 when every file or game was read, 2 when any was rejected (each one is
    named on standard error, with the hand and action where a file went wrong).
    """
    fair_samples = None if no_fair else _samples(samples)
    if every:
        if inputs or hand is not None or as_json:
            raise fail(
                "--all reviews every stored hand not reviewed yet, and says how many: give "
                "it alone, or with --samples or --no-fair (review GAME shows a game's review)"
            )
        _review_all(ctx, fair_samples)
        return
    if not inputs:
        raise fail(
            "name the game logs or stored games to review (euchre-log review 3), or give "
            "--all to review every stored hand not reviewed yet"
        )
    games: list[Reviewed] = []
    rejected: list[dict[str, Any]] = []
    with ExitStack() as stack:
        store: Any = None  # opened at the first game id: files need no database
        for value in inputs:
            if not is_game_id(value):
                games.extend(_from_file(Path(value), rejected))
                continue
            from ..store.games import NoSuchGame, load_game
            from .common import opened
            from .replay import game_title

            if len(value.strip()) > 20:  # no id is that long (ids are below 2**63)
                _reject(
                    rejected,
                    {},
                    f"there is no game {value.strip()[:20]}... (euchre-log games lists them)",
                )
                continue
            if store is None:
                store = stack.enter_context(opened(ctx))
            try:
                s = load_game(store, int(value))
            except NoSuchGame as exc:
                _reject(rejected, {"game": int(value)}, str(exc))
                continue
            every_hand = list(range(len(s.game.hands)))
            games.append(Reviewed(s.id, game_title(s), s.title, s.players, s.game, every_hand))
        if hand is not None:
            kept = []
            for g in games:
                n = len(g.game.hands)
                if 1 <= hand <= n:
                    g.indexes = [hand - 1]
                    kept.append(g)
                    continue
                which = "no hands" if n == 0 else ("hand 1" if n == 1 else f"hands 1 to {n}")
                if isinstance(g.source, int):
                    where: dict[str, Any] = {"game": g.source}
                    message = f"game {g.source} has no hand {hand}: it has {which}"
                else:
                    where = {"file": g.source}
                    message = (
                        f"{g.source}: {g.name or 'the game'} has no hand {hand}: it has {which}"
                    )
                _reject(
                    rejected, where, message, {"message": message, "hand": hand, "action": None}
                )
            games = kept

        per_game = _reviews(store, games)
        fair_per_game: list[list[Any]] | list[None] = (
            [None] * len(games)
            if fair_samples is None
            else _fair_reviews(store, games, fair_samples)
        )
    if as_json:
        from ..formats.review import game_dict, review_document

        print_json(
            review_document(
                [
                    game_dict(g.source, g.name, g.players, rs, fs)
                    for g, rs, fs in zip(games, per_game, fair_per_game, strict=True)
                ],
                rejected,
            )
        )
    elif games:
        from ..render.review import game_review_view, preamble
        from .console import console

        con = console()
        con.print(preamble(fair=fair_samples is not None))
        for g, rs, fs in zip(games, per_game, fair_per_game, strict=True):
            con.print()
            con.print(game_review_view(g.title, g.game, rs, g.players, fs))
    if rejected:
        raise typer.Exit(2)
