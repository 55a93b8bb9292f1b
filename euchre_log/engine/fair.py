"""The fair review: every card and every bid judged by what its player could see.

The open-hand review (``engine.review``) grades a card with every hand face up. The fair
review (REVIEW.md, "What each player could see") grades it over the **worlds** of the
player's view (``engine.views``, ``engine.worlds``): every way the cards the player could
not see may lie. In each world each legal card is played and the rest of the hand solved
open-handed (``solver.Solver.levels``); ``points(c, w)`` is what the makers' tricks then
score under the game's rules (lone hands, defending alone, super euchre...), as the
mover's team's points minus the other team's. A card's expected value ``ev`` is the mean
over the worlds, exact when there are at most ``EXACT_LIMIT`` worlds (or no more than the
sample asked for) and otherwise over a sample drawn uniformly without replacement by a
generator seeded from the hand's seed and the choice's place, so a run repeats exactly.

Only the points matter, so each world is searched with null-window tests at the trick
counts where the points change (3 and 5 tricks, and 1 under super euchre) rather than
for the exact number of tricks.

Values are kept exact (``fractions.Fraction``) and rounded only for show (``rounded``):
``best`` is every card within half a hundredth of the highest ``ev``, ``loss`` the
highest ``ev`` less the played card's, ``se`` the standard error of the per-world
difference between the best card's points and the played card's (0 when exact), and the
label comes from the unrounded loss, a sampled one only when ``loss - 2 * se`` clears
its threshold, so noise never earns a label.

Bids (``review_bids``): for every bid of a hand whose four dealt hands are known, the
expected points of each call the rules let the bidder make then, over worlds of its view
before the bidding, everyone else passing, nobody defending alone, the normal opening
lead, and a dealer who picks up discarding the card best for the dealer's side in each
world. A pass is not valued.

Two honest limits, for the views to say: each world is played out open-handed from the
next card on, so a value still assumes hindsight after the choice (and so sampled bids
favour calling); and values are the hand's points, not the game's.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from .actions import Action, Call, FarmersHand, Order, PartnersBest, Pass, Play, field_repr
from .cards import POWER, SEATS, SUIT_LETTERS, SUITS, Seat, Suit, left_of, partner_of
from .hand import ROUND_ONE, ROUND_TWO, HandState
from .positions import start_position
from .review import _not_analysed, _renege_reason, dealt_hands, rank_order
from .rules import Rules
from .scoring import trick_points
from .solver import Position, Solver, card_runs, legal_cards
from .views import BidView, SeatView, bid_view, seat_views
from .worlds import Hands, WorldSpace

FAIR_VERSION: Final = 1
"""The version of the fair review's values: raise it when this module or the solver
judge differently, and every fair review kept in a database is computed again."""
EXACT_LIMIT: Final = 2000
"""At most this many worlds (or no more than the sample asked for), every one is solved."""
SAMPLES: Final = 200
"""The sample size when there are more worlds (``--samples``; at least 2)."""

INACCURACY: Final = "inaccuracy"
MISTAKE: Final = "mistake"
BLUNDER: Final = "blunder"
LABELS: Final = ((BLUNDER, Fraction(1)), (MISTAKE, Fraction(1, 2)), (INACCURACY, Fraction(1, 5)))
"""Each label and the loss, in points, from which a card earns it (worst first)."""
BEST_MARGIN: Final = Fraction(1, 200)
"""A card whose ``ev`` is at most this far below the highest is a best card."""

HINDSIGHT: Final = (
    "Each way the cards could lie is played out open-handed from the next card on, so the "
    "values still assume hindsight after the choice; and they are the hand's points, not "
    "the game's."
)
BIDS_PASS: Final = "A pass is not valued: what it is worth depends on the others' calls."
BIDS_FAVOUR: Final = (
    "Each sampled deal is played open-handed, which is known to favour calling: a call "
    "looks better here than it would at the table."
)
"""The limits of the values, in words, for what a person sees."""


def rounded(x: Fraction | float) -> float:
    """``x`` to 2 decimals, half away from zero (an exact value from its fraction:
    57/200 is 0.29)."""
    q = Fraction(x)
    hundredths = math.floor(abs(q) * 100 + Fraction(1, 2))
    return math.copysign(hundredths / 100, q) if hundredths else 0.0


# ---------------------------------------------------------------------------
# The values.


@dataclass(frozen=True, slots=True)
class Scoring:
    """What a hand's tricks score: the game's rules, the makers' team (0 NS, 1 EW), and
    whether they went alone, were defended alone, or called a blind double loner."""

    rules: Rules
    makers: int
    alone: bool = False
    defended: bool = False
    blind: bool = False

    @classmethod
    def of(cls, hand: HandState) -> Scoring:
        """How a hand with trump made scores."""
        return cls(hand.rules, hand.maker & 1, hand.alone, hand.defender >= 0, hand.blind)

    def table(self, team: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The makers' trick counts (in the whole hand) at which the points change,
        ascending, and ``team``'s points less the other team's below the first of them
        and from each one on: what a level of ``Solver.levels`` is worth to ``team``."""
        by_tricks = []
        for t in range(6):
            pts = trick_points(
                self.rules,
                self.makers,
                t,
                alone=self.alone,
                defended_alone=self.defended,
                blind=self.blind,
            )[0]
            by_tricks.append(pts[team] - pts[1 - team])
        thresholds = tuple(t for t in range(1, 6) if by_tricks[t] != by_tricks[t - 1])
        return thresholds, (by_tricks[0], *(by_tricks[t] for t in thresholds))


