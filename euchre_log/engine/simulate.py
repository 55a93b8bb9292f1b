"""Random legal games, dealt and played by simple heuristics, for tests and benchmarks.

Everything is driven by a ``random.Random`` passed in, so a seed gives the same games on
every machine. The players here always follow suit, so a generated game raises no flag
unless the caller tampers with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .actions import Action, Call, DefendAlone, Discard, Order, Pass, Play
from .cards import EFFECTIVE_SUIT, POWER, deck, left_of, suit_of
from .game import GameState
from .hand import HAND_SIZE, KITTY_SIZE, OVER, PLAY, HandState
from .rules import Rules


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A hand as it was dealt and played: every seat's cards and the actions."""

    dealer: int
    upcard: int
    hands: tuple[tuple[int, ...], ...]  # by seat, as dealt (before the dealer picks up)
    kitty: tuple[int, ...]  # the kitty's other cards
    actions: tuple[Action, ...]


def legal_cards(cards: list[int] | tuple[int, ...], led: int, trump: int) -> list[int]:
    """The cards a player holding ``cards`` may play to a trick whose led suit is ``led``
    (-1 when leading): those of the led effective suit if any, otherwise any card."""
    if led < 0:
        return list(cards)
    eff = EFFECTIVE_SUIT[trump]
    follow = [c for c in cards if eff[c] == led]
    return follow or list(cards)


@dataclass(frozen=True, slots=True)
class Style:
    """How boldly the random players bid."""

    order: float = 0.16  # per trump held, the chance of ordering up or calling
    alone: float = 0.25  # the chance that a strong maker goes alone
    defend: float = 0.35  # the chance that a defender defends alone, where allowed
    unseen_discard: float = 0.3  # the chance that the discard is recorded as unseen


def _strength(cards: list[int], trump: int) -> int:
    eff = EFFECTIVE_SUIT[trump]
    return sum(1 for c in cards if eff[c] == trump)


def random_hand(rng: random.Random, rules: Rules, dealer: int, style: Style = Style()) -> DealtHand:
    """Deal and play one legal hand."""
    cards = list(deck(rules.deck))
    rng.shuffle(cards)
    by_seat = [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(4)]
    rest = cards[4 * HAND_SIZE : 4 * HAND_SIZE + KITTY_SIZE[rules.deck]]
    upcard, kitty = rest[0], tuple(rest[1:])
    state = HandState(rules, dealer, upcard)
    live = [list(h) for h in by_seat]
    actions: list[Action] = []

    def do(action: Action) -> None:
        state.apply(action)
        actions.append(action)

    up_suit = suit_of(upcard)
    # Round one.
    while state.phase == 0:
        seat = state.turn
        held = live[seat] + ([upcard] if seat == dealer else [])
        strength = _strength(held, up_suit)
        if rng.random() < style.order * strength:
            alone = strength >= 4 and rng.random() < style.alone
            if rules.canadian_loner and seat == (dealer + 2) % 4:
                alone = True  # the Canadian loner: the dealer's partner must go alone
            do(Order(seat, alone=alone))
        else:
            do(Pass(seat))
    # Round two.
    while state.phase == 1:
        seat = state.turn
        suits = [s for s in range(4) if s != up_suit]
        best = max(suits, key=lambda s: (_strength(live[seat], s), rng.random()))
        strength = _strength(live[seat], best)
        stuck = seat == dealer and rules.stick_the_dealer
        if stuck or rng.random() < style.order * strength:
            do(Call(seat, best, alone=strength >= 4 and rng.random() < style.alone))
        else:
            do(Pass(seat))
    if state.phase == OVER:
        return DealtHand(dealer, upcard, tuple(tuple(h) for h in by_seat), kitty, tuple(actions))
    trump = state.trump
    if state.alone and rules.defend_alone and rng.random() < style.defend:
        defenders = [s for s in range(4) if (s & 1) != (state.maker & 1)]
        do(DefendAlone(rng.choice(defenders)))
    if state.phase == 2:
        live[dealer].append(upcard)
        eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
        weakest = min(live[dealer], key=lambda c: (eff[c] == trump, power[c], rng.random()))
        live[dealer].remove(weakest)
        shown = None if rng.random() < style.unseen_discard else weakest
        do(Discard(dealer, shown))
    while state.phase == PLAY:
        seat = state.turn
        led = state.led if state.trick_pos else -1
        choice = rng.choice(legal_cards(live[seat], led, trump))
        live[seat].remove(choice)
        do(Play(seat, choice))
    return DealtHand(dealer, upcard, tuple(tuple(h) for h in by_seat), kitty, tuple(actions))


def random_game(
    rng: random.Random,
    rules: Rules,
    *,
    first_dealer: int | None = None,
    initial_score: tuple[int, int] = (0, 0),
    max_hands: int = 200,
    style: Style = Style(),
) -> list[DealtHand]:
    """Play hands until a team reaches the target (or ``max_hands``)."""
    game = GameState(rules, initial_score)
    dealer = rng.randrange(4) if first_dealer is None else first_dealer
    out: list[DealtHand] = []
    while game.winner is None and len(out) < max_hands:
        dealt = random_hand(rng, rules, dealer, style)
        hand = game.start_hand(dealt.dealer, dealt.upcard)
        for action in dealt.actions:
            hand.apply(action)
        out.append(dealt)
        dealer = left_of(dealer)
    return out


__all__ = ["DealtHand", "Style", "legal_cards", "random_game", "random_hand"]
