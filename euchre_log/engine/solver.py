"""Exact open-hand (double-dummy) solving of Euchre positions.

With every card face up, how many tricks does a side take when both sides play their
best? ``solve`` answers it for any position: the cards each playing seat holds, the trick
on the table, who sits out, and the tricks already won, in a 24-, 25- (the Benny is the
highest trump) or 32-card deck.

The search is a null-window (yes/no) alpha-beta search: "do North-South take at least
``k`` of the remaining tricks?", with the answer's bounds kept in a transposition table
at every trick boundary. Exact values come from a few such tests on the 0..5 range, and a
``Solver`` keeps its table between calls, so the many solves of one hand's review (the
position after every card, every card's alternatives) mostly re-read what the first solve
found. Two cards of one seat with no card of anyone else between them (same effective
suit, nothing left in another hand or on the table ranking between them) are the same
card for the search, which tries only one of them.

Inside the search a card is not the engine's ``suit * 8 + rank`` but a bit whose position
is its rank in play for the hand's trump: each effective suit gets a block of 12 bits in
order of power (the Benny, the bowers and the rest of trump in the top block). Comparing
two cards in a trick is then comparing two integers, the winner of a trick is the highest
bit among the cards of the led suit and trump, and a block never touches the next one
(its top bit is always empty), which keeps equivalent cards from spanning two suits.

It plays by the engine's one follow-suit rule, ``cards.legal_mask``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import (
    EFFECTIVE_SUIT,
    HAND_SIZE,
    N_CARDS,
    NO_SUIT,
    POWER,
    SEAT_LETTERS,
    SEATS,
    Seat,
    Suit,
    cards_of,
    left_of,
    legal_mask,
)

# ---------------------------------------------------------------------------
# Positions.


def _trick_seats(leader: Seat, sitting: int) -> tuple[Seat, ...]:
    """The seats that play to a trick, in order, from its leader."""
    seats = []
    s = leader
    for _ in range(4):
        if not (sitting >> s) & 1:
            seats.append(s)
        s = left_of(s)
    return tuple(seats)


def _trick_winner(trump: Suit, seats: Sequence[Seat], table: Sequence[int]) -> Seat:
    """The seat whose card wins a complete trick: the highest trump, else the highest
    card of the led suit."""
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    led = eff[table[0]]
    best, winner = -1, seats[0]
    for seat, c in zip(seats, table, strict=True):
        if (eff[c] == led or eff[c] == trump) and power[c] > best:
            best, winner = power[c], seat
    return winner


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of a hand's play, every card face up.

    ``hands`` are the cards each seat still holds (bit masks, N E S W; 0 for a seat that
    sits out), ``leader`` the seat that led (or leads) the current trick, ``table`` the
    cards already played to it in order, ``sitting`` the seats that sit out (a bit mask:
    a lone hand's partner, a lone defender's partner), and ``won`` the tricks each team
    (NS, EW) has taken so far. The seats that have played to the current trick hold one
    card fewer than the others. Refuses (``ValueError``) a position that cannot occur.
    """

    trump: Suit
    hands: tuple[int, int, int, int]
    leader: Seat
    table: tuple[int, ...] = ()
    sitting: int = 0
    won: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if not (0 <= self.trump < 4 and 0 <= self.leader < 4):
            raise ValueError("trump is a suit 0..3 and the leader a seat 0..3")
        if not 0 <= self.sitting < 16 or (self.sitting >> self.leader) & 1:
            raise ValueError("the leader must be a seat that plays")
        seats = self.seats
        if len(seats) < 2 or len(self.table) >= len(seats):
            raise ValueError("a trick needs two or more players, and is cleared once complete")
        seen = 0
        for c in self.table:
            if not 0 <= c < N_CARDS:
                raise ValueError(f"{c} is not a card")
        for h in (*self.hands, *(1 << c for c in self.table)):
            if h < 0 or h >> N_CARDS or seen & h:
                raise ValueError("a card is in two places, or not a card")
            seen |= h
        n = self.hands[seats[0]].bit_count() + (1 if self.table else 0)
        for i, seat in enumerate(seats):
            if self.hands[seat].bit_count() != n - (1 if i < len(self.table) else 0):
                raise ValueError("each playing seat holds one card per trick left to play")
        for seat in SEATS:
            if (self.sitting >> seat) & 1 and self.hands[seat]:
                raise ValueError("a seat that sits out holds no cards")
        if min(self.won) < 0 or sum(self.won) + n > HAND_SIZE:
            raise ValueError("a hand has five tricks")

    # -- constructors

    @classmethod
    def deal(
        cls,
        trump: Suit,
        hands: Sequence[Iterable[int]],
        leader: Seat,
        *,
        sitting: int = 0,
    ) -> Position:
        """A position at the start of a trick, from each seat's cards (lists of cards,
        N E S W; empty for a seat that sits out)."""
        masks = [0, 0, 0, 0]
        for seat, cards in enumerate(hands):
            for c in cards:
                masks[seat] |= 1 << c
        return cls(trump, (masks[0], masks[1], masks[2], masks[3]), leader, (), sitting)

    # -- questions

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats that play to the current trick, in order from its leader."""
        return _trick_seats(self.leader, self.sitting)

    @property
    def turn(self) -> Seat:
        """The seat to play next."""
        return self.seats[len(self.table)]

    @property
    def tricks_left(self) -> int:
        """The tricks still to finish, the current one included."""
        return self.hands[self.leader].bit_count() + (1 if self.table else 0)

    @property
    def trick_number(self) -> int:
        """The current trick, numbered 1 to 5 within the hand."""
        return HAND_SIZE - self.tricks_left + 1

    @property
    def led(self) -> Suit:
        """The led effective suit of the current trick, or ``NO_SUIT`` before its lead."""
        return EFFECTIVE_SUIT[self.trump][self.table[0]] if self.table else NO_SUIT

    @property
    def finished(self) -> bool:
        """True when every card has been played."""
        return self.tricks_left == 0

    def play(self, card: int) -> Position:
        """The position after the seat to play plays ``card`` (which it must hold; a card
        that breaks the follow-suit rule is accepted: ``legal_cards`` says what is legal).
        A completed trick is cleared and counted for its winner, who leads next."""
        seat = self.turn
        if not (0 <= card < N_CARDS and (self.hands[seat] >> card) & 1):
            raise ValueError(f"{SEAT_LETTERS[seat]} does not hold that card")
        h = list(self.hands)
        h[seat] &= ~(1 << card)
        hands = (h[0], h[1], h[2], h[3])
        table = (*self.table, card)
        seats = self.seats
        if len(table) < len(seats):
            return Position(self.trump, hands, self.leader, table, self.sitting, self.won)
        winner = _trick_winner(self.trump, seats, table)
        won = list(self.won)
        won[winner & 1] += 1
        return Position(self.trump, hands, winner, (), self.sitting, (won[0], won[1]))


def legal_cards(position: Position) -> tuple[int, ...]:
    """The cards the seat to play may play, lowest card number first."""
    hand = position.hands[position.turn]
    return tuple(cards_of(legal_mask(hand, position.led, position.trump)))


# ---------------------------------------------------------------------------
# The search's own card numbering, per trump suit.

_BLOCK: Final = 12  # bits per effective suit: up to 11 cards, and a top bit never used
_TOP_BLOCK: Final = 3  # trump's block: above every other suit's
_KEY_SHIFT: Final = 4 * _BLOCK  # the leader's place in a table key, above the cards
_SEPARATORS: Final = sum(1 << (b * _BLOCK + _BLOCK - 1) for b in range(4))


def _bit_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    to_bit, to_card = [], []
    for trump in range(4):
        others = [s for s in range(4) if s != trump]
        bits = [-1] * N_CARDS
        cards = [-1] * (4 * _BLOCK)
        for c in range(N_CARDS):
            suit = EFFECTIVE_SUIT[trump][c]
            if suit == trump:
                b = _TOP_BLOCK * _BLOCK + POWER[trump][c] - 20  # trump powers run 20..30
            else:
                b = others.index(suit) * _BLOCK + POWER[trump][c]
            bits[c] = b
            cards[b] = c
        to_bit.append(tuple(bits))
        to_card.append(tuple(cards))
    return tuple(to_bit), tuple(to_card)


_TO_BIT, _TO_CARD = _bit_tables()
_BLOCK_OF: Final = tuple(((1 << (_BLOCK - 1)) - 1) << (b // _BLOCK * _BLOCK) for b in range(48))
"""``_BLOCK_OF[bit]``: every card of that bit's effective suit (as search bits)."""
_TRUMPS: Final = _BLOCK_OF[_TOP_BLOCK * _BLOCK]
_SIDE_BLOCKS: Final = tuple(_BLOCK_OF[b * _BLOCK] for b in range(_TOP_BLOCK))
"""Every card of each suit but trump (as search bits), a block per suit."""
_ABOVE: Final = tuple(_BLOCK_OF[b] & -(2 << b) for b in range(48))
"""``_ABOVE[bit]``: the cards of that bit's suit that rank above it."""


