"""Every rule option of RULES.md: a legal hand scored right, the variant's typical
irregularity flagged, and a malformed use refused.

The deals are built by hand and the expected tricks and points worked out from the seeds;
the hands use the recorder's tokens (see ``euchre-log record --help``).
"""

from __future__ import annotations

import random

import pytest

from euchre_log.engine import (
    BennySuit,
    BlindDoubleLoner,
    IllegalAction,
    Order,
    PartnersBest,
    Rules,
    RulesError,
)
from euchre_log.engine.actions import ThrowIn
from euchre_log.engine.cards import (
    BENNY,
    EAST,
    HEARTS,
    NORTH,
    SEATS,
    WEST,
    Card,
    Seat,
    Suit,
    parse_card,
)
from euchre_log.engine.hand import HandState, throw_in_qualifies
from euchre_log.engine.simulate import random_hand
from euchre_log.recorder.grammar import EntryError

from .helpers import flags, result, session
from .test_properties import expected_points


def deal(n: str, e: str, s: str, w: str) -> str:
    return f"deal N {n}\ndeal E {e}\ndeal S {s}\ndeal W {w}\n"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


# --- target -------------------------------------------------------------------------


def test_target_any_positive_number() -> None:
    for target in (5, 7, 10, 11, 21):
        assert Rules.build({"target": target}).target == target
    with pytest.raises(RulesError, match="'target' cannot be 0"):
        Rules.build({"target": 0})


# --- club euchre (004) ----------------------------------------------------------------

# West deals and turns up 9C; West holds the top clubs.
CLUB_DEAL = deal("ah kh qh jh th", "qc as ks qs ts", "tc 9h 9s 9d kd", "jc js ac kc ad")
CLUB_PLAY = """
ah qs 9h 9c
jc th qc tc
js kh ts 9s
ac qh ks 9d
kc jh as kd
"""


def test_club_euchre_dealer_takes_up_a_club_without_bidding() -> None:
    r = result(CLUB_DEAL + "9c o ad\n" + CLUB_PLAY, rules={"club_euchre": True})
    assert r.maker == 3 and r.trump == 0 and r.flags == ()
    assert r.tricks == (0, 5) and r.outcome == "march" and r.points == (0, 2)


def test_club_euchre_bidding_on_a_club_is_flagged() -> None:
    s = session(CLUB_DEAL + "9c p", rules={"club_euchre": True})
    assert flags(s.game.results()[0]) == [("illegal_bid", "W", None)]
    assert "club euchre" in s.game.hands[0].flags[0].message
    assert s.game.hands[0].turn == 0  # the bidding then runs as usual, from North


def test_club_euchre_only_the_dealer_may_act_first() -> None:
    hand = HandState(Rules.build({"club_euchre": True}), WEST, parse_card("9c"))
    with pytest.raises(IllegalAction, match="W \\(the dealer\\) takes it up"):
        hand.apply(Order(EAST))


def test_without_club_euchre_a_club_is_bid_as_usual() -> None:
    assert session("9c p").game.hands[0].turn == 1


# --- the Canadian loner (004) ------------------------------------------------------------

CANADIAN_DEAL = deal("as ks qs js ts", "jh jd ah kh qh", "ac kc qc jc tc", "ad kd qd td 9d")
CANADIAN_PLAY = """
as jh ac
jd kc ks
ah qc qs
kh jc js
qh tc ts
"""


def test_canadian_loner_dealers_partner_orders_alone() -> None:
    rules = {"preset": "canadian"}
    r = result(CANADIAN_DEAL + "9h p o! 9d\n" + CANADIAN_PLAY, rules=rules)
    assert r.maker == 1 and r.alone and r.flags == ()
    assert r.outcome == "march" and r.points == (0, 4)


def test_canadian_loner_assisting_without_going_alone_is_flagged() -> None:
    s = session("9h p o", rules={"preset": "canadian"})
    assert flags(s.game.results()[0]) == [("illegal_bid", "E", None)]
    assert not session("9h p o").game.hands[0].flags  # without the rule it is fine


