"""One test per rule of the seed documents, named after the rule.

Every deal here was built by hand, and the expected tricks and points were worked out on
paper from the seeds (000's scoring table, 001's examples); the engine is only asked to
agree.
"""

from __future__ import annotations

import pytest

from euchre_log.engine import Discard, IllegalAction, Play
from euchre_log.engine.cards import EAST, NORTH, WEST, parse_card
from euchre_log.recorder.grammar import EntryError

from .helpers import ORDER_UP_DEAL, ORDER_UP_PLAY, flags, result, session

# Spades are trump in the scoring hands below: West deals, 9D is turned down, and North
# names spades in round two, so North leads every first trick.
TURN_DOWN = "9d p p p p"


def deal(n: str, e: str, s: str, w: str) -> str:
    return f"deal N {n}\ndeal E {e}\ndeal S {s}\ndeal W {w}\n"


# North: the top three trumps and two losers.
MADE_3 = deal("js jc as 9h 9c", "ah kh qh ac kc", "ts 9s th jh qc", "ks qs ad kd qd")
MADE_3_PLAY = """
js kc 9s qs
jc qh ts ks
as kh th qd
9h ah jh ad
ac qc kd 9c
"""
# The same, but South holds the ace of clubs, so the last trick is North-South's too.
MADE_4 = deal("js jc as 9h 9c", "ah kh qh qc kc", "ts 9s th jh ac", "ks qs ad kd qd")
MADE_4_PLAY = """
js kc 9s qs
jc qh ts ks
as kh th qd
9h ah jh ad
qc ac kd 9c
"""
# North: the five best trumps.
MARCH = deal("js jc as ks qs", "ah kh qh ac kc", "ts 9s th jh qc", "ad kd qd 9h 9c")
MARCH_PLAY = """
js kc 9s 9c
jc qh ts 9h
as kh th qd
ks ah jh kd
qs ac qc ad
"""
# North: one trump; East-West take four tricks.
EUCHRE = deal("js 9h 9c tc jd", "ah kh qh ac kc", "ts 9s th jh qc", "as ks qs ad qd")
EUCHRE_PLAY = """
js kc 9s qs
9h ah th qd
ac qc ks 9c
as tc kh ts
ad jd qh jh
"""


def test_right_bower_is_the_highest_card() -> None:
    """000 §3: the jack of the trump suit is the highest trump."""
    s = session(ORDER_UP_DEAL + ORDER_UP_PLAY)
    hand = s.game.hands[0]
    # Trick 1: AH led, South's JH (right bower, hearts trump) beats the ace.
    assert hand.winners[0] == 2


def test_left_bower_is_the_second_highest_trump() -> None:
    """000 §3, 003: the jack of the same colour ranks next, above the trump ace."""
    s = session(ORDER_UP_DEAL + ORDER_UP_PLAY)
    # Trick 5: QH led, West's JD (left bower under hearts) beats it.
    assert s.game.hands[0].winners[4] == 3
    script = deal("ah kh qh td 9c", "jd as ks jc 9d", "jh ac kd qs ts", "th kc qc ad 9s")
    # North leads AH; East's left bower beats it; South's right bower beats both.
    s = session(script + "9h o 9s\nah jd")
    assert s.game.hands[0].best_seat == 1
    s.feed("jh")
    assert s.game.hands[0].best_seat == 2


def test_left_bower_must_follow_a_trump_lead() -> None:
    """000 §3: if trump is led and a player's only trump is the left bower, they must play it."""
    # Hearts trump. West holds JD and 9H after picking up; on the AH lead West throws KC.
    r = result(ORDER_UP_DEAL + "9h o 9s\nah th jh kc")
    assert flags(r) == [("renege", "W", 1)]
    assert "left bower" in r.flags[0].message


def test_left_bower_no_longer_belongs_to_its_printed_suit() -> None:
    """003, 004: the left bower is not a diamond when hearts are trump."""
    # West's only "diamond" by print is JD, which is a heart: on a diamond lead West may
    # play anything. North leads AH (tricks 1), South takes trick 2, then leads KD.
    script = deal("ah kh qh td 9c", "th as ks jc 9d", "jh ac kd qs ts", "9s kc qc jd ad")
    # West discards AD, keeping 9S KC QC JD 9H: no diamond at all once hearts are trump.
    s = session(script + "9h o ad\nah th jh 9h\nac qc 9c jc\nkd 9s")
    assert s.game.hands[0].flags == []
    # Playing the left bower on a diamond lead while holding a diamond IS a renege.
    s2 = session(script + "9h o 9s\nah th jh 9h\nac qc 9c jc\nkd jd")
    assert flags(s2.game.results()[0]) == [("renege", "W", 3)]


