"""What a seat could see when it chose: the fair review's view of a choice (REVIEW.md).

When a seat chooses a card it knows its own cards still held, every card played and who
played it, where the upcard is, its own discard when it dealt and the record shows it,
the suits each seat has shown out of, and the cards shown to the table. Nothing else:
bids, signals and habits are not read as information. ``SeatView`` is that knowledge at
one choice, as a small frozen value; ``seat_views`` builds one for every card of a
recorded hand. ``BidView`` is a seat's view before the bidding: its five dealt cards
and the upcard.

A view says nothing of how the unseen cards may lie; ``engine.worlds`` counts and lists
the ways (``WorldSpace``), from ``SeatView.space`` or ``BidView.space``.

The upcard: once the dealer picks it up, every seat knows the dealer holds it until it
is played. When the record shows the dealer put it down again (a recorded discard of the
upcard, or a dealer whose cards as play began do not include it: the discard is then
the upcard, deduced), every view treats it as gone, and so it is when the dealer sits
out. In round two the turned-down card is out of play. The dealer knows its own discard,
but only when the record shows it (recorded, or deduced from a recorded deal); when it
does not, the dealer's view counts the discard among the unseen cards, as the others'
views do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .actions import BlindDoubleLoner, Order, Play, RenegeCall
from .cards import EFFECTIVE_SUIT, SUIT_MASK, Seat, Suit, deck_mask
from .hand import HandState
from .positions import start_position
from .solver import Position
from .worlds import WorldSpace

VIEW_LIMITS: Final = (
    "Only what the player could see counts: their own cards, the cards played and who "
    "played them, the upcard, the suits each player has shown out of, and cards shown to "
    "the table. Bids, signals and habits are not read as information."
)
"""The view's limits in words, for what a person sees."""

HIDDEN_DISCARD: Final = (
    "The dealer knows the card they put down, but the record does not show it, so the "
    "dealer's view counts it among the cards they could not see."
)
"""Said of a dealer's view when the record does not show the discard."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` knows when it chooses a card (see the module docstring).

    Cards are the engine's integers and sets of them bit masks; per-seat tuples run
    N E S W. ``own`` are the seat's cards still held; ``played`` each seat's cards played
    so far (the current trick's included); ``held`` the cards the view places in each
    other seat's hand (the upcard with the dealer, cards shown to the table), not yet
    played; ``voids`` each seat's effective suits shown out of (a bit per suit, the left
    bower counting as trump); ``sizes`` how many cards each seat holds now (0 for a seat
    that sits out); ``out`` the cards the view knows are out of play (a turned-down or
    discarded upcard, the dealer's own known discard). ``trump``, ``leader``, ``table``,
    ``sitting`` and ``won`` are the trick as everyone sees it, as in ``solver.Position``.
    ``deck`` is the game's deck (a mask). ``discard_hidden`` is true for a dealer whose
    discard the record does not show.
    """

    seat: Seat
    trump: Suit
    leader: Seat
    table: tuple[int, ...]
    sitting: int
    won: tuple[int, int]
    own: int
    played: tuple[int, int, int, int]
    held: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]
    sizes: tuple[int, int, int, int]
    out: int
    deck: int
    discard_hidden: bool = False

    @property
    def unseen(self) -> int:
        """The cards the seat cannot place (a mask): in another hand or out of play."""
        known = self.own | self.out
        for s in range(4):
            known |= self.played[s] | self.held[s]
        return self.deck & ~known

    def space(self) -> WorldSpace:
        """The ways the unseen cards may lie (``engine.worlds``): each other playing seat
        holds its known cards and as many unseen ones as it has room for, none of a suit
        it showed out of; the rest are out of play (the kitty, an unseen discard, a
        sitting-out hand)."""
        unseen = self.unseen
        suits = SUIT_MASK[self.trump]
        base = [0, 0, 0, 0]
        free = [0, 0, 0, 0]
        allowed = [0, 0, 0, 0]
        for s in range(4):
            if s == self.seat:
                base[s] = self.own
                continue
            if (self.sitting >> s) & 1:
                continue
            base[s] = self.held[s]
            free[s] = self.sizes[s] - self.held[s].bit_count()
            mask = unseen
            for suit in range(4):
                if (self.voids[s] >> suit) & 1:
                    mask &= ~suits[suit]
            allowed[s] = mask
        return WorldSpace(
            (base[0], base[1], base[2], base[3]),
            (free[0], free[1], free[2], free[3]),
            (allowed[0], allowed[1], allowed[2], allowed[3]),
            unseen,
        )

    def position(self, hands: tuple[int, int, int, int]) -> Position:
        """The open-hand position of one world (each seat's cards, N E S W)."""
        return Position(self.trump, hands, self.leader, self.table, self.sitting, self.won)


