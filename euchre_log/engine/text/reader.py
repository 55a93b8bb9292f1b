"""The reader: one line of the grammar, a command at a time, each token read against the
hand as the commands before it left it (see ``engine.text``).

>>> from euchre_log.engine.cards import NORTH, parse_card
>>> from euchre_log.engine.rules import Rules
>>> from euchre_log.engine.text import At
>>> reader = Reader("ppo")
>>> reader.next(At.of(HandState(Rules(), NORTH, parse_card("9h"))))
Step(commands=(Pass(E),), token='p', word=0)
"""

from __future__ import annotations

from .. import actions as A
from ..cards import (
    CARD_TEXT,
    CARDS,
    NO_SUIT,
    SEAT_LETTERS,
    SUIT_NAMES,
    Card,
    CardError,
    Seat,
    left_of,
    parse_card,
    parse_seat,
    parse_suit,
    parse_team,
)
from ..hand import DISCARD, NAMING, PLAY, ROUND_ONE, ROUND_TWO, THROW_IN_RULES, HandState
from .words import (
    ALONE_WORDS,
    BID_PIECE,
    BID_RUN,
    END_WORDS,
    MAX_LINE,
    META_WORDS,
    ORDER_WORDS,
    PASS_WORDS,
    RANK_PIECE,
    RANK_RUN,
    RANK_WORDS,
    RANKS,
    SHORT_TRICKS,
    TABLE,
    TEAM_WORDS,
    THROW_IN_ALIASES,
    TRICKS_WORDS,
    UNSEEN_WORDS,
    Command,
    Deal,
    Dealer,
    End,
    Meta,
    NotYours,
    Situation,
    Speaker,
    Step,
    TextError,
    Undo,
    Upcard,
    expected,
    own_cards,
    table_text,
)

# --- splitting runs -------------------------------------------------------------------


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
        rank = RANK_PIECE.match(word, i)
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


