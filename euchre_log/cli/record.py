"""``record``: the table-side recorder, interactive on a terminal, line by line from a pipe."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from typing import IO, TYPE_CHECKING, Annotated, Any, Optional

import typer

from .app import Command, app, echo, fail
from .common import opened

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from ..recorder.recording import Recorder
    from ..recorder.reviews import HandsAsTheyEnd, Reviewed
    from ..render.live import Marks
    from ..store.db import Store


class RecordCommand(Command):
    """``record``, whose help ends with the tokens it takes, laid out by Rich at the width
    of the help (``render.grammar``): click's own wrapping would run the table together."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        from ..render.grammar import grammar_text

        formatter.write_paragraph()
        with formatter.indentation():
            indent = " " * formatter.current_indent
            for line in grammar_text(formatter.width - formatter.current_indent).splitlines():
                formatter.write(f"{indent}{line}".rstrip() + "\n")


@app.command(cls=RecordCommand)
def record(
    ctx: typer.Context,
    game: Annotated[
        Optional[int],
        typer.Argument(
            metavar="GAME", help="The game to record; the latest unfinished game if left out."
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Refuse entries that would be flagged (for tables that correct irregularities on the spot).",
        ),
    ] = False,
    fill: Annotated[
        bool,
        typer.Option(
            "--fill/--no-fill",
            help="Play a seat's last card by itself when the record proves which it is (the "
            "last trick, once every remaining card is known). On by default.",
        ),
    ] = True,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Read lines from standard input and answer each one, once it is stored, with "
            "a line of JSON (line 0 comes first: the state of the game as loaded).",
        ),
    ] = False,
    reopen: Annotated[
        bool,
        typer.Option(
            "--reopen",
            help="Open a won game again so that undo may take back its entries; its record "
            "keeps that it was reopened (summary, replay and verify show it).",
        ),
    ] = False,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help="Review each hand as it ends, while the next is entered, and keep it for "
            "review, replay and export (a few seconds of one core; quitting never waits).",
        ),
    ] = False,
) -> None:
    """Record a game as it is played: hand by hand, card by card.

    On a terminal it shows the table before each prompt and asks for the next entry.
    With piped input it reads the same tokens line by line, prints plain text, and stops
    with exit code 2 at the first refused line. Every accepted entry is stored before the
    next prompt, so quitting or a crash loses nothing. Type help for the tokens.
    """
    from ..store.games import latest_open_game

    interactive = sys.stdin.isatty()
    with opened(ctx) as store:
        game_id = game if game is not None else latest_open_game(store)
        if game_id is None:
            if not interactive:
                raise fail(
                    "there is no game being recorded here to go on with (an imported game is "
                    "resumed only when named: euchre-log record GAME); start one first, e.g. "
                    "euchre-log new --players Ann,Bob,Cat,Dan --dealer N"
                )
            game_id = _ask_new_game(store)
        from ..recorder.recording import Recorder

        recorder = Recorder(store, game_id, strict=strict, fill=fill, reopen=reopen)
        from contextlib import AbstractContextManager, nullcontext

        reviewing: AbstractContextManager[HandsAsTheyEnd | None] = nullcontext()
        if review:  # imported only when asked: the solver is not part of the recorder's start
            from ..recorder.reviews import HandsAsTheyEnd

            reviewing = HandsAsTheyEnd(store, game_id)
        # The reviews' thread ends with the recorder, however it ends.
        with reviewing as reviews:
            if as_json:
                _json_lines(recorder, reviews)
            elif interactive:
                _interactive(recorder, reviews)
            else:
                _piped(recorder, reviews)


def _finished(recorder: Recorder, reviews: HandsAsTheyEnd | None) -> dict[int, str]:
    """The finished hands before a line, when hands are reviewed as they end."""
    from ..recorder.reviews import finished_numbers

    return {} if reviews is None else finished_numbers(recorder.session.game.hands)


