"""What the recorder's prompt offers is what the rules allow: every token it names is one
the recorder then takes without a refusal or a flag."""

from __future__ import annotations

import pytest

from euchre_log.recorder.grammar import EntryError
from euchre_log.render.live import prompt

from .helpers import session

PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


@pytest.mark.parametrize(
    ("script", "defenders", "refused"),
    [
        # W deals; E, left of the dealer's partner, orders up alone: N and S defend.
        ("9h p o!", "N/S", "E"),
        # N orders up alone: E and W defend.
        ("9h o!", "E/W", "N"),
        # The dealer (W) takes it up alone.
        ("9h p p p o!", "N/S", "W"),
    ],
)
def test_the_discard_prompt_offers_the_lone_hand_s_opponents_to_defend(
    script: str, defenders: str, refused: str
) -> None:
    s = session(script, {"preset": "family"})
    said = prompt(s, PLAYERS)
    assert f"(or defend {defenders} alone)" in said
    for seat in defenders.split("/"):  # each seat offered is taken, unflagged
        tried = session(script, {"preset": "family"})
        fed = tried.feed(f"defend {seat}")
        assert fed.entries and not fed.flags
    with pytest.raises(EntryError, match="on the makers' side"):
        session(script, {"preset": "family"}).feed(f"defend {refused}")


def test_no_defending_alone_is_offered_where_the_rules_do_not_allow_it() -> None:
    s = session("9h p o!", {"preset": "classic"})
    assert "defend" not in prompt(s, PLAYERS)
    s.feed("9s")  # the discard: the first lead's prompt offers nothing either
    assert "defend" not in prompt(s, PLAYERS)


def test_the_first_lead_s_prompt_names_who_may_still_defend_alone() -> None:
    s = session("9h p o! 9s", {"preset": "family"})  # W's discard; the first card is next
    assert "or defend N/S alone first" in prompt(s, PLAYERS)
    s.feed("defend S")
    assert "defend" not in prompt(s, PLAYERS)


def test_round_two_offers_the_suits_that_may_be_named_and_an_alone_call_among_them() -> None:
    s = session("9h pppp")  # hearts turned down: N names trump
    said = prompt(s, PLAYERS)
    assert "not ♥ (c d s, c! alone)" in said
    assert "h!" not in said and " h " not in said


def test_a_stuck_dealer_is_not_offered_a_pass() -> None:
    s = session("9h pppp ppp", {"preset": "north-american"})  # W, the dealer, is stuck
    said = prompt(s, PLAYERS)
    assert "pass" not in said and "stuck" in said
    assert "(c d s, c! alone)" in said
    fed = s.feed("p")  # a pass there is flagged: which is why it is not offered
    assert fed.flags


def test_under_the_canadian_loner_the_dealer_s_partner_is_offered_only_to_go_alone() -> None:
    # W deals, so N bids first; E, W's partner, is next.
    said = prompt(session("9h p", {"preset": "canadian"}), PLAYERS)
    assert "assist ♥ (o! alone)" in said
    said = prompt(session("9h", {"preset": "canadian"}), PLAYERS)  # N: either way
    assert "order it up ♥ (o, o! alone)" in said


def test_a_blind_double_loner_is_offered_only_where_the_rules_play_it() -> None:
    assert "blind" not in prompt(session("9h"), PLAYERS)
    said = prompt(session("9h", {"blind_double_loner": True}), PLAYERS)
    assert "blind for a blind double loner" in said
