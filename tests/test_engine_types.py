"""Suit, Seat and Team are types mypy tells apart (issue 25 part 2): a seat passed where a
suit is expected is an error of ``mypy --strict``, though at run time both are ints; and an
action reads in the table's notation."""

from __future__ import annotations

import copy
import json
import pickle
import sqlite3
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mypy import api
from pydantic import BaseModel
from sqlalchemy import create_engine
from sqlalchemy import text as sql_text

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
    BENNY,
    CARD_SYMBOLS,
    CARD_TEXT,
    CARDS,
    EAST,
    EW,
    HEARTS,
    N_CARDS,
    NO_SUIT,
    NORTH,
    SOUTH,
    WEST,
    Card,
    Seat,
    cards_of,
    deck,
    deck_mask,
    legal_mask,
    parse_card,
)
from euchre_log.engine.fair import hand_seed
from euchre_log.formats.reader import action_from_dict, engine_action

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


# --- the card type (issue 25's last piece) ------------------------------------------


def test_a_card_reads_as_the_file_writes_it_and_prints_as_the_table_says_it() -> None:
    ten, benny = parse_card("td"), parse_card("bj")
    assert (repr(ten), str(ten), repr(benny), str(benny)) == ("TD", "10♦", "BJ", "BJ")
    percent = ("%s" % ten, "%d" % ten)  # noqa: UP031 - the %-forms are what is checked
    assert (f"{ten}", f"{ten:>4}", f"{ten:d}", *percent) == ("10♦", " 10♦", "11", "10♦", "11")
    assert repr([ten, benny]) == "[TD, BJ]" and str((ten,)) == "(TD,)"
    for c in CARDS:
        assert repr(c) == CARD_TEXT[c] and str(c) == CARD_SYMBOLS[c]


def test_a_card_is_the_int_it_was() -> None:
    ten = parse_card("10♦")
    assert isinstance(ten, int) and ten == 11 and hash(ten) == hash(11)
    assert {11: "x"}[ten] == "x" and (1 << ten) == 2048 and CARD_TEXT[ten] == "TD"
    assert type(ten + 1) is int and type(ten & 7) is int  # arithmetic gives plain ints
    assert Play(EAST, ten) == Play(EAST, 11) == Play(EAST, CARDS[11])  # type: ignore[arg-type]


def test_each_card_has_one_instance() -> None:
    assert len(CARDS) == N_CARDS and all(type(c) is Card and c == i for i, c in enumerate(CARDS))
    assert Card(11) is CARDS[11] is parse_card("TD") is parse_card("10♦")
    assert all(a is b for a, b in zip(deck(32), cards_of(deck_mask(32)), strict=True))
    assert CARDS[BENNY] is BENNY is parse_card("joker")
    for c in (CARDS[0], BENNY):
        assert copy.copy(c) is c and copy.deepcopy(c) is c
        assert all(
            pickle.loads(pickle.dumps(c, p)) is c for p in range(pickle.HIGHEST_PROTOCOL + 1)
        )
    for bad in (-1, 33, 100):
        with pytest.raises(ValueError, match="is not a card number"):
            Card(bad)


def test_the_public_surfaces_give_cards() -> None:
    assert all(type(c) is Card for c in deck(25))
    assert all(type(c) is Card for c in cards_of(0b1011 | 1 << 32))
    hand = text.new_hand("deal E th as ks jc 9d  dealer W  9h", Rules())
    text.apply_line(hand, "o 9s")
    text.apply_line(hand, "ah 9d")
    # The hand's record holds Cards too (``fair.hand_seed`` hashes their numbers).
    assert repr(hand.upcard) == "9H" and repr(hand.deal[EAST]) == "(TH, AS, KS, JC, 9D)"
    plays = [a for a in hand.actions if isinstance(a, Play | Discard)]
    assert [type(a.card) for a in plays] == [Card, Card, Card]
    legal = [a for a in hand.legal_actions() if isinstance(a, Play)]
    assert legal and all(type(a.card) is Card for a in legal)
    log = {"type": "renege_call", "seat": "N", "accused": "E", "trick": 1, "shown": ["9D"]}
    (shown,) = cast(RenegeCall, action_from_dict(log)).shown
    assert type(shown) is Card and type(cast(Play, engine_action(PLAY)).card) is Card


PLAY = {"type": "play", "seat": "E", "card": "9D"}


class _Numbers(BaseModel):
    card: int
    cards: list[int]


def test_a_card_goes_out_as_its_number_to_json_pydantic_and_sql() -> None:
    ten, benny = parse_card("td"), BENNY
    assert json.dumps({"card": ten, "cards": [ten, benny], ten: 1}) == (
        '{"card": 11, "cards": [11, 32], "11": 1}'
    )
    model = _Numbers(card=ten, cards=[ten, benny])
    assert model.model_dump_json() == '{"card":11,"cards":[11,32]}'
    assert model.model_dump(mode="json") == {"card": 11, "cards": [11, 32]}
    engine = create_engine("sqlite://")
    with engine.connect() as conn:
        row = conn.execute(sql_text("select :c, typeof(:c)"), {"c": ten}).one()
    assert tuple(row) == (11, "integer")
    with sqlite3.connect(":memory:") as db:
        assert db.execute("select ?, typeof(?)", (ten, ten)).fetchone() == (11, "integer")


def test_psycopg_dumps_a_card_as_an_integer() -> None:
    psycopg = pytest.importorskip("psycopg")
    from psycopg.adapt import PyFormat

    def dumped(value: int) -> tuple[bytes, int]:
        # psycopg finds the dumper by the value's class, then by its size (``upgrade``).
        dumper = psycopg.adapters.get_dumper(type(value), PyFormat.TEXT)(type(value))
        dumper = dumper.upgrade(value, PyFormat.TEXT)
        return bytes(dumper.dump(value) or b""), dumper.oid

    assert dumped(parse_card("td")) == dumped(11) == (b"11", dumped(11)[1])


@given(st.sampled_from([24, 25, 32]), st.data())
def test_every_card_reads_back_from_its_repr_and_its_str(size: int, data: st.DataObject) -> None:
    c = data.draw(st.sampled_from(deck(size)))
    assert parse_card(repr(c)) is c and parse_card(str(c)) is c
    assert parse_card(repr(c).lower()) is c and parse_card(f"{c}") is c
