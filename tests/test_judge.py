"""The dispute judge on its own terms (``engine.judge.DisputeJudge``): a renege is the
follow-suit rule broken, flagged as soon as the record proves it; a call waits for proof.

The judge through the recorder and the files: ``test_reneges.py``, ``test_disputes.py``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine.actions import Call, Pass, Play, RenegeCall
from euchre_log.engine.cards import (
    CARDS,
    DIAMONDS,
    EAST,
    NO_SUIT,
    NORTH,
    SOUTH,
    WEST,
    Seat,
    legal_mask,
    parse_card,
)
from euchre_log.engine.flags import FALSE, PENDING, UPHELD
from euchre_log.engine.hand import FLAGGED, LEGAL, PLAY
from euchre_log.engine.judge import DisputeJudge
from euchre_log.engine.rules import Rules

from .drawn import seeded_deal


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_a_known_hand_s_play_is_flagged_exactly_when_it_breaks_the_follow_suit_rule(
    seed: int,
) -> None:
    """Every deal known: at each card of a clean hand, each card the seat holds is legal
    when ``cards.legal_mask`` allows it and flagged as a renege when it does not."""
    dealt, hand = seeded_deal(DisputeJudge, seed)
    for action in dealt.actions:
        if isinstance(action, Play) and hand.phase == PLAY and hand.knows_cards(action.seat):
            seat, held = action.seat, hand.known_cards(action.seat)
            legal = legal_mask(held, hand.led if hand.trick_pos else NO_SUIT, hand.trump)
            for c in range(32):
                if (held >> c) & 1:
                    assert hand.can(Play(seat, CARDS[c])) is (
                        LEGAL if (legal >> c) & 1 else FLAGGED
                    )
        hand.apply(action)
    assert hand.flags == []


def _led_clubs(deal: dict[Seat, tuple[int, ...]] | None = None) -> DisputeJudge:
    """W deals; N makes diamonds and leads the ace of clubs; E plays the ace of hearts."""
    hand = DisputeJudge(Rules(), WEST, parse_card("9h"), deal=deal)
    hand.extend([*(Pass(s) for s in (NORTH, EAST, SOUTH, WEST)), Call(NORTH, DIAMONDS)])
    hand.extend([Play(NORTH, parse_card("ac")), Play(EAST, parse_card("ah"))])
    return hand


def test_a_call_on_an_unknown_hand_waits_and_a_later_club_upholds_it() -> None:
    hand = _led_clubs()
    assert hand.apply(RenegeCall(SOUTH, EAST, 1)) == ()
    assert [v.status for v in hand.calls] == [PENDING]
    hand.extend([Play(SOUTH, parse_card("9c")), Play(WEST, parse_card("tc"))])
    hand.extend([Play(NORTH, parse_card("kc")), Play(EAST, parse_card("qc"))])  # a club
    assert [v.status for v in hand.calls] == [UPHELD] and hand.upheld_call
    assert [(f.kind, f.proof) for f in hand.flags] == [("renege", "later_play")]


def test_a_call_on_a_seat_that_followed_suit_is_false_at_once() -> None:
    hand = _led_clubs()
    flags = hand.apply(RenegeCall(EAST, NORTH, 1))
    assert [f.kind for f in flags] == ["false_renege_call"]
    assert [v.status for v in hand.calls] == [FALSE] and not hand.pending_calls()


def test_an_unresolved_call_is_reported_when_the_record_stops() -> None:
    hand = _led_clubs()
    hand.apply(RenegeCall(SOUTH, EAST, 1))
    assert [f.kind for f in hand.result_flags()] == ["unresolved_renege_call"]
    assert hand.flags == []
