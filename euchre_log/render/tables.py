"""The hand-by-hand table of a game, and its flags as sentences."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.cards import SEAT_LETTERS, TEAM_NAMES
from ..engine.game import GameState, HandResult
from ..formats.text import visible
from . import cards as rc
from .fit import NARROW, Fields, Fitted

OUTCOME_WORDS = {
    "made": "made",
    "march": "march",
    "euchred": "euchred",
    "passed_out": "passed out",
    "renege_penalty": "renege penalty",
    "thrown_in": "thrown in",
    "incomplete": "in progress",
}
FLAG_WORDS = {
    "renege": "RENEGE",
    "illegal_bid": "ILLEGAL BID",
    "dealt_out_of_turn": "DEALT OUT OF TURN",
    "false_renege_call": "FALSE RENEGE CALL",
    "unresolved_renege_call": "UNRESOLVED RENEGE CALL",
    "bad_claim": "BAD CLAIM",
}


def seat_name(seat: int | None, players: Mapping[str, str] | None) -> str:
    """``N Ann``, or ``N`` without names, or ``-``."""
    if seat is None:
        return "-"
    letter = SEAT_LETTERS[seat]
    if players and players.get(letter):
        return f"{letter} {visible(players[letter])}"
    return letter


def score_text(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"


def points_text(points: tuple[int, int]) -> str:
    parts = [f"{TEAM_NAMES[t]} {points[t]:+d}" for t in (0, 1) if points[t]]
    return ", ".join(parts) if parts else "-"


def hand_table(
    game: GameState,
    players: Mapping[str, str] | None = None,
    title: str | None = None,
    *,
    short: bool = False,
) -> Table:
    """One row per hand: dealer, upcard, trump, maker, alone, tricks, points and score.

    ``short``: the same for 80 columns, with "alone" beside the maker and short headings.
    """
    table = Table(
        title=Text(visible(title)) if title else None,
        title_justify="left",
        show_edge=False,
        pad_edge=False,
        header_style="bold",
    )
    table.add_column("#" if short else "Hand", justify="right")
    table.add_column("Dealer")
    table.add_column("Up", justify="center")
    table.add_column("Trump", justify="center")
    table.add_column("Maker")
    if not short:
        table.add_column("Alone")
    table.add_column("Tricks" if short else "Tricks NS-EW", justify="center")
    table.add_column("Result")
    table.add_column("Points")
    table.add_column("Score" if short else "Score NS-EW", justify="center")
    for hand, result in zip(game.hands, game.results(), strict=True):
        maker = seat_name(result.maker, players)
        alone = _alone(result)
        cells = [
            _number(result),
            seat_name(result.dealer, players),
            rc.card(hand.upcard),
            rc.suit(result.trump),
            f"{maker} {alone}" if short and alone else maker,
            *(() if short else (alone,)),
            score_text(result.tricks) if result.trump is not None else "-",
            _outcome(result),
            points_text(result.points),
            score_text(result.score_after),
        ]
        table.add_row(*cells)
    return table


HAND_TABLE_WHOLE = ("Hand", "#", "Up", "Trump", "Tricks NS-EW", "Tricks", "Result", "Points")
"""The hand table's columns whose cells never wrap: the number, the cards, tricks, outcome
and points (names and "alone v W" may; a score has no space to wrap at)."""


def _number(result: HandResult) -> Text:
    number = Text(str(result.number))
    if result.flags:
        number.append(" !", style="bold red")
    return number


def _alone(result: HandResult) -> str:
    if not result.alone:
        return ""
    if result.defender_alone is not None:
        return f"alone v {SEAT_LETTERS[result.defender_alone]}"
    return "alone"


def _outcome(result: HandResult) -> Text:
    outcome = Text(OUTCOME_WORDS.get(result.outcome, result.outcome))
    if result.outcome == "euchred":
        outcome.stylize("yellow")
    elif result.outcome == "march":
        outcome.stylize("green")
    return outcome


def hand_stack(game: GameState, players: Mapping[str, str] | None = None) -> RenderableType:
    """The hand table stacked for a narrow screen: two lines a hand, the deal and trump,
    then the outcome, the tricks, the points and the score; each piece of a line is kept
    whole (``score 2-0`` is never split), the line broken between pieces."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column()
    for hand, result in zip(game.hands, game.results(), strict=True):
        deal = Text(f"{seat_name(result.dealer, players)} deals ")
        deal.append_text(rc.card(hand.upcard))
        said = [deal]
        if result.trump is not None:
            trump = Text()
            trump.append_text(rc.suit(result.trump))
            trump.append(f" by {seat_name(result.maker, players)}")
            if result.alone:
                trump.append(f" {_alone(result)}")
            said.append(trump)
        end = [_outcome(result)]
        if result.trump is not None:
            end.append(Text(f"tricks {score_text(result.tricks)}"))
        if any(result.points):
            end.append(Text(points_text(result.points)))
        end.append(Text(f"score {score_text(result.score_after)}"))
        grid.add_row(_number(result), Group(Fields(said), Fields(end)))
    return Group(
        Text(
            "Each hand: the deal and trump, then the result (tricks and score NS-EW).", style="dim"
        ),
        grid,
    )


def fitted_hand_table(game: GameState, players: Mapping[str, str] | None = None) -> RenderableType:
    """The hand table when it fits the width, else with short headings ("alone" beside
    the maker) when that fits, else (and below ``NARROW``) stacked."""
    return Fitted(
        hand_table(game, players),
        lambda: hand_stack(game, players),
        whole=HAND_TABLE_WHOLE,
        below=NARROW,
        short=lambda: hand_table(game, players, short=True),
    )


def flag_lines(game: GameState) -> list[Text]:
    """Every flag of the game, as a sentence with where it happened."""
    lines = []
    for result in game.results():
        for flag in result.flags:
            where = f"hand {result.number}"
            if flag.trick is not None:
                where += f", trick {flag.trick}"
            line = Text(f"{FLAG_WORDS.get(flag.kind, flag.kind.upper())}", style="bold red")
            line.append(f" ({where}): ", style="red")
            line.append_text(rc.message(flag.message))
            lines.append(line)
    return lines


def result_line(game: GameState, players: Mapping[str, str] | None = None) -> Text:
    """``NS (Ann & Cat) won 10-7`` or ``Score 4-3, game in progress``."""
    ns, ew = game.score
    winner = game.winner
    if winner is None:
        return Text(f"Score NS {ns}, EW {ew}: game in progress (playing to {game.rules.target})")
    team = TEAM_NAMES[winner]
    names = ""
    if players:
        a, b = ("N", "S") if winner == 0 else ("E", "W")
        names = f" ({visible(players.get(a, a))} & {visible(players.get(b, b))})"
    return Text(f"{team}{names} won {max(ns, ew)}-{min(ns, ew)}", style="bold green")


def table_and_flags(
    game: GameState, players: Mapping[str, str] | None = None, title: str | None = None
) -> list[RenderableType]:
    """The title, the hand table and the flags as sentences: the head of every game view."""
    parts: list[RenderableType] = []
    if title:
        parts.append(Text(visible(title), style="bold"))
    parts.append(fitted_hand_table(game, players))
    flags = flag_lines(game)
    if flags:
        parts.append(Text(""))
        parts.extend(flags)
    return parts


def game_view(
    game: GameState, players: Mapping[str, str] | None = None, title: str | None = None
) -> RenderableType:
    """The title, the table, the flags and the result, one below the other."""
    return Group(*table_and_flags(game, players, title), result_line(game, players))