# --- the farmer's hand ----------------------------------------------------------------------

FARMER_DEAL = deal("ah kh qh td jc", "9c 9d 9s as ks", "jh ac kd qs ts", "ad kc qc jd th")
FARMER_PLAY = """
ah tc jh 9h
ac kc jc qd
kd ad td js
th kh as qs
qh ks ts jd
"""


def test_three_card_farmers_hand_exchanges_three_nines_for_the_kitty() -> None:
    script = FARMER_DEAL + "9h farmer E 9c 9d 9s for js tc qd\no qc\n" + FARMER_PLAY
    r = result(script, rules={"farmers_hand": "three_card"})
    assert r.flags == () and r.tricks == (3, 2) and r.points == (1, 0)


def test_farmers_hand_that_does_not_qualify_is_flagged() -> None:
    s = session(FARMER_DEAL + "9h farmer E 9c 9d as", rules={"farmers_hand": "three_card"})
    assert flags(s.game.results()[0]) == [("invalid_farmers_hand", "E", None)]
    s2 = session(FARMER_DEAL + "9h farmer E 9c 9d 9s")  # the table does not play it
    assert flags(s2.game.results()[0]) == [("invalid_farmers_hand", "E", None)]


def test_the_cards_a_farmer_puts_in_the_kitty_stay_there() -> None:
    rules = {"preset": "benny", "farmers_hand": "three_card"}
    s = session("bj farmer E 9c 9d 9s\nh p p o", rules=rules)  # E took four unseen cards
    with pytest.raises(EntryError, match="W discarded 9S, but it is in the kitty"):
        s.feed("9s")  # West cannot discard a card East put in the kitty


def test_farmers_hand_malformed_uses_are_refused() -> None:
    rules = {"farmers_hand": "three_card"}
    with pytest.raises(EntryError, match="a farmer's hand shows 3"):
        session(FARMER_DEAL + "9h farmer E 9c 9d", rules=rules)
    with pytest.raises(EntryError, match=r"9H is not in E's dealt hand|the upcard"):
        session(FARMER_DEAL + "9h farmer E 9c 9d 9h", rules=rules)
    with pytest.raises(EntryError, match="before round one of the bidding ends"):
        session(FARMER_DEAL + "9h p p p p farmer E 9c 9d 9s", rules=rules)


def test_five_card_farmers_hand_with_the_32_card_deck() -> None:
    """001: a hand with no trump at all is swapped for five undealt cards."""
    rules = {"farmers_hand": "five_card", "deck": 32}
    s = session("9h farmer E 7c 8c 7s 8d 9s", rules=rules)
    assert s.game.hands[0].flags == []
    with pytest.raises(EntryError, match="9H is the upcard"):
        session("9h farmer E 7c 8c 7s 8d 9h", rules=rules)
    s3 = session("jh farmer E 7c 8c 7s 8d jd", rules=rules)  # the left bower is trump
    assert flags(s3.game.results()[0]) == [("invalid_farmers_hand", "E", None)]
    with pytest.raises(RulesError, match="needs 'deck' = 32"):
        Rules.build({"farmers_hand": "five_card"})


# --- throw-ins (004) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hand", "trump", "ok"),
    [
        ("nines-and-tens", "9c 9d th ts 9h", "H", True),
        ("nines-and-tens", "9c 9d th ts jh", "H", False),
        ("ace-no-face", "ac 9d td ts 9s", "H", True),
        ("ace-no-face", "ac 9d td ts 9s", "D", False),  # 9D and TD are trump
        ("ace-no-face", "ac 9d th ts 9s", "H", False),  # TH is trump
        ("ace-no-face", "ac ad th ts 9s", "H", False),  # two aces
        ("king-nothing", "kc 9d td ts 9s", "H", True),
        ("king-nothing", "kc 9d td ts qs", "H", False),
        ("three-queens", "qc qd qs 9c ts", "H", True),
        ("three-queens", "qc qd qh 9c ts", "H", False),  # QH is trump
        ("jack-nothing", "jc 9d td ts 9s", "H", True),
        ("jack-nothing", "jd 9c tc ts 9s", "H", False),  # JD is the left bower
        ("no-ace-no-face", "9c tc 9s ts 9d", "H", True),
        ("no-ace-no-face", "9c tc 9s ts 9h", "H", False),
    ],
)
def test_throw_in_definitions(name: str, hand: str, trump: str, ok: bool) -> None:
    assert throw_in_qualifies(name, cards(hand), Suit("CDHS".index(trump))) is ok


