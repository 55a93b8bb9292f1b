"""Hypothesis properties: random legal hands, under random rule options, keep every invariant."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_log.engine import GameState, HandState, Play, Rules
from euchre_log.engine.cards import EFFECTIVE_SUIT
from euchre_log.engine.simulate import DealtHand, random_game, random_hand
from euchre_log.formats.reader import play_log, read_log
from euchre_log.formats.writer import game_info, log_dict

PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}

THROW_INS = [
    "nines-and-tens",
    "ace-no-face",
    "king-nothing",
    "three-queens",
    "jack-nothing",
    "no-ace-no-face",
]


def _playable(options: dict[str, Any]) -> dict[str, Any]:
    if options["farmers_hand"] == "five_card" and options["deck"] != 32:
        options["farmers_hand"] = "three_card"  # seed 001's swap needs five undealt cards
    return options


rule_options = st.fixed_dictionaries(
    {
        "stick_the_dealer": st.booleans(),
        "defend_alone": st.booleans(),
        "defend_alone_points": st.sampled_from([4, 8]),
        "super_euchre": st.booleans(),
        "canadian_loner": st.booleans(),
        "club_euchre": st.booleans(),
        "farmers_hand": st.sampled_from(["off", "three_card", "five_card"]),
        "throw_ins": st.lists(st.sampled_from(THROW_INS), unique=True),
        "partners_best": st.booleans(),
        "blind_double_loner": st.booleans(),
        "loner_lead": st.sampled_from(["left_of_dealer", "left_of_loner"]),
        "deck": st.sampled_from([24, 25, 32]),
        "target": st.sampled_from([5, 7, 10, 11]),
    }
).map(_playable)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(rules: Rules, dealt: DealtHand, with_deal: bool = True) -> HandState:
    deal = {s: dealt.hands[s] for s in range(4)} if with_deal else None
    hand = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    for action in dealt.actions:
        hand.apply(action)
    return hand


def expected_points(rules: Rules, hand: HandState) -> tuple[int, int]:
    """000's scoring table, written out again row by row."""
    if hand.maker < 0 or hand.outcome == "thrown_in":
        return (0, 0)
    makers = hand.maker & 1
    took = hand.tricks[makers]
    points = [0, 0]
    if took == 5:
        points[makers] = (8 if hand.blind else 4) if hand.alone else 2  # (lone, blind) march
    elif took >= 3:
        points[makers] = 1  # made, alone or not
    else:
        lone_defender = hand.alone and hand.defender >= 0 and rules.defend_alone
        points[1 - makers] = rules.defend_alone_points if lone_defender else 2
        if took == 0 and rules.super_euchre:
            points[1 - makers] = max(points[1 - makers], 4)
    return (points[0], points[1])


@SETTINGS
@given(seed=seeds, options=rule_options)
def test_random_legal_hands_keep_every_invariant(seed: int, options: dict[str, Any]) -> None:
    rules = Rules.build(options)
    rng = random.Random(seed)
    for dealer in range(4):
        dealt = random_hand(rng, rules, dealer)
        hand = play(rules, dealt)
        # Legal play raises no flag.
        assert hand.flags == [], [f.message for f in hand.flags]
        plays = [a for a in dealt.actions if isinstance(a, Play)]
        cards = [p.card for p in plays]
        # Each card appears at most once.
        assert len(cards) == len(set(cards))
        if hand.maker < 0 or hand.outcome == "thrown_in":
            assert (
                hand.outcome in ("passed_out", "thrown_in")
                and plays == []
                and hand.points() == (0, 0)
            )
            continue
        # Each active seat plays 5 cards; a seat that sits out plays none.
        for seat in range(4):
            mine = [p for p in plays if p.seat == seat]
            assert len(mine) == (5 if hand.active(seat) else 0)
            # ...and, unless cards changed hands (a farmer's hand, partner's best), they are
            # the cards it was dealt (the dealer's may include the upcard).
            swapped = any(
                getattr(a, "seat", None) in (seat, seat ^ 2)
                and a.TYPE in ("farmers_hand", "partners_best")
                for a in dealt.actions
            )
            if not swapped:
                allowed = set(dealt.hands[seat]) | (
                    {dealt.upcard} if seat == dealt.dealer else set()
                )
                assert {p.card for p in mine} <= allowed
        # The tricks add up to 5, and the points follow the scoring table.
        assert sum(hand.tricks) == 5
        assert hand.points() == expected_points(rules, hand)
        # The same hand without the deal gives the same verdict.
        bare = play(rules, dealt, with_deal=False)
        assert (bare.tricks, bare.points(), bare.outcome, bare.flags) == (
            hand.tricks,
            hand.points(),
            hand.outcome,
            hand.flags,
        )


