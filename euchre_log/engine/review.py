"""The open-hand review of a hand: what best play would have made of it, card by card.

With every card face up (double-dummy), ``review_hand`` works out the fields of
REVIEW.md's contract for one hand: the makers' tricks with best play from the first card
(``dd_tricks``) and what they would score, the par of the deal under each trump suit, and
for every card played its value before and after, the tricks it gave away, and the cards
that would have kept the value. ``player_totals`` sums a game's reviews per seat. The
values here are plain frozen dataclasses: the JSON and the views are drawn from them.

Everything is hindsight: the players could not see each other's cards.

Which hands are analysed (REVIEW.md): trump was made, the play finished, and every card
each playing seat held is known. The play finishes when every playing seat has played
its five cards, or when a rule the engine scores ends it early: a ``claim`` (the plays
recorded before it are graded, and ``dd_tricks`` is still the value before the first
card) when every card still held is known (``HandState.claim_known``). Tricks recorded
without their cards (``tricks``) leave the hand not analysed: the cards of those tricks
are not known. A hand "containing a renege or other flagged play" is one where a card
played broke the follow-suit rule: the engine's ``renege`` flag, or a card the review
itself finds illegal (a renege nobody could prove). That is the only kind of flag about a
card played; the other flags (an illegal bid, a card exchange or farmer's hand that does
not qualify, a bad claim, a dealing or renege-call irregularity) are about the bidding,
the deal or the table's calls, so the play from the first card is still one that legal
play reaches and the hand is analysed. A renege call upheld without a renege flag (the
hand scored by its penalty) is not analysed either: its tricks do not count.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .actions import Discard, FarmersHand, PartnersBest, Play
from .cards import (
    BENNY,
    HAND_SIZE,
    NO_SUIT,
    NOBODY,
    POWER,
    SEAT_LETTERS,
    SEATS,
    SUITS,
    Seat,
    Suit,
    Team,
    cards_of,
    left_of,
    partner_of,
    suit_of,
)
from .flags import RENEGE
from .hand import HandState
from .positions import start_position
from .rules import Rules
from .scoring import (
    EUCHRED,
    MADE,
    MARCH,
    PASSED_OUT,
    RENEGE_PENALTY,
    THROWN_IN,
    trick_points,
)
from .solver import Position, Solver, equivalent_cards, legal_cards

COSTLY: Final = "?"
"""The mark of a card that gave away a trick without changing the hand's points."""
COSTLY_POINTS: Final = "??"
"""The mark of a card that changed the points the hand scores with best play."""


@dataclass(frozen=True, slots=True)
class PlayReview:
    """One card played, graded with every card face up.

    ``dd_before`` and ``dd_after`` are the makers' tricks in the whole hand with best play
    from just before and just after the card (a trick the card completes counts for its
    winner). ``cost`` is the tricks the card gave the other side (never negative), and
    ``best`` every legal card that keeps ``dd_before``, by rank from high to low (the
    Benny first, then A K Q J T 9 8 7) and then by suit (C D H S). ``legal`` is how many
    cards the seat could legally play, and ``mark`` is ``?``, ``??`` or empty (see
    ``COSTLY`` and ``COSTLY_POINTS``).
    """

    trick: int
    seat: Seat
    card: int
    dd_before: int
    dd_after: int
    cost: int
    best: tuple[int, ...]
    legal: int
    mark: str

    @property
    def choice(self) -> bool:
        """True when the seat had two or more legal cards."""
        return self.legal >= 2