def test_a_throw_in_ends_the_hand_and_the_deal_passes() -> None:
    rules = {"throw_ins": "all"}
    s = session("ah throw E nines 9c 9d th ts 9s\n9h", rules=rules)
    first, second = s.game.results()
    assert first.outcome == "thrown_in" and first.points == (0, 0) and first.flags == ()
    assert second.dealer == 0  # passed to the left of West


def test_a_throw_in_that_does_not_qualify_is_flagged() -> None:
    r = result("ah throw E nines 9c 9d th ts ks", rules={"throw_ins": "all"})
    assert flags(r) == [("invalid_throw_in", "E", None)]
    r2 = result("ah throw E nines 9c 9d th ts 9s", rules={"throw_ins": ["ace-no-face"]})
    assert flags(r2) == [("invalid_throw_in", "E", None)]
    r3 = result("ah throw E noace 9c 9d th ts 9s", rules={"throw_ins": "all"})  # before the make
    assert flags(r3) == [("invalid_throw_in", "E", None)]


def test_throw_ins_malformed_uses_are_refused() -> None:
    with pytest.raises(EntryError, match="before the first card is played"):
        session("9h o 9s ah throw E nines 9c 9d th ts 9s", rules={"throw_ins": "all"})
    with pytest.raises(EntryError, match="'sevens' is not a throw-in"):
        session("9h throw E sevens 9c 9d th ts 9s")
    hand = HandState(Rules(), WEST, parse_card("9h"))
    with pytest.raises(IllegalAction, match="not a throw-in"):
        hand.apply(ThrowIn(EAST, "sevens", cards("9c 9d th ts 9s")))


# --- partner's best (004) --------------------------------------------------------------------

BEST_DEAL = deal("js jc as ks 9c", "ah kh qh ac kc", "qs ts th jh qc", "ad kd qd 9h 9s")
BEST_PLAY = """
js kc 9s
jc qh 9h
as kh qd
ks ah kd
qs ac ad
"""


def test_partners_best_swaps_one_card_before_a_lone_hand() -> None:
    rules = {"partners_best": True}
    r = result(BEST_DEAL + "9d p p p p\ns! swap 9c qs\n" + BEST_PLAY, rules=rules)
    assert r.flags == () and r.outcome == "march" and r.points == (4, 0)
    # Unseen cards are allowed: the record then knows less, and still finds nothing wrong.
    r2 = result(BEST_DEAL + "9d p p p p\ns! swap ? ?\n" + BEST_PLAY, rules=rules)
    assert r2.flags == () and r2.points == (4, 0)


def test_partners_best_where_the_rules_do_not_allow_it_is_flagged() -> None:
    r = result(BEST_DEAL + "9d p p p p\ns! swap 9c qs\n" + BEST_PLAY)
    assert flags(r) == [("invalid_exchange", "N", None)]
    s = session(BEST_DEAL + "9d p p p p\ns! swap 9c qs", rules={"partners_best": True})
    with pytest.raises(EntryError, match="9C is in S's hand"):
        s.feed("swap 9c qs")  # 9C already went over to South
    s.game.apply(PartnersBest(NORTH, None, None))  # a second swap: the rule is one card
    assert flags(s.game.results()[0]) == [("invalid_exchange", "N", None)]


def test_partners_best_only_for_a_lone_player() -> None:
    s = session("9d p p p p\ns", rules={"partners_best": True})
    with pytest.raises(EntryError, match="swap needs"):
        s.feed("swap 9c qs")
    with pytest.raises(IllegalAction, match="only a player going or defending alone"):
        s.game.hands[0].apply(PartnersBest(EAST, None, None))


