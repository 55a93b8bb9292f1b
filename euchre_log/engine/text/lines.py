"""A line at once: its commands read on a copy of the hand, a hand started or played by
text, a hand as a phone that may not see some cards sees it, and the lines a seat may
enter now (see ``engine.text``).

>>> from euchre_log.engine.rules import Rules
>>> [c.line for c in choices(new_hand("9h", Rules()))]
['p', 'o', 'o!']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .. import actions as A
from ..cards import CARD_TEXT, NORTH, SEAT_LETTERS, SUITS, Card, Seat, cards_of, left_of
from ..flags import Flag, IllegalAction
from ..hand import DISCARD, IMPOSSIBLE, LEGAL, NAMING, PLAY, ROUND_ONE, ROUND_TWO, HandState
from ..rules import Rules
from .reader import Reader
from .words import (
    TABLE,
    At,
    Command,
    Deal,
    Dealer,
    End,
    Meta,
    Speaker,
    TextError,
    Undo,
    Upcard,
    own_cards,
)

# --- one line at once -------------------------------------------------------------------


def parse_line(
    line: str,
    hand: HandState | None,
    speaker: Speaker = TABLE,
    *,
    rules: Rules | None = None,
    dealer: Seat = NORTH,
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
    (Deal(seat=1, cards=(AH, KH, QH, TD, 9C)), Upcard(card=9S))
    """
    return _read_line(line, hand, speaker, rules, dealer)[0]


def new_hand(line: str, rules: Rules, dealer: Seat = NORTH, *, number: int = 1) -> HandState:
    """A hand started from a line: any ``deal`` and ``dealer`` tokens, then the upcard,
    then (if the line goes on) what happened in the hand. ``dealer`` deals unless the
    line names another.

    >>> from euchre_log.engine.rules import Rules
    >>> hand = new_hand("deal E ah kh qh td 9c 9s p", Rules())
    >>> hand.dealer, hand.deal, hand.actions
    (0, {1: (AH, KH, QH, TD, 9C)}, [Pass(E)])
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
    [Order(E), Discard(N, 9D)]
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
        return [A.BennySuit(seat, s) for s in SUITS]
    if p == ROUND_ONE:
        out: list[A.Action] = [A.Pass(seat), A.Order(seat, False), A.Order(seat, True)]
        if hand.rules.blind_double_loner and not hand.bids:
            out.append(A.BlindDoubleLoner(seat))
        return out
    if p == ROUND_TWO:
        calls: list[A.Action] = [A.Pass(seat)]
        calls += [A.Call(seat, s, alone) for s in SUITS for alone in (False, True)]
        return calls
    held = hand.possible_cards(seat)
    if speaker.seat is not None and speaker.cards is not None:
        held = own_cards(hand, seat, speaker.cards)
    cards = cards_of(held)
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
