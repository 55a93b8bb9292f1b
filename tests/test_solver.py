"""The open-hand solver against a brute-force minimax, on thousands of random positions."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from euchre_log.engine.cards import (
    DIAMONDS,
    HEARTS,
    NO_SUIT,
    NORTH,
    SOUTH,
    SPADES,
    Seat,
    Suit,
    legal_mask,
    parse_card,
)
from euchre_log.engine.positions import position_after, start_position
from euchre_log.engine.simulate import playable
from euchre_log.engine.solver import (
    ClaimCheck,
    Position,
    Solver,
    best_cards,
    check_claim,
    equivalent_cards,
    legal_cards,
    solve,
)

from .brute import NEVER, Brute, allowed, masks_to_sets, seats_in_order, suit_played, winner_of
from .helpers import ORDER_UP_DEAL, ORDER_UP_PLAY, session

SITTING = (0, 0, 0, 0b0001, 0b0010, 0b0100, 0b1000, 0b0011, 0b0110, 0b1100, 0b1001)
"""Nobody out (most often), a lone hand's partner out, or a lone hand against a lone
defender (one seat out on each side)."""


def deck(size: int) -> list[int]:
    low = 0 if size == 32 else 2
    cards = [s * 8 + r for s in range(4) for r in range(low, 8)]
    return [*cards, 32] if size == 25 else cards


@dataclass
class Case:
    """A random position, and the same position as the brute force sees it."""

    position: Position
    brute: Brute

    @property
    def sets(self) -> tuple[frozenset[int], ...]:
        return masks_to_sets(self.position.hands)

    def ns(self) -> int:
        """NS's tricks in the whole hand, by brute force."""
        p = self.position
        return p.won[0] + self.brute.ns(self.sets, p.leader, p.table)


def random_case(rng: random.Random, tricks: int) -> Case:
    """``tricks`` tricks left, in a random deck, sometimes partway through the trick."""
    size = rng.choice((24, 25, 32))
    trump = rng.randrange(4)
    sitting = rng.choice(SITTING)
    cards = deck(size)
    rng.shuffle(cards)
    active = [s for s in range(4) if not (sitting >> s) & 1]
    held: list[set[int]] = [set(), set(), set(), set()]
    for s in active:
        held[s] = {cards.pop() for _ in range(tricks)}
    leader = rng.choice(active)
    table: list[int] = []
    seats = seats_in_order(leader, sitting)
    for seat in seats[: rng.randrange(len(seats))]:
        led = suit_played(table[0], trump) if table else None
        c = rng.choice(allowed(held[seat], led, trump))
        held[seat].discard(c)
        table.append(c)
    done = 5 - tricks
    ns = rng.randint(0, done)
    masks = [sum(1 << c for c in h) for h in held]
    position = Position(
        Suit(trump),
        (masks[0], masks[1], masks[2], masks[3]),
        Seat(leader),
        tuple(table),
        sitting,
        (ns, done - ns),
    )
    return Case(position, Brute(trump, sitting))


def children(case: Case) -> list[tuple[int, int]]:
    """(card, NS's tricks in the whole hand after it) for each legal card, by brute force."""
    p = case.position
    seats = seats_in_order(p.leader, p.sitting)
    seat = seats[len(p.table)]
    led = suit_played(p.table[0], p.trump) if p.table else None
    out = []
    for c in allowed(case.sets[seat], led, p.trump):
        hands = list(case.sets)
        hands[seat] = hands[seat] - {c}
        trick = (*p.table, c)
        won = p.won[0]
        if len(trick) == len(seats):
            w = winner_of(trick, seats, p.trump)
            won += w % 2 == 0
            out.append((c, won + case.brute.ns(tuple(hands), w, ())))
        else:
            out.append((c, won + case.brute.ns(tuple(hands), p.leader, trick)))
    return out