@dataclass(frozen=True, slots=True)
class ParSuit:
    """The par of a deal under one trump suit: the tricks each team takes (NS, EW) with
    best play in an ordinary partnership hand, the opening lead left of the dealer, from
    the hands as dealt. For the upcard's suit the dealer has picked up the upcard and
    discarded a card best for the dealer's side: ``discards`` lists every such card
    (empty for the other suits)."""

    suit: Suit
    tricks: tuple[int, int]
    discards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class BestCall:
    """Hindsight from par, for one team: the trump suits that give it the most tricks as
    makers of an ordinary partnership hand, those tricks, and the points (NS, EW) that
    making such a trump would score. ``alone`` lists the lone hands (seat, suit) of the
    team that take all five tricks with best play from the deal (the partner sitting
    out, the opening lead by the rules' ``loner_lead``, the dealer's discard best for the
    dealer's side): a lone march scores ``alone_points``, more than any partnership hand,
    so when there is one the best call is to go alone. It ignores what the bidding
    allowed (round one offers only the upcard's suit, round two every other suit) and
    that nobody sees the other hands while bidding."""

    team: Team
    suits: tuple[int, ...]
    tricks: int
    points: tuple[int, int]
    alone: tuple[tuple[int, int], ...] = ()
    alone_points: tuple[int, int] | None = None

    @property
    def best_points(self) -> int:
        """The points the team's best call scores for it (negative: the other side's)."""
        points = self.alone_points if self.alone and self.alone_points else self.points
        return points[self.team] - points[1 - self.team]


