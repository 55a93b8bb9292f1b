"""The open-hand review: REVIEW.md's fields, checked by hand, by brute force and as properties."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_log.engine import HandState, Rules
from euchre_log.engine.cards import CARD_TEXT, EW, NS, SEATS, SUITS, Seat, parse_card
from euchre_log.engine.positions import start_position
from euchre_log.engine.review import (
    COSTLY,
    COSTLY_POINTS,
    BestCall,
    HandReview,
    ParSuit,
    PlayReview,
    dealt_hands,
    hand_par,
    lone_marches,
    par_of_deal,
    player_totals,
    rank_order,
    review_hand,
)
from euchre_log.engine.scoring import trick_points
from euchre_log.engine.simulate import random_hand
from euchre_log.engine.solver import Position, Solver, legal_cards
from euchre_log.formats.load import games_from_data, load_games

from .brute import Brute, masks_to_sets
from .conftest import SAMPLES
from .helpers import ORDER_UP_DEAL, ORDER_UP_PLAY, session

C, D, H, S = SUITS
N, E, SOUTH, W = SEATS


def cards(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def card_list(text: str) -> tuple[int, ...]:
    """Cards in the order a mask lists them (lowest number first)."""
    return tuple(sorted(parse_card(c) for c in text.split()))


def texts(found: tuple[int, ...]) -> list[str]:
    return [CARD_TEXT[c] for c in found]


def sample_hand(name: str, number: int = 1) -> HandState:
    (game,) = load_games(SAMPLES / name)
    return game.game.hands[number - 1]


# ---------------------------------------------------------------------------
# Par of seed 001's two worked examples, worked out on paper.

# Seed 001, ordering up. West deals and turns up 9H; North leads (left of the dealer).
ORDER_UP_DEALT = (
    cards("AH KH QH TD 9C"),  # N
    cards("TH AS KS JC 9D"),  # E
    cards("JH AC KD QS TS"),  # S
    cards("AD KC QC JD 9S"),  # W, who picks up 9H when hearts are trump
)
# Seed 001, going alone. South deals and turns up JC; West leads.
ALONE_DEALT = (
    cards("AH KH QH TS 9C"),  # N
    cards("AD KD QD JD 9D"),  # E
    cards("JH TH 9H AC KC"),  # S, who picks up JC when clubs are trump
    cards("JS AS KS QS TD"),  # W
)


def test_par_of_seed_001_ordering_up_worked_on_paper() -> None:
    # Notation: T1..T5 are tricks; "forced" means the only legal card (or the only card
    # of the suit that matters). The kitty (QD TC JS, and 9H when not picked up) never
    # plays.
    #
    # CLUBS: EW 5. Trumps: E JC (right; the left bower JS is in the kitty), S AC, W KC QC,
    # N 9C. W is void in hearts, N in spades. Whatever N leads, E-W take every trick:
    #  - a heart: E TH, S JH (forced: S's only heart), W ruffs QC. W leads KC: N 9C, E JC
    #    and S AC are forced (each one's only trump), E wins and no trump is left. E cashes
    #    AS and KS (S must follow, W throws 9S then JD), then leads 9D: S's KD falls to
    #    W's AD. N-S never win a trick: 0.
    #  - 9C: E JC, S AC (forced), W QC; E cashes AS, KS (W throws 9S, JD), leads 9D to
    #    W's AD over S's KD, and W's KC takes the last. 0.
    #  - TD: E 9D, S KD (forced), W AD wins; W leads KC: 9C, JC, AC forced (E wins); E
    #    cashes AS, KS (W throws 9S, JD, keeping QC) and leads TH: S JH, W ruffs QC. 0.
    #
    # SPADES: EW 5. Trumps: E JC (left bower, the top trump in play: JS is in the
    # kitty) AS KS, S QS TS, W 9S; N has none. N leads:
    #  - a heart: E TH, S JH (forced), W (void) ruffs 9S. W leads AD: N TD, E 9D, S KD
    #    (each forced). W leads KC: N 9C (forced), E (void) ruffs, S AC (forced). E draws
    #    S's QS TS with JC and AS/KS. 0.
    #  - TD: E 9D, S KD (forced), W AD. W leads KC: N 9C, E ruffs KS, S AC. E leads TH:
    #    S JH (forced), W ruffs 9S. W leads QC: E (void in clubs) ruffs with JC, which
    #    S cannot beat. E's AS takes the last. 0.
    #  - 9C: E (void) ruffs KS, S AC (forced), W follows. E leads JC (S must follow, W
    #    plays 9S) and AS (S's last trump falls; W throws JD), then 9D: S KD, W AD. W's
    #    last club wins: nobody else has a club or a trump. 0.
    #
    # DIAMONDS: NS 3, EW 2. Trumps: W JD (right) AD, S JH (left) KD, N TD, E 9D.
    #  NS take 3: N leads 9C; E JC, S AC (forced) win T1. S leads TS: W 9S (forced), N
    #  (void) ruffs TD, E follows with AS/KS: T2. N leads QH: E TH (forced), S throws QS,
    #  keeping JH KD. If W throws his club, QH wins (3). If W ruffs AD, S's JH and KD
    #  face W's JD and last club: a JD lead costs S only KD, and S ruffs the club (3). If
    #  W ruffs JD, S's JH beats AD, or S ruffs the club (3 or more).
    #  EW take 2: W wins the first trick he can with JD and then leads AD.
    #  - N leads TD: E 9D. If S plays JH, W's JD captures it and W's AD then draws S's
    #    KD (EW 2). If S plays KD, W's JD wins and W leads AD; S's JH wins it, but N has
    #    no trump left and never gets the lead, and S's last spade falls to E's AS or KS.
    #  - N leads a heart: E TH (forced). If S ruffs JH, W overruffs JD and AD draws KD.
    #    If S ruffs KD, W overruffs JD, AD loses to JH, and S's spades fall to E's AS/KS
    #    (N can no longer ruff: TD went on AD). If S throws, W ruffs JD and leads AD:
    #    S's JH wins, but as before N has no trump left and S's last spade goes to E.
    #  - N leads 9C: JC, AC forced; S leads. A trump: W's JD wins it (N's TD and E's 9D
    #    must follow) and W leads AD, which draws KD after a JH lead, or loses to JH
    #    after a KD lead, when S's spades then fall to E's AS/KS (EW 2). A spade: W 9S,
    #    N ruffs TD, E follows; N leads a heart, E TH. S ruffs JH (W overruffs JD, AD
    #    draws KD), ruffs KD (W JD, AD to JH, and S's TS goes to E's KS), or throws (W
    #    ruffs AD and still holds JD). EW 2.
    #
    # HEARTS: NS 4, EW 1, whatever W discards. W picks up 9H. Trumps: S JH (right), W JD
    #  (left) 9H, N AH KH QH, E TH.
    #  EW 1 when W keeps JD and 9H (discarding 9S, say): while N-S win every trick, the
    #  leader is N or S, so S always plays before W. W never plays JD or 9H unless he
    #  must: on a trump lead he follows with 9H. JH is S's only trump, so the first
    #  trump lead draws it; S may also ruff with it. Once JH is gone, JD is the top
    #  trump and wins whenever W plays it. If JH is still out at trick 4, no trump was
    #  led before, so W holds just JD and 9H: if S plays JH there, W plays 9H and JD
    #  takes trick 5; if not (so the lead is not a trump), W ruffs with JD, which only
    #  JH beats.
    #  Either way E-W take a trick.
    #  NS 4 with every discard: N leads AH, E TH and S JH forced, W follows with a trump
    #  if he has one. N-S win T1 and N keeps KH QH.
    #  - W discarded JD or 9H: E-W have no trump left. S leads TS, W follows 9S, N ruffs,
    #    N leads KH, then 9C to S's AC (E's JC forced): 4.
    #  - W played JD on T1, keeping 9H: the same line (if W ruffs TS with 9H, N
    #    overruffs); KH and QH both beat 9H: 4.
    #  - W played 9H on T1, keeping JD: S leads TS.
    #    If W ruffs with JD (he discarded 9S), N throws TD; W's next lead, AD or a club,
    #    is ruffed by N's KH or won by S's AC (N following with 9C), and with no trump
    #    left to E-W, N-S take the rest: 4.
    #    Otherwise N ruffs with KH (E must follow): N-S have 2. If W still holds AD, N
    #    leads 9C to S's AC (W must follow with a club) and S leads QS: W ruffs JD while
    #    N throws TD and QH later ruffs AD, or W throws AD and N ruffs with QH: 4. If W
    #    no longer holds AD (discarded, or thrown on T2), N leads QH and W must play JD;
    #    W's club lead goes to S's AC (9C and JC forced) and S's KD is the top diamond: 4.
    #  So the dealer's side takes 1 at best, with any of the six discards.
    par = par_of_deal(ORDER_UP_DEALT, W, parse_card("9H"))
    assert par == (
        ParSuit(C, (0, 5)),
        ParSuit(D, (3, 2)),
        ParSuit(H, (4, 1), card_list("AD KC QC JD 9S 9H")),
        ParSuit(S, (0, 5)),
    )


def test_par_of_seed_001_going_alone_worked_on_paper() -> None:
    # W leads (left of the dealer, S). Par is an ordinary partnership hand: E plays too.
    #
    # CLUBS: NS 5, EW 0, unless S discards JC. S picks up JC: trumps S JC (right) plus AC
    #  KC, N 9C, W JS (left); E has none. With any discard but JC, S keeps JC and at
    #  least one of AC/KC. If W leads JS, N 9C and S's JC take it. If W leads a spade,
    #  N follows TS and S ruffs low (AC or KC), then leads JC to draw JS. If W leads TD,
    #  N ruffs 9C and S overruffs low, then leads JC. Either way S ends on lead with the
    #  last trumps and hearts, and E-W hold neither trumps nor hearts: 5. Discarding JC
    #  leaves W's JS the top trump, a trick for E-W, so the other five discards are best.
    #
    # DIAMONDS: EW 5. E holds JD (right) AD KD QD 9D, W TD; N-S only S's JH (left). W
    #  leads TD: E plays JD and S must follow with JH, his only trump. E then holds the
    #  four top trumps and N-S have none: every trick is E-W's.
    #
    # HEARTS: NS 5. Trumps: S JH (right) TH 9H, N AH KH QH; E-W only E's JD (left). E
    #  plays before S in every trick S does not lead, and a trump led by S draws JD (E's
    #  only heart), so S's JH always captures JD. W's lead (a spade or TD) is ruffed by
    #  N-S (S is void in both, N in diamonds), and then a low trump led by N, or JH led
    #  by S, draws JD under JH, and S is on lead. N-S are left with trumps and AC KC
    #  against E-W's spades and diamonds, which can neither follow nor ruff, and N
    #  throws TS (if still held) on S's winners: 5.
    #
    # SPADES: EW 5. W holds JS (right) AS KS QS; N-S only N's TS (the left bower JC is
    #  the turned-down upcard). W leads JS (N's TS falls), AS, KS, QS, all winners, and
    #  TD last: N-S have no diamond to beat it but E's AD is E-W's anyway.
    par = par_of_deal(ALONE_DEALT, SOUTH, parse_card("JC"))
    assert par == (
        ParSuit(C, (5, 0), card_list("AC KC JH TH 9H")),
        ParSuit(D, (0, 5)),
        ParSuit(H, (5, 0)),
        ParSuit(S, (0, 5)),
    )


def test_best_calls_from_par() -> None:
    ordering = review_hand(sample_hand("seed001-ordering-up.json"))
    assert ordering.best_calls == (
        BestCall(NS, (H,), 4, (1, 0)),  # NS: hearts, 4 tricks, 1 point
        BestCall(EW, (C, S), 5, (0, 2)),  # EW: clubs or spades, a march
    )
    assert ordering.makers_called_best is True  # N ordered up hearts
    alone = review_hand(sample_hand("seed001-going-alone.json"))
    # NS march in clubs or hearts (par above), and South marches alone in either: with
    # North out, W's lead is ruffed by S, whose trumps draw E-W's, as in the par. E-W
    # march in diamonds or spades, and West alone in spades (W's JS AS KS QS, then TD).
    assert alone.best_calls == (
        BestCall(NS, (C, H), 5, (2, 0), ((SOUTH, C), (SOUTH, H)), (4, 0)),
        BestCall(EW, (D, S), 5, (0, 2), ((W, S),), (0, 4)),
    )
    assert alone.makers_called_best is True  # W went alone in spades
    assert [b.best_points for b in alone.best_calls] == [4, 4]
    # Par's best for N-S in the ordering-up deal is hearts with North's partner: hearts
    # ordered up alone would not be.
    assert ordering.best_calls is not None
    assert [b.best_points for b in ordering.best_calls] == [1, 2]
    assert replace(ordering, alone=True).makers_called_best is False


# ---------------------------------------------------------------------------
# The review of the sample logs, checked by hand.


def test_review_of_seed_001_ordering_up() -> None:
    r = review_hand(sample_hand("seed001-ordering-up.json"))
    assert r.analysed and r.reason is None
    assert (r.trump, r.maker, r.alone, r.defender_alone) == (H, N, False, None)
    # As played, N-S took 3. With best play, 4 (the hearts par with W's discard of 9S).
    assert r.tricks == 3 and r.dd_tricks == 4 and r.dd_points == (1, 0)
    assert r.par is not None and r.par[H].tricks == (4, 1)
    plays = r.plays
    assert plays is not None and len(plays) == 20
    first = plays[0]
    # N leads: any heart keeps 4, and so does 9C; only TD (to W's AD) gives one away.
    assert (first.trick, first.seat, CARD_TEXT[first.card]) == (1, N, "AH")
    assert (first.dd_before, first.dd_after, first.cost) == (4, 4, 0)
    assert texts(first.best) == ["AH", "KH", "QH", "9C"] and first.legal == 5
    # W follows to AH with 9H or JD: both keep 4.
    assert texts(plays[3].best) == ["JD", "9H"]
    # Trick 2: S leads AC and costs a trick (W QC, N 9C, E JC follow). Then N holds KH QH
    # TD and W AD KC JD: a KD lead loses to AD, and JD takes another later; a spade lead
    # is thrown on by W (KC), N must ruff, and then a trump lead loses to JD and AD beats
    # N's TD, or a TD lead loses to AD and JD. 3. Leading a spade instead, while W holds
    # two clubs, keeps 4: the hearts par above, W having discarded 9S.
    ac = plays[4]
    assert (ac.trick, ac.seat, CARD_TEXT[ac.card]) == (2, SOUTH, "AC")
    assert (ac.dd_before, ac.dd_after, ac.cost, ac.mark) == (4, 3, 1, COSTLY)
    assert texts(ac.best) == ["QS", "TS"] and ac.legal == 4
    # Nothing else costs anything, and the last value is the tricks as played.
    assert [p.cost for p in plays].count(0) == 19 and plays[-1].dd_after == 3
    for before, after in itertools.pairwise(plays):
        assert after.dd_before == before.dd_after
    totals = player_totals([r])
    assert totals[SOUTH].plays == 5 and totals[SOUTH].choices == 3
    assert totals[SOUTH].cost_tricks == 1 and totals[SOUTH].accuracy == 66.7
    assert totals[N].choices == 2 and totals[N].accuracy == 100.0


def test_review_of_seed_001_going_alone() -> None:
    r = review_hand(sample_hand("seed001-going-alone.json"))
    assert (r.trump, r.maker, r.alone, r.defender_alone) == (S, W, True, None)
    # W's JS AS KS QS are the top four trumps in play (N has TS; JC was turned down), and
    # N and S hold no diamond: once JS has drawn TS, TD wins the last trick. A march.
    assert r.tricks == 5 and r.dd_tricks == 5 and r.dd_points == (0, 4)
    assert r.plays is not None and len(r.plays) == 15
    assert all(p.cost == 0 and p.mark == "" for p in r.plays)
    assert texts(r.plays[0].best) == ["AS", "KS", "QS", "JS"]  # N would ruff TD with TS
    totals = player_totals([r])
    assert totals[E].plays == 0 and totals[E].accuracy is None  # East sat out
    assert totals[W].plays == 5 and totals[W].choices == 4


def test_hands_that_are_not_analysed() -> None:
    renege = review_hand(sample_hand("renege-dispute.json"))
    assert renege == HandReview(
        1,
        False,
        "a renege on trick 1: the position after an illegal card is not one legal play reaches",
    )
    passed = review_hand(session("9h p p p p\np p p p").game.hands[0])
    assert not passed.analysed and passed.reason == "passed out: nobody named trump"
    assert passed.plays is None and passed.par is None and passed.trump is None
    thrown = review_hand(sample_hand("variant-throw-in.json"))
    assert not thrown.analysed and thrown.reason is not None
    assert thrown.reason.startswith("thrown in")
    unfinished = review_hand(session(ORDER_UP_DEAL + "9h o 9s\nah th jh 9h\nac").game.hands[0])
    assert unfinished.reason == "not finished: the record stops on trick 2"
    assert review_hand(session("9h o 9s").game.hands[0]).reason == (
        "not finished: no card was played"
    )
    # A hand still in its bidding is not one that was passed out.
    for bidding in ("9h", "9h p p", "9h pppp p"):
        assert review_hand(session(bidding).game.hands[0]).reason == (
            "not finished: trump is not made yet"
        )


def test_every_sample_log_is_reviewed() -> None:
    for path in sorted(SAMPLES.glob("*.json")):
        for game in load_games(path):
            reviews = [review_hand(h) for h in game.game.hands]
            for r in reviews:
                check_review(r, None)
            totals = player_totals(reviews)
            assert sum(t.plays for t in totals) == sum(len(r.plays or ()) for r in reviews)


def test_par_needs_every_dealt_card() -> None:
    # The deal worked out from the play: the same as the recorded one.
    played = session(ORDER_UP_PLAY).game.hands[0]
    assert dealt_hands(played) == ORDER_UP_DEALT
    assert hand_par(played) == par_of_deal(ORDER_UP_DEALT, W, parse_card("9H"))
    # The dealer's discard unseen and W played the upcard: one of W's cards is unknown.
    unseen = session(ORDER_UP_PLAY.replace("9h o 9s", "9h o ?")).game.hands[0]
    assert dealt_hands(unseen) is None and hand_par(unseen) is None
    r = review_hand(unseen)
    assert r.analysed and r.par is None and r.best_calls is None and r.dd_tricks == 4
    # A lone hand recorded without the deal: the partner's cards were never seen.
    doc = json.loads((SAMPLES / "seed001-going-alone.json").read_text())
    del doc["hands"][0]["deal"]
    (game,) = games_from_data("alone.json", doc)
    r = review_hand(game.game.hands[0])
    assert r.analysed and r.dd_tricks == 5 and r.par is None
    # A blind double loner: the dealer picks up without an order, and discards.
    doc = json.loads((SAMPLES / "variant-blind-double-loner.json").read_text())
    deal = doc["hands"][0]["deal"]
    full = dealt_hands(games_from_data("b.json", doc)[0].game.hands[0])
    del deal["W"], deal["E"]  # the dealer and East played all five: worked out
    assert dealt_hands(games_from_data("b.json", doc)[0].game.hands[0]) == full
    assert full is not None and full[W] == cards("AH KH QH JS TS")
    # Other decks have no par.
    (game,) = load_games(SAMPLES / "variant-32-card-deck.json")
    r = review_hand(game.game.hands[0])
    assert r.par is None


def test_rank_order_and_player_totals() -> None:
    order = rank_order(parse_card(c) for c in ("9C", "JH", "BJ", "AS", "AH", "7D", "JC"))
    assert texts(order) == ["BJ", "AH", "AS", "JC", "JH", "9C", "7D"]

    def play(seat: int, cost: int, legal: int) -> PlayReview:
        return PlayReview(1, Seat(seat), 0, 3, 3, cost, (), legal, "?" if cost else "")

    reviews = [
        HandReview(1, True, plays=(play(N, 0, 3), play(N, 1, 2), play(N, 0, 1), play(E, 0, 1))),
        HandReview(2, False, "passed out: nobody named trump"),
        HandReview(3, True, plays=(play(N, 0, 2),)),
    ]
    n, e, s, w = player_totals(reviews)
    assert (n.plays, n.choices, n.cost_tricks, n.accuracy) == (4, 3, 1, 66.7)
    assert (e.plays, e.choices, e.cost_tricks, e.accuracy) == (1, 0, 0, None)
    assert s.plays == w.plays == 0


# ---------------------------------------------------------------------------
# Against brute force, and as properties of random hands.

RULES = [
    Rules.build({"preset": "classic"}),
    Rules.build({"preset": "family"}),  # defending alone
    Rules.build({"stick_the_dealer": True, "defend_alone": True, "super_euchre": True}),
    Rules.build({"preset": "benny"}),  # 25 cards
    Rules.build({"deck": 32}),
    Rules.build({"partners_best": True, "farmers_hand": "three_card"}),
]


def played_hand(seed: int, rules: Rules) -> HandState:
    """A random legal hand, with its deal recorded or not."""
    rng = random.Random(seed)
    dealt = random_hand(rng, rules, Seat(rng.randrange(4)))
    deal = {s: dealt.hands[s] for s in SEATS} if rng.random() < 0.5 else None
    hand = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    hand.extend(dealt.actions)
    return hand


def check_review(r: HandReview, hand: HandState | None) -> None:
    """What every review must satisfy."""
    if not r.analysed:
        assert r.reason and r.plays is None and r.dd_tricks is None and r.par is None
        return
    assert r.plays is not None and r.dd_tricks is not None and r.maker is not None
    makers = r.maker & 1
    value = r.dd_tricks
    for p in r.plays:
        assert 0 <= p.dd_before <= 5 and 0 <= p.dd_after <= 5
        assert p.dd_before == value
        # The side that errs never gains: a maker's card can only lower the value.
        if p.seat & 1 == makers:
            assert p.dd_after <= p.dd_before and p.cost == p.dd_before - p.dd_after
        else:
            assert p.dd_after >= p.dd_before and p.cost == p.dd_after - p.dd_before
        assert p.cost >= 0 and (p.card in p.best) == (p.cost == 0)
        assert p.best and list(p.best) == list(rank_order(p.best)) and len(p.best) <= p.legal
        assert (p.mark == "") == (p.cost == 0)
        value = p.dd_after
    if len(r.plays) and r.tricks is not None and hand is not None and hand.trick == 5:
        assert value == r.tricks  # after the last card the value is what was taken
    if r.par is not None:
        assert [p.suit for p in r.par] == [C, D, H, S]
        assert all(sum(p.tricks) == 5 for p in r.par)
        assert sum(1 for p in r.par if p.discards) == 1


def marks_match_points(r: HandReview, hand: HandState) -> None:
    assert r.plays is not None and r.maker is not None
    for p in r.plays:
        if p.cost:
            scored = [
                trick_points(
                    hand.rules,
                    r.maker & 1,
                    v,
                    alone=hand.alone,
                    defended_alone=hand.defender >= 0,
                    blind=hand.blind,
                )[0]
                for v in (p.dd_before, p.dd_after)
            ]
            assert p.mark == (COSTLY if scored[0] == scored[1] else COSTLY_POINTS)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(RULES) - 1))
def test_review_properties(seed: int, which: int) -> None:
    hand = played_hand(seed, RULES[which])
    r = review_hand(hand)
    check_review(r, hand)
    if r.analysed:
        marks_match_points(r, hand)
        par = r.par
        exchanged = any(type(a).__name__ in ("FarmersHand", "PartnersBest") for a in hand.actions)
        if par is not None and not hand.alone and not exchanged:
            # An ordinary hand played from the deal: par under its trump bounds it.
            assert r.dd_tricks is not None and r.trump is not None
            makers, dealers = hand.maker & 1, hand.dealer & 1
            entry = par[r.trump]
            if not entry.discards:
                assert entry.tricks[makers] == r.dd_tricks
            else:
                dd_dealers = r.dd_tricks if makers == dealers else 5 - r.dd_tricks
                assert entry.tricks[dealers] >= dd_dealers
                if hand.discard in entry.discards:
                    assert entry.tricks[dealers] == dd_dealers


def test_review_matches_brute_force() -> None:
    # Every dd value and every best list of whole random hands (lone hands and lone
    # defenders among them) against the brute force.
    wanted = [3, 2, 2]  # partnership hands, lone hands, lone hands defended alone
    for seed in range(2000):
        hand = played_hand(seed, RULES[seed % 3])
        kind = hand.alone + (hand.defender >= 0)
        if not wanted[kind]:
            continue
        r = review_hand(hand)
        if not r.analysed:
            continue
        wanted[kind] -= 1
        brute = Brute(hand.trump, hand.sitting)
        makers = hand.maker & 1
        pos = start_position(hand)

        def value(p: Position, brute: Brute = brute, makers: int = makers) -> int:
            ns = p.won[0] + brute.ns(masks_to_sets(p.hands), p.leader, p.table)
            return ns if makers == 0 else 5 - ns

        assert r.plays is not None and r.dd_tricks == value(pos)
        for p in r.plays:
            assert p.dd_before == value(pos)
            best = [c for c in legal_cards(pos) if value(pos.play(c)) == p.dd_before]
            assert list(p.best) == list(rank_order(best))
            pos = pos.play(p.card)
            assert p.dd_after == value(pos)
    assert wanted == [0, 0, 0]


def test_one_solver_for_many_hands_gives_the_same_reviews() -> None:
    shared = Solver()
    hands = [played_hand(seed, RULES[seed % len(RULES)]) for seed in range(12)]
    assert [review_hand(h, shared) for h in hands] == [review_hand(h) for h in hands]


# ---------------------------------------------------------------------------
# Hands that end early: a claim, or tricks recorded without their cards.


def test_a_claim_whose_cards_are_all_known_is_analysed() -> None:
    # Seed 001's ordering-up hand with the deal recorded, stopped after trick 2 by
    # North's claim of the last three tricks. Every card is known, so the claim was
    # checked (it is bad: E-W can take a trick) and the hand is analysed: the eight
    # cards recorded are graded as in the hand played out, dd_tricks is the value before
    # the first card, and the tricks are those scored, the claimed three included.
    lines = ORDER_UP_PLAY.strip().splitlines()
    full = review_hand(session(ORDER_UP_DEAL + ORDER_UP_PLAY).game.hands[0])
    hand = session(ORDER_UP_DEAL + "\n".join(lines[:3]) + "\nclaim N").game.hands[0]
    assert hand.claim_known and [f.kind for f in hand.flags] == ["bad_claim"]
    r = review_hand(hand)
    check_review(r, hand)
    assert r.analysed and r.reason is None
    assert r.dd_tricks == full.dd_tricks == 4
    assert r.tricks == 5 and (r.claimed, r.claimed_tricks) == (N, 3)
    assert r.plays is not None and full.plays is not None and r.plays == full.plays[:8]
    assert r.plays[-1].dd_after == 3  # S's A♣ gave a trick away: 3 with best play, 5 claimed
    assert r.par == full.par and r.best_calls == full.best_calls
    # A claim before the first card: nothing graded, the value from the first lead.
    early = review_hand(session(ORDER_UP_DEAL + "9h o 9s\nclaim N").game.hands[0])
    assert early.analysed and early.plays == () and early.dd_tricks == 4
    assert early.values == (4,) and early.makers_could_make and not early.defenders_could_euchre


def test_a_claim_with_cards_not_known_and_tricks_without_cards_are_not_analysed() -> None:
    lines = ORDER_UP_PLAY.strip().splitlines()
    unknown = session("\n".join(lines[:3]) + "\nclaim N").game.hands[0]
    assert unknown.claimed == N and not unknown.claim_known
    r = review_hand(unknown)
    assert not r.analysed and r.dd_tricks is None and r.plays is None
    assert r.reason == (
        "N claimed the rest of the tricks while some cards still held were not known: "
        "best play cannot be worked out"
    )
    # Tricks without their cards, even with every dealt card recorded: not analysed.
    rest = review_hand(session(ORDER_UP_DEAL + "\n".join(lines[:3]) + "\ntricks 2").game.hands[0])
    assert rest.reason == (
        "tricks 3 to 5 were recorded without their cards: the play cannot be graded"
    )
    whole = review_hand(session("9h o 9s\nt4").game.hands[0])
    assert (
        whole.reason == "the whole hand was recorded without its cards: the play cannot be graded"
    )
    last = review_hand(session("\n".join(lines[:5]) + "\ntricks NS 1").game.hands[0])
    assert last.reason == "trick 5 was recorded without its cards: the play cannot be graded"


def test_who_could_have_made_it_and_who_could_have_euchred_it() -> None:
    # Seed 001's ordering-up hand: 4 with best play, S's A♣ gives one away: 3 as played.
    r = review_hand(sample_hand("seed001-ordering-up.json"))
    assert r.values is not None and set(r.values) == {4, 3}
    assert r.makers_could_make is True and r.defenders_could_euchre is False
    v = HandReview(1, True, dd_tricks=3, plays=(PlayReview(1, N, 0, 3, 2, 1, (), 2, "??"),))
    assert v.values == (3, 2) and v.makers_could_make and v.defenders_could_euchre
    not_analysed = HandReview(1, False, "passed out: nobody named trump")
    assert not_analysed.values is None and not_analysed.makers_could_make is None


# ---------------------------------------------------------------------------
# Lone marches, against brute force.


@pytest.mark.slow
def test_lone_marches_match_brute_force() -> None:
    # Sixteen lone hands per deal (each seat, each trump), and for the upcard's suit each
    # of the dealer's six discards: a few seconds of brute force per deal.
    rng = random.Random(7)
    found = 0
    for k in range(8):
        cards = [s * 8 + r for s in range(4) for r in range(2, 8)]  # 9 to A of each suit
        rng.shuffle(cards)
        if k not in (0, 3, 5, 6):
            continue  # each dealer once, each opening-lead rule twice: the brute force is slow
        dealt = tuple(sum(1 << c for c in cards[i * 5 : i * 5 + 5]) for i in range(4))
        upcard, dealer = cards[20], k % 4
        rules = Rules.build({"loner_lead": "left_of_loner"} if k % 2 else {})
        got = lone_marches(dealt, Seat(dealer), upcard, rules)
        want = []
        for suit in range(4):
            for seat in range(4):
                partner = (seat + 2) % 4
                sitting = 1 << partner
                leader = (seat if k % 2 else dealer) + 1
                while (sitting >> (leader % 4)) & 1:
                    leader += 1
                hands = list(dealt)
                hands[partner] = 0
                brute = Brute(suit, sitting)

                def marches(
                    h: list[int], brute: Brute = brute, leader: int = leader, team: int = seat % 2
                ) -> bool:
                    ns = brute.ns(masks_to_sets(h), leader % 4, ())
                    return ns == 5 if team == 0 else ns == 0

                if upcard // 8 != suit or dealer == partner:
                    ok = marches(hands)
                else:
                    six = dealt[dealer] | 1 << upcard
                    options = []
                    for c in [c for c in range(33) if (six >> c) & 1]:
                        h = list(hands)
                        h[dealer] = six & ~(1 << c)
                        options.append(marches(h))
                    ok = any(options) if dealer == seat else all(options)
                if ok:
                    want.append((seat, suit))
        assert list(got) == want, k
        found += len(want)
    assert found >= 2, found  # the deals include lone marches (deals 0 and 6)
