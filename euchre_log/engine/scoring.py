"""What a hand scores: the scoring table of RULES.md (seed 000), with the variants' rows.

One pure function, used by the hand's own scoring and by anything that asks "what would
this many tricks have scored?" (the open-hand review's par and ``dd_points``).
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from .rules import Rules

Outcome: TypeAlias = Literal[
    "made", "march", "euchred", "passed_out", "renege_penalty", "thrown_in", "incomplete"
]
"""How a hand ended, as the check report names it."""

MADE: Final = "made"
MARCH: Final = "march"
EUCHRED: Final = "euchred"
PASSED_OUT: Final = "passed_out"
RENEGE_PENALTY: Final = "renege_penalty"
THROWN_IN: Final = "thrown_in"
INCOMPLETE: Final = "incomplete"


def trick_points(
    rules: Rules,
    maker_team: int,
    makers_tricks: int,
    *,
    alone: bool = False,
    defended_alone: bool = False,
    blind: bool = False,
) -> tuple[tuple[int, int], Outcome]:
    """The points ``(NS, EW)`` and the outcome when the makers took ``makers_tricks``.

    Makers with 3 or 4 tricks score 1; with 5, 2 (a lone hand 4, a blind double loner 8).
    Euchred makers give the defenders 2, ``defend_alone_points`` when a lone defender
    euchred a lone hand (where the rules allow defending alone), and at least 4 for taking
    all five under ``super_euchre``.
    """
    points = [0, 0]
    outcome: Outcome
    if makers_tricks == 5:
        points[maker_team] = (8 if blind else 4) if alone else 2
        outcome = MARCH
    elif makers_tricks >= 3:
        points[maker_team] = 1
        outcome = MADE
    else:
        won = 2
        if alone and defended_alone and rules.defend_alone:
            won = rules.defend_alone_points
        if makers_tricks == 0 and rules.super_euchre:
            won = max(won, 4)
        points[1 - maker_team] = won
        outcome = EUCHRED
    return (points[0], points[1]), outcome


__all__ = [
    "EUCHRED",
    "INCOMPLETE",
    "MADE",
    "MARCH",
    "PASSED_OUT",
    "RENEGE_PENALTY",
    "THROWN_IN",
    "Outcome",
    "trick_points",
]