@dataclass(frozen=True, slots=True)
class CardValue:
    """One legal card's expected points (the mover's team's less the other's) over the
    worlds solved, and the square of its standard error (0 when exact)."""

    card: int
    ev: Fraction
    se2: Fraction

    @property
    def se(self) -> float:
        """The standard error of ``ev``."""
        return math.sqrt(self.se2)


@dataclass(frozen=True, slots=True)
class PlayInfo:
    """The fair review of one card played (REVIEW.md's ``info``), values unrounded.

    ``worlds`` is how many worlds the seat's view has, ``exact`` whether every one was
    solved and ``solved`` how many were. ``values`` gives every legal card its expected
    points, by rank (``review.rank_order``); ``best`` the cards within ``BEST_MARGIN``
    of the highest, by rank; ``loss`` the highest ``ev`` less the played card's; ``se2``
    the square of ``se``, the standard error of the per-world difference between the
    best card's points and the played card's (0 when exact); ``label`` None,
    ``INACCURACY``, ``MISTAKE`` or ``BLUNDER``. ``discard_hidden`` is true for a dealer
    whose discard the record does not show (its view counts it unseen).
    """

    trick: int
    seat: Seat
    card: int
    worlds: int
    exact: bool
    solved: int
    values: tuple[CardValue, ...]
    best: tuple[int, ...]
    loss: Fraction
    se2: Fraction
    label: str | None
    discard_hidden: bool = False

    @property
    def ev(self) -> dict[int, Fraction]:
        """Every legal card's expected points, by rank."""
        return {v.card: v.ev for v in self.values}

    @property
    def se(self) -> float:
        """The standard error of ``loss`` (0 when exact)."""
        return math.sqrt(self.se2)

    @property
    def legal(self) -> int:
        """How many cards the seat could legally play."""
        return len(self.values)

    @property
    def choice(self) -> bool:
        """True when the seat had two or more legal cards."""
        return len(self.values) >= 2


@dataclass(frozen=True, slots=True)
class BidOption:
    """One call a bidder could make, valued: ``call`` as REVIEW.md names it (``order``,
    ``order_alone``, ``H``, ``H_alone``...), its expected points for the bidder's team
    less the other team's, and the square of its standard error (0 when exact)."""

    call: str
    ev: Fraction
    se2: Fraction

    @property
    def se(self) -> float:
        """The standard error of ``ev``."""
        return math.sqrt(self.se2)


@dataclass(frozen=True, slots=True)
class BidInfo:
    """One bid made (``action``: ``pass``, ``order`` or ``call``; ``call`` the option it
    took, None for a pass) and every call the rules let ``seat`` make then, valued over
    the worlds of its view before the bidding: ``worlds`` of them, ``solved`` (all of
    them when ``exact``)."""

    seat: Seat
    action: str
    call: str | None
    options: tuple[BidOption, ...]
    worlds: int
    exact: bool
    solved: int