@dataclass(frozen=True, slots=True)
class HandReview:
    """The review of one hand: REVIEW.md's fields, with cards, seats, suits and teams as
    the engine's integers.

    When ``analysed`` is false, ``reason`` says why in words and every field after it is
    None. ``tricks`` and ``dd_tricks`` are the makers' tricks as played and with best
    play from the first card; ``dd_points`` what ``dd_tricks`` would score (NS, EW).
    ``par`` (by suit C D H S) and ``best_calls`` (by team NS, EW) are None unless every
    seat's dealt cards are known in a 24-card game.
    """

    number: int
    analysed: bool
    reason: str | None = None
    trump: Suit | None = None
    maker: Seat | None = None
    alone: bool | None = None
    defender_alone: int | None = None
    tricks: int | None = None
    dd_tricks: int | None = None
    dd_points: tuple[int, int] | None = None
    par: tuple[ParSuit, ...] | None = None
    best_calls: tuple[BestCall, ...] | None = None
    plays: tuple[PlayReview, ...] | None = None
    claimed: int | None = None
    claimed_tricks: int | None = None

    @property
    def makers_called_best(self) -> bool | None:
        """Whether the call made is the one par says serves the makers best (None without
        par): when a lone hand of theirs marches, that lone call; otherwise one of their
        best suits, without going alone; and never a call when no trump gives them three
        tricks (passing was best). Hindsight, for judging the bidding."""
        if self.best_calls is None or self.maker is None or self.trump is None:
            return None
        best = self.best_calls[self.maker & 1]
        if best.alone:
            return bool(self.alone) and (self.maker, self.trump) in best.alone
        return best.tricks >= 3 and self.trump in best.suits and not self.alone

    @property
    def values(self) -> tuple[int, ...] | None:
        """The makers' tricks with best play before the first card and after each card
        recorded (None when not analysed)."""
        if self.dd_tricks is None or self.plays is None:
            return None
        return (self.dd_tricks, *(p.dd_after for p in self.plays))

    @property
    def makers_could_make(self) -> bool | None:
        """True when, at some moment of the play, best play from there on gave the makers
        3 tricks or more (None when not analysed)."""
        values = self.values
        return None if values is None else max(values) >= 3

    @property
    def defenders_could_euchre(self) -> bool | None:
        """True when, at some moment of the play, best play from there on held the makers
        to 2 tricks or fewer (None when not analysed)."""
        values = self.values
        return None if values is None else min(values) <= 2


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One seat's cards over a game's analysed hands: the cards played, the ``choices``
    (plays with two or more legal cards), the tricks those cards gave away, and the
    ``accuracy``: the percentage of choices that gave nothing away, to one decimal (None
    without choices)."""

    seat: Seat
    plays: int
    choices: int
    cost_tricks: int
    accuracy: float | None


def rank_order(cards: Iterable[int]) -> tuple[int, ...]:
    """Cards by rank from high to low (the Benny, then A K Q J T 9 8 7), then by suit
    (C D H S): the order ``best`` is listed in."""
    return tuple(sorted(cards, key=lambda c: (-8, -1) if c == BENNY else (-(c & 7), c >> 3)))


# ---------------------------------------------------------------------------
# Why a hand cannot be analysed.


def _not_analysed(hand: HandState) -> str | None:
    """Why the hand has no review, in words, or None when it can have one."""
    if hand.outcome == THROWN_IN:
        return "thrown in: the hand was not played out"
    if hand.outcome == PASSED_OUT:
        return "passed out: nobody named trump"
    if hand.trump == NO_SUIT:  # the bidding is still going on
        return "not finished: trump is not made yet"
    reneges = [f.trick for f in hand.flags if f.kind == RENEGE and f.trick is not None]
    if reneges:
        return _renege_reason(min(reneges))
    if hand.outcome == RENEGE_PENALTY:
        return "a renege call was upheld: the hand was scored by its penalty, not its tricks"
    if hand.unrecorded and hand.claimed == NOBODY:
        first = HAND_SIZE - hand.unrecorded + 1
        if first == 1:
            span = "the whole hand was recorded without its cards"
        elif first == HAND_SIZE:
            span = "trick 5 was recorded without its cards"
        else:
            span = f"tricks {first} to 5 were recorded without their cards"
        return f"{span}: the play cannot be graded"
    if hand.claimed != NOBODY and not hand.claim_known:
        return (
            f"{SEAT_LETTERS[hand.claimed]} claimed the rest of the tricks while some cards "
            "still held were not known: best play cannot be worked out"
        )
    if hand.outcome not in (MADE, MARCH, EUCHRED):
        if not hand.leaders:
            return "not finished: no card was played"
        return f"not finished: the record stops on trick {min(hand.trick + 1, HAND_SIZE)}"
    return None


def _renege_reason(trick: int) -> str:
    return (
        f"a renege on trick {trick}: the position after an illegal card is not one "
        "legal play reaches"
    )


# ---------------------------------------------------------------------------
# The hand as played.


def review_hand(hand: HandState, solver: Solver | None = None) -> HandReview:
    """The open-hand review of one hand (see ``HandReview``). ``solver`` may be shared
    between hands; a new one is made otherwise."""
    reason = _not_analysed(hand)
    if reason is not None:
        return HandReview(hand.number, False, reason)
    try:
        pos = start_position(hand)
    except ValueError:
        return HandReview(
            hand.number, False, "not every card is known: the cards still held are not recorded"
        )
    solver = solver or Solver()
    rules = hand.rules
    makers = hand.maker & 1
    defended = hand.defender != NOBODY

    def points(tricks: int) -> tuple[int, int]:
        return trick_points(
            rules, makers, tricks, alone=hand.alone, defended_alone=defended, blind=hand.blind
        )[0]

    dd_tricks = value = solver.solve(pos, makers)
    plays: list[PlayReview] = []
    for action in hand.actions:
        if not isinstance(action, Play):
            continue
        seat, card = action.seat, action.card
        legal = legal_cards(pos)
        if card not in legal:
            return HandReview(hand.number, False, _renege_reason(pos.trick_number))
        best = _keeping(solver, pos, makers, value)
        after = pos.play(card)
        dd_after = value if card in best else solver.solve(after, makers)
        cost = value - dd_after if seat & 1 == makers else dd_after - value
        mark = ""
        if cost:
            mark = COSTLY_POINTS if points(value) != points(dd_after) else COSTLY
        plays.append(
            PlayReview(
                trick=pos.trick_number,
                seat=seat,
                card=card,
                dd_before=value,
                dd_after=dd_after,
                cost=cost,
                best=rank_order(best),
                legal=len(legal),
                mark=mark,
            )
        )
        pos, value = after, dd_after
    deal_par = hand_par(hand, solver)  # after the plays: it moves the solver to other trumps
    return HandReview(
        number=hand.number,
        analysed=True,
        trump=hand.trump,
        maker=hand.maker,
        alone=hand.alone,
        defender_alone=hand.defender if defended else None,
        tricks=hand.tricks[makers],
        dd_tricks=dd_tricks,
        dd_points=points(dd_tricks),
        par=deal_par,
        best_calls=best_calls(deal_par, hand, solver) if deal_par is not None else None,
        plays=tuple(plays),
        claimed=hand.claimed if hand.claimed != NOBODY else None,
        claimed_tricks=hand.unrecorded if hand.claimed != NOBODY else None,
    )


def _keeping(solver: Solver, pos: Position, makers: int, value: int) -> list[int]:
    """The legal cards after which the makers' value stays ``value``: one test per run
    of equivalent cards. A maker's card can only lower it, a defender's only raise it."""
    out: list[int] = []
    maker_to_play = pos.turn & 1 == makers
    for run in equivalent_cards(pos):
        child = pos.play(run[0])
        if maker_to_play:
            keeps = solver.at_least(child, makers, value)
        else:
            keeps = not solver.at_least(child, makers, value + 1)
        if keeps:
            out.extend(run)
    return out


def review_hands(hands: Iterable[HandState]) -> tuple[HandReview, ...]:
    """The reviews of a game's hands, in order."""
    return tuple(review_hand(h) for h in hands)


