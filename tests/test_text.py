"""The grammar outside the recorder (``engine.text``): a line read against a hand, said by
the table or by one seat, with what that speaker knows; and the lines a seat may enter now.

The recorder's own behaviour (every message byte for byte) is held by its tests
(test_entry, test_prompts, test_recorder_tty...), which drive it through this module."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine.actions import BennySuit, Call, Discard, Order, Pass, Play, RenegeCall
from euchre_log.engine.cards import (
    EAST,
    NO_SUIT,
    NORTH,
    SEATS,
    SOUTH,
    WEST,
    Card,
    Seat,
    cards_of,
    legal_mask,
    parse_card,
)
from euchre_log.engine.hand import PLAY, HandState
from euchre_log.engine.rules import Rules
from euchre_log.engine.simulate import Style, random_hand
from euchre_log.engine.text import (
    TABLE,
    Deal,
    NotYours,
    Speaker,
    TextError,
    Undo,
    Upcard,
    apply_line,
    choices,
    parse_line,
    redeal,
    view_without,
)
from euchre_log.recorder.grammar import EntryError

from .conftest import Cli
from .helpers import session


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


EAST_HAND = cards("ah kh qh td 9c")


def started(upcard: str = "9s", dealer: int = NORTH, **deal: str) -> HandState:
    seats = {"N": NORTH, "E": EAST, "S": SOUTH, "W": WEST}
    dealt = {seats[k]: cards(v) for k, v in deal.items()}
    return HandState(Rules(), Seat(dealer), parse_card(upcard), deal=dealt or None)


def test_a_line_is_read_token_by_token_against_the_hand_it_leaves() -> None:
    hand = started()
    # ppo: three bids while bidding lasts; then 9d is the dealer's discard, not a play.
    assert parse_line("ppo 9d", hand) == (
        Pass(EAST),
        Pass(SOUTH),
        Order(WEST, False),
        Discard(NORTH, parse_card("9d")),
    )
    assert hand.actions == []  # read on a copy


def test_an_error_names_the_token_and_its_place_on_the_line() -> None:
    hand = started()
    with pytest.raises(TextError) as caught:
        parse_line("p  p zz", hand)
    assert (caught.value.token, caught.value.index) == ("zz", 2)
    assert str(caught.value) == (
        "'zz': in round one W may pass (p) or order up spades (o, or o! to go alone)"
    )
    # A token of a run is located at the run's word.
    with pytest.raises(TextError) as caught:
        parse_line("o 9d ah ahah", hand)
    assert caught.value.index == 3


def test_an_engine_refusal_is_located_at_its_token() -> None:
    hand = started(S="ah kh qh td 9c")
    with pytest.raises(TextError) as caught:
        parse_line("o 9d qh", hand)  # E leads the queen of hearts S was dealt
    assert caught.value.index == 2
    assert str(caught.value).startswith("'qh': ")


def test_a_rank_alone_resolves_from_the_record_for_the_table() -> None:
    hand = started(E="ah kh qh td 9c")
    after = hand.clone()
    apply_line(after, "o 9d")
    assert parse_line("a", after) == (Play(EAST, parse_card("ah")),)
    with pytest.raises(TextError, match="E holds no seven that the record knows of"):
        parse_line("7", after)


def test_a_rank_alone_resolves_from_the_seat_s_own_cards_only() -> None:
    # The record does not hold East's cards; East entered them on its phone.
    hand = started()
    after = hand.clone()
    apply_line(after, "o 9d")
    east = Speaker(EAST, EAST_HAND)
    assert parse_line("a", after, east) == (Play(EAST, parse_card("ah")),)
    assert parse_line("9", after, east) == (Play(EAST, parse_card("9c")),)
    with pytest.raises(TextError, match="you did not enter a jack in your hand"):
        parse_line("j", after, east)
    # The table does not know East's cards, so the rank alone says nothing.
    with pytest.raises(TextError, match="E's hand is not known"):
        parse_line("a", after, TABLE)
    # A seat that entered nothing writes its cards with their suits.
    with pytest.raises(TextError, match="you did not enter your hand"):
        parse_line("a", after, Speaker(EAST))


def test_a_seat_that_entered_its_cards_plays_one_of_them() -> None:
    after = started()
    apply_line(after, "o 9d")
    with pytest.raises(TextError) as caught:
        parse_line("th", after, Speaker(EAST, EAST_HAND))
    assert str(caught.value) == "'th': you did not enter T♥ in your hand"


def test_a_seat_speaks_for_itself_only() -> None:
    hand = started()
    with pytest.raises(NotYours, match="it is E's turn to pass or order up spades"):
        parse_line("p", hand, Speaker(SOUTH))
    with pytest.raises(NotYours, match="acts for N only"):
        parse_line("deal E ah kh qh td 9c", hand, Speaker(NORTH))
    with pytest.raises(NotYours):
        parse_line("penalty NS 1 table talk", hand, Speaker(NORTH))
    # Its own deal, at any time before its first card.
    assert parse_line("deal S ah kh qh td 9c", hand, Speaker(SOUTH)) == (
        Deal(SOUTH, cards("ah kh qh td 9c")),
    )


def test_a_seat_s_renege_call_is_made_by_that_seat() -> None:
    hand = started()
    apply_line(hand, "o 9d td")
    (call,) = parse_line("renege E 1", hand, Speaker(WEST))
    assert call == RenegeCall(WEST, EAST, 1)
    (call,) = parse_line("renege E 1", hand, TABLE)  # the table: the accused's left
    assert call == RenegeCall(SOUTH, EAST, 1)
    with pytest.raises(NotYours):
        parse_line("renege E 1 by S", hand, Speaker(WEST))


def test_between_hands_the_upcard_starts_a_hand_and_deals_go_with_it() -> None:
    got = parse_line("deal E ah kh qh td 9c 9s p", None, rules=Rules())
    assert got == (Deal(EAST, EAST_HAND), Upcard(parse_card("9s")), Pass(EAST))
    with pytest.raises(TextError, match="nothing may follow undo"):
        parse_line("undo p", started())
    assert parse_line("undo", started()) == (Undo(),)


def test_a_deal_entered_after_the_upcard_is_part_of_the_hand() -> None:
    hand = started()
    hand.apply(Pass(EAST))
    dealt = redeal(hand, Deal(EAST, EAST_HAND))
    assert dealt.deal == {EAST: EAST_HAND} and dealt.actions == [Pass(EAST)]
    # The recorder: a seat's deal after the upcard, before its first card.
    s = session("9s o 9d kd")  # W deals, N orders up and leads the king of diamonds
    s.feed("deal E ah kh qh td 9c")
    assert s.game.current is not None and s.game.current.deal == {EAST: EAST_HAND}
    assert s.history[0].deal == {EAST: EAST_HAND}  # type: ignore[union-attr]
    s.feed("t")  # E's ten, by its rank alone now that the record knows E's cards
    assert s.game.current.actions[-1] == Play(EAST, parse_card("td"))
    with pytest.raises(EntryError, match="E has played a card already"):
        s.feed("deal E ah kh qh td 9c")
    with pytest.raises(EntryError, match="N has played a card already"):
        s.feed("deal N ah kh qh td 9c")
    # Cards already seen elsewhere: the deal is refused, and nothing changes.
    before = list(s.history)
    with pytest.raises(EntryError, match="'deal': "):
        s.feed("deal S kd kc qc jc tc")  # N played the king of diamonds
    assert s.history == before


def test_choices_for_the_seat_to_act_are_its_own_cards_and_which_follow() -> None:
    hand = started("9s", NORTH, E="ah kh qh td 9c")
    # N takes up the 9s; W wins trick 1 with the ace of diamonds and leads the 9h.
    apply_line(hand, "p p p o 9d td jd ad kd 9h th")
    assert hand.phase == PLAY and hand.to_act() == EAST
    east = Speaker(EAST, EAST_HAND)
    got = {c.line: c.follows for c in choices(hand, east)}
    assert got == {"ah": True, "kh": True, "qh": True, "9c": False}  # 9c would be a renege
    assert [c.action for c in choices(hand, east) if c.line == "9c"] == [
        Play(EAST, parse_card("9c"))
    ]
    assert choices(hand, Speaker(SOUTH)) == []  # not South's turn
    # The table sees what the record shows: here East's cards were entered in the record.
    assert {c.line for c in choices(hand)} == set(got)
    # With nothing entered, every card the record places nowhere is a choice, and each
    # that is not a heart may be a renege only if East holds a heart, which is unknown.
    unknown = started("9s", NORTH)
    apply_line(unknown, "p p p o 9d td jd ad kd 9h th")
    lines = {c.line for c in choices(unknown)}
    assert "ah" in lines and "9h" not in lines and "9s" not in lines  # played, or N's


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_choice_reads_back_as_its_action(seed: int) -> None:
    """What ``choices`` offers is a line the grammar reads as that very action, and
    every action the random table took was among the choices of its seat, marked as
    following the rules (the random players play legally)."""
    rng = random.Random(seed)
    rules = Rules()
    dealt = random_hand(rng, rules, Seat(rng.randrange(4)), Style(unseen_discard=0.0))
    deal = {s: dealt.hands[s] for s in SEATS}
    hand = HandState(rules, dealt.dealer, dealt.upcard, deal=deal, kitty=dealt.kitty)
    for action in dealt.actions:
        seat = hand.to_act()
        if seat is None:
            break
        speaker = Speaker(seat, dealt.hands[seat])
        offered = choices(hand, speaker)
        for choice in offered:
            assert parse_line(choice.line, hand, speaker) == (choice.action,)
        if isinstance(action, Play):
            mine = {c.action.card for c in offered if isinstance(c.action, Play)}
            assert mine == set(cards_of(hand.held[seat]))
            follows = {c.action.card for c in offered if c.follows and isinstance(c.action, Play)}
            led = hand.led if hand.trick_pos else NO_SUIT
            assert follows == set(cards_of(legal_mask(hand.held[seat], led, hand.trump)))
        if isinstance(action, (Pass, Order, Call, Play, BennySuit)) or (
            isinstance(action, Discard) and action.card is not None
        ):
            assert [c.follows for c in offered if c.action == action] == [True]
        hand.apply(action)


def test_an_undo_right_after_a_late_deal_takes_the_deal_back() -> None:
    s = session("9s o 9d kd")
    s.feed("deal E ah kh qh td 9c")
    s.feed("t")
    s.feed("undo")  # E's ten
    assert s.history[0].deal == {EAST: EAST_HAND}  # type: ignore[union-attr]
    fed = s.feed("undo")  # the deal
    assert s.history[0].deal == {}  # type: ignore[union-attr]
    assert fed.dealt == [(EAST, None)] and len(s.history) == 4
    s.feed("undo")  # N's king
    assert len(s.history) == 3


def test_the_recorder_says_a_late_deal_in_one_line(cli: Cli) -> None:
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    out = cli("record", input="9s o 9d\nkd\ndeal E ah kh qh td 9c\nundo\n").output
    assert "Dealt to E (Bob): A♥ K♥ Q♥ 10♦ 9♣. The hand is checked again with them." in out
    assert "Took back: E (Bob)'s deal." in out
    assert "Took back: N (Ann)" not in out and "Took back: W (Dan)" not in out


def test_the_table_s_choices_give_no_privately_entered_card_away() -> None:
    # North entered its cards on its phone; the table's view of East's options must not
    # leave North's cards out, or the buttons would tell where they are.
    north = cards("ks qs js ts")  # still held once North has led the ace
    hand = started("9h", WEST, N="as ks qs js ts")
    apply_line(hand, "p p p o 9c as")  # W, the dealer, takes up the 9h and puts down
    # the 9c; North leads the ace of spades, and East is to play.
    assert hand.to_act() == EAST
    full = {c.line for c in choices(hand)}
    public = {c.line for c in choices(view_without(hand, [NORTH], discard=True))}
    assert not {c for c in full if parse_card(c) in north}  # the full record knows
    assert {parse_card(c) for c in public} >= set(north)  # the public view cannot
    assert "9c" in public and "9c" not in full  # nor W's discard
