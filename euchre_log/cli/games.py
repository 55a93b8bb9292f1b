"""``new``, ``games``, ``import``, ``export`` and ``summary``: games in the database."""

from __future__ import annotations

import datetime as _dt
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .app import app, echo, fail
from .common import game_id_or_latest, opened, print_json

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..store.games import FileRead

SEAT_HELP = "The player in the {} seat."


def parse_players(
    players: str | None, north: str | None, east: str | None, south: str | None, west: str | None
) -> dict[str, str]:
    """Four players by seat from ``--players`` or ``--north``... options."""
    by_seat = {"N": north, "E": east, "S": south, "W": west}
    if players:
        names = [p.strip() for p in players.split(",")]
        if len(names) != 4 or not all(names):
            raise fail(
                "--players takes four names in seat order N,E,S,W, like --players Ann,Bob,Cat,Dan"
            )
        if any(by_seat.values()):
            raise fail(
                "give the players either with --players or with --north/--east/--south/--west, not both"
            )
        by_seat = dict(zip("NESW", names, strict=True))
    from ..formats.text import clean_name, name_key

    clean: dict[str, str] = {}
    for seat, name in by_seat.items():
        try:
            clean[seat] = clean_name(name or "", f"the name of the {SEAT_WORDS[seat]} player")
        except ValueError as exc:
            raise fail(str(exc)) from None
    missing = [s for s, n in clean.items() if not n]
    if missing:
        raise fail(
            "a game needs four players: give --players Ann,Bob,Cat,Dan (N,E,S,W) or "
            "--north/--east/--south/--west (missing " + ", ".join(missing) + ")"
        )
    if len({name_key(n) for n in clean.values()}) != 4:
        raise fail("the four players must have four different names")
    from ..engine.limits import MAX_NAME

    for name in clean.values():
        if len(name) > MAX_NAME:
            raise fail(f"the name {name[:20]!r}... is too long: {MAX_NAME} characters at most")
    return clean


SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def parse_title(title: str | None) -> str | None:
    """``--title``: one line of plain text, 500 characters at most; None when empty."""
    from ..engine.limits import MAX_TITLE
    from ..formats.text import clean_name

    if title is None:
        return None
    try:
        text = clean_name(title, "the title")
    except ValueError as exc:
        raise fail(str(exc)) from None
    if len(text) > MAX_TITLE:
        raise fail(f"the title is too long: {MAX_TITLE} characters at most")
    return text or None


RULES_FILE_BYTES = 64 * 1024
"""The largest ``--rules`` file read: a rules file is a few lines."""


def build_rules(preset: str | None, settings: list[str] | None, rules_file: Path | None) -> Any:
    """The rules from ``--preset``, ``--rules FILE`` and ``--set option=value``."""
    from ..engine.rules import Rules, RulesError

    values: dict[str, Any] = {}
    if rules_file is not None:
        from ..formats.reader import LogError, parse_json_bytes, read_bytes

        try:
            loaded = parse_json_bytes(read_bytes(rules_file, limit=RULES_FILE_BYTES))
        except LogError as exc:
            raise fail(f"{rules_file}: not a JSON rules file: {exc}") from None
        if not isinstance(loaded, dict):
            raise fail(
                f'{rules_file}: a rules file is a JSON object like {{"preset": "family", "target": 11}}'
            )
        values.update(loaded)
    if preset is not None:
        values["preset"] = preset
    for item in settings or []:
        if "=" not in item:
            raise fail(f"--set takes option=value, like --set stick_the_dealer=true (got {item!r})")
        key, value = item.split("=", 1)
        values[key.strip()] = value.strip()
    try:
        return Rules.build(values)
    except RulesError as exc:
        raise fail(str(exc)) from None


def parse_seat_option(value: str, option: str) -> int:
    from ..engine.cards import CardError, parse_seat

    try:
        return parse_seat(value)
    except CardError:
        raise fail(f"{option} takes a seat: N, E, S or W (got {value!r})") from None


