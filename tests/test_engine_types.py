"""Suit, Seat and Team are types mypy tells apart (issue 25 part 2): a seat passed where a
suit is expected is an error of ``mypy --strict``, though at run time both are ints; and an
action reads in the table's notation."""

from __future__ import annotations

from pathlib import Path

from mypy import api

from euchre_log.engine import Rules, text
from euchre_log.engine.actions import (
    Call,
    Discard,
    Order,
    Pass,
    Penalty,
    Play,
    RenegeCall,
    field_repr,
)
from euchre_log.engine.cards import (
    EAST,
    EW,
    HEARTS,
    NO_SUIT,
    NORTH,
    SOUTH,
    WEST,
    Seat,
    legal_mask,
    parse_card,
)
from euchre_log.engine.fair import hand_seed

SNIPPET = """\
from euchre_log.engine.cards import EAST, HEARTS, legal_mask

held = 0b1111
legal_mask(held, EAST, HEARTS)  # a seat where the led suit is expected
"""


def test_mypy_strict_refuses_a_seat_where_a_suit_is_expected(tmp_path: Path) -> None:
    snippet = tmp_path / "seat_as_suit.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    out, _, status = api.run(
        ["--strict", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(snippet)]
    )
    assert status == 1
    assert out.strip().splitlines() == [
        f'{snippet}:4: error: Argument 2 to "legal_mask" has incompatible type "Seat"; '
        'expected "Suit"  [arg-type]'
    ]


def test_the_types_are_plain_ints_at_run_time() -> None:
    """``NewType``: no wrapper, so the engine's tables and masks index with them freely."""
    assert type(EAST) is int and type(HEARTS) is int and Seat(1) == EAST == 1
    assert legal_mask(0b1, NO_SUIT, HEARTS) == 0b1


def test_an_action_reads_in_the_table_s_notation() -> None:
    nine = parse_card("9d")
    assert repr(Play(EAST, nine)) == "Play(E, 9D)"
    assert repr([Pass(NORTH), Order(SOUTH, alone=True)]) == "[Pass(N), Order(S, alone=True)]"
    assert repr(Call(WEST, HEARTS)) == "Call(W, H)" and repr(Discard(NORTH, None)) == (
        "Discard(N, None)"
    )
    assert repr(RenegeCall(NORTH, EAST, 2, (nine,))) == "RenegeCall(N, E, 2, shown=(9D))"
    assert repr(Penalty(NORTH, EW, 2, "talk")) == "Penalty(N, EW, 2, reason='talk')"
    assert repr(Pass(Seat(7))) == "Pass(7)"  # not a seat: as it is


def test_a_hand_s_seed_is_made_from_the_dataclass_form_as_before() -> None:
    """``fair.hand_seed`` hashes ``field_repr``, the form ``repr`` had before the table's
    notation: the digest below is what main computed for this hand before the change."""
    assert field_repr(Play(EAST, parse_card("9d"))) == "Play(seat=1, card=10)"
    assert field_repr(Order(SOUTH)) == "Order(seat=2, alone=False)"
    hand = text.new_hand("deal E th as ks jc 9d  dealer W  9h", Rules())
    text.apply_line(hand, "o 9s")
    text.apply_line(hand, "ah 9d jh 9h")
    assert hand_seed(hand) == "017a0a4ee215d0d546bfde72c92c1bbd6f0b40a354139c65b9c459cfccc6b164"
