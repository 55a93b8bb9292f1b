"""Reneges proven three ways (deal, later play, shown cards), renege calls and penalties.

The deal is seed 001's ordering-up example (hearts trump, West deals and discards):
N AH KH QH TD 9C, E TH AS KS JC 9D, S JH AC KD QS TS, W AD KC QC JD 9S (+9H).
On trick 1 East throws 9D on North's AH while still holding TH; East plays TH on trick 3.
"""

from __future__ import annotations

import pytest

from euchre_log.engine import Play, RenegeCall
from euchre_log.engine.cards import EAST, NORTH, parse_card
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
    s.game.apply(
        RenegeCall(NORTH, EAST, 1, (), "deduct")
    )  # the innocent side's choice at the table
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
    assert s.hand is None  # the recorder threw the hand in: it was proven when called
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


def test_a_call_made_mid_hand_is_upheld_when_the_later_play_proves_it() -> None:
    """000 §9: "If another player identifies a renege, the innocent side may add 2 points
    to its score ... If penalty points are assessed, the hand is thrown in." The call comes
    after trick 1, play goes on, and East's 10♥ on trick 3 proves it."""
    s = session("9h o 9s\nah 9d jh 9h\nrenege E 1")  # called by South, left of East
    hand = s.game.hands[0]
    assert [v.status for v in hand.calls] == ["pending"]
    assert hand.flags == [] and hand.outcome == "incomplete"
    s.feed("ac qc 9c jc")
    assert [v.status for v in hand.calls] == ["pending"]  # East followed clubs: no news
    s.feed("kd ad td th")  # East plays 10H: East held a heart on trick 1
    (v,) = hand.calls
    assert (v.status, v.penalised) == ("upheld", True)
    assert v.decided_at is not None
    assert hand.actions[v.decided_at] == Play(EAST, parse_card("th"))
    # The penalty stands from that moment; the hand may still be played out.
    assert str(hand.outcome) == "renege_penalty" and hand.points() == (2, 0)
    assert not hand.finished
    s.feed("as qs kc kh\nqh ks ts jd")
    r = s.game.results()[0]
    assert flags(r) == [("renege", "E", 1)]
    assert r.outcome == "renege_penalty" and r.points == (2, 0) and r.tricks == (3, 2)


def test_a_call_made_mid_hand_is_false_when_the_rest_of_the_hand_disproves_it() -> None:
    """On trick 4 North shows out of clubs (West's K♣ lead) holding K♥ Q♥ only: the call
    waits, and North's last card (Q♥) settles it as false."""
    from .helpers import ORDER_UP_PLAY

    four_tricks = "\n".join(ORDER_UP_PLAY.strip().splitlines()[:5])
    s = session(four_tricks + "\nrenege N 4 by E")
    hand = s.game.hands[0]
    assert [v.status for v in hand.calls] == ["pending"] and hand.flags == []
    fed = s.feed("qh as qs jd")
    assert [(f.kind, f.seat, f.trick, f.accused) for f in fed.flags] == [
        ("false_renege_call", 1, 4, 0)
    ]
    assert fed.flags[0].message == (
        "E called a renege on N for trick 4, but N held no club at that trick, as the record shows"
    )
    r = s.game.results()[0]
    assert r.outcome == "made" and r.points == (1, 0)


def test_a_call_still_pending_when_the_record_stops_is_unresolved() -> None:
    """LOG_FORMAT: unresolved "only when the whole record can neither prove nor disprove
    it": here the record of the hand stops after trick 2, and the next hand is dealt."""
    s = session("9h o 9s\nah 9d jh 9h\nrenege E 1\nac qc 9c jc")
    assert flags(s.game.results()[0]) == [("unresolved_renege_call", "S", 1)]
    assert s.game.hands[0].flags == []  # as a flag, it is only the record's verdict
    with pytest.raises(EntryError, match="it is S's turn to play"):
        s.feed("end")  # only a hand settled by an upheld call can be ended
    r = s.game.results()[0]
    assert r.outcome == "incomplete" and r.points == (0, 0)


def test_a_call_proven_when_made_ends_the_hand_at_once() -> None:
    """000 §9: "If penalty points are assessed, the hand is thrown in." The cards shown
    with the call prove it, so the recorder ends the hand and the next token is the next
    hand's upcard; a file may still record the rest of the hand (it changes nothing)."""
    s = session("9h o 9s\nah 9d jh 9h\nrenege E 1 TH by S")
    hand = s.game.hands[0]
    assert s.hand is None and hand.outcome == "renege_penalty" and hand.points() == (2, 0)
    s.feed("9c")
    assert len(s.game.hands) == 2
    played_on = session("9h o 9s\nah 9d jh 9h\nrenege E 1 TH by S\nundo")
    assert played_on.hand is not None  # undo takes back the end, not the call
    played_on.feed("ac qc 9c jc")
    assert played_on.game.results()[0].points == (2, 0)


def test_a_hand_settled_mid_play_can_be_ended_and_undone() -> None:
    s = session("9h o 9s\nah 9d jh 9h\nrenege E 1\nac qc 9c jc\nkd ad td th")
    assert s.hand is not None and s.hand.upheld_call  # settled, still being played
    s.feed("end")
    assert s.hand is None  # the table threw it in: the next card is an upcard
    s.feed("undo")
    assert s.hand is not None and len(s.game.hands) == 1  # `end` taken back, nothing else
    s.feed("end\n9c")
    assert len(s.game.hands) == 2 and s.game.results()[0].points == (2, 0)