def test_lead_skips_the_partner_who_sits_out() -> None:
    """001, 004: when the seat left of the dealer sits out, the next seat clockwise leads."""
    # North deals; West names spades alone, so East (left of the dealer) sits out and
    # South, the dealer's partner, leads (004: "the dealer's partner will lead").
    s = session("9d p p p p\np p s!", dealer="N")
    hand = s.game.hands[0]
    assert hand.alone and hand.maker == 3
    assert not hand.active(EAST)
    assert hand.turn == 2


def test_lead_left_of_the_loner_when_the_rules_say_so() -> None:
    """EGN tournaments: loner_lead=left_of_loner puts the lead left of the lone player."""
    s = session("9d p p p p\np p s!", rules={"loner_lead": "left_of_loner"}, dealer="N")
    assert s.game.hands[0].turn == 0  # left of West is North


def test_sitting_out_partner_cannot_play() -> None:
    """000 §7: the lone player's partner does not take part in the play."""
    s = session("9d p p p p\np p s!", dealer="N")
    hand = s.game.hands[0]
    with pytest.raises(IllegalAction, match="E sits out this hand"):
        hand.apply(Play(EAST, parse_card("9c")))
    s.feed("9c 9h ah")  # South, West, North: then the trick is complete without East
    assert hand.trick == 1 and hand.trick_size == 3


def test_stick_the_dealer_dealer_may_not_pass() -> None:
    """001: under stick-the-dealer the dealer must name trump; a pass is an illegal bid."""
    r = result("9d p p p p\np p p p", rules={"stick_the_dealer": True})
    assert flags(r) == [("illegal_bid", "W", None)]
    assert r.outcome == "passed_out" and r.points == (0, 0)


def test_without_stick_the_dealer_four_passes_pass_the_hand_out() -> None:
    """000 §6, 003: if everyone passes twice, the next dealer deals."""
    s = session("9d p p p p\np p p p\n9c")
    first, second = s.game.results()
    assert first.outcome == "passed_out" and first.flags == ()
    assert first.trump is None and first.maker is None and first.points == (0, 0)
    assert second.dealer == 0  # the deal passed left, from West to North


def test_stuck_dealer_naming_trump_is_legal() -> None:
    r = result("9d p p p p\np p p c", rules={"stick_the_dealer": True})
    assert r.trump == 0 and r.maker == 3 and r.flags == ()


def test_turned_down_suit_cannot_be_named() -> None:
    """000 §6, 003, 004: the suit turned down in round one may not be named in round two."""
    s = session("9d p p p p\np d")
    hand = s.game.hands[0]
    assert flags(s.game.results()[0]) == [("illegal_bid", "E", None)]
    assert hand.trump == parse_card("9d") >> 3  # recorded as it happened: diamonds are trump
    assert "turned down" in hand.flags[0].message


def test_the_dealer_discards_before_the_first_lead() -> None:
    """000 §5: the dealer picks up the upcard and discards before play starts."""
    hand = session("9h o").game.hands[0]
    with pytest.raises(IllegalAction, match="W \\(the dealer\\) must discard first"):
        hand.apply(Play(NORTH, parse_card("ah")))
    with pytest.raises(IllegalAction, match="only the dealer"):
        hand.apply(Discard(NORTH, parse_card("ah")))
    hand.apply(Discard(WEST, None))  # nobody saw it
    assert hand.turn == 0


def test_the_deal_passes_to_the_left() -> None:
    """000 §5, 004: after each hand the deal passes to the player on the dealer's left."""
    s = session("9d p p p p\np p p p\n9c p p p p\np p p p\n9s")
    assert [h.dealer for h in s.game.hands] == [3, 0, 1]


def test_dealing_out_of_turn_is_flagged() -> None:
    """004 'stealing the deal': a hand dealt by the wrong seat is recorded and flagged."""
    s = session("9d p p p p\np p p p\ndealer E\n9c")
    assert flags(s.game.results()[1]) == [("dealt_out_of_turn", "E", None)]


# --- 000's scoring table, row by row ------------------------------------------------


def test_score_makers_take_3_tricks_score_1() -> None:
    r = result(MADE_3 + TURN_DOWN + "\ns\n" + MADE_3_PLAY)
    assert r.tricks == (3, 2) and r.outcome == "made" and r.points == (1, 0) and r.flags == ()


def test_score_makers_take_4_tricks_score_1() -> None:
    r = result(MADE_4 + TURN_DOWN + "\ns\n" + MADE_4_PLAY)
    assert r.tricks == (4, 1) and r.outcome == "made" and r.points == (1, 0) and r.flags == ()


