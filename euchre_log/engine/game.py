"""A game: hands in sequence, the deal passing left, the running score and the winner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .actions import Action, Penalty
from .cards import NO_SUIT, NOBODY, SEAT_LETTERS, TEAM_NAMES, Seat, Suit, Team, left_of
from .flags import DEALT_OUT_OF_TURN, Flag, IllegalAction
from .hand import HandState
from .rules import Rules
from .scoring import THROWN_IN, Outcome

JUDGEMENT = 2
"""The version of the engine's verdicts on a record. Raise it whenever the same actions
would be judged differently (a flag, an outcome, a score, the winner): a database whose
cached results were made by an older judgement has them rebuilt when it is opened.
2: renege calls are judged on the whole hand; the first side to reach the target wins."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """The engine's verdict on one hand, as the check report gives it."""

    number: int
    dealer: Seat
    trump: Suit | None
    maker: Seat | None
    alone: bool
    defender_alone: int | None
    tricks: tuple[int, int]
    points: tuple[int, int]
    outcome: Outcome
    score_after: tuple[int, int]
    flags: tuple[Flag, ...]


def hand_result(hand: HandState, score_after: tuple[int, int]) -> HandResult:
    """Summarise a hand's state as its result."""
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        trump=hand.trump if hand.trump != NO_SUIT else None,
        maker=hand.maker if hand.maker != NOBODY else None,
        alone=hand.alone,
        defender_alone=hand.defender if hand.defender != NOBODY else None,
        tricks=(hand.tricks[0], hand.tricks[1]),
        points=hand.points(),
        outcome=hand.outcome,
        score_after=score_after,
        flags=hand.result_flags(),
    )


def score_events(hand: HandState) -> list[tuple[int, int, int]]:
    """When the hand's points count, in the order the record shows: ``(action index, NS,
    EW)``. A penalty counts where it stands; an upheld renege call's penalty where the
    call was upheld; the tricks where the last card was played, unless an upheld call
    voided them."""
    events = [
        (i, a.points if a.team == 0 else 0, a.points if a.team == 1 else 0)
        for i, a in enumerate(hand.actions)
        if a.__class__ is Penalty
    ]
    base = hand.base_points
    if hand.upheld_call:
        events.append((hand.settled_at, base[0], base[1]))
    elif hand.scored_at >= 0:
        events.append((hand.scored_at, base[0], base[1]))
    events.sort(key=lambda e: e[0])
    return events