def parse_date(value: str | None) -> str:
    """``--date``: a day as YYYY-MM-DD, or today or yesterday, stored as YYYY-MM-DD."""
    today = _dt.date.today()
    text = (value or "today").strip().lower()
    if text == "today":
        return today.isoformat()
    if text == "yesterday":
        return (today - _dt.timedelta(days=1)).isoformat()
    if len(text) == 10 and text[4] == text[7] == "-" and text.replace("-", "").isdigit():
        try:
            return _dt.date.fromisoformat(text).isoformat()
        except ValueError:
            raise fail(f"--date {value}: there is no such day in the calendar") from None
    raise fail(
        f"--date takes a day as YYYY-MM-DD, today or yesterday, like --date 2026-11-27 (got {value!r})"
    )


def parse_score(value: str, target: int) -> tuple[int, int]:
    """``--score NS-EW``: where the record starts, each side below the target."""
    parts = [p.strip() for p in value.replace(":", "-").replace(",", "-").split("-")]
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise fail(f"--score takes the score as NS-EW, like 4-3 (got {value!r})")
    if any(len(p) > 6 for p in parts):
        raise fail(f"--score {value}: a side's score is far above the target of {target}")
    ns, ew = int(parts[0]), int(parts[1])
    if max(ns, ew) >= target:
        raise fail(
            f"--score {ns}-{ew} already reaches the target of {target}: that game was over "
            "before this record starts"
        )
    return ns, ew


