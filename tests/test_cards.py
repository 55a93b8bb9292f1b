"""Card notation: every form LOG_FORMAT.md lists reads as one canonical card."""

import pytest

from euchre_log.engine.cards import (
    BENNY,
    CARD_TEXT,
    CardError,
    card_name,
    deck,
    parse_card,
    parse_seat,
    parse_suit,
    parse_team,
)


@pytest.mark.parametrize(
    "token",
    ["TD", "10D", "10♦", "t♦", "♦10", "♦T", "DT", "D10", "td", "10d", " TD ", "10♦\ufe0f", "♢10"],
)
def test_every_notation_of_the_ten_of_diamonds(token: str) -> None:
    assert CARD_TEXT[parse_card(token)] == "TD"


@pytest.mark.parametrize("token", ["JD", "j♦", "♦J", "DJ", "jd", "J♦"])
def test_jack_of_diamonds_forms(token: str) -> None:
    assert CARD_TEXT[parse_card(token)] == "JD"


def test_the_benny() -> None:
    assert parse_card("BJ") == BENNY
    assert parse_card("joker") == BENNY
    assert CARD_TEXT[BENNY] == "BJ"


@pytest.mark.parametrize("token", ["1D", "ZZ", "", "10", "♦", "JJ", "11H", "AHH", "9X"])
def test_unknown_card_quotes_the_token_and_shows_the_forms(token: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(token)
    message = str(err.value)
    assert repr(token) in message
    assert "9C" in message and "10♦" in message and "♦J" in message


def test_canonical_form_round_trips_every_card() -> None:
    for size in (24, 25, 32):
        for c in deck(size):
            assert parse_card(CARD_TEXT[c]) == c
            assert parse_card(CARD_TEXT[c].lower()) == c


def test_decks_have_the_right_sizes() -> None:
    assert len(deck(24)) == 24
    assert len(deck(25)) == 25
    assert len(deck(32)) == 32
    assert "7C" in {CARD_TEXT[c] for c in deck(32)}
    assert "7C" not in {CARD_TEXT[c] for c in deck(24)}


def test_suits_seats_and_teams() -> None:
    assert parse_suit("♣") == parse_suit("clubs") == parse_suit("C") == parse_suit("club") == 0
    assert parse_suit("h") == 2
    assert parse_seat("w") == parse_seat("West") == 3
    assert parse_team("ns") == 0 and parse_team("EW") == 1
    for bad, fn in (("x", parse_suit), ("Q", parse_seat), ("NE", parse_team)):
        with pytest.raises(CardError):
            fn(bad)


def test_card_names() -> None:
    assert card_name(parse_card("TD")) == "the ten of diamonds"
    assert card_name(BENNY) == "the Benny"
