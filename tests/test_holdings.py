"""Card knowledge on its own (``engine.holdings.CardKnowledge``): who may hold which card,
as the record shows it, and the plays it refuses for it, with no proofs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine.actions import Action, Call, Discard, Order, Pass, Play
from euchre_log.engine.cards import (
    CLUBS,
    DIAMONDS,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    Seat,
    cards_of,
    parse_card,
)
from euchre_log.engine.flags import IllegalAction
from euchre_log.engine.hand import HandState
from euchre_log.engine.holdings import CardKnowledge
from euchre_log.engine.rules import Rules

from .drawn import seeded_deal

FIVE = tuple(parse_card(c) for c in ("ah", "kc", "qc", "jc", "tc"))


def _cards(*tokens: str) -> int:
    return sum(1 << parse_card(t) for t in tokens)


def test_a_dealt_hand_is_known_and_the_others_may_hold_any_card_seen_nowhere() -> None:
    hand = CardKnowledge(Rules(), NORTH, parse_card("9h"), deal={EAST: FIVE})
    assert hand.knows_hand(EAST) and hand.knows_cards(EAST) and not hand.knows_hand(SOUTH)
    assert sorted(cards_of(hand.known_cards(EAST))) == sorted(FIVE)
    assert hand.possible_cards(EAST) == hand.known_cards(EAST)
    # 24 cards less the upcard and East's five.
    assert hand.possible_cards(SOUTH).bit_count() == 18
    assert not hand.possible_cards(SOUTH) & hand.known_cards(EAST)


def test_the_upcard_taken_up_is_the_dealers_and_an_unseen_discard_leaves_slack() -> None:
    hand = CardKnowledge(Rules(), NORTH, parse_card("9h"), deal={NORTH: FIVE})
    hand.apply(Order(EAST))
    assert hand.known_cards(NORTH) >> parse_card("9h") & 1
    hand.apply(Discard(NORTH, None))
    # Six known cards, one of them gone unseen: the hand is known, not every card in it.
    assert hand.knows_hand(NORTH) and not hand.knows_cards(NORTH)
    assert hand.known_cards(NORTH).bit_count() == 6


def test_it_refuses_a_card_the_record_places_elsewhere() -> None:
    hand = CardKnowledge(Rules(), NORTH, parse_card("9h"), deal={EAST: FIVE})
    hand.extend([Pass(EAST), Pass(SOUTH), Pass(WEST), Pass(NORTH), Call(EAST, DIAMONDS)])
    with pytest.raises(IllegalAction, match="E played AS, but E's dealt hand does not hold it"):
        hand.apply(Play(EAST, parse_card("as")))
    hand.apply(Play(EAST, parse_card("ah")))
    with pytest.raises(IllegalAction, match="S played KC, but it is in E's hand"):
        hand.apply(Play(SOUTH, parse_card("kc")))
    with pytest.raises(IllegalAction, match="already played by E on trick 1"):
        hand.apply(Play(SOUTH, parse_card("ah")))


def test_a_show_out_is_known_but_proves_nothing_here() -> None:
    """East is known to hold clubs and shows out of them: card knowledge records the void;
    flagging the renege is the judge's (the whole ``HandState``)."""
    actions: list[Action] = [
        *(Pass(s) for s in (NORTH, EAST, SOUTH, WEST)),
        Call(NORTH, DIAMONDS),
        Play(NORTH, parse_card("ac")),
        Play(EAST, parse_card("ah")),  # holding four clubs
    ]
    knowledge = CardKnowledge(Rules(), WEST, parse_card("9h"), deal={EAST: FIVE})
    knowledge.extend(actions)
    assert knowledge.showed_out(EAST, CLUBS) and not knowledge.showed_out(EAST, DIAMONDS)
    assert knowledge.flags == []
    whole = HandState(Rules(), WEST, parse_card("9h"), deal={EAST: FIVE})
    whole.extend(actions)
    assert [(f.kind, f.seat, f.proof) for f in whole.flags] == [("renege", EAST, "deal")]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_every_card_is_in_one_place_and_possible_cards_cover_each_hand(seed: int) -> None:
    """All four deals known, at every step: each seat's possible cards are its known ones,
    exactly the cards dealt to it less those it played (and the upcard for a dealer who
    took it, less the discard)."""
    dealt, hand = seeded_deal(CardKnowledge, seed)
    for action in dealt.actions:
        hand.apply(action)
        for seat in range(4):
            now = sum(1 << c for c in dealt.hands[seat])
            if seat == hand.dealer and any(isinstance(a, Order) for a in hand.actions):
                now |= 1 << hand.upcard
                if hand.discard is not None:
                    now &= ~(1 << hand.discard)
            for c in hand.cards_at:
                if c >= 0:
                    now &= ~(1 << c)
            assert hand.possible_cards(Seat(seat)) == hand.known_cards(Seat(seat)) == now
        assert hand.unseen & (hand.known_cards(NORTH) | hand.known_cards(EAST)) == 0
