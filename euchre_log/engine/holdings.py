"""Card knowledge: who may hold which card, as the record shows it.

``CardKnowledge`` adds to the play machine (``play.PlayMachine``) where each card is
known to be (``owner``: a seat's hand, played, the kitty, the discard, or nowhere yet),
the cards known to be in each hand (``held``), how many of those may be gone unseen
(``slack``: an unseen discard or partner's-best swap), whose hands are known whole
(``hand_known``), the suits each seat showed out of (``void``), and the cards the record
places nowhere (``unseen``). It fills in the machine's hooks: it refuses a card the
record places elsewhere (played twice, dealt to another seat) and follows each card as
the bidding and the play move it. It reads the machine and knows nothing of proofs.

Its public questions: ``possible_cards`` (what may be in a seat's hand now),
``known_cards`` (what surely is), ``knows_cards``, ``knows_hand`` and ``showed_out``.

>>> from .actions import Pass
>>> from .cards import EAST, NORTH, cards_of, parse_card
>>> from .rules import Rules
>>> five = tuple(parse_card(c) for c in ("ah", "kc", "qc", "jc", "tc"))
>>> hand = CardKnowledge(Rules(), NORTH, parse_card("9h"), deal={EAST: five})
>>> sorted(cards_of(hand.known_cards(EAST))) == sorted(five), hand.knows_hand(EAST)
(True, True)
>>> hand.possible_cards(NORTH).bit_count()  # any card seen nowhere else
18
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .actions import Action, Pass, Play
from .bidding import DECK_MASKS, seat_text
from .cards import CARD_TEXT, HAND_SIZE, N_CARDS, NO_SUIT, NOBODY, SEATS, Seat, Suit
from .flags import IllegalAction
from .play import PlayMachine
from .rules import Rules

# Where a card is known to be (``CardKnowledge.owner``). Seats 0..3 mean "in that seat's
# hand, not yet played".
UNSEEN: Final = -1
PLAYED: Final = 4
KITTY: Final = 5
DISCARDED: Final = 6
UPCARD: Final = 7  # face up on the kitty while round one lasts
NOT_IN_DECK: Final = 8  # a card this game's deck does not have

KITTY_SIZE: Final = {24: 4, 25: 5, 32: 12}
_OWNER_TEMPLATE: Final = {
    size: [UNSEEN if (mask >> c) & 1 else NOT_IN_DECK for c in range(N_CARDS)]
    for size, mask in DECK_MASKS.items()
}


class CardKnowledge(PlayMachine):
    """The play machine, and what the record knows of each seat's cards. See the module
    docstring."""

    __slots__ = (
        "borrow",
        "hand_known",
        "held",
        "owner",
        "showout_card",
        "showout_trick",
        "slack",
        "unseen",
        "void",
    )

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
        super().__init__(rules, dealer, upcard, deal=deal, kitty=kitty, number=number)
        self.owner = _OWNER_TEMPLATE[rules.deck][:]
        self.held = [0, 0, 0, 0]  # cards known to be in each hand, not yet played
        self.slack = [0, 0, 0, 0]  # how many of ``held`` may be gone (an unseen discard)
        self.hand_known = [False, False, False, False]
        self.void = [0, 0, 0, 0]  # bit per effective suit the seat showed out of
        self.showout_trick = [-1] * 16  # [seat * 4 + suit]: first trick shown out (0-based)
        self.showout_card = [-1] * 16
        # After an unseen partner's-best swap, one of the partner's known cards may turn
        # up in this seat's hand: borrow[seat] is that partner (NOBODY when none).
        self.borrow = [NOBODY] * 4
        self._setup_cards()
        self.unseen = self._unseen_mask()

    # -- public questions

    def known_cards(self, seat: Seat) -> int:
        """The cards (a mask) the record places in ``seat``'s hand now, not yet played
        (all but ``slack`` of them surely still there)."""
        return self.held[seat]

    def knows_hand(self, seat: Seat) -> bool:
        """Does the record hold ``seat``'s whole hand (as dealt, or as it became)?"""
        return self.hand_known[seat]

    def knows_cards(self, seat: Seat) -> bool:
        """Does the record know every card ``seat`` holds now: its whole hand, and no
        known card that an unseen discard or swap may have taken away?"""
        return self.hand_known[seat] and not self.slack[seat]

    def showed_out(self, seat: Seat, suit: Suit) -> bool:
        """Has ``seat`` shown out of ``suit`` (its effective suit) this hand?"""
        return bool((self.void[seat] >> suit) & 1)

    def _setup_cards(self) -> None:
        owner = self.owner
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
                for s in SEATS:
                    if self.cards_at[t * 4 + s] == c:
                        return f"already played by {seat_text(s)} on trick {t + 1}"
            return "already played"
        if 0 <= o < 4:
            if c == self.upcard and o == self.dealer:
                return f"the upcard, which {seat_text(Seat(o))} took up"
            return f"in {seat_text(Seat(o))}'s hand"
        return "not seen yet"

    def possible_cards(self, seat: Seat) -> int:
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

    def _unseen_mask(self) -> int:
        """The cards the record places nowhere yet (a mask): what elimination works from."""
        mask = 0
        for c, o in enumerate(self.owner):
            if o == UNSEEN:
                mask |= 1 << c
        return mask

    # -- the machine's hooks

    def _take_card(self, seat: Seat, c: int) -> bool:
        owner = self.owner
        o = owner[c]
        if o == seat:
            fresh = False
        elif o == UNSEEN and not self.hand_known[seat]:
            fresh = True  # a card nobody knew the player held
            self.unseen &= ~(1 << c)
        else:
            self._take_borrowed(seat, c, o)  # raises, unless the card came over in a swap
            fresh = True
        owner[c] = PLAYED
        self.held[seat] &= ~(1 << c)
        return fresh

    def _take_borrowed(self, seat: Seat, c: int, o: int) -> None:
        """Why the seat cannot play ``c``; or, for the card that came over in an unseen
        partner's-best swap, take it into the seat's hand (and return)."""
        who = seat_text(seat)
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

    def _card_played(
        self, seat: Seat, c: int, suit: Suit, off: Suit, trick: int, fresh: bool
    ) -> None:
        if off != NO_SUIT:
            self._show_out(seat, off, c, trick)

    def _show_out(self, seat: Seat, suit: Suit, c: int, trick: int) -> bool:
        """``seat`` played ``c`` to ``trick`` on a lead of ``suit`` it did not follow:
        record the void; whether it is new."""
        if (self.void[seat] >> suit) & 1:
            return False
        self.void[seat] |= 1 << suit
        self.showout_trick[seat * 4 + suit] = trick
        self.showout_card[seat * 4 + suit] = c
        return True

    def _recorded(self, action: Action) -> None:
        # A pass shows no card (the upcard turned down was seen already): only other
        # actions can change what the record places nowhere.
        if action.__class__ is not Pass and action.__class__ is not Play:
            self.unseen = self._unseen_mask()

    def _reveal(self, seat: Seat, c: int) -> None:
        """``c`` is shown to be in ``seat``'s hand (with a renege call)."""
        self.owner[c] = seat
        self.held[seat] |= 1 << c
        self.unseen &= ~(1 << c)  # seen now: elimination must know at once

    def _upcard_down(self) -> None:
        self.owner[self.upcard] = KITTY

    def _upcard_taken(self) -> None:
        up, dealer = self.upcard, self.dealer
        self.owner[up] = dealer
        self.held[dealer] |= 1 << up

    def _take_discard(self, dealer: Seat, c: int | None) -> None:
        if c is None:
            self.slack[dealer] = 1
            return
        who = seat_text(dealer)
        o = self.owner[c]
        if o != dealer and o != UNSEEN:
            raise IllegalAction(f"{who} discarded {CARD_TEXT[c]}, but it is {self._where(c)}")
        if o == UNSEEN and self.hand_known[dealer]:
            raise IllegalAction(
                f"{who} discarded {CARD_TEXT[c]}, but {who}'s dealt hand does not hold it"
            )
        self.owner[c] = DISCARDED
        self.held[dealer] &= ~(1 << c)

    def _check_held(self, seat: Seat, c: int, did: str) -> None:
        o = self.owner[c]
        if o != seat and not (o == UNSEEN and not self.hand_known[seat]):
            where = self._where(c) if o != UNSEEN else f"not in {seat_text(seat)}'s dealt hand"
            raise IllegalAction(f"{did}, but {CARD_TEXT[c]} is {where}")

    def _check_taken(self, c: int, shown: tuple[int, ...], did: str) -> None:
        o = self.owner[c]
        if o not in (UNSEEN, KITTY) or c in shown:
            raise IllegalAction(f"{did} and took {CARD_TEXT[c]}, but it is {self._where(c)}")
        if o == KITTY and c == self.upcard:
            raise IllegalAction(f"{did} and took {CARD_TEXT[c]}, but the upcard stays on the kitty")

    def _farmer_swap(
        self, seat: Seat, shown: tuple[int, ...], received: tuple[int, ...], three_card: bool
    ) -> None:
        if not received and three_card:
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

    def _shown_hand(self, seat: Seat, shown: tuple[int, ...]) -> None:
        for c in shown:
            self.owner[c] = seat
            self.held[seat] |= 1 << c

    def _exchange(self, seat: Seat, partner: Seat, gave: int | None, received: int | None) -> None:
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
