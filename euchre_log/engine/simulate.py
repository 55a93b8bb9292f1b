"""Random legal games, dealt and played by simple heuristics, for tests and benchmarks.

Everything is driven by a ``random.Random`` passed in, so a seed gives the same games on
every machine. The players here always follow suit, so a generated game raises no flag
unless the caller tampers with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .actions import (
    Action,
    BennySuit,
    BlindDoubleLoner,
    Call,
    DefendAlone,
    Discard,
    FarmersHand,
    Order,
    PartnersBest,
    Pass,
    Play,
    ThrowIn,
)
from .cards import (
    ACE,
    BENNY,
    EFFECTIVE_SUIT,
    HAND_SIZE,
    NINE,
    NO_SUIT,
    NOBODY,
    POWER,
    SEATS,
    SUITS,
    TEN,
    Card,
    Seat,
    Suit,
    deck,
    left_of,
    legal_mask,
)
from .game import GameState
from .hand import (
    DISCARD,
    KITTY_SIZE,
    OVER,
    PLAY,
    ROUND_ONE,
    ROUND_TWO,
    HandState,
    throw_in_qualifies,
)
from .rules import Rules


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A hand as it was dealt and played: every seat's cards and the actions."""

    dealer: Seat
    upcard: Card
    hands: tuple[tuple[Card, ...], ...]  # by seat, as dealt (before the dealer picks up)
    kitty: tuple[Card, ...]  # the kitty's other cards
    actions: tuple[Action, ...]


_C = TypeVar("_C", bound=int)


def playable(cards: Sequence[_C], led: Suit, trump: Suit) -> list[_C]:
    """The cards a player holding ``cards`` may play to a trick whose led suit is ``led``
    (-1 when leading): the engine's follow-suit rule (``cards.legal_mask``), as a list in
    the order given, for a random player to choose from. ``solver.legal_cards`` is
    the same rule for a solver's position."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    allowed = legal_mask(mask, led, trump)
    return [c for c in cards if (allowed >> c) & 1]


@dataclass(frozen=True, slots=True)
class Style:
    """How boldly the random players bid."""

    order: float = 0.16  # per trump held, the chance of ordering up or calling
    alone: float = 0.25  # the chance that a strong maker goes alone
    defend: float = 0.35  # the chance that a defender defends alone, where allowed
    unseen_discard: float = 0.3  # the chance that the discard is recorded as unseen


def _strength(cards: Sequence[int], trump: Suit) -> int:
    eff = EFFECTIVE_SUIT[trump]
    return sum(1 for c in cards if eff[c] == trump)


def random_hand(
    rng: random.Random, rules: Rules, dealer: Seat, style: Style = Style()
) -> DealtHand:
    """Deal and play one legal hand, using the variants the rules allow."""
    cards = list(deck(rules.deck))
    rng.shuffle(cards)
    by_seat = [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(4)]
    rest = cards[4 * HAND_SIZE : 4 * HAND_SIZE + KITTY_SIZE[rules.deck]]
    upcard, kitty = rest[0], tuple(rest[1:])
    state = HandState(rules, dealer, upcard)
    live = [list(h) for h in by_seat]
    hidden = list(kitty)  # the kitty's face-down cards, as they change hands
    actions: list[Action] = []

    def do(action: Action) -> None:
        state.apply(action)
        actions.append(action)

    def done() -> DealtHand:
        return DealtHand(dealer, upcard, tuple(tuple(h) for h in by_seat), kitty, tuple(actions))

    if upcard == BENNY:
        do(BennySuit(dealer, max(SUITS, key=lambda s: (_strength(live[dealer], s), rng.random()))))
    offered = state.offered_suit()
    _farmers(rng, rules, state, live, hidden, offered, do)
    if _throw_in(rng, rules, state, live, offered, do, before_make=True):
        return done()
    if rules.blind_double_loner and rng.random() < 0.02:
        do(BlindDoubleLoner(SEATS[rng.randrange(4)]))
    # Round one.
    while state.phase == ROUND_ONE:
        seat = state.turn
        held = live[seat] + ([upcard] if seat == dealer else [])
        strength = _strength(held, offered)
        if state.club_forced or rng.random() < style.order * strength:
            alone = strength >= 4 and rng.random() < style.alone
            if rules.canadian_loner and seat == (dealer + 2) % 4:
                alone = True  # the Canadian loner: the dealer's partner must go alone
            do(Order(seat, alone=alone))
        else:
            do(Pass(seat))
    # Round two.
    while state.phase == ROUND_TWO:
        seat = state.turn
        suits = [s for s in SUITS if s != offered]
        best = max(suits, key=lambda s: (_strength(live[seat], s), rng.random()))
        strength = _strength(live[seat], best)
        stuck = seat == dealer and rules.stick_the_dealer
        if stuck or rng.random() < style.order * strength:
            do(Call(seat, best, alone=strength >= 4 and rng.random() < style.alone))
        else:
            do(Pass(seat))
    if state.phase == OVER:
        return done()
    trump = state.trump
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    if state.alone and rules.defend_alone and rng.random() < style.defend:
        defenders = [s for s in SEATS if (s & 1) != (state.maker & 1)]
        do(DefendAlone(rng.choice(defenders)))
    if state.phase == DISCARD:
        live[dealer].append(upcard)
        weakest = min(live[dealer], key=lambda c: (eff[c] == trump, power[c], rng.random()))
        live[dealer].remove(weakest)
        shown = None if rng.random() < style.unseen_discard else weakest
        do(Discard(dealer, shown))
    if rules.partners_best:
        for seat in (state.maker if state.alone else NOBODY, state.defender):
            if seat == NOBODY:
                continue
            partner = (seat + 2) % 4
            gave = min(live[seat], key=lambda c: (eff[c] == trump, power[c]))
            got = max(live[partner], key=lambda c: (eff[c] == trump, power[c]))
            live[seat].remove(gave)
            live[partner].remove(got)
            live[seat].append(got)
            live[partner].append(gave)
            unseen = rng.random() < style.unseen_discard
            do(PartnersBest(seat, None if unseen else gave, None if unseen else got))
    if _throw_in(rng, rules, state, live, trump, do, before_make=False):
        return done()
    while state.phase == PLAY:
        seat = state.turn
        led = state.led if state.trick_pos else NO_SUIT
        choice = rng.choice(playable(live[seat], led, trump))
        live[seat].remove(choice)
        do(Play(seat, choice))
    return done()


def _farmers(
    rng: random.Random,
    rules: Rules,
    state: HandState,
    live: list[list[Card]],
    hidden: list[Card],
    offered: int,
    do: Callable[[Action], None],
) -> None:
    """Players with a qualifying hand sometimes call a farmer's hand."""
    if rules.farmers_hand == "off":
        return
    for seat in SEATS:
        hand = live[seat]
        if rules.farmers_hand == "three_card":
            for rank in (NINE, TEN):
                same = [c for c in hand if c != BENNY and c & 7 == rank]
                if len(same) >= 3 and rng.random() < 0.6:
                    shown = same[:3]
                    got = hidden[:3]  # the kitty's three hidden cards (25 cards leave four)
                    hidden[:] = hidden[3:] + shown
                    for c in shown:
                        hand.remove(c)
                    hand.extend(got)
                    seen = tuple(got) if rng.random() < 0.5 else ()
                    do(FarmersHand(seat, tuple(shown), seen))
                    break
        else:
            eff = EFFECTIVE_SUIT[offered]
            weak = all(eff[c] != offered for c in hand) and not any(c & 7 == ACE for c in hand)
            if weak and rng.random() < 0.6 and len(hidden) >= HAND_SIZE:
                got = rng.sample(hidden, HAND_SIZE)
                for c in got:
                    hidden.remove(c)
                hidden.extend(hand)
                whole = tuple(hand)
                hand[:] = got
                do(FarmersHand(seat, whole, tuple(got) if rng.random() < 0.5 else ()))
                return  # once per deal


