"""Positions of a recorded hand, for the open-hand solver: each seat's cards as play
began, and the position after any number of the cards recorded.

The solver (``engine.solver``) knows nothing of the record; this module reads a
``HandState`` into its ``Position``.
"""

from __future__ import annotations

from .actions import Play
from .cards import HAND_SIZE, NO_SUIT, NOBODY, SEAT_LETTERS, SEATS, Seat
from .hand import PLAY, HandState
from .solver import Position


def start_cards(hand: HandState, seat: Seat) -> int | None:
    """The cards ``seat`` held when play began (a bit mask), or None when the record does
    not show them all: the cards it played, and the cards still known to be in its hand
    (after a claim, the cards the record allows it to hold, when they are exactly the
    cards it has left)."""
    played = 0
    for t in range(HAND_SIZE):
        c = hand.cards_at[t * 4 + seat]
        if c >= 0:
            played |= 1 << c
    if played.bit_count() == HAND_SIZE:
        return played
    if hand.claimed != NOBODY:
        # A claim: the cards still held are those the claim was checked with, when the
        # record pins each of them down (``HandState.claim_known``).
        if not hand.claim_known:
            return None
        cards = played | hand.possible_cards(seat)
        return cards if cards.bit_count() == HAND_SIZE else None
    if hand.slack[seat] or hand.borrow[seat] != NOBODY:
        return None  # an unseen discard or swap: which known card is gone is not known
    cards = played | hand.held[seat]
    return cards if cards.bit_count() == HAND_SIZE else None


def start_position(hand: HandState) -> Position:
    """The position before the hand's first card: each seat's cards as play began (after
    the dealer's discard and any exchange). Raises ``ValueError`` when trump was not made
    or a playing seat's cards are not all known."""
    if hand.trump == NO_SUIT:
        raise ValueError("trump was not made")
    if hand.leaders:
        leader = hand.leaders[0]
    elif hand.phase == PLAY or hand.claimed != NOBODY:
        # No card yet (or a claim before the first): the first lead is the seat whose
        # turn it is, or was.
        leader = hand.turn
    else:
        raise ValueError("play has not begun")
    masks = [0, 0, 0, 0]
    for seat in SEATS:
        if not hand.active(seat):
            continue
        cards = start_cards(hand, seat)
        if cards is None:
            raise ValueError(f"{SEAT_LETTERS[seat]}'s cards are not all known")
        masks[seat] = cards
    return Position(hand.trump, (masks[0], masks[1], masks[2], masks[3]), leader, (), hand.sitting)


def position_after(hand: HandState, plays: int | None = None) -> Position:
    """The position after the hand's first ``plays`` cards (all the cards recorded so far
    when None). Raises ``ValueError`` as ``start_position`` does."""
    pos = start_position(hand)
    cards = [a for a in hand.actions if isinstance(a, Play)]
    for a in cards[:plays]:
        pos = pos.play(a.card)
    return pos


__all__ = ["position_after", "start_cards", "start_position"]