@app.command()
def new(
    ctx: typer.Context,
    players: Annotated[
        Optional[str],
        typer.Option(
            "--players",
            metavar="N,E,S,W",
            help="Four names in seat order N,E,S,W: Ann,Bob,Cat,Dan.",
        ),
    ] = None,
    north: Annotated[
        Optional[str], typer.Option("--north", metavar="NAME", help=SEAT_HELP.format("North"))
    ] = None,
    east: Annotated[
        Optional[str], typer.Option("--east", metavar="NAME", help=SEAT_HELP.format("East"))
    ] = None,
    south: Annotated[
        Optional[str], typer.Option("--south", metavar="NAME", help=SEAT_HELP.format("South"))
    ] = None,
    west: Annotated[
        Optional[str], typer.Option("--west", metavar="NAME", help=SEAT_HELP.format("West"))
    ] = None,
    dealer: Annotated[
        str,
        typer.Option(
            "--dealer", "-d", metavar="SEAT", help="Who deals the first hand: N, E, S or W."
        ),
    ] = "N",
    title: Annotated[
        Optional[str], typer.Option("--title", "-t", metavar="TEXT", help="A title for the game.")
    ] = None,
    date: Annotated[
        Optional[str],
        typer.Option(
            "--date",
            metavar="DATE",
            help="The day it was played: YYYY-MM-DD, today or yesterday (default: today).",
        ),
    ] = None,
    preset: Annotated[
        Optional[str],
        typer.Option(
            "--preset",
            metavar="NAME",
            help="A named ruleset: classic, family, north-american, canadian, benny.",
        ),
    ] = None,
    settings: Annotated[
        Optional[list[str]],
        typer.Option(
            "--set",
            metavar="OPTION=VALUE",
            help="A rule option, like --set target=11 (repeatable; euchre-log rules lists them).",
        ),
    ] = None,
    rules_file: Annotated[
        Optional[Path],
        typer.Option("--rules", metavar="FILE", help="A JSON file of rule options."),
    ] = None,
    score: Annotated[
        Optional[str],
        typer.Option(
            "--score",
            metavar="NS-EW",
            help="Start from this score, NS-EW, when the record starts mid-game.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help='Print {"id": N} as JSON.')] = False,
) -> None:
    """Start a new game: four players by seat, the first dealer, and the rules.

    Prints the new game's id; record it with euchre-log record.
    """
    from ..store.games import create_game

    seats = parse_players(players, north, east, south, west)
    first = parse_seat_option(dealer, "--dealer")
    rules = build_rules(preset, settings, rules_file)
    start = parse_score(score, rules.target) if score else (0, 0)
    day = parse_date(date)
    title = parse_title(title)
    with opened(ctx) as store:
        game_id = create_game(
            store,
            seats,
            rules,
            first_dealer=first,
            title=title,
            date=day,
            initial_score=start,
        )
    if as_json:
        print_json({"id": game_id})
    else:
        echo(
            f"Game {game_id}: N {seats['N']} & S {seats['S']} v E {seats['E']} & W {seats['W']}, "
            f"{'NSEW'[first]} deals first. Record it with: euchre-log record {game_id}"
        )


DEFAULT_LIMIT = 30
"""How many games ``games`` lists unless told otherwise: the most recent, as ``gh`` lists do."""


class Status(StrEnum):
    """``games --status``."""

    in_progress = "in-progress"
    won = "won"


@app.command()
def games(
    ctx: typer.Context,
    limit: Annotated[
        Optional[int],
        typer.Option(
            "--limit",
            metavar="N",
            help=f"List the N most recent games (the default is {DEFAULT_LIMIT}).",
            show_default=False,
        ),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="List every game, however many there are.")
    ] = False,
    player: Annotated[
        Optional[str],
        typer.Option(
            "--player",
            "-p",
            metavar="NAME",
            help="Only the games this person played in (matched as stats --player matches).",
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
    status: Annotated[
        Optional[Status],
        typer.Option(
            "--status",
            metavar="in-progress|won",
            help="Only the games still being played, or only those that are won.",
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the list as JSON (schemas/games.schema.json), with how many games "
            "match in all.",
        ),
    ] = False,
) -> None:
    """List the games, the most recent first: id, date, title, players, score and status.

    The 30 most recent by default; --limit N lists N and --all every one. On a terminal a
    line says how many more there are and how to see them. --player, --since and
    --status keep only the games of one person, from a day on, or still being played or
    won.
    """
    from ..store.read import list_games
    from ..store.stats import find_player, parse_since

    if every and limit is not None:
        raise fail("give --limit N or --all, not both")
    if limit is not None and limit < 1:
        raise fail(f"--limit takes a number of games, 1 or more (got {limit})")
    with opened(ctx) as store:
        day = parse_since(since) if since is not None else None
        who = find_player(store, player)[0] if player is not None else None
        rows, total = list_games(
            store,
            limit=None if every else (limit or DEFAULT_LIMIT),
            player=who,
            since=day,
            status=None if status is None else status.value,
        )
    filtered = player is not None or since is not None or status is not None
    if total > len(rows) and sys.stderr.isatty():
        more = "that match " if filtered else ""
        echo(
            f"The {len(rows)} most recent of {total:,} games {more}shown: --limit N lists "
            "more, --all every one.",
            err=True,
        )
    if as_json:
        print_json({"games": rows, "total": total})
        return
    if not rows:
        typer.echo(
            "No games match."
            if filtered
            else "No games yet. Start one with: euchre-log new --players Ann,Bob,Cat,Dan"
        )
        return
    from ..render.games import games_view
    from .console import console

    console().print(games_view(rows))


@app.command("import")
def import_(
    ctx: typer.Context,
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE", help="Game logs to store (euchre-log/1 or EGN).", show_default=False
        ),
    ],
    allow_duplicates: Annotated[
        bool,
        typer.Option(
            "--allow-duplicates",
            help="Store a game even when the database already holds it (the same players, "
            "rules, starting score and hands).",
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print what was imported as JSON.")
    ] = False,
) -> None:
    """Store game logs in the database: all of a file or none of it.

    A file with an error anywhere stores nothing, with the same message check gives.
    A game the database already holds (the same players, rules, starting score, deals
    and plays, whatever its title, date or notes: a file imported before, or a stored
    game's own export) is skipped and named, so running an import again, after it was
    stopped part way or not, never stores a game twice; --allow-duplicates stores it
    anyway. Exit code 2 if any file was rejected.
    """
    from functools import partial

    from ..formats.parallel import ordered_map, workers_for
    from ..store.games import Prepared, prepare_files, store_prepared
    from ..store.journal import now

    imported: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    rejected: list[dict[str, Any]] = []
    batch: list[tuple[str, list[Prepared]]] = []
    batch_hands = 0

    def store_batch() -> None:
        # Files already validated go in together: one transaction (one fsync) for many
        # files instead of one each. Each file is still stored whole or not at all.
        nonlocal batch, batch_hands
        if not batch:
            return
        games = [g for _, prepared in batch for g in prepared]
        outcomes = iter(store_prepared(store, games, allow_duplicates=allow_duplicates))
        for path, prepared in batch:
            for g in prepared:
                game_id, held = next(outcomes)
                if held:
                    skipped.append({"file": path, "id": game_id, "hands": g.hands})
                    if not as_json:
                        typer.echo(
                            f"{path}: skipped, already stored as game {game_id} (the same "
                            "players, rules, starting score and hands); --allow-duplicates "
                            "stores it again"
                        )
                    continue
                ns, ew = g.score
                imported.append(
                    {
                        "file": path,
                        "id": game_id,
                        "hands": g.hands,
                        "score": {"NS": ns, "EW": ew},
                    }
                )
                if not as_json:
                    echo(
                        f"{path}: stored as game {game_id} ({g.hands} "
                        f"hand{'' if g.hands == 1 else 's'}, score NS {ns}, EW {ew})"
                    )
        batch, batch_hands = [], 0

    paths = [str(path) for path in files]
    with opened(ctx) as store:
        # Many files are read on every core, each worker making its files' games ready to
        # store (``formats.parallel``); they are stored here, in the order of the files.
        reading = partial(prepare_files, stamp=now())
        reads = ordered_map(reading, paths, workers=workers_for(paths))
        for read in _until_lost(reads):
            exc = read.error
            if exc is not None:
                rejected.append(
                    {
                        "file": read.path,
                        "error": {"message": str(exc), "hand": exc.hand, "action": exc.action},
                    }
                )
                if not as_json:
                    echo(f"{read.path}: rejected, nothing stored: {exc}", err=True)
                continue
            batch.append((read.path, read.games))
            batch_hands += sum(g.hands for g in read.games)
            if batch_hands >= IMPORT_BATCH_HANDS:
                store_batch()
        store_batch()
    if as_json:
        print_json({"imported": imported, "skipped": skipped, "rejected": rejected})
    if rejected:
        raise typer.Exit(2)


def _until_lost(reads: Iterator[FileRead]) -> Iterator[FileRead]:
    """The files read, or a refusal in words if a worker process died part way: the
    batches stored before stay stored, and ``import`` run again skips them."""
    from ..formats.parallel import WorkerLost

    try:
        yield from reads
    except WorkerLost as exc:
        raise fail(
            f"{exc}; the files already stored stay stored, and import run again skips "
            "them (EUCHRE_LOG_WORKERS=1 reads in one process)"
        ) from None


IMPORT_BATCH_HANDS = 5000
"""How many validated hands ``import`` stores per transaction."""


class ExportFormat(StrEnum):
    """What ``export`` writes."""

    json = "json"
    csv = "csv"
    egn = "egn"
    html = "html"


def export_source(value: str) -> int | Path:
    """What ``export`` was given: a whole number is a stored game's id, anything else a
    game log file (``./3`` names a file called 3). Exit 2 when it is neither."""
    text = value.strip()
    if text.isascii() and text.isdigit():
        if len(text) > 20:  # no id is that long (ids are below 2**63)
            raise fail(f"there is no game {text[:20]}... (euchre-log games lists them)")
        return int(text)
    path = Path(value)
    try:
        there = path.exists()
    except (OSError, ValueError):  # a name too long for any file, a NUL byte in it
        there = False
    if not there:
        raise fail(
            f"{value!r} is neither a game id (a whole number; euchre-log games lists them) "
            "nor a game log file"
        )
    return path


def html_pages(ctx: typer.Context, source: int | Path) -> list[Any]:
    """The games an HTML export draws: a stored game, or every game in a log file."""
    from ..render.html import GamePage

    if isinstance(source, int):
        from ..store.read import load_game

        with opened(ctx) as store:
            stored = load_game(store, source)
        return [
            GamePage(
                stored.game,
                stored.players,
                title=stored.title,
                date=stored.date,
                notes=stored.notes,
                source=f"game {stored.id}",
            )
        ]
    from ..formats.load import load_games
    from ..formats.reader import LogError

    try:
        loaded = load_games(source)
    except LogError as exc:
        raise fail(f"{source}: rejected: {exc}") from None
    return [
        GamePage(
            item.game,
            item.players,
            title=item.title,
            date=item.log.game.date,
            notes=item.log.game.notes,
            source=source.name,
        )
        for item in loaded
    ]


def reviewed_pages(pages: list[Any], fair: list[Any] | None = None) -> list[Any]:
    """The pages with the open-hand review of their hands (the marks beside the cards
    that gave away a trick, and each hand's par line), and the labels of the fair
    reviews ``fair`` gives (one list per page, as kept by review)."""
    from dataclasses import replace

    from ..render.review import page_review
    from .reviewing import review_hands

    reviews = iter(review_hands([h for p in pages for h in p.game.hands], "Reviewing hands"))
    fairs = fair or [[] for _ in pages]
    return [
        replace(
            p,
            review=page_review(p.game, [next(reviews) for _ in p.game.hands], p.players, f),
        )
        for p, f in zip(pages, fairs, strict=True)
    ]


def kept_fair_pages(ctx: typer.Context, game_id: int, pages: list[Any]) -> list[Any]:
    """The fair reviews review has kept of a stored game's hands (none is computed)."""
    from .reviewing import kept_fair

    with opened(ctx) as store:
        return [kept_fair(store, game_id, p.game.hands) for p in pages]


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and a.samefile(b)
    except OSError:
        return False


@app.command()
def export(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Argument(
            help="The game's id (euchre-log games lists them); with --format html, also a "
            "game log file (euchre-log/1 or EGN), drawn without any database. A whole "
            "number is a game id: write ./3 for a file named 3.",
            show_default=False,
            metavar="GAME",
        ),
    ],
    output: Annotated[
        Optional[Path],
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write to this file instead of printing."
        ),
    ] = None,
    fmt: Annotated[
        ExportFormat,
        typer.Option(
            "--format",
            "-f",
            help="json: the euchre-log/1 log. csv: one row per hand for a spreadsheet "
            "(dealer, upcard, trump, maker, round, alone, tricks, outcome, points, score, flags). "
            "egn: Euchre Game Notation 1.4, for the EGN replayer and workbench. "
            "html: one self-contained page to share, every hand drawn trick by trick.",
            metavar="json|csv|egn|html",
        ),
    ] = ExportFormat.json,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="With -o, say what was written as JSON (schemas/export.schema.json): the "
            "game or file, the format, the file written, its size and its SHA-256.",
        ),
    ] = False,
    no_review: Annotated[
        bool,
        typer.Option(
            "--no-review",
            help="With --format html: leave out the open-hand review (the ? and ?? beside "
            "cards that gave away a trick with every card face up, and each hand's par).",
        ),
    ] = False,
) -> None:
    """Write a game as a euchre-log/1 log, with each hand's result filled in.

    With --format csv, write one row per hand instead, for a spreadsheet; with --format
    egn, write Euchre Game Notation 1.4 (renege calls, penalties and notes go out as
    annotations, and import reads them back). With --format html, write one page that
    works offline from a chat attachment: the players, the rules in words, the score
    chart, the hand table, and every hand as the table with a Previous/Next step control
    (it prints every trick), with the open-hand review's marks and par line (hindsight;
    --no-review leaves them out). GAME may then also be a game log file.
    """
    source = export_source(game)
    if as_json and output is None:
        raise fail(
            "--json says what export wrote to a file: give -o FILE (without -o the export "
            "itself goes to standard output)"
        )
    if isinstance(source, Path):
        if fmt != ExportFormat.html:
            raise fail(
                f"{source}: a game log file is exported with --format html only; to write it "
                f"as {fmt.value}, import it first (euchre-log import)"
            )
        if output is not None and _same_file(output, source):
            raise fail(f"{output} is the game log itself: write the page to another file")
    text, mark = export_text(ctx, source, fmt, review=not no_review)
    if output is None:
        typer.echo(text, nl=False)
        return
    from .files import write_whole

    try:
        write_whole(output, text)
    except OSError as exc:
        why = exc.strerror or str(exc)
        kept = " (the file there is unchanged)" if _is_file(output) else ""
        raise fail(f"cannot write {output}: {why}; nothing was written{kept}") from None
    what = f"game {source}" if isinstance(source, int) else str(source)
    if as_json:
        import hashlib

        data = text.encode("utf-8")
        print_json(
            {
                "game": source if isinstance(source, int) else None,
                "file": None if isinstance(source, int) else str(source),
                "format": fmt.value,
                "output": str(output),
                "bytes": len(data),
                "sha256": hashlib.sha256(data).hexdigest(),
                "fingerprint": mark,
            }
        )
        return
    sealed = f" (fingerprint {mark})" if mark is not None else ""
    echo(f"wrote {what} to {output}{sealed}")


