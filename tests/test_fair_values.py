"""The fair review's values: worked on paper, as properties, and over every recorded game.

REVIEW.md, "What each player could see": ``ev`` is the mean over the worlds of the
mover's team's points less the other team's, every world played out open-handed after
the card; exact when the worlds are few, a seeded sample otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_log.engine import HandState, Rules
from euchre_log.engine.actions import Play
from euchre_log.engine.cards import CARD_TEXT, SEATS, SUITS, Seat, Suit, deck_mask, parse_card
from euchre_log.engine.fair import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    CardValue,
    NotReviewed,
    PlayInfo,
    Scoring,
    fair_player_totals,
    fair_reason,
    judge_choice,
    label_of,
    review_plays,
    rounded,
)
from euchre_log.engine.review import review_hand
from euchre_log.engine.simulate import Style, random_hand
from euchre_log.engine.solver import Position, Solver, legal_cards
from euchre_log.engine.views import SeatView, seat_views
from euchre_log.formats.load import load_games
from euchre_log.formats.reader import LogError

from .conftest import EGN_CORPUS, SAMPLES

N, E, S, W = SEATS
C, D, H, SP = SUITS
CLASSIC = Rules.build({"preset": "classic"})


def mask(cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards.split())


def texts(cards: tuple[int, ...]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def ev(info: PlayInfo) -> dict[str, Fraction]:
    return {CARD_TEXT[c]: v for c, v in info.ev.items()}


def rng() -> random.Random:
    return random.Random("paper")


# ---------------------------------------------------------------------------
# Numbers.


def test_rounding_is_half_away_from_zero_from_the_exact_fraction() -> None:
    assert rounded(Fraction(57, 200)) == 0.29  # 0.285: up, where a float would go down
    assert rounded(Fraction(-57, 200)) == -0.29
    assert rounded(Fraction(1, 8)) == 0.13
    assert rounded(Fraction(-1, 8)) == -0.13
    assert rounded(Fraction(1, 3)) == 0.33
    assert rounded(Fraction(2, 3)) == 0.67
    assert rounded(Fraction(-1, 201)) == 0.0
    assert rounded(0) == 0.0
    assert rounded(0.0749) == 0.07


def test_labels_come_from_the_loss_and_a_sampled_one_must_clear_two_standard_errors() -> None:
    assert label_of(Fraction(0)) is None
    assert label_of(Fraction(1, 5) - Fraction(1, 1000)) is None
    assert label_of(Fraction(1, 5)) == INACCURACY
    assert label_of(Fraction(1, 2)) == MISTAKE
    assert label_of(Fraction(99, 100)) == MISTAKE
    assert label_of(Fraction(1)) == BLUNDER
    # Sampled: a loss of 0.6 with a standard error of 0.2 clears 0.2 (0.6 - 0.4) but not
    # 0.5; with 0.21 it clears nothing; 1.2 with 0.1 clears 1.0 exactly.
    assert label_of(Fraction(3, 5), Fraction(1, 25)) == INACCURACY
    assert label_of(Fraction(3, 5), Fraction(21, 100) ** 2) is None
    assert label_of(Fraction(6, 5), Fraction(1, 100)) == BLUNDER


# ---------------------------------------------------------------------------
# Worked on paper.


def hand_made_view(
    *,
    seat: int,
    trump: int,
    leader: int,
    table: tuple[str, ...],
    won: tuple[int, int],
    own: str,
    unseen: str,
    sizes: tuple[int, int, int, int],
    voids: tuple[set[int], set[int], set[int], set[int]],
    sitting: int = 0,
) -> SeatView:
    """A view in which the seat knows where every card is but ``unseen``: every other
    card of the deck is out of play or played (``played`` holds the table's cards, and
    the rest is ``out``: only what the view leaves unseen matters to the worlds)."""
    deck = deck_mask(24)
    on_table = mask(" ".join(table)) if table else 0
    played = [0, 0, 0, 0]
    seats = [s for s in range(leader, leader + 4) if not (sitting >> (s % 4)) & 1]
    for s, c in zip(seats, table, strict=False):
        played[s % 4] |= mask(c)
    out = deck & ~(mask(own) | mask(unseen) | on_table)
    return SeatView(
        seat=Seat(seat),
        trump=Suit(trump),
        leader=Seat(leader),
        table=tuple(parse_card(c) for c in table),
        sitting=sitting,
        won=won,
        own=mask(own),
        played=(played[0], played[1], played[2], played[3]),
        held=(0, 0, 0, 0),
        voids=(
            sum(1 << v for v in voids[0]),
            sum(1 << v for v in voids[1]),
            sum(1 << v for v in voids[2]),
            sum(1 << v for v in voids[3]),
        ),
        sizes=sizes,
        out=out,
        deck=deck,
    )


def test_a_last_trick_with_two_worlds() -> None:
    # Hearts are trump; N made it (N-S are the makers, 2 tricks each so far). Trick 5:
    # E has led A♠ and S, holding only K♠, must play it. S cannot see J♥ 9♣ 9♦ Q♠ 10♠.
    # N holds one card and W one; N has shown out of diamonds and spades, W of hearts,
    # clubs and spades. So W holds 9♦ (its only possible card), N holds J♥ or 9♣, and the
    # rest (the spades and the other one) are in the kitty: two worlds.
    #   N J♥: N trumps E's A♠ and N-S take the trick: 3 tricks, N-S score 1.   S: +1
    #   N 9♣: E's A♠ wins: N-S have 2 tricks, euchred, E-W score 2.           S: -2
    # ev(K♠) = (1 - 2) / 2 = -1/2, a forced card: loss 0.
    view = hand_made_view(
        seat=S,
        trump=H,
        leader=E,
        table=("AS",),
        won=(2, 2),
        own="KS",
        unseen="JH 9C 9D QS TS",
        sizes=(1, 0, 1, 1),
        voids=({D, SP}, set(), set(), {H, C, SP}),
    )
    info = judge_choice(view, parse_card("KS"), Scoring(CLASSIC, makers=0), rng())
    assert (info.worlds, info.exact, info.solved) == (2, True, 2)
    assert ev(info) == {"KS": Fraction(-1, 2)}
    assert texts(info.best) == ["KS"]
    assert info.loss == 0 and info.se2 == 0 and info.label is None
    assert not info.choice


# Hearts are trump and S plays alone (N sits out): S has taken 2 tricks, E-W 1.
# S leads to trick 4 holding K♠ 10♦, and cannot see A♦ 10♣ A♠ 10♠ A♣; no trump is left.
# E holds two of them and W two, the fifth is out of play; E has shown out of diamonds
# and hearts, W of spades.
TWO_TRICKS = {
    "seat": S,
    "trump": H,
    "leader": S,
    "table": (),
    "won": (2, 1),
    "own": "KS TD",
    "unseen": "AD TC AS TS AC",
    "sizes": (0, 2, 2, 2),
    "voids": (set(), {D, H}, set(), {SP}),
    "sitting": 1 << N,
}


def test_two_tricks_where_the_open_hand_best_card_is_not_the_fair_best() -> None:
    # S alone needs one of the two tricks: 3 tricks score 1 (+1), fewer are a euchre,
    # E-W scoring 2 (-2). With no trump left, a trick goes to the highest card of the
    # suit led.
    # The worlds: W (no spades) holds two of A♦ 10♣ A♣, E (no diamond) two of the rest
    # of 10♣ A♠ 10♠ A♣:
    #   W A♦ 10♣: E from A♠ 10♠ A♣: {A♠ 10♠} {A♠ A♣} {10♠ A♣}        3 worlds
    #   W A♦ A♣:  E from 10♣ A♠ 10♠: {10♣ A♠} {10♣ 10♠} {A♠ 10♠}    3 worlds
    #   W 10♣ A♣: E from A♠ 10♠: {A♠ 10♠}                            1 world
    # Lead 10♦: only A♦ beats it, and E cannot hold it, so it wins unless W has A♦. If W
    # wins it, W leads again and S's K♠ can win only a spade lead, which W (no spades)
    # cannot make: 0 tricks. So 10♦ makes the hand only where A♦ is out of play:
    #   1 world of 7: ev(10♦) = (1 - 2*6) / 7 = -11/7.
    # Lead K♠: it wins unless E has A♠ (W has no spades); if E wins, E leads its other
    # card and S's 10♦ can win only a diamond lead, which E (no diamonds) cannot make:
    #   E lacks A♠ in 2 worlds ({10♠ A♣}, {10♣ 10♠}): ev(K♠) = (2 - 2*5) / 7 = -8/7.
    # K♠ is the fair best; 10♦ loses 3/7 = 0.43 points: an inaccuracy.
    view = hand_made_view(**TWO_TRICKS)  # type: ignore[arg-type]
    scoring = Scoring(CLASSIC, makers=0, alone=True)
    info = judge_choice(view, parse_card("TD"), scoring, rng())
    assert (info.worlds, info.exact, info.solved) == (7, True, 7)
    assert ev(info) == {"KS": Fraction(-8, 7), "TD": Fraction(-11, 7)}
    assert texts(info.best) == ["KS"]
    assert info.loss == Fraction(3, 7) and rounded(info.loss) == 0.43
    assert info.label == INACCURACY and info.se2 == 0
    # The cards really lay E A♠ 10♠, W 10♣ A♣ (A♦ out of play): open-handed, 10♦ is the
    # one card that wins a trick (K♠ falls to A♠, and E then leads 10♠), so the
    # open-hand review calls 10♦ best and K♠ a costly card.
    true = Position(H, (0, mask("AS TS"), mask("KS TD"), mask("TC AC")), S, (), 1 << N, (2, 1))
    assert texts(Solver().best_cards(true)) == ["TD"]
    played_best = judge_choice(view, parse_card("KS"), scoring, rng())
    assert played_best.loss == 0 and played_best.label is None


def test_the_points_are_the_movers_teams_less_the_others() -> None:
    # A lone hand by N-S: below 3 tricks E-W score 2, 3 or 4 tricks N-S 1, a march 4.
    # For an E-W mover each value is E-W's points less N-S's; for N-S the opposite.
    scoring = Scoring(CLASSIC, makers=0, alone=True)
    thresholds, values = scoring.table(1)
    assert thresholds == (3, 5) and values == (2, -1, -4)
    thresholds, values = scoring.table(0)
    assert values == (-2, 1, 4)


# ---------------------------------------------------------------------------
# Sampled values converge to the exact ones, and a seed repeats.


def small_choices(seed: int) -> Iterator[tuple[SeatView, int, Scoring]]:
    """Choices with two or more legal cards and between 40 and 3,000 worlds, from random
    legal hands (tricks 3 and 4)."""
    r = random.Random(seed)
    rules = [CLASSIC, Rules.build({"preset": "family"})][seed % 2]
    while True:
        dealt = random_hand(r, rules, Seat(r.randrange(4)), Style(alone=0.5, defend=0.5))
        hand = HandState(rules, dealt.dealer, dealt.upcard)
        hand.extend(dealt.actions)
        if fair_reason(hand) is not None:
            continue
        plays = [a.card for a in hand.actions if isinstance(a, Play)]
        for view, card in zip(seat_views(hand), plays, strict=True):
            if sum(view.won) < 2:
                continue
            count = view.space().count
            pos = view.position(next(view.space().every()))
            if 40 <= count <= 3000 and len(legal_cards(pos)) >= 2:
                yield view, card, Scoring.of(hand)


@settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10_000), which=st.integers(0, 5), share=st.sampled_from([4, 10]))
def test_sampled_values_lie_within_four_standard_errors_of_the_exact(
    seed: int, which: int, share: int
) -> None:
    choices = small_choices(seed)
    for _ in range(which):
        next(choices)
    view, card, scoring = next(choices)
    exact = judge_choice(view, card, scoring, random.Random(0), exact_limit=10**9)
    assert exact.exact and exact.solved == exact.worlds
    size = max(10, exact.worlds // share)
    sampled = judge_choice(view, card, scoring, random.Random(seed), size, exact_limit=0)
    assert not sampled.exact and sampled.solved == size and sampled.worlds == exact.worlds
    spread = max(abs(v.ev) for v in exact.values) * 2 + 1
    for want, got in zip(exact.values, sampled.values, strict=True):
        assert want.card == got.card
        # A sample whose worlds all agree has no spread to measure: one world's worth
        # of slack stands in for it.
        assert abs(float(got.ev - want.ev)) <= 4 * got.se + float(spread) / size
    # Nearly every world: nearly the exact values.
    almost = judge_choice(view, card, scoring, random.Random(seed), exact.worlds - 1, exact_limit=0)
    for want, got in zip(exact.values, almost.values, strict=True):
        assert abs(got.ev - want.ev) <= Fraction(8, exact.worlds - 1)


def test_a_seed_repeats_a_sample_exactly_and_another_draws_another() -> None:
    view, card, scoring = next(small_choices(3))
    a = judge_choice(view, card, scoring, random.Random("h1:play:9"), 20, exact_limit=0)
    b = judge_choice(view, card, scoring, random.Random("h1:play:9"), 20, exact_limit=0)
    assert a == b
    others = [
        judge_choice(view, card, scoring, random.Random(f"h2:play:{i}"), 20, exact_limit=0)
        for i in range(5)
    ]
    assert any(o.values != a.values for o in others)


def test_labels_of_sampled_cards_honour_two_standard_errors() -> None:
    seen = {"held back": 0, "labelled": 0}
    for i, (view, card, scoring) in enumerate(small_choices(11)):
        if i >= 40:
            break
        info = judge_choice(view, card, scoring, random.Random(i), 12, exact_limit=0)
        assert info.label == label_of(info.loss, info.se2)
        if info.loss >= Fraction(1, 5) and info.label is None:
            seen["held back"] += 1
            assert float(info.loss) - 2 * info.se < 0.2
        if info.label is not None:
            seen["labelled"] += 1
            assert float(info.loss) - 2 * info.se >= 0.2 - 1e-12
    assert seen["held back"] and seen["labelled"], seen


# ---------------------------------------------------------------------------
# Every sample log and the EGN corpora.


def sample_files() -> list[Path]:
    return sorted(SAMPLES.glob("*.json"))


def egn_files() -> list[Path]:
    return sorted(p for p in EGN_CORPUS.rglob("*") if p.suffix in (".egn", ".emn"))


def corpus_hands(files: list[Path]) -> Iterator[tuple[str, HandState]]:
    for path in files:
        try:
            games = load_games(path)
        except LogError:
            continue  # the corpus's refused files (tests/test_egn.py names them)
        for g in games:
            for hand in g.game.hands:
                yield path.name, hand


def check_every_hand(files: list[Path]) -> tuple[int, int, int]:
    """A hand the open-hand review does not analyse has no fair review either, for the
    same reason; an analysed one has one unless its deck is not 24 cards or cards changed
    hands; then every card played has its info. Returns the hands reviewed, their plays
    and the hands refused."""
    reviewed = plays = refused = 0
    for name, hand in corpus_hands(files):
        open_hand = review_hand(hand)
        reason = open_hand.reason if not open_hand.analysed else fair_reason(hand)
        if reason is not None:
            with pytest.raises(NotReviewed) as refusal:
                review_plays(hand, f"{name}#{hand.number}", samples=4, exact_limit=4)
            assert str(refusal.value) == reason
            refused += 1
            continue
        infos = review_plays(hand, f"{name}#{hand.number}", samples=4, exact_limit=4)
        assert open_hand.plays is not None
        reviewed += 1
        assert len(infos) == len(open_hand.plays)
        for info, graded in zip(infos, open_hand.plays, strict=True):
            plays += 1
            assert (info.seat, info.card, info.trick) == (graded.seat, graded.card, graded.trick)
            assert info.legal == graded.legal
            assert info.card in info.ev and set(info.best) <= set(info.ev)
            assert 1 <= info.solved <= info.worlds
            assert info.exact is (info.solved == info.worlds)
            assert info.loss >= 0
            if not info.choice:
                assert info.loss == 0 and info.label is None
    return reviewed, plays, refused


def test_every_sample_log_hand_is_reviewed_or_says_why() -> None:
    reviewed, plays, refused = check_every_hand(sample_files())
    assert reviewed >= 45 and plays >= 850 and refused >= 20, (reviewed, plays, refused)


@pytest.mark.slow
def test_every_egn_corpus_hand_is_reviewed_or_says_why(egn_corpus: Path) -> None:
    reviewed, plays, refused = check_every_hand(egn_files())
    assert reviewed >= 250 and plays >= 4000, (reviewed, plays, refused)


@pytest.mark.slow
def test_every_sample_log_at_the_default_sample() -> None:
    # Every third hand the review covers, of every sample log (the family game's every
    # hand is read at the default sample by the review's golden views).
    for path in sample_files():
        covered = 0
        for g in load_games(path):
            for hand in g.game.hands:
                if fair_reason(hand) is None and review_hand(hand).analysed:
                    covered += 1
                    if covered % 3 != 1:
                        continue
                    infos = review_plays(hand, path.name)
                    assert len(infos) == sum(isinstance(a, Play) for a in hand.actions)


def family_hand(number: int) -> HandState:
    (game,) = load_games(SAMPLES / "family-game.json")
    return game.game.hands[number - 1]


def test_spot_check_a_defender_who_would_not_overruff_with_the_right_bower() -> None:
    # The family sample, hand 1: S calls spades alone. Trick 3: E leads 10♣ and S trumps
    # it with the left bower (J♣). W holds A♥ J♥ and the right bower J♠, no club. The
    # right bower takes the trick whatever the others hold; W threw A♥ instead, keeping
    # J♥, a card that can take nothing. Keeping A♥ and the right bower (throwing J♥) is
    # as good as overruffing now: the right bower wins a trick later whatever happens.
    # 1,260 worlds (few enough to solve every one): A♥ is a blunder.
    infos = review_plays(family_hand(1), "family#1")
    info = next(i for i in infos if i.trick == 3 and i.seat == W)
    assert CARD_TEXT[info.card] == "AH" and info.exact and info.worlds == 1260
    assert texts(info.best) == ["JH", "JS"]
    assert info.label == BLUNDER and info.loss >= 1


def test_spot_check_following_suit_with_a_single_card_is_never_labelled() -> None:
    for number in (1, 2, 3):
        for info in review_plays(family_hand(number), f"family#{number}", samples=40):
            if not info.choice:
                assert info.loss == 0 and info.label is None and len(info.best) == 1


def test_each_players_totals_count_choices_and_accurate_ones() -> None:
    def info(seat: int, loss: Fraction, legal: int = 2) -> PlayInfo:
        values = tuple(CardValue(c, Fraction(0), Fraction(0)) for c in range(legal))
        return PlayInfo(
            1, Seat(seat), 0, 10, True, 10, values, (0,), loss, Fraction(0), label_of(loss)
        )

    hands = [
        [info(N, Fraction(0)), info(E, Fraction(0), legal=1)],
        [info(N, Fraction(1, 20)), info(N, Fraction(1, 5)), info(S, Fraction(3, 5))],
    ]
    north, east, south, west = fair_player_totals(hands)
    # N: three choices, losses 0, 0.05 and 0.2: two found a best card (loss <= 0.05).
    assert (north.choices, north.loss, north.accuracy) == (3, Fraction(1, 4), 66.7)
    assert (east.choices, east.accuracy) == (0, None)  # a forced card is no choice
    assert (south.choices, south.loss, south.accuracy) == (1, Fraction(3, 5), 0.0)
    assert west.choices == 0


def test_a_sample_of_one_world_is_refused() -> None:
    view, card, scoring = next(small_choices(3))
    with pytest.raises(ValueError, match="at least two worlds"):
        judge_choice(view, card, scoring, random.Random(0), 1, exact_limit=0)
