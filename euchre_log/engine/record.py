"""A game's record: its entries in order (hand starts and actions) and the engine's state.

The record is what a store persists and replays, what ``undo`` shortens, and what the
recorder appends to. It knows nothing of tokens, files or databases.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from .actions import Action
from .flags import Flag
from .game import GameState
from .hand import HandState
from .rules import Rules


@dataclass(frozen=True, slots=True)
class StartHand:
    """A new hand: its dealer, upcard and any cards that were shown."""

    dealer: int
    upcard: int
    deal: dict[int, tuple[int, ...]] = field(default_factory=dict)
    kitty: tuple[int, ...] = ()


Entry: TypeAlias = StartHand | Action
"""One entry of a game's record: a hand's start, or an action in the current hand."""


class GameRecord:
    """A game as its entries, with the engine's state after them.

    ``history`` is every entry in order: the source of truth. ``record`` applies one more;
    ``replay`` rebuilds the state from a history (after an undo, or from a store).
    """

    def __init__(
        self, rules: Rules, first_dealer: int, initial_score: tuple[int, int] = (0, 0)
    ) -> None:
        self.rules = rules
        self.first_dealer = first_dealer
        self.initial_score = initial_score
        self.game = GameState(rules, initial_score)
        self.history: list[Entry] = []

    @property
    def hand(self) -> HandState | None:
        """The hand being played, or None between hands."""
        hand = self.game.current
        return None if hand is None or hand.finished else hand

    def next_dealer(self) -> int:
        """Who deals the next hand by the rules: the first dealer, then left of the last."""
        nd = self.game.next_dealer()
        return self.first_dealer if nd is None else nd

    def replay(self, history: list[Entry]) -> None:
        """Rebuild the state from a history. Raises ``IllegalAction`` on an entry the
        engine refuses (a record changed behind the engine's back)."""
        self.game = GameState(self.rules, self.initial_score)
        self.history = []
        for entry in history:
            self.record(entry)

    def record(self, entry: Entry) -> list[Flag]:
        """Apply one entry and return the flags it raised; ``IllegalAction`` if refused."""
        if isinstance(entry, StartHand):
            self.game.start_hand(
                entry.dealer, entry.upcard, deal=dict(entry.deal) or None, kitty=entry.kitty
            )
            flags = list(self.game.hands[-1].flags)
        else:
            flags = list(self.game.apply(entry))
        self.history.append(entry)
        return flags

    def hand_numbers(self) -> list[int]:
        """The hand number each entry of ``history`` belongs to."""
        out, n = [], 0
        for entry in self.history:
            if isinstance(entry, StartHand):
                n += 1
            out.append(n)
        return out


__all__ = ["Entry", "GameRecord", "StartHand"]