# --- the blind double loner (004) -----------------------------------------------------------

BLIND_DEAL = deal("jd jh ad kd qd", "as ks qs ac kc", "9c tc 9s th 9h", "ah kh qh js ts")
BLIND_PLAY = """
jd ac 9d
jh kc ah
ad as kh
kd ks qh
qd qs js
"""


def test_blind_double_loner_march_scores_8() -> None:
    r = result(BLIND_DEAL + "9d blind N ts\n" + BLIND_PLAY, rules={"blind_double_loner": True})
    assert r.alone and r.maker == 0 and r.trump == 1 and r.flags == ()
    assert r.outcome == "march" and r.points == (8, 0)


def test_blind_double_loner_declared_after_looking_is_flagged() -> None:
    r = result("9d p blind S", rules={"blind_double_loner": True})
    assert flags(r) == [("illegal_bid", "S", None)]
    r2 = result("9d blind N")  # the table does not play it
    assert flags(r2) == [("illegal_bid", "N", None)]


def test_blind_double_loner_in_round_two_is_refused() -> None:
    hand = session("9d p p p p", rules={"blind_double_loner": True}).game.hands[0]
    with pytest.raises(IllegalAction, match="before the bidding"):
        hand.apply(BlindDoubleLoner(NORTH))


# --- the 25-card deck with the Benny (004) ---------------------------------------------------


def test_the_benny_is_the_highest_trump() -> None:
    rules = {"preset": "benny"}
    s = session("9h o 9s\nah bj jh", rules=rules)  # East plays the Benny over the ace
    hand = s.game.hands[0]
    assert hand.best_seat == 1  # the Benny beats the right bower too


def test_a_turned_up_benny_the_dealer_names_the_suit_first() -> None:
    s = session("bj h p p o", rules={"preset": "benny"})
    hand = s.game.hands[0]
    assert hand.offered_suit() == 2 and hand.trump == 2 and hand.maker == 2
    assert hand.owner[BENNY] == 3  # the dealer picked up the Benny
    s2 = session("bj h p p p p\np h", rules={"preset": "benny"})
    # Hearts were named for the Benny and turned down: naming them again is flagged.
    assert flags(s2.game.results()[0]) == [("illegal_bid", "E", None)]


def test_holding_the_benny_on_a_trump_lead_is_a_renege() -> None:
    rules = {"preset": "benny"}
    script = "deal E bj 9c 9d 9s ts\n9h o 9h\nah 9c"
    assert flags(result(script, rules=rules)) == [("renege", "E", 1)]


def test_benny_malformed_uses_are_refused() -> None:
    with pytest.raises(IllegalAction, match="BJ is not in the 24-card deck"):
        HandState(Rules(), WEST, BENNY)
    hand = HandState(Rules.build({"deck": 25}), WEST, parse_card("9h"))
    with pytest.raises(IllegalAction, match="the Benny was not turned up"):
        hand.apply(BennySuit(WEST, HEARTS))
    benny = HandState(Rules.build({"deck": 25}), WEST, BENNY)
    with pytest.raises(IllegalAction, match="the dealer \\(W\\) names it"):
        benny.apply(BennySuit(NORTH, HEARTS))
    with pytest.raises(IllegalAction, match="must name the suit for the Benny"):
        benny.apply(Order(NORTH))


# --- the 32-card deck (004) -----------------------------------------------------------------


def test_sevens_and_eights_rank_below_nines() -> None:
    s = session("9d p p p p\nh\n8h 7h 9h", rules={"deck": 32})
    assert s.game.hands[0].best_seat == 2


def test_a_renege_with_a_seven() -> None:
    script = "deal E 7h 7c 8c 7s 8s\n9d p p p p\nh\nah 7c"
    assert flags(result(script, rules={"deck": 32})) == [("renege", "E", 1)]


