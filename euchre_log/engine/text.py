"""Text in, commands out: a line of the recorder's grammar read against a hand.

The grammar is the one the recorder, the phones' server and a script all speak: short
tokens typed at the table (``9h p p o 9s ah th jh 9h``, ``renege E 2``, ``deal N ah kh qh
td 9c``, ``undo``, ``end``). A token means what the hand makes of it: ``h`` names hearts in
round two, and a run like ``ppo`` is three bids while bidding lasts. So a line is read one
command at a time (``Reader.next``), each against the hand as the commands before it left
it; ``parse_line`` does that on a copy, for a script that wants the commands alone.

Who says a line matters (``Speaker``). The table speaks for whoever is to act and knows
what the record knows: a rank alone (``a``) names a card when the record proves which one
the seat holds. A seat speaks for itself alone, and knows its own cards only, as it entered
them: a rank alone resolves from those, a line for another seat is refused with
``NotYours``, and a refusal never names a card the seat cannot see.

A refused line raises ``TextError``, which names the token (``token`` and its place on the
line, ``index``) and says what was expected, in a card player's words.

>>> from euchre_log.engine.cards import NORTH, parse_card
>>> from euchre_log.engine.hand import HandState
>>> from euchre_log.engine.rules import Rules
>>> hand = HandState(Rules(), NORTH, parse_card("9h"))
>>> parse_line("ppo 9s", hand)
(Pass(seat=1), Pass(seat=2), Order(seat=3, alone=False), Discard(seat=0, card=26))
>>> parse_line("o!", hand)
(Order(seat=1, alone=True),)
>>> try:
...     parse_line("p p x", hand)
... except TextError as exc:
...     print(exc.index, exc)
2 'x': in round one W may pass (p) or order up hearts (o, or o! to go alone)

A seat says its own line, and a rank alone names one of the cards it entered:

>>> from euchre_log.engine.cards import EAST, parse_card
>>> east = Speaker(EAST, tuple(parse_card(c) for c in ("ah", "kh", "qh", "td", "9c")))
>>> parse_line("p", hand, east)
(Pass(seat=1),)
>>> try:
...     parse_line("p p", hand, east)
... except NotYours as exc:
...     print(exc)
'p': it is S's turn to pass or order up hearts
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol, TypeAlias

from . import actions as A
from .cards import (
    BENNY,
    CARD_TEXT,
    SEAT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    CardError,
    Seat,
    left_of,
    parse_card,
    parse_seat,
    parse_suit,
    parse_team,
)
from .flags import Flag, IllegalAction
from .hand import (
    DISCARD,
    IMPOSSIBLE,
    LEGAL,
    NAMING,
    PLAY,
    ROUND_ONE,
    ROUND_TWO,
    THROW_IN_RULES,
    HandState,
)
from .rules import Rules

# --- the words --------------------------------------------------------------------

ORDER_WORDS: Final = frozenset(
    {
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
)
PASS_WORDS: Final = frozenset({"p", "pass", "-"})
ALONE_WORDS: Final = frozenset({"alone", "!", "a"})
UNSEEN_WORDS: Final = frozenset({"?", "unseen", "x"})
META_WORDS: Final = frozenset({"undo", "show", "help", "quit", "exit", "q"})
END_WORDS: Final = frozenset({"end", "next"})
TRICKS_WORDS: Final = frozenset({"tricks"})
_SHORT_TRICKS: Final = re.compile(r"t(\d)")  # t4: the makers took 4
# Several bids in one token, e.g. ppo (pass, pass, order up) or ppppph! (hearts alone).
_BID_RUN: Final = re.compile(r"(?:[po]!?|[cdhs]!?)+")
_BID_PIECE: Final = re.compile(r"[po]!?|[cdhs]!?")
# A card by its rank alone, and several of them in one token (a k 9 q, or ak9q).
RANK_WORDS: Final = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANKS: Final = {
    **dict(zip(RANK_WORDS, range(8), strict=True)),
    **{"7": 0, "8": 1, "9": 2, "10": 3, "t": 3, "j": 4, "q": 5, "k": 6, "a": 7},
}
_RANK_RUN: Final = re.compile(r"(?:10|[789tjqka])+")
_RANK_PIECE: Final = re.compile(r"10|[789tjqka]")

THROW_IN_ALIASES: Final = {
    **{name: name for name in THROW_IN_RULES},
    "nines": "nines-and-tens",
    "ace": "ace-no-face",
    "king": "king-nothing",
    "queens": "three-queens",
    "jack": "jack-nothing",
    "noace": "no-ace-no-face",
}
"""Each way to write a throw-in's name, and the name it stands for."""