def player_totals(reviews: Iterable[HandReview]) -> tuple[PlayerReview, ...]:
    """Each seat's totals (N E S W) over the analysed hands among ``reviews``."""
    plays, choices, good, cost = [0] * 4, [0] * 4, [0] * 4, [0] * 4
    for r in reviews:
        for p in r.plays or ():
            plays[p.seat] += 1
            cost[p.seat] += p.cost
            if p.choice:
                choices[p.seat] += 1
                good[p.seat] += p.cost == 0
    return tuple(
        PlayerReview(
            seat=s,
            plays=plays[s],
            choices=choices[s],
            cost_tricks=cost[s],
            accuracy=round(100 * good[s] / choices[s], 1) if choices[s] else None,
        )
        for s in SEATS
    )


# ---------------------------------------------------------------------------
# Par.


def dealt_hands(hand: HandState) -> tuple[int, int, int, int] | None:
    """Each seat's five cards as dealt (bit masks, N E S W), when the record shows them:
    recorded in ``deal``, or worked out from a seat's five plays (the dealer who picked
    up the upcard needs a known discard). None when any seat's are not known, or a
    farmer's hand or partner's-best exchange changed an unrecorded hand."""
    exchanged = 0
    for a in hand.actions:
        if isinstance(a, FarmersHand):
            exchanged |= 1 << a.seat
        elif isinstance(a, PartnersBest):
            exchanged |= 1 << a.seat | 1 << ((a.seat + 2) & 3)
    # The dealer discards after every pick-up (an order, club euchre, a blind double
    # loner), so a discard action says the upcard was taken.
    discards: list[int | None] = [a.card for a in hand.actions if isinstance(a, Discard)]
    masks = [0, 0, 0, 0]
    for seat in SEATS:
        if seat in hand.deal:
            for c in hand.deal[seat]:
                masks[seat] |= 1 << c
            continue
        if (exchanged >> seat) & 1:
            return None
        played = 0
        for t in range(HAND_SIZE):
            c = hand.cards_at[t * 4 + seat]
            if c >= 0:
                played |= 1 << c
        if played.bit_count() != HAND_SIZE:
            return None
        if seat == hand.dealer and discards:
            discard = discards[0]
            if discard is None and not (played >> hand.upcard) & 1:
                discard = hand.upcard  # never played, so it was the card put down
            if discard is None:
                return None
            played = (played | 1 << discard) & ~(1 << hand.upcard)
        masks[seat] = played
    return (masks[0], masks[1], masks[2], masks[3])


def par_of_deal(
    dealt: Sequence[int], dealer: Seat, upcard: int, solver: Solver | None = None
) -> tuple[ParSuit, ...]:
    """The par of a deal under each trump suit, C D H S (see ``ParSuit``): ``dealt`` are
    the four hands as dealt (bit masks, N E S W), before the dealer picks up."""
    leader = left_of(dealer)
    up_suit = suit_of(upcard)
    side = dealer & 1
    solver = solver or Solver()
    out = []
    for suit in SUITS:
        hands = (dealt[0], dealt[1], dealt[2], dealt[3])
        if suit != up_suit:
            ns = solver.solve(Position(suit, hands, leader), 0)
            out.append(ParSuit(suit, (ns, 5 - ns)))
            continue
        # The dealer picks up and keeps the five cards best for the dealer's side. Only
        # the best discards need a value: after the first, one test tells a worse one.
        six = dealt[dealer] | 1 << upcard
        top, best = -1, []
        for c in sorted(cards_of(six), key=POWER[suit].__getitem__):  # likely best first
            h = list(hands)
            h[dealer] = six & ~(1 << c)
            pos = Position(suit, (h[0], h[1], h[2], h[3]), leader)
            if top < 0:
                top, best = solver.solve(pos, side), [c]
            elif solver.at_least(pos, side, top):
                if solver.at_least(pos, side, top + 1):
                    top, best = solver.solve(pos, side), []
                best.append(c)
        tricks = (top, 5 - top) if side == 0 else (5 - top, top)
        out.append(ParSuit(suit, tricks, tuple(sorted(best))))
    return tuple(out)


