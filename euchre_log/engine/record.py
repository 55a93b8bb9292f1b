"""A game's record: its entries in order (hand starts and actions) and the engine's state.

The record is what a store persists and replays, what ``undo`` shortens, and what the
recorder appends to. It knows nothing of tokens, files or databases.

>>> from .actions import Pass
>>> from .cards import NORTH, parse_card
>>> record = GameRecord(Rules(), first_dealer=NORTH)
>>> record.record(StartHand(NORTH, parse_card("9h")))
[]
>>> record.record(Pass(1)), len(record.history)
([], 2)
>>> record.truncate(1)
>>> record.history == [StartHand(NORTH, parse_card("9h"))]
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

from . import limits
from .actions import Action, Note, Penalty
from .cards import Seat
from .flags import Flag, IllegalAction
from .game import GameState
from .hand import HandState
from .rules import Rules


@dataclass(frozen=True, slots=True)
class StartHand:
    """A new hand: its dealer, upcard and any cards that were shown."""

    dealer: Seat
    upcard: int
    deal: Mapping[Seat, tuple[int, ...]] = field(default_factory=dict)
    kitty: tuple[int, ...] = ()


Entry: TypeAlias = StartHand | Action
"""One entry of a game's record: a hand's start, or an action in the current hand."""


class GameRecord:
    """A game as its entries, with the engine's state after them.

    ``history`` is every entry in order: the source of truth. ``record`` applies one more,
    held to the limits of ``limits`` (the one place every new entry passes: the recorder,
    and the phones' server); ``replay`` rebuilds the state from a history (from a store),
    taking what was stored as it is: an older version may have stored a game past today's
    limits, and it stays readable. ``truncate`` takes back the last entries (an undo) and
    ``restore`` puts back an earlier history, each replaying only the hand the change
    falls in: the hands before it are finished, and their states stand, so the time taken
    does not grow with the game.
    """

    def __init__(
        self, rules: Rules, first_dealer: Seat, initial_score: tuple[int, int] = (0, 0)
    ) -> None:
        self.rules = rules
        self.first_dealer = first_dealer
        self.initial_score = initial_score
        self.game = GameState(rules, initial_score)
        self.history: list[Entry] = []
        # The place in ``history`` of each hand's start, hand by hand.
        self._starts: list[int] = []
        # The characters of notes and reasons in ``history[:i + 1]``, entry by entry, so
        # that the game's limit on them is checked without reading the game again.
        self._text: list[int] = []

    @property
    def hand(self) -> HandState | None:
        """The hand being played, or None between hands."""
        hand = self.game.current
        return None if hand is None or hand.finished else hand

    def next_dealer(self) -> Seat:
        """Who deals the next hand by the rules: the first dealer, then left of the last."""
        nd = self.game.next_dealer()
        return self.first_dealer if nd is None else nd

    def go_on_from(self, record: GameRecord) -> None:
        """Take over another record's state and history as they are, without replaying."""
        self.game = record.game
        self.history = record.history
        self._starts = record._starts
        self._text = record._text

    def replay(self, history: list[Entry]) -> None:
        """Rebuild the state from a history. Raises ``IllegalAction`` on an entry the
        engine refuses (a record changed behind the engine's back)."""
        self.game = GameState(self.rules, self.initial_score)
        self.history = []
        self._starts = []
        self._text = []
        for entry in history:
            self._add(entry)

    def record(self, entry: Entry) -> list[Flag]:
        """Apply one new entry and return the flags it raised; ``IllegalAction`` if the
        engine refuses it, or if it would take the game past a limit."""
        # Every entry but a hand's start is one action of its hand: the game's actions
        # are counted from the history's length, not by summing the hands each time.
        actions = len(self.history) - len(self._starts)
        _within_limits(self.game, entry, self._text[-1] if self._text else 0, actions)
        return self._add(entry)

    def _add(self, entry: Entry) -> list[Flag]:
        """Apply one entry and add it to ``history``, with no limit (``record``'s do)."""
        flags = self._apply(entry)
        if entry.__class__ is StartHand:
            self._starts.append(len(self.history))
        self._text.append((self._text[-1] if self._text else 0) + len(_text_of(entry) or ""))
        self.history.append(entry)
        return flags

    def _apply(self, entry: Entry) -> list[Flag]:
        """Apply one entry to the engine's state (not to ``history``)."""
        if isinstance(entry, StartHand):
            self.game.start_hand(
                entry.dealer, entry.upcard, deal=dict(entry.deal) or None, kitty=entry.kitty
            )
            return list(self.game.hands[-1].flags)
        return list(self.game.apply(entry))

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` entries of ``history``, as if the others had never
        been recorded: the hands after the cut are dropped, and the hand it falls in is
        dealt again from its start and its kept entries applied. The result is the state
        ``replay(history[:length])`` gives, in time that does not grow with the game."""
        if length >= len(self.history):
            return
        if length <= 0:
            self.replay([])
            return
        kept = bisect_left(self._starts, length)  # the hands that start before the cut
        if kept == 0:  # entries before any hand's start: none is ever recorded
            self.replay(self.history[:length])
            return
        game = self.game
        while len(game.hands) > kept:
            game.drop_last_hand()
        start = self._starts[kept - 1]
        following = self._starts[kept] if kept < len(self._starts) else len(self.history)
        if length < following:  # the cut falls inside the last kept hand: deal it again
            game.drop_last_hand()
            for entry in self.history[start:length]:
                self._apply(entry)
        del self.history[length:]
        del self._text[length:]
        del self._starts[kept:]

    def restore(self, history: list[Entry]) -> None:
        """Make ``history`` the record again (a history this record had, or one that
        shares a start with it): what it shares is kept, the rest taken back with
        ``truncate`` and the entries it lacks recorded again."""
        mine, n = self.history, len(history)
        if n <= len(mine) and mine[:n] == history:  # the usual case, compared in C
            self.truncate(n)
            return
        common = 0
        for ours, theirs in zip(mine, history, strict=False):
            if ours is not theirs and ours != theirs:
                break
            common += 1
        self.truncate(common)
        for entry in history[common:]:
            self._add(entry)

    def hand_numbers(self) -> list[int]:
        """The hand number each entry of ``history`` belongs to."""
        out, n = [], 0
        for entry in self.history:
            if isinstance(entry, StartHand):
                n += 1
            out.append(n)
        return out


def _text_of(entry: Entry) -> str | None:
    """The free text an entry adds to a game: a note's, or a penalty's reason."""
    if isinstance(entry, Note):
        return entry.text
    if isinstance(entry, Penalty):
        return entry.reason
    return None


def _within_limits(game: GameState, entry: Entry, text_so_far: int, actions_so_far: int) -> None:
    """Refuse, in the words a file past the same limit gets, an entry that would take the
    game past one of ``limits`` (``text_so_far``: the characters of its notes and reasons;
    ``actions_so_far``: the actions of all its hands)."""
    if isinstance(entry, StartHand):
        if len(game.hands) >= limits.MAX_HANDS:
            raise IllegalAction(limits.too_many_hands())
        return
    hand = game.current
    if hand is not None and len(hand.actions) >= limits.MAX_ACTIONS:
        raise IllegalAction(limits.too_many_actions())
    if actions_so_far >= limits.MAX_GAME_ACTIONS:
        raise IllegalAction(limits.too_many_game_actions())
    text = _text_of(entry)
    if text is None:
        return
    if isinstance(entry, Note) and len(text) > limits.MAX_NOTES:
        raise IllegalAction(limits.note_too_long(len(text)))
    if isinstance(entry, Penalty) and len(text) > limits.MAX_REASON:
        raise IllegalAction(limits.reason_too_long(len(text)))
    total = text_so_far + len(text)
    if total > limits.MAX_GAME_TEXT:
        raise IllegalAction(limits.too_much_text(total))


__all__ = ["Entry", "GameRecord", "StartHand"]
