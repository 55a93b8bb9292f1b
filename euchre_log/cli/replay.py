"""``replay`` (a hand trick by trick, as it lay on the table) and ``explain`` (the dispute
view: what the record shows about every card, and the proof of every flag)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .app import app, fail
from .common import opened, print_json

if TYPE_CHECKING:
    from ..render.replay import Marks
    from ..store.read import StoredGame

GAME_HELP = "The game's id (euchre-log games lists them)."
NO_REVIEW_HELP = (
    "Leave out the reviews: the fair review's labels (once euchre-log review has worked it "
    "out), the ? and ?? beside cards that gave away a trick with every card face up, and "
    "the par line (shown by default when the hand can be analysed)."
)


def review_marks(
    ctx: typer.Context, stored: StoredGame, indexes: Sequence[int]
) -> dict[int, Marks]:
    """The reviews' marks for the hands to draw, by hand index: the open-hand review from
    the reviews the database keeps (computed and kept when missing), and the fair review
    when ``review`` has worked it out (read only: it takes a second or so a hand)."""
    from ..render.review import marks
    from .reviewing import kept_fair, stored_reviews

    hands = [stored.game.hands[i] for i in indexes]
    with opened(ctx) as store:
        reviews = stored_reviews(store, stored.id, hands)
        fairs = kept_fair(store, stored.id, hands)
    hint = (
        f"What each player could see is not worked out yet: euchre-log review {stored.id} "
        "works it out and keeps it."
    )
    return {
        i: marks(h, r, stored.players, f, hint)
        for i, h, r, f in zip(indexes, hands, reviews, fairs, strict=True)
    }


NEXT, BACK, QUIT = "next", "back", "quit"
STEP_KEYS = "Enter or → next · ← back · q quit"


def load(ctx: typer.Context, game: int) -> StoredGame:
    """The stored game, or exit 2 with a message naming it."""
    from ..store.read import load_game

    with opened(ctx) as store:
        return load_game(store, game)


def hand_index(stored: StoredGame, hand: int | None) -> int | None:
    """The 0-based index of ``--hand N``, or exit 2 when the game has no such hand."""
    n = len(stored.game.hands)
    if n == 0:
        raise fail(
            f"game {stored.id} has no hands yet: record some with euchre-log record {stored.id}"
        )
    if hand is None:
        return None
    if not 1 <= hand <= n:
        which = "hand 1" if n == 1 else f"hands 1 to {n}"
        raise fail(f"game {stored.id} has no hand {hand}: it has {which}")
    return hand - 1


def facts(stored: StoredGame) -> dict[str, object]:
    """The head of replay --json and explain --json: id, title, date and players."""
    from ..formats.views import game_facts

    return game_facts(stored.id, stored.title, stored.date, stored.players)


def game_title(stored: StoredGame) -> str:
    """``Game 2: The renege dispute (2026-11-27) · N Ann, E Bob, S Cat, W Dan``, its user
    text as views show it (``formats.text.visible``)."""
    from ..formats.text import visible

    title = f"Game {stored.id}"
    if stored.title:
        title += f": {stored.title}"
    if stored.date:
        title += f" ({stored.date})"
    seats = ", ".join(f"{s} {n}" for s, n in stored.players.items())
    return visible(f"{title} · {seats}")


# ---------------------------------------------------------------------------
# Stepping through screens with single keys


def step(index: int, key: str, count: int) -> int | None:
    """The screen after pressing ``key`` on screen ``index`` of ``count``; None quits.

    Forward from the last screen quits; back from the first stays there.
    """
    if key == QUIT:
        return None
    if key == NEXT:
        return index + 1 if index + 1 < count else None
    if key == BACK:
        return max(index - 1, 0)
    return index


def key_name(data: bytes) -> str | None:
    """What a key press means: NEXT, BACK, QUIT, or None for a key with no use here."""
    if data in (b"\r", b"\n", b" ", b"\x1b[C", b"\x1bOC", b"n", b"j", b"l", b"\x1b[B", b"\x1b[6~"):
        return NEXT
    if data in (b"\x1b[D", b"\x1bOD", b"b", b"p", b"k", b"h", b"\x1b[A", b"\x1b[5~", b"\x7f"):
        return BACK
    if data in (b"q", b"Q", b"\x1b", b"\x03", b"\x04"):
        return QUIT
    return None


def read_key(fd: int) -> str | None:
    """Read one key press from a terminal in cbreak mode (no echo, no Enter needed)."""
    import select
    import termios
    import tty

    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        data = os.read(fd, 1)
        if data == b"\x1b":
            # An arrow key sends ESC [ C; a lone ESC is a key of its own.
            while select.select([fd], [], [], 0.05)[0]:
                data += os.read(fd, 1)
                if len(data) >= 3 and (data[-1:].isalpha() or data[-1:] == b"~"):
                    break
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    return key_name(data)


def can_step() -> bool:
    """True when both ends are a terminal that single keys can be read from."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import termios  # noqa: F401
    except ImportError:  # not a POSIX terminal
        return False
    return True


def run_steps(
    screens: Sequence[object], show: Callable[[int], None], keys: Callable[[], str | None]
) -> None:
    """Show screen 0, then move as the keys say until one quits."""
    index: int | None = 0
    while index is not None:
        show(index)
        key = keys()
        while key is None:
            key = keys()
        index = step(index, key, len(screens))


# ---------------------------------------------------------------------------
# The commands


