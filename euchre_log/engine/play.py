"""The play machine, part two: the play of the cards, the scoring, and one way in.

``PlayMachine`` adds to the bidding (``bidding.Bidding``) the tricks: whose turn it is to
play, the card led, who wins each trick, a claim or tricks recorded without their cards,
penalties and the hand's score. It is where every action comes in: ``apply`` (one
action, with the flags it raised), ``extend`` (many, fast), ``can`` (legal, flagged or
impossible, by trying ``apply`` on a copy) and ``legal_actions``.

It knows nothing of proofs or of who holds which card: each card played goes through two
hooks, ``_take_card`` (may the seat have held it?) and ``_card_played`` (what it shows),
that card knowledge (``knowledge.CardKnowledge``) and the dispute judge
(``judge.DisputeJudge``) fill in. Alone, the machine takes any card of the deck not
played yet.

>>> from .actions import Call, Pass, Play
>>> from .cards import EAST, NORTH, parse_card
>>> from .rules import Rules
>>> hand = PlayMachine(Rules(), NORTH, parse_card("9h"))
>>> hand.extend([Pass(s) for s in (1, 2, 3, 0)] + [Call(EAST, 0)])
>>> hand.apply(Play(EAST, parse_card("ac")))
()
>>> hand.expected(), hand.led
("it is S's turn to play", 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Self

from .actions import (
    Action,
    BennySuit,
    BlindDoubleLoner,
    Call,
    Claim,
    DefendAlone,
    Discard,
    Note,
    Order,
    Pass,
    Penalty,
    Play,
    Tricks,
)
from .bidding import (
    DISCARD,
    FLAGGED,
    IMPOSSIBLE,
    LEGAL,
    NAMING,
    OVER,
    PLAY,
    ROUND_ONE,
    ROUND_TWO,
    Bidding,
    Legality,
    seat_text,
)
from .cards import (
    CARD_TEXT,
    HAND_SIZE,
    N_CARDS,
    NO_SUIT,
    NOBODY,
    SEATS,
    SUITS,
    TEAM_NAMES,
    Seat,
    Suit,
    cards_of,
    legal_mask,
)
from .flags import Flag, IllegalAction
from .limits import MAX_PENALTY
from .scoring import RENEGE_PENALTY, trick_points


def _state_slots(cls: type) -> tuple[str, ...]:
    """Every attribute of an instance of ``cls``: the ``__slots__`` of it and its bases."""
    return tuple(name for k in reversed(cls.__mro__) for name in getattr(k, "__slots__", ()))


class PlayMachine(Bidding):
    """The play machine: one hand's bidding, play and score. See the module docstring."""

    __slots__ = ()

    _slot_names: tuple[str, ...] = ()
    """Every attribute of an instance (``clone`` and ``snapshot`` go through them)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._slot_names = _state_slots(cls)

    def clone(self) -> Self:
        """An independent copy of this state, to try an action on."""
        cls = self.__class__
        new = cls.__new__(cls)
        for name in cls._slot_names:
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
            candidates = [BennySuit(seat, s) for s in SUITS]
        elif p == ROUND_ONE:
            candidates = [Pass(seat), Order(seat, False), Order(seat, True)]
            if self.rules.blind_double_loner and not self.bids:
                candidates.append(BlindDoubleLoner(seat))
        elif p == ROUND_TWO:
            candidates = [Pass(seat)]
            candidates += [Call(seat, s, alone) for s in SUITS for alone in (False, True)]
        elif p == DISCARD:
            candidates = [Discard(seat, None)]
            candidates += [Discard(seat, c) for c in cards_of(self.possible_cards(seat))]
        elif p == PLAY:
            held = self.possible_cards(seat)
            if self.trump != NO_SUIT and self.knows_cards(seat):
                held = legal_mask(held, self.led if self.trick_pos else NO_SUIT, self.trump)
            candidates = [Play(seat, c) for c in cards_of(held)]
        if self.alone and self.defender == NOBODY and not self.trick and not self.trick_pos:
            candidates += [DefendAlone(s) for s in SEATS if (s & 1) != (self.maker & 1)]
        return [a for a in candidates if self.can(a) is LEGAL]

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of state, as plain values: two states that compare equal will
        behave identically from here on."""
        out: list[object] = []
        for name in self._slot_names:
            if name in ("rules", "_eff", "_power", "_suit_mask", "_deck_mask"):
                continue
            value = getattr(self, name)
            if isinstance(value, list):
                value = tuple(value)
            elif isinstance(value, dict):
                value = tuple(sorted(value.items()))
            out.append(value)
        return tuple(out)

    def apply(self, action: Action) -> tuple[Flag, ...]:
        """Record one action and return the flags it raised (usually none).

        Raises ``IllegalAction`` and changes nothing when the action cannot have happened.
        """
        flags = self.flags
        before = len(flags)
        handler = self._handlers.get(action.__class__)
        if handler is None:
            raise IllegalAction(f"unknown action {action!r}")
        handler(self, action)
        if action.__class__ is not Play:
            self._recorded(action)
        self.actions.append(action)
        return tuple(flags[before:]) if len(flags) != before else ()

    def extend(self, actions: Iterable[Action]) -> None:
        """Record many actions in order: what ``apply`` does, without collecting each
        action's flags, for re-checking whole files fast. On a refusal, the
        ``IllegalAction`` says which one in its ``index``; the ones before it stay recorded.
        """
        handlers = self._handlers
        recorded = self._recorded
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
            recorded(action)
            record(action)
            i += 1

    def _play(self, a: Play) -> None:
        self._play_run((a,), 0, None)

    def _refuse_play(self, seat: Seat, c: object) -> None:
        """Why a play cannot have happened: out of turn, out of the phase, or not a card."""
        who = seat_text(seat)
        if self.phase != PLAY or seat != self.turn:
            self._seat_ok(seat)
            if isinstance(c, int) and 0 <= c < N_CARDS:
                did = f"{who} played {CARD_TEXT[c]}"
            else:
                did = f"{who} played card {c!r}"
            if self.phase == PLAY and (self.sitting >> seat) & 1:
                raise IllegalAction(f"{did}, but {who} sits out this hand")
            raise self._refuse(did)
        self._card_ok(c, f"{who} played a card, but ")  # type: ignore[arg-type]
        raise AssertionError("a card of the deck reached _refuse_play")  # pragma: no cover

    def _play_run(
        self, actions: Sequence[Action], i: int, record: Callable[[Action], None] | None
    ) -> int:
        """Record the plays from ``actions[i]`` up to the first action that is not a play,
        and return that action's index. Every play goes through here: one at a time from
        ``apply``, a run of them from ``extend``. Meanwhile the trick's state lives in
        local variables (CPython is much faster with them), written back at the end and
        before anything else can look at it: the hooks get what they need as arguments.

        Each card goes through ``_take_card`` (may the seat have held it? it raises if
        not) and, once the trick knows where it stands, ``_card_played`` with the suit
        the card failed to follow (``NO_SUIT`` when it followed or led).
        """
        take, played = self._take_card, self._card_played
        cards_at, eff, power, leaders = self.cards_at, self._eff, self._power, self.leaders
        nxt, size, trump = self.next_seat, self.trick_size, self.trump
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
                    self.turn, self.trick, self.trick_pos, self.led = turn, trick, pos, led
                    self._refuse_play(seat, c)  # raises
                fresh = take(seat, c)  # raises when the seat cannot have held the card
                cards_at[trick * 4 + seat] = c
                es = eff[c]
                p = power[c]
                off = NO_SUIT
                if pos == 0:
                    leaders.append(seat)
                    led, best_power, best_seat = es, p, seat
                elif es != led:  # did not follow suit: only a trump can win
                    off = led
                    if es == trump and p > best_power:
                        best_power, best_seat = p, seat
                elif p > best_power:
                    best_power, best_seat = p, seat
                played(seat, c, es, off, trick, fresh)
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
        """The last card is played: score the tricks, unless a penalty (an upheld renege
        call) has already settled the hand."""
        self.phase = OVER
        self.scored_at = at
        if self.outcome == RENEGE_PENALTY:
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

    # -- what card knowledge and the dispute judge fill in. Alone, the machine knows only
    # the cards played.

    def _take_card(self, seat: Seat, c: int) -> bool:
        """May ``seat`` play ``c`` now, as far as the record knows where it is? Raises
        ``IllegalAction`` if not; returns whether the play tells the record something
        new (a card nobody knew the seat held)."""
        who = seat_text(seat)
        self._card_ok(c, f"{who} played a card, but ")
        if c in self.cards_at:
            raise IllegalAction(f"{who} played {CARD_TEXT[c]}, but it is already played")
        return True

    def _card_played(
        self, seat: Seat, c: int, suit: Suit, off: Suit, trick: int, fresh: bool
    ) -> None:
        """``seat`` played ``c`` (of effective ``suit``) to ``trick`` (0-based), failing to
        follow ``off`` (``NO_SUIT`` when it followed or led); ``fresh`` as ``_take_card``
        said."""

    def _recorded(self, action: Action) -> None:
        """An action other than a play was recorded (before it joins ``actions``)."""

    def _check_claim(self, seat: Seat, did: str) -> bool:
        """Check a claim against the cards still held; whether it could be checked."""
        return False

    def possible_cards(self, seat: Seat) -> int:
        """The cards (a mask) that may be in ``seat``'s hand now: alone, the machine
        knows only that a card played is gone."""
        gone = 0
        for c in self.cards_at:
            if c >= 0:
                gone |= 1 << c
        return self._deck_mask & ~gone

    def knows_cards(self, seat: Seat) -> bool:
        """Does the record know every card ``seat`` holds now? Alone, the machine never
        does."""
        return False


PlayMachine._slot_names = _state_slots(PlayMachine)
PlayMachine._handlers = {
    **Bidding._handlers,
    Play: PlayMachine._play,
    Penalty: PlayMachine._penalty,
    Note: PlayMachine._note,
    Tricks: PlayMachine._tricks,
    Claim: PlayMachine._claim,
}