def hand_par(hand: HandState, solver: Solver | None = None) -> tuple[ParSuit, ...] | None:
    """The par of a hand's deal (see ``par_of_deal``), or None when it has none: a deck
    other than 24 cards, or any seat's dealt cards unknown."""
    if hand.rules.deck != 24:
        return None
    dealt = dealt_hands(hand)
    if dealt is None:
        return None
    return par_of_deal(dealt, hand.dealer, hand.upcard, solver)


def best_calls(
    par: Sequence[ParSuit], hand: HandState, solver: Solver | None = None
) -> tuple[BestCall, ...]:
    """For each team (NS, EW), the call par says serves it best (see ``BestCall``):
    its best trump suits, and its lone hands that march."""
    dealt = dealt_hands(hand)
    marches = (
        lone_marches(dealt, hand.dealer, hand.upcard, hand.rules, solver)
        if dealt is not None
        else ()
    )
    out = []
    for team in (0, 1):
        top = max(p.tricks[team] for p in par)
        suits = tuple(p.suit for p in par if p.tricks[team] == top)
        points, _ = trick_points(hand.rules, team, top)
        alone = tuple(m for m in marches if m[0] & 1 == team)
        lone_points = trick_points(hand.rules, team, HAND_SIZE, alone=True)[0] if alone else None
        out.append(BestCall(Team(team), suits, top, points, alone, lone_points))
    return tuple(out)


def lone_marches(
    dealt: Sequence[int], dealer: Seat, upcard: int, rules: Rules, solver: Solver | None = None
) -> tuple[tuple[int, int], ...]:
    """Every lone hand (seat, trump suit) that takes all five tricks with best play by
    both sides from the hands as dealt (bit masks, N E S W): the partner sits out, the
    opening lead is the rules' ``loner_lead`` (the next seat that plays), and for the
    upcard's suit the dealer picks it up and discards the card best for the dealer's
    side (when the dealer is the one sitting out, the upcard plays no part). In the order
    of the suits (C D H S), then the seats (N E S W)."""
    solver = solver or Solver()
    up_suit = suit_of(upcard)
    out = []
    for suit in SUITS:
        for seat in SEATS:
            partner = partner_of(seat)
            sitting = 1 << partner
            leader = left_of(seat) if rules.loner_lead == "left_of_loner" else left_of(dealer)
            while (sitting >> leader) & 1:
                leader = left_of(leader)
            team = seat & 1
            hands = [dealt[0], dealt[1], dealt[2], dealt[3]]
            hands[partner] = 0
            if suit != up_suit or dealer == partner:
                pos = Position(suit, (hands[0], hands[1], hands[2], hands[3]), leader, (), sitting)
                march = solver.at_least(pos, team, HAND_SIZE)
            else:
                # The dealer picks the discard: the loner's best when the dealer is the
                # loner, the defenders' best otherwise.
                six = dealt[dealer] | 1 << upcard
                mine = dealer == seat
                march = not mine
                for c in cards_of(six):
                    hands[dealer] = six & ~(1 << c)
                    pos = Position(
                        suit, (hands[0], hands[1], hands[2], hands[3]), leader, (), sitting
                    )
                    if solver.at_least(pos, team, HAND_SIZE) is mine:
                        march = mine
                        break
            if march:
                out.append((seat, suit))
    return tuple(out)


__all__ = [
    "COSTLY",
    "COSTLY_POINTS",
    "BestCall",
    "HandReview",
    "ParSuit",
    "PlayReview",
    "PlayerReview",
    "best_calls",
    "dealt_hands",
    "hand_par",
    "lone_marches",
    "par_of_deal",
    "player_totals",
    "rank_order",
    "review_hand",
    "review_hands",
]
