"""The play machine, part one: a hand's state, its questions, and the bidding.

``Bidding`` holds what the table does in the open: the phase, whose turn it is, the
bids, trump and the maker, who sits out, the cards played to each trick, the tricks won
and the points. It takes every action before the first card (the bids, the dealer's
discard, a lone defence and the variants' declarations) and raises the flags of the
bidding's rules. It knows nothing of who holds which card: where an action moves a card
between hands, it calls a hook (``_upcard_taken``, ``_take_discard``, ``_check_held``...)
that does nothing here and that card knowledge (``knowledge.CardKnowledge``) fills in.
``play.PlayMachine`` adds the play of the cards and the scoring.

>>> from .actions import Order, Pass
>>> from .cards import EAST, NORTH, parse_card
>>> table = Bidding(Rules(), NORTH, parse_card("9h"))
>>> table.expected()
"it is E's turn to pass or order up hearts"
>>> Bidding._handlers[Pass](table, Pass(EAST))
>>> table.to_act(), table.bids
(2, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum, IntEnum
from typing import Any, ClassVar, Final

from .actions import (
    Action,
    BennySuit,
    BlindDoubleLoner,
    Call,
    DefendAlone,
    Discard,
    FarmersHand,
    Order,
    PartnersBest,
    Pass,
    ThrowIn,
)
from .cards import (
    ACE,
    BENNY,
    CARD_TEXT,
    CARDS,
    CLUBS,
    EFFECTIVE_SUIT,
    HAND_SIZE,
    JACK,
    KING,
    N_CARDS,
    NINE,
    NO_SUIT,
    NOBODY,
    NORTH,
    POWER,
    QUEEN,
    SEAT_LETTERS,
    SEATS,
    SUIT_MASK,
    SUIT_NAMES,
    TEN,
    Seat,
    Suit,
    deck_mask,
    left_of,
    partner_of,
    suit_of,
)
from .flags import (
    ILLEGAL_BID,
    INVALID_EXCHANGE,
    INVALID_FARMERS_HAND,
    INVALID_THROW_IN,
    Flag,
    IllegalAction,
)
from .rules import Rules
from .scoring import INCOMPLETE, PASSED_OUT, RENEGE_PENALTY, THROWN_IN, Outcome


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


def throw_in_qualifies(name: str, cards: tuple[int, ...], trump: Suit) -> bool:
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


DECK_MASKS: Final = {size: deck_mask(size) for size in (24, 25, 32)}
"""The cards of each deck size, as a mask."""


def seat_text(seat: Seat) -> str:
    return SEAT_LETTERS[seat]


class Bidding:
    """The open state of one hand and the actions before the first card. See the module
    docstring."""

    __slots__ = (
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
        "kitty",
        "leaders",
        "led",
        "maker",
        "named_suit",
        "next_seat",
        "number",
        "outcome",
        "penalties",
        "phase",
        "rules",
        "scored_at",
        "sitting",
        "trick",
        "trick_pos",
        "trick_size",
        "tricks",
        "trump",
        "turn",
        "unrecorded",
        "upcard",
        "winners",
    )

    _handlers: ClassVar[dict[type, Callable[[Any, Any], None]]]
    """Which function records each kind of action: each layer adds its own."""

    def __init__(
        self,
        rules: Rules,
        dealer: Seat,
        upcard: int,
        *,
        deal: Mapping[Seat, tuple[int, ...]] | None = None,
        kitty: tuple[int, ...] = (),
        number: int = 1,
    ) -> None:
        self.rules = rules
        self.number = number
        self.dealer = dealer
        # The hand's record holds ``Card``s (a number that is no card is kept as it came,
        # for ``_card_ok`` below and the deal's checks to refuse in words).
        self.upcard = _as_card(upcard)
        self.deal: dict[Seat, tuple[int, ...]] = {
            s: tuple(map(_as_card, cards)) for s, cards in (deal or {}).items()
        }
        self.kitty = tuple(map(_as_card, kitty))
        self.actions: list[Action] = []
        self.flags: list[Flag] = []
        self._deck_mask = DECK_MASKS[rules.deck]

        self.phase: Phase = ROUND_ONE
        self.turn = left_of(dealer)
        self.bids = 0  # actions taken in the current bidding round
        self.trump = NO_SUIT  # no trump yet
        self.maker = NOBODY
        self.alone = False
        self.defender = NOBODY
        self.sitting = 0  # bit mask of seats that sit out
        self.next_seat = [left_of(s) for s in SEATS]
        self.trick_size = 4

        self.cards_at = [-1] * 20  # [trick * 4 + seat]: the card played
        self.leaders: list[Seat] = []
        self.winners: list[Seat] = []
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
        self.scored_at = -1  # index of the action that completed the play (the last card)
        self.unrecorded = 0  # tricks recorded without their cards (``tricks``, ``claim``)
        self.claimed = NOBODY  # the seat that claimed the rest of the tricks
        self.claim_known = False  # every card still held was known, so the claim was checked
        self.blind = False
        self.named_suit = NO_SUIT  # the suit the dealer named for a turned-up Benny
        self.club_forced = False  # club euchre: a club is up and the dealer must take it
        self.exchanges = [0, 0, 0, 0]  # partner's-best swaps, per seat
        self._eff: tuple[Suit, ...] = ()
        self._power: tuple[int, ...] = ()
        self._suit_mask: tuple[int, ...] = ()
        self._card_ok(upcard, "the upcard: ")
        if upcard == BENNY:
            self.phase = NAMING
            self.turn = dealer
        elif rules.club_euchre and suit_of(upcard) == CLUBS:
            self.club_forced = True
            self.turn = dealer
        # Each part of the hand above this one (card knowledge, the judge) starts its own
        # fields here, so the constructor's signature is written once.
        self._start_part()

    def _start_part(self) -> None:
        """Start the fields of the parts built on this one: each part's override calls
        ``super()._start_part()`` first, so a part starts after the parts below it."""

    def _card_ok(self, c: int, prefix: str) -> None:
        """Refuse a card that is not in this game's deck; ``prefix`` starts the message."""
        if not (isinstance(c, int) and 0 <= c < N_CARDS and (self._deck_mask >> c) & 1):
            text = CARD_TEXT[c] if isinstance(c, int) and 0 <= c < N_CARDS else repr(c)
            raise IllegalAction(f"{prefix}{text} is not in the {self.rules.deck}-card deck")

    @property
    def finished(self) -> bool:
        """True once the hand's outcome is settled: played out, passed out or penalised."""
        return self.phase == OVER

    def active(self, seat: Seat) -> bool:
        """True when the seat takes part in the play (it does not sit out)."""
        return not (self.sitting >> seat) & 1

    def to_act(self) -> Seat | None:
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
        who = seat_text(self.to_act() or NORTH)
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
        if self.outcome == RENEGE_PENALTY:
            return "a renege call was upheld"
        return "all five tricks were played"

    def offered_suit(self) -> Suit:
        """The suit on offer in round one: the upcard's, or the one named for the Benny."""
        return self.named_suit if self.upcard == BENNY else suit_of(self.upcard)

    def plays_made(self, seat: Seat) -> int:
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

    def _refuse(self, did: str) -> IllegalAction:
        return IllegalAction(f"{did}, but {self.expected()}")

    def _seat_ok(self, seat: Seat) -> None:
        if not (isinstance(seat, int) and 0 <= seat < 4):
            raise IllegalAction(f"{seat!r} is not a seat")

    def _flag(
        self,
        kind: str,
        seat: Seat | None,
        trick: int | None,
        message: str,
        **proof: int | str | None,
    ) -> Flag:
        flag = Flag(kind, seat, trick, message, **proof)  # type: ignore[arg-type]
        self.flags.append(flag)
        return flag

    def _bid_turn(self, seat: Seat, did: str, phase: int) -> None:
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

    def order_words(self, seat: Seat) -> str:
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
                self._upcard_down()
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

    def _club_bid(self, seat: Seat, did: str) -> None:
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
        self._upcard_taken()
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

    def _fix_trump(self, seat: Seat, suit: Suit, alone: bool) -> None:
        self.trump = suit
        self.maker = seat
        self.alone = bool(alone)
        self._eff = EFFECTIVE_SUIT[suit]
        self._power = POWER[suit]
        self._suit_mask = SUIT_MASK[suit]
        if alone:
            self._sit_out(partner_of(seat))

    def _sit_out(self, seat: Seat) -> None:
        self.sitting |= 1 << seat
        nxt = self.next_seat
        for s in SEATS:
            n = left_of(s)
            while (self.sitting >> n) & 1:
                n = left_of(n)
            nxt[s] = n
        self.trick_size -= 1

    def _leader(self) -> Seat:
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
                if not any(x.__class__ in (Order, BlindDoubleLoner) for x in self.actions):
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
        if c is not None:
            self._card_ok(c, f"{who} discarded {CARD_TEXT[c] if 0 <= c < N_CARDS else c}, but ")
        self._take_discard(dealer, c)
        self.discard = c
        self._start_play()

    def _before_first_card(self) -> bool:
        """Trump is made and no card is played yet: when a defender may go alone and a
        lone player may exchange with their partner."""
        return (
            self.trump != NO_SUIT
            and self.phase in (DISCARD, PLAY)
            and not self.trick
            and not self.trick_pos
        )

    def _defend_alone(self, a: DefendAlone) -> None:
        seat = a.seat
        self._seat_ok(seat)
        who = seat_text(seat)
        if not self._before_first_card():
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

    def _hand_cards_ok(self, seat: Seat, cards: tuple[int, ...], did: str) -> None:
        """The cards must be in the seat's hand, as far as the record knows."""
        if len(set(cards)) != len(cards):
            raise IllegalAction(f"{did}, but a card is listed twice")
        for c in cards:
            self._card_ok(c, f"{did}, but ")
            self._check_held(seat, c, did)

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
            self._check_taken(c, shown, did)
        problem = None
        if mode == "off":
            problem = "these rules have no farmer's hand"
        elif mode == "three_card":
            ranks = {c & 7 for c in shown}
            if BENNY in shown or len(ranks) != 1 or ranks.pop() not in (NINE, TEN):
                problem = "a farmer's hand shows three 9s or three 10s"
        else:
            offered = self.offered_suit()
            eff = EFFECTIVE_SUIT[offered] if offered != NO_SUIT else ()
            if offered != NO_SUIT and any(eff[c] == offered for c in shown):
                problem = (
                    f"a farmer's hand holds no trump at all, and {SUIT_NAMES[offered]} is on offer"
                )
            elif any(isinstance(x, FarmersHand) for x in self.actions):
                problem = "only one farmer's hand is allowed per deal"
        if problem:
            self._flag_shown(INVALID_FARMERS_HAND, seat, did, shown, problem)
        self._farmer_swap(seat, shown, received, mode == "three_card")

    def _flag_shown(
        self, kind: str, seat: Seat, did: str, shown: tuple[int, ...], problem: str
    ) -> None:
        """Flag a hand shown to the table (a farmer's hand, a throw-in) that does not
        qualify, naming the cards shown and why."""
        cards = " ".join(CARD_TEXT[c] for c in shown)
        self._flag(kind, seat, None, f"{did} showing {cards}, but {problem}")

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
            self._flag_shown(INVALID_THROW_IN, seat, did, shown, problem)
        self._shown_hand(seat, shown)
        self.outcome = THROWN_IN
        self.phase = OVER

    def _partners_best(self, a: PartnersBest) -> None:
        seat, gave, received = a.seat, a.gave, a.received
        self._seat_ok(seat)
        who = seat_text(seat)
        did = f"{who} exchanged a card with their partner"
        if not self._before_first_card():
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
        self._exchange(seat, partner, gave, received)
        self.exchanges[seat] += 1

    # -- the hooks card knowledge fills in: where the bidding moves a card, or a hand's
    # cards must be checked against what the record knows of them. Here they do nothing.

    def _upcard_down(self) -> None:
        """Round one is over: the upcard is turned down on the kitty."""

    def _upcard_taken(self) -> None:
        """The dealer picks the upcard up."""

    def _take_discard(self, dealer: Seat, c: int | None) -> None:
        """The dealer discards ``c`` (None: nobody saw it); refuse a card not in the hand."""

    def _check_held(self, seat: Seat, c: int, did: str) -> None:
        """Refuse ``c`` if the record places it outside ``seat``'s hand."""

    def _check_taken(self, c: int, shown: tuple[int, ...], did: str) -> None:
        """Refuse ``c`` as a card a farmer's hand takes from the kitty, if it cannot be."""

    def _farmer_swap(
        self, seat: Seat, shown: tuple[int, ...], received: tuple[int, ...], three_card: bool
    ) -> None:
        """A farmer's hand: ``shown`` go to the kitty, ``received`` (if known) come out."""

    def _shown_hand(self, seat: Seat, shown: tuple[int, ...]) -> None:
        """A throw-in showed the seat's whole hand."""

    def _exchange(self, seat: Seat, partner: Seat, gave: int | None, received: int | None) -> None:
        """Partner's best: ``seat`` gave ``gave`` and took ``received`` (None: unseen)."""


Bidding._handlers = {
    Pass: Bidding._pass,
    Order: Bidding._order,
    Call: Bidding._call,
    Discard: Bidding._discard,
    DefendAlone: Bidding._defend_alone,
    BennySuit: Bidding._benny_suit,
    BlindDoubleLoner: Bidding._blind_double_loner,
    FarmersHand: Bidding._farmers_hand,
    ThrowIn: Bidding._throw_in,
    PartnersBest: Bidding._partners_best,
}


def _as_card(c: int) -> int:
    """``c`` as its ``Card`` when it is a card number, else as it came."""
    return CARDS[c] if type(c) is int and 0 <= c < N_CARDS else c