@SETTINGS
@given(seed=seeds, options=rule_options, cut=st.floats(min_value=0, max_value=1))
def test_replaying_a_prefix_gives_the_same_state_as_recording_one_by_one(
    seed: int, options: dict[str, Any], cut: float
) -> None:
    rules = Rules.build(options)
    dealt = random_hand(random.Random(seed), rules, seed % 4)
    deal = {s: dealt.hands[s] for s in range(4)}
    live = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    k = int(cut * len(dealt.actions))
    for i, action in enumerate(dealt.actions):
        if i == k:
            break
        live.apply(action)
    fresh = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
    for action in dealt.actions[:k]:
        fresh.apply(action)
    assert live.snapshot() == fresh.snapshot()


def inject_renege(
    rng: random.Random, rules: Rules, dealt: DealtHand
) -> tuple[list[Any], int, int] | None:
    """Swap a card a seat followed suit with for a later off-suit card of theirs, then
    replay the tricks with each seat's new card order. Returns (actions, seat, trick)."""
    hand = play(rules, dealt)
    if hand.maker < 0:
        return None
    eff = EFFECTIVE_SUIT[hand.trump]
    candidates = []
    for t in range(5):
        leader = hand.leaders[t]
        led = eff[hand.cards_at[t * 4 + leader]]
        for seat in range(4):
            x = hand.cards_at[t * 4 + seat]
            if seat == leader or x < 0 or eff[x] != led:
                continue
            for u in range(t + 1, 5):
                y = hand.cards_at[u * 4 + seat]
                if eff[y] != led:
                    candidates.append((seat, t, u))
    if not candidates:
        return None
    seat, t, u = rng.choice(candidates)
    order = {s: [hand.cards_at[k * 4 + s] for k in range(5)] for s in range(4)}
    order[seat][t], order[seat][u] = order[seat][u], order[seat][t]
    first_play = next(i for i, a in enumerate(dealt.actions) if isinstance(a, Play))
    state = HandState(rules, dealt.dealer, dealt.upcard)
    actions = list(dealt.actions[:first_play])
    for a in actions:
        state.apply(a)
    while not state.finished:
        s = state.turn
        a = Play(s, order[s][state.plays_made(s)])
        state.apply(a)
        actions.append(a)
    return actions, seat, t + 1


@SETTINGS
@given(seed=seeds, options=rule_options, with_deal=st.booleans())
def test_an_injected_renege_is_always_flagged_on_the_right_seat_and_trick(
    seed: int, options: dict[str, Any], with_deal: bool
) -> None:
    rules = Rules.build(options)
    rng = random.Random(seed)
    for _ in range(20):
        dealt = random_hand(rng, rules, rng.randrange(4))
        injected = inject_renege(rng, rules, dealt)
        if injected is None:
            continue
        actions, seat, trick = injected
        deal = {s: dealt.hands[s] for s in range(4)} if with_deal else None
        hand = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
        for a in actions:
            hand.apply(a)
        reneges = {(f.seat, f.trick) for f in hand.flags if f.kind == "renege"}
        assert (seat, trick) in reneges, [f.message for f in hand.flags]
        return


@settings(max_examples=40, deadline=None)
@given(seed=seeds, options=rule_options)
def test_games_round_trip_through_the_file_format(seed: int, options: dict[str, Any]) -> None:
    rules = Rules.build(options)
    rng = random.Random(seed)
    game = GameState(rules)
    for dealt in random_game(rng, rules):
        hand = game.start_hand(
            dealt.dealer, dealt.upcard, deal={s: dealt.hands[s] for s in range(4)}
        )
        for a in dealt.actions:
            hand.apply(a)
    assert game.winner is not None
    doc = json.loads(json.dumps(log_dict(game_info(PLAYERS, rules), game)))
    again = play_log(read_log(doc))
    assert again.results() == game.results()
    assert [h.actions for h in again.hands] == [h.actions for h in game.hands]
