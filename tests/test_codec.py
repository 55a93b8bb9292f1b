"""The journal's compact encoding gives back, byte for byte, the texts the chain covers.

``codec.encode`` keeps an entry's canonical JSON and time in a few characters; whatever a
row held (any text, any time, as a database changed by hand may hold), ``decode`` must
give back exactly that, or the chain worked out again would not be the chain.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine import actions as A
from euchre_log.engine.cards import EW, NORTH, SEATS, SOUTH
from euchre_log.engine.record import StartHand
from euchre_log.engine.rules import Rules
from euchre_log.engine.simulate import random_game
from euchre_log.formats.load import load_games
from euchre_log.store.codec import canonical, decode, decode_text, encode, time_text, time_us
from euchre_log.store.journal import entry_text, now

from .conftest import SAMPLES

STAMP = "2026-11-27T20:15:03.123456+00:00"


def entries() -> list[tuple[str, str]]:
    """(kind, canonical JSON) of every entry of the sample logs and of random games."""
    out: list[tuple[str, str]] = [("undo", canonical({"undoes": n})) for n in (1, 9, 10, 12345)]
    out += [
        entry_text(A.Penalty(NORTH, EW, -2, "table talk")),
        entry_text(A.Note(None, "Bob disputes it")),
        entry_text(A.Note(SOUTH, 'a "quoted" ünïcode\nnote \u202e')),
    ]
    for path in sorted(SAMPLES.glob("*.json")):
        for loaded in load_games(path):
            for hand in loaded.game.hands:
                out.append(
                    entry_text(StartHand(hand.dealer, hand.upcard, dict(hand.deal), hand.kitty))
                )
                out.extend(entry_text(a) for a in hand.actions)
    rng = random.Random(7)
    for preset in ("classic", "benny", "family"):
        rules = Rules.build({"preset": preset})
        for dealt in random_game(rng, rules):
            deal = {s: dealt.hands[s] for s in SEATS}
            out.append(entry_text(StartHand(dealt.dealer, dealt.upcard, deal, ())))
            out.extend(entry_text(a) for a in dealt.actions)
    return out


def test_every_entry_comes_back_exactly_and_the_common_ones_in_a_few_bytes() -> None:
    seen: dict[str, list[int]] = {}
    for kind, text in entries():
        code, us = encode(kind, text, STAMP)
        assert decode(kind, code, us) == (text, STAMP), (kind, text, code)
        assert decode_text(kind, code) == text
        seen.setdefault(kind, []).append(len(code))
    assert max(seen["play"]) == 3 and max(seen["pass"]) == 1 and max(seen["undo"]) <= 5
    assert max(seen["order"]) <= 2 and max(seen["call"]) <= 3 and max(seen["discard"]) == 3
    assert {"deal", "renege_call", "penalty", "note", "partners_best"} <= set(seen)


def test_a_time_is_whole_microseconds_and_comes_back_as_its_text() -> None:
    stamp = now()
    us = time_us(stamp)
    assert us is not None and time_text(us) == stamp
    assert time_us("2026-11-27T20:15:03+00:00") is None  # not as now() writes it: kept as text
    assert time_us("last Friday") is None


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["play", "deal", "undo", "pass", "order", "call", "discard", "note", "x"]),
    value=st.one_of(
        st.text(),
        st.dictionaries(
            st.text(max_size=8), st.one_of(st.text(), st.integers(), st.booleans(), st.none())
        ),
        st.builds(
            lambda seat, card: {"type": "play", "seat": seat, "card": card},
            st.text(max_size=2),
            st.text(max_size=3),
        ),
    ),
    time=st.one_of(st.just(STAMP), st.text(max_size=40)),
)
def test_any_text_and_any_time_come_back_exactly(kind: str, value: Any, time: str) -> None:
    """What a row may hold after another program changed it: text that is no JSON, an
    object of another shape, a card that is none, a time in another form."""
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    for candidate in (text, canonical(value)):
        code, us = encode(kind, candidate, time)
        assert decode(kind, code, us) == (candidate, time)
