"""Legality as one query: ``HandState.legal_actions`` and ``can`` answer from the same code
path that records actions, and the follow-suit rule is ``cards.legal_mask`` everywhere.

Seed 000 §3: "If a ♦ is lead and a following player has no trump other than the [left
bower], then that player must follow suit with the [left bower]" (the seed's symbols were
lost; with diamonds trump the left bower is J♥, with hearts trump J♦).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine import Rules
from euchre_log.engine.actions import Call, Discard, Order, Pass, Play
from euchre_log.engine.cards import (
    CLUBS,
    DIAMONDS,
    EAST,
    HEARTS,
    NO_SUIT,
    NORTH,
    SEATS,
    SOUTH,
    WEST,
    cards_of,
    legal_mask,
    parse_card,
)
from euchre_log.engine.hand import FLAGGED, IMPOSSIBLE, LEGAL, HandState
from euchre_log.engine.simulate import random_hand

from .helpers import ORDER_UP_DEAL, session


def mask(*cards: str) -> int:
    out = 0
    for c in cards:
        out |= 1 << parse_card(c)
    return out


def test_the_left_bower_must_follow_a_trump_lead() -> None:
    # Hearts trump: J♦ is a heart. Holding J♦ and clubs, a heart lead must be followed by J♦.
    held = mask("JD", "9C", "AC")
    assert legal_mask(held, HEARTS, HEARTS) == mask("JD")
    # ... and J♦ does not follow a diamond lead: it is not a diamond this hand.
    assert legal_mask(held, DIAMONDS, HEARTS) == held
    # Leading, anything goes.
    assert legal_mask(held, NO_SUIT, HEARTS) == held


def test_legal_actions_in_each_phase_of_seed_001s_example() -> None:
    s = session(ORDER_UP_DEAL + "9h")
    hand = s.game.hands[0]
    assert hand.legal_actions() == [Pass(NORTH), Order(NORTH, False), Order(NORTH, True)]
    s.feed("p p p p")  # round two: North may pass or name any suit but hearts
    names = {(a.suit, a.alone) for a in hand.legal_actions() if isinstance(a, Call)}
    assert names == {(suit, alone) for suit in (0, 1, 3) for alone in (False, True)}
    s2 = session(ORDER_UP_DEAL + "9h o")
    discards = s2.game.hands[0].legal_actions()
    # West holds AD KC QC JD 9S and picked up 9H: any of the six, or "unseen".
    assert set(discards) == {Discard(WEST, None)} | {
        Discard(WEST, parse_card(c)) for c in ("AD", "KC", "QC", "JD", "9S", "9H")
    }
    s2.feed("9s ah")  # North leads A♥; East (TH AS KS JC 9D) must follow with 10♥
    assert s2.game.hands[0].legal_actions() == [Play(EAST, parse_card("th"))]


def test_an_unknown_hand_may_play_any_card_not_seen_elsewhere() -> None:
    s = session("9h o 9s\nah")
    legal = {a.card for a in s.game.hands[0].legal_actions() if isinstance(a, Play)}
    seen = {parse_card(c) for c in ("9H", "9S", "AH")}  # the upcard, the discard, the lead
    assert len(legal) == 24 - len(seen) and not legal & seen


def test_can_tells_legal_from_flagged_from_impossible() -> None:
    s = session(ORDER_UP_DEAL + "9h o 9s ah")  # North leads A♥; East holds TH AS KS JC 9D
    hand = s.game.hands[0]
    assert hand.can(Play(EAST, parse_card("th"))) is LEGAL
    assert hand.can(Play(EAST, parse_card("as"))) is FLAGGED  # a renege: a table can do it
    assert hand.can(Play(EAST, parse_card("ad"))) is IMPOSSIBLE  # West's card
    assert hand.can(Play(SOUTH, parse_card("9c"))) is IMPOSSIBLE  # not South's turn
    # Only a legal action is true: ``if hand.can(action)`` asks whether the rules allow it.
    assert [bool(v) for v in (LEGAL, FLAGGED, IMPOSSIBLE)] == [True, False, False]
    # As apply answers: the flagged play is taken, with its flag.
    assert [f.kind for f in hand.clone().apply(Play(EAST, parse_card("as")))] == ["renege"]


def test_a_stuck_dealer_may_not_pass() -> None:
    s = session("9h p p p p\np p p", rules={"stick_the_dealer": True})
    legal = s.game.hands[0].legal_actions()
    assert Pass(WEST) not in legal and Call(WEST, CLUBS, False) in legal


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["classic", "family", "canadian"]))
def test_every_card_the_simulator_plays_is_a_legal_action(seed: int, preset: str) -> None:
    """Dealt hands known, the engine's legal plays are exactly the follow-suit rule, and
    whatever it lists can be played without a flag."""
    rules = Rules.build({"preset": preset})
    dealt = random_hand(random.Random(seed), rules, WEST)
    deal = dict(zip(SEATS, dealt.hands, strict=True))
    hand = HandState(rules, dealt.dealer, dealt.upcard, deal=deal, kitty=dealt.kitty)
    for action in dealt.actions:
        if (
            isinstance(action, Play)
            and hand.hand_known[action.seat]
            and not hand.slack[action.seat]
        ):
            led = hand.led if hand.trick_pos else NO_SUIT
            plays = {a.card for a in hand.legal_actions() if isinstance(a, Play)}
            assert plays == set(cards_of(legal_mask(hand.held[action.seat], led, hand.trump)))
            assert action.card in plays
        assert hand.can(action) is LEGAL
        assert hand.apply(action) == ()
