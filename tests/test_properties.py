"""Hypothesis properties: legal hands, under any table's rules, keep every invariant.

Every hand is drawn choice by choice (``tests/drawn.py``): the deal, each bid, each
variant action and each card, from what is legal at that moment. A failure shrinks to a
short hand whose every draw the falsifying example lists.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from euchre_log.engine import HandState, Play, Rules
from euchre_log.engine.cards import CARDS, SEATS, Seat, left_of
from euchre_log.engine.simulate import DealtHand
from euchre_log.formats.reader import play_log, read_log
from euchre_log.formats.writer import game_info, log_dict

from .drawn import draw_game, draw_hand, effective_suit, rule_options, trick_winner

PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}
HANDS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
GAMES = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def play(rules: Rules, dealt: DealtHand, with_deal: bool = True) -> HandState:
    deal = {s: dealt.hands[s] for s in SEATS} if with_deal else None
    hand = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    for action in dealt.actions:
        hand.apply(action)
    return hand


def expected_points(rules: Rules, hand: HandState) -> tuple[int, int]:
    """000's scoring table, written out again row by row."""
    if hand.maker < 0 or hand.outcome == "thrown_in":
        return (0, 0)
    makers = hand.maker & 1
    took = hand.tricks[makers]
    points = [0, 0]
    if took == 5:
        points[makers] = (8 if hand.blind else 4) if hand.alone else 2  # (lone, blind) march
    elif took >= 3:
        points[makers] = 1  # made, alone or not
    else:
        lone_defender = hand.alone and hand.defender >= 0 and rules.defend_alone
        points[1 - makers] = rules.defend_alone_points if lone_defender else 2
        if took == 0 and rules.super_euchre:
            points[1 - makers] = max(points[1 - makers], 4)
    return (points[0], points[1])


def first_leader(rules: Rules, hand: HandState) -> int:
    """Who leads trick 1: left of the dealer, or left of a lone maker under
    ``loner_lead: left_of_loner``, skipping a seat that sits out."""
    alone_lead = hand.alone and rules.loner_lead == "left_of_loner"
    seat = left_of(hand.maker if alone_lead else hand.dealer)
    while not hand.active(seat):
        seat = left_of(seat)
    return seat


def assert_hand_invariants(rules: Rules, dealt: DealtHand, hand: HandState) -> None:
    """What holds for every legal hand, played out or passed out or thrown in."""
    # Legal play raises no flag.
    assert hand.flags == [], [f.message for f in hand.flags]
    plays = [a for a in dealt.actions if isinstance(a, Play)]
    # Every card is played at most once.
    assert len({p.card for p in plays}) == len(plays)
    if hand.maker < 0 or hand.outcome == "thrown_in":
        assert hand.outcome in ("passed_out", "thrown_in") and hand.finished
        assert plays == [] and hand.points() == (0, 0) and hand.tricks == [0, 0]
        return
    assert hand.finished and hand.outcome in ("made", "march", "euchred")
    # Each active seat plays 5 cards, one on each trick; a seat that sits out plays none.
    for seat in range(4):
        mine = [p for p in plays if p.seat == seat]
        assert len(mine) == (5 if hand.active(Seat(seat)) else 0)
        # ...and, unless cards changed hands (a farmer's hand, partner's best), they are
        # the cards it was dealt.
        swapped = any(
            getattr(a, "seat", None) in (seat, seat ^ 2)
            and a.TYPE in ("farmers_hand", "partners_best")
            for a in dealt.actions
        )
        if not swapped and hand.active(Seat(seat)):
            # Every card of the hand is played once: the five dealt (the dealer's with the
            # upcard taken up and the discard gone).
            held = set(dealt.hands[seat])
            discards = [a.card for a in dealt.actions if a.TYPE == "discard"]
            if seat == dealt.dealer and discards:
                held.add(dealt.upcard)
                if discards[0] is not None:
                    held.discard(discards[0])
                    assert {p.card for p in mine} == held
                else:  # an unseen discard: one of the six
                    assert {p.card for p in mine} < held
            else:
                assert {p.card for p in mine} == held
    # Trick by trick: who leads, the order of play and who wins, worked out again.
    active = [s for s in range(4) if hand.active(Seat(s))]
    leader = first_leader(rules, hand)
    won = Counter[int]()
    for t in range(5):
        trick = plays[t * len(active) : (t + 1) * len(active)]
        order, s = [leader], leader
        while len(order) < len(active):
            s = left_of(Seat(s))
            if hand.active(s):
                order.append(s)
        assert [p.seat for p in trick] == order, f"trick {t + 1}"
        leader = trick_winner([(p.seat, p.card) for p in trick], hand.trump)
        assert hand.winners[t] == leader, f"trick {t + 1}"
        won[leader & 1] += 1
    # The tricks add up to 5, as the tricks won, and the points follow the scoring table.
    assert sum(hand.tricks) == 5 and hand.tricks == [won[0], won[1]]
    assert hand.points() == expected_points(rules, hand)
    took = hand.tricks[hand.maker & 1]
    assert hand.outcome == ("march" if took == 5 else "made" if took >= 3 else "euchred")