def _mixed_run_message(token: str) -> str | None:
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
    return (
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


# --- the reader -----------------------------------------------------------------------


class Reader:
    """One line, read a command at a time.

    ``next`` reads the commands of the next token (with its arguments) against a
    ``Situation``; the caller applies them and asks again, until ``done``. ``again``
    steps back to read the last token once more (the recorder does, after it filled in
    a card the record proved, so that the token goes to the next seat).
    """

    def __init__(self, line: str) -> None:
        if len(line) > MAX_LINE:
            raise TextError(f"the line is {len(line)} characters long; {MAX_LINE} at most")
        self.tokens = line.split()
        self.places = list(range(len(self.tokens)))  # each token's word on the line
        self.i = 0
        self._last = 0

    @property
    def done(self) -> bool:
        """True once every token is read."""
        return self.i >= len(self.tokens)

    def again(self) -> None:
        """Read the last token again at the next ``next``."""
        self.i = self._last

    def error(self, message: str, i: int) -> TextError:
        """A refusal located at token ``i``."""
        return TextError(message, self.tokens[i], self.places[i])

    def not_yours(self, message: str, i: int) -> NotYours:
        """A seat's line that acts for another seat, located at token ``i``."""
        return NotYours(message, self.tokens[i], self.places[i])

    def next(self, at: Situation, speaker: Speaker = TABLE) -> Step:
        """Read the next token's commands (see the class docstring)."""
        while True:  # a run (``ppo``) is split into its tokens, then read from its first
            i = self._last = self.i
            token = self.tokens[i]
            pieces = _pieces(token.lower(), at.hand)
            if pieces is None:
                break
            self.tokens[i : i + 1] = pieces
            self.places[i : i + 1] = [self.places[i]] * len(pieces)
        commands, self.i = self._read(at, speaker, i)
        index = self.places[i]
        token = "penalty" if token.lower() == "penalty" else token
        return Step(tuple(commands), token, index)

    # -- the grammar

    def _read(self, at: Situation, who: Speaker, i: int) -> tuple[list[Command], int]:
        tokens = self.tokens
        token = tokens[i]
        word = token.lower()
        n = i + 1
        hand = at.hand
        if word in ("note", "#"):
            text = " ".join(tokens[i + 1 :]).strip()
            if not text:
                raise self.error("note needs some text: note E forgot the score", i)
            return [A.Note(who.seat, text)], len(tokens)
        if word == "penalty":
            return [self._penalty(at, who, i)], len(tokens)
        if word in META_WORDS:
            if word == "undo":
                return [Undo()], n
            return [Meta({"exit": "quit", "q": "quit"}.get(word, word))], n
        if word in END_WORDS:
            return [self._end(at, i)], n
        if word in TRICKS_WORDS or SHORT_TRICKS.fullmatch(word):
            return self._tricks(at, who, i)
        if word == "claim":
            return self._claim(at, who, i)
        if word == "renege":
            return self._renege(who, i)
        if word in ("farmer", "farmers", "farmer's"):
            return self._farmer(who, i)
        if word == "throw":
            return self._throw(who, i)
        if word == "swap":
            return self._swap(at, who, i)
        if word in ("blind", "bdl") and hand is not None:
            seat = hand.turn if who.seat is None else who.seat
            if n < len(tokens) and _is_seat(tokens[n]):
                seat = self._seat(n, who)
                n += 1
            return [A.BlindDoubleLoner(seat)], n
        if word == "defend":
            if n >= len(tokens):
                raise self.error("defend needs the seat that defends alone: defend E", i)
            return [A.DefendAlone(self._seat(n, who))], n + 1
        if hand is None:
            return self._between_hands(at, who, i)
        if word == "deal":
            return [self._deal(at, who, i)], i + 7
        turn = hand.to_act()
        assert turn is not None  # the hand is being played
        if who.seat is not None and who.seat != turn:
            raise self.not_yours(f"{token!r}: {hand.expected()}", i)
        if hand.phase == NAMING:
            try:
                suit = parse_suit(word)
            except CardError:
                raise self.error(
                    f"{token!r}: the Benny was turned up, so {SEAT_LETTERS[hand.dealer]} (the "
                    "dealer) first names the suit on offer: c, d, h or s",
                    i,
                ) from None
            return [A.BennySuit(hand.dealer, suit)], n
        if hand.phase == ROUND_ONE:
            return self._round_one(hand, turn, i)
        if hand.phase == ROUND_TWO:
            return self._round_two(hand, turn, i)
        if hand.phase == DISCARD:
            if word in UNSEEN_WORDS:
                return [A.Discard(hand.dealer, None)], n
            card = self._card(i, "a card to discard, or ? if nobody saw it", at)
            if who.cards is not None:
                self._own(hand, who, card, i)
            return [A.Discard(hand.dealer, card)], n
        return [A.Play(turn, self._play_card(at, hand, who, i))], n

    def _own(self, hand: HandState, who: Speaker, card: Card, i: int) -> None:
        """A seat that entered its cards plays or puts down one of them only."""
        if who.seat is None or who.cards is None:
            return
        if not (own_cards(hand, who.seat, who.cards) >> card) & 1:
            raise self.error(
                f"{self.tokens[i]!r}: you did not enter {table_text(card)} in your hand", i
            )

    def _play_card(self, at: Situation, hand: HandState, who: Speaker, i: int) -> Card:
        """The card a token plays: a card, or a rank that the speaker's knowledge makes
        one card."""
        token = self.tokens[i]
        rank = RANKS.get(token.lower())
        seat = hand.turn
        if rank is None:
            mixed = _mixed_run_message(token)
            if mixed is not None:
                raise self.error(mixed, i)
            card = self._card(i, "a card to play", at)
            if who.cards is not None:
                self._own(hand, who, card, i)
            return card
        whose = SEAT_LETTERS[seat]
        if who.seat is not None:
            if who.cards is None:
                raise self.error(
                    f"{token!r}: which {RANK_WORDS[rank]}? you did not enter your hand, so "
                    "write the card with its suit (like ah)",
                    i,
                )
            possible = own_cards(hand, seat, who.cards)
            same = [CARDS[c] for c in range(32) if (possible >> c) & 1 and c & 7 == rank]
            if len(same) == 1:
                return same[0]
            if not same:
                raise self.error(
                    f"{token!r}: you did not enter a {RANK_WORDS[rank]} in your hand "
                    f"({hand.expected()})",
                    i,
                )
            raise self.error(
                f"{token!r}: which {RANK_WORDS[rank]}? you hold "
                + " and ".join(CARD_TEXT[c] for c in same)
                + ": write the card with its suit",
                i,
            )
        possible = hand.possible_cards(seat)
        same = [CARDS[c] for c in range(32) if (possible >> c) & 1 and c & 7 == rank]
        if len(same) == 1:
            return same[0]
        if not same:
            raise self.error(
                f"{token!r}: {whose} holds no {RANK_WORDS[rank]} that the record knows of "
                f"({hand.expected()})",
                i,
            )
        if (possible & ~hand.held[seat]) or not hand.hand_known[seat]:
            raise self.error(
                f"{token!r}: which {RANK_WORDS[rank]}? {whose}'s hand is not known, so write "
                "the card with its suit (like ah)",
                i,
            )
        raise self.error(
            f"{token!r}: which {RANK_WORDS[rank]}? {whose} holds "
            + " and ".join(CARD_TEXT[c] for c in same)
            + ": write the card with its suit",
            i,
        )

    def _card(self, i: int, what: str, at: Situation) -> Card:
        try:
            return parse_card(self.tokens[i])
        except CardError:
            raise self.error(f"{self.tokens[i]!r} is not {what} ({expected(at)})", i) from None

    def _seat(self, i: int, who: Speaker = TABLE) -> Seat:
        """The seat token ``i`` names, which a seat's own line must name as itself."""
        try:
            seat = parse_seat(self.tokens[i])
        except CardError as exc:
            raise self.error(str(exc), i) from None
        if not who.may_act_for(seat):
            raise self.not_yours(
                f"{self.tokens[i]!r}: you are {SEAT_LETTERS[who.seat or 0]}, and a line of "
                f"yours acts for {SEAT_LETTERS[who.seat or 0]} only",
                i,
            )
        return seat

    def _deal(self, at: Situation, who: Speaker, i: int) -> Deal:
        tokens = self.tokens
        if len(tokens) < i + 7:
            raise self.error("deal needs a seat and five cards: deal N ah kh qh td 9c", i)
        seat = self._seat(i + 1, who)
        cards = tuple(self._card(k, "a card", at) for k in range(i + 2, i + 7))
        return Deal(seat, cards)

    def _between_hands(self, at: Situation, who: Speaker, i: int) -> tuple[list[Command], int]:
        tokens = self.tokens
        word = tokens[i].lower()
        if word == "deal":
            return [self._deal(at, who, i)], i + 7
        if word == "dealer":
            if i + 1 >= len(tokens):
                raise self.error("dealer needs a seat: dealer W", i)
            seat = self._seat(i + 1)
            if who.seat is not None and who.seat != at.deals_next:
                raise self.not_yours(
                    f"{tokens[i]!r}: the dealer, {SEAT_LETTERS[at.deals_next]}, says who deals",
                    i,
                )
            return [Dealer(seat)], i + 2
        try:
            upcard = parse_card(tokens[i])
        except CardError:
            raise self.error(
                f"{tokens[i]!r}: {SEAT_LETTERS[at.deals_next]} deals next; "
                "enter the upcard (like 9h), or deal/dealer first",
                i,
            ) from None
        if not who.may_act_for(at.deals_next):
            raise self.not_yours(
                f"{tokens[i]!r}: {SEAT_LETTERS[at.deals_next]} deals next and turns up the card",
                i,
            )
        return [Upcard(upcard)], i + 1

    def _alone(self, i: int, word: str) -> tuple[bool, int]:
        """Whether a bid is alone (``o!``, ``h!``, ``order alone``), and the next index."""
        if word.endswith("!") and len(word) > 1:
            return True, i + 1
        if i + 1 < len(self.tokens) and self.tokens[i + 1].lower() in ALONE_WORDS:
            return True, i + 2
        return False, i + 1

    def _round_one(self, hand: HandState, seat: Seat, i: int) -> tuple[list[Command], int]:
        token = self.tokens[i]
        word = token.lower()
        if word in PASS_WORDS:
            return [A.Pass(seat)], i + 1
        if word in ORDER_WORDS:
            alone, n = self._alone(i, word)
            return [A.Order(seat, alone)], n
        try:
            parse_suit(word.rstrip("!"))
            hint = " (a suit is named in round two)"
        except CardError:
            hint = ""
        raise self.error(
            f"{token!r}: in round one {SEAT_LETTERS[seat]} may pass (p) or order up "
            f"{SUIT_NAMES[hand.offered_suit()]} (o, or o! to go alone){hint}",
            i,
        )

    def _round_two(self, hand: HandState, seat: Seat, i: int) -> tuple[list[Command], int]:
        token = self.tokens[i]
        word = token.lower()
        if word in PASS_WORDS:
            return [A.Pass(seat)], i + 1
        try:
            suit = parse_suit(word[:-1] if word.endswith("!") else word)
        except CardError:
            raise self.error(
                f"{token!r}: in round two {SEAT_LETTERS[seat]} may pass (p) or name "
                "trump (c, d, h or s; add ! to go alone)",
                i,
            ) from None
        alone, n = self._alone(i, word)
        return [A.Call(seat, suit, alone)], n

    def _end(self, at: Situation, i: int) -> End:
        """The table stops playing a hand that an upheld renege call has settled."""
        token = self.tokens[i]
        hand = at.hand
        if hand is None:
            raise self.error(f"{token!r}: there is no hand being played to end ({expected(at)})", i)
        if not hand.upheld_call:
            raise self.error(
                f"{token!r}: hand {hand.number} is not over ({hand.expected()}); only a hand "
                "settled by an upheld renege call can be ended before its last trick",
                i,
            )
        return End()

    def _table_only(self, who: Speaker, i: int, what: str) -> None:
        if who.seat is not None:
            raise self.not_yours(f"{self.tokens[i]!r}: {what} is entered for the table", i)

    def _tricks(self, at: Situation, who: Speaker, i: int) -> tuple[list[Command], int]:
        """``tricks 3`` (the makers' tricks), ``tricks NS 3``, or ``t3``: the rest of the
        hand without its cards."""
        tokens = self.tokens
        usage = (
            "tricks needs the makers' tricks, or a team and its tricks: tricks 3, tricks NS 2, "
            "or t3"
        )
        hand = at.hand
        token = tokens[i]
        if hand is None or hand.trump == NO_SUIT:
            raise self.error(
                f"{token!r}: tricks are recorded once trump is made ({expected(at)})", i
            )
        self._table_only(who, i, "the tricks of a hand not played card by card")
        short = SHORT_TRICKS.fullmatch(token.lower())
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
                raise self.error(usage, i)
            count = tokens[n]
            n += 1
        left = 5 - hand.trick
        won = int(count)
        if won > left:
            raise self.error(
                f"{token!r}: {TEAM_WORDS[team]} cannot take {won} tricks: only {left} "
                f"{'remain' if left != 1 else 'remains'}",
                i,
            )
        out: list[Command] = []
        if hand.phase == DISCARD:
            # A score-only hand skips the dealer's discard: nobody wrote it down.
            out.append(A.Discard(hand.dealer, None))
        ns, ew = (won, left - won) if team == 0 else (left - won, won)
        out.append(A.Tricks(ns, ew))
        return out, n

    def _claim(self, at: Situation, who: Speaker, i: int) -> tuple[list[Command], int]:
        """``claim S``: S shows their cards and claims the rest; the seat on lead when
        no seat is named (the speaker, for a seat)."""
        tokens = self.tokens
        hand = at.hand
        if hand is None:
            raise self.error(f"{tokens[i]!r}: there is no hand being played ({expected(at)})", i)
        n = i + 1
        seat = hand.turn if who.seat is None else who.seat
        if n < len(tokens) and _is_seat(tokens[n]):
            seat = self._seat(n, who)
            n += 1
        return [A.Claim(seat)], n

    def _renege(self, who: Speaker, i: int) -> tuple[list[Command], int]:
        tokens = self.tokens
        usage = "renege needs the accused seat and the trick: renege E 2 [shown cards] [by N]"
        if i + 2 >= len(tokens):
            raise self.error(usage, i)
        accused = self._seat(i + 1)
        if not tokens[i + 2].isdigit():
            raise self.error(usage, i)
        trick = int(tokens[i + 2])
        n = i + 3
        shown: list[Card] = []
        caller = left_of(accused) if who.seat is None else who.seat
        while n < len(tokens):
            word = tokens[n].lower()
            if word == "by" and n + 1 < len(tokens):
                caller = self._seat(n + 1, who)
                n += 2
                continue
            try:
                shown.append(parse_card(tokens[n]))
            except CardError:
                break
            n += 1
        return [A.RenegeCall(caller, accused, trick, tuple(shown))], n

    def _cards_until(self, n: int, stop: set[str]) -> tuple[list[Card], int]:
        tokens = self.tokens
        cards: list[Card] = []
        while n < len(tokens) and tokens[n].lower() not in stop:
            try:
                cards.append(parse_card(tokens[n]))
            except CardError:
                break
            n += 1
        return cards, n

    def _farmer(self, who: Speaker, i: int) -> tuple[list[Command], int]:
        tokens = self.tokens
        usage = "farmer needs the seat and the cards shown: farmer E 9c 9d 9h [for ac kc qc]"
        if i + 1 >= len(tokens) or not _is_seat(tokens[i + 1]):
            raise self.error(usage, i)
        seat = self._seat(i + 1, who)
        shown, n = self._cards_until(i + 2, {"for", "get", "got"})
        if not shown:
            raise self.error(usage, i)
        received: list[Card] = []
        if n < len(tokens) and tokens[n].lower() in ("for", "get", "got"):
            received, n = self._cards_until(n + 1, set())
        return [A.FarmersHand(seat, tuple(shown), tuple(received))], n

    def _throw(self, who: Speaker, i: int) -> tuple[list[Command], int]:
        tokens = self.tokens
        names = ", ".join(THROW_IN_RULES)
        usage = f"throw needs the seat, the hand's name and its cards: throw E nines-and-tens 9c 9d 9h tc ts ({names})"
        if i + 2 >= len(tokens) or not _is_seat(tokens[i + 1]):
            raise self.error(usage, i)
        seat = self._seat(i + 1, who)
        name = THROW_IN_ALIASES.get(tokens[i + 2].lower().replace("_", "-"))
        if name is None:
            raise self.error(
                f"{tokens[i + 2]!r} is not a throw-in: the throw-ins are {names}", i + 2
            )
        shown, n = self._cards_until(i + 3, set())
        return [A.ThrowIn(seat, name, tuple(shown))], n

    def _swap(self, at: Situation, who: Speaker, i: int) -> tuple[list[Command], int]:
        tokens = self.tokens
        usage = "swap needs the card given and the card received (? if unseen): swap 9c ah"
        hand = at.hand
        n = i + 1
        seat: Seat | None = None
        if hand is not None and hand.alone:
            seat = hand.maker
        if who.seat is not None:
            seat = who.seat
        if n < len(tokens) and _is_seat(tokens[n]):
            seat = self._seat(n, who)
            n += 1
        if n + 1 >= len(tokens) or hand is None or seat is None:
            raise self.error(usage, i)
        cards: list[Card | None] = []
        for k in (n, n + 1):
            unseen = tokens[k].lower() in UNSEEN_WORDS
            cards.append(None if unseen else self._card(k, "a card, or ?", at))
        return [A.PartnersBest(seat, cards[0], cards[1])], n + 2

    def _penalty(self, at: Situation, who: Speaker, i: int) -> A.Penalty:
        rest = self.tokens[i + 1 :]
        usage = "penalty needs a team, points and a reason: penalty NS 2 table talk"
        if len(rest) < 2:
            raise self.error(usage, i)
        try:
            team = parse_team(rest[0])
            points = int(rest[1])
        except (CardError, ValueError):
            raise self.error(usage, i) from None
        last = at.last
        if last is None:
            raise self.error(
                "a penalty belongs to a hand: enter it once the first hand has started", i
            )
        self._table_only(who, i, "a penalty")
        seat = last.dealer
        to_act = at.hand.to_act() if at.hand is not None else None
        if to_act is not None:
            seat = to_act  # whoever is to act says it; North is seat 0, not "nobody"
        return A.Penalty(seat, team, points, " ".join(rest[2:]))


def _pieces(word: str, hand: HandState | None) -> list[str] | None:
    """A token that stands for several: bids (``ppo``), cards (``ahthjh9h``) or ranks
    (``ak9q``), split into one token each; None for an ordinary token."""
    if len(word) < 2 or word in ALONE_WORDS or word in META_WORDS or hand is None:
        return None
    if hand.phase in (ROUND_ONE, ROUND_TWO) and BID_RUN.fullmatch(word):
        pieces = BID_PIECE.findall(word)
        return pieces if len(pieces) > 1 else None
    if hand.phase == PLAY:
        if RANK_RUN.fullmatch(word) and word != "10":
            # As words, so that a queen in a run is not taken for q (quit).
            return [RANK_WORDS[RANKS[r]] for r in RANK_PIECE.findall(word)]
        cards = _split_cards(word)
        if cards is not None and len(cards) > 1:
            return cards
    return None