def _to_bits(trump: int, mask: int) -> int:
    bits = _TO_BIT[trump]
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << bits[low.bit_length() - 1]
        mask ^= low
    return out


def _trick_bits(position: Position) -> tuple[int, int, int, int, int]:
    """The current trick as ``_Search.step`` takes it, in search bits: the seats still to
    play to it (the one to play included), the led suit's block (0 before the lead), the
    cards on it, the winning card so far (-1 before the lead) and its seat."""
    seats = position.seats
    if not position.table:
        return len(seats), 0, 0, -1, position.leader
    bits = _TO_BIT[position.trump]
    first = bits[position.table[0]]
    led = _BLOCK_OF[first]
    best, bs, table = first, seats[0], 0
    for seat, c in zip(seats, position.table, strict=False):
        b = bits[c]
        table |= 1 << b
        if b > best and (1 << b) & (led | _TRUMPS):
            best, bs = b, seat
    return len(seats) - len(position.table), led, table, best, bs


class _Search:
    """The null-window search over one trump and one set of sitting seats.

    Its transposition table maps a trick boundary (the cards still held, as search bits,
    and the leader) to bounds on North-South's tricks from there, ``lo | hi << 3``. The
    cards held say which seat holds each card only while every position searched comes
    from one distribution of the cards, which ``Solver`` sees to.
    """

    __slots__ = ("_count", "_set_live", "after", "ge", "hands", "step", "table")

    def __init__(self, sitting: int) -> None:
        nxt = [left_of(s) for s in SEATS]
        for s in range(4):
            while (sitting >> nxt[s]) & 1:
                nxt[s] = left_of(nxt[s])
        size = 4 - sitting.bit_count()
        hands = [0, 0, 0, 0]
        tt: dict[int, int] = {}
        self.hands = hands
        self.table = tt
        live = 0  # every card still in a hand (not on the table): kept by step
        nodes = 0

        def count() -> int:
            return nodes

        def set_live() -> None:
            nonlocal live
            live = hands[0] | hands[1] | hands[2] | hands[3]

        def ge(leader: int, k: int) -> bool:
            """At a trick boundary: do NS take at least ``k`` of the tricks left?"""
            if k <= 0:
                return True
            n = hands[leader].bit_count()
            if k > n:
                return False
            if n == 1:
                # One card each: play them out.
                best = hands[leader].bit_length() - 1
                led = _BLOCK_OF[best] | _TRUMPS
                winner = seat = leader
                for _ in range(size - 1):
                    seat = nxt[seat]
                    c = hands[seat].bit_length() - 1
                    if c > best and (1 << c) & led:
                        best, winner = c, seat
                return not winner & 1
            key = live | leader << _KEY_SHIFT
            e = tt.get(key)
            if e is None:
                lo, hi = 0, n
                # Sure tricks: a seat holding the top trumps left wins one with each.
                trumps = live & _TRUMPS
                if trumps:
                    top = 1 << (trumps.bit_length() - 1)
                    seat = 0
                    while not hands[seat] & top:
                        seat += 1
                    owner = hands[seat] & trumps
                    # The owner's trumps above every other seat's.
                    sure = (owner & -(1 << (trumps ^ owner).bit_length())).bit_count()
                    if seat & 1:
                        hi = n - sure
                        if hi < k:
                            return False
                    else:
                        lo = sure
                        if lo >= k:
                            return True
                mine = hands[leader]
                opponents = hands[(leader + 1) & 3] | hands[(leader + 3) & 3]
                if not opponents & _TRUMPS:
                    # No trump against the leader: each of its trumps wins when led, and
                    # so does each card above every other card of its suit.
                    others = live ^ mine
                    quick = (mine & _TRUMPS).bit_count()
                    for blk in _SIDE_BLOCKS:
                        held = mine & blk
                        if held:
                            against = others & blk
                            if against:
                                held &= -(2 << (against.bit_length() - 1))
                            quick += held.bit_count()
                    if leader & 1:
                        if n - quick < hi:
                            hi = n - quick
                            if hi < k:
                                return False
                    elif quick > lo:
                        lo = quick
                        if lo >= k:
                            return True
            else:
                lo, hi = e & 7, e >> 3
                if lo >= k:
                    return True
                if hi < k:
                    return False
            if step(leader, size, 0, 0, -1, leader, k):
                tt[key] = k | hi << 3
                return True
            tt[key] = lo | (k - 1) << 3
            return False

        def step(seat: int, left: int, led: int, table: int, best: int, bs: int, k: int) -> bool:
            """``seat`` plays; ``left`` seats (this one included) still play to the
            trick, led in suit ``led`` (a block mask, 0 before the lead), with ``table``
            on it and ``best`` (played by ``bs``) winning so far. True when NS take at
            least ``k`` of the tricks left (this one included)."""
            nonlocal live, nodes
            nodes += 1
            hand = hands[seat]
            ns = not seat & 1  # NS look for a yes, EW for a no
            nx = nxt[seat]
            if led:
                legal = hand & led or hand
                wins = legal & (led | _TRUMPS) & -(2 << best)  # the cards that take the lead
            else:
                legal, wins = hand, 0
            if not legal & (legal - 1):
                reps = [legal.bit_length() - 1]  # one card to play
            else:
                # One card of each run of equivalent cards, high to low, then in the
                # order to try them.
                others = live ^ hand
                blockers = others | table | _SEPARATORS
                prev = legal.bit_length() - 1
                reps = [prev]
                rest = legal ^ (1 << prev)
                while rest:
                    b = rest.bit_length() - 1
                    rest ^= 1 << b
                    if blockers & ((1 << prev) - (1 << b)):
                        reps.append(b)
                    prev = b
                if not led:
                    # Leads: the masters of their suits first, then the rest.
                    masters = []
                    low = []
                    for c in reps:
                        if others & _ABOVE[c]:
                            low.append(c)
                        else:
                            masters.append(c)
                    if masters and low:
                        reps = masters + low
                elif bs ^ seat == 2 or not wins:
                    reps.reverse()  # nothing wins, or partner is winning: play low
                else:
                    # Win cheaply, else play low: the cards that win come first in
                    # ``reps`` (trump, then the led suit).
                    w = 1
                    while w < len(reps) and (1 << reps[w]) & wins:
                        w += 1
                    reps = reps[w - 1 :: -1] + reps[: w - 1 : -1]
            for c in reps:
                bit = 1 << c
                hands[seat] = hand ^ bit
                live ^= bit
                if not led:
                    r = step(nx, left - 1, _BLOCK_OF[c], bit, c, seat, k)
                elif left > 1:
                    if bit & wins:
                        r = step(nx, left - 1, led, table | bit, c, seat, k)
                    else:
                        r = step(nx, left - 1, led, table | bit, best, bs, k)
                else:
                    w = seat if bit & wins else bs
                    r = ge(w, k - 1 if not w & 1 else k)
                hands[seat] = hand
                live ^= bit
                if r is ns:
                    return r
            return not ns

        def after(
            seat: int, left: int, led: int, table: int, best: int, bs: int, c: int, k: int
        ) -> bool:
            """``seat`` plays the card ``c`` (a search bit) to the trick, given as for
            ``step``: True when NS then take at least ``k`` of the tricks left (this one
            included). ``step``'s move, for one card chosen by the caller."""
            nonlocal live
            bit = 1 << c
            hand = hands[seat]
            hands[seat] = hand ^ bit
            live ^= bit
            if not led:
                r = step(nxt[seat], left - 1, _BLOCK_OF[c], bit, c, seat, k)
            elif left > 1:
                if c > best and bit & (led | _TRUMPS):
                    r = step(nxt[seat], left - 1, led, table | bit, c, seat, k)
                else:
                    r = step(nxt[seat], left - 1, led, table | bit, best, bs, k)
            else:
                w = seat if c > best and bit & (led | _TRUMPS) else bs
                r = ge(w, k - 1 if not w & 1 else k)
            hands[seat] = hand
            live ^= bit
            return r

        self.ge: Callable[[int, int], bool] = ge
        self.step: Callable[[int, int, int, int, int, int, int], bool] = step
        self.after: Callable[[int, int, int, int, int, int, int, int], bool] = after
        self._set_live = set_live
        self._count = count

    @property
    def nodes(self) -> int:
        """The cards tried so far."""
        return self._count()

    def load(self, hands: Sequence[int]) -> None:
        """Put these cards (search bits) in the seats' hands."""
        self.hands[:] = hands
        self._set_live()


