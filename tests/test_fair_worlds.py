"""The fair review's views and worlds, against a brute force written apart from them.

The brute force reads a recorded hand its own way (REVIEW.md's "A seat's view": the cards
played and by whom, the upcard, the dealer's own discard, voids, shown cards), then tries
every placement of the cards the seat cannot see into the other playing seats' hands and
keeps those the view allows. ``WorldSpace`` must count exactly those worlds, list each
once, and number them one to one.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from euchre_log.engine import HandState, Rules
from euchre_log.engine.actions import (
    Action,
    BlindDoubleLoner,
    Call,
    Discard,
    Order,
    Pass,
    Play,
    RenegeCall,
)
from euchre_log.engine.cards import SEATS, SUITS, Seat, deck, parse_card
from euchre_log.engine.positions import start_position
from euchre_log.engine.simulate import Style, random_hand
from euchre_log.engine.views import SeatView, seat_views
from euchre_log.engine.worlds import WorldSpace

from .brute import suit_played

Hands = tuple[int, int, int, int]


def mask(cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards.split())


# ---------------------------------------------------------------------------
# The brute force.


def reference_view(
    hand: HandState, index: int
) -> tuple[int, int, list[int], int, Hands, list[set[int]]]:
    """What the seat to play the ``index``-th card knows, read from the record by hand:
    (seat, its own cards, the cards the view places in each other seat's hand, the cards
    it cannot see, the hands' sizes, the suits each seat showed out of)."""
    pos = start_position(hand)
    trump, dealer, upcard = hand.trump, hand.dealer, hand.upcard
    picked = any(isinstance(a, (Order, BlindDoubleLoner)) for a in hand.actions)
    start = pos.hands
    played: list[set[int]] = [set(), set(), set(), set()]
    voids: list[set[int]] = [set(), set(), set(), set()]
    shown: list[set[int]] = [set(), set(), set(), set()]
    n = 0
    trick: list[int] = []
    size = 4 - bin(hand.sitting).count("1")
    for a in hand.actions:
        if isinstance(a, RenegeCall):
            shown[a.accused] |= set(a.shown)
        if not isinstance(a, Play):
            continue
        if n == index:
            break
        if trick and suit_played(a.card, trump) != suit_played(trick[0], trump):
            voids[a.seat].add(suit_played(trick[0], trump))
        trick.append(a.card)
        if len(trick) == size:
            trick = []
        played[a.seat].add(a.card)
        pos = pos.play(a.card)
        n += 1
    seat = pos.turn
    own = pos.hands[seat]
    known = [0, 0, 0, 0]
    out = set()
    if picked and hand.active(dealer) and (start[dealer] >> upcard) & 1:
        if upcard not in played[dealer] and seat != dealer:
            known[dealer] |= 1 << upcard
    else:
        out.add(upcard)  # turned down, or put down again, or with a dealer sitting out
    if seat == dealer and picked:
        discard = hand.discard
        if discard is None and hand.deal.get(dealer):
            dealt = set(hand.deal[dealer]) | {upcard}
            (discard,) = {c for c in dealt if not (start[dealer] >> c) & 1}
        if discard is not None:
            out.add(discard)
    for s in range(4):
        if s != seat:
            for c in shown[s] - played[s]:
                known[s] |= 1 << c
    gone = set().union(*played) | out
    unseen = 0
    for c in set(deck(hand.rules.deck)) - gone:
        if not (own >> c) & 1 and not any((k >> c) & 1 for k in known):
            unseen |= 1 << c
    sizes = tuple(h.bit_count() for h in pos.hands)
    return seat, own, known, unseen, (sizes[0], sizes[1], sizes[2], sizes[3]), voids


def brute_worlds(hand: HandState, index: int) -> set[Hands]:
    """Every world of the view, by trying every placement of the unseen cards."""
    seat, own, known, unseen, sizes, voids = reference_view(hand, index)
    others = [s for s in range(4) if s != seat and hand.active(Seat(s))]
    found: set[Hands] = set()

    def place(i: int, left: list[int], hands: list[int]) -> None:
        if i == len(others):
            found.add((hands[0], hands[1], hands[2], hands[3]))
            return
        s = others[i]
        room = sizes[s] - known[s].bit_count()
        for chosen in itertools.combinations(left, room):
            if any(suit_played(c, hand.trump) in voids[s] for c in chosen):
                continue
            h = hands[:]
            h[s] = known[s] | sum(1 << c for c in chosen)
            place(i + 1, [c for c in left if c not in chosen], h)

    start = [0, 0, 0, 0]
    start[seat] = own
    place(0, [c for c in range(33) if (unseen >> c) & 1], start)
    return found


def placements(hand: HandState, index: int) -> int:
    """How many placements the brute force would try, without voids."""
    seat, _, known, unseen, sizes, _ = reference_view(hand, index)
    left, total = unseen.bit_count(), 1
    for s in range(4):
        if s != seat and hand.active(Seat(s)):
            room = sizes[s] - known[s].bit_count()
            total *= math.comb(left, room)
            left -= room
    return total


def check_against_brute(hand: HandState, index: int) -> WorldSpace:
    view = seat_views(hand)[index]
    space = view.space()
    expected = brute_worlds(hand, index)
    listed = list(space.every())
    assert len(listed) == len(set(listed)), "a world is listed twice"
    assert set(listed) == expected
    assert space.count == len(expected)
    assert {space.world(i) for i in range(space.count)} == expected
    # The true lie of the cards is one of the worlds.
    pos = start_position(hand)
    for a in [a for a in hand.actions if isinstance(a, Play)][:index]:
        pos = pos.play(a.card)
    assert pos.hands in expected
    return space


# ---------------------------------------------------------------------------
# Hands to try: random legal hands under several rules, some with the discard unseen,
# some with cards shown by a renege call.

RULES = [
    Rules.build({"preset": "classic"}),
    Rules.build({"preset": "family"}),  # defending alone
    Rules.build({"preset": "north-american", "loner_lead": "left_of_loner"}),
]
BOLD = Style(order=0.3, alone=0.8, defend=0.8, unseen_discard=0.5)


def with_shown_cards(hand: HandState, rng: random.Random) -> HandState | None:
    """The same hand with a renege call after trick 2, by a seat on the accused's first
    trick, the accused showing one or two of the cards it still held (a call the record
    then judges; the hand stays analysed)."""
    plays = [a for a in hand.actions if isinstance(a, Play)]
    size = 4 - bin(hand.sitting).count("1")
    if len(plays) < 3 * size:
        return None
    accused = plays[1].seat
    accuser = next(s for s in range(4) if s & 1 != accused & 1 and hand.active(Seat(s)))
    later = [a.card for a in plays[2 * size :] if a.seat == accused]
    shown = tuple(rng.sample(later, min(len(later), rng.choice((1, 2)))))
    actions: list[Action] = []
    n = 0
    for a in hand.actions:
        actions.append(a)
        if isinstance(a, Play):
            n += 1
            if n == 2 * size:
                actions.append(RenegeCall(Seat(accuser), accused, 1, shown))
    return replay(hand, actions)


def replay(hand: HandState, actions: list[Action]) -> HandState:
    new = HandState(hand.rules, hand.dealer, hand.upcard, deal=hand.deal, kitty=hand.kitty)
    new.extend(actions)
    return new


def random_hands(count: int, seed: int) -> Iterator[HandState]:
    rng = random.Random(seed)
    made = 0
    while made < count:
        rules = RULES[made % len(RULES)]
        dealt = random_hand(rng, rules, Seat(rng.randrange(4)), BOLD)
        deal = {s: dealt.hands[s] for s in SEATS} if rng.random() < 0.5 else None
        hand = HandState(rules, dealt.dealer, dealt.upcard, deal=deal)
        hand.extend(dealt.actions)
        if hand.trump < 0 or hand.trick < 5:
            continue
        made += 1
        if rng.random() < 0.3:
            shown = with_shown_cards(hand, rng)
            if shown is not None:
                hand = shown
        yield hand


def test_worlds_match_the_brute_force_on_random_hands() -> None:
    seen: Counter[str] = Counter()
    for hand in random_hands(120, 20261201):
        plays = [a for a in hand.actions if isinstance(a, Play)]
        views = seat_views(hand)
        for i, view in enumerate(views):
            left = 5 - sum(view.won)
            if left > 3 or placements(hand, i) > 3_000:
                continue
            space = check_against_brute(hand, i)
            seen["views"] += 1
            seen[f"{left} tricks left"] += 1
            seen["sitting out"] += bool(view.sitting)
            seen["voids"] += any(view.voids)
            seen["void limits"] += space.count < placements(hand, i)
            seen["upcard held"] += any(h >> hand.upcard & 1 for h in view.held)
            seen["shown"] += any(
                isinstance(a, RenegeCall) and a.shown for a in hand.actions
            ) and any(view.held[s] & ~(1 << hand.upcard) for s in range(4))
            discard = next((a for a in hand.actions if isinstance(a, Discard)), None)
            if discard is not None and view.seat == hand.dealer:
                seen[
                    "dealer, discard recorded" if discard.card is not None else "dealer, unseen"
                ] += 1
        assert len(views) == len(plays)
    for feature in (
        "1 tricks left",
        "2 tricks left",
        "3 tricks left",
        "sitting out",
        "voids",
        "void limits",
        "upcard held",
        "shown",
        "dealer, discard recorded",
        "dealer, unseen",
    ):
        assert seen[feature] >= 5, (feature, seen)


# ---------------------------------------------------------------------------
# Hand-made records, for the upcard's and the discard's rules.

N, E, S, W = SEATS
C, D, H, SP = SUITS


def record(
    actions: list[Action],
    *,
    dealer: int = W,
    upcard: str = "9H",
    deal: dict[Seat, str] | None = None,
    rules: Rules | None = None,
) -> HandState:
    hand = HandState(
        rules or Rules.build({"preset": "classic"}),
        Seat(dealer),
        parse_card(upcard),
        deal={s: tuple(parse_card(c) for c in t.split()) for s, t in (deal or {}).items()},
    )
    hand.extend(actions)
    return hand


def plays(text: str, first: int) -> list[Action]:
    """Plays in turn order from ``first`` (nobody sits out)."""
    return [Play(SEATS[(first + i) % 4], parse_card(c)) for i, c in enumerate(text.split())]


# Seed 001's ordering-up deal (tests/helpers.ORDER_UP_DEAL): West deals, 9H up, North
# orders, West discards 9S, North leads.
DEAL = {N: "AH KH QH TD 9C", E: "TH AS KS JC 9D", S: "JH AC KD QS TS", W: "AD KC QC JD 9S"}
PLAY = "AH TH JH 9H  AC QC 9C JC  KD AD TD 9D  KC KH KS TS  QH AS QS JD"
# Trick winners: S (JH), S (AC)... the tricks are led in turn by N, S, S, W, N.
ORDER = [N, S, S, W, N]


def play_actions(text: str = PLAY) -> list[Action]:
    """The five tricks of ``text``, each led by the seat ``ORDER`` says."""
    out: list[Action] = []
    cards = text.split()
    for t in range(5):
        out += plays(" ".join(cards[4 * t : 4 * t + 4]), ORDER[t])
    return out


def test_the_play_of_the_sample_deal_is_legal() -> None:
    hand = record([Order(N), Discard(W, parse_card("9S")), *play_actions()], deal=DEAL)
    assert hand.finished and not hand.flags and hand.tricks == [3, 2]


def test_the_dealer_holds_the_upcard_in_every_view_until_it_is_played() -> None:
    hand = record([Order(N), Discard(W, parse_card("9S")), *play_actions()])
    views = seat_views(hand)
    up = 1 << parse_card("9H")
    # W plays 9H on trick 1 (the fourth card): until then, the others see it with W.
    for v in views[:3]:
        assert v.held[W] == up and not v.unseen & up
    assert views[3].seat == W and views[3].own & up
    for v in views[4:]:
        assert not v.held[W] & up and v.played[W] & up
    for i in range(12, 20):
        check_against_brute(hand, i)


def test_a_recorded_discard_of_the_upcard_makes_it_gone_for_every_view() -> None:
    # W takes up 9H and puts it straight down again: recorded, so it is out of play.
    deal = dict(DEAL)
    hand = record([Order(N), Discard(W, parse_card("9H")), *plays("AH TH JH JD", N)], deal=deal)
    for v in seat_views(hand):
        assert v.out & 1 << parse_card("9H")
        assert not any(h & 1 << parse_card("9H") for h in v.held)


def test_a_dealer_whose_play_never_shows_the_upcard_put_it_down() -> None:
    # Unrecorded discard; W never plays 9H (W plays its five dealt cards): the record
    # shows the discard was the upcard, so no view places it with W.
    cards = "AH TH JH JD  AC QC 9C JC  KD AD TD 9D  KC KH KS TS  QH AS QS 9S"
    hand = record([Order(N), Discard(W, None), *play_actions(cards)])
    assert hand.finished
    for i, v in enumerate(seat_views(hand)):
        assert v.out & 1 << parse_card("9H"), i
        assert not v.discard_hidden  # W's discard is known: the upcard
        if i >= 12:
            check_against_brute(hand, i)


def test_the_dealer_alone_knows_its_recorded_discard() -> None:
    hand = record([Order(N), Discard(W, parse_card("9S")), *play_actions()])
    nine = 1 << parse_card("9S")
    for v in seat_views(hand):
        if v.seat == W:
            assert v.out & nine and not v.unseen & nine
        else:
            assert v.unseen & nine and not v.out & nine
    for i in range(12, 20):
        check_against_brute(hand, i)


def test_an_unseen_discard_is_unseen_for_the_dealer_too() -> None:
    # No deal recorded, the discard unseen, the upcard played: nobody's view has it.
    actions: list[Action] = [Order(N), Discard(W, None), *play_actions()]
    hand = record(actions)
    nine = 1 << parse_card("9S")
    for v in seat_views(hand):
        assert v.unseen & nine
        assert v.discard_hidden is (v.seat == W)
    for i in range(12, 20):
        check_against_brute(hand, i)


def test_an_unseen_discard_is_known_to_the_dealer_from_a_recorded_deal() -> None:
    hand = record([Order(N), Discard(W, None), *play_actions()], deal={W: DEAL[W]})
    nine = 1 << parse_card("9S")
    for v in seat_views(hand):
        assert bool(v.out & nine) is (v.seat == W)
        assert not v.discard_hidden
    for i in range(12, 20):
        check_against_brute(hand, i)


def test_round_two_the_turned_down_card_is_out_of_play() -> None:
    # Everyone passes 9H; N calls diamonds. The deal is then played with hearts as a
    # plain suit: each player follows as it can (checked by the engine).
    deal = {N: "AH KH QH TD 9C", E: "TH AS KS JC 9D", S: "JH AC KD QS TS", W: "AD KC QC JD 9S"}
    hand = record(
        [Pass(N), Pass(E), Pass(S), Pass(W), Call(N, D), *plays("TD 9D KD AD", N)],
        deal=deal,
    )
    for v in seat_views(hand):
        assert v.out & 1 << parse_card("9H")


def test_shown_cards_are_placed_from_the_moment_they_are_shown() -> None:
    # After trick 1, N calls a renege on E for trick 1 and E shows AS and KS (E followed
    # with TH, so the call is false; the shown cards are known from then on).
    first = plays("AH TH JH 9H", N)
    rest = play_actions()[4:]
    call = RenegeCall(N, E, 1, (parse_card("AS"), parse_card("KS")))
    hand = record([Order(N), Discard(W, parse_card("9S")), *first, call, *rest])
    views = seat_views(hand)
    spades = mask("AS KS")
    for v in views[:4]:
        assert not v.held[E] & spades
    for v in views[4:]:
        if v.seat != E:
            assert v.held[E] == spades & ~v.played[E]
    for i in range(12, 20):
        check_against_brute(hand, i)


# ---------------------------------------------------------------------------
# Counting, numbering and sampling.


def space_of(base: Hands, free: Hands, allowed: Hands, unseen: int) -> WorldSpace:
    return WorldSpace(base, free, allowed, unseen)


def test_count_without_voids_is_a_multinomial() -> None:
    # 18 unseen cards, three seats of five and three out of play: 18! / (5! 5! 5! 3!).
    unseen = (1 << 18) - 1
    space = space_of((0, 0, 0, 0), (0, 5, 5, 5), (0, unseen, unseen, unseen), unseen)
    assert space.count == math.factorial(18) // (math.factorial(5) ** 3 * math.factorial(3))
    assert space.count == 617_512_896


def test_count_with_voids_worked_by_hand() -> None:
    # Cards a b c d (bits 0..3); E holds 2, W holds 1, one card out. E may hold only a
    # b c (void in d's suit), W only c d. Worlds: W=c: E from {a, b} -> {a,b}: 1;
    # W=d: E from {a, b, c}: 3. Total 4.
    a, b, c, d = 1, 2, 4, 8
    space = space_of((0, 0, 0, 0), (0, 2, 0, 1), (0, a | b | c, 0, c | d), a | b | c | d)
    assert space.count == 4
    assert set(space.every()) == {
        (0, a | b, 0, c),
        (0, a | b, 0, d),
        (0, a | c, 0, d),
        (0, b | c, 0, d),
    }


def test_no_world_when_the_view_leaves_none() -> None:
    # E must take two cards but may hold only one of the unseen.
    space = space_of((0, 0, 0, 0), (0, 2, 0, 0), (0, 1, 0, 0), 0b111)
    assert space.count == 0 and list(space.every()) == []
    with pytest.raises(ValueError):
        space_of((0, 0, 0, 0), (0, 4, 0, 0), (0, 15, 0, 0), 0b111)


def test_the_sample_repeats_and_holds_no_world_twice() -> None:
    hand = next(iter(random_hands(1, 7)))
    space = seat_views(hand)[0].space()
    first = space.sample(200, random.Random("x"))
    assert first == space.sample(200, random.Random("x"))
    assert first != space.sample(200, random.Random("y"))
    assert len(set(first)) == 200


def test_the_sample_is_uniform() -> None:
    # A small view with voids: 6 cards, E 2 (void in the top two's suit), W 2, 2 out.
    # Draw 4 of its worlds 4,000 times: each world should be drawn equally often. A
    # chi-square test on the counts, with a fixed seed (so it cannot flake), at the
    # 0.1% level.
    cards = 0b111111
    space = space_of((0, 0, 0, 0), (0, 2, 0, 2), (0, 0b001111, 0, cards), cards)
    n = space.count
    assert n == math.comb(4, 2) * math.comb(4, 2)  # E from its 4, W from the other 4
    rng = random.Random(2026)
    tally: Counter[Hands] = Counter()
    draws = 4000
    for _ in range(draws):
        sample = space.sample(4, rng)
        assert len(set(sample)) == 4
        tally.update(sample)
    assert set(tally) == set(space.every())
    expected = draws * 4 / n
    chi2 = sum((tally[w] - expected) ** 2 / expected for w in space.every())
    # The 99.9% point of chi-square with n - 1 = 35 degrees of freedom is about 66.6.
    assert chi2 < 66.6, chi2


def test_sampling_by_numbers_covers_the_whole_range_in_order() -> None:
    cards = 0b1111111
    space = space_of((0, 0, 0, 0), (0, 2, 2, 1), (0, 0b0111111, cards, 0b1110000), cards)
    numbered = [space.world(i) for i in range(space.count)]
    assert len(set(numbered)) == space.count == len(list(space.every()))
    assert space.sample(space.count + 5, random.Random(1)) == numbered
    with pytest.raises(IndexError):
        space.world(space.count)


def test_a_views_space_places_own_and_known_cards() -> None:
    view = SeatView(
        seat=S,
        trump=H,
        leader=S,
        table=(),
        sitting=0,
        won=(2, 2),
        own=mask("AS"),
        played=(0, 0, 0, 0),
        held=(0, mask("KS"), 0, 0),
        voids=(0, 0, 0, 1 << SP),
        sizes=(1, 1, 1, 1),
        out=0,
        deck=mask("AS KS QS JS 9D"),
    )
    space = view.space()
    # E holds KS; N and W one each of QS JS 9D, W none of the spades; one card out.
    assert space.count == 2  # W holds 9D; N holds QS or JS
    assert set(space.every()) == {
        (mask("QS"), mask("KS"), mask("AS"), mask("9D")),
        (mask("JS"), mask("KS"), mask("AS"), mask("9D")),
    }
