"""A game: hands in sequence, the deal passing left, the running score and the winner."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import SEAT_LETTERS, TEAM_NAMES, left_of
from .flags import DEALT_OUT_OF_TURN, Flag, IllegalAction
from .hand import HandState
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult:
    """The engine's verdict on one hand, as the check report gives it."""

    number: int
    dealer: int
    trump: int | None
    maker: int | None
    alone: bool
    defender_alone: int | None
    tricks: tuple[int, int]
    points: tuple[int, int]
    outcome: str
    score_after: tuple[int, int]
    flags: tuple[Flag, ...]


def hand_result(hand: HandState, score_after: tuple[int, int]) -> HandResult:
    """Summarise a hand's state as its result."""
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        trump=hand.trump if hand.trump >= 0 else None,
        maker=hand.maker if hand.maker >= 0 else None,
        alone=hand.alone,
        defender_alone=hand.defender if hand.defender >= 0 else None,
        tricks=(hand.tricks[0], hand.tricks[1]),
        points=hand.points(),
        outcome=hand.outcome,
        score_after=score_after,
        flags=tuple(hand.flags),
    )


class GameState:
    """A game in progress: its rules, its hands so far and its score."""

    __slots__ = ("_before_last", "hands", "initial_score", "rules")

    def __init__(self, rules: Rules, initial_score: tuple[int, int] = (0, 0)) -> None:
        self.rules = rules
        self.initial_score = initial_score
        self.hands: list[HandState] = []
        # The score before the last hand: a hand's points can still change (a renege call
        # after the last trick), but only the last hand's, so the rest is kept summed.
        self._before_last = initial_score

    @property
    def current(self) -> HandState | None:
        """The last hand, finished or not; None before the first deal."""
        return self.hands[-1] if self.hands else None

    def next_dealer(self) -> int | None:
        """Who should deal next: left of the last dealer (None before the first hand)."""
        return left_of(self.hands[-1].dealer) if self.hands else None

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
        """``(team, hand index)`` when the last hand, finished, took a team to the target.

        Only the last hand can have won the game: no hand may be dealt after a win.
        """
        last = self.current
        if last is None or not last.finished:
            return None
        ns, ew = self.score
        target = self.rules.target
        if (ns >= target or ew >= target) and ns != ew:
            return (0 if ns > ew else 1), len(self.hands) - 1
        return None  # not yet; or both sides level at the target: play on until one leads

    @property
    def winner(self) -> int | None:
        """The team that won (0 NS, 1 EW), or None while the game goes on."""
        won = self.winner_after()
        return None if won is None else won[0]

    def start_hand(
        self,
        dealer: int,
        upcard: int,
        *,
        deal: dict[int, tuple[int, ...]] | None = None,
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
            raise IllegalAction(
                f"the game was already won by {TEAM_NAMES[team]} ({ns}-{ew}) after hand "
                f"{at + 1}, so hand {number} cannot follow"
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

    def apply(self, action: Action) -> tuple[Flag, ...]:
        """Record an action in the current hand."""
        hand = self.current
        if hand is None:
            raise IllegalAction("no hand has been dealt yet")
        return hand.apply(action)

    def results(self) -> list[HandResult]:
        """Every hand's result, with the running score."""
        return [hand_result(h, s) for h, s in zip(self.hands, self.scores(), strict=True)]
