"""What is known about each seat's cards, and how it is known.

This is the evidence a table reads aloud in a dispute: the cards a seat was seen to hold
(dealt and shown, picked up, played, shown with a renege call, or deduced once the hand is
over), the suits it showed out of, and the dealer's discard.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Order, RenegeCall
from .cards import CARD_TEXT, SEAT_LETTERS, SEATS, SUITS, Seat, Suit
from .hand import HandState

DEALT = "dealt"  # in the recorded deal
UPCARD = "upcard"  # the dealer picked it up
PLAYED = "played"
SHOWN = "shown"  # shown when a renege was called
DEDUCED = "deduced"  # worked out once every card the seat played is known


@dataclass(frozen=True, slots=True)
class KnownCard:
    """One card a seat held, how that is known, and when it was played (if it was)."""

    card: int
    how: str
    played_on: int | None = None  # trick number, 1..5

    def words(self) -> str:
        """``KH (dealt; played on trick 4)``."""
        how = {
            DEALT: "dealt",
            UPCARD: "the upcard, picked up",
            PLAYED: "played",
            SHOWN: "shown with a renege call",
            DEDUCED: "deduced from the play",
        }[self.how]
        text = f"{CARD_TEXT[self.card]} ({how}"
        if self.played_on is not None and self.how != PLAYED:
            text += f"; played on trick {self.played_on}"
        elif self.played_on is not None:
            text += f" on trick {self.played_on}"
        return text + ")"


@dataclass(frozen=True, slots=True)
class Void:
    """A suit a seat showed out of: on which trick, and the card it played instead."""

    suit: Suit
    trick: int
    played: int


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """Everything the record shows about one seat's cards in one hand."""

    seat: Seat
    active: bool
    cards: tuple[KnownCard, ...]
    dealt: tuple[int, ...] | None  # the five cards as dealt, when the record shows them all
    dealt_how: str | None  # DEALT or DEDUCED
    unknown_dealt: int  # dealt cards the record cannot show (the dealer's unseen discard)
    voids: tuple[Void, ...]

    @property
    def letter(self) -> str:
        return SEAT_LETTERS[self.seat]


def _plays(hand: HandState, seat: Seat) -> list[tuple[int, int]]:
    """(trick number, card) of each card the seat played."""
    out = []
    for t in range(5):
        c = hand.cards_at[t * 4 + seat]
        if c >= 0:
            out.append((t + 1, c))
    return out


def _shown(hand: HandState, seat: Seat) -> list[int]:
    out: list[int] = []
    for a in hand.actions:
        if isinstance(a, RenegeCall) and a.accused == seat:
            out.extend(c for c in a.shown if c not in out)
    return out


def took_up(hand: HandState) -> bool:
    """True when the dealer picked up the upcard (a round-one order)."""
    return any(isinstance(a, Order) for a in hand.actions)


def discard_of(hand: HandState) -> tuple[int | None, str | None]:
    """The dealer's discard and how it is known (``recorded`` or ``deduced``), if it is."""
    if not took_up(hand):
        return None, None
    if hand.discard is not None:
        return hand.discard, "recorded"
    played = [c for _, c in _plays(hand, hand.dealer)]
    if len(played) < 5:
        return None, None
    if hand.upcard not in played:
        return hand.upcard, "deduced"  # the dealer held it and never played it
    left = set(hand.deal.get(hand.dealer, ())) - set(played)
    if len(left) == 1:
        return left.pop(), "deduced"
    return None, None


def knowledge(hand: HandState) -> tuple[SeatKnowledge, ...]:
    """What the record shows about every seat's cards, N E S W."""
    out = []
    picked = took_up(hand)
    discard, _ = discard_of(hand)
    for seat in SEATS:
        plays = _plays(hand, seat)
        played_on = {c: t for t, c in plays}
        cards: dict[int, KnownCard] = {}
        deal = hand.deal.get(seat)
        for c in deal or ():
            cards[c] = KnownCard(c, DEALT, played_on.get(c))
        if seat == hand.dealer and picked and hand.upcard not in cards:
            cards[hand.upcard] = KnownCard(hand.upcard, UPCARD, played_on.get(hand.upcard))
        for c in _shown(hand, seat):
            cards.setdefault(c, KnownCard(c, SHOWN, played_on.get(c)))
        for t, c in plays:
            cards.setdefault(c, KnownCard(c, PLAYED, t))
        dealt: tuple[int, ...] | None = None
        dealt_how: str | None = None
        unknown = 0
        if deal is not None:
            dealt, dealt_how = tuple(deal), DEALT
        elif len(plays) == 5 and hand.active(seat):
            held = [c for _, c in plays]
            if seat == hand.dealer and picked and hand.upcard in held:
                held.remove(hand.upcard)
                if discard is not None:
                    held.append(discard)
                else:
                    unknown = 1
            dealt, dealt_how = tuple(sorted(held)), DEDUCED
        voids = []
        for suit in SUITS:
            t = hand.showout_trick[seat * 4 + suit]
            if t >= 0:
                voids.append(Void(suit, t + 1, hand.showout_card[seat * 4 + suit]))
        voids.sort(key=lambda v: v.trick)
        out.append(
            SeatKnowledge(
                seat=seat,
                active=hand.active(seat),
                cards=tuple(sorted(cards.values(), key=lambda k: (k.played_on or 9, k.card))),
                dealt=dealt,
                dealt_how=dealt_how,
                unknown_dealt=unknown,
                voids=tuple(voids),
            )
        )
    return tuple(out)