def check_against_brute(case: Case, solver: Solver) -> None:
    p = case.position
    ns = case.ns()
    assert solver.solve(p, 0) == ns, p
    assert solver.solve(p, 1) == p.won[0] + p.won[1] + p.tricks_left - ns, p
    for team, value in ((0, ns), (1, 5 - ns - (5 - sum(p.won) - p.tricks_left))):
        for tricks in range(6):
            assert solver.at_least(p, team, tricks) == (value >= tricks), (p, team, tricks)
    kids = children(case)
    assert [c for c, _ in kids] == list(legal_cards(p))
    assert solver.best_cards(p) == tuple(c for c, v in kids if v == ns), p
    # Equivalent cards really are: the same value after each card of a run.
    after = dict(kids)
    runs = equivalent_cards(p)
    assert sorted(c for run in runs for c in run) == sorted(after)
    for run in runs:
        assert len({after[c] for c in run}) == 1, (p, run)


@pytest.mark.parametrize("seed", range(6))
def test_short_positions_match_brute_force(seed: int) -> None:
    # One to three tricks left: 3,000 positions over the six seeds, every deck, lone
    # hands and lone defenders, starts partway through a trick. One solver for all of
    # them: it must notice every new deal and drop what it knew.
    rng = random.Random(1000 + seed)
    solver = Solver()
    for k in range(500):
        case = random_case(rng, 1 + k % 3)
        check_against_brute(case, solver)


@pytest.mark.parametrize("seed", range(3))
def test_long_positions_match_brute_force(seed: int) -> None:
    # Four and five tricks left, each with a fresh solver.
    rng = random.Random(2000 + seed)
    for k in range(20):
        case = random_case(rng, 4 + k % 2)
        check_against_brute(case, Solver())


def test_a_shared_solver_follows_a_hand_card_by_card() -> None:
    # The review's use: one solver, the position after every card of one deal. Each value
    # matches a fresh solver's and the brute force's.
    rng = random.Random(7)
    for _ in range(6):
        case = random_case(rng, 5)
        shared = Solver()
        p = case.position
        while not p.finished:
            case = Case(p, case.brute)
            assert shared.solve(p, 0) == Solver().solve(p, 0) == case.ns()
            p = p.play(rng.choice(legal_cards(p)))
        assert shared.solve(p, 0) == p.won[0]


def check_claim_against_brute(case: Case, claimer: int) -> None:
    p = case.position
    team = claimer & 1
    verdict = check_claim(p, claimer)
    first = case.brute.first_loss(case.sets, p.leader, p.table, team)
    assert verdict.good == (first == NEVER), p
    if verdict.good:
        assert verdict == ClaimCheck(True)
        return
    assert verdict.trick == p.trick_number + first - 1
    # The line is legal, ends with the first trick the other side wins, and never lets
    # either side do better than the brute force says.
    pos = p
    for seat, card in verdict.line:
        assert seat == pos.turn
        led = suit_played(pos.table[0], pos.trump) if pos.table else None
        assert card in allowed(masks_to_sets(pos.hands)[seat], led, pos.trump)
        loss = case.brute.first_loss(masks_to_sets(pos.hands), pos.leader, pos.table, team)
        assert pos.trick_number + loss - 1 == verdict.trick
        before = pos
        pos = pos.play(card)
    assert not pos.table and pos.won[1 - team] == before.won[1 - team] + 1
    assert before.trick_number == verdict.trick and pos.leader == verdict.seat
    trick = dict(zip(before.seats, (*before.table, verdict.line[-1][1]), strict=True))
    assert verdict.seat is not None and trick[Seat(verdict.seat)] == verdict.card


@pytest.mark.parametrize("seed", range(4))
def test_claims_match_brute_force(seed: int) -> None:
    rng = random.Random(3000 + seed)
    for k in range(150):
        case = random_case(rng, 1 + k % 4)
        check_claim_against_brute(case, rng.choice(seats_in_order(0, case.position.sitting)))