@dataclass(frozen=True, slots=True)
class FairReview:
    """A hand's fair review: ``plays`` (one ``PlayInfo`` per card recorded) or, when its
    plays cannot have one, None and ``reason`` in words; ``bids`` (one ``BidInfo`` per
    bid) or None and ``bids_reason``."""

    number: int
    plays: tuple[PlayInfo, ...] | None
    reason: str | None
    bids: tuple[BidInfo, ...] | None
    bids_reason: str | None


class NotReviewed(ValueError):
    """A hand, or its bids, that the fair review does not cover; the message says why."""


def _mean_and_se2(points: Sequence[int], exact: bool) -> tuple[Fraction, Fraction]:
    """The mean of ``points`` and the square of its standard error: the sample variance
    over the sample's size; 0 when every world was solved."""
    n = len(points)
    total = sum(points)
    mean = Fraction(total, n)
    if exact or n < 2:
        return mean, Fraction(0)
    variance = (sum(p * p for p in points) - total * mean) / (n - 1)
    return mean, variance / n


def label_of(loss: Fraction, se2: Fraction = Fraction(0)) -> str | None:
    """The label a loss earns: the worst whose threshold ``loss - 2 * se`` reaches
    (compared exactly: ``se2`` is the square of ``se``)."""
    for name, threshold in LABELS:
        margin = loss - threshold
        if margin >= 0 and margin * margin >= 4 * se2:
            return name
    return None


def _worlds_of(
    space: WorldSpace, samples: int, rng: random.Random, exact_limit: int
) -> tuple[list[Hands], bool]:
    """The worlds to solve, and whether they are all of them. A sample needs two worlds
    or more: one alone has no spread to measure its error by."""
    if samples < 2:
        raise ValueError("a sample needs at least two worlds")
    if space.count <= max(exact_limit, samples):
        return list(space.every()), True
    return space.sample(samples, rng), False


def fair_reason(hand: HandState) -> str | None:
    """Why a hand's plays have no fair review, in words, or None when they can: the
    hands the open-hand review does not analyse, decks other than 24 cards, and hands
    with an exchange (farmer's hand, partner's best)."""
    reason = _not_analysed(hand)
    if reason is not None:
        return reason
    return _deck_or_exchange(hand)


def _deck_or_exchange(hand: HandState) -> str | None:
    if hand.rules.deck != 24:
        return (
            f"the fair review covers the 24-card deck, and this game plays with "
            f"{hand.rules.deck} cards"
        )
    if any(isinstance(a, (FarmersHand, PartnersBest)) for a in hand.actions):
        return (
            "cards changed hands before play (a farmer's hand or partner's best): what each "
            "player could see is not worked out"
        )
    return None


def judge_choice(
    view: SeatView,
    card: int,
    scoring: Scoring,
    rng: random.Random,
    samples: int = SAMPLES,
    solver: Solver | None = None,
    exact_limit: int = EXACT_LIMIT,
) -> PlayInfo:
    """The fair review of ``card`` played from ``view`` in a hand that scores as
    ``scoring`` says. Every world is solved when there are at most ``exact_limit`` (or
    ``samples``); otherwise ``rng`` draws ``samples`` of them."""
    space = view.space()
    worlds, exact = _worlds_of(space, samples, rng, exact_limit)
    if not worlds:
        raise ValueError("the view leaves no way for the unseen cards to lie")
    thresholds, values = scoring.table(view.seat & 1)
    template = view.position(worlds[0])
    cards = legal_cards(template)
    if card not in cards:
        raise ValueError("the card played is not a legal card")
    solver = solver or Solver()
    rows = list(solver.levels(template, scoring.makers, thresholds, worlds))
    points = [[values[row[i]] for row in rows] for i in range(len(cards))]
    stats = [_mean_and_se2(p, exact) for p in points]
    order = rank_order(cards)
    index = {c: i for i, c in enumerate(cards)}
    top = max(ev for ev, _ in stats)
    best = tuple(c for c in order if stats[index[c]][0] >= top - BEST_MARGIN)
    leader = next(c for c in order if stats[index[c]][0] == top)
    played, chosen = index[card], index[leader]
    loss = top - stats[played][0]
    se2 = Fraction(0)
    if played != chosen:
        diffs = [b - p for b, p in zip(points[chosen], points[played], strict=True)]
        se2 = _mean_and_se2(diffs, exact)[1]
    return PlayInfo(
        trick=template.trick_number,
        seat=view.seat,
        card=card,
        worlds=space.count,
        exact=exact,
        solved=len(rows),
        values=tuple(CardValue(c, *stats[index[c]]) for c in order),
        best=best,
        loss=loss,
        se2=se2,
        label=label_of(loss, se2),
        discard_hidden=view.discard_hidden,
    )