TEAM_WORDS: Final = ("North-South", "East-West")

MAX_LINE: Final = 10000
"""The longest line the grammar takes: a long note, not a file pasted by mistake."""


# --- errors -------------------------------------------------------------------------


class TextError(ValueError):
    """A line refused: the message names the token and says what was expected.

    ``token`` is the token refused as it was typed (None when the line as a whole is, such
    as one too long), and ``index`` its place among the line's words, from 0.
    """

    def __init__(self, message: str, token: str | None = None, index: int | None = None) -> None:
        super().__init__(message)
        self.token = token
        self.index = index


class NotYours(TextError):
    """A seat's line that acts for another seat, or when another seat is to act: the
    phones' server answers it 403, where a refused line is 422."""


# --- commands -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Upcard:
    """A new hand starts with this card turned up (between hands only)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Deal:
    """The five cards ``seat`` was dealt: ahead of the hand, or after the upcard as long
    as the seat has played no card."""

    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Dealer:
    """Who really deals the next hand, if not the seat the rules say (between hands)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last entry."""


@dataclass(frozen=True, slots=True)
class End:
    """Stop a hand that an upheld renege call has settled, before its last trick."""


@dataclass(frozen=True, slots=True)
class Meta:
    """A word for the program, not the record: ``show``, ``help`` or ``quit``."""

    word: str


Command: TypeAlias = A.Action | Upcard | Deal | Dealer | Undo | End | Meta
"""What a line says: an action of the hand, or one of the commands around it."""


# --- who speaks ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who says a line, and what they know of the cards.

    ``seat`` None is the table, which acts for any seat and knows what the record knows.
    A seat acts for itself only and knows the cards it entered as its own (``cards``, its
    five dealt cards; None when it entered none).
    """

    seat: Seat | None = None
    cards: tuple[Card, ...] | None = None

    def may_act_for(self, seat: Seat) -> bool:
        """True when this speaker may say a line for ``seat``."""
        return self.seat is None or self.seat == seat


TABLE: Final = Speaker()
"""The table: a scorekeeper entering for every seat, as the terminal recorder does."""


def table_text(card: Card) -> str:
    """A card as the table writes it, rank letter and suit symbol (``T♥``, ``9♦``).

    >>> table_text(parse_card("10h")), table_text(parse_card("bj"))
    ('T♥', 'BJ')
    """
    text = CARD_TEXT[card]
    return text if card == BENNY else text[0] + SUIT_SYMBOLS[card >> 3]


def own_cards(hand: HandState, seat: Seat, cards: tuple[Card, ...]) -> int:
    """The cards (a mask) of ``cards``, a seat's dealt five, that it still holds in
    ``hand``: those not played nor put down, and the upcard once the dealer took it up.

    >>> from euchre_log.engine.cards import EAST, NORTH, parse_card
    >>> from euchre_log.engine.hand import HandState
    >>> from euchre_log.engine.rules import Rules
    >>> five = tuple(parse_card(c) for c in ("ah", "kh", "qh", "td", "9c"))
    >>> hand = HandState(Rules(), NORTH, parse_card("9s"), deal={EAST: five})
    >>> hand.apply(A.Pass(EAST))
    ()
    >>> own_cards(hand, EAST, five) == sum(1 << c for c in five)
    True
    """
    owner = hand.owner
    mask = 0
    for c in cards:
        if owner[c] == seat or owner[c] < 0:  # in its hand, or not placed by this record
            mask |= 1 << c
    if seat == hand.dealer and owner[hand.upcard] == seat:
        mask |= 1 << hand.upcard
    return mask


# --- the state a line is read against ------------------------------------------------


