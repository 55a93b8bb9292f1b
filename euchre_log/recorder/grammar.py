"""The recorder's grammar: short tokens typed at the table, turned into engine actions.

The seat is always implied by whose turn it is, so a whole hand can be entered as
``9h p p o 9s ah th jh 9h ...``. Tokens are case-insensitive; a line may hold several.
``Session.feed`` applies a line all or nothing: if any token is refused, nothing on the
line is recorded and the error names the token.

This module knows no database and prints nothing; the recorder and the tests drive it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..engine import actions as A
from ..engine.cards import (
    CARD_TEXT,
    HAND_SIZE,
    SEAT_LETTERS,
    SUIT_NAMES,
    CardError,
    left_of,
    parse_card,
    parse_seat,
    parse_suit,
    parse_team,
)
from ..engine.flags import Flag, IllegalAction
from ..engine.hand import (
    DISCARD,
    NAMING,
    PLAY,
    ROUND_ONE,
    ROUND_TWO,
    THROW_IN_RULES,
    HandState,
)
from ..engine.record import Entry, GameRecord, StartHand
from ..engine.rules import Rules

ORDER_WORDS = {
    "o",
    "order",
    "up",
    "assist",
    "pick",
    "take",
    "orderup",
    "o!",
    "order!",
    "up!",
    "assist!",
    "pick!",
    "take!",
}
PASS_WORDS = {"p", "pass", "-"}
ALONE_WORDS = {"alone", "!", "a"}
UNSEEN_WORDS = {"?", "unseen", "x"}
META_WORDS = {"undo", "show", "help", "quit", "exit", "q"}
END_WORDS = {"end", "next"}
TRICKS_WORDS = {"tricks"}
_SHORT_TRICKS = re.compile(r"t(\d)")  # t4: the makers took 4
# Several bids in one token, e.g. ppo (pass, pass, order up) or ppppph! (hearts alone).
_BID_RUN = re.compile(r"(?:[po]!?|[cdhs]!?)+")
_BID_PIECE = re.compile(r"[po]!?|[cdhs]!?")
# A card by its rank alone, and several of them in one token (a k 9 q, or ak9q).
RANK_WORDS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANKS = {
    **dict(zip(RANK_WORDS, range(8), strict=True)),
    **{"7": 0, "8": 1, "9": 2, "10": 3, "t": 3, "j": 4, "q": 5, "k": 6, "a": 7},
}
_RANK_RUN = re.compile(r"(?:10|[789tjqka])+")
_RANK_PIECE = re.compile(r"10|[789tjqka]")


THROW_IN_ALIASES = {
    **{name: name for name in THROW_IN_RULES},
    "nines": "nines-and-tens",
    "ace": "ace-no-face",
    "king": "king-nothing",
    "queens": "three-queens",
    "jack": "jack-nothing",
    "noace": "no-ace-no-face",
}


def _split_cards(word: str) -> list[str] | None:
    """``ahthjh9h`` as ``["ah", "th", "jh", "9h"]``; None unless the whole word is cards."""
    out: list[str] = []
    i = 0
    while i < len(word):
        for size in (3, 2):
            piece = word[i : i + size]
            try:
                parse_card(piece)
            except CardError:
                continue
            out.append(piece)
            i += size
            break
        else:
            return None
    return out


def _ranks_and_cards(word: str) -> list[tuple[str, bool]] | None:
    """``kt9ha`` as ``[("k", False), ("t", False), ("9h", True), ("a", False)]``: the
    word split into ranks alone and whole cards (``True``), at each place a card written
    rank first (``9h``) tried before a rank alone, and a card written suit first (``ha``)
    last; None when it cannot be split so, or holds only one of the two (a run the
    grammar takes)."""
    ends: dict[int, list[tuple[str, bool]] | None] = {len(word): []}
    for i in range(len(word) - 1, -1, -1):  # from the end, so each start is tried once
        found: list[tuple[str, bool]] | None = None
        rank = _RANK_PIECE.match(word, i)
        cards = [(word[i : i + size], True) for size in (3, 2) if i + size <= len(word)]
        tries = [c for c in cards if rank is not None and c[0].startswith(rank.group())]
        tries += [(rank.group(), False)] if rank is not None else []
        tries += [c for c in cards if c not in tries]
        for piece, whole in tries:
            rest = ends.get(i + len(piece))
            if rest is None:
                continue
            if whole:
                try:
                    parse_card(piece)
                except CardError:
                    continue
            found = [(piece, whole), *rest]
            break
        ends[i] = found
    pieces = ends[0]
    if pieces is None or len({whole for _, whole in pieces}) < 2:
        return None
    return pieces


def _mixed_run_error(token: str) -> EntryError | None:
    """Why a run like ``kt9ha`` is refused, in words, with what to type instead; None
    when the token is no such run."""
    pieces = _ranks_and_cards(token.lower())
    if pieces is None:
        return None
    ranks = " ".join(p for p, whole in pieces if not whole)
    cards = " ".join(p for p, whole in pieces if whole)
    apart: list[str] = []
    for k, (piece, whole) in enumerate(pieces):
        if k and whole == pieces[k - 1][1]:
            apart[-1] += piece
        else:
            apart.append(piece)
    return EntryError(
        f"{token!r} mixes cards by rank alone ({ranks}) with cards named with their suit "
        f"({cards}) in one run: a run is all ranks alone (like kt9) or all cards with their "
        f"suits (like kh9h). Type them apart: {' '.join(apart)}"
    )


def _is_seat(token: str) -> bool:
    try:
        parse_seat(token)
    except CardError:
        return False
    return True


TEAM_WORDS = ("North-South", "East-West")

MAX_LINE = 10000
"""The longest line the recorder takes: a long note, not a file pasted by mistake."""


class EntryError(ValueError):
    """A token the recorder refuses: the message names it and says what was expected."""


@dataclass(frozen=True)
class Checkpoint:
    """A session as it was, to put back when a line is refused."""

    history: list[Entry]
    pending_deal: dict[int, tuple[int, ...]]
    pending_dealer: int | None
    ended: int | None
    filled_at: frozenset[int]


@dataclass
class Fed:
    """What a line did: the entries recorded, the flags they raised, and any commands."""

    entries: list[Entry] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    meta: list[str] = field(default_factory=list)
    hands_finished: list[int] = field(default_factory=list)
    filled: list[A.Play] = field(default_factory=list)  # cards the record proved


class Session(GameRecord):
    """A game being recorded from tokens: the record, plus what the next hand needs.

    A ``deal`` or ``dealer`` typed ahead of the next hand waits in ``pending_deal`` and
    ``pending_dealer``; ``ended`` is the hand the table stopped after an upheld renege call.
    """

    def __init__(
        self,
        rules: Rules,
        first_dealer: int,
        initial_score: tuple[int, int] = (0, 0),
        *,
        fill: bool = True,
    ) -> None:
        super().__init__(rules, first_dealer, initial_score)
        # Play a seat's last card when the record proves which it is (``fill``).
        self.fill = fill
        self.pending_deal: dict[int, tuple[int, ...]] = {}
        self.pending_dealer: int | None = None
        # A hand settled by an upheld renege call may be played out or ended (``end``);
        # this is the number of the one the table ended, if it is the last.
        self.ended: int | None = None
        self.filled_at: set[int] = set()  # places in ``history`` of cards filled in
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
        )

    def rollback(self, saved: Checkpoint) -> None:
        """Put the session back as it was at ``checkpoint``, a deal or dealer typed ahead
        of the next hand included."""
        self.restore(saved.history)
        self.pending_deal = dict(saved.pending_deal)
        self.pending_dealer = saved.pending_dealer
        self.ended = saved.ended
        self.filled_at = set(saved.filled_at)

    def dealer_for_next_hand(self) -> int:
        return self.next_dealer() if self.pending_dealer is None else self.pending_dealer

    def replay(self, history: list[Entry]) -> None:
        """Rebuild the state from a history; what was typed ahead is gone."""
        self.pending_deal = {}
        self.pending_dealer = None
        self.ended = None
        self.filled_at = set()
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
        # Cards filled in after the last entry typed go with it: undoing them alone would
        # only fill them in again.
        cut = len(self.history) - 1
        while cut > 0 and cut in self.filled_at:
            cut -= 1
        last = self.history[cut]
        filled = {i for i in self.filled_at if i < cut}
        self.truncate(cut)  # replays only the hand the cut falls in
        self.filled_at = filled
        return last

    # ------------------------------------------------------------------ input

    def feed(self, line: str) -> Fed:
        """Apply one line, all or nothing. Raises ``EntryError`` naming the refused token."""
        saved = self.checkpoint()
        fed = Fed()
        try:
            self._feed(line, fed)
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
        return A.Play(seat, possible.bit_length() - 1)

    def fill_forced(self) -> Fed:
        """Play every card the record proves, as the live recorder does after each line:
        the last trick plays itself when every remaining card is known."""
        fed = Fed()
        while (play := self.forced()) is not None:
            fed.filled.append(play)
            self._entry(play, fed, "(filled in)")
            self.filled_at.add(len(self.history) - 1)
        return fed

    def _feed(self, line: str, fed: Fed) -> None:
        if len(line) > MAX_LINE:
            raise EntryError(f"the line is {len(line)} characters long; {MAX_LINE} at most")
        tokens = line.split()
        i = 0
        while i < len(tokens):
            token = tokens[i]
            word = token.lower()
            pieces = self._pieces(word)
            if pieces is not None:
                tokens[i : i + 1] = pieces
                continue
            n = i + 1
            if word in ("note", "#"):
                text = " ".join(tokens[i + 1 :]).strip()
                if not text:
                    raise EntryError("note needs some text: note E forgot the score")
                self._entry(A.Note(None, text), fed, token)
                return
            if word == "penalty":
                self._penalty(tokens[i + 1 :], fed)
                return
            if word in META_WORDS:
                fed.meta.append({"exit": "quit", "q": "quit"}.get(word, word))
                if word == "undo":
                    self.undo()
                i = n
                continue
            hand = self.hand
            if word in END_WORDS:
                self._end(token)
                fed.meta.append("end")
                i = n
                continue
            if word in TRICKS_WORDS or _SHORT_TRICKS.fullmatch(word):
                n = self._tricks(tokens, i, fed)
            elif word == "claim":
                n = self._claim(tokens, i, fed)
            elif word == "renege":
                n = self._renege(tokens, i, fed)
            elif word in ("farmer", "farmers", "farmer's"):
                n = self._farmer(tokens, i, fed)
            elif word == "throw":
                n = self._throw(tokens, i, fed)
            elif word == "swap":
                n = self._swap(tokens, i, fed)
            elif word in ("blind", "bdl") and hand is not None:
                seat = hand.turn
                n = i + 1
                if n < len(tokens) and _is_seat(tokens[n]):
                    seat = self._seat(tokens[n])
                    n += 1
                self._entry(A.BlindDoubleLoner(seat), fed, token)
            elif word == "defend":
                if n >= len(tokens):
                    raise EntryError("defend needs the seat that defends alone: defend E")
                seat = self._seat(tokens[n])
                self._entry(A.DefendAlone(seat), fed, token)
                n += 1
            elif hand is None:
                n = self._between_hands(tokens, i, fed)
            elif hand.phase == NAMING:
                try:
                    suit = parse_suit(word)
                except CardError:
                    raise EntryError(
                        f"{token!r}: the Benny was turned up, so {SEAT_LETTERS[hand.dealer]} (the "
                        "dealer) first names the suit on offer: c, d, h or s"
                    ) from None
                self._entry(A.BennySuit(hand.dealer, suit), fed, token)
            elif hand.phase == ROUND_ONE:
                n = self._round_one(hand, tokens, i, fed)
            elif hand.phase == ROUND_TWO:
                n = self._round_two(hand, tokens, i, fed)
            elif hand.phase == DISCARD:
                card = (
                    None
                    if word in UNSEEN_WORDS
                    else self._card(token, "a card to discard, or ? if nobody saw it")
                )
                self._entry(A.Discard(hand.dealer, card), fed, token)
            elif hand.phase == PLAY:
                forced = self.forced()
                c = self._play_card(hand, token, forced)
                if forced is not None and c != forced.card:
                    # Not the seat's last card, which the record proves: it is the next
                    # seat's. The proven card goes in first, as the live recorder would.
                    fed.filled.append(forced)
                    self._entry(forced, fed, "(filled in)")
                    self.filled_at.add(len(self.history) - 1)
                    continue  # the same token, for the next seat
                self._entry(A.Play(hand.turn, c), fed, token)
            i = n

    def _end(self, token: str) -> None:
        """The table stopped playing a hand that an upheld renege call has settled."""
        hand = self.hand
        if hand is None:
            raise EntryError(
                f"{token!r}: there is no hand being played to end ({self._expected_now()})"
            )
        if not hand.upheld_call:
            raise EntryError(
                f"{token!r}: hand {hand.number} is not over ({hand.expected()}); only a hand "
                "settled by an upheld renege call can be ended before its last trick"
            )
        self.ended = hand.number

    def _entry(self, entry: Entry, fed: Fed, token: str) -> None:
        before = self.hand
        try:
            flags = self.record(entry)
        except IllegalAction as exc:
            raise EntryError(f"{token!r}: {exc}") from None
        fed.entries.append(entry)
        fed.flags.extend(flags)
        if before is not None and before.finished:
            fed.hands_finished.append(before.number)

    # -- the pieces of the grammar

    def _pieces(self, word: str) -> list[str] | None:
        """A token that stands for several: bids (``ppo``), cards (``ahthjh9h``) or ranks
        (``ak9q``), split into one token each; None for an ordinary token."""
        if len(word) < 2 or word in ALONE_WORDS or word in META_WORDS:
            return None
        hand = self.hand
        if hand is None:
            return None
        if hand.phase in (ROUND_ONE, ROUND_TWO) and _BID_RUN.fullmatch(word):
            pieces = _BID_PIECE.findall(word)
            return pieces if len(pieces) > 1 else None
        if hand.phase == PLAY:
            if _RANK_RUN.fullmatch(word) and word != "10":
                # As words, so that a queen in a run is not taken for q (quit).
                return [RANK_WORDS[RANKS[r]] for r in _RANK_PIECE.findall(word)]
            cards = _split_cards(word)
            if cards is not None and len(cards) > 1:
                return cards
        return None

    def _play_card(self, hand: HandState, token: str, forced: A.Play | None) -> int:
        """The card a token plays: a card, or a rank that the record makes one card."""
        rank = RANKS.get(token.lower())
        if rank is None:
            mixed = _mixed_run_error(token)
            if mixed is not None:
                raise mixed
            return self._card(token, "a card to play")
        seat = hand.turn
        if forced is not None and forced.card & 7 == rank:
            return forced.card
        possible = hand.possible_cards(seat)
        same = [c for c in range(32) if (possible >> c) & 1 and c & 7 == rank]
        who = SEAT_LETTERS[seat]
        if len(same) == 1:
            return same[0]
        if not same:
            raise EntryError(
                f"{token!r}: {who} holds no {RANK_WORDS[rank]} that the record knows of "
                f"({hand.expected()})"
            )
        if (possible & ~hand.held[seat]) or not hand.hand_known[seat]:
            raise EntryError(
                f"{token!r}: which {RANK_WORDS[rank]}? {who}'s hand is not known, so write the "
                "card with its suit (like ah)"
            )
        raise EntryError(
            f"{token!r}: which {RANK_WORDS[rank]}? {who} holds "
            + " and ".join(CARD_TEXT[c] for c in same)
            + ": write the card with its suit"
        )

    def _card(self, token: str, expected: str) -> int:
        try:
            return parse_card(token)
        except CardError:
            raise EntryError(f"{token!r} is not {expected} ({self._expected_now()})") from None

    def _seat(self, token: str) -> int:
        try:
            return parse_seat(token)
        except CardError as exc:
            raise EntryError(str(exc)) from None

    def _expected_now(self) -> str:
        hand = self.hand
        if hand is None:
            return f"{SEAT_LETTERS[self.dealer_for_next_hand()]} deals next: enter the upcard"
        return hand.expected()

    def _between_hands(self, tokens: list[str], i: int, fed: Fed) -> int:
        word = tokens[i].lower()
        if word == "deal":
            if len(tokens) < i + 7:
                raise EntryError("deal needs a seat and five cards: deal N ah kh qh td 9c")
            seat = self._seat(tokens[i + 1])
            cards = tuple(self._card(t, "a card") for t in tokens[i + 2 : i + 7])
            self.pending_deal[seat] = cards
            fed.meta.append("deal")
            return i + 7
        if word == "dealer":
            if i + 1 >= len(tokens):
                raise EntryError("dealer needs a seat: dealer W")
            self.pending_dealer = self._seat(tokens[i + 1])
            fed.meta.append("dealer")
            return i + 2
        try:
            upcard = parse_card(tokens[i])
        except CardError:
            raise EntryError(
                f"{tokens[i]!r}: {SEAT_LETTERS[self.dealer_for_next_hand()]} deals next; "
                "enter the upcard (like 9h), or deal/dealer first"
            ) from None
        start = StartHand(self.dealer_for_next_hand(), upcard, dict(self.pending_deal))
        self._entry(start, fed, tokens[i])
        return i + 1

    @staticmethod
    def _alone(tokens: list[str], i: int, word: str) -> tuple[bool, int]:
        """Whether a bid is alone (``o!``, ``h!``, ``order alone``), and the next index."""
        if word.endswith("!") and len(word) > 1:
            return True, i + 1
        if i + 1 < len(tokens) and tokens[i + 1].lower() in ALONE_WORDS:
            return True, i + 2
        return False, i + 1

    def _round_one(self, hand: HandState, tokens: list[str], i: int, fed: Fed) -> int:
        word = tokens[i].lower()
        seat = hand.turn
        if word in PASS_WORDS:
            self._entry(A.Pass(seat), fed, tokens[i])
            return i + 1
        if word in ORDER_WORDS:
            alone, n = self._alone(tokens, i, word)
            self._entry(A.Order(seat, alone), fed, tokens[i])
            return n
        suit_word = word.rstrip("!")
        try:
            parse_suit(suit_word)
            hint = " (a suit is named in round two)"
        except CardError:
            hint = ""
        raise EntryError(
            f"{tokens[i]!r}: in round one {SEAT_LETTERS[seat]} may pass (p) or order up "
            f"{SUIT_NAMES[hand.offered_suit()]} (o, or o! to go alone){hint}"
        )

    def _round_two(self, hand: HandState, tokens: list[str], i: int, fed: Fed) -> int:
        word = tokens[i].lower()
        seat = hand.turn
        if word in PASS_WORDS:
            self._entry(A.Pass(seat), fed, tokens[i])
            return i + 1
        try:
            suit = parse_suit(word[:-1] if word.endswith("!") else word)
        except CardError:
            raise EntryError(
                f"{tokens[i]!r}: in round two {SEAT_LETTERS[seat]} may pass (p) or name "
                "trump (c, d, h or s; add ! to go alone)"
            ) from None
        alone, n = self._alone(tokens, i, word)
        self._entry(A.Call(seat, suit, alone), fed, tokens[i])
        return n

    def _tricks(self, tokens: list[str], i: int, fed: Fed) -> int:
        """``tricks 3`` (the makers' tricks), ``tricks NS 3``, or ``t3``: the rest of the
        hand without its cards."""
        usage = (
            "tricks needs the makers' tricks, or a team and its tricks: tricks 3, tricks NS 2, "
            "or t3"
        )
        hand = self.hand
        token = tokens[i]
        if hand is None or hand.trump < 0:
            raise EntryError(
                f"{token!r}: tricks are recorded once trump is made ({self._expected_now()})"
            )
        short = _SHORT_TRICKS.fullmatch(token.lower())
        n = i + 1
        team = hand.maker & 1
        if short is not None:
            count = short.group(1)
        else:
            if n < len(tokens):
                try:
                    team = parse_team(tokens[n])
                    n += 1
                except CardError:
                    pass
            if n >= len(tokens) or not tokens[n].isdigit():
                raise EntryError(usage)
            count = tokens[n]
            n += 1
        left = 5 - hand.trick
        won = int(count)
        if won > left:
            raise EntryError(
                f"{token!r}: {TEAM_WORDS[team]} cannot take {won} tricks: only {left} "
                f"{'remain' if left != 1 else 'remains'}"
            )
        if hand.phase == DISCARD:
            # A score-only hand skips the dealer's discard: nobody wrote it down.
            self._entry(A.Discard(hand.dealer, None), fed, token)
        ns, ew = (won, left - won) if team == 0 else (left - won, won)
        self._entry(A.Tricks(ns, ew), fed, token)
        return n

    def _claim(self, tokens: list[str], i: int, fed: Fed) -> int:
        """``claim S``: S shows their cards and claims the rest; the seat on lead when
        no seat is named."""
        hand = self.hand
        if hand is None:
            raise EntryError(
                f"{tokens[i]!r}: there is no hand being played ({self._expected_now()})"
            )
        n = i + 1
        seat = hand.turn
        if n < len(tokens) and _is_seat(tokens[n]):
            seat = self._seat(tokens[n])
            n += 1
        self._entry(A.Claim(seat), fed, tokens[i])
        return n

    def _renege(self, tokens: list[str], i: int, fed: Fed) -> int:
        usage = "renege needs the accused seat and the trick: renege E 2 [shown cards] [by N]"
        if i + 2 >= len(tokens):
            raise EntryError(usage)
        accused = self._seat(tokens[i + 1])
        if not tokens[i + 2].isdigit():
            raise EntryError(usage)
        trick = int(tokens[i + 2])
        n = i + 3
        shown: list[int] = []
        caller = left_of(accused)
        while n < len(tokens):
            word = tokens[n].lower()
            if word == "by" and n + 1 < len(tokens):
                caller = self._seat(tokens[n + 1])
                n += 2
                continue
            try:
                shown.append(parse_card(tokens[n]))
            except CardError:
                break
            n += 1
        self._entry(A.RenegeCall(caller, accused, trick, tuple(shown)), fed, tokens[i])
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
        return n

    def _cards_until(self, tokens: list[str], n: int, stop: set[str]) -> tuple[list[int], int]:
        cards: list[int] = []
        while n < len(tokens) and tokens[n].lower() not in stop:
            try:
                cards.append(parse_card(tokens[n]))
            except CardError:
                break
            n += 1
        return cards, n

    def _farmer(self, tokens: list[str], i: int, fed: Fed) -> int:
        usage = "farmer needs the seat and the cards shown: farmer E 9c 9d 9h [for ac kc qc]"
        if i + 1 >= len(tokens) or not _is_seat(tokens[i + 1]):
            raise EntryError(usage)
        seat = self._seat(tokens[i + 1])
        shown, n = self._cards_until(tokens, i + 2, {"for", "get", "got"})
        if not shown:
            raise EntryError(usage)
        received: list[int] = []
        if n < len(tokens) and tokens[n].lower() in ("for", "get", "got"):
            received, n = self._cards_until(tokens, n + 1, set())
        self._entry(A.FarmersHand(seat, tuple(shown), tuple(received)), fed, tokens[i])
        return n

    def _throw(self, tokens: list[str], i: int, fed: Fed) -> int:
        names = ", ".join(THROW_IN_RULES)
        usage = f"throw needs the seat, the hand's name and its cards: throw E nines-and-tens 9c 9d 9h tc ts ({names})"
        if i + 2 >= len(tokens) or not _is_seat(tokens[i + 1]):
            raise EntryError(usage)
        seat = self._seat(tokens[i + 1])
        name = THROW_IN_ALIASES.get(tokens[i + 2].lower().replace("_", "-"))
        if name is None:
            raise EntryError(f"{tokens[i + 2]!r} is not a throw-in: the throw-ins are {names}")
        shown, n = self._cards_until(tokens, i + 3, set())
        self._entry(A.ThrowIn(seat, name, tuple(shown)), fed, tokens[i])
        return n

    def _swap(self, tokens: list[str], i: int, fed: Fed) -> int:
        usage = "swap needs the card given and the card received (? if unseen): swap 9c ah"
        hand = self.hand
        n = i + 1
        seat = -1
        if hand is not None:
            seat = hand.maker if hand.alone else -1
        if n < len(tokens) and _is_seat(tokens[n]):
            seat = self._seat(tokens[n])
            n += 1
        if n + 1 >= len(tokens) or hand is None or seat < 0:
            raise EntryError(usage)
        cards: list[int | None] = []
        for t in tokens[n : n + 2]:
            cards.append(None if t.lower() in UNSEEN_WORDS else self._card(t, "a card, or ?"))
        self._entry(A.PartnersBest(seat, cards[0], cards[1]), fed, tokens[i])
        return n + 2

    def _penalty(self, rest: list[str], fed: Fed) -> None:
        usage = "penalty needs a team, points and a reason: penalty NS 2 table talk"
        if len(rest) < 2:
            raise EntryError(usage)
        try:
            team = parse_team(rest[0])
            points = int(rest[1])
        except (CardError, ValueError):
            raise EntryError(usage) from None
        hand = self.game.current
        seat = hand.dealer if hand is not None else self.first_dealer
        to_act = self.hand.to_act() if self.hand is not None else None
        if to_act is not None:
            seat = to_act  # whoever is to act says it; North is seat 0, not "nobody"
        if hand is None:
            raise EntryError(
                "a penalty belongs to a hand: enter it once the first hand has started"
            )
        self._entry(A.Penalty(seat, team, points, " ".join(rest[2:])), fed, "penalty")