def _rng(seed: str, kind: str, index: int) -> random.Random:
    """The generator of one choice's sample: the hand's seed, the kind of choice and its
    place in the hand (a string seed is hashed alike on every machine)."""
    return random.Random(f"{seed}:{kind}:{index}")


def hand_seed(hand: HandState) -> str:
    """The seed of a hand's samples: a hash of its record (rules, number, dealer,
    upcard, deal, kitty and every action), which is what its journal holds of it. A
    hand read from a file and the same hand stored give the same sample, and a run
    repeats exactly; a change to the record changes the sample, as it changes the
    journal's head."""
    # The cards as the plain numbers the seeds were first made from (a ``Card``'s repr is
    # ``9D``), so that no sample moves.
    deal = sorted((seat, tuple(map(int, cards))) for seat, cards in hand.deal.items())
    kitty = tuple(map(int, hand.kitty))
    record = repr((hand.rules, hand.number, hand.dealer, int(hand.upcard), deal, kitty))
    record += "[" + ", ".join(map(field_repr, hand.actions)) + "]"
    return hashlib.sha256(record.encode("utf-8")).hexdigest()


def review_plays(
    hand: HandState,
    seed: str,
    samples: int = SAMPLES,
    solver: Solver | None = None,
    exact_limit: int = EXACT_LIMIT,
) -> tuple[PlayInfo, ...]:
    """The fair review of every card recorded in the hand, in order. ``seed`` names the
    hand's record (its journal head): with the card's place in the hand it seeds the
    sample. Raises ``NotReviewed`` with the reason when ``fair_reason`` gives one, a
    playing seat's cards are not all known, or a card played was not legal."""
    reason = fair_reason(hand)
    if reason is not None:
        raise NotReviewed(reason)
    try:
        pos = start_position(hand)
        views = seat_views(hand)
    except ValueError:
        raise NotReviewed(
            "not every card is known: the cards still held are not recorded"
        ) from None
    scoring = Scoring.of(hand)
    solver = solver or Solver()
    plays = [a.card for a in hand.actions if isinstance(a, Play)]
    out = []
    for i, (view, card) in enumerate(zip(views, plays, strict=True)):
        if card not in legal_cards(pos):
            raise NotReviewed(_renege_reason(pos.trick_number))
        rng = _rng(seed, "play", i)
        out.append(judge_choice(view, card, scoring, rng, samples, solver, exact_limit))
        pos = pos.play(card)
    return tuple(out)


ACCURATE: Final = Fraction(1, 20)
"""A choice whose loss is at most this found a best card, for ``info_accuracy``."""


@dataclass(frozen=True, slots=True)
class FairPlayer:
    """One seat's fair review over a game's hands (REVIEW.md's ``players``): its
    ``choices`` (cards with info and two or more legal cards), the sum of their ``loss``,
    and ``accuracy``, the percentage of them whose loss is at most ``ACCURATE``, to one
    decimal (None without choices)."""

    seat: Seat
    choices: int
    loss: Fraction
    accuracy: float | None


def fair_player_totals(hands: Iterable[Sequence[PlayInfo]]) -> tuple[FairPlayer, ...]:
    """Each seat's totals (N E S W) over the plays of a game's hands."""
    choices, good = [0] * 4, [0] * 4
    loss = [Fraction(0)] * 4
    for infos in hands:
        for info in infos:
            if info.choice:
                choices[info.seat] += 1
                loss[info.seat] += info.loss
                good[info.seat] += info.loss <= ACCURATE
    return tuple(
        FairPlayer(
            s, choices[s], loss[s], round(100 * good[s] / choices[s], 1) if choices[s] else None
        )
        for s in SEATS
    )


# ---------------------------------------------------------------------------
# Bids.


