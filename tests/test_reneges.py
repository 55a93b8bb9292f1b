"""Reneges proven three ways (deal, later play, shown cards), renege calls and penalties.

The deal is seed 001's ordering-up example (hearts trump, West deals and discards):
N AH KH QH TD 9C, E TH AS KS JC 9D, S JH AC KD QS TS, W AD KC QC JD 9S (+9H).
On trick 1 East throws 9D on North's AH while still holding TH; East plays TH on trick 3.
"""

from __future__ import annotations

import pytest

from euchre_log.engine import IllegalAction, Play, RenegeCall
from euchre_log.engine.cards import parse_card
from euchre_log.recorder.grammar import EntryError

from .helpers import ORDER_UP_DEAL, flags, session

RENEGE_PLAY = """
9h o 9s
ah 9d jh 9h
ac qc 9c jc
kd ad td th
as qs kc kh
qh ks ts jd
"""


def test_renege_proven_by_a_later_play_is_flagged_when_the_card_appears() -> None:
    s = session("9h o 9s\nah 9d jh 9h\nac qc 9c jc")
    assert s.game.hands[0].flags == []  # nothing proves it yet: East's hand is unknown
    fed = s.feed("kd ad td th")  # East plays TH: East had a heart on trick 1
    assert [(f.kind, f.seat, f.trick) for f in fed.flags] == [("renege", 1, 1)]
    flag = fed.flags[0]
    assert flag.proof == "later_play" and flag.proof_trick == 3
    assert (
        flag.message == "E played 9D on a trump lead (hearts) while holding TH (played on trick 3)"
    )


def test_renege_proven_by_the_deal_is_flagged_at_once() -> None:
    s = session(ORDER_UP_DEAL + "9h o 9s\nah")
    fed = s.feed("9d")
    assert [(f.kind, f.seat, f.trick, f.proof) for f in fed.flags] == [("renege", 1, 1, "deal")]
    assert "dealt to E" in fed.flags[0].message


def test_a_renege_is_reported_once() -> None:
    with_deal = session(ORDER_UP_DEAL + RENEGE_PLAY).game.results()[0]
    without = session(RENEGE_PLAY).game.results()[0]
    assert flags(with_deal) == flags(without) == [("renege", "E", 1)]
    # The renege never changes the score by itself: N-S took 3 tricks and score 1.
    assert without.tricks == (3, 2) and without.points == (1, 0) and without.outcome == "made"


def test_upheld_renege_call_voids_the_hand_and_awards_2() -> None:
    """000 §9 and 004: the innocent side gets 2 points and the hand is thrown in."""
    r = session(RENEGE_PLAY + "renege E 1 by N").game.results()[0]
    assert r.outcome == "renege_penalty" and r.points == (2, 0)
    assert flags(r) == [("renege", "E", 1)]


def test_upheld_renege_call_can_deduct_instead() -> None:
    """000 §9: or deduct 2 points from the guilty side."""
    r = session(RENEGE_PLAY + "renege E 1", rules={"renege_penalty": "deduct"}).game.results()[0]
    assert r.points == (0, -2)
    s = session(RENEGE_PLAY)
    s.game.apply(RenegeCall(0, 1, 1, (), "deduct"))  # the innocent side's choice at the table
    assert s.game.results()[0].points == (0, -2)


def test_renege_against_a_lone_hand_costs_4() -> None:
    """000 §9: if your side is going alone and an opponent reneges, the penalty is 4."""
    script = (
        "deal N js jc as 9h 9c\ndeal E ah kh qh ac kc\ndeal S ts 9s th jh qc\ndeal W ks qs ad kd qd\n"
        "9d p p p p\ns!\njs kc qd\n"  # West throws QD on the trump lead, holding KS and QS
    )
    s = session(script)
    assert flags(s.game.results()[0]) == [("renege", "W", 1)]
    s.feed("renege W 1 by N")
    r = s.game.results()[0]
    assert r.outcome == "renege_penalty" and r.points == (4, 0)
    with pytest.raises(IllegalAction, match="hand 1 is over \\(a renege call was upheld\\)"):
        s.game.hands[0].apply(Play(0, parse_card("jc")))
    s.feed("9c")  # between hands, a card is the next hand's upcard
    assert s.game.hands[1].dealer == 0


def test_renege_call_upheld_by_the_cards_shown() -> None:
    s = session("9h o 9s\nah 9d jh 9h")
    fed = s.feed("renege E 1 TH by S")
    assert [(f.kind, f.seat, f.trick, f.proof) for f in fed.flags] == [("renege", 1, 1, "shown")]
    r = s.game.results()[0]
    assert r.outcome == "renege_penalty" and r.points == (2, 0)