class Situation(Protocol):
    """What a token is read against: the hand being recorded (None between hands), the
    game's last hand even when it is over (a penalty belongs to it), and who deals next
    (asked only between hands). A recorder's session is one; ``At`` is one on its own.
    """

    @property
    def hand(self) -> HandState | None: ...

    @property
    def last(self) -> HandState | None: ...

    @property
    def deals_next(self) -> Seat: ...


@dataclass(frozen=True, slots=True)
class At:
    """A ``Situation`` as plain values."""

    hand: HandState | None
    last: HandState | None
    deals_next: Seat

    @classmethod
    def of(cls, hand: HandState) -> At:
        """The situation of a hand on its own: being played, or over."""
        return cls(None if hand.finished else hand, hand, left_of(hand.dealer))


def expected(at: Situation) -> str:
    """What the record waits for, in words: ``it is S's turn to play``."""
    hand = at.hand
    if hand is None:
        return f"{SEAT_LETTERS[at.deals_next]} deals next: enter the upcard"
    return hand.expected()


class Step(NamedTuple):
    """The commands one token (or a token and its arguments) says, and that token as
    typed, with its place among the line's words (``word``, from 0), for the messages of
    what follows."""

    commands: tuple[Command, ...]
    token: str
    word: int


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
        if word in TRICKS_WORDS or _SHORT_TRICKS.fullmatch(word):
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
            same = [c for c in range(32) if (possible >> c) & 1 and c & 7 == rank]
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
        same = [c for c in range(32) if (possible >> c) & 1 and c & 7 == rank]
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
        if hand is None or hand.trump < 0:
            raise self.error(
                f"{token!r}: tricks are recorded once trump is made ({expected(at)})", i
            )
        self._table_only(who, i, "the tricks of a hand not played card by card")
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


# --- one line at once -------------------------------------------------------------------


def parse_line(
    line: str,
    hand: HandState | None,
    speaker: Speaker = TABLE,
    *,
    rules: Rules | None = None,
    dealer: Seat = 0,
) -> tuple[Command, ...]:
    """Every command of a line, each token read against ``hand`` as the commands before
    it leave it (they are tried on a copy; ``hand`` is not changed).

    ``hand`` None is between hands: the line's upcard then starts a hand of ``rules``
    dealt by ``dealer`` (North unless a ``dealer`` token says otherwise). A command that
    leaves the hand (``undo``, ``end``) must end the line, since what follows it depends
    on a record this function does not hold; and a refusal of the engine (a card seen
    twice, out of turn) is a ``TextError`` at its token, as at the recorder.

    >>> from euchre_log.engine.rules import Rules
    >>> parse_line("deal E ah kh qh td 9c 9s", None, rules=Rules())
    (Deal(seat=1, cards=(23, 22, 21, 11, 2)), Upcard(card=26))
    """
    return _read_line(line, hand, speaker, rules, dealer)[0]


def new_hand(line: str, rules: Rules, dealer: Seat = 0, *, number: int = 1) -> HandState:
    """A hand started from a line: any ``deal`` and ``dealer`` tokens, then the upcard,
    then (if the line goes on) what happened in the hand. ``dealer`` deals unless the
    line names another.

    >>> from euchre_log.engine.rules import Rules
    >>> hand = new_hand("deal E ah kh qh td 9c 9s p", Rules())
    >>> hand.dealer, hand.deal, hand.actions
    (0, {1: (23, 22, 21, 11, 2)}, [Pass(seat=1)])
    """
    commands, hand = _read_line(line, None, TABLE, rules, dealer, number)
    if hand is None or any(isinstance(c, (Undo, End, Meta)) for c in commands):
        raise TextError(
            f"{line.strip()[:40]!r}: a new hand needs its upcard (like 9h), after any deal "
            "and dealer, and no undo, end or command for the program"
        )
    return hand