def _calls(state: HandState, seat: Seat) -> list[tuple[str, Order | Call]]:
    """Every call the rules let ``seat`` make now (``HandState.can``: possible, and no
    flag), with REVIEW.md's names: round one's ``order`` and ``order_alone``, round
    two's suits (``H``) and lone calls (``H_alone``)."""
    candidates: list[tuple[str, Order | Call]] = []
    if state.phase == ROUND_ONE:
        candidates = [("order", Order(seat, False)), ("order_alone", Order(seat, True))]
    elif state.phase == ROUND_TWO:
        for suit in SUITS:
            letter = SUIT_LETTERS[suit]
            candidates.append((letter, Call(seat, suit, False)))
            candidates.append((f"{letter}_alone", Call(seat, suit, True)))
    return [(name, a) for name, a in candidates if state.can(a)]


def call_name(action: Action) -> str | None:
    """REVIEW.md's name of a call (``order``, ``order_alone``, ``H``, ``H_alone``), or
    None for anything else (a pass)."""
    if isinstance(action, Order):
        return "order_alone" if action.alone else "order"
    if isinstance(action, Call):
        return SUIT_LETTERS[action.suit] + ("_alone" if action.alone else "")
    return None


def opening_leader(rules: Rules, dealer: Seat, maker: Seat, sitting: int) -> Seat:
    """The normal opening lead: left of the dealer, or left of a lone maker when the
    rules' ``loner_lead`` says so, skipping a seat that sits out."""
    lone = (sitting >> partner_of(maker)) & 1
    seat = left_of(maker) if lone and rules.loner_lead == "left_of_loner" else left_of(dealer)
    while (sitting >> seat) & 1:
        seat = left_of(seat)
    return seat


def _deal_level(
    solver: Solver,
    positions: Sequence[Position],
    team: int,
    thresholds: Sequence[int],
    any_of: bool,
    guess: int,
) -> int:
    """How many of ``thresholds`` ``team`` reaches from the opening lead, when the dealer
    chooses among ``positions`` (one per discard) the one best for the dealer's side:
    the best for ``team`` when ``any_of`` (the dealer's side is ``team``), else the
    worst. Tried from the threshold ``guess`` suggests, discard by discard, each test
    stopping as soon as one discard answers it."""
    lo, hi, i = 0, len(thresholds), guess
    while lo < hi:
        i = min(max(i, lo), hi - 1)
        t = thresholds[i]
        if any_of:
            reached = any(solver.at_least(p, team, t) for p in positions)
        else:
            reached = all(solver.at_least(p, team, t) for p in positions)
        if reached:
            lo = i = i + 1
        else:
            hi, i = i, i - 1
    return lo


def _call_points(
    rules: Rules,
    view: BidView,
    solver: Solver,
    world: Hands,
    call: Order | Call,
    trump: Suit,
    guess: int,
) -> tuple[int, int]:
    """The bidder's team's points less the other's when the bidder of ``view`` makes
    ``call`` (with ``trump``) in this deal, everyone else passing and nobody defending
    alone; and the level reached (the next world's guess)."""
    seat, dealer, team = view.seat, view.dealer, view.seat & 1
    sitting = 1 << partner_of(seat) if call.alone else 0
    hands = list(world)
    if call.alone:
        hands[partner_of(seat)] = 0
    leader = opening_leader(rules, dealer, seat, sitting)
    thresholds, values = Scoring(rules, team, call.alone).table(team)
    positions = []
    if isinstance(call, Order) and not (sitting >> dealer) & 1:
        # The dealer takes the upcard and puts down the card best for the dealer's
        # side: one card of each run of cards that are the same for the play, the
        # lowest first (the likeliest to be best).
        six = hands[dealer] | 1 << view.upcard
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[dealer]
        power = POWER[trump]
        runs = card_runs(six, others, trump)
        for c in sorted((run[-1] for run in runs), key=lambda c: (power[c], c)):
            h = hands[:]
            h[dealer] = six & ~(1 << c)
            positions.append(Position(trump, (h[0], h[1], h[2], h[3]), leader, (), sitting))
    else:
        positions.append(
            Position(trump, (hands[0], hands[1], hands[2], hands[3]), leader, (), sitting)
        )
    level = _deal_level(solver, positions, team, thresholds, (dealer & 1) == team, guess)
    return values[level], level


