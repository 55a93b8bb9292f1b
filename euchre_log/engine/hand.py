"""One hand of Euchre, played out action by action.

``HandState`` takes the dealer, the upcard and (optionally) the cards that were shown,
then accepts the hand's actions one at a time. An action that cannot have happened at a
real table (out of turn, a card seen twice, a seat that sits out) raises
``IllegalAction`` and leaves the state exactly as it was. An action that did happen but
breaks the rules (a renege, an illegal bid) is accepted and raises a ``Flag`` as soon as
the record proves it.

Everything here is integers and bit masks, and recording a play allocates nothing: a
season of hands is re-checked in seconds.

>>> from .actions import Order
>>> from .cards import EAST, NORTH, parse_card
>>> dealt = tuple(parse_card(c) for c in ("ah", "kc", "qc", "jc", "tc"))
>>> hand = HandState(Rules(), NORTH, parse_card("9h"), deal={EAST: dealt})
>>> hand.apply(Order(EAST))
()
>>> hand.expected()
'N (the dealer) must discard first'
>>> hand.can(Order(EAST))
<Legality.IMPOSSIBLE: 'impossible'>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum, IntEnum
from typing import Any, Final

from .actions import (
    ACTION_CLASSES,
    Action,
    BennySuit,
    BlindDoubleLoner,
    Call,
    Claim,
    DefendAlone,
    Discard,
    FarmersHand,
    Note,
    Order,
    PartnersBest,
    Pass,
    Penalty,
    Play,
    RenegeCall,
    ThrowIn,
    Tricks,
)
from .cards import (
    ACE,
    BENNY,
    CARD_TEXT,
    CLUBS,
    EFFECTIVE_SUIT,
    HAND_SIZE,
    JACK,
    KING,
    N_CARDS,
    NINE,
    NO_SUIT,
    NOBODY,
    POWER,
    QUEEN,
    SEAT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_SINGULAR,
    TEAM_NAMES,
    TEN,
    cards_of,
    deck_mask,
    left_of,
    legal_mask,
    partner_of,
    same_colour,
    suit_of,
)
from .flags import (
    BAD_CLAIM,
    FALSE,
    FALSE_RENEGE_CALL,
    ILLEGAL_BID,
    INVALID_EXCHANGE,
    INVALID_FARMERS_HAND,
    INVALID_THROW_IN,
    PENDING,
    RENEGE,
    UNRESOLVED_RENEGE_CALL,
    UPHELD,
    CallStatus,
    CallVerdict,
    Flag,
    IllegalAction,
    ProofKind,
)
from .limits import MAX_PENALTY
from .rules import Rules
from .scoring import EUCHRED as EUCHRED
from .scoring import INCOMPLETE, PASSED_OUT, RENEGE_PENALTY, THROWN_IN, Outcome, trick_points
from .scoring import MADE as MADE
from .scoring import MARCH as MARCH
from .solver import Position, check_claim


class Phase(IntEnum):
    """Where a hand stands: what the engine waits for next."""

    ROUND_ONE = 0
    ROUND_TWO = 1
    DISCARD = 2
    PLAY = 3
    OVER = 4
    NAMING = 5  # the Benny was turned up: the dealer names the suit on offer


class Legality(Enum):
    """What ``HandState.can`` answers of an action: the rules allow it, a real table can
    do it but it breaks a rule (``apply`` takes it with a flag), or it cannot happen."""

    LEGAL = "legal"
    FLAGGED = "flagged"
    IMPOSSIBLE = "impossible"

    def __bool__(self) -> bool:
        """True for ``LEGAL`` alone, so that ``if hand.can(action)`` asks "do the rules
        allow it?"."""
        return self is Legality.LEGAL


LEGAL: Final = Legality.LEGAL
FLAGGED: Final = Legality.FLAGGED
IMPOSSIBLE: Final = Legality.IMPOSSIBLE

ROUND_ONE: Final = Phase.ROUND_ONE
ROUND_TWO: Final = Phase.ROUND_TWO
DISCARD: Final = Phase.DISCARD
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
NAMING: Final = Phase.NAMING

# What a seat's hand may hold of a suit (``HandState._holding``).
_MUST, _CANNOT, _MAYBE = 1, 0, 2

# Where a card is known to be. Seats 0..3 mean "in that seat's hand, not yet played".
UNSEEN: Final = -1
PLAYED: Final = 4
KITTY: Final = 5
DISCARDED: Final = 6
UPCARD: Final = 7  # face up on the kitty while round one lasts
NOT_IN_DECK: Final = 8  # a card this game's deck does not have


THROW_IN_RULES: Final = {
    "nines-and-tens": "only 9s and 10s",
    "ace-no-face": "a single ace and otherwise only non-trump 9s and 10s",
    "king-nothing": "a single king and otherwise only non-trump 9s and 10s",
    "three-queens": "three queens and otherwise only non-trump 9s and 10s",
    "jack-nothing": "a single jack and otherwise only non-trump 9s and 10s",
    "no-ace-no-face": "only non-trump 9s and 10s",
}
"""Seed 004's throw-in hands, in words."""

_THROW_IN_HIGH: Final = {
    "ace-no-face": (ACE, 1),
    "king-nothing": (KING, 1),
    "three-queens": (QUEEN, 3),
    "jack-nothing": (JACK, 1),
    "no-ace-no-face": (-1, 0),
}


def throw_in_qualifies(name: str, cards: tuple[int, ...], trump: int) -> bool:
    """Does this hand fit seed 004's definition of the named throw-in?

    ``trump`` is the trump suit, or the suit on offer when trump is not made yet; "only
    non-trump" counts the left bower as trump.
    """
    if BENNY in cards:
        return False
    ranks = [c & 7 for c in cards]
    if name == "nines-and-tens":
        return all(r in (NINE, TEN) for r in ranks)
    high, count = _THROW_IN_HIGH[name]
    if sum(1 for r in ranks if r == high) != count:
        return False
    if not all(r in (NINE, TEN) or r == high for r in ranks):
        return False
    eff = EFFECTIVE_SUIT[trump] if trump != NO_SUIT else None
    return eff is None or all(eff[c] != trump for c in cards)


KITTY_SIZE: Final = {24: 4, 25: 5, 32: 12}
_DECK_MASKS: Final = {size: deck_mask(size) for size in (24, 25, 32)}
_OWNER_TEMPLATE: Final = {
    size: [UNSEEN if (mask >> c) & 1 else NOT_IN_DECK for c in range(N_CARDS)]
    for size, mask in _DECK_MASKS.items()
}


def seat_text(seat: int) -> str:
    return SEAT_LETTERS[seat]


_SLOTS: Final = (
    "_deck_mask",
    "_eff",
    "_power",
    "_suit_mask",
    "actions",
    "alone",
    "base_points",
    "best_power",
    "best_seat",
    "bids",
    "blind",
    "borrow",
    "calls",
    "cards_at",
    "claim_known",
    "claimed",
    "club_forced",
    "deal",
    "dealer",
    "defender",
    "discard",
    "exchanges",
    "flags",
    "hand_known",
    "held",
    "kitty",
    "leaders",
    "led",
    "maker",
    "named_suit",
    "next_seat",
    "number",
    "outcome",
    "owner",
    "penalties",
    "pending",
    "phase",
    "reneged",
    "rules",
    "scored_at",
    "settled_at",
    "shown_cards",
    "showout_card",
    "showout_trick",
    "sitting",
    "slack",
    "trick",
    "trick_pos",
    "trick_size",
    "tricks",
    "trump",
    "turn",
    "unrecorded",
    "unseen",
    "upcard",
    "upheld_call",
    "void",
    "winners",
)
"""Every attribute of a ``HandState`` (its ``__slots__``): ``clone`` and ``snapshot`` go
through them."""