@HANDS
@given(options=rule_options, dealer=st.integers(0, 3), data=st.data())
def test_random_legal_hands_keep_every_invariant(
    options: dict[str, Any], dealer: int, data: st.DataObject
) -> None:
    rules = Rules.build(options)
    dealt = draw_hand(data, rules, dealer)
    hand = play(rules, dealt)
    assert_hand_invariants(rules, dealt, hand)
    # The same hand without the deal gives the same verdict.
    bare = play(rules, dealt, with_deal=False)
    assert (bare.tricks, bare.points(), bare.outcome, bare.flags) == (
        hand.tricks,
        hand.points(),
        hand.outcome,
        hand.flags,
    )


@HANDS
@given(options=rule_options, dealer=st.integers(0, 3), data=st.data())
def test_a_file_read_at_once_gives_the_state_of_a_hand_recorded_entry_by_entry(
    options: dict[str, Any], dealer: int, data: st.DataObject
) -> None:
    """``extend`` (how files are read, plays in runs) and ``apply`` (how the recorder
    takes one entry at a time) leave the same state after any prefix of a hand."""
    rules = Rules.build(options)
    dealt = draw_hand(data, rules, dealer)
    k = data.draw(st.integers(0, len(dealt.actions)), label="entries recorded")
    deal = {s: dealt.hands[s] for s in SEATS}
    one_by_one = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    for action in dealt.actions[:k]:
        one_by_one.apply(action)
    at_once = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    at_once.extend(list(dealt.actions[:k]))
    assert at_once.snapshot() == one_by_one.snapshot()


def renege_candidates(hand: HandState) -> list[tuple[int, int, int]]:
    """(seat, t, u): the seat followed suit on trick t and played off that suit on a
    later trick u; swapping those two cards makes a renege on trick t."""
    out = []
    for t in range(5):
        leader = hand.leaders[t]
        led = effective_suit(hand.cards_at[t * 4 + leader], hand.trump)
        for seat in range(4):
            x = hand.cards_at[t * 4 + seat]
            if seat == leader or x < 0 or effective_suit(x, hand.trump) != led:
                continue
            for u in range(t + 1, 5):
                if effective_suit(hand.cards_at[u * 4 + seat], hand.trump) != led:
                    out.append((seat, t, u))
    return out


@HANDS
@given(options=rule_options, dealer=st.integers(0, 3), with_deal=st.booleans(), data=st.data())
def test_an_injected_renege_is_always_flagged_on_the_right_seat_and_trick(
    options: dict[str, Any], dealer: int, with_deal: bool, data: st.DataObject
) -> None:
    rules = Rules.build(options)
    dealt = draw_hand(data, rules, dealer)
    hand = play(rules, dealt)
    assume(hand.maker >= 0 and hand.outcome != "thrown_in")
    candidates = renege_candidates(hand)
    assume(candidates)
    seat, t, u = data.draw(st.sampled_from(candidates), label="renege (seat, trick, later trick)")
    # Each seat plays its cards in the same order, but the reneging seat swaps two of them:
    # the tricks are played again from the first card (leads may change after trick t).
    order = {s: [hand.cards_at[k * 4 + s] for k in range(5)] for s in range(4)}
    order[seat][t], order[seat][u] = order[seat][u], order[seat][t]
    first_play = next(i for i, a in enumerate(dealt.actions) if isinstance(a, Play))
    deal = {s: dealt.hands[s] for s in SEATS} if with_deal else None
    reneged = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    for a in dealt.actions[:first_play]:
        reneged.apply(a)
    while not reneged.finished:
        s = reneged.turn
        reneged.apply(Play(s, CARDS[order[s][reneged.plays_made(s)]]))
    flagged = {(f.seat, f.trick) for f in reneged.flags if f.kind == "renege"}
    assert (seat, t + 1) in flagged, [f.message for f in reneged.flags]
    # Only reneges: the swap changes no bid.
    assert {f.kind for f in reneged.flags} == {"renege"}


@GAMES
@given(
    options=rule_options,
    first_dealer=st.integers(0, 3),
    start=st.tuples(st.integers(0, 4), st.integers(0, 4)),
    data=st.data(),
)
def test_games_keep_score_end_at_the_target_and_round_trip_through_the_file_format(
    options: dict[str, Any], first_dealer: int, start: tuple[int, int], data: st.DataObject
) -> None:
    options["target"] = min(options["target"], 7)  # short games: each hand is many draws
    rules = Rules.build(options)
    assume(max(start) < rules.target)
    game, dealt = draw_game(data, rules, first_dealer=first_dealer, initial_score=start)
    results = game.results()
    # The deal passes left, every hand keeps the invariants, and nothing is flagged.
    for k, (hand, d) in enumerate(zip(game.hands, dealt, strict=True)):
        assert hand.dealer == (first_dealer + k) % 4
        assert_hand_invariants(rules, d, hand)
    # The score is the starting score plus every hand's points, hand after hand.
    ns, ew = start
    for r in results:
        ns, ew = ns + r.points[0], ew + r.points[1]
        assert r.score_after == (ns, ew)
    assert game.score == (ns, ew)
    # The game ends with the first hand that takes a side to the target, and that side won.
    reached = [k for k, r in enumerate(results) if max(r.score_after) >= rules.target]
    if game.winner is None:
        assert reached == [] and len(results) == 30
    else:
        assert reached == [len(results) - 1]
        assert game.score[game.winner] >= rules.target
        assert game.score[game.winner] > game.score[1 - game.winner]
    # Written out and read back, it is the same game.
    doc = json.loads(json.dumps(log_dict(game_info(PLAYERS, rules, initial_score=start), game)))
    again = play_log(read_log(doc))
    assert again.results() == results
    assert [h.actions for h in again.hands] == [h.actions for h in game.hands]