def test_sevens_are_refused_in_a_24_card_deck() -> None:
    with pytest.raises(EntryError, match="7H is not in the 24-card deck"):
        session("9d p p p p\nh\n7h")


# --- the renege penalty options -----------------------------------------------------------


def test_renege_penalty_options_are_validated() -> None:
    assert Rules.build({"renege_penalty": "deduct", "renege_points": 3}).renege_points == 3
    with pytest.raises(RulesError, match="'renege_penalty' cannot be 'double'"):
        Rules.build({"renege_penalty": "double"})


# Seed 001's ordering-up hand (see helpers.ORDER_UP_PLAY) with East throwing 9D on the trump
# lead while holding TH, which East plays on trick 3: a renege proven by the later play.
RENEGED = "9h o 9s\nah 9d jh 9h\nac qc 9c jc\nkd ad td th\nas qs kc kh\nqh ks ts jd\n"
# South goes alone in spades; West throws QD on the trump lead while holding KS and QS.
RENEGED_VS_ALONE = (
    deal("js jc as 9h 9c", "ah kh qh ac kc", "ts 9s th jh qc", "ks qs ad kd qd")
    + "9d p p p p\ns!\njs kc qd\n"
)


def test_renege_points_options_set_the_penalty() -> None:
    """``renege_points`` and ``renege_points_vs_alone`` are what an upheld call is worth,
    awarded to the innocent side or deducted from the guilty one."""
    upheld = RENEGED + "renege E 1 by N"
    for rules, points in (
        ({}, (2, 0)),
        ({"renege_points": 3}, (3, 0)),
        ({"renege_points": 3, "renege_penalty": "deduct"}, (0, -3)),
        ({"renege_points_vs_alone": 6}, (2, 0)),  # NS did not go alone
    ):
        r = result(upheld, rules=rules)
        assert (r.outcome, r.points) == ("renege_penalty", points), rules
    against_alone = RENEGED_VS_ALONE + "renege W 1 by N"
    for rules, points in (
        ({}, (4, 0)),
        ({"renege_points_vs_alone": 6}, (6, 0)),
        ({"renege_points": 3}, (4, 0)),  # against a lone hand, its own option counts
        ({"renege_points_vs_alone": 6, "renege_penalty": "deduct"}, (0, -6)),
    ):
        r = result(against_alone, rules=rules)
        assert (r.outcome, r.points) == ("renege_penalty", points), rules


# --- random hands under each option: the generator uses the variants legally ---------------

VARIANT_ACTIONS: dict[str, tuple[dict[str, object], str]] = {
    "club_euchre": ({"club_euchre": True}, "order"),
    "farmers_hand": ({"farmers_hand": "three_card"}, "farmers_hand"),
    "five_card": ({"farmers_hand": "five_card", "deck": 32}, "farmers_hand"),
    "throw_ins": ({"throw_ins": "all"}, "throw_in"),
    "partners_best": ({"partners_best": True}, "partners_best"),
    "blind_double_loner": ({"blind_double_loner": True}, "blind_double_loner"),
    "benny": ({"deck": 25}, "benny_suit"),
}


@pytest.mark.parametrize("variant", sorted(VARIANT_ACTIONS))
def test_random_hands_using_each_variant_are_clean_and_scored_by_the_table(variant: str) -> None:
    options, action = VARIANT_ACTIONS[variant]
    rules = Rules.build(options)
    rng = random.Random(2026)
    seen = 0
    for i in range(4000):
        dealt = random_hand(rng, rules, Seat(i % 4))
        if not any(action == a.TYPE for a in dealt.actions):
            continue
        for with_deal in (True, False):
            hand = HandState(
                rules,
                dealt.dealer,
                dealt.upcard,
                deal={s: dealt.hands[s] for s in SEATS} if with_deal else None,
            )
            for a in dealt.actions:
                hand.apply(a)
            assert hand.flags == [], [f.message for f in hand.flags]
            assert hand.points() == expected_points(rules, hand)
        seen += 1
        if seen == 25:
            break
    assert seen >= 5, f"the generator rarely uses {variant}"