def export_text(
    ctx: typer.Context, source: int | Path, fmt: ExportFormat, *, review: bool = True
) -> tuple[str, str | None]:
    """What ``export`` writes, whole, before any of it is written (the HTML page with the
    open-hand review unless ``review`` is false), and for a stored game written as JSON or
    EGN the fingerprint of its seal (``game.fingerprint`` of the JSON)."""
    from ..formats.reader import LogError

    if fmt == ExportFormat.html:
        from ..render.html import game_html

        pages = html_pages(ctx, source)
        if not review:
            return game_html(pages), None
        fair = kept_fair_pages(ctx, source, pages) if isinstance(source, int) else None
        return game_html(reviewed_pages(pages, fair)), None
    assert isinstance(source, int)
    if fmt == ExportFormat.csv:
        from ..render.spreadsheet import hands_csv
        from ..store.read import load_game

        with opened(ctx) as store:
            stored = load_game(store, source)
        return hands_csv(stored.id, stored.game, stored.players), None
    from ..formats.text import json_text
    from ..store.export import export_log

    with opened(ctx) as store:
        log = export_log(store, source)
    mark = log["game"].get("fingerprint")
    if fmt != ExportFormat.egn:
        return json_text(log, indent=2) + "\n", mark
    from ..formats.egn import logs_to_egn

    try:
        egn = logs_to_egn(log)
    except LogError as exc:
        raise fail(f"game {source} cannot be written as EGN: {exc}") from None
    return json_text(egn, indent=2) + "\n", mark


