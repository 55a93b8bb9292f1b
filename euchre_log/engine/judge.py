"""The dispute judge: renege calls, the proofs of reneges, and the verdicts on claims.

``DisputeJudge`` adds to the play machine and card knowledge (``holdings.CardKnowledge``)
what a table argues about. A renege is flagged as soon as the record proves it: the
seat later plays a card of the suit it showed out of (``later_play``), it was known to
hold one (dealt, the upcard it took up, shown with a call), or every other card being
accounted for leaves its hand no way to hold none (``worked_out``). A renege call is
judged at once when it can be (the accused led, or followed suit), and otherwise again
after every action until the record proves or disproves it (``_rejudge``); an upheld
call's penalty is the hand's score. A claim made while every card still held is known is
checked against every defence (``bad_claim``).

It reads both layers below it; neither knows of it.

>>> from .actions import Call, Pass, Play, RenegeCall
>>> from .cards import EAST, NORTH, SOUTH, parse_card
>>> from .rules import Rules
>>> hand = DisputeJudge(Rules(), NORTH, parse_card("9h"))
>>> hand.extend([Pass(s) for s in (1, 2, 3, 0)] + [Call(EAST, 0)])
>>> hand.extend([Play(EAST, parse_card("ac")), Play(SOUTH, parse_card("ad"))])
>>> hand.apply(RenegeCall(NORTH, SOUTH, 1))  # nothing proves it yet
()
>>> [(v.call.accused, v.status) for v in hand.pending_calls()]
[(2, 'pending')]
"""

from __future__ import annotations

from collections.abc import Mapping

from .actions import RenegeCall
from .bidding import seat_text
from .cards import (
    CARD_TEXT,
    HAND_SIZE,
    NO_SUIT,
    NOBODY,
    SEATS,
    SUIT_NAMES,
    SUIT_SINGULAR,
    SUITS,
    Seat,
    Suit,
    cards_of,
    legal_mask,
    same_colour,
)
from .flags import (
    BAD_CLAIM,
    FALSE,
    FALSE_RENEGE_CALL,
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
from .holdings import UNSEEN, CardKnowledge
from .rules import Rules
from .scoring import PASSED_OUT, RENEGE_PENALTY
from .solver import Position, check_claim

# What a seat's hand may hold of a suit (``DisputeJudge._holding``).
_MUST, _CANNOT, _MAYBE = 1, 0, 2


class DisputeJudge(CardKnowledge):
    """The hand, with its reneges proven and its calls judged. See the module docstring."""

    __slots__ = ("calls", "pending", "reneged", "settled_at", "shown_cards", "upheld_call")

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
        self.reneged = [0, 0, 0, 0]  # bit per suit whose renege is already flagged
        self.upheld_call = False  # a renege call was upheld: its penalty is the hand's score
        self.calls: list[CallVerdict] = []
        self.pending = 0  # bit per seat accused by a call that is still pending
        self.settled_at = -1  # index of the action at which the upheld call's penalty applied
        self.shown_cards = [0, 0, 0, 0]  # cards shown with renege calls: certainly held

    def _card_played(
        self, seat: Seat, c: int, suit: Suit, off: Suit, trick: int, fresh: bool
    ) -> None:
        """Every card played: flag the renege it proves, judge the pending calls again,
        and look for a renege that elimination now works out."""
        void, reneged = self.void, self.reneged
        if (void[seat] >> suit) & 1 and not (reneged[seat] >> suit) & 1:
            self._renege_later_play(seat, suit, c, trick)
        if off != NO_SUIT:
            if self._show_out(seat, off, c, trick):
                fresh = True  # a new void: look for a renege worked out below
            if not (reneged[seat] >> off) & 1:
                # The follow-suit rule, asked of the cards the seat is known to hold with
                # the one it played: a card of the led suit among them was held.
                legal = legal_mask(self.held[seat] | 1 << c, off, self.trump)
                if not (legal >> c) & 1:
                    slack = self.slack[seat]  # an unseen discard may account for so many
                    if not slack or legal.bit_count() > slack:
                        self._renege_held(seat, off, c, trick, legal)
        if self.pending:  # any card played can settle a call, by elimination
            self._rejudge(len(self.actions))
        # Only a card that was unseen until now (every seat's options shrink) or a new
        # void can work a renege out: a card the player was known to hold leaves every
        # seat's count of possible cards against its free slots as it was (one card and
        # one slot fewer for the player, nothing for others).
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
            # Few cards unseen: every other card being accounted for may now prove a
            # renege (elimination). With more than 18 (a suit of 9 in the 32-card deck,
            # and 9 others at most), no hand can be worked out.
            self._worked_out(trick)

    def _lead_words(self, suit: Suit) -> str:
        if suit == self.trump:
            return f"a trump lead ({SUIT_NAMES[suit]})"
        return f"a {SUIT_SINGULAR[suit]} lead"

    def _card_words(self, c: int) -> str:
        text = CARD_TEXT[c]
        if c >> 3 == same_colour(self.trump) and self._eff[c] == self.trump:
            return f"{text} (the left bower, a {SUIT_SINGULAR[self.trump]})"
        return text

    def _renege_later_play(self, seat: Seat, suit: Suit, c: int, trick: int) -> None:
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
        seat: Seat,
        suit: Suit,
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
            self._reveal(accused, c)  # seen now: elimination must know before the rejudging
            self.shown_cards[accused] |= 1 << c
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

    def _holding(self, seat: Seat, suit: int, certain: int) -> int:
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

    def _worked_out(self, trick: int) -> None:
        """After a play to ``trick`` (0-based): a renege that every other card being
        accounted for proves (a seat that showed out of a suit must hold one of it now)
        is flagged, as the deal, the upcard and shown cards prove theirs as they are
        played."""
        unseen, void, reneged, sitting = self.unseen, self.void, self.reneged, self.sitting
        cards_at, at = self.cards_at, trick * 4
        for seat in SEATS:
            open_ = void[seat] & ~reneged[seat]
            if not open_ or (sitting >> seat) & 1:
                continue
            held, slack = self.held[seat], self.slack[seat]
            # A seat in play has a card in every trick before this one (``plays_made``,
            # without its loop over the tricks): this one's, if it has played to it.
            left = HAND_SIZE - trick - (cards_at[at + seat] >= 0)
            # ``_holding``'s two ways to _MUST, checked cheaply first: the seat surely holds
            # a known card of the suit (more than an unseen discard explains), or its hand
            # is not filled by known cards and fewer unseen cards of other suits are left
            # than it has cards. A hand its known cards fill has room for no other card.
            filled = held.bit_count() - slack >= left
            open_hand = not filled and not self.hand_known[seat]
            for suit in SUITS:
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

    def _check_claim(self, seat: Seat, did: str) -> bool:
        """When every card still held is known, is the claim good against every legal
        defence? A claim the other side could beat is flagged ``bad_claim`` with the play
        that beats it; the hand is still scored as claimed, as tables do. Returns whether
        the claim could be checked."""
        hands = [0, 0, 0, 0]
        for s in SEATS:
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
                f"{did}, but {seat_text(Seat(verdict.seat))} could win trick {verdict.trick} "
                f"with {self._card_words(verdict.card)}",
                card=verdict.card,
                accused=verdict.seat,
            )
        return True


DisputeJudge._handlers = {**CardKnowledge._handlers, RenegeCall: DisputeJudge._renege_call}