def test_score_makers_take_5_tricks_score_2() -> None:
    r = result(MARCH + TURN_DOWN + "\ns\n" + MARCH_PLAY)
    assert r.tricks == (5, 0) and r.outcome == "march" and r.points == (2, 0) and r.flags == ()


# The same deals with North alone: South sits out, so only N, E and W play.
MADE_3_ALONE = """
js kc qs
jc qh ks
as kh qd
9h ah ad
ac kd 9c
"""
MARCH_ALONE = """
js kc 9c
jc qh 9h
as kh qd
ks ah kd
qs ac ad
"""


def test_score_lone_hand_takes_3_tricks_scores_1() -> None:
    r = result(MADE_3 + TURN_DOWN + "\ns!\n" + MADE_3_ALONE)
    assert r.alone and r.tricks == (3, 2) and r.points == (1, 0) and r.flags == ()


def test_score_lone_hand_takes_5_tricks_scores_4() -> None:
    r = result(MARCH + TURN_DOWN + "\ns!\n" + MARCH_ALONE)
    assert r.alone and r.outcome == "march" and r.points == (4, 0) and r.flags == ()


def test_score_makers_euchred_defenders_score_2() -> None:
    r = result(EUCHRE + TURN_DOWN + "\ns\n" + EUCHRE_PLAY)
    assert r.tricks == (1, 4) and r.outcome == "euchred" and r.points == (0, 2) and r.flags == ()


# North alone with one trump. Without South: N, E, W play.
LONE_EUCHRE_PLAY = """
js kc qs
9h ah qd
ac ks 9c
as tc kh
ad jd qh
"""


def test_score_lone_hand_euchred_defenders_score_2() -> None:
    r = result(EUCHRE + TURN_DOWN + "\ns!\n" + LONE_EUCHRE_PLAY)
    assert r.alone and r.tricks == (1, 4) and r.outcome == "euchred" and r.points == (0, 2)
    assert r.flags == ()


# North alone, West defends alone: only North and West play.
LONE_DEFENDER_PLAY = """
js qs
9h ks
as tc
ad jd
qd 9c
"""


@pytest.mark.parametrize("points", [4, 8])
def test_score_lone_hand_euchred_by_a_lone_defender_scores_defend_alone_points(points: int) -> None:
    """000: 4 points; 004: 8 points (the defend_alone_points option)."""
    rules = {"defend_alone": True, "defend_alone_points": points}
    r = result(EUCHRE + TURN_DOWN + "\ns! defend w\n" + LONE_DEFENDER_PLAY, rules=rules)
    assert r.alone and r.defender_alone == 3
    assert r.tricks == (1, 4) and r.outcome == "euchred" and r.points == (0, points)
    assert r.flags == ()


def test_defending_alone_where_the_rules_do_not_allow_it() -> None:
    """RULES.md: defending alone where the rules do not allow it is an illegal bid."""
    r = result(EUCHRE + TURN_DOWN + "\ns! defend w\n" + LONE_DEFENDER_PLAY)
    assert flags(r) == [("illegal_bid", "W", None)]
    assert r.points == (0, 2)  # without the option, a euchre is worth the usual 2


def test_super_euchre_defenders_take_all_five_score_4() -> None:
    """004: defenders who take all five tricks score 4 (a plain euchre scores 2)."""
    # North deals, 9D is turned down, East names hearts; North holds the five best hearts.
    script = deal("jh jd ah kh qh", "th 9h ac kc qc", "as ks qs ad kd", "js ts 9s jc tc")
    play = """
    ac kd tc qh
    jh 9h qs 9s
    jd th ks ts
    ah kc as js
    kh qc ad jc
    """
    r = result(script + "9d p p p p\nh\n" + play, dealer="N")
    assert r.maker == 1 and r.tricks == (5, 0) and r.outcome == "euchred"
    assert r.points == (2, 0) and r.flags == ()
    r2 = result(script + "9d p p p p\nh\n" + play, rules={"super_euchre": True}, dealer="N")
    assert r2.points == (4, 0)


def test_game_ends_when_a_team_reaches_the_target() -> None:
    """000 §2, 003, 004: the first team to 10 wins; no hand may follow."""
    s = session(MARCH + TURN_DOWN + "\ns!\n" + MARCH_ALONE, rules={"target": 5}, dealer="W")
    assert s.game.score == (4, 0) and s.game.winner is None
    s2 = session(MARCH + TURN_DOWN + "\ns!\n" + MARCH_ALONE, rules={"target": 4})
    assert s2.game.winner == 0
    with pytest.raises(EntryError, match="already won by NS"):
        s2.feed("9c")
