"""The recorder's grammar: short tokens typed at the table, turned into engine actions.

The seat is always implied by whose turn it is, so a whole hand can be entered as
``9h p p o 9s ah th jh 9h ...``. Tokens are case-insensitive; a line may hold several.
``Session.feed`` applies a line all or nothing: if any token is refused, nothing on the
line is recorded and the error names the token.

The grammar itself is the engine's (``engine.text``): this module is the loop that reads
a line command by command and applies each to the record, with what a session adds to
it (a deal or dealer typed ahead of the next hand, cards the record proves filled in, a
hand ended after an upheld call). It knows no database and prints nothing; the recorder
and the tests drive it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine import actions as A
from ..engine.cards import CARDS, HAND_SIZE, SEAT_LETTERS, Seat
from ..engine.flags import Flag, IllegalAction
from ..engine.hand import PLAY, HandState
from ..engine.record import Entry, GameRecord, StartHand
from ..engine.rules import Rules
from ..engine.text import (
    MAX_LINE,
    RANK_WORDS,
    TABLE,
    Command,
    Deal,
    Dealer,
    End,
    Meta,
    Reader,
    Speaker,
    Step,
    TextError,
    Undo,
    Upcard,
)

__all__ = ["MAX_LINE", "RANK_WORDS", "Checkpoint", "EntryError", "Fed", "Session"]

EntryError = TextError
"""A line the recorder refuses: the message names the token and says what was expected."""


@dataclass(frozen=True)
class Checkpoint:
    """A session as it was, to put back when a line is refused."""

    history: list[Entry]
    pending_deal: dict[Seat, tuple[int, ...]]
    pending_dealer: Seat | None
    ended: int | None
    filled_at: frozenset[int]
    dealt_late: tuple[tuple[int, int], ...] = ()


@dataclass
class Fed:
    """What a line did: the entries recorded, the flags they raised, and any commands."""

    entries: list[Entry] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    meta: list[str] = field(default_factory=list)
    hands_finished: list[int] = field(default_factory=list)
    filled: list[A.Play] = field(default_factory=list)  # cards the record proved
    # Deals entered after the upcard (seat, cards), or taken back (seat, None): the hand
    # was checked again from its start, so its entries were taken back and recorded again.
    dealt: list[tuple[int, tuple[int, ...] | None]] = field(default_factory=list)


class Session(GameRecord):
    """A game being recorded from tokens: the record, plus what the next hand needs.

    A ``deal`` or ``dealer`` typed ahead of the next hand waits in ``pending_deal`` and
    ``pending_dealer``; ``ended`` is the hand the table stopped after an upheld renege call.
    """

    def __init__(
        self,
        rules: Rules,
        first_dealer: Seat,
        initial_score: tuple[int, int] = (0, 0),
        *,
        fill: bool = True,
    ) -> None:
        super().__init__(rules, first_dealer, initial_score)
        # Play a seat's last card when the record proves which it is (``fill``).
        self.fill = fill
        self.pending_deal: dict[Seat, tuple[int, ...]] = {}
        self.pending_dealer: Seat | None = None
        # A hand settled by an upheld renege call may be played out or ended (``end``);
        # this is the number of the one the table ended, if it is the last.
        self.ended: int | None = None
        self.filled_at: set[int] = set()  # places in ``history`` of cards filled in
        # Each deal entered after the upcard, as (the length of ``history`` then, seat),
        # so that an undo right after it takes it back.
        self.dealt_late: list[tuple[int, int]] = []
        # A stored game, once won, takes no undo until it is reopened (``record --reopen``).
        self.closed_when_won = False

    @classmethod
    def of(cls, record: GameRecord, *, fill: bool = True) -> Session:
        """A session that goes on from a record (a stored game), without replaying it."""
        session = cls(record.rules, record.first_dealer, record.initial_score, fill=fill)
        session.go_on_from(record)
        return session

    # ------------------------------------------------------------------ state

    @property
    def hand(self) -> HandState | None:
        """The hand being recorded, or None between hands."""
        hand = self.game.current
        if hand is None or hand.finished or hand.number == self.ended:
            return None
        return hand

    def checkpoint(self) -> Checkpoint:
        """Everything ``rollback`` needs to put the session back as it is now."""
        return Checkpoint(
            list(self.history),
            dict(self.pending_deal),
            self.pending_dealer,
            self.ended,
            frozenset(self.filled_at),
            tuple(self.dealt_late),
        )

    def rollback(self, saved: Checkpoint) -> None:
        """Put the session back as it was at ``checkpoint``, a deal or dealer typed ahead
        of the next hand included."""
        self.restore(saved.history)
        self.pending_deal = dict(saved.pending_deal)
        self.pending_dealer = saved.pending_dealer
        self.ended = saved.ended
        self.filled_at = set(saved.filled_at)
        self.dealt_late = list(saved.dealt_late)

    def dealer_for_next_hand(self) -> Seat:
        return self.next_dealer() if self.pending_dealer is None else self.pending_dealer

    def replay(self, history: list[Entry]) -> None:
        """Rebuild the state from a history; what was typed ahead is gone."""
        self.pending_deal = {}
        self.pending_dealer = None
        self.ended = None
        self.filled_at = set()
        self.dealt_late = []
        super().replay(history)

    def record(self, entry: Entry) -> list[Flag]:
        flags = super().record(entry)
        if isinstance(entry, StartHand):
            self.pending_deal = {}
            self.pending_dealer = None
        return flags

    def undo(self) -> Entry | None:
        """Take back the last entry, even a hand's start; None when there is nothing."""
        if self.pending_deal or self.pending_dealer is not None:
            self.pending_deal = {}
            self.pending_dealer = None
            return None
        if self.ended is not None:
            self.ended = None  # the hand is open again; nothing stored changes
            return None
        if not self.history:
            return None
        won = self.game.winner
        if won is not None and self.closed_when_won:
            ns, ew = self.game.score
            raise EntryError(
                f"the game is over ({('NS', 'EW')[won]} won, {ns}-{ew}): undo takes back a "
                "won game's entries only once it is reopened, which its record keeps: "
                "leave, then euchre-log record --reopen GAME"
            )
        if self.dealt_late and self.dealt_late[-1][0] == len(self.history):
            self._take_back_deal()
            return None
        # Cards filled in after the last entry typed go with it: undoing them alone would
        # only fill them in again.
        cut = len(self.history) - 1
        while cut > 0 and cut in self.filled_at:
            cut -= 1
        last = self.history[cut]
        filled = {i for i in self.filled_at if i < cut}
        self.truncate(cut)  # replays only the hand the cut falls in
        self.filled_at = filled
        self.dealt_late = [d for d in self.dealt_late if d[0] <= cut]
        return last

    def _take_back_deal(self) -> None:
        """Undo a deal entered after the upcard: the hand's start loses it again."""
        _, seat = self.dealt_late.pop()
        at = self._starts[-1]
        start = self.history[at]
        assert isinstance(start, StartHand)
        deal = {s: cards for s, cards in start.deal.items() if s != seat}
        try:
            self.restore([*self.history[:at], replace(start, deal=deal), *self.history[at + 1 :]])
        except IllegalAction as exc:  # pragma: no cover - fewer known cards prove less
            raise EntryError(f"'undo': {exc}", "undo") from None

    # ------------------------------------------------------------------ input

    def feed(self, line: str, speaker: Speaker = TABLE) -> Fed:
        """Apply one line, all or nothing, said by ``speaker`` (the table, unless a seat
        says it for itself). Raises ``EntryError`` naming the refused token."""
        saved = self.checkpoint()
        fed = Fed()
        try:
            self._feed(line, fed, speaker)
        except EntryError:
            self.rollback(saved)
            raise
        return fed

    def forced(self) -> A.Play | None:
        """The next card, when the record proves it: the seat to play has one card left
        and it is known (the deal was shown, or every other card is accounted for)."""
        hand = self.hand
        if hand is None or hand.phase != PLAY or not self.fill:
            return None
        seat = hand.turn
        if HAND_SIZE - hand.plays_made(seat) != 1:
            return None
        possible = hand.possible_cards(seat)
        if possible.bit_count() != 1:
            return None
        return A.Play(seat, CARDS[possible.bit_length() - 1])

    def fill_forced(self) -> Fed:
        """Play every card the record proves, as the live recorder does after each line:
        the last trick plays itself when every remaining card is known."""
        fed = Fed()
        while (play := self.forced()) is not None:
            fed.filled.append(play)
            self._entry(play, fed, _FILLED)
            self.filled_at.add(len(self.history) - 1)
        return fed

    # What a token is read against (``engine.text.Situation``): ``hand`` above, and these.

    @property
    def last(self) -> HandState | None:
        """The game's last hand, even when it is over."""
        return self.game.current

    @property
    def deals_next(self) -> Seat:
        """Who deals the next hand: the rules' next dealer, or the one typed ahead."""
        return self.dealer_for_next_hand()

    def _feed(self, line: str, fed: Fed, speaker: Speaker) -> None:
        reader = Reader(line)
        while not reader.done:
            step = reader.next(self, speaker)
            for command in step.commands:
                if not self._do(command, step, fed):
                    reader.again()
                    break

    def _do(self, command: Command, step: Step, fed: Fed) -> bool:
        """Apply one command of a line; False when the token is to be read again (a card
        the record proves went in first)."""
        match command:
            case A.Play():
                forced = self.forced()
                if forced is not None and command.card != forced.card:
                    # Not the seat's last card, which the record proves: it is the next
                    # seat's. The proven card goes in first, as the live recorder would.
                    fed.filled.append(forced)
                    self._entry(forced, fed, _FILLED)
                    self.filled_at.add(len(self.history) - 1)
                    return False
                self._entry(command, fed, step)
            case Undo():
                fed.meta.append("undo")
                late = self.dealt_late[-1] if self.dealt_late else None
                self.undo()
                if (
                    late is not None
                    and late not in self.dealt_late
                    and late[0] == len(self.history)
                ):
                    fed.dealt.append((late[1], None))  # the undo took the deal back
            case Meta(word=word):
                fed.meta.append(word)
            case End():
                hand = self.hand
                assert hand is not None  # the reader ends only a hand being played
                self.ended = hand.number
                fed.meta.append("end")
            case Deal(seat=seat, cards=cards):
                if self.hand is None:
                    self.pending_deal[seat] = cards
                    fed.meta.append("deal")
                else:
                    self._deal_now(command, step, fed)
                    fed.meta.append("deal")
            case Dealer(seat=seat):
                self.pending_dealer = seat
                fed.meta.append("dealer")
            case Upcard(card=card):
                start = StartHand(self.dealer_for_next_hand(), card, dict(self.pending_deal))
                self._entry(start, fed, step)
            case A.RenegeCall():
                self._entry(command, fed, step)
                self._ended_by_call()
            case _:
                self._entry(command, fed, step)
        return True

    def _ended_by_call(self) -> None:
        hand = self.game.current
        made = hand.calls[-1] if hand is not None and hand.calls else None
        if (
            hand is not None
            and made is not None
            and made.penalised
            and made.decided_at == made.index
            and not hand.finished
        ):
            # Proven when called: the table throws the hand in (000 §9: "If penalty points
            # are assessed, the hand is thrown in"), so the next card is the next upcard.
            self.ended = hand.number

    def _deal_now(self, deal: Deal, step: Step, fed: Fed) -> None:
        """A seat's five cards entered after the upcard, before its first card: the
        hand's start gains them, and the hand is played again from it."""
        hand = self.hand
        assert hand is not None
        who = SEAT_LETTERS[deal.seat]
        if hand.plays_made(deal.seat):
            problem = f"{who} has played a card already: a deal is entered before it"
        elif deal.seat in hand.deal:
            problem = f"{who}'s deal is entered already"
        else:
            problem = ""
        if problem:
            raise TextError(f"{step.token!r}: {problem}", step.token, step.word)
        at = self._starts[-1]
        start = self.history[at]
        assert isinstance(start, StartHand)
        new = replace(start, deal={**start.deal, deal.seat: deal.cards})
        known = list(hand.flags)
        try:
            self.restore([*self.history[:at], new, *self.history[at + 1 :]])
        except IllegalAction as exc:
            raise TextError(f"{step.token!r}: {exc}", step.token, step.word) from None
        self.dealt_late.append((len(self.history), deal.seat))
        fed.dealt.append((deal.seat, deal.cards))
        now = self.game.current
        assert now is not None
        fed.flags.extend(f for f in now.flags if f not in known)  # what the cards prove

    def _entry(self, entry: Entry, fed: Fed, step: Step) -> None:
        before = self.hand
        try:
            flags = self.record(entry)
        except IllegalAction as exc:
            raise TextError(f"{step.token!r}: {exc}", step.token, step.word) from None
        fed.entries.append(entry)
        fed.flags.extend(flags)
        if before is not None and before.finished:
            fed.hands_finished.append(before.number)


_FILLED = Step((), "(filled in)", -1)
"""The step of a card the record proved, filled in without being typed."""