@app.command()
def replay(
    ctx: typer.Context,
    game: Annotated[int, typer.Argument(metavar="GAME", help=GAME_HELP, show_default=False)],
    hand: Annotated[
        Optional[int],
        typer.Option(
            "--hand",
            "-n",
            metavar="N",
            help="Only this hand (numbered from 1); every hand if left out.",
        ),
    ] = None,
    step_mode: Annotated[
        bool,
        typer.Option(
            "--step",
            "-s",
            help="Step through it on a terminal: Enter or → forward, ← back, q to quit. "
            "Without a terminal the whole replay is printed.",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the hands as JSON (schemas/replay.schema.json): each hand's check "
            "report result, the deal, the discard, every entry and every trick.",
        ),
    ] = False,
    no_review: Annotated[bool, typer.Option("--no-review", help=NO_REVIEW_HELP)] = False,
) -> None:
    """Replay a game's hands trick by trick, as they lay on the table.

    First the deal: who dealt, the upcard, each seat's bids in both rounds, trump and the
    makers, who went alone, the discard, and each seat's hand as dealt when it is known
    (recorded, or worked out from the play once the hand is over). Then each trick with
    North at the top and South at the bottom, cards in their suit's colour, the lead, the
    winner, the trick count and any flag about it; the hand's result closes it.

    With every card known, the open-hand review marks each card that gave away a trick
    (? or ??, with the cards that would have kept it) and gives the par under the deal:
    hindsight, which no player had at the table. Once euchre-log review has worked out
    the fair review, each card it labels (judged by what its player could see) comes
    first under its trick, and the bids' values under the deal. --no-review leaves it
    all out.
    """
    from rich.console import Group
    from rich.text import Text

    from ..render.replay import game_screens, hand_view
    from .console import console

    if as_json and step_mode:
        raise fail("--step and --json disagree: give one of them")
    stored = load(ctx, game)
    index = hand_index(stored, hand)
    indexes = range(len(stored.game.hands)) if index is None else [index]
    if as_json:
        from ..formats.views import replay_dict

        print_json(replay_dict(facts(stored), stored.game, indexes))
        return
    title = Text(game_title(stored), style="bold")
    con = console()
    marks = {} if no_review else review_marks(ctx, stored, indexes)
    if not (step_mode and can_step()):
        con.print(title)
        from .games import reopened_lines

        for line in reopened_lines(stored):
            con.print(Text(line))
        for i in indexes:
            con.print()
            if i in marks:
                con.print(hand_view(stored.game, i, stored.players, marks[i]))
            else:
                con.print(hand_view(stored.game, i, stored.players))
        return
    screens = game_screens(stored.game, stored.players, indexes, marks)

    fd = sys.stdin.fileno()

    def show(i: int) -> None:
        screen = screens[i]
        con.clear()
        footer = Text(f"{screen.caption} · step {i + 1} of {len(screens)} · ", style="dim")
        footer.append(STEP_KEYS if i + 1 < len(screens) else "Enter or q to finish, ← back")
        con.print(Group(title, Text(""), screen.body, Text(""), footer))

    run_steps(screens, show, lambda: read_key(fd))


@app.command()
def explain(
    ctx: typer.Context,
    game: Annotated[int, typer.Argument(metavar="GAME", help=GAME_HELP, show_default=False)],
    hand: Annotated[
        Optional[int],
        typer.Option(
            "--hand",
            "-n",
            metavar="N",
            help="The hand to explain, numbered from 1. May be left out when the game has "
            "one hand, or only one hand with a flag or a renege call.",
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the dispute view as JSON (schemas/explain.schema.json): the hand's "
            "check report result with the proof of each flag, each renege call's verdict, "
            "and each player's cards with how each is known.",
        ),
    ] = False,
    no_review: Annotated[bool, typer.Option("--no-review", help=NO_REVIEW_HELP)] = False,
) -> None:
    """Settle a dispute about one hand: everything the record shows, read aloud.

    Says whether anyone reneged, with the proof of every flag, e.g. "Bob (East) showed
    out of ♥ on trick 2 (played 9♣) but held K♥, which they played on trick 4". Then each
    player's cards and how each is known (dealt and shown, the upcard picked up, played
    on a trick, shown with a renege call, or worked out from the play), and the suits each
    player showed out of. When every card is known, the open-hand review adds ? or ??
    beside the cards that gave away a trick and its par line (hindsight), after the fair
    review's labels once euchre-log review has worked them out (--no-review leaves it
    all out).
    """
    from rich.text import Text

    from ..engine.actions import RenegeCall
    from ..render.explain import explain_view
    from .console import console

    stored = load(ctx, game)
    index = hand_index(stored, hand)
    if index is None:
        hands = stored.game.hands
        disputed = [
            i
            for i, h in enumerate(hands)
            if h.flags or any(isinstance(a, RenegeCall) for a in h.actions)
        ]
        if len(hands) == 1:
            index = 0
        elif len(disputed) == 1:
            index = disputed[0]
        else:
            which = (
                "hands with flags or renege calls: " + ", ".join(str(i + 1) for i in disputed)
                if disputed
                else "no hand has a flag or a renege call"
            )
            raise fail(
                f"name the hand to explain with --hand N (game {stored.id} has "
                f"{len(hands)} hands; {which})"
            )
    if as_json:
        from ..formats.views import explain_dict

        print_json(explain_dict(facts(stored), stored.game, index, stored.players))
        return
    number = index + 1
    con = console()
    con.print(
        Text(
            f"{game_title(stored)}\nHand {number} of {len(stored.game.hands)}: what the record shows",
            style="bold",
        )
    )
    if no_review:
        con.print(explain_view(stored.game, index, stored.players))
    else:
        marks = review_marks(ctx, stored, [index])[index]
        con.print(explain_view(stored.game, index, stored.players, marks))