def test_a_claim_in_words() -> None:
    # Seed 001's hand after trick 1 (N AH, E TH, S JH, W 9H; hearts trump): S is on lead
    # with AC KD QS TS and claims the rest. W holds AD KC QC JD (JD the left bower, now
    # the top trump). S can put off the loss once, cashing AC (W must follow with a
    # club), but then a diamond loses to AD and a spade to W's ruff with JD: E-W win
    # trick 3 whatever S-N do.
    hand = session(ORDER_UP_DEAL + "9h o 9s\nah th jh 9h").game.hands[0]
    verdict = check_claim(position_after(hand), 2)
    assert not verdict.good and verdict.trick == 3 and verdict.seat == 3
    assert verdict.card in (parse_card("JD"), parse_card("AD"))
    assert verdict.line[0] == (2, parse_card("AC"))
    # Before the last trick (N to lead QH; E AS, S QS, W JD left), W's JD takes it: a
    # claim by W is good, and one by N loses trick 5 to it.
    late = position_after(session(ORDER_UP_DEAL + ORDER_UP_PLAY).game.hands[0], 16)
    assert check_claim(late, 3) == ClaimCheck(True)
    cards = [parse_card(c) for c in ("QH", "AS", "QS", "JD")]
    assert check_claim(late, 0) == ClaimCheck(
        False, 5, 3, parse_card("JD"), tuple(zip(range(4), cards, strict=True))
    )


def test_legal_cards_follow_the_effective_suit() -> None:
    trump = HEARTS  # JD is the left bower, a heart
    hand = [parse_card(c) for c in ("JD", "AD", "9C", "KH")]
    mask = sum(1 << c for c in hand)
    hearts, diamonds = HEARTS, DIAMONDS
    assert legal_mask(mask, hearts, trump) == (1 << parse_card("JD")) | (1 << parse_card("KH"))
    assert legal_mask(mask, diamonds, trump) == 1 << parse_card("AD")
    assert legal_mask(mask, SPADES, trump) == mask  # void in spades: anything
    assert legal_mask(mask, NO_SUIT, trump) == mask  # leading: anything
    # The Benny is a trump, whatever the suit.
    benny = mask | 1 << 32
    assert legal_mask(benny, hearts, trump) == legal_mask(mask, hearts, trump) | 1 << 32
    # simulate.playable is the same rule, keeping the order it was given.
    assert playable(hand, hearts, trump) == [parse_card("JD"), parse_card("KH")]
    assert playable(hand[::-1], SPADES, trump) == hand[::-1]


def test_random_legal_cards_match_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        case = random_case(rng, rng.randint(1, 5))
        p = case.position
        led = suit_played(p.table[0], p.trump) if p.table else None
        assert list(legal_cards(p)) == allowed(case.sets[p.turn], led, p.trump)


def test_positions_from_a_recorded_hand() -> None:
    hand = session(ORDER_UP_DEAL + ORDER_UP_PLAY).game.hands[0]
    start = start_position(hand)
    w = sum(1 << parse_card(c) for c in ("AD", "KC", "QC", "JD", "9H"))  # after the discard
    assert start.hands[3] == w and start.leader == 0 and start.trump == 2
    mid = position_after(hand, 6)  # trick 2: S led AC, W played QC
    assert mid.leader == 2 and mid.won == (1, 0) and mid.turn == 0
    assert mid.table == (parse_card("AC"), parse_card("QC")) and mid.trick_number == 2
    end = position_after(hand)
    assert end.finished and end.won == (3, 2) and solve(end, 0) == 3
    # Without the deal, the cards each seat played are its hand.
    assert start_position(session(ORDER_UP_PLAY).game.hands[0]) == start
    # Partway through, without the deal, the cards still held are unknown.
    with pytest.raises(ValueError, match="not all known"):
        start_position(session("9h o 9s\nah th jh 9h").game.hands[0])


def test_impossible_positions_are_refused() -> None:
    ah, kh = parse_card("AH"), parse_card("KH")
    with pytest.raises(ValueError, match="two places"):
        Position(HEARTS, (1 << ah, 1 << ah, 0, 0), NORTH, (), 0b1010)
    with pytest.raises(ValueError, match="one card per trick"):
        Position(HEARTS, (1 << ah | 1 << kh, 1 << parse_card("9C"), 0, 0), NORTH, (), 0b1100)
    with pytest.raises(ValueError, match="sits out"):
        Position(HEARTS, (1 << ah, 0, 1 << kh, 1 << parse_card("9C")), SOUTH, (), 0b0011)
    p = Position.deal(HEARTS, [[ah], [kh], [], []], NORTH, sitting=0b1100)
    with pytest.raises(ValueError, match="does not hold"):
        p.play(kh)
    assert best_cards(p) == (ah,) and solve(p, 0) == 1 and solve(p, 1) == 0
