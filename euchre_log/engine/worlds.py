"""The worlds of a view: every way the cards a seat cannot see may lie.

A world places each unseen card in one of the other playing seats' hands, each filled to
the size it has, or in the rest: the kitty, an unseen discard, a sitting-out hand, one
pool whose inner split makes no other world (REVIEW.md). A seat may hold only the unseen
cards its view allows it (none of a suit it showed out of). Every world counts the same.

``WorldSpace`` counts the worlds exactly, without listing them: cards that the same
seats may hold are alike for counting, so the count is a sum over how many of each kind
each seat takes of products of multinomials, however many worlds there are. The same
counts number the worlds 0 to ``count - 1`` (``world``), so a uniform sample without
replacement is a uniform sample of numbers (``sample``); ``every`` lists them all.

A world is the four hands, N E S W, as bit masks: each seat's known cards and the
unseen cards placed with it (a seat that sits out holds none).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations, product
from math import factorial

Hands = tuple[int, int, int, int]
"""Four hands, N E S W, as bit masks."""


@dataclass(frozen=True, slots=True)
class _Kind:
    """Unseen cards that the same seats may hold: their cards (lowest first) and those
    seats (as places: indexes into the space's ``seats``)."""

    cards: tuple[int, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class WorldSpace:
    """The worlds of a view.

    ``base`` is what each seat surely holds (its own cards for the seat whose view it is,
    the known cards of the others), ``free`` how many unseen cards each seat holds
    besides, ``allowed`` which unseen cards each seat may hold, and ``unseen`` the cards
    to place; those no seat takes are out of play. Raises ``ValueError`` when the seats
    have more room than there are unseen cards.
    """

    base: Hands
    free: Hands
    allowed: Hands
    unseen: int
    _seats: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _kinds: tuple[_Kind, ...] = field(init=False, repr=False, compare=False)
    _memo: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int, int]]] = field(
        init=False, repr=False, compare=False
    )
    _count: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        seats = tuple(s for s in range(4) if self.free[s] > 0)
        if sum(self.free) > self.unseen.bit_count() or min(self.free) < 0:
            raise ValueError("the seats have more room than there are unseen cards")
        groups: dict[tuple[int, ...], list[int]] = {}
        mask = self.unseen
        while mask:
            low = mask & -mask
            mask ^= low
            places = tuple(i for i, s in enumerate(seats) if self.allowed[s] & low)
            groups.setdefault(places, []).append(low.bit_length() - 1)
        # Kinds most seats may take first: the later ones then have the fewest choices.
        kinds = tuple(
            _Kind(tuple(cards), places)
            for places, cards in sorted(groups.items(), key=lambda g: (-len(g[0]), g[0]))
        )
        object.__setattr__(self, "_seats", seats)
        object.__setattr__(self, "_kinds", kinds)
        object.__setattr__(self, "_memo", {})
        caps = tuple(self.free[s] for s in seats)
        object.__setattr__(self, "_count", self._ways(0, caps))

    # -- counting

    @property
    def count(self) -> int:
        """How many worlds there are (exact)."""
        return self._count

    def _splits(self, k: int, caps: tuple[int, ...]) -> list[tuple[tuple[int, ...], int, int]]:
        """From kind ``k`` on, with room ``caps`` left in each seat: every way the kind's
        cards may split among its seats (how many each takes; the rest out of play), each
        with the ways of ordering that split and the worlds of the kinds after it."""
        key = (k, caps)
        found = self._memo.get(key)
        if found is not None:
            return found
        kind = self._kinds[k]
        n = len(kind.cards)
        left = sum(len(x.cards) for x in self._kinds[k:])
        out_room = left - sum(caps)  # the cards that go out of play, from here on
        out: list[tuple[tuple[int, ...], int, int]] = []
        last = k == len(self._kinds) - 1
        ranges = [range(min(caps[p], n) + 1) for p in kind.places]
        for takes in product(*ranges):
            taken = sum(takes)
            if taken > n or n - taken > out_room:
                continue
            rest = list(caps)
            for p, t in zip(kind.places, takes, strict=True):
                rest[p] -= t
            if last:
                after = 1 if not any(rest) else 0
            else:
                after = self._ways(k + 1, tuple(rest))
            if not after:
                continue
            orders = factorial(n) // factorial(n - taken)
            for t in takes:
                orders //= factorial(t)
            out.append((takes, orders, after))
        self._memo[key] = out
        return out

    def _ways(self, k: int, caps: tuple[int, ...]) -> int:
        if k == len(self._kinds):
            return 1 if not any(caps) else 0
        return sum(orders * after for _, orders, after in self._splits(k, caps))

    # -- numbering

    def world(self, index: int) -> Hands:
        """World number ``index`` (0 to ``count - 1``); every number gives another world."""
        if not 0 <= index < self._count:
            raise IndexError(f"world {index} of {self._count}")
        hands = list(self.base)
        seats = self._seats
        caps = tuple(self.free[s] for s in seats)
        r = index
        for k, kind in enumerate(self._kinds):
            # The split of this kind's cards that the number falls in...
            splits = self._splits(k, caps)
            j = 0
            while r >= splits[j][1] * splits[j][2]:
                r -= splits[j][1] * splits[j][2]
                j += 1
            takes, orders, after = splits[j]
            which, r = divmod(r, after)
            # ...and which of its cards go where: ordering number ``which``, card by card,
            # each to the first place (the seats, then out of play) that still has room
            # for the orderings the number falls in.
            counts = [*takes, len(kind.cards) - sum(takes)]
            ways, n = orders, len(kind.cards)
            for c in kind.cards:
                b = 0
                share = ways * counts[0] // n
                while which >= share:
                    which -= share
                    b += 1
                    share = ways * counts[b] // n
                ways, n = share, n - 1
                counts[b] -= 1
                if b < len(takes):
                    hands[seats[kind.places[b]]] |= 1 << c
            rest = list(caps)
            for p, t in zip(kind.places, takes, strict=True):
                rest[p] -= t
            caps = tuple(rest)
        return (hands[0], hands[1], hands[2], hands[3])

    def every(self) -> Iterator[Hands]:
        """Every world, once each (in an order of their own, not ``world``'s)."""
        seats = self._seats
        kinds = self._kinds
        last = len(kinds) - 1
        dealt: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}

        def deals(k: int, takes: tuple[int, ...]) -> list[tuple[int, ...]]:
            found = dealt.get((k, takes))
            if found is None:
                found = dealt[(k, takes)] = list(_deals(kinds[k].cards, takes))
            return found

        def place(k: int, caps: tuple[int, ...], hands: Hands) -> Iterator[Hands]:
            places = [seats[p] for p in kinds[k].places]
            for takes, _, _ in self._splits(k, caps):
                if k < last:
                    rest = list(caps)
                    for p, t in zip(kinds[k].places, takes, strict=True):
                        rest[p] -= t
                    after = tuple(rest)
                for masks in deals(k, takes):
                    h = list(hands)
                    for seat, mask in zip(places, masks, strict=True):
                        h[seat] |= mask
                    world = (h[0], h[1], h[2], h[3])
                    if k == last:
                        yield world
                    else:
                        yield from place(k + 1, after, world)

        if not self._count:
            return
        if not kinds:
            yield self.base
            return
        yield from place(0, tuple(self.free[s] for s in seats), self.base)

    def sample(self, size: int, rng: random.Random) -> list[Hands]:
        """``size`` different worlds drawn uniformly without replacement (all of them, in
        numbering order, when there are no more than ``size``)."""
        if size >= self._count:
            return [self.world(i) for i in range(self._count)]
        return [self.world(i) for i in rng.sample(range(self._count), size)]


def _deals(cards: tuple[int, ...], takes: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to give ``takes[i]`` of ``cards`` to place ``i`` (the rest to nobody):
    the masks each place gets."""
    if not takes:
        yield ()
        return
    first, rest = takes[0], takes[1:]
    for chosen in combinations(cards, first):
        mask = 0
        for c in chosen:
            mask |= 1 << c
        left = tuple(c for c in cards if not (mask >> c) & 1)
        for more in _deals(left, rest):
            yield (mask, *more)


__all__ = ["Hands", "WorldSpace"]