def _reviewed(recorder: Recorder, reviews: HandsAsTheyEnd | None, wait: bool = False) -> list[Text]:
    """What to say of the hands whose reviews are done (all of them, with ``wait``)."""
    if reviews is None:
        return []
    return reviewed_texts(recorder, reviews.collect(recorder.session.game.hands, wait=wait))


def reviewed_texts(recorder: Recorder, done: Sequence[Reviewed]) -> list[Text]:
    """What ``--review`` says of each hand reviewed (``record``'s and ``serve``'s)."""
    from ..formats.text import visible
    from ..render.review import reviewed_text

    players = {seat: visible(name) for seat, name in recorder.stored.players.items()}
    return [reviewed_text(recorder.game_id, r.review, r.fair, players) for r in done]


def _marks(recorder: Recorder) -> Marks:
    from ..render.live import Marks

    return Marks.of(recorder.session)


class BadLine(Exception):
    """A line of piped input that is not a line of text: not UTF-8, or far too long."""

    def __init__(self, number: int, message: str) -> None:
        super().__init__(message)
        self.number = number


def numbered_lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    """Each line of piped input with its number from 1, read as UTF-8 from the bytes, no
    line read further than the grammar's longest line can take in UTF-8 (a pipe from
    /dev/zero is one endless line); ``BadLine`` for the first line that is not UTF-8 text
    or is too long."""
    from ..recorder.grammar import MAX_LINE

    limit = 4 * MAX_LINE + 2  # MAX_LINE characters of UTF-8, and the line's end
    raw = getattr(stream, "buffer", None)
    n = 0
    while True:
        data = raw.readline(limit + 1) if raw is not None else None
        if data is None:  # a text stream without its bytes
            data = stream.readline(limit + 1).encode("utf-8", "surrogateescape")
        if not data:
            return
        n += 1
        if len(data) > limit and not data.endswith(b"\n"):
            raise BadLine(n, f"the line is longer than {MAX_LINE} characters")
        try:
            text = data.decode("utf-8-sig" if n == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            raise BadLine(
                n,
                f"the line is not UTF-8 text (byte 0x{data[exc.start]:02x} at position "
                f"{exc.start + 1}); save the input as UTF-8",
            ) from None
        yield n, text


def entry_lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    """The lines of piped input that say something, stripped, with their numbers from 1:
    blank lines and ``#`` comments left out. ``BadLine`` as ``numbered_lines``."""
    for n, text in numbered_lines(stream):
        line = text.strip()
        if line and not line.startswith("#"):
            yield n, line


class TypedAhead:
    """A ``deal`` or ``dealer`` typed ahead of the next hand waits, in memory, for the
    hand's upcard: it is stored with the hand's start. This remembers the line that typed
    it, so that input ending before the upcard says plainly what was not stored."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        self.line: int | None = None

    def after(self, n: int) -> None:
        """Note what waits after input line ``n`` was taken."""
        session = self.recorder.session
        if not (session.pending_deal or session.pending_dealer is not None):
            self.line = None
        elif self.line is None:
            self.line = n

    def lost(self, ended: str = "the input ended") -> str | None:
        """What is left waiting, as a sentence saying it was not stored; None if nothing."""
        from ..render.live import waiting

        what = waiting(self.recorder.session)
        if what is None:
            return None
        return (
            f"not stored: {what}: a hand's deal and dealer are stored with its upcard, and "
            f"{ended} before the upcard; type them again before it"
        )


def _piped(recorder: Recorder, reviews: HandsAsTheyEnd | None = None) -> None:
    from rich.text import Text

    from ..recorder.grammar import EntryError
    from ..render import live
    from ..render.grammar import grammar_help
    from ..store.journal import GameMovedOn
    from .console import Unpadded, make_console

    out = make_console(file=Unpadded(), no_color=True, color_system=None, width=200, soft_wrap=True)
    players = recorder.stored.players
    ahead = TypedAhead(recorder)
    lines = entry_lines(sys.stdin)
    while True:
        try:
            n, line = next(lines)
        except StopIteration:
            break
        except BadLine as bad:
            echo(f"line {bad.number} refused: {bad} (nothing on this line was stored)", err=True)
            raise typer.Exit(2) from None
        before = _marks(recorder)
        ended = _finished(recorder, reviews)
        try:
            result = recorder.feed(line)
        except GameMovedOn as exc:
            echo(f"line {n}: {exc}; nothing on this line was stored", err=True)
            raise typer.Exit(2) from None
        except EntryError as exc:
            echo(
                f"line {n} refused: {live_symbols(str(exc))} (nothing on this line was stored)",
                err=True,
            )
            raise typer.Exit(2) from None
        ahead.after(n)
        fed = result.fed
        for text in live.report(
            before, recorder.session, result.added, result.undone, fed, players
        ):
            out.print(text)
        if "help" in fed.meta:
            out.print(grammar_help())
        if "show" in fed.meta:
            out.print(live.status(recorder.session, players))
        if reviews is not None:
            reviews.ended(ended, recorder.session.game.hands)
            for text in _reviewed(recorder, reviews):
                out.print(text)
        if "quit" in fed.meta:
            break
    # A script's input has ended: its hands' reviews are waited for, so they are kept.
    for text in _reviewed(recorder, reviews, wait=True):
        out.print(text)
    out.print(Text(_where_we_are(recorder)))
    lost = ahead.lost()
    if lost is not None:
        echo(f"line {ahead.line}: {lost}", err=True)
        raise typer.Exit(2)


def _json_lines(recorder: Recorder, reviews: HandsAsTheyEnd | None = None) -> None:
    """One JSON answer per input line, written only after the line is stored.

    Line 0, written before any input is read, is the state the recorder loaded: a script
    knows from it where the game stands before sending anything. A ``deal`` or ``dealer``
    still waiting for its upcard when the input ends was not stored: a last answer, not
    ok, says so, with the number of the line that typed it.
    """
    from ..engine.cards import SEAT_LETTERS
    from ..formats.results import flag_dict
    from ..formats.text import json_text
    from ..recorder.grammar import EntryError
    from ..store.journal import GameMovedOn

    def say(obj: dict[str, object]) -> None:
        sys.stdout.write(json_text(obj) + "\n")
        sys.stdout.flush()

    def state(n: int, added: int = 0, undone: int = 0, flags: list[object] | None = None) -> None:
        session = recorder.session
        game = session.game
        hand = session.hand
        to_act = hand.to_act() if hand is not None else None
        ns, ew = game.score
        say(
            {
                "line": n,
                "ok": True,
                "game": recorder.game_id,
                "added": added,
                "undone": undone,
                "flags": flags or [],
                "hand": len(game.hands),
                "to_act": None if to_act is None else SEAT_LETTERS[to_act],
                "expected": hand.expected() if hand is not None else None,
                "score": {"NS": ns, "EW": ew},
                "winner": None if game.winner is None else ("NS", "EW")[game.winner],
                "last_seq": recorder.stored.last_seq,
            }
        )

    def refuse(n: int, error: str) -> typer.Exit:
        say({"line": n, "ok": False, "error": error, "game": recorder.game_id})
        return typer.Exit(2)

    state(0)
    ahead = TypedAhead(recorder)
    lines = entry_lines(sys.stdin)
    while True:
        try:
            n, line = next(lines)
        except StopIteration:
            break
        except BadLine as bad:
            raise refuse(bad.number, str(bad)) from None
        ended = _finished(recorder, reviews)
        try:
            result = recorder.feed(line)
        except (EntryError, GameMovedOn) as exc:
            raise refuse(n, str(exc)) from None
        ahead.after(n)
        state(n, len(result.added), len(result.undone), [flag_dict(f) for f in result.fed.flags])
        if reviews is not None:
            reviews.ended(ended, recorder.session.game.hands)
        if "quit" in result.fed.meta:
            break
    # Standard output holds the answers only: the reviews are kept, not printed.
    _reviewed(recorder, reviews, wait=True)
    lost = ahead.lost()
    if lost is not None and ahead.line is not None:
        raise refuse(ahead.line, lost)


def live_symbols(message: str) -> str:
    from ..render.cards import symbols

    return symbols(message)


def _where_we_are(recorder: Recorder) -> str:
    session = recorder.session
    game = session.game
    ns, ew = game.score
    if game.winner is not None:
        mark = recorder.stored.fingerprint
        return (
            f"Game {recorder.game_id} is over: score NS {ns}, EW {ew}. Its fingerprint is "
            f"{mark}: photograph it or share it, and euchre-log verify {recorder.game_id} "
            f"--fingerprint {mark} proves later that its record was not changed."
        )
    hand = session.hand
    now = (
        hand.expected()
        if hand is not None
        else f"{'NESW'[session.next_dealer()]} deals next"  # what is stored
    )
    return f"Game {recorder.game_id} saved: score NS {ns}, EW {ew}; {now}."


def _interactive(recorder: Recorder, reviews: HandsAsTheyEnd | None = None) -> None:
    from rich.text import Text
    from sqlalchemy.exc import DBAPIError

    from ..formats.text import visible
    from ..recorder.grammar import EntryError
    from ..render import live
    from ..render.grammar import grammar_help
    from ..store.db import StoreError, database_error
    from ..store.journal import GameMovedOn
    from .console import make_console

    with contextlib.suppress(ImportError):  # not on every platform
        import readline  # noqa: F401  (line editing and history at the prompt)
    con = make_console()
    stored = recorder.stored
    players = {seat: visible(name) for seat, name in stored.players.items()}
    title = f"Recording game {stored.id}" + (f": {visible(stored.title)}" if stored.title else "")
    con.print(Text(title, style="bold"))
    preset = f" ({stored.rules.preset} rules)" if stored.rules.preset else ""
    con.print(
        Text(
            f"N {players.get('N')} & S {players.get('S')} (NS) v E {players.get('E')} & "
            f"W {players.get('W')} (EW), playing to {stored.rules.target}{preset}. "
            "Type help for the tokens; quit saves and leaves."
        )
    )
    for text in live.resume(recorder.session, players):
        con.print(text)
    while True:
        con.print()
        for text in _reviewed(recorder, reviews):
            con.print(text)
        con.print(live.status(recorder.session, players))
        try:
            line = con.input(Text(live.prompt(recorder.session, players)))
        except (EOFError, KeyboardInterrupt):
            con.print()
            break
        except UnicodeDecodeError:
            con.print(
                Text("✗ That line is not UTF-8 text. Nothing on that line was stored.", "red")
            )
            continue
        if not line.strip():
            continue
        before = _marks(recorder)
        ended = _finished(recorder, reviews)
        try:
            result = recorder.feed(line)
        except GameMovedOn as exc:
            con.print(
                Text(
                    f"{visible(str(exc))}. Reloaded: here is where the game stands now; enter "
                    "that line again if it still applies.",
                    style="yellow",
                )
            )
            continue
        except EntryError as exc:
            con.print(_refusal(exc))
            continue
        except (StoreError, DBAPIError) as exc:
            message = (
                exc if isinstance(exc, StoreError) else database_error(recorder.store.url, exc)
            )
            con.print(
                Text(
                    f"Not stored: {visible(str(message))}. Nothing on that line was recorded.",
                    style="red",
                )
            )
            continue
        fed = result.fed
        for text in live.report(
            before, recorder.session, result.added, result.undone, fed, players
        ):
            con.print(text)
        if recorder.session.forced() is not None and "undo" not in fed.meta:
            # The live recorder plays what the record proves, and says so.
            before = _marks(recorder)
            filled = recorder.fill()
            for text in live.report(
                before, recorder.session, filled.added, filled.undone, filled.fed, players
            ):
                con.print(text)
        if "help" in fed.meta:
            con.print(grammar_help())
        if "show" in fed.meta:
            _show(con, recorder)
        if reviews is not None:
            reviews.ended(ended, recorder.session.game.hands)
        if "quit" in fed.meta:
            break
    for text in _reviewed(recorder, reviews):
        con.print(text)
    if reviews is not None and reviews.pending:
        numbers = ", ".join(str(n) for n in sorted(set(reviews.pending)))
        con.print(
            Text(
                f"Not reviewed yet: hand {numbers} (euchre-log review {recorder.game_id} "
                "works it out)."
            )
        )
    lost = TypedAhead(recorder).lost("you left")
    if lost is not None:
        con.print(Text(lost[0].upper() + lost[1:] + ".", "bold red"))
    con.print(Text(goodbye(recorder)))


def goodbye(recorder: Recorder) -> str:
    """What the recorder says on leaving: where the game stands, and how to resume it
    unless it is over."""
    where = _where_we_are(recorder)
    if recorder.session.game.winner is None:
        where += f" Resume with: euchre-log record {recorder.game_id}"
    return where


def _refusal(exc: Exception) -> object:
    from rich.text import Text

    from ..formats.text import visible
    from ..render import cards as rc

    line = Text("✗ ", style="bold red")
    said = visible(str(exc)).rstrip()
    line.append_text(rc.message(said if said.endswith((".", "?", "!")) else said + "."))
    line.append(" Nothing on that line was stored.", style="red")
    return line


def _show(con: Console, recorder: Recorder) -> None:
    from rich.text import Text

    from ..render import live

    session = recorder.session
    if session.game.current is None:
        con.print(Text("No hand yet."))
        return
    for text in live.resume(session, recorder.stored.players, flags=True):
        con.print(text)


def ask(question: str, **options: Any) -> str:
    """One answer at the new-game prompts; leaving (Ctrl-D, Ctrl-C) starts no game, and an
    answer that is not UTF-8 text is asked again."""
    from rich.prompt import Prompt

    from .console import make_console

    while True:
        try:
            answer: str = Prompt.ask(question, console=make_console(), **options)
            return answer.strip()
        except (EOFError, KeyboardInterrupt):
            typer.echo("")
            raise fail("no game was started") from None
        except UnicodeDecodeError:
            typer.echo("That is not UTF-8 text; please type it again.")


def _ask_new_game(store: Store) -> int:
    """On a terminal with no unfinished game: ask for the players, dealer and rules."""
    from ..engine.cards import CardError, parse_seat
    from ..engine.limits import MAX_NAME
    from ..engine.rules import PRESETS, Rules, RulesError
    from ..formats.text import clean_name, name_key
    from ..store.games import create_game

    typer.echo("No game is in progress, so let's start one.")
    names: dict[str, str] = {}
    for seat, word in zip("NESW", ("North", "East", "South", "West"), strict=True):
        while True:
            try:
                name = clean_name(ask(f"{word} player's name"), "a name")
            except ValueError as exc:
                echo(f"{exc}. Please give the name again.")
                continue
            if name and name_key(name) not in {name_key(n) for n in names.values()}:
                if len(name) <= MAX_NAME:
                    names[seat] = name
                    break
                typer.echo(f"That name is too long: {MAX_NAME} characters at most.")
                continue
            typer.echo("Please give a name, different from the others.")
    while True:
        dealer = ask("Who deals first? (N, E, S or W)", default="N")
        try:
            first = parse_seat(dealer)
            break
        except CardError as exc:
            echo(str(exc))
    playable = []
    for name in PRESETS:
        try:
            Rules.build({"preset": name})
            playable.append(name)
        except RulesError:
            pass  # a preset whose variants this version cannot play yet
    while True:
        preset = ask("Rules (? describes them)", choices=[*playable, "?"], default="classic")
        if preset != "?":
            break
        import shutil
        import textwrap

        from ..render.words import rules_in_brief

        width = min(shutil.get_terminal_size().columns, 100) - 1
        for name in playable:
            said = f"{name}: {rules_in_brief(Rules.build({'preset': name}))}"
            typer.echo(textwrap.fill(said, width, initial_indent="  ", subsequent_indent="    "))
    import datetime

    game_id = create_game(
        store,
        names,
        Rules.build({"preset": preset}),
        first_dealer=first,
        date=datetime.date.today().isoformat(),
    )
    typer.echo(f"Started game {game_id}.")
    return game_id