@app.command()
def summary(
    ctx: typer.Context,
    game: Annotated[
        Optional[int],
        typer.Argument(
            metavar="GAME", help="The game's id; the last game played or changed if left out."
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the summary as JSON (a check report game, plus id, title, players, rules).",
        ),
    ] = False,
) -> None:
    """Show a game hand by hand, who won, and the score's progress as a chart.

    The table gives each hand's dealer, upcard, trump, maker, tricks, result, points and
    the running score, then every flag as a sentence. Below it: who won, the moment each
    team went "in the barn" (one point from the target, 9 in a game to 10), a skunk (a win
    while the other side has 0), and a chart of the score, one step per hand and one line
    per team, with the target marked.
    """
    from ..store.export import summary_dict
    from ..store.read import load_game

    with opened(ctx) as store:
        game_id = game_id_or_latest(store, game)
        stored = load_game(store, game_id)
    if as_json:
        print_json(summary_dict(stored))
        return
    from ..render.summary import summary_view
    from .console import console

    title = (
        f"Game {stored.id}"
        + (f": {stored.title}" if stored.title else "")
        + (f" ({stored.date})" if stored.date else "")
    )
    console().print(summary_view(stored.game, stored.players, title))
    from rich.text import Text

    mark = stored.fingerprint
    console().print(
        Text(
            f"Fingerprint {mark} (the record up to its entry {stored.last_seq}): "
            f"euchre-log verify {stored.id} --fingerprint {mark} checks it later."
        )
    )
    for line in reopened_lines(stored):
        console().print(Text(line))


def reopened_lines(stored: Any) -> list[str]:
    """What a view says of each time a won game was reopened (``record --reopen``)."""
    return [
        f"Reopened after it was won, at entry {seq} ({at[:10]} {at[11:16]} UTC): entries "
        f"may have been taken back since; euchre-log verify {stored.id} --fingerprint "
        "says whether a fingerprint taken before still holds."
        for seq, at in stored.reopened
    ]