class GameState:
    """A game in progress: its rules, its hands so far and its score."""

    __slots__ = ("_before_last", "_won", "hands", "initial_score", "rules")

    def __init__(self, rules: Rules, initial_score: tuple[int, int] = (0, 0)) -> None:
        self.rules = rules
        self.initial_score = initial_score
        self.hands: list[HandState] = []
        # Only the last hand's points can still change, so the score before it is kept
        # summed, and so is the winner found before it: (team, hand index).
        self._before_last = initial_score
        self._won: tuple[int, int] | None = self._reached(initial_score, -1)

    def _reached(self, score: tuple[int, int], index: int) -> tuple[int, int] | None:
        ns, ew = score
        target = self.rules.target
        if ns >= target and ns > ew:
            return (0, index)
        if ew >= target and ew > ns:
            return (1, index)
        return None

    def _winner_in(
        self, hand: HandState, start: tuple[int, int], index: int
    ) -> tuple[int, int] | None:
        """The first team to reach the target within a hand, from the score ``start``."""
        ns, ew = start
        for _, dns, dew in score_events(hand):
            ns += dns
            ew += dew
            won = self._reached((ns, ew), index)
            if won is not None:
                return won
        return None

    @property
    def current(self) -> HandState | None:
        """The last hand, finished or not; None before the first deal."""
        return self.hands[-1] if self.hands else None

    def next_dealer(self) -> Seat | None:
        """Who should deal next: left of the last dealer (None before the first hand).

        After a throw-in, the same dealer deals again where the rules say so (004: a
        redeal; "in some circles" a misdeal, and the deal passes left).
        """
        if not self.hands:
            return None
        last = self.hands[-1]
        if last.outcome == THROWN_IN and self.rules.throw_in_redeal == "same_dealer":
            return last.dealer
        return left_of(last.dealer)

    def scores(self) -> list[tuple[int, int]]:
        """The running score after each hand."""
        ns, ew = self.initial_score
        out = []
        for hand in self.hands:
            p = hand.points()
            ns += p[0]
            ew += p[1]
            out.append((ns, ew))
        return out

    @property
    def score(self) -> tuple[int, int]:
        """The score now, counting every point recorded so far."""
        last = self.current
        if last is None:
            return self.initial_score
        p = last.points()
        return (self._before_last[0] + p[0], self._before_last[1] + p[1])

    def winner_after(self) -> tuple[int, int] | None:
        """``(team, hand index)``: the first team to reach the target, and on which hand.

        The record's order decides: a team that gets there in the middle of a hand
        through a penalty has won, whatever the rest of that hand scores; the tricks of a
        hand count when its last card is played, unless an upheld renege call voids them.
        """
        if self._won is not None:
            return self._won
        last = self.current
        if last is None:
            return None
        return self._winner_in(last, self._before_last, len(self.hands) - 1)

    @property
    def winner(self) -> Team | None:
        """The team that won (0 NS, 1 EW), or None while the game goes on."""
        won = self.winner_after()
        return None if won is None else Team(won[0])

    def start_hand(
        self,
        dealer: Seat,
        upcard: int,
        *,
        deal: Mapping[Seat, tuple[int, ...]] | None = None,
        kitty: tuple[int, ...] = (),
    ) -> HandState:
        """Deal a new hand. Raises ``IllegalAction`` when the game cannot go on.

        A hand whose record stops before its end stays ``incomplete`` (it scores nothing)
        when the next one is dealt: notes taken at a table can miss the end of a hand.
        """
        number = len(self.hands) + 1
        won = self.winner_after()
        if won is not None:
            team, at = won
            ns, ew = self.score
            when = "before the first hand" if at < 0 else f"after hand {at + 1}"
            raise IllegalAction(
                f"the game was already won by {TEAM_NAMES[team]} ({ns}-{ew}) {when}, "
                f"so hand {number} cannot follow"
            )
        if not (isinstance(dealer, int) and 0 <= dealer < 4):
            raise IllegalAction(f"{dealer!r} is not a seat")
        hand = HandState(self.rules, dealer, upcard, deal=deal, kitty=kitty, number=number)
        self._before_last = self.score
        expected = self.next_dealer()
        if expected is not None and dealer != expected:
            hand.flags.append(
                Flag(
                    DEALT_OUT_OF_TURN,
                    dealer,
                    None,
                    f"{SEAT_LETTERS[dealer]} dealt hand {number}, but the deal should have "
                    f"passed to {SEAT_LETTERS[expected]}",
                )
            )
        self.hands.append(hand)
        return hand

    def drop_last_hand(self) -> HandState:
        """Take back the last hand whole (an undo of its deal), and return it.

        Only the last hand's points can change, so the hand before it is finished with
        its points fixed: the score before the new last hand is the kept sum less them.
        """
        dropped = self.hands.pop()
        last = self.current
        if last is None:
            self._before_last = self.initial_score
        else:
            p = last.points()
            self._before_last = (self._before_last[0] - p[0], self._before_last[1] - p[1])
        return dropped

    def apply(self, action: Action) -> tuple[Flag, ...]:
        """Record an action in the current hand."""
        hand = self.current
        if hand is None:
            raise IllegalAction("no hand has been dealt yet")
        return hand.apply(action)

    def results(self) -> list[HandResult]:
        """Every hand's result, with the running score."""
        return [hand_result(h, s) for h, s in zip(self.hands, self.scores(), strict=True)]
