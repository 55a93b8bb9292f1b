"""A game's summary: the hand table, who won, the moments worth calling out, and the
score's progress as a chart."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.text import Text

from ..engine.cards import TEAM_NAMES
from ..engine.game import GameState
from .chart import ScoreChart
from .tables import table_and_flags
from .words import team_label


def milestones(game: GameState, players: Mapping[str, str]) -> list[Text]:
    """The moments a table remembers: each team going "in the barn" (one point from the
    target, 9 in a game to 10) and a skunk (a win while the other side has 0)."""
    out: list[Text] = []
    barn = game.rules.target - 1
    scores = game.scores()
    for team in (0, 1):
        name = team_label(team, players)
        if game.initial_score[team] == barn:
            out.append(Text(f"{name} started the record in the barn, at {barn}."))
            continue
        for hand, score in zip(game.hands, scores, strict=True):
            if score[team] == barn:
                line = Text(f"Hand {hand.number}: ")
                line.append(f"{name} in the barn", style="bold")
                line.append(
                    f" at {barn}, one point from the game (score NS {score[0]}, EW {score[1]})."
                )
                out.append(line)
                break
    winner = game.winner
    if winner is not None and game.score[1 - winner] == 0:
        line = Text("Skunk! ", style="bold green")
        line.append(
            f"{team_label(winner, players)} won {game.score[winner]}-0: "
            f"{TEAM_NAMES[1 - winner]} never scored."
        )
        out.append(line)
    return out


def outcome_line(game: GameState, players: Mapping[str, str]) -> Text:
    """``EW (Bob & Dan) won 10-8 after 13 hands.`` or the score of a game in progress."""
    ns, ew = game.score
    n = len(game.hands)
    hands = f"{n} hand" + ("" if n == 1 else "s")
    winner = game.winner
    if winner is None:
        return Text(
            f"Score NS {ns}, EW {ew} after {hands}: game in progress "
            f"(playing to {game.rules.target})."
        )
    high, low = max(ns, ew), min(ns, ew)
    return Text(
        f"{team_label(winner, players)} won {high}-{low} after {hands}.", style="bold green"
    )


def summary_view(
    game: GameState, players: Mapping[str, str], title: str | None = None
) -> RenderableType:
    """The title, the hand table, the flags, the result and its moments, and the chart."""
    parts = table_and_flags(game, players, title)
    parts.append(Text(""))
    parts.append(outcome_line(game, players))
    parts.extend(milestones(game, players))
    if game.hands:
        parts.append(Text(""))
        parts.append(Text("The score, hand by hand", style="bold"))
        parts.append(
            ScoreChart(
                game.scores(),
                game.rules.target,
                initial=game.initial_score,
                labels=(team_label(0, players), team_label(1, players)),
            )
        )
    return Group(*parts)
