"""Undo in constant time: ``GameRecord.truncate`` and ``restore`` replay only the hand a
cut falls in, and must leave exactly the state a replay from the start gives.

Each check compares with a fresh ``replay`` of the same entries (the engine's one way to
rebuild a state), over random legal games under several rule sets, penalties and notes
included, cut at every place or at random places.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from euchre_log.engine import actions as A
from euchre_log.engine.cards import Seat, Team
from euchre_log.engine.record import Entry, GameRecord, StartHand
from euchre_log.engine.rules import Rules
from euchre_log.engine.simulate import random_game

RULE_SETS: list[dict[str, Any]] = [
    {"preset": "classic"},
    {"preset": "family"},
    {"preset": "north-american", "target": 5},
    {"stick_the_dealer": True, "defend_alone": True},
]


def history_of(seed: int, rules: Rules) -> list[Entry]:
    """A random legal game as a record's entries, with a penalty and a note here and there
    (a penalty can end a game in the middle of a hand)."""
    rng = random.Random(seed)
    out: list[Entry] = []
    for dealt in random_game(rng, rules, first_dealer=Seat(seed % 4)):
        out.append(StartHand(dealt.dealer, dealt.upcard))
        for action in dealt.actions:
            out.append(action)
            if rng.random() < 0.02:
                out.append(A.Note(None, f"note {len(out)}"))
            seat = getattr(action, "seat", None)
            if rng.random() < 0.01 and isinstance(seat, int):
                out.append(
                    A.Penalty(Seat(seat), Team(rng.randrange(2)), rng.choice((-1, 1)), "talk")
                )
    return out


def recorded(rules: Rules, first: int, history: list[Entry]) -> GameRecord:
    """A record of as many of ``history``'s entries as the engine takes, in order."""
    record = GameRecord(rules, Seat(first))
    for entry in history:
        try:
            record.record(entry)
        except Exception:
            break
    return record


def state(record: GameRecord) -> tuple[Any, ...]:
    """Everything a recorder or a store reads of a record's state."""
    game = record.game
    hands = tuple(
        (h.phase, h.to_act(), h.trick, tuple(h.actions), h.finished, h.points(), h.flags[:])
        for h in game.hands
    )
    return (
        tuple(game.results()),
        hands,
        game.score,
        game.winner,
        record.next_dealer(),
        tuple(record.history),
        None if record.hand is None else record.hand.expected(),
    )


def replayed(record: GameRecord, length: int) -> GameRecord:
    fresh = GameRecord(record.rules, record.first_dealer, record.initial_score)
    fresh.replay(record.history[:length])
    return fresh


@pytest.mark.parametrize("seed", range(8))
def test_truncating_at_every_place_is_a_replay_of_what_is_kept(seed: int) -> None:
    rules = Rules.build(RULE_SETS[seed % len(RULE_SETS)])
    full = recorded(rules, seed % 4, history_of(seed, rules))
    assert len(full.history) > 40
    for length in range(len(full.history), -1, -1):
        record = recorded(rules, seed % 4, full.history)
        record.truncate(length)
        assert state(record) == state(replayed(full, length)), length


@pytest.mark.parametrize("seed", range(8, 20))
def test_undo_after_undo_then_recording_on_matches_a_replay(seed: int) -> None:
    """A session's life: undo a few entries (across hands too), record some back, undo
    again; after every step the state is a replay's."""
    rules = Rules.build(RULE_SETS[seed % len(RULE_SETS)])
    full = recorded(rules, seed % 4, history_of(seed, rules))
    rng = random.Random(seed)
    record = recorded(rules, seed % 4, full.history)
    for _ in range(30):
        cut = max(0, len(record.history) - rng.randrange(1, 40))
        record.truncate(cut)
        assert state(record) == state(replayed(full, cut))
        for entry in full.history[cut : cut + rng.randrange(0, 30)]:
            record.record(entry)
        assert state(record) == state(replayed(full, len(record.history)))


@pytest.mark.parametrize("seed", range(20, 26))
def test_restore_puts_back_an_earlier_history(seed: int) -> None:
    """``restore`` is what a refused line's rollback does: from any history that shares a
    start with the saved one, the saved state comes back, as a replay gives it."""
    rules = Rules.build(RULE_SETS[seed % len(RULE_SETS)])
    full = recorded(rules, seed % 4, history_of(seed, rules))
    rng = random.Random(seed)
    for _ in range(20):
        saved = full.history[: rng.randrange(len(full.history) + 1)]
        record = recorded(rules, seed % 4, full.history[: rng.randrange(len(full.history) + 1)])
        record.restore(list(saved))
        assert state(record) == state(replayed(full, len(saved)))


def test_a_won_game_taken_back_past_its_winning_hand_plays_on() -> None:
    """The winner is found again after a cut: a game won and cut back before the winning
    hand is in progress, and the next hand may be dealt."""
    rules = Rules.build({"preset": "classic", "target": 3})
    full = recorded(rules, 0, history_of(3, rules))
    assert full.game.winner is not None
    last_start = max(i for i, e in enumerate(full.history) if isinstance(e, StartHand))
    record = recorded(rules, 0, full.history)
    record.truncate(last_start)
    assert record.game.winner is None
    record.record(full.history[last_start])
    assert state(record) == state(replayed(full, last_start + 1))