class HandState:
    """The state of one hand, and the flags raised so far. See the module docstring."""

    __slots__ = _SLOTS

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        upcard: int,
        *,
        deal: dict[int, tuple[int, ...]] | None = None,
        kitty: tuple[int, ...] = (),
        number: int = 1,
    ) -> None:
        self.rules = rules
        self.number = number
        self.dealer = dealer
        self.upcard = upcard
        self.deal: dict[int, tuple[int, ...]] = dict(deal or {})
        self.kitty = tuple(kitty)
        self.actions: list[Action] = []
        self.flags: list[Flag] = []
        self._deck_mask = _DECK_MASKS[rules.deck]

        self.phase: Phase = ROUND_ONE
        self.turn = left_of(dealer)
        self.bids = 0  # actions taken in the current bidding round
        self.trump = NO_SUIT  # no trump yet
        self.maker = NOBODY
        self.alone = False
        self.defender = NOBODY
        self.sitting = 0  # bit mask of seats that sit out
        self.next_seat = [left_of(s) for s in range(4)]
        self.trick_size = 4

        self.owner = _OWNER_TEMPLATE[rules.deck][:]
        self.held = [0, 0, 0, 0]  # cards known to be in each hand, not yet played
        self.slack = [0, 0, 0, 0]  # how many of ``held`` may be gone (an unseen discard)
        self.hand_known = [False, False, False, False]
        self.void = [0, 0, 0, 0]  # bit per effective suit the seat showed out of
        self.showout_trick = [-1] * 16  # [seat * 4 + suit]: first trick shown out (0-based)
        self.showout_card = [-1] * 16
        self.reneged = [0, 0, 0, 0]  # bit per suit whose renege is already flagged
        self.cards_at = [-1] * 20  # [trick * 4 + seat]: the card played
        self.leaders: list[int] = []
        self.winners: list[int] = []
        self.trick = 0  # 0-based index of the trick being played
        self.trick_pos = 0
        self.led = NO_SUIT
        self.best_power = -1
        self.best_seat = NOBODY
        self.tricks = [0, 0]
        self.penalties = [0, 0]
        self.base_points = [0, 0]
        self.outcome: Outcome = INCOMPLETE
        self.discard: int | None = None
        self.upheld_call = False  # a renege call was upheld: its penalty is the hand's score
        self.calls: list[CallVerdict] = []
        self.pending = 0  # bit per seat accused by a call that is still pending
        self.settled_at = -1  # index of the action at which the upheld call's penalty applied
        self.scored_at = -1  # index of the action that completed the play (the last card)
        self.unrecorded = 0  # tricks recorded without their cards (``tricks``, ``claim``)
        self.shown_cards = [0, 0, 0, 0]  # cards shown with renege calls: certainly held
        self.claimed = NOBODY  # the seat that claimed the rest of the tricks
        self.claim_known = False  # every card still held was known, so the claim was checked
        self.blind = False
        self.named_suit = NO_SUIT  # the suit the dealer named for a turned-up Benny
        self.club_forced = False  # club euchre: a club is up and the dealer must take it
        self.exchanges = [0, 0, 0, 0]  # partner's-best swaps, per seat
        # After an unseen partner's-best swap, one of the partner's known cards may turn
        # up in this seat's hand: borrow[seat] is that partner (NOBODY when none).
        self.borrow = [NOBODY] * 4
        self._eff: tuple[int, ...] = ()
        self._power: tuple[int, ...] = ()
        self._suit_mask: tuple[int, ...] = ()
        self._setup_cards()
        self.unseen = self._unseen_mask()
        if upcard == BENNY:
            self.phase = NAMING
            self.turn = dealer
        elif rules.club_euchre and suit_of(upcard) == CLUBS:
            self.club_forced = True
            self.turn = dealer

    # ------------------------------------------------------------------ setup

    def _card_ok(self, c: int, prefix: str) -> None:
        """Refuse a card that is not in this game's deck; ``prefix`` starts the message."""
        if not (isinstance(c, int) and 0 <= c < N_CARDS and (self._deck_mask >> c) & 1):
            text = CARD_TEXT[c] if isinstance(c, int) and 0 <= c < N_CARDS else repr(c)
            raise IllegalAction(f"{prefix}{text} is not in the {self.rules.deck}-card deck")

    def _setup_cards(self) -> None:
        owner = self.owner
        self._card_ok(self.upcard, "the upcard: ")
        owner[self.upcard] = UPCARD
        for seat in sorted(self.deal):
            cards = self.deal[seat]
            who = seat_text(seat)
            if len(cards) != HAND_SIZE:
                raise IllegalAction(
                    f"the deal gives {who} {len(cards)} cards, but a hand has {HAND_SIZE}"
                )
            for c in cards:
                if not (0 <= c < N_CARDS and owner[c] == UNSEEN):
                    self._card_ok(c, f"the deal to {who}: ")  # outside the deck?
                    raise IllegalAction(
                        f"{CARD_TEXT[c]} is dealt to {who}, but it is {self._where(c)}"
                    )
                owner[c] = seat
                self.held[seat] |= 1 << c
            self.hand_known[seat] = True
        limit = KITTY_SIZE[self.rules.deck] - 1
        if len(self.kitty) > limit:
            raise IllegalAction(
                f"the kitty lists {len(self.kitty)} cards besides the upcard, but it has only {limit}"
            )
        for c in self.kitty:
            if not (0 <= c < N_CARDS and owner[c] == UNSEEN):
                self._card_ok(c, "the kitty: ")
                raise IllegalAction(f"{CARD_TEXT[c]} is in the kitty, but it is {self._where(c)}")
            owner[c] = KITTY

    def _where(self, c: int) -> str:
        """Where a card is known to be, for messages: 'the upcard', 'in N's hand'..."""
        o = self.owner[c]
        if o == UPCARD:
            return "the upcard"
        if o == KITTY:
            return "the turned-down upcard" if c == self.upcard else "in the kitty"
        if o == DISCARDED:
            return f"{seat_text(self.dealer)}'s discard"
        if o == PLAYED:
            for t in range(5):
                for s in range(4):
                    if self.cards_at[t * 4 + s] == c:
                        return f"already played by {seat_text(s)} on trick {t + 1}"
            return "already played"
        if 0 <= o < 4:
            if c == self.upcard and o == self.dealer:
                return f"the upcard, which {seat_text(o)} took up"
            return f"in {seat_text(o)}'s hand"
        return "not seen yet"

    # ------------------------------------------------------------------ questions

    @property
    def finished(self) -> bool:
        """True once the hand's outcome is settled: played out, passed out or penalised."""
        return self.phase == OVER

    def active(self, seat: int) -> bool:
        """True when the seat takes part in the play (it does not sit out)."""
        return not (self.sitting >> seat) & 1

    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the hand is over."""
        if self.phase == OVER:
            return None
        if self.phase == DISCARD:
            return self.dealer
        return self.turn

    def expected(self) -> str:
        """What the hand waits for, in words: ``it is S's turn to play``."""
        p = self.phase
        if p == OVER:
            return f"hand {self.number} is over ({self.over_reason()})"
        who = seat_text(self.to_act() or 0)
        if p == NAMING:
            return f"{who} (the dealer) must name the suit for the Benny first"
        if p == ROUND_ONE and self.club_forced:
            return f"{who} (the dealer) must take up the club (club euchre)"
        if p == ROUND_ONE:
            return f"it is {who}'s turn to pass or order up {SUIT_NAMES[self.offered_suit()]}"
        if p == ROUND_TWO:
            return f"it is {who}'s turn to pass or name trump"
        if p == DISCARD:
            return f"{who} (the dealer) must discard first"
        return f"it is {who}'s turn to play"

    def over_reason(self) -> str:
        if self.outcome == PASSED_OUT:
            return "everyone passed"
        if self.outcome == THROWN_IN:
            return "it was thrown in"
        if self.upheld_call:
            return "a renege call was upheld"
        return "all five tricks were played"

    def offered_suit(self) -> int:
        """The suit on offer in round one: the upcard's, or the one named for the Benny."""
        return self.named_suit if self.upcard == BENNY else suit_of(self.upcard)

    def plays_made(self, seat: int) -> int:
        """How many cards the seat has played so far."""
        at = self.cards_at
        made = 0
        for i in range(seat, 20, 4):
            if at[i] >= 0:
                made += 1
        return made

    def points(self) -> tuple[int, int]:
        """What each team scores for this hand so far, penalties included."""
        b, p = self.base_points, self.penalties
        return (b[0] + p[0], b[1] + p[1])

    # ------------------------------------------------------------------ legality

    def clone(self) -> HandState:
        """An independent copy of this state, to try an action on."""
        new = HandState.__new__(HandState)
        for name in _SLOTS:
            value = getattr(self, name)
            if isinstance(value, list):
                value = value[:]
            elif isinstance(value, dict):
                value = dict(value)
            setattr(new, name, value)
        return new

    def can(self, action: Action) -> Legality:
        """Whether ``action`` may happen now: ``LEGAL`` (the rules allow it), ``FLAGGED``
        (a real table can do it, and ``apply`` would take it with a flag, such as a
        renege) or ``IMPOSSIBLE`` (``apply`` would refuse it). Asked by trying it on a
        copy: the code path that records actions answers, so the two never disagree."""
        trial = self.clone()
        try:
            flags = trial.apply(action)
        except IllegalAction:
            return IMPOSSIBLE
        return FLAGGED if flags else LEGAL

    def possible_cards(self, seat: int) -> int:
        """The cards (a mask) that may be in ``seat``'s hand now, as far as the record
        knows: the known ones, and any card not seen elsewhere unless the hand is known."""
        known = self.held[seat]
        if self.hand_known[seat] or known.bit_count() - self.slack[seat] >= (
            HAND_SIZE - self.plays_made(seat)
        ):
            return known  # the known cards fill the hand (an unseen discard may be one)
        unseen = self.unseen
        if self.borrow[seat] != NOBODY:
            unseen |= self.held[self.borrow[seat]]
        return known | unseen

    def legal_actions(self) -> list[Action]:
        """Every bid, discard or card that the rules allow the seat to act now.

        The candidates come from the phase and the cards the record allows the seat to
        hold; each one is kept only if ``can`` says it is ``LEGAL``. Renege calls, penalties, notes and
        the variants' declarations about hidden cards (a farmer's hand, a throw-in,
        partner's best) are not moves of the play and are not listed.
        """
        seat = self.to_act()
        if seat is None:
            return []
        p = self.phase
        candidates: list[Action] = []
        if p == NAMING:
            candidates = [BennySuit(seat, s) for s in range(4)]
        elif p == ROUND_ONE:
            candidates = [Pass(seat), Order(seat, False), Order(seat, True)]
            if self.rules.blind_double_loner and not self.bids:
                candidates.append(BlindDoubleLoner(seat))
        elif p == ROUND_TWO:
            candidates = [Pass(seat)]
            candidates += [Call(seat, s, alone) for s in range(4) for alone in (False, True)]
        elif p == DISCARD:
            candidates = [Discard(seat, None)]
            candidates += [Discard(seat, c) for c in cards_of(self.possible_cards(seat))]
        elif p == PLAY:
            held = self.possible_cards(seat)
            if self.hand_known[seat] and not self.slack[seat] and self.trump != NO_SUIT:
                held = legal_mask(held, self.led if self.trick_pos else NO_SUIT, self.trump)
            candidates = [Play(seat, c) for c in cards_of(held)]
        if self.alone and self.defender == NOBODY and not self.trick and not self.trick_pos:
            candidates += [DefendAlone(s) for s in range(4) if (s & 1) != (self.maker & 1)]
        return [a for a in candidates if self.can(a) is LEGAL]

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of state, as plain values: two states that compare equal will
        behave identically from here on."""
        out: list[object] = []
        for name in _SLOTS:
            if name in ("rules", "_eff", "_power", "_suit_mask", "_deck_mask"):
                continue
            value = getattr(self, name)
            if isinstance(value, list):
                value = tuple(value)
            elif isinstance(value, dict):
                value = tuple(sorted(value.items()))
            out.append(value)
        return tuple(out)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> tuple[Flag, ...]:
        """Record one action and return the flags it raised (usually none).

        Raises ``IllegalAction`` and changes nothing when the action cannot have happened.
        """
        flags = self.flags
        before = len(flags)
        handler = _HANDLERS.get(action.__class__)
        if handler is None:
            raise IllegalAction(f"unknown action {action!r}")
        handler(self, action)
        if action.__class__ is not Play and action.__class__ is not Pass:
            # A pass shows no card (the upcard turned down was seen already): only other
            # actions can change what the record places nowhere.
            self.unseen = self._unseen_mask()
        self.actions.append(action)
        return tuple(flags[before:]) if len(flags) != before else ()

    def _unseen_mask(self) -> int:
        """The cards the record places nowhere yet (a mask): what elimination works from."""
        mask = 0
        for c, o in enumerate(self.owner):
            if o == UNSEEN:
                mask |= 1 << c
        return mask

    def extend(self, actions: Iterable[Action]) -> None:
        """Record many actions in order: what ``apply`` does, without collecting each
        action's flags, for re-checking whole files fast. On a refusal, the
        ``IllegalAction`` says which one in its ``index``; the ones before it stay recorded.
        """
        handlers = _HANDLERS
        record = self.actions.append
        actions = actions if isinstance(actions, (list, tuple)) else list(actions)
        i, n = 0, len(actions)
        while i < n:
            action = actions[i]
            if action.__class__ is Play:
                i = self._play_run(actions, i, record)
                continue
            handler = handlers.get(action.__class__)
            try:
                if handler is None:
                    raise IllegalAction(f"unknown action {action!r}")
                handler(self, action)
            except IllegalAction as exc:
                exc.index = i
                raise
            if action.__class__ is not Pass:  # as in ``apply``
                self.unseen = self._unseen_mask()
            record(action)
            i += 1

    def _refuse(self, did: str) -> IllegalAction:
        return IllegalAction(f"{did}, but {self.expected()}")

    def _seat_ok(self, seat: int) -> None:
        if not (isinstance(seat, int) and 0 <= seat < 4):
            raise IllegalAction(f"{seat!r} is not a seat")

    # -- bidding

    def _bid_turn(self, seat: int, did: str, phase: int) -> None:
        self._seat_ok(seat)
        if self.phase == phase and seat == self.turn:
            return
        if seat == self.turn and self.phase == ROUND_TWO:
            raise IllegalAction(
                f"{did}, but the upcard was turned down: in round two "
                f"{seat_text(seat)} may pass or name a suit"
            )
        if seat == self.turn and self.phase == ROUND_ONE:
            raise IllegalAction(
                f"{did}, but this is round one: {seat_text(seat)} may pass or order up "
                f"{SUIT_NAMES[self.offered_suit()]}"
            )
        raise self._refuse(did)

    def order_words(self, seat: int) -> str:
        """How the table says a round-one order by this seat."""
        if seat == self.dealer:
            return "took it up"
        if seat == partner_of(self.dealer):
            return "assisted"
        return "ordered up"

    def _pass(self, a: Pass) -> None:
        seat = a.seat
        self._seat_ok(seat)
        if self.club_forced:
            self._club_bid(seat, "passed" if seat != self.dealer else "turned the club down")
            if seat == self.dealer:
                return  # the bidding the dealer should have skipped now starts as usual
        if self.phase not in (ROUND_ONE, ROUND_TWO) or seat != self.turn:
            raise self._refuse(f"{seat_text(seat)} passed")
        self.bids += 1
        if self.phase == ROUND_ONE:
            if self.bids == 4:
                self.phase = ROUND_TWO
                self.bids = 0
                self.owner[self.upcard] = KITTY
            self.turn = left_of(seat)
            return
        if self.bids == 4:
            if self.rules.stick_the_dealer:
                self._flag(
                    ILLEGAL_BID,
                    seat,
                    None,
                    f"{seat_text(seat)} passed as the dealer in round two, but under "
                    "stick-the-dealer the dealer must name trump; the hand counts as passed out",
                )
            self.phase = OVER
            self.outcome = PASSED_OUT
            return
        self.turn = left_of(seat)

    def _club_bid(self, seat: int, did: str) -> None:
        """Club euchre: the dealer must take up a club; anything else is flagged once,
        and the bidding then runs as usual."""
        dealer = self.dealer
        if seat not in (dealer, left_of(dealer)):
            raise IllegalAction(
                f"{seat_text(seat)} {did}, but with a club turned up under club euchre "
                f"{seat_text(dealer)} (the dealer) takes it up"
            )
        self.club_forced = False
        self.turn = left_of(dealer)
        self._flag(
            ILLEGAL_BID,
            seat,
            None,
            f"{seat_text(seat)} {did}, but under club euchre a club turned up means the "
            f"dealer ({seat_text(dealer)}) takes it up and there is no bidding",
        )

    def _order(self, a: Order) -> None:
        seat = a.seat
        self._seat_ok(seat)
        if self.club_forced and seat == self.dealer and self.phase == ROUND_ONE:
            self.club_forced = False  # the dealer takes up the club, as the rule says
            self.turn = seat
        elif self.club_forced:
            self._club_bid(seat, self.order_words(seat))
        self._bid_turn(seat, f"{seat_text(seat)} {self.order_words(seat)}", ROUND_ONE)
        dealer = self.dealer
        if self.rules.canadian_loner and seat == partner_of(dealer) and not a.alone:
            self._flag(
                ILLEGAL_BID,
                seat,
                None,
                f"{seat_text(seat)} assisted without going alone, but under the Canadian "
                "loner rule the dealer's partner who orders up must play alone",
            )
        self._fix_trump(seat, self.offered_suit(), a.alone)
        self._dealer_picks_up()

    def _dealer_picks_up(self) -> None:
        up, dealer = self.upcard, self.dealer
        self.owner[up] = dealer
        self.held[dealer] |= 1 << up
        self.phase = DISCARD

    def _call(self, a: Call) -> None:
        seat = a.seat
        suit = a.suit
        if not (isinstance(suit, int) and 0 <= suit < 4):
            raise IllegalAction(f"{suit!r} is not a suit")
        self._bid_turn(seat, f"{seat_text(seat)} named {SUIT_NAMES[suit]}", ROUND_TWO)
        if suit == self.offered_suit():
            self._flag(
                ILLEGAL_BID,
                seat,
                None,
                f"{seat_text(seat)} named {SUIT_NAMES[suit]}, the suit turned down this hand",
            )
        self._fix_trump(seat, suit, a.alone)
        self._start_play()

    def _fix_trump(self, seat: int, suit: int, alone: bool) -> None:
        self.trump = suit
        self.maker = seat
        self.alone = bool(alone)
        self._eff = EFFECTIVE_SUIT[suit]
        self._power = POWER[suit]
        self._suit_mask = SUIT_MASK[suit]
        if alone:
            self._sit_out(partner_of(seat))

    def _sit_out(self, seat: int) -> None:
        self.sitting |= 1 << seat
        nxt = self.next_seat
        for s in range(4):
            n = left_of(s)
            while (self.sitting >> n) & 1:
                n = left_of(n)
            nxt[s] = n
        self.trick_size -= 1

    def _leader(self) -> int:
        if self.alone and self.rules.loner_lead == "left_of_loner":
            start = left_of(self.maker)
        else:
            start = left_of(self.dealer)
        while (self.sitting >> start) & 1:
            start = left_of(start)
        return start

    def _start_play(self) -> None:
        self.phase = PLAY
        self.turn = self._leader()

    def _discard(self, a: Discard) -> None:
        seat = a.seat
        self._seat_ok(seat)
        dealer = self.dealer
        who = seat_text(seat)
        if self.phase != DISCARD:
            if self.phase == PLAY and seat == dealer and not self.trick and not self.trick_pos:
                if self.owner[self.upcard] == KITTY:
                    raise IllegalAction(
                        f"{who} discarded, but the upcard was turned down, so the dealer "
                        "picks up nothing and does not discard"
                    )
                raise IllegalAction(f"{who} discarded, but the dealer has already discarded")
            raise self._refuse(f"{who} discarded")
        if seat != dealer:
            raise IllegalAction(
                f"{who} discarded, but only the dealer ({seat_text(dealer)}) discards"
            )
        c = a.card
        if c is None:
            self.slack[dealer] = 1
        else:
            self._card_ok(c, f"{who} discarded {CARD_TEXT[c] if 0 <= c < N_CARDS else c}, but ")
            o = self.owner[c]
            if o != dealer and o != UNSEEN:
                raise IllegalAction(f"{who} discarded {CARD_TEXT[c]}, but it is {self._where(c)}")
            if o == UNSEEN and self.hand_known[dealer]:
                raise IllegalAction(
                    f"{who} discarded {CARD_TEXT[c]}, but {who}'s dealt hand does not hold it"
                )
            self.owner[c] = DISCARDED
            self.held[dealer] &= ~(1 << c)
        self.discard = c
        self._start_play()

    def _defend_alone(self, a: DefendAlone) -> None:
        seat = a.seat
        self._seat_ok(seat)
        who = seat_text(seat)
        if (
            self.trump == NO_SUIT
            or self.phase not in (DISCARD, PLAY)
            or self.trick
            or self.trick_pos
        ):
            raise IllegalAction(
                f"{who} defended alone, but a defender can only go alone after a lone call "
                "and before the first card is played"
            )
        if not self.alone:
            raise IllegalAction(
                f"{who} defended alone, but {seat_text(self.maker)} is not playing alone"
            )
        if (seat & 1) == (self.maker & 1):
            raise IllegalAction(f"{who} defended alone, but {who} is on the makers' side")
        if self.defender != NOBODY:
            raise IllegalAction(
                f"{who} defended alone, but {seat_text(self.defender)} already defends alone"
            )
        if not self.rules.defend_alone:
            self._flag(
                ILLEGAL_BID,
                seat,
                None,
                f"{who} defended alone, but these rules do not allow defending alone",
            )
        self.defender = seat
        self._sit_out(partner_of(seat))
        if self.phase == PLAY:
            self.turn = self._leader()

    # -- play

    def _play(self, a: Play) -> None:
        self._play_run((a,), 0, None)

    def _refuse_play(self, seat: int, c: int) -> None:
        """Why a play cannot have happened; or, for the card that came over in an unseen
        partner's-best swap, take it (and return)."""
        who = seat_text(seat)
        if self.phase != PLAY or seat != self.turn:
            self._seat_ok(seat)
            did = f"{who} played {CARD_TEXT[c]}" if 0 <= c < N_CARDS else f"{who} played card {c!r}"
            if self.phase == PLAY and (self.sitting >> seat) & 1:
                raise IllegalAction(f"{did}, but {who} sits out this hand")
            raise self._refuse(did)
        o = self.owner[c] if 0 <= c < N_CARDS else NOT_IN_DECK
        if o == NOT_IN_DECK:
            self._card_ok(c, f"{who} played a card, but ")
        if 0 <= o < 4 and self.borrow[seat] == o:
            self.borrow[seat] = NOBODY  # the card that came over in the unseen swap
            self.held[o] &= ~(1 << c)
            self.owner[c] = seat
            return
        if o != UNSEEN:
            raise IllegalAction(f"{who} played {CARD_TEXT[c]}, but it is {self._where(c)}")
        raise IllegalAction(f"{who} played {CARD_TEXT[c]}, but {who}'s dealt hand does not hold it")

    def _play_run(
        self, actions: Sequence[Action], i: int, record: Callable[[Action], None] | None
    ) -> int:
        """Record the plays from ``actions[i]`` up to the first action that is not a play,
        and return that action's index. Every play goes through here: one at a time from
        ``apply``, a run of them from ``extend``. Meanwhile the trick's state lives in
        local variables (CPython is much faster with them), written back at the end and
        before anything else can look at it.
        """
        owner, held, void, reneged = self.owner, self.held, self.void, self.reneged
        cards_at, eff, power, mask = self.cards_at, self._eff, self._power, self._suit_mask
        nxt, size, trump, slack, known = (
            self.next_seat,
            self.trick_size,
            self.trump,
            self.slack,
            self.hand_known,
        )
        turn, trick, pos, led = self.turn, self.trick, self.trick_pos, self.led
        best_power, best_seat = self.best_power, self.best_seat
        playing = self.phase == PLAY
        n = len(actions)
        try:
            while i < n:
                a = actions[i]
                if a.__class__ is not Play:
                    break
                seat, c = a.seat, a.card
                if not (playing and seat == turn and 0 <= c < N_CARDS):
                    o = -2  # not this seat's turn, or not a card: the slow path says why
                else:
                    o = owner[c]
                if o != seat and (o != UNSEEN or known[seat]):
                    self.turn, self.trick, self.trick_pos, self.led = turn, trick, pos, led
                    self._refuse_play(seat, c)  # raises, unless the card came over in a swap
                # The play is possible: record it.
                fresh = o != seat  # a card nobody knew the player held
                bit = 1 << c
                if o == UNSEEN:
                    self.unseen &= ~bit
                owner[c] = PLAYED
                held[seat] &= ~bit
                cards_at[trick * 4 + seat] = c
                es = eff[c]
                p = power[c]
                if (void[seat] >> es) & 1 and not (reneged[seat] >> es) & 1:
                    self._renege_later_play(seat, es, c, trick)
                if pos == 0:
                    self.leaders.append(seat)
                    led, best_power, best_seat = es, p, seat
                else:
                    if es != led:
                        if not (void[seat] >> led) & 1:
                            fresh = True  # a new void: look for a renege worked out below
                            void[seat] |= 1 << led
                            self.showout_trick[seat * 4 + led] = trick
                            self.showout_card[seat * 4 + led] = c
                        if not (reneged[seat] >> led) & 1:
                            h = held[seat] & mask[led]
                            if h and (not slack[seat] or h.bit_count() > slack[seat]):
                                self._renege_held(seat, led, c, trick, h)
                        if es == trump and p > best_power:
                            best_power, best_seat = p, seat
                    elif p > best_power:
                        best_power, best_seat = p, seat
                if self.pending:  # any card played can settle a call, by elimination
                    self._rejudge(len(self.actions))
                # Only a card that was unseen until now (every seat's options shrink) or a
                # new void can work a renege out: a card the player was known to hold
                # leaves every seat's count of possible cards against its free slots as
                # it was (one card and one slot fewer for the player, nothing for others).
                if (
                    fresh
                    and self.unseen.bit_count() <= 18
                    and (
                        void[0] & ~reneged[0]
                        or void[1] & ~reneged[1]
                        or void[2] & ~reneged[2]
                        or void[3] & ~reneged[3]
                    )
                ):
                    # Few cards unseen: every other card being accounted for may now prove
                    # a renege (elimination). With more than 18 (a suit of 9 in the 32-card
                    # deck, and 9 others at most), no hand can be worked out.
                    self._worked_out()
                if record is not None:
                    record(a)
                i += 1
                pos += 1
                if pos < size:
                    turn = nxt[seat]
                    continue
                # The trick is complete.
                self.tricks[best_seat & 1] += 1
                self.winners.append(best_seat)
                pos = 0
                trick += 1
                turn = best_seat
                if trick == 5:
                    self.trick = trick
                    self._score(len(self.actions) - (record is not None))
                    playing = False
        except IllegalAction as exc:
            exc.index = i
            raise
        finally:
            self.turn, self.trick, self.trick_pos, self.led = turn, trick, pos, led
            self.best_power, self.best_seat = best_power, best_seat
        return i

    def _score(self, at: int) -> None:
        """The last card is played: score the tricks, unless an upheld renege call has
        already settled the hand with its penalty."""
        self.phase = OVER
        self.scored_at = at
        if self.upheld_call:
            return
        points, self.outcome = trick_points(
            self.rules,
            self.maker & 1,
            self.tricks[self.maker & 1],
            alone=self.alone,
            defended_alone=self.defender != NOBODY,
            blind=self.blind,
        )
        self.base_points[0], self.base_points[1] = points

    # -- flags

    def _flag(
        self,
        kind: str,
        seat: int | None,
        trick: int | None,
        message: str,
        **proof: int | str | None,
    ) -> Flag:
        flag = Flag(kind, seat, trick, message, **proof)  # type: ignore[arg-type]
        self.flags.append(flag)
        return flag

    def _lead_words(self, suit: int) -> str:
        if suit == self.trump:
            return f"a trump lead ({SUIT_NAMES[suit]})"
        return f"a {SUIT_SINGULAR[suit]} lead"

    def _card_words(self, c: int) -> str:
        text = CARD_TEXT[c]
        if c >> 3 == same_colour(self.trump) and self._eff[c] == self.trump:
            return f"{text} (the left bower, a {SUIT_SINGULAR[self.trump]})"
        return text

    def _renege_later_play(self, seat: int, suit: int, c: int, trick: int) -> None:
        """``seat`` showed out of ``suit`` earlier and has now played one of it."""
        at = self.showout_trick[seat * 4 + suit]
        played = self.showout_card[seat * 4 + suit]
        self.reneged[seat] |= 1 << suit
        self._flag(
            RENEGE,
            seat,
            at + 1,
            f"{seat_text(seat)} played {CARD_TEXT[played]} on {self._lead_words(suit)} "
            f"while holding {self._card_words(c)} (played on trick {trick + 1})",
            card=c,
            played=played,
            led_suit=suit,
            proof="later_play",
            proof_trick=trick + 1,
        )

    def _renege_held(
        self,
        seat: int,
        suit: int,
        c: int,
        trick: int,
        held: int,
        *,
        shown: bool = False,
        worked_out: bool = False,
    ) -> None:
        """``seat`` showed out of ``suit`` while known to hold a card of it: one of
        ``held``; ``shown`` when it was shown with a call, ``worked_out`` when every other
        card is accounted for."""
        proof_card = (held & -held).bit_length() - 1
        proof: ProofKind
        if worked_out:
            how, proof = "worked out: every other card is accounted for", "worked_out"
        elif shown:
            how, proof = "shown when the renege was called", "shown"
        elif proof_card == self.upcard and seat == self.dealer:
            how, proof = f"the upcard, which {seat_text(seat)} took up", "upcard"
        elif proof_card in self.deal.get(seat, ()):
            how, proof = f"dealt to {seat_text(seat)}", "deal"
        else:
            how, proof = "shown when the renege was called", "shown"
        holding = self._card_words(proof_card)
        if worked_out:
            holding = " or ".join(CARD_TEXT[x] for x in cards_of(held))
        elif self.slack[seat] and held.bit_count() > 1 and not shown:
            # An unseen discard could account for any one of these cards, never for all.
            names = " and ".join(CARD_TEXT[x] for x in cards_of(held))
            holding = f"{names}, of which the unseen discard can be only one"
            if (held >> self.upcard) & 1:
                how = f"dealt to {seat_text(seat)} or picked up"
        self.reneged[seat] |= 1 << suit
        self._flag(
            RENEGE,
            seat,
            trick + 1,
            f"{seat_text(seat)} played {CARD_TEXT[c]} on {self._lead_words(suit)} "
            f"while holding {holding} ({how})",
            card=proof_card,
            played=c,
            led_suit=suit,
            proof=proof,
        )

    # -- variants

    def _benny_suit(self, a: BennySuit) -> None:
        seat, suit = a.seat, a.suit
        self._seat_ok(seat)
        if not (isinstance(suit, int) and 0 <= suit < 4):
            raise IllegalAction(f"{suit!r} is not a suit")
        if self.phase != NAMING:
            raise IllegalAction(
                f"{seat_text(seat)} named {SUIT_NAMES[suit]} for the Benny, but the Benny "
                "was not turned up this hand"
                if self.upcard != BENNY
                else f"{seat_text(seat)} named {SUIT_NAMES[suit]} for the Benny, but it was named already"
            )
        if seat != self.dealer:
            raise IllegalAction(
                f"{seat_text(seat)} named a suit for the Benny, but the dealer "
                f"({seat_text(self.dealer)}) names it"
            )
        self.named_suit = suit
        self.phase = ROUND_ONE
        self.turn = left_of(self.dealer)

    def _blind_double_loner(self, a: BlindDoubleLoner) -> None:
        seat = a.seat
        self._seat_ok(seat)
        who = seat_text(seat)
        if self.phase != ROUND_ONE:
            raise IllegalAction(
                f"{who} declared a blind double loner, but it is declared on the turned card "
                f"before the bidding; {self.expected()}"
            )
        if not self.rules.blind_double_loner:
            self._flag(
                ILLEGAL_BID,
                seat,
                None,
                f"{who} declared a blind double loner, but these rules do not allow it",
            )
        elif self.bids or any(isinstance(x, (Pass, Order, Call)) for x in self.actions):
            self._flag(
                ILLEGAL_BID,
                seat,
                None,
                f"{who} declared a blind double loner after the bidding had begun, "
                "so after looking at the cards",
            )
        self.club_forced = False
        self._fix_trump(seat, self.offered_suit(), True)
        self.blind = True
        self._dealer_picks_up()

    def _hand_cards_ok(self, seat: int, cards: tuple[int, ...], did: str) -> None:
        """The cards must be in the seat's hand, as far as the record knows."""
        if len(set(cards)) != len(cards):
            raise IllegalAction(f"{did}, but a card is listed twice")
        for c in cards:
            self._card_ok(c, f"{did}, but ")
            o = self.owner[c]
            if o != seat and not (o == UNSEEN and not self.hand_known[seat]):
                where = self._where(c) if o != UNSEEN else f"not in {seat_text(seat)}'s dealt hand"
                raise IllegalAction(f"{did}, but {CARD_TEXT[c]} is {where}")

    def _farmers_hand(self, a: FarmersHand) -> None:
        seat, shown, received = a.seat, tuple(a.shown), tuple(a.received)
        self._seat_ok(seat)
        who = seat_text(seat)
        did = f"{who} called a farmer's hand"
        if self.phase not in (NAMING, ROUND_ONE):
            raise IllegalAction(
                f"{did}, but a farmer's hand is called before round one of the bidding ends"
            )
        mode = self.rules.farmers_hand
        size = 5 if mode == "five_card" else 3
        if len(shown) != size:
            raise IllegalAction(
                f"{did} and showed {len(shown)} cards, but a farmer's hand shows {size}"
                + (" (this table plays the three-card farmer's hand)" if size == 3 else "")
            )
        if received and len(received) != size:
            raise IllegalAction(
                f"{did} and took {len(received)} cards, but must take {size} (or none recorded)"
            )
        self._hand_cards_ok(seat, shown, did)
        for c in received:
            self._card_ok(c, f"{did}, but ")
            o = self.owner[c]
            if o not in (UNSEEN, KITTY) or c in shown:
                raise IllegalAction(f"{did} and took {CARD_TEXT[c]}, but it is {self._where(c)}")
            if o == KITTY and c == self.upcard:
                raise IllegalAction(
                    f"{did} and took {CARD_TEXT[c]}, but the upcard stays on the kitty"
                )
        problem = None
        if mode == "off":
            problem = "these rules have no farmer's hand"
        elif mode == "three_card":
            ranks = {c & 7 for c in shown}
            if BENNY in shown or len(ranks) != 1 or ranks.pop() not in (NINE, TEN):
                problem = "a farmer's hand shows three 9s or three 10s"
        else:
            offered = self.offered_suit()
            eff = EFFECTIVE_SUIT[offered] if offered >= 0 else ()
            if offered >= 0 and any(eff[c] == offered for c in shown):
                problem = (
                    f"a farmer's hand holds no trump at all, and {SUIT_NAMES[offered]} is on offer"
                )
            elif any(isinstance(x, FarmersHand) for x in self.actions):
                problem = "only one farmer's hand is allowed per deal"
        if problem:
            self._flag(
                INVALID_FARMERS_HAND,
                seat,
                None,
                f"{did} showing " + " ".join(CARD_TEXT[c] for c in shown) + f", but {problem}",
            )
        if not received and mode == "three_card":
            # The farmer takes the kitty's three hidden cards: known if the kitty is.
            hidden = [c for c in range(N_CARDS) if self.owner[c] == KITTY and c != self.upcard]
            if len(hidden) == 3 == KITTY_SIZE[self.rules.deck] - 1:
                received = tuple(hidden)
        if not received:
            self.hand_known[seat] = False
            # Which kitty cards they took is unknown: any card known to be in the kitty may
            # be theirs now (but not the ones they are putting in, below).
            for c in range(N_CARDS):
                if self.owner[c] == KITTY and c != self.upcard:
                    self.owner[c] = UNSEEN
        for c in shown:
            self.owner[c] = KITTY
            self.held[seat] &= ~(1 << c)
        for c in received:
            self.owner[c] = seat
            self.held[seat] |= 1 << c

    def _throw_in(self, a: ThrowIn) -> None:
        seat, name, shown = a.seat, a.hand, tuple(a.shown)
        self._seat_ok(seat)
        who = seat_text(seat)
        did = f"{who} threw in a {name} hand"
        if name not in THROW_IN_RULES:
            raise IllegalAction(
                f"{who} threw in {name!r}, which is not a throw-in: the throw-ins are "
                + ", ".join(THROW_IN_RULES)
            )
        if self.phase == OVER or self.trick or self.trick_pos:
            raise IllegalAction(f"{did}, but a hand is thrown in before the first card is played")
        if len(shown) != HAND_SIZE:
            raise IllegalAction(
                f"{did} showing {len(shown)} cards, but a throw-in shows the whole hand of 5"
            )
        self._hand_cards_ok(seat, shown, did)
        trump = self.trump if self.trump != NO_SUIT else self.offered_suit()
        problem = None
        if name not in self.rules.throw_ins:
            problem = "this table does not play that throw-in"
        elif name == "no-ace-no-face" and self.trump == NO_SUIT:
            problem = "no ace, no face is declared after trump is made"
        elif not throw_in_qualifies(name, shown, trump):
            problem = f"those cards are not {THROW_IN_RULES[name]}"
        if problem:
            self._flag(
                INVALID_THROW_IN,
                seat,
                None,
                f"{did} showing " + " ".join(CARD_TEXT[c] for c in shown) + f", but {problem}",
            )
        for c in shown:
            self.owner[c] = seat
            self.held[seat] |= 1 << c
        self.outcome = THROWN_IN
        self.phase = OVER

    def _partners_best(self, a: PartnersBest) -> None:
        seat, gave, received = a.seat, a.gave, a.received
        self._seat_ok(seat)
        who = seat_text(seat)
        did = f"{who} exchanged a card with their partner"
        if (
            self.trump == NO_SUIT
            or self.phase not in (DISCARD, PLAY)
            or self.trick
            or self.trick_pos
        ):
            raise IllegalAction(
                f"{did}, but partner's best comes after a lone call and before the first card"
            )
        if seat not in (self.maker if self.alone else NOBODY, self.defender):
            raise IllegalAction(
                f"{did}, but only a player going or defending alone exchanges with their partner"
            )
        partner = partner_of(seat)
        if gave is not None:
            self._hand_cards_ok(seat, (gave,), did)
        if received is not None:
            self._hand_cards_ok(partner, (received,), did)
            if received == gave:
                raise IllegalAction(f"{did}, but gave and received the same card")
        if not self.rules.partners_best:
            self._flag(
                INVALID_EXCHANGE, seat, None, f"{did}, but these rules do not play partner's best"
            )
        elif self.exchanges[seat]:
            self._flag(
                INVALID_EXCHANGE, seat, None, f"{did} a second time, but partner's best is one card"
            )
        if gave is not None:
            self.owner[gave] = partner
            self.held[seat] &= ~(1 << gave)
            self.held[partner] |= 1 << gave
        if received is not None:
            self.owner[received] = seat
            self.held[partner] &= ~(1 << received)
            self.held[seat] |= 1 << received
        else:
            self.hand_known[seat] = False
            self.borrow[seat] = partner
        if gave is None:
            self.hand_known[partner] = False
            self.slack[seat] += 1  # one of the cards we know of may be the partner's now
        self.exchanges[seat] += 1

    # -- renege calls, penalties, notes

    def _renege_call(self, a: RenegeCall) -> None:
        seat, accused, t = a.seat, a.accused, a.trick
        self._seat_ok(seat)
        self._seat_ok(accused)
        who, acc = seat_text(seat), seat_text(accused)
        did = f"{who} called a renege on {acc} for trick {t}"
        if self.trump == NO_SUIT or self.outcome == PASSED_OUT:
            raise IllegalAction(f"{did}, but no card has been played this hand")
        if self.upheld_call:
            raise IllegalAction(
                f"{did}, but a renege call was already upheld this hand, and its penalty "
                "settles the hand"
            )
        if not (isinstance(t, int) and 1 <= t <= 5):
            raise IllegalAction(f"{did}, but tricks are numbered 1 to 5")
        if (self.sitting >> accused) & 1:
            raise IllegalAction(f"{did}, but {acc} sits out this hand")
        i = t - 1
        played = self.cards_at[i * 4 + accused]
        if played < 0:
            raise IllegalAction(f"{did}, but {acc} has not played to trick {t} yet")
        if a.penalty is not None and a.penalty not in ("award", "deduct"):
            raise IllegalAction(f"{did} with penalty {a.penalty!r}; it must be award or deduct")
        remaining = HAND_SIZE - self.plays_made(accused)
        shown = a.shown
        if len(set(shown)) != len(shown):
            raise IllegalAction(f"{did}, but a shown card is listed twice")
        if len(shown) > remaining:
            raise IllegalAction(
                f"{did} and showed {len(shown)} cards, but {acc} holds only {remaining}"
            )
        for c in shown:
            self._card_ok(c, f"{did} and {acc} showed a card, but ")
            o = self.owner[c]
            if o != accused and o != UNSEEN:
                raise IllegalAction(
                    f"{did} and {acc} showed {CARD_TEXT[c]}, but it is {self._where(c)}"
                )
            if o == UNSEEN and self.hand_known[accused]:
                raise IllegalAction(
                    f"{did} and {acc} showed {CARD_TEXT[c]}, but {acc}'s dealt hand does not hold it"
                )
        # The call is possible: take in the shown cards, then judge it.
        index = len(self.actions)
        for c in shown:
            self.owner[c] = accused
            self.held[accused] |= 1 << c
            self.shown_cards[accused] |= 1 << c
            self.unseen &= ~(1 << c)  # seen now: elimination must know before the rejudging
            es = self._eff[c]
            if (self.void[accused] >> es) & 1 and not (self.reneged[accused] >> es) & 1:
                at = self.showout_trick[accused * 4 + es]
                self._renege_held(
                    accused, es, self.showout_card[accused * 4 + es], at, 1 << c, shown=True
                )
        leader = self.leaders[i]
        led = self._eff[self.cards_at[i * 4 + leader]]
        if leader == accused or self._eff[played] == led:
            # Judged at once, whatever comes later: there was no renege to call.
            if leader == accused:
                why = f"{acc} led that trick"
            else:
                why = (
                    f"{acc} followed suit with {self._card_words(played)} "
                    f"on {self._lead_words(led)}"
                )
            self.calls.append(CallVerdict(index, a, FALSE, index))
            self._flag(FALSE_RENEGE_CALL, seat, t, f"{did}, but {why}", accused=accused)
        else:
            self.calls.append(CallVerdict(index, a, PENDING))
            self.pending |= 1 << accused
        # The call itself, and any cards it showed, may settle this or an earlier call.
        # Proven or not, the hand goes on in the record: an upheld call settles its score,
        # and whether the table then threw the hand in (000 §9) or played it out, the
        # record may show either. The recorder ends it for a call proven when made.
        self._rejudge(index)

    def _call_proof(self, a: RenegeCall) -> CallStatus:
        """Judge a call that is not yet decided on everything the record shows now.

        At trick i the accused held the cards they have played since and the cards they
        hold now: no card enters a hand once play has begun. So the call is upheld by a
        card of the led suit played on a later trick, by one shown (certainly held), or
        when no hand the record allows is without one: the hand holds ``remaining`` cards,
        all but ``slack`` of the known ones (an unseen discard or swap may account for
        that many), the rest from the cards seen nowhere else (which works a hand out by
        elimination when every other card is accounted for). Filling it with as few cards
        of the suit as possible, if one is still needed, the call is upheld. It is false
        when no card of the suit can be in the hand, or the accused has played out.
        Otherwise it waits.
        """
        accused, i = a.accused, a.trick - 1
        eff = self._eff
        led = eff[self.cards_at[i * 4 + self.leaders[i]]]
        for k in range(i + 1, 5):
            later = self.cards_at[k * 4 + accused]
            if later >= 0 and eff[later] == led:
                return UPHELD
        suit = self._suit_mask[led]
        certain = self.shown_cards[accused] & self.held[accused]
        if certain & suit:
            return UPHELD
        if self.plays_made(accused) == HAND_SIZE:
            return FALSE
        holding = self._holding(accused, suit, certain)
        return UPHELD if holding == _MUST else FALSE if holding == _CANNOT else PENDING

    def _holding(self, seat: int, suit: int, certain: int) -> int:
        """Must the seat's hand now hold a card of the mask ``suit``, can it not, or may
        it (``_MUST``, ``_CANNOT``, ``_MAYBE``)? ``certain`` cards (shown) are in it and
        are not of the suit. The hand holds the cards left to play: all but ``slack`` of
        the known ones (an unseen discard or swap may account for that many), the rest
        from the cards seen nowhere else (which works a hand out by elimination when every
        other card is accounted for); filled with as few cards of the suit as can be, or
        as many."""
        left = HAND_SIZE - self.plays_made(seat)
        slots = left - certain.bit_count()
        if slots <= 0:
            return _CANNOT
        held = self.held[seat]  # possible_cards(seat), its count of plays made once
        if self.hand_known[seat] or held.bit_count() - self.slack[seat] >= left:
            possible = held & ~certain
        else:
            possible = held | self.unseen
            if self.borrow[seat] != NOBODY:
                possible |= self.held[self.borrow[seat]]
            possible &= ~certain
        known = held & ~certain
        from_known = max(0, known.bit_count() - self.slack[seat])  # surely still held
        if not possible & suit or (slots <= from_known and not known & suit):
            return _CANNOT
        known_other = (known & ~suit).bit_count()
        forced = max(0, from_known - known_other)  # known cards of the suit that must stay
        others = (possible & ~suit).bit_count() - min(from_known, known_other)
        if forced or slots - from_known > others:
            return _MUST
        return _MAYBE

    def _worked_out(self) -> None:
        """After a play: a renege that every other card being accounted for proves (a
        seat that showed out of a suit must hold one of it now) is flagged, as the deal,
        the upcard and shown cards prove theirs as they are played."""
        unseen = self.unseen
        for seat in range(4):
            open_ = self.void[seat] & ~self.reneged[seat]
            if not open_ or not self.active(seat):
                continue
            held, slack = self.held[seat], self.slack[seat]
            left = HAND_SIZE - self.plays_made(seat)
            # ``_holding``'s two ways to _MUST, checked cheaply first: the seat surely holds
            # a known card of the suit (more than an unseen discard explains), or its hand
            # is not filled by known cards and fewer unseen cards of other suits are left
            # than it has cards. A hand its known cards fill has room for no other card.
            filled = held.bit_count() - slack >= left
            open_hand = not filled and not self.hand_known[seat]
            for suit in range(4):
                if not (open_ >> suit) & 1:
                    continue
                mask = self._suit_mask[suit]
                if (held & mask).bit_count() <= slack and (
                    filled or (open_hand and (unseen & ~mask).bit_count() >= left)
                ):
                    continue
                certain = self.shown_cards[seat] & held
                if certain & mask or self._holding(seat, mask, certain) != _MUST:
                    continue
                of_suit = self.possible_cards(seat) & mask
                first = self.showout_trick[seat * 4 + suit]
                played = self.showout_card[seat * 4 + suit]
                self._renege_held(seat, suit, played, first, of_suit, worked_out=True)

    def _rejudge(self, at: int) -> None:
        """Judge every pending call again after the action at index ``at``."""
        pending = 0
        for n, v in enumerate(self.calls):
            if v.status != PENDING:
                continue
            a = v.call
            status = self._call_proof(a)
            if status == PENDING:
                pending |= 1 << a.accused
                continue
            penalised = status == UPHELD and not self.upheld_call
            self.calls[n] = CallVerdict(v.index, a, status, at, penalised)
            if status == UPHELD:
                self._proof_flagged(a)
                if penalised:
                    self._uphold(a, at)
            else:
                acc = seat_text(a.accused)
                led = self._eff[self.cards_at[(a.trick - 1) * 4 + self.leaders[a.trick - 1]]]
                self._flag(
                    FALSE_RENEGE_CALL,
                    a.seat,
                    a.trick,
                    f"{seat_text(a.seat)} called a renege on {acc} for trick {a.trick}, but "
                    f"{acc} held no {SUIT_SINGULAR[led]} at that trick, as the record shows",
                    accused=a.accused,
                )
        self.pending = pending

    def _proof_flagged(self, a: RenegeCall) -> None:
        """A safety net: the renege an upheld call proves is flagged (proofs flag at once)."""
        accused, i = a.accused, a.trick - 1
        led = self._eff[self.cards_at[i * 4 + self.leaders[i]]]
        if (self.reneged[accused] >> led) & 1:
            return
        for k in range(i + 1, 5):
            later = self.cards_at[k * 4 + accused]
            if later >= 0 and self._eff[later] == led:
                self._renege_later_play(accused, led, later, k)
                return
        first = self.showout_trick[accused * 4 + led]
        played = self.showout_card[accused * 4 + led]
        certain = self.shown_cards[accused] & self.held[accused] & self._suit_mask[led]
        if certain:
            self._renege_held(accused, led, played, first, certain, shown=True)
            return
        held = self.held[accused] & self._suit_mask[led]
        if held and held.bit_count() > self.slack[accused]:
            self._renege_held(accused, led, played, first, held)
            return
        # Worked out: the cards that may be in the hand leave no way to hold none of them.
        of_suit = self.possible_cards(accused) & self._suit_mask[led]
        self._renege_held(accused, led, played, first, of_suit, worked_out=True)

    def _uphold(self, a: RenegeCall, at: int) -> None:
        """An upheld call's penalty replaces the hand's score from the action ``at`` on."""
        guilty = a.accused & 1
        innocent = 1 - guilty
        rules = self.rules
        points = rules.renege_points
        if self.alone and (self.maker & 1) == innocent:
            points = rules.renege_points_vs_alone
        mode = a.penalty or rules.renege_penalty
        self.base_points = [0, 0]
        if mode == "deduct":
            self.base_points[guilty] = -points
        else:
            self.base_points[innocent] = points
        self.outcome = RENEGE_PENALTY
        self.upheld_call = True
        self.settled_at = at

    def pending_calls(self) -> list[CallVerdict]:
        """The renege calls the record cannot yet prove or disprove."""
        return [v for v in self.calls if v.status == PENDING]

    def result_flags(self) -> tuple[Flag, ...]:
        """The flags as the record stands: a call still pending when the record stops is
        ``unresolved_renege_call`` (nothing recorded proves or disproves it)."""
        if not self.pending:
            return tuple(self.flags)
        out = list(self.flags)
        for v in self.pending_calls():
            a = v.call
            out.append(
                Flag(
                    UNRESOLVED_RENEGE_CALL,
                    a.seat,
                    a.trick,
                    f"{seat_text(a.seat)} called a renege on {seat_text(a.accused)} for trick "
                    f"{a.trick}; nothing recorded proves or disproves it, so no penalty applies",
                    accused=a.accused,
                )
            )
        return tuple(out)

    def _penalty(self, a: Penalty) -> None:
        self._seat_ok(a.seat)
        if a.team not in (0, 1):
            raise IllegalAction(f"{a.team!r} is not a team: write NS or EW")
        if (
            not isinstance(a.points, int)
            or isinstance(a.points, bool)
            or not -MAX_PENALTY <= a.points <= MAX_PENALTY
        ):
            raise IllegalAction(
                f"a penalty of {a.points!r} points for {TEAM_NAMES[a.team]}: "
                f"points must be a whole number from -{MAX_PENALTY} to {MAX_PENALTY}"
            )
        self.penalties[a.team] += a.points

    def _note(self, a: Note) -> None:
        if a.seat is not None:
            self._seat_ok(a.seat)

    def _claim(self, a: Claim) -> None:
        seat = a.seat
        self._seat_ok(seat)
        who = seat_text(seat)
        did = f"{who} claimed the rest of the tricks"
        if self.phase == DISCARD:
            raise IllegalAction(f"{did}, but {seat_text(self.dealer)} (the dealer) discards first")
        if self.phase != PLAY:
            raise self._refuse(did)
        if self.trick_pos:
            raise IllegalAction(
                f"{did}, but trick {self.trick + 1} is under way: a claim is made between tricks"
            )
        if not self.active(seat):
            raise IllegalAction(f"{did}, but {who} sits out this hand")
        left = HAND_SIZE - self.trick
        self.claimed = seat
        self.claim_known = self._check_claim(seat, did)
        self.tricks[seat & 1] += left
        self.unrecorded = left
        self._score(len(self.actions))

    def _check_claim(self, seat: int, did: str) -> bool:
        """When every card still held is known, is the claim good against every legal
        defence? A claim the other side could beat is flagged ``bad_claim`` with the play
        that beats it; the hand is still scored as claimed, as tables do. Returns whether
        the claim could be checked."""
        hands = [0, 0, 0, 0]
        for s in range(4):
            if not self.active(s):
                continue
            possible = self.possible_cards(s)
            if possible.bit_count() != HAND_SIZE - self.plays_made(s):
                return False  # a card still held is not known: nothing can be proven
            hands[s] = possible
        position = Position(
            self.trump,
            (hands[0], hands[1], hands[2], hands[3]),
            self.turn,
            (),
            self.sitting,
            (self.tricks[0], self.tricks[1]),
        )
        verdict = check_claim(position, seat)
        if not verdict.good and verdict.seat is not None and verdict.card is not None:
            self._flag(
                BAD_CLAIM,
                seat,
                verdict.trick,
                f"{did}, but {seat_text(verdict.seat)} could win trick {verdict.trick} "
                f"with {self._card_words(verdict.card)}",
                card=verdict.card,
                accused=verdict.seat,
            )
        return True

    def _tricks(self, a: Tricks) -> None:
        ns, ew = a.ns, a.ew
        did = f"tricks NS {ns}, EW {ew} were recorded without their cards"
        if self.phase == DISCARD:
            raise IllegalAction(
                f"{did}, but {seat_text(self.dealer)} (the dealer) discards first "
                "(? if nobody saw the card)"
            )
        if self.phase != PLAY:
            raise self._refuse(did)
        if self.trick_pos:
            raise IllegalAction(
                f"{did}, but trick {self.trick + 1} is under way: tricks without cards are "
                "recorded between tricks"
            )
        left = HAND_SIZE - self.trick
        for n in (ns, ew):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise IllegalAction(f"{did}, but a number of tricks is a whole number from 0")
        if ns + ew != left:
            raise IllegalAction(
                f"{did}, but they add up to {ns + ew} and {left} trick"
                f"{'s' if left != 1 else ''} {'remain' if left != 1 else 'remains'}"
            )
        self.tricks[0] += ns
        self.tricks[1] += ew
        self.unrecorded = left
        self._score(len(self.actions))


_HANDLERS: Final[dict[type, Callable[[HandState, Any], None]]] = {
    Play: HandState._play,
    Pass: HandState._pass,
    Order: HandState._order,
    Call: HandState._call,
    Discard: HandState._discard,
    DefendAlone: HandState._defend_alone,
    RenegeCall: HandState._renege_call,
    Penalty: HandState._penalty,
    Note: HandState._note,
    Tricks: HandState._tricks,
    Claim: HandState._claim,
    BennySuit: HandState._benny_suit,
    BlindDoubleLoner: HandState._blind_double_loner,
    FarmersHand: HandState._farmers_hand,
    ThrowIn: HandState._throw_in,
    PartnersBest: HandState._partners_best,
}
"""Which method records each kind of action."""

if set(_HANDLERS) != set(ACTION_CLASSES):  # pragma: no cover - a mistake in this file
    raise AssertionError("every kind of action needs a handler in engine/hand.py")