def test_false_renege_call_when_the_accused_followed_suit() -> None:
    s = session("9h o 9s\nah 9d jh 9h")
    fed = s.feed("renege S 1 by E")
    assert [(f.kind, f.seat, f.trick, f.accused) for f in fed.flags] == [
        ("false_renege_call", 1, 1, 2)
    ]
    assert "followed suit" in fed.flags[0].message
    assert s.hand is not None  # play goes on


def test_false_renege_call_on_the_leader() -> None:
    s = session("9h o 9s\nah 9d jh 9h\nrenege N 1")
    assert flags(s.game.results()[0]) == [("false_renege_call", "E", 1)]


def test_false_renege_call_disproved_by_the_complete_record() -> None:
    # Legal play: on trick 4 North shows out of clubs and never plays a club afterwards.
    from .helpers import ORDER_UP_PLAY

    s = session(ORDER_UP_PLAY + "renege N 4 by E")
    r = s.game.results()[0]
    assert flags(r) == [("false_renege_call", "E", 4)]
    assert r.outcome == "made" and r.points == (1, 0)


def test_unresolved_renege_call_then_the_later_play_proves_it() -> None:
    s = session("9h o 9s\nah 9d jh 9h\nrenege E 1")  # called by South, left of East
    r = s.game.results()[0]
    assert flags(r) == [("unresolved_renege_call", "S", 1)]
    s.feed("ac qc 9c jc\nkd ad td th\nas qs kc kh\nqh ks ts jd")
    r = s.game.results()[0]
    assert flags(r) == [("unresolved_renege_call", "S", 1), ("renege", "E", 1)]
    assert r.outcome == "made" and r.points == (1, 0)  # no penalty was applied


def test_renege_call_must_name_a_trick_the_accused_played() -> None:
    s = session("9h o 9s\nah 9d")
    with pytest.raises(EntryError, match="S has not played to trick 1 yet"):
        s.feed("renege S 1")
    with pytest.raises(EntryError, match="has not played to trick 2"):
        s.feed("renege E 2")
    hand = s.game.hands[0]
    with pytest.raises(IllegalAction, match="E showed 9H, but it is the upcard, which W took up"):
        hand.apply(RenegeCall(0, 1, 1, (hand.upcard,)))  # the upcard is the dealer's


def test_penalty_adds_points_to_a_team() -> None:
    """004: penalties the table agrees on (4 for table talk)."""
    from .helpers import ORDER_UP_PLAY

    s = session(ORDER_UP_PLAY + "penalty EW 4 table talk by North")
    r = s.game.results()[0]
    assert r.points == (1, 4) and r.outcome == "made"
    assert s.game.hands[0].actions[-1].reason == "table talk by North"  # type: ignore[union-attr]


# --- the dealer's hand: dealt cards + the upcard - an unseen discard -------------------

DEALER_DEAL = """
deal N ah kh qh td 9c
deal E th as ks jc 9d
deal S jh ac kd qs js
deal W ad kc qc ts 9s
"""


def test_dealer_with_unseen_discard_may_have_discarded_the_upcard() -> None:
    # West's only heart is the upcard 9H; with the discard unseen, West may have thrown
    # it away, so showing out of hearts proves nothing yet.
    s = session(DEALER_DEAL + "9h o ?\nah th jh kc")
    assert s.game.hands[0].flags == []
    s.feed("ac qc 9c jc\nkd ad td 9d")  # West takes trick 3 with AD and leads next
    fed = s.feed("9h")  # West kept the upcard after all: trick 1 was a renege
    assert [(f.kind, f.seat, f.trick, f.proof) for f in fed.flags] == [
        ("renege", 3, 1, "later_play")
    ]


def test_dealer_who_kept_the_upcard_and_showed_out_reneged() -> None:
    s = session(DEALER_DEAL + "9h o 9s\nah th jh kc")
    r = s.game.results()[0]
    assert flags(r) == [("renege", "W", 1)]
    assert s.game.hands[0].flags[0].proof == "upcard"


def test_dealer_with_unseen_discard_names_every_card_that_proves_it() -> None:
    # W dealt TH and 9H, takes up AD and discards unseen: one discard cannot hide both.
    script = (
        "deal N ah kh qs ts 9c\ndeal E qh as ks jc 9d\ndeal S jh ac kd qc tc\n"
        "deal W th 9h qd js 9s\nad o ?\nah qh jh 9s"
    )
    (flag,) = session(script).game.hands[0].flags
    assert (flag.kind, flag.seat, flag.trick) == ("renege", 3, 1)
    assert flag.message == (
        "W played 9S on a heart lead while holding 9H and TH, "
        "of which the unseen discard can be only one (dealt to W)"
    )


def test_dealer_with_unseen_discard_and_two_trumps_reneged() -> None:
    # West holds JD and 9H: one unseen discard cannot account for both.
    s = session(ORDER_UP_DEAL + "9h o ?\nah th jh kc")
    assert flags(s.game.results()[0]) == [("renege", "W", 1)]
