"""The fair review of bids: each call a bidder could make, valued over the worlds of its
view before the bidding (REVIEW.md, "bids"): everyone else passing, nobody defending
alone, the normal opening lead, a dealer who picks up discarding the card best for the
dealer's side."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from euchre_log.engine import HandState, Rules
from euchre_log.engine.actions import Action, Call, Discard, FarmersHand, Order, Pass
from euchre_log.engine.cards import SEATS, SUITS, Seat, Suit, cards_of, parse_card
from euchre_log.engine.fair import (
    NotReviewed,
    _call_points,
    bids_reason,
    opening_leader,
    review_bids,
)
from euchre_log.engine.scoring import trick_points
from euchre_log.engine.solver import Position, Solver
from euchre_log.engine.views import BidView, bid_view

from .brute import Brute, masks_to_sets

N, E, S, W = SEATS
C, D, H, SP = SUITS


def dealt(text: dict[Seat, str]) -> dict[Seat, tuple[int, ...]]:
    return {s: tuple(parse_card(c) for c in t.split()) for s, t in text.items()}


def record(
    deal: dict[Seat, str],
    upcard: str,
    actions: list[Action],
    *,
    dealer: int = W,
    rules: Rules | None = None,
) -> HandState:
    hand = HandState(
        rules or Rules.build({"preset": "classic"}),
        Seat(dealer),
        parse_card(upcard),
        deal=dealt(deal),
    )
    hand.extend(actions)
    return hand


def options(
    hand: HandState, samples: int = 30
) -> list[tuple[int, str, str | None, dict[str, Fraction]]]:
    return [
        (b.seat, b.action, b.call, {o.call: o.ev for o in b.options})
        for b in review_bids(hand, "bids", samples)
    ]


# N holds the five best hearts: ordering hearts marches whatever the others hold.
TOP_FIVE = {
    N: "JH JD AH KH QH",
    E: "TH AS KS JC 9D",
    S: "AC KD QS TS 9S",
    W: "AD KC QC TD 9C",
}


def test_the_five_best_trumps_march_in_every_world() -> None:
    # With J♥ J♦ A♥ K♥ Q♥ (9♥ turned up, W dealing), N takes every trick whoever leads
    # and whatever W puts down: a march, 2 points, or 4 alone. Every world agrees, so
    # the standard error is 0.
    hand = record(TOP_FIVE, "9H", [Order(N)])
    (bid,) = review_bids(hand, "top", 40)
    assert (bid.seat, bid.action, bid.call) == (N, "order", "order")
    assert {o.call: (o.ev, o.se2) for o in bid.options} == {
        "order": (Fraction(2), Fraction(0)),
        "order_alone": (Fraction(4), Fraction(0)),
    }
    assert not bid.exact and bid.solved == 40 and bid.worlds == 617_512_896


def test_the_dealer_picking_up_discards_the_card_best_for_its_side() -> None:
    # W deals with J♥ J♦ A♥ K♥ 9♣ and Q♥ turned up: taking it up and putting down 9♣
    # leaves the five best hearts, a march (any other discard would throw a trump away
    # and risk a trick): 2 points, 4 alone, in every world.
    deal = {
        N: "AC KC QC TC 9D",
        E: "AD KD QD TD 9S",
        S: "AS KS QS JS TS",
        W: "JH JD AH KH 9C",
    }
    hand = record(deal, "QH", [Pass(N), Pass(E), Pass(S), Order(W), Discard(W, parse_card("9C"))])
    got = options(hand)
    assert [(s, a, c) for s, a, c, _ in got] == [
        (N, "pass", None),
        (E, "pass", None),
        (S, "pass", None),
        (W, "order", "order"),
    ]
    assert got[3][3] == {"order": 2, "order_alone": 4}
    for _, _, _, values in got:
        assert set(values) == {"order", "order_alone"}


def test_round_two_offers_every_suit_but_the_one_turned_down() -> None:
    passes: list[Action] = [Pass(N), Pass(E), Pass(S), Pass(W)]
    hand = record(TOP_FIVE, "9H", [*passes, Pass(N), Pass(E), Call(S, SP)])
    got = options(hand, 8)
    assert len(got) == 7
    for _, action, call, values in got[:4]:
        assert action == "pass" and call is None and set(values) == {"order", "order_alone"}
    for _, _, _, values in got[4:]:
        assert set(values) == {"C", "C_alone", "D", "D_alone", "S", "S_alone"}
    assert got[6][:3] == (S, "call", "S")


def test_a_hand_passed_out_has_a_bid_for_each_pass() -> None:
    passes: list[Action] = [Pass(s) for s in (N, E, S, W)]
    hand = record(TOP_FIVE, "9H", passes * 2)
    assert hand.finished
    got = options(hand, 6)
    assert [a for _, a, _, _ in got] == ["pass"] * 8
    # N passed with the five best hearts: ordering them marches.
    assert got[0][3] == {"order": 2, "order_alone": 4}


def test_the_canadian_loner_leaves_the_dealers_partner_only_the_lone_order() -> None:
    rules = Rules.build({"preset": "canadian"})
    hand = record(TOP_FIVE, "9H", [Pass(N), Order(E, alone=True)], rules=rules)
    got = options(hand, 6)
    assert set(got[0][3]) == {"order", "order_alone"}
    assert set(got[1][3]) == {"order_alone"}  # E, W's partner, must go alone


def test_a_sample_repeats_from_its_seed() -> None:
    hand = record(TOP_FIVE, "9H", [Pass(N), Pass(E), Order(S)])
    assert review_bids(hand, "x", 12) == review_bids(hand, "x", 12)
    assert review_bids(hand, "x", 12) != review_bids(hand, "y", 12)


def test_bids_need_every_dealt_hand() -> None:
    hand = HandState(Rules.build({}), W, parse_card("9H"), deal=dealt({N: TOP_FIVE[N]}))
    hand.extend([Order(N)])
    assert bids_reason(hand) == "not every player's five dealt cards are known"
    with pytest.raises(NotReviewed, match="dealt cards"):
        review_bids(hand, "x")
    # E swaps three nines for the kitty (a farmer's hand): the deal no longer says what
    # E held while bidding.
    nines = {
        N: "JH JD AH KH QH",
        E: "9D 9S 9C AS KS",
        S: "AC KD QS TS TH",
        W: "AD KC QC TD JC",
    }
    farmers = record(nines, "9H", [], rules=Rules.build({"farmers_hand": "three_card"}))
    assert bids_reason(farmers) is None
    farmers.apply(FarmersHand(E, (parse_card("9D"), parse_card("9S"), parse_card("9C"))))
    assert bids_reason(farmers) == (
        "cards changed hands before play (a farmer's hand or partner's best): what each "
        "player could see is not worked out"
    )


# ---------------------------------------------------------------------------
# One world: the call's points worked out apart.


def points_apart(
    rules: Rules, view: BidView, world: tuple[int, int, int, int], call: Order | Call, trump: int
) -> int:
    """What the call scores in this deal, worked out with the open-hand solver: the seat
    makes trump, its partner sits out when alone, the lead is the seat left of the dealer
    (or of the loner under ``left_of_loner``), and a dealer who picks up tries every
    discard and keeps the one whose points are best for the dealer's side."""
    seat, dealer = view.seat, view.dealer
    team = seat % 2
    partner = (seat + 2) % 4
    sitting = 1 << partner if call.alone else 0
    hands = list(world)
    if call.alone:
        hands[partner] = 0
    start = seat if call.alone and rules.loner_lead == "left_of_loner" else dealer
    leader = (start + 1) % 4
    while (sitting >> leader) & 1:
        leader = (leader + 1) % 4
    choices = [hands]
    if isinstance(call, Order) and not (sitting >> dealer) & 1:
        six = hands[dealer] | 1 << view.upcard
        choices = []
        for c in cards_of(six):
            h = list(hands)
            h[dealer] = six & ~(1 << c)
            choices.append(h)
    scores = []
    for h in choices:
        pos = Position(Suit(trump), (h[0], h[1], h[2], h[3]), Seat(leader), (), sitting)
        tricks = Solver().solve(pos, team)
        pts = trick_points(rules, team, tricks, alone=call.alone)[0]
        scores.append(pts[team] - pts[1 - team])
    return max(scores) if dealer % 2 == team else min(scores)