@dataclass(frozen=True, slots=True)
class BidView:
    """What ``seat`` knows before the bidding: its five dealt cards (``own``, a mask)
    and the upcard; ``dealer`` deals. Every other seat holds five unseen cards and the
    kitty the other three."""

    seat: Seat
    dealer: Seat
    upcard: int
    own: int
    deck: int

    @property
    def unseen(self) -> int:
        """The cards the seat cannot place: the other hands and the kitty's hidden cards."""
        return self.deck & ~(self.own | 1 << self.upcard)

    def space(self) -> WorldSpace:
        """The ways the other hands may have been dealt (``engine.worlds``)."""
        unseen = self.unseen
        base = tuple(self.own if s == self.seat else 0 for s in range(4))
        free = tuple(0 if s == self.seat else 5 for s in range(4))
        allowed = tuple(0 if s == self.seat else unseen for s in range(4))
        return WorldSpace(
            (base[0], base[1], base[2], base[3]),
            (free[0], free[1], free[2], free[3]),
            (allowed[0], allowed[1], allowed[2], allowed[3]),
            unseen,
        )


def picked_up(hand: HandState) -> bool:
    """True when the dealer picked up the upcard (a round-one order, or a blind loner)."""
    return any(isinstance(a, (Order, BlindDoubleLoner)) for a in hand.actions)


def dealer_discard(hand: HandState, start: int) -> int | None:
    """The dealer's discard as the record shows it, recorded or deduced, or None: the
    recorded card; else the upcard when the dealer's cards as play began (``start``, a
    mask) do not include it; else the one card of a recorded deal and the upcard that
    play did not begin with."""
    if not picked_up(hand):
        return None
    if hand.discard is not None:
        return hand.discard
    up = 1 << hand.upcard
    if not start & up:
        return hand.upcard
    dealt = hand.deal.get(hand.dealer)
    if dealt is not None:
        rest = up
        for c in dealt:
            rest |= 1 << c
        rest &= ~start
        if rest.bit_count() == 1:
            return rest.bit_length() - 1
    return None


def seat_views(hand: HandState) -> tuple[SeatView, ...]:
    """The view of the seat to play at each card recorded in the hand, in order. Raises
    ``ValueError`` as ``positions.start_position`` does (trump not made, a playing seat's
    cards not all known)."""
    pos = start_position(hand)
    start = pos.hands
    eff = EFFECTIVE_SUIT[hand.trump]
    deck = deck_mask(hand.rules.deck)
    dealer, up = hand.dealer, 1 << hand.upcard
    placed = [0, 0, 0, 0]  # cards every view places in a hand, until they are played
    gone = 0  # cards every view knows are out of play
    if picked_up(hand) and start[dealer] & up:
        placed[dealer] = up
    else:
        gone = up  # turned down, put down again, or with a dealer who sits out
    discard = dealer_discard(hand, start[dealer]) if hand.active(dealer) else None
    own_out = 0 if discard is None else 1 << discard
    hidden = picked_up(hand) and hand.active(dealer) and discard is None
    played = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    views: list[SeatView] = []
    for action in hand.actions:
        if isinstance(action, RenegeCall):
            for c in action.shown:
                if not (played[action.accused] >> c) & 1:
                    placed[action.accused] |= 1 << c
            continue
        if not isinstance(action, Play):
            continue
        seat, card = pos.turn, action.card
        held = tuple(0 if s == seat else placed[s] for s in range(4))
        views.append(
            SeatView(
                seat=seat,
                trump=pos.trump,
                leader=pos.leader,
                table=pos.table,
                sitting=pos.sitting,
                won=pos.won,
                own=pos.hands[seat],
                played=(played[0], played[1], played[2], played[3]),
                held=(held[0], held[1], held[2], held[3]),
                voids=(voids[0], voids[1], voids[2], voids[3]),
                sizes=(
                    pos.hands[0].bit_count(),
                    pos.hands[1].bit_count(),
                    pos.hands[2].bit_count(),
                    pos.hands[3].bit_count(),
                ),
                out=gone | (own_out if seat == dealer else 0),
                deck=deck,
                discard_hidden=hidden and seat == dealer,
            )
        )
        if pos.table and eff[card] != eff[pos.table[0]]:
            voids[seat] |= 1 << eff[pos.table[0]]
        played[seat] |= 1 << card
        placed[seat] &= ~(1 << card)
        pos = pos.play(card)
    return tuple(views)


def bid_view(hand: HandState, seat: Seat, dealt: tuple[int, int, int, int]) -> BidView:
    """``seat``'s view before the bidding, from the hands as dealt (masks, N E S W)."""
    return BidView(seat, hand.dealer, hand.upcard, dealt[seat], deck_mask(hand.rules.deck))


__all__ = [
    "HIDDEN_DISCARD",
    "VIEW_LIMITS",
    "BidView",
    "SeatView",
    "bid_view",
    "dealer_discard",
    "picked_up",
    "seat_views",
]