def test_a_second_call_after_an_upheld_one_is_refused() -> None:
    s = session("9h o 9s\nah 9d jh 9h\nrenege E 1\nac qc 9c jc\nkd ad td th")
    with pytest.raises(EntryError, match="a renege call was already upheld this hand"):
        s.feed("renege W 3 by N")


def test_a_renege_call_on_ones_own_partner_is_an_admission() -> None:
    """000 §9 says "If another player identifies a renege": any other player, the
    reneger's partner included. The penalty goes to the innocent side all the same."""
    r = session(RENEGE_PLAY + "renege E 1 by W").game.results()[0]
    assert r.outcome == "renege_penalty" and r.points == (2, 0)
    r = session(RENEGE_PLAY + "renege E 1 by E").game.results()[0]  # East owns up
    assert r.outcome == "renege_penalty" and r.points == (2, 0)


# N (maker, 9-9 in a game to 10) throws T♦ on South's A♣ lead while holding 9♣, and
# plays 9♣ on trick 3: North-South take 3 tricks, which would be their 10th point.
MAKER_RENEGES = """
9h o 9s
ah th jh 9h
ac qc td jc
kd ad 9c 9d
kc kh ks ts
qh as qs jd
"""


def test_a_call_after_the_last_trick_voids_the_winning_point() -> None:
    """The renege is found when the cards are turned over: the hand's tricks never
    counted, so North-South did not reach 10; East-West get 2 and win 11-9."""
    s = session(MAKER_RENEGES, initial=(9, 9))
    assert s.game.winner == 0 and s.game.score == (10, 9)
    s.feed("renege N 2 by E")
    assert s.game.results()[0].outcome == "renege_penalty"
    assert s.game.score == (9, 11) and s.game.winner == 1


def test_the_first_side_to_reach_the_target_wins_even_mid_hand() -> None:
    """LOG_FORMAT: "The team that reaches the target first, in the order the record shows,
    wins, even when it gets there in the middle of a hand through a penalty." At 9-9, a
    table-talk penalty gives NS their 10th point; East-West then take all five."""
    script = "9h p p p o\n9s\npenalty NS 1 table talk\nah th jh 9h"
    s = session(script, initial=(9, 9))
    assert s.game.winner == 0 and s.game.winner_after() == (0, 0)
    assert s.game.score == (10, 9)


def test_the_rest_of_a_won_hand_is_scored_but_cannot_change_the_winner() -> None:
    from .helpers import log

    # 9-9; NS +1 penalty after trick 1 (10-9); then EW, the makers, march (10-11).
    # N 9C KC QC JC 9D, E JH JD AH KH AS, S TC QS TS KS QD, W AC 9H TH QH AD; hearts.
    plays = [
        ("N", "9C"), ("E", "JH"), ("S", "TC"), ("W", "AC"),
        ("E", "JD"), ("S", "QS"), ("W", "9H"), ("N", "KC"),
        ("E", "AH"), ("S", "TS"), ("W", "TH"), ("N", "QC"),
        ("E", "KH"), ("S", "KS"), ("W", "QH"), ("N", "JC"),
        ("E", "AS"), ("S", "QD"), ("W", "AD"), ("N", "9D"),
    ]  # fmt: skip
    actions: list[dict[str, object]] = [{"type": "pass", "seat": s} for s in "NESW"]
    actions += [
        {"type": "pass", "seat": "N"},
        {"type": "call", "seat": "E", "suit": "H", "alone": False},
    ]
    for k, (seat, card) in enumerate(plays):
        actions.append({"type": "play", "seat": seat, "card": card})
        if k == 3:
            actions.append(
                {"type": "penalty", "seat": "E", "team": "NS", "points": 1, "reason": "talk"}
            )
    hands = [{"dealer": "W", "upcard": "9S", "actions": actions}]
    doc = log(hands, initial_score={"NS": 9, "EW": 9})
    from euchre_log.formats.reader import play_log, read_log

    game = play_log(read_log(doc))
    (r,) = game.results()
    assert r.outcome == "march" and r.points == (1, 2) and r.score_after == (10, 11)
    assert game.winner == 0
    # ... and a further hand is refused.
    doc["hands"].append({"dealer": "N", "upcard": "9C", "actions": []})
    from euchre_log.formats.reader import LogError

    with pytest.raises(LogError, match="already won by NS"):
        play_log(read_log(doc))


def test_a_tie_at_the_target_goes_to_the_side_that_got_there_first() -> None:
    """9-9: NS +1 by a penalty after trick 1 (10-9); East, the maker, then takes four
    tricks, EW +1 (10-10). NS reached 10 first, and a further hand is refused."""
    # N 9C KC QC JC AS, E JH JD AH KH 9D, S TC QS TS KS KD, W AC 9H TH QH QD; 9S turned down.
    script = (
        "9s p p p p\np h\n9c jh tc ac\npenalty NS 1 talk\njd qs 9h kc\nah ts th qc\n"
        "kh ks qh jc\n9d kd qd as"
    )
    s = session(script, initial=(9, 9))
    r = s.game.results()[0]
    assert r.outcome == "made" and r.tricks == (1, 4) and r.score_after == (10, 10)
    assert s.game.winner == 0
    with pytest.raises(EntryError, match="already won by NS"):
        s.feed("9c")