# ---------------------------------------------------------------------------
# Solving.


class Solver:
    """Exact open-hand values of positions, keeping what it learns between calls.

    One solver serves any positions, but it helps most for many positions from one deal
    (a hand's review, par's discards): its transposition table stays valid as long as
    every card keeps the seat it was first seen in, and it starts a fresh one when a
    position disagrees (another trump, other seats sitting out, a card elsewhere).
    """

    __slots__ = ("_nodes_before", "_owned", "_search", "_sitting", "_trump")

    def __init__(self) -> None:
        self._search: _Search | None = None
        self._trump = -1
        self._sitting = -1
        self._owned = [0, 0, 0, 0]  # every card seen in each seat's hand, engine masks
        self._nodes_before = 0

    @property
    def nodes(self) -> int:
        """The cards tried by the search so far, over every call: a measure of work."""
        return self._nodes_before + (self._search.nodes if self._search else 0)

    def _prepare(self, position: Position) -> _Search:
        search = self._search
        owned = self._owned
        hands = position.hands
        fresh = search is None or position.trump != self._trump or position.sitting != self._sitting
        if not fresh:
            every = owned[0] | owned[1] | owned[2] | owned[3]
            fresh = any(hands[s] & (every ^ owned[s]) for s in range(4))
        if fresh or search is None:
            if search is not None:
                self._nodes_before += search.nodes
            search = self._search = _Search(position.sitting)
            self._trump, self._sitting = position.trump, position.sitting
            owned[:] = [0, 0, 0, 0]
        for s in range(4):
            owned[s] |= hands[s]
        trump = position.trump
        search.load([_to_bits(trump, h) for h in hands])
        return search

    def _ns_at_least(self, search: _Search, position: Position, k: int) -> bool:
        """Do NS take at least ``k`` of the tricks left (the current one included)?"""
        if k <= 0:
            return True
        if k > position.tricks_left:
            return False
        if not position.table:
            return search.ge(position.leader, k)
        left, led, table, best, bs = _trick_bits(position)
        return search.step(position.turn, left, led, table, best, bs, k)

    def levels(
        self,
        position: Position,
        team: int,
        thresholds: Sequence[int],
        worlds: Iterable[tuple[int, int, int, int]] | None = None,
    ) -> Iterator[tuple[int, ...]]:
        """Every legal card of the seat to play, judged in many worlds at once: for each
        world (the four hands, N E S W, in place of ``position``'s; ``position`` itself
        when ``worlds`` is None), and for each card of ``legal_cards(position)`` in that
        order, how many of ``thresholds`` (ascending counts of tricks in the whole hand,
        won ones included) ``team`` takes at least with best play after the card.

        The seat to play must hold its cards of ``position`` in every world, and every
        other seat as many cards as there. Each world is searched on its own (a card
        that moves makes another deal), trying one card of each run of equivalent cards
        (``equivalent_cards``, judged in that world), and each card's thresholds from
        the one the card before it reached, so a card like the last costs one test.
        """
        seat, trump, n = position.turn, position.trump, position.tricks_left
        to_bits = _TO_BIT[trump]
        cards = legal_cards(position)
        legal = 0
        for c in cards:
            legal |= 1 << to_bits[c]
        column = {to_bits[c]: i for i, c in enumerate(cards)}
        sizes = tuple(h.bit_count() for h in position.hands)
        mine = position.hands[seat]
        left, led, table, best, bs = _trick_bits(position)
        tests = []  # per threshold: the NS target from here, and whether NS reaching it says yes
        for t in thresholds:
            if team == 0:
                tests.append((t - position.won[0], True))
            else:  # EW take t when NS take at most n - (t - won): not NS >= that + 1
                tests.append((n - t + position.won[1] + 1, False))
        top = len(tests)
        search = _Search(position.sitting)
        after, hands = search.after, search.hands
        guess = [top // 2] * len(cards)  # per card: the level it reached in the last world
        mine_bits = _to_bits(trump, mine)
        for world in (position.hands,) if worlds is None else worlds:
            h0, h1, h2, h3 = world
            if world[seat] != mine or sizes != (
                h0.bit_count(),
                h1.bit_count(),
                h2.bit_count(),
                h3.bit_count(),
            ):
                raise ValueError("a world must keep the seat to play's cards and each hand's size")
            search.table.clear()
            search.load([mine_bits if s == seat else _to_bits(trump, world[s]) for s in range(4)])
            held = hands[0] | hands[1] | hands[2] | hands[3]
            blockers = held ^ hands[seat] | table | _SEPARATORS
            # Sure tricks, for every card of this world: the highest trump left wins the
            # trick it is played to, and so do the next ones its holder holds.
            sure_ns = sure_ew = 0
            trumps = (held | table) & _TRUMPS
            if trumps:
                high = 1 << (trumps.bit_length() - 1)
                if high & table:
                    sure = 1
                    side = bs & 1  # it is winning the trick so far
                else:
                    side = 0
                    while not hands[side] & high:
                        side += 1
                    owner, sure = hands[side], 0
                    while high & owner:
                        sure += 1
                        trumps ^= high
                        high = 1 << (trumps.bit_length() - 1) if trumps else 0
                if side & 1:
                    sure_ew = sure
                else:
                    sure_ns = sure
            out = [0] * len(cards)
            rest = legal
            level = -1
            while rest:
                # The next run of equivalent cards, from its highest card down.
                rep = rest.bit_length() - 1
                run = [rep]
                rest ^= 1 << rep
                prev = rep
                while rest:
                    b = rest.bit_length() - 1
                    if blockers & ((1 << prev) - (1 << b)):
                        break
                    run.append(b)
                    rest ^= 1 << b
                    prev = b
                lo, hi = 0, top
                i = guess[column[rep]] if level < 0 else level
                while lo < hi:
                    i = min(max(i, lo), hi - 1)
                    k, yes = tests[i]
                    if k <= sure_ns:
                        r = True
                    elif k > n - sure_ew:
                        r = False
                    else:
                        r = after(seat, left, led, table, best, bs, rep, k)
                    if r is yes:
                        lo = i = i + 1
                    else:
                        hi, i = i, i - 1
                level = lo
                for b in run:
                    out[column[b]] = level
            guess = out
            yield tuple(out)
        self._nodes_before += search.nodes

    def _ns_value(self, position: Position) -> int:
        """NS's tricks from here (the current trick included), with best play."""
        search = self._prepare(position)
        lo, hi = 0, position.tricks_left
        if not position.table and hi > 1:
            live = search.hands[0] | search.hands[1] | search.hands[2] | search.hands[3]
            e = search.table.get(live | position.leader << _KEY_SHIFT)
            if e is not None:
                lo, hi = e & 7, e >> 3
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._ns_at_least(search, position, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def solve(self, position: Position, team: int) -> int:
        """The tricks ``team`` (0 NS, 1 EW) takes in the whole hand, the tricks it has
        already won included, when from ``position`` on it plays to take as many as it
        can and the other side to hold it to as few."""
        ns = self._ns_value(position)
        rest = ns if team == 0 else position.tricks_left - ns
        return position.won[team] + rest

    def at_least(self, position: Position, team: int, tricks: int) -> bool:
        """Does ``team`` take at least ``tricks`` in the whole hand (won ones included)
        with best play from ``position``? One test, cheaper than ``solve``."""
        search = self._prepare(position)
        need = tricks - position.won[team]
        if team == 0:
            return self._ns_at_least(search, position, need)
        # EW take at least ``need`` of the n left when NS take at most n - need.
        return not self._ns_at_least(search, position, position.tricks_left - need + 1)

    def best_cards(self, position: Position) -> tuple[int, ...]:
        """Every legal card for the seat to play that keeps the position's value, lowest
        card number first: after any of them, best play from both sides ends the same."""
        mover = position.turn & 1
        value = self.solve(position, mover)
        out: list[int] = []
        for cards in equivalent_cards(position):
            if self.at_least(position.play(cards[0]), mover, value):
                out.extend(cards)
        return tuple(sorted(out))


def equivalent_cards(position: Position) -> list[tuple[int, ...]]:
    """The legal cards of the seat to play, in runs that are the same card for the play:
    nothing held by another seat or on the table ranks between two cards of a run (of
    the same effective suit). Runs from the highest card down."""
    seat = position.turn
    others = 0
    for s in range(4):
        if s != seat:
            others |= position.hands[s]
    for c in position.table:
        others |= 1 << c
    legal = legal_mask(position.hands[seat], position.led, position.trump)
    return card_runs(legal, others, position.trump)


def card_runs(cards: int, others: int, trump: int) -> list[tuple[int, ...]]:
    """``cards`` (a mask) in runs that are the same card for the play with ``trump`` as
    trump: of the same effective suit, with nothing in ``others`` (a mask of every other
    card still in play) ranking between two cards of a run. Runs from the highest card
    down, each from its highest card."""
    to_card = _TO_CARD[trump]
    blockers = _to_bits(trump, others) | _SEPARATORS
    legal = _to_bits(trump, cards)
    out: list[tuple[int, ...]] = []
    run: list[int] = []
    prev = -1
    while legal:
        b = legal.bit_length() - 1
        legal ^= 1 << b
        if run and blockers & ((1 << prev) - (1 << b)):
            out.append(tuple(run))
            run = []
        run.append(to_card[b])
        prev = b
    if run:
        out.append(tuple(run))
    return out


def solve(position: Position, team: int, solver: Solver | None = None) -> int:
    """The tricks ``team`` takes in the whole hand (won ones included) with best play
    by both sides from ``position``; see ``Solver.solve``. Pass a ``Solver`` to reuse
    its transposition table across calls."""
    return (solver or Solver()).solve(position, team)


def best_cards(position: Position, solver: Solver | None = None) -> tuple[int, ...]:
    """The legal cards that keep the position's value for the side to play."""
    return (solver or Solver()).best_cards(position)


# ---------------------------------------------------------------------------
# Claims.


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """The verdict on a claim that one side takes every remaining trick.

    ``good`` when the claimers take them all against any legal defence. Otherwise the
    other side can force a trick by trick ``trick`` (1..5) whatever the claimers do, and
    ``line`` is one such play, (seat, card) from the claim to the end of that trick: the
    defenders play to win a trick as early as they can, the claimers to put it off as
    long as they can. ``seat`` won that trick with ``card``: "E could win trick 4 with
    A♠". The fields after ``good`` are None for a good claim.
    """

    good: bool
    trick: int | None = None
    seat: int | None = None
    card: int | None = None
    line: tuple[tuple[int, int], ...] = ()


def check_claim(position: Position, claimer: int, solver: Solver | None = None) -> ClaimCheck:
    """Judge ``claimer``'s claim that their side takes every trick left, every card
    being known. Exact: the claim is good when best play gives the claimers all the
    tricks left (see ``ClaimCheck`` for the line returned when it is not)."""
    team = claimer & 1
    other = 1 - team
    total = position.won[team] + position.tricks_left
    if (solver or Solver()).at_least(position, team, total):
        return ClaimCheck(True)
    memo: dict[tuple[Position, int], bool] = {}

    def forced(pos: Position, d: int) -> bool:
        """Can the defenders win one of the next ``d`` tricks (the current one first)
        whatever the claimers do?"""
        if d <= 0 or pos.finished:
            return False
        key = (pos, d)
        found = memo.get(key)
        if found is None:
            defending = pos.turn & 1 == other
            found = not defending
            for run in equivalent_cards(pos):
                if after(pos, run[0], d) is defending:
                    found = defending
                    break
            memo[key] = found
        return found

    def after(pos: Position, c: int, d: int) -> bool:
        """``forced`` after ``c`` is played."""
        if d <= 0:
            return False
        nxt = pos.play(c)
        if nxt.table:
            return forced(nxt, d)
        if nxt.won[other] > pos.won[other]:
            return True
        return forced(nxt, d - 1)

    # The earliest trick the defenders can force, then a line that gets there: the
    # defenders keep to it, the claimers never let it come sooner.
    d = next(d for d in range(1, position.tricks_left + 1) if forced(position, d))
    line: list[tuple[int, int]] = []
    pos = position
    while True:
        runs = [run[0] for run in equivalent_cards(pos)]
        if pos.turn & 1 == other:
            choice = next(c for c in runs if after(pos, c, d))
        else:
            choice = next((c for c in runs if not after(pos, c, d - 1)), runs[0])
        line.append((pos.turn, choice))
        nxt = pos.play(choice)
        if not nxt.table:
            if nxt.won[other] > pos.won[other]:
                played = dict(zip(pos.seats, (*pos.table, choice), strict=True))
                return ClaimCheck(
                    False, pos.trick_number, nxt.leader, played[nxt.leader], tuple(line)
                )
            d -= 1
        pos = nxt


__all__ = [
    "ClaimCheck",
    "Position",
    "Solver",
    "best_cards",
    "card_runs",
    "check_claim",
    "equivalent_cards",
    "legal_cards",
    "solve",
]
