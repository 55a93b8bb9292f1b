"""The play machine on its own (``engine.bidding`` and ``engine.play``): phases, turns,
tricks and the score, knowing nothing of who holds which card or of proofs.

The hand's other two parts are tested in ``test_holdings.py`` (card knowledge) and
``test_judge.py`` (the dispute judge); the whole ``HandState`` through the recorder in
``test_legal.py``, ``test_reneges.py``, ``test_disputes.py`` and ``test_variants.py``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine.actions import Call, Discard, Order, Pass, Play
from euchre_log.engine.bidding import DISCARD, PLAY, ROUND_TWO, Bidding
from euchre_log.engine.cards import CLUBS, EAST, NO_SUIT, NORTH, SOUTH, WEST, Seat, parse_card
from euchre_log.engine.flags import IllegalAction
from euchre_log.engine.hand import HandState
from euchre_log.engine.play import PlayMachine
from euchre_log.engine.rules import Rules
from euchre_log.engine.simulate import random_hand


def _round_two(machine: PlayMachine) -> None:
    machine.extend([Pass(EAST), Pass(SOUTH), Pass(WEST), Pass(NORTH)])


def test_the_machine_keeps_no_card_knowledge_and_no_disputes() -> None:
    machine = PlayMachine(Rules(), NORTH, parse_card("9h"))
    for name in ("owner", "held", "slack", "borrow", "unseen", "calls", "reneged"):
        assert not hasattr(machine, name), name
    assert issubclass(PlayMachine, Bidding)


def test_bidding_passes_round_one_then_a_call_starts_the_play() -> None:
    machine = PlayMachine(Rules(), NORTH, parse_card("9h"))
    _round_two(machine)
    assert machine.phase == ROUND_TWO and machine.trump == NO_SUIT
    machine.apply(Call(EAST, CLUBS))
    assert (machine.phase, machine.trump, machine.maker, machine.to_act()) == (PLAY, 0, EAST, EAST)


def test_an_order_makes_the_dealer_discard_first() -> None:
    machine = PlayMachine(Rules(), NORTH, parse_card("9h"))
    machine.apply(Order(EAST))
    assert (machine.phase, machine.to_act()) == (DISCARD, NORTH)
    machine.apply(Discard(NORTH, parse_card("9c")))
    assert (machine.phase, machine.discard) == (PLAY, parse_card("9c"))


def test_the_machine_refuses_a_play_out_of_turn_and_a_card_played_twice() -> None:
    machine = PlayMachine(Rules(), NORTH, parse_card("9h"))
    _round_two(machine)
    machine.apply(Call(EAST, CLUBS))
    with pytest.raises(IllegalAction, match="it is E's turn to play"):
        machine.apply(Play(SOUTH, parse_card("ac")))
    machine.apply(Play(EAST, parse_card("ac")))
    with pytest.raises(IllegalAction, match="AC, but it is already played"):
        machine.apply(Play(SOUTH, parse_card("ac")))


def test_the_trick_goes_to_the_highest_trump_or_card_of_the_led_suit() -> None:
    machine = PlayMachine(Rules(), NORTH, parse_card("9h"))
    _round_two(machine)
    machine.apply(Call(EAST, CLUBS))  # clubs: the jack of spades is the left bower
    machine.extend(
        [
            Play(EAST, parse_card("ad")),
            Play(SOUTH, parse_card("kd")),
            Play(WEST, parse_card("js")),  # a trump on a diamond lead
            Play(NORTH, parse_card("ac")),  # a higher card, but below the left bower
        ]
    )
    assert machine.winners == [WEST] and machine.tricks == [0, 1]
    assert machine.to_act() == WEST and machine.leaders == [EAST]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["classic", "family", "canadian", "benny"]))
def test_alone_the_machine_scores_a_clean_hand_as_the_whole_engine_does(
    seed: int, preset: str
) -> None:
    """The simulator's players follow suit, so nothing there is for card knowledge or the
    judge to add: the machine alone must reach the same tricks and points."""
    rules = Rules.build({"preset": preset})
    dealt = random_hand(random.Random(seed), rules, Seat(seed % 4))
    machine = PlayMachine(rules, dealt.dealer, dealt.upcard, kitty=dealt.kitty)
    whole = HandState(rules, dealt.dealer, dealt.upcard, kitty=dealt.kitty)
    machine.extend(dealt.actions)
    whole.extend(dealt.actions)
    assert whole.flags == [] == machine.flags
    assert (machine.winners, machine.tricks, machine.points(), machine.outcome) == (
        whole.winners,
        whole.tricks,
        whole.points(),
        whole.outcome,
    )
