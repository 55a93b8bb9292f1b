"""What the engine knows about each seat's cards, and how."""

from __future__ import annotations

from euchre_log.engine.cards import CARD_TEXT, parse_card
from euchre_log.engine.knowledge import DEALT, DEDUCED, PLAYED, SHOWN, UPCARD, discard_of, knowledge

from .helpers import ORDER_UP_DEAL, ORDER_UP_PLAY, session


def texts(cards: tuple[int, ...] | None) -> list[str]:
    return sorted(CARD_TEXT[c] for c in cards or ())


def test_a_played_out_hand_shows_every_active_seat_as_dealt() -> None:
    hand = session(ORDER_UP_PLAY.replace("9h o 9s", "9h o ?")).game.hands[0]
    n, e, _s, w = knowledge(hand)
    assert n.dealt_how == DEDUCED and texts(n.dealt) == ["9C", "AH", "KH", "QH", "TD"]
    assert texts(e.dealt) == ["9D", "AS", "JC", "KS", "TH"]
    # West played the upcard, and nobody saw the discard: one dealt card stays unknown.
    assert w.unknown_dealt == 1 and texts(w.dealt) == ["AD", "JD", "KC", "QC"]
    assert discard_of(hand) == (None, None)


def test_the_recorded_deal_and_how_each_card_is_known() -> None:
    hand = session(ORDER_UP_DEAL + ORDER_UP_PLAY).game.hands[0]
    w = knowledge(hand)[3]
    assert w.dealt_how == DEALT and texts(w.dealt) == ["9S", "AD", "JD", "KC", "QC"]
    how = {CARD_TEXT[k.card]: (k.how, k.played_on) for k in w.cards}
    assert how["9H"] == (UPCARD, 1) and how["JD"] == (DEALT, 5) and how["9S"] == (DEALT, None)
    assert discard_of(hand) == (parse_card("9S"), "recorded")


def test_voids_and_shown_cards() -> None:
    hand = session("9h o 9s\nah 9d jh 9h\nrenege E 1 TH by S").game.hands[0]
    e = knowledge(hand)[1]
    assert [(v.suit, v.trick, CARD_TEXT[v.played]) for v in e.voids] == [(2, 1, "9D")]
    how = {CARD_TEXT[k.card]: k.how for k in e.cards}
    assert how == {"9D": PLAYED, "TH": SHOWN}
    assert e.dealt is None


def test_the_dealer_who_never_played_the_upcard_discarded_it() -> None:
    # West takes up 9H, discards unseen, and plays KC QC AD TS 9S: the discard was 9H.
    script = "9h o ?\nah th jh kc\nac qc 9c jc\nkd ad td 9d\nts kh as qs\nqh ks js 9s"
    hand = session(script).game.hands[0]
    assert hand.flags == []
    assert discard_of(hand) == (parse_card("9H"), "deduced")
    w = knowledge(hand)[3]
    assert w.unknown_dealt == 0 and texts(w.dealt) == ["9S", "AD", "KC", "QC", "TS"]