def _read_line(
    line: str,
    hand: HandState | None,
    speaker: Speaker,
    rules: Rules | None,
    dealer: Seat,
    number: int = 1,
) -> tuple[tuple[Command, ...], HandState | None]:
    """``parse_line``'s commands, and the copy of the hand they leave (the last one the
    line started, if it started one)."""
    reader = Reader(line)
    out: list[Command] = []
    trial = hand.clone() if hand is not None else None
    last = trial
    if trial is not None:
        dealer = trial.dealer
    deals: dict[Seat, tuple[Card, ...]] = {}
    while not reader.done:
        if out and isinstance(out[-1], (Undo, End)):
            raise reader.error(
                f"{reader.tokens[reader.i]!r}: nothing may follow {type(out[-1]).__name__.lower()} "
                "on a line read on its own",
                reader.i,
            )
        at = At.of(trial) if trial is not None else At(None, last, dealer)
        step = reader.next(at, speaker)
        for command in step.commands:
            out.append(command)
            try:
                if isinstance(command, Upcard):
                    if rules is None:
                        raise IllegalAction("a new hand needs the game's rules")
                    number = last.number + 1 if last is not None else number
                    trial = HandState(
                        rules, dealer, command.card, deal=deals or None, number=number
                    )
                elif isinstance(command, Deal):
                    if trial is None:
                        deals[command.seat] = command.cards
                    else:
                        trial = _dealt(trial, command)
                elif isinstance(command, Dealer):
                    dealer = command.seat
                elif isinstance(command, (Undo, End, Meta)):
                    pass
                elif trial is not None:
                    trial.apply(command)
            except IllegalAction as exc:
                raise TextError(f"{step.token!r}: {exc}", step.token, step.word) from None
            last = trial if trial is not None else last
        if trial is not None and trial.finished:
            dealer, trial, deals = left_of(trial.dealer), None, {}
    return tuple(out), last


def apply_line(hand: HandState, line: str, speaker: Speaker = TABLE) -> tuple[Flag, ...]:
    """Read a line (``parse_line``) and record its actions in ``hand``, all or nothing;
    return the flags they raised. A command for a record rather than a hand (a new
    hand's upcard, a deal, ``undo``) is refused: a recorder applies those.

    >>> from euchre_log.engine.cards import NORTH, parse_card
    >>> from euchre_log.engine.rules import Rules
    >>> hand = HandState(Rules(), NORTH, parse_card("9s"))
    >>> apply_line(hand, "o 9d")
    ()
    >>> hand.actions
    [Order(seat=1, alone=False), Discard(seat=0, card=10)]
    """
    commands = parse_line(line, hand, speaker)
    for command in commands:
        if isinstance(command, (Upcard, Deal, Dealer, Undo, End, Meta)):
            raise TextError(
                f"{type(command).__name__.lower()} is a command for a game's record, not "
                "for one hand: a recorder applies it"
            )
    flags: list[Flag] = []
    for command in commands:
        assert not isinstance(command, (Upcard, Deal, Dealer, Undo, End, Meta))
        flags.extend(hand.apply(command))
    return tuple(flags)


def redeal(hand: HandState, deal: Deal) -> HandState:
    """``hand`` played again from its start with ``deal`` added to the cards shown: a
    seat's five cards entered after the upcard. Raises ``IllegalAction`` when the seat
    has played a card already, or the cards do not fit what the hand has shown.

    >>> from euchre_log.engine.cards import NORTH, parse_card
    >>> from euchre_log.engine.rules import Rules
    >>> hand = HandState(Rules(), NORTH, parse_card("9s"))
    >>> hand.apply(A.Pass(1))
    ()
    >>> five = tuple(parse_card(c) for c in ("ah", "kh", "qh", "td", "9c"))
    >>> redeal(hand, Deal(1, five)).deal == {1: five}
    True
    """
    return _dealt(hand, deal)


def _dealt(hand: HandState, deal: Deal) -> HandState:
    seat = deal.seat
    who = SEAT_LETTERS[seat]
    if hand.plays_made(seat):
        raise IllegalAction(f"{who} has played a card already: a deal is entered before it")
    if seat in hand.deal:
        raise IllegalAction(f"{who}'s deal is entered already")
    dealt = dict(hand.deal)
    dealt[seat] = deal.cards
    new = HandState(
        hand.rules, hand.dealer, hand.upcard, deal=dealt, kitty=hand.kitty, number=hand.number
    )
    new.extend(hand.actions)
    return new