@pytest.mark.parametrize("loner_lead", ["left_of_dealer", "left_of_loner"])
def test_a_calls_points_in_one_deal_as_worked_out_apart(loner_lead: str) -> None:
    rules = Rules.build({"preset": "family", "loner_lead": loner_lead})
    rng = random.Random(loner_lead)
    checked = 0
    for _ in range(6):
        cards = [s * 8 + r for s in range(4) for r in range(2, 8)]
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[i * 5 : i * 5 + 5]) for i in range(4))
        world = (hands[0], hands[1], hands[2], hands[3])
        upcard, dealer = cards[20], rng.randrange(4)
        hand = HandState(rules, Seat(dealer), upcard)
        for seat in range(4):
            view = bid_view(hand, Seat(seat), world)
            calls: list[Order | Call] = [Order(Seat(seat)), Order(Seat(seat), True)]
            calls += [
                Call(Seat(seat), Suit(s), alone)
                for s in range(4)
                if s != upcard // 8
                for alone in (False, True)
            ]
            for call in calls:
                trump = upcard // 8 if isinstance(call, Order) else call.suit
                got, _ = _call_points(rules, view, Solver(), world, call, Suit(trump), 1)
                assert got == points_apart(rules, view, world, call, trump), (seat, call)
                checked += 1
    assert checked == 6 * 4 * 8


def test_a_lone_order_against_the_brute_force() -> None:
    # The brute force of tests/brute.py, on lone orders (15 cards in play): the dealer's
    # discard chosen for the dealer's side, the opening lead left of the dealer.
    rules = Rules.build({"preset": "classic"})
    rng = random.Random(5)
    for _ in range(2):
        cards = [s * 8 + r for s in range(4) for r in range(2, 8)]
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[i * 5 : i * 5 + 5]) for i in range(4))
        world = (hands[0], hands[1], hands[2], hands[3])
        upcard, dealer = cards[20], W
        seat = N  # an opponent of the dealer, going alone: S sits out
        trump = upcard // 8
        brute = Brute(trump, 1 << S)
        six = world[dealer] | 1 << upcard
        scores = []
        for c in cards_of(six):
            h = [world[0], world[1], 0, six & ~(1 << c)]
            ns = brute.ns(masks_to_sets(h), N, ())  # left of W is N
            pts = trick_points(rules, 0, ns, alone=True)[0]
            scores.append(pts[0] - pts[1])
        want = min(scores)  # W's side defends: it puts down what hurts N most
        view = bid_view(HandState(rules, dealer, upcard), seat, world)
        got, _ = _call_points(rules, view, Solver(), world, Order(seat, True), Suit(trump), 1)
        assert got == want
        assert opening_leader(rules, dealer, seat, 1 << S) == N