def _throw_in(
    rng: random.Random,
    rules: Rules,
    state: HandState,
    live: list[list[Card]],
    trump: Suit,
    do: Callable[[Action], None],
    *,
    before_make: bool,
) -> bool:
    """A player whose hand fits one of the table's throw-ins sometimes throws it in."""
    for name in rules.throw_ins:
        if (name == "no-ace-no-face") == before_make:
            continue
        for seat in SEATS:
            if not state.active(seat) or len(live[seat]) != HAND_SIZE:
                continue
            if throw_in_qualifies(name, tuple(live[seat]), trump) and rng.random() < 0.7:
                do(ThrowIn(seat, name, tuple(sorted(live[seat]))))
                return True
    return False


def random_game(
    rng: random.Random,
    rules: Rules,
    *,
    first_dealer: Seat | None = None,
    initial_score: tuple[int, int] = (0, 0),
    max_hands: int = 200,
    style: Style = Style(),
) -> list[DealtHand]:
    """Play hands until a team reaches the target (or ``max_hands``)."""
    game = GameState(rules, initial_score)
    dealer = SEATS[rng.randrange(4)] if first_dealer is None else first_dealer
    out: list[DealtHand] = []
    while game.winner is None and len(out) < max_hands:
        dealt = random_hand(rng, rules, dealer, style)
        hand = game.start_hand(dealt.dealer, dealt.upcard)
        for action in dealt.actions:
            hand.apply(action)
        out.append(dealt)
        dealer = left_of(dealer)
    return out


__all__ = ["DealtHand", "Style", "playable", "random_game", "random_hand"]