def view_without(hand: HandState, private: Iterable[Seat], *, discard: bool = False) -> HandState:
    """``hand`` as someone sees it who was not shown the deals of the ``private`` seats
    (nor, with ``discard``, the dealer's discard): the hand played again without them.
    What ``choices`` reads for a phone that may not see those cards, so that the cards it
    offers never give a hidden card away.

    >>> from euchre_log.engine.cards import EAST, NORTH, parse_card
    >>> from euchre_log.engine.rules import Rules
    >>> five = tuple(parse_card(c) for c in ("ah", "kh", "qh", "td", "9c"))
    >>> hand = HandState(Rules(), NORTH, parse_card("9s"), deal={EAST: five})
    >>> view_without(hand, [EAST]).deal
    {}
    """
    hidden = set(private)
    deal = {s: cards for s, cards in hand.deal.items() if s not in hidden}
    view = HandState(
        hand.rules, hand.dealer, hand.upcard, deal=deal, kitty=hand.kitty, number=hand.number
    )
    actions = hand.actions
    if discard:
        actions = [A.Discard(a.seat, None) if isinstance(a, A.Discard) else a for a in hand.actions]
    view.extend(actions)
    return view


# --- what a seat may say now -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A line a speaker may enter now, the action it records, and whether it follows the
    rules (``follows``; False for a card that does not follow suit, which is accepted
    and flagged as a renege)."""

    line: str
    action: A.Action
    follows: bool


def choices(hand: HandState, speaker: Speaker = TABLE) -> list[Choice]:
    """Every bid, discard or card the speaker could enter now that would be accepted: the
    buttons a phone shows (SERVE.md's ``legal``).

    For a seat that is to act and entered its cards, its own cards, every one of them (a
    renege is accepted, and ``follows`` tells it apart); for the table, and for a seat
    that entered none, every card the seat to act could hold as far as ``hand`` shows
    (pass a hand that holds only what the speaker may see). Nothing for a seat that is
    not to act.

    >>> from euchre_log.engine.cards import NORTH, parse_card
    >>> from euchre_log.engine.rules import Rules
    >>> hand = HandState(Rules(), NORTH, parse_card("9h"))
    >>> [c.line for c in choices(hand)]
    ['p', 'o', 'o!']
    >>> choices(hand, Speaker(2))
    []
    """
    seat = hand.to_act()
    if seat is None or not speaker.may_act_for(seat):
        return []
    out: list[Choice] = []
    for action in _candidates(hand, seat, speaker):
        verdict = hand.can(action)
        if verdict is not IMPOSSIBLE:
            out.append(Choice(_line_of(action), action, verdict is LEGAL))
    return out


def _candidates(hand: HandState, seat: Seat, speaker: Speaker) -> list[A.Action]:
    p = hand.phase
    if p == NAMING:
        return [A.BennySuit(seat, s) for s in range(4)]
    if p == ROUND_ONE:
        out: list[A.Action] = [A.Pass(seat), A.Order(seat, False), A.Order(seat, True)]
        if hand.rules.blind_double_loner and not hand.bids:
            out.append(A.BlindDoubleLoner(seat))
        return out
    if p == ROUND_TWO:
        calls: list[A.Action] = [A.Pass(seat)]
        calls += [A.Call(seat, s, alone) for s in range(4) for alone in (False, True)]
        return calls
    held = hand.possible_cards(seat)
    if speaker.seat is not None and speaker.cards is not None:
        held = own_cards(hand, seat, speaker.cards)
    cards = [c for c in range(33) if (held >> c) & 1]
    if p == DISCARD:
        return [A.Discard(seat, c) for c in cards]
    if p == PLAY:
        return [A.Play(seat, c) for c in cards]
    return []


def _line_of(action: A.Action) -> str:
    """The grammar's line for a bid, discard or card."""
    match action:
        case A.Pass():
            return "p"
        case A.Order(alone=alone):
            return "o!" if alone else "o"
        case A.Call(suit=suit, alone=alone):
            return "cdhs"[suit] + ("!" if alone else "")
        case A.BennySuit(suit=suit):
            return "cdhs"[suit]
        case A.BlindDoubleLoner():
            return "blind"
        case A.Discard(card=card) | A.Play(card=card) if card is not None:
            return CARD_TEXT[card].lower()
    raise ValueError(f"no line for {action!r}")  # pragma: no cover - the candidates above