def judge_bid(
    rules: Rules,
    view: BidView,
    calls: Sequence[tuple[str, Order | Call]],
    offered: Suit,
    rng: random.Random,
    samples: int = SAMPLES,
    solver: Solver | None = None,
    exact_limit: int = EXACT_LIMIT,
) -> tuple[tuple[BidOption, ...], int, bool, int]:
    """Each of ``calls`` (named as REVIEW.md does) valued over the worlds of ``view``
    (see ``review_bids``); ``offered`` is the suit an order makes trump. Returns the
    options, how many worlds the view has, whether all were solved, and how many were."""
    space = view.space()
    worlds, exact = _worlds_of(space, samples, rng, exact_limit)
    solver = solver or Solver()
    options = []
    for name, call in calls:
        trump = offered if isinstance(call, Order) else call.suit
        points = []
        guess = 1
        for world in worlds:
            pts, guess = _call_points(rules, view, solver, world, call, trump, guess)
            points.append(pts)
        options.append(BidOption(name, *_mean_and_se2(points, exact)))
    return tuple(options), space.count, exact, len(worlds)


def bids_reason(hand: HandState) -> str | None:
    """Why a hand's bids have no fair review, in words, or None when they can: a deck
    other than 24 cards, cards exchanged, or a seat's dealt cards not known."""
    reason = _deck_or_exchange(hand)
    if reason is not None:
        return reason
    if dealt_hands(hand) is None:
        return "not every player's five dealt cards are known"
    return None


def review_bids(
    hand: HandState, seed: str, samples: int = SAMPLES, solver: Solver | None = None
) -> tuple[BidInfo, ...]:
    """The fair review of every bid of the hand (pass, order, call), in order: each call
    the rules let the bidder make at that moment, valued over ``samples`` worlds of its
    view before the bidding (its five cards and the upcard), seeded by ``seed`` and the
    bid's place. Raises ``NotReviewed`` when ``bids_reason`` gives a reason."""
    reason = bids_reason(hand)
    if reason is not None:
        raise NotReviewed(reason)
    dealt = dealt_hands(hand)
    assert dealt is not None  # bids_reason says so
    state = HandState(
        hand.rules, hand.dealer, hand.upcard, deal=hand.deal, kitty=hand.kitty, number=hand.number
    )
    solver = solver or Solver()
    bids = [i for i, a in enumerate(hand.actions) if isinstance(a, (Pass, Order, Call))]
    out: list[BidInfo] = []
    for action in hand.actions[: bids[-1] + 1] if bids else ():
        if isinstance(action, (Pass, Order, Call)):
            seat = action.seat
            calls = _calls(state, seat)
            options, count, exact, solved = judge_bid(
                hand.rules,
                bid_view(hand, seat, dealt),
                calls,
                state.offered_suit(),
                _rng(seed, "bid", len(out)),
                samples,
                solver,
            )
            out.append(BidInfo(seat, action.TYPE, call_name(action), options, count, exact, solved))
        state.apply(action)
    return tuple(out)


def fair_review(
    hand: HandState, seed: str, samples: int = SAMPLES, solver: Solver | None = None
) -> FairReview:
    """A hand's whole fair review: its plays and its bids, or why not (``FairReview``)."""
    solver = solver or Solver()
    plays: tuple[PlayInfo, ...] | None = None
    bids: tuple[BidInfo, ...] | None = None
    reason = why_bids = None
    try:
        plays = review_plays(hand, seed, samples, solver)
    except NotReviewed as e:
        reason = str(e)
    try:
        bids = review_bids(hand, seed, samples, solver)
    except NotReviewed as e:
        why_bids = str(e)
    return FairReview(hand.number, plays, reason, bids, why_bids)


__all__ = [
    "ACCURATE",
    "BIDS_FAVOUR",
    "BIDS_PASS",
    "BLUNDER",
    "EXACT_LIMIT",
    "FAIR_VERSION",
    "HINDSIGHT",
    "INACCURACY",
    "LABELS",
    "MISTAKE",
    "SAMPLES",
    "BidInfo",
    "BidOption",
    "CardValue",
    "FairPlayer",
    "FairReview",
    "NotReviewed",
    "PlayInfo",
    "Scoring",
    "bids_reason",
    "call_name",
    "fair_player_totals",
    "fair_reason",
    "fair_review",
    "hand_seed",
    "judge_bid",
    "judge_choice",
    "label_of",
    "opening_leader",
    "review_bids",
    "review_plays",
    "rounded",
]
