"""A brute-force open-hand minimax for the solver's tests, written apart from the engine.

It shares nothing with ``engine.solver`` or ``engine.cards`` beyond the card numbers
(``suit * 8 + rank``, ranks 7 8 9 T J Q K A as 0..7, suits C D H S, the Benny 32): its
own follow-suit rule, its own trick ranking, and a plain minimax over every legal card,
with no pruning, no equivalent cards and no bounds. Its only economy is a memo of exact
values per state, which changes no answer.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

JOKER = 32
JACK = 4
NEVER = 99  # "the claimers never lose a trick"


def colour(suit: int) -> str:
    return "black" if suit in (0, 3) else "red"


def suit_played(card: int, trump: int) -> int:
    """The suit a card follows as: the Benny and the left bower are trumps."""
    if card == JOKER:
        return trump
    suit, rank = divmod(card, 8)
    if rank == JACK and suit != trump and colour(suit) == colour(trump):
        return trump
    return suit


def strength(card: int, trump: int, led: int) -> int:
    """How strongly a card plays in a trick led in ``led``; -1 when it cannot win."""
    if card == JOKER:
        return 1000
    suit, rank = divmod(card, 8)
    if suit_played(card, trump) == trump:
        if rank == JACK:
            return 900 if suit == trump else 800
        return 100 + rank
    return rank if suit == led else -1


def seats_in_order(leader: int, sitting: int) -> list[int]:
    return [s % 4 for s in range(leader, leader + 4) if not (sitting >> (s % 4)) & 1]


def allowed(hand: Iterable[int], led: int | None, trump: int) -> list[int]:
    """What may be played: the led suit when held, else anything."""
    cards = sorted(hand)
    if led is None:
        return cards
    same = [c for c in cards if suit_played(c, trump) == led]
    return same or cards


def winner_of(trick: Sequence[int], seats: Sequence[int], trump: int) -> int:
    led = suit_played(trick[0], trump)
    best = max(range(len(trick)), key=lambda i: strength(trick[i], trump, led))
    return seats[best]


def masks_to_sets(hands: Sequence[int]) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(c for c in range(33) if (h >> c) & 1) for h in hands)


class Brute:
    """Exact values for the positions of one deal: ``ns(...)`` is North-South's tricks from
    a position to the end of the hand (the current trick included)."""

    def __init__(self, trump: int, sitting: int) -> None:
        self.trump = trump
        self.sitting = sitting
        self.ns = functools.lru_cache(maxsize=None)(self._ns)
        self.first_loss = functools.lru_cache(maxsize=None)(self._first_loss)

    def _ns(self, hands: tuple[frozenset[int], ...], leader: int, table: tuple[int, ...]) -> int:
        seats = seats_in_order(leader, self.sitting)
        if not hands[seats[len(table)]]:
            return 0
        seat = seats[len(table)]
        led = suit_played(table[0], self.trump) if table else None
        values = []
        for c in allowed(hands[seat], led, self.trump):
            after = list(hands)
            after[seat] = hands[seat] - {c}
            trick = (*table, c)
            if len(trick) == len(seats):
                w = winner_of(trick, seats, self.trump)
                values.append((1 if w % 2 == 0 else 0) + self.ns(tuple(after), w, ()))
            else:
                values.append(self.ns(tuple(after), leader, trick))
        return max(values) if seat % 2 == 0 else min(values)

    def _first_loss(
        self, hands: tuple[frozenset[int], ...], leader: int, table: tuple[int, ...], team: int
    ) -> int:
        """The first trick (1 = the current one) the side other than ``team`` wins, when
        it plays to make that as soon as it can and ``team`` as late; NEVER if it can't."""
        seats = seats_in_order(leader, self.sitting)
        if not hands[seats[len(table)]]:
            return NEVER
        seat = seats[len(table)]
        led = suit_played(table[0], self.trump) if table else None
        values = []
        for c in allowed(hands[seat], led, self.trump):
            after = list(hands)
            after[seat] = hands[seat] - {c}
            trick = (*table, c)
            if len(trick) == len(seats):
                w = winner_of(trick, seats, self.trump)
                if w % 2 != team:
                    values.append(1)
                else:
                    later = self.first_loss(tuple(after), w, (), team)
                    values.append(NEVER if later == NEVER else later + 1)
            else:
                values.append(self.first_loss(tuple(after), leader, trick, team))
        return max(values) if seat % 2 == team else min(values)
