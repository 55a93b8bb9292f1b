"""A plain, slow-is-fine reference Euchre engine, written straight from RULES.md, LOG_FORMAT.md
and, where they leave a point open, the decisions the project's README states ("Renege calls,
penalties and the winner").

It is deliberately independent of ``euchre_log``: it imports nothing from it. It does three jobs:

1. ``evaluate_log(log)`` reads a euchre-log/1 game (a dict) and returns what the
   euchre-log-check/1 report's ``games[]`` entry for it should say (hands, flags, score, winner,
   or an error with its hand number and action index); ``judge_log(log)`` also says how each
   renege call was settled, and when the game was won.
2. ``generate_game(...)`` plays random LEGAL games with a seeded ``random.Random``, optionally
   with injected irregularities (reneges, illegal bids, dealing out of turn), renege calls,
   penalty actions and records that stop early or end with a ``tricks`` action, and returns
   the log together with what the generator itself knows the result must be.
3. The log it produces is euchre-log/1 JSON exactly per LOG_FORMAT.md.

Cards are strings such as "JH", "TD", "9C". Seats are "N" "E" "S" "W" clockwise.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

SEATS = ("N", "E", "S", "W")
SUITS = ("C", "D", "H", "S")
RANKS = ("9", "T", "J", "Q", "K", "A")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
TEAMS = ("NS", "EW")
SUIT_NAMES = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}

# Plain-suit order, low to high: 9 T J Q K A.
PLAIN_ORDER = "9TJQKA"
# Trump order below the two bowers, low to high: 9 T Q K A.
TRUMP_ORDER = "9TQKA"


# --------------------------------------------------------------------------------------------
# Seats, teams and cards
# --------------------------------------------------------------------------------------------


def left_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def team_of(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def other_team(team: str) -> str:
    return "EW" if team == "NS" else "NS"


def clockwise_from(seat: str) -> list[str]:
    i = SEATS.index(seat)
    return [SEATS[(i + k) % 4] for k in range(4)]


def is_right_bower(card: str, trump: str) -> bool:
    return card == "J" + trump


def is_left_bower(card: str, trump: str) -> bool:
    return card == "J" + SAME_COLOUR[trump]


def effective_suit(card: str, trump: str | None) -> str:
    """The suit a card belongs to for following suit: the left bower is trump."""
    if trump is not None and is_left_bower(card, trump):
        return trump
    return card[1]


def card_power(card: str, trump: str, led_suit: str) -> int:
    """How strong a card is in a trick whose led (effective) suit is ``led_suit``.

    Any trump beats any non-trump; a card neither trump nor of the led suit cannot win (-1).
    """
    suit = effective_suit(card, trump)
    if suit == trump:
        if is_right_bower(card, trump):
            return 200
        if is_left_bower(card, trump):
            return 199
        return 100 + TRUMP_ORDER.index(card[0])
    if suit == led_suit:
        return PLAIN_ORDER.index(card[0])
    return -1


def trick_winner(plays: list[tuple[str, str]], trump: str) -> str:
    led = effective_suit(plays[0][1], trump)
    best_seat, best_power = plays[0][0], card_power(plays[0][1], trump, led)
    for seat, card in plays[1:]:
        power = card_power(card, trump, led)
        if power > best_power:
            best_seat, best_power = seat, power
    return best_seat


def legal_cards(hand: Iterable[str], trump: str, led_suit: str | None) -> list[str]:
    hand = list(hand)
    if led_suit is None:
        return hand
    following = [c for c in hand if effective_suit(c, trump) == led_suit]
    return following or hand


# --------------------------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The rule options this reference models (README.md lists the others, and the tests
    that cover them instead)."""

    stick_the_dealer: bool = False
    defend_alone: bool = False
    defend_alone_points: int = 4
    target: int = 10
    super_euchre: bool = False
    loner_lead: str = "left_of_dealer"  # or "left_of_loner"
    canadian_loner: bool = False
    renege_penalty: str = "award"  # or "deduct"
    renege_points: int = 2
    renege_points_vs_alone: int = 4

    def to_json(self) -> dict[str, Any]:
        return {
            "stick_the_dealer": self.stick_the_dealer,
            "defend_alone": self.defend_alone,
            "defend_alone_points": self.defend_alone_points,
            "target": self.target,
            "super_euchre": self.super_euchre,
            "loner_lead": self.loner_lead,
            "canadian_loner": self.canadian_loner,
            "renege_penalty": self.renege_penalty,
            "renege_points": self.renege_points,
            "renege_points_vs_alone": self.renege_points_vs_alone,
        }


MODELLED_OPTIONS = tuple(Rules().to_json())
"""The rule options (RULES.md) this reference plays by."""


# Only the options this reference knows; the presets from RULES.md, reduced to them. The
# renege options: 000 (family) costs 2, or 4 against a lone hand (the defaults); 004
# (canadian; benny, whose 25-card deck is not modelled) "2 points are awarded to the
# opposing team", a lone hand or not.
PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "family": {"defend_alone": True, "defend_alone_points": 4},
    "north-american": {"stick_the_dealer": True},
    "canadian": {"stick_the_dealer": True, "canadian_loner": True, "renege_points_vs_alone": 2},
}


def rules_json(rules: Rules, rng: random.Random, style: str = "explicit") -> dict[str, Any] | None:
    """How a log writes its rules: every field ("explicit"), or a preset from RULES.md plus the
    fields that differ from it, leaving out defaults ("preset"); None means no ``rules`` at all."""
    if style == "explicit":
        return rules.to_json()
    defaults = Rules().to_json()
    wanted = rules.to_json()
    name = rng.choice(["classic", "family", "north-american", "canadian", None])
    base = dict(defaults)
    if name is not None:
        base.update(PRESETS[name])
    out: dict[str, Any] = {} if name is None else {"preset": name}
    for key, value in wanted.items():
        if base[key] != value:
            out[key] = value
    if not out and rng.random() < 0.5:
        return None
    return out


def parse_rules(raw: dict[str, Any] | None) -> Rules:
    raw = dict(raw or {})
    values: dict[str, Any] = {}
    preset = raw.pop("preset", None)
    if preset is not None:
        if preset not in PRESETS:
            raise NotImplementedError(f"the reference engine does not model the {preset} preset")
        values.update(PRESETS[preset])
    for key in MODELLED_OPTIONS:
        if key in raw:
            values[key] = raw[key]
    unknown = set(raw) - set(MODELLED_OPTIONS)
    if unknown:
        raise NotImplementedError(f"the reference engine does not model {sorted(unknown)}")
    return Rules(**values)


def score_hand(
    rules: Rules, maker: str, alone: bool, defender_alone: str | None, maker_tricks: int
) -> tuple[str, dict[str, int]]:
    """(outcome, points) for a played-out hand, from the scoring table of RULES.md."""
    makers = team_of(maker)
    defenders = other_team(makers)
    points = {"NS": 0, "EW": 0}
    if maker_tricks == 5:
        points[makers] = 4 if alone else 2
        return "march", points
    if maker_tricks >= 3:
        points[makers] = 1
        return "made", points
    if alone and defender_alone is not None and rules.defend_alone:
        points[defenders] = rules.defend_alone_points
    else:
        points[defenders] = 2
    if rules.super_euchre and maker_tricks == 0 and points[defenders] == 2:
        points[defenders] = 4  # RULES.md: defenders who take all 5 score 4 (instead of 2)
    return "euchred", points


def renege_penalty_points(
    rules: Rules, accused: str, maker: str, alone: bool, choice: str | None
) -> dict[str, int]:
    """What an upheld renege call scores (RULES.md, README decision 6): ``renege_points``, or
    ``renege_points_vs_alone`` when the innocent side made trump and went alone; given to the
    innocent side (``award``) or taken from the guilty side (``deduct``); the call's own
    ``penalty`` field overrides the rules' ``renege_penalty``."""
    guilty = team_of(accused)
    innocent = other_team(guilty)
    alone_innocent = alone and team_of(maker) == innocent
    points = rules.renege_points_vs_alone if alone_innocent else rules.renege_points
    out = {"NS": 0, "EW": 0}
    if (choice or rules.renege_penalty) == "deduct":
        out[guilty] = -points
    else:
        out[innocent] = points
    return out


def first_leader(rules: Rules, dealer: str, maker: str, alone: bool, sitting: Iterable[str]) -> str:
    """Who leads trick 1: left of the dealer, or left of a lone maker under
    ``loner_lead: left_of_loner``; a seat that sits out is skipped."""
    start = left_of(maker) if alone and rules.loner_lead == "left_of_loner" else left_of(dealer)
    return next(s for s in clockwise_from(start) if s not in set(sitting))


# --------------------------------------------------------------------------------------------
# What the record shows about a seat's hand: reneges and renege calls
# --------------------------------------------------------------------------------------------


def hands_allowed(
    certain: set[str], maybe_gone: set[str], slack: int, size: int, unseen: set[str]
) -> list[tuple[set[str], int]]:
    """Every way the record allows a seat's hand now (README decision 3'), as (the known
    cards still in it, how many more cards come from ``unseen``).

    The hand holds ``size`` cards: every card of ``certain``; every card of ``maybe_gone``
    but at most ``slack`` of them (an unseen discard may have taken them away); and the rest
    from ``unseen``, the cards seen nowhere else. An empty list: no hand fits the record."""
    ways = []
    for n_gone in range(min(slack, len(maybe_gone)) + 1):
        for gone in itertools.combinations(sorted(maybe_gone), n_gone):
            kept = certain | (maybe_gone - set(gone))
            more = size - len(kept)
            if 0 <= more <= len(unseen):
                ways.append((kept, more))
    return ways


def suit_range(
    ways: list[tuple[set[str], int]], unseen: set[str], suit: str, trump: str
) -> tuple[int, int] | None:
    """(fewest, most) cards of ``suit`` in the hands ``ways`` allow (see hands_allowed):
    the fewest fill the hand from the unseen cards of other suits first, the most from the
    unseen cards of the suit first. None when no hand fits."""
    if not ways:
        return None
    in_suit = sum(effective_suit(c, trump) == suit for c in unseen)
    others = len(unseen) - in_suit
    fewest, most = [], []
    for kept, more in ways:
        known = sum(effective_suit(c, trump) == suit for c in kept)
        fewest.append(known + max(0, more - others))
        most.append(known + min(more, in_suit))
    return min(fewest), max(most)


class Knowledge:
    """Everything one hand's record says about who holds which card, action by action
    (README decision 3').

    No card enters a hand once play begins, so what a seat held at trick k is exactly what
    it played on tricks k.. and what it holds now. What it holds now is what "the record
    allows": ``5 - (cards it has played)`` cards; of the cards known to have been in it (its
    recorded deal, the upcard the dealer picked up, the cards it showed with a renege call;
    less a discard that was seen), those not played yet, all of them still there but
    ``slack`` (the dealer who discarded unseen: the discard may have been any one of them
    but a shown card); the others from the cards seen nowhere else in the record (not the
    upcard, the recorded kitty, any seat's recorded deal, a seen discard, a card played or
    shown). When every other card is accounted for, that works the hand out by elimination.
    """

    def __init__(
        self, dealer: str, upcard: str, deal: dict[str, list[str]], kitty: list[str]
    ) -> None:
        self.dealer = dealer
        self.upcard = upcard
        self.deal = deal
        self.kitty = kitty
        self.picked_up = False
        self.discard: str | None = None
        self.discard_seen = False
        self.plays: list[tuple[int, int, str, str]] = []  # (action index, trick, seat, card)
        self.shown: list[tuple[int, str, tuple[str, ...]]] = []  # (action index, seat, cards)

    def dealt(self, seat: str) -> set[str] | None:
        """The cards the seat may have held once play began, when its deal is recorded (the
        dealer who picked up: the deal and the upcard); None when it is not."""
        if seat not in self.deal:
            return None
        cards = set(self.deal[seat])
        if seat == self.dealer and self.picked_up:
            cards.add(self.upcard)
        return cards

    def played(self, seat: str, upto: int) -> list[tuple[int, str]]:
        """(trick, card) of each card the seat played, up to and including action ``upto``."""
        return [(t, c) for i, t, s, c in self.plays if s == seat and i <= upto]

    def shown_by(self, seat: str, upto: int) -> set[str]:
        return {c for i, s, cs in self.shown if s == seat and i <= upto for c in cs}

    def known(self, seat: str, upto: int) -> set[str]:
        """The cards known to have been in the seat's hand once play began."""
        cards = set(self.deal.get(seat, ()))
        if seat == self.dealer and self.picked_up:
            cards.add(self.upcard)
            if self.discard_seen:
                cards.discard(self.discard or "")
        return cards | self.shown_by(seat, upto)

    def slack(self, seat: str) -> int:
        """How many known cards an unseen discard may have taken from the seat's hand."""
        return 1 if seat == self.dealer and self.picked_up and not self.discard_seen else 0

    def unseen(self, upto: int) -> set[str]:
        """The cards seen nowhere in the record up to action ``upto``."""
        seen = {self.upcard, *self.kitty}
        for cards in self.deal.values():
            seen |= set(cards)
        if self.discard_seen and self.discard is not None:
            seen.add(self.discard)
        seen |= {c for i, _t, _s, c in self.plays if i <= upto}
        seen |= {c for i, _s, cs in self.shown if i <= upto for c in cs}
        return set(DECK) - seen

    def now(self, seat: str, upto: int) -> tuple[list[tuple[set[str], int]], set[str]]:
        """The hands the record (up to action ``upto``) allows the seat now, as
        ``hands_allowed`` gives them, and the unseen cards they are filled from."""
        played = {c for _t, c in self.played(seat, upto)}
        known = self.known(seat, upto) - played
        shown = self.shown_by(seat, upto) - played
        slack = self.slack(seat)
        certain = shown if slack else known
        unseen = self.unseen(upto)
        ways = hands_allowed(certain, known - certain, slack, 5 - len(played), unseen)
        return ways, unseen

    def proof(
        self, seat: str, trick: int, led: str, trump: str, upto: int
    ) -> tuple[str, str] | None:
        """How the record (up to action ``upto``) proves that ``seat`` held a card of the led
        suit at ``trick``: (how, in words), or None. How: "later_play" (it plays one on a
        later trick), "shown" (one it showed is still held), "deal" or "upcard" (every hand
        the record allows holds one, its known cards alone), "worked_out" (every hand the
        record allows holds one, once the cards seen elsewhere are ruled out)."""
        for t, c in self.played(seat, upto):
            if t > trick and effective_suit(c, trump) == led:
                return "later_play", f"{c} (played on trick {t})"
        played = {c for _t, c in self.played(seat, upto)}
        for c in sorted(self.shown_by(seat, upto) - played):
            if effective_suit(c, trump) == led:
                return "shown", f"{c} (shown when a renege was called)"
        ways, unseen = self.now(seat, upto)
        counts = suit_range(ways, unseen, led, trump)
        if counts is None or counts[0] == 0:
            return None
        name = SUIT_NAMES[led]
        if min(sum(effective_suit(c, trump) == led for c in kept) for kept, _ in ways) > 0:
            cards = sorted(c for kept, _ in ways for c in kept if effective_suit(c, trump) == led)
            how = "upcard" if seat not in self.deal and self.upcard in cards else "deal"
            return how, f"a {name} ({' or '.join(dict.fromkeys(cards))}, known to be {seat}'s)"
        return "worked_out", f"a {name} (every other card is accounted for)"

    def disproof(self, seat: str, trick: int, led: str, trump: str, upto: int) -> str | None:
        """How the record shows that ``seat`` held no card of the led suit at ``trick``, or
        None: "played_out" (it has played all five cards, none of the suit after that
        trick), "hand_known" (the cards known to be in its hand fill it, none of the suit),
        "worked_out" (neither its known cards nor those seen nowhere else hold one)."""
        if self.proof(seat, trick, led, trump, upto) is not None:
            return None
        if len(self.played(seat, upto)) == 5:
            return "played_out"
        ways, unseen = self.now(seat, upto)
        counts = suit_range(ways, unseen, led, trump)
        if counts is None or counts[1] > 0:
            return None
        return "hand_known" if all(more == 0 for _kept, more in ways) else "worked_out"


def renege_flags(
    tricks: list[list[tuple[str, str]]], trump: str, knowledge: Knowledge
) -> list[dict[str, Any]]:
    """Every renege the whole record proves, once per (seat, led suit), on its first trick
    the record proves (decision 7).

    ``tricks`` holds the recorded tricks in order, each a list of (seat, card) in play order;
    the last one may be unfinished."""
    flags: list[dict[str, Any]] = []
    flagged: set[tuple[str, str]] = set()
    everything = 1 << 30
    for k, trick in enumerate(tricks, 1):
        if not trick:
            continue
        led = effective_suit(trick[0][1], trump)
        for seat, card in trick[1:]:
            if effective_suit(card, trump) == led or (seat, led) in flagged:
                continue
            found = knowledge.proof(seat, k, led, trump, everything)
            if found is not None:
                how, proof = found
                flagged.add((seat, led))
                flag = _flag(
                    "renege",
                    seat,
                    k,
                    f"{seat} played {card} on a {SUIT_NAMES[led]} lead while holding {proof}",
                )
                flag["how"] = how  # the proof's kind (never compared with euchre-log's)
                flags.append(flag)
    return flags


# --------------------------------------------------------------------------------------------
# Reading a log and computing the expected report
# --------------------------------------------------------------------------------------------


class LogError(Exception):
    def __init__(self, message: str, hand: int | None = None, action: int | None = None):
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.action = action


def _card(value: Any, where: str, hand: int | None, action: int | None) -> str:
    if (
        not isinstance(value, str)
        or len(value) != 2
        or value[0] not in RANKS
        or value[1] not in SUITS
    ):
        raise LogError(f"{where}: unknown card {value!r}", hand, action)
    return value


def _seat(value: Any, hand: int | None, action: int | None) -> str:
    if value not in SEATS:
        raise LogError(f"unknown seat {value!r}", hand, action)
    return str(value)


def _flag(
    kind: str, seat: str | None, trick: int | None, message: str, accused: str | None = None
) -> dict[str, Any]:
    flag = {"kind": kind, "seat": seat, "trick": trick, "message": message}
    if accused is not None:
        flag["accused"] = accused
    return flag


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class CallVerdict:
    """One renege call and how the record judges it (README decisions 1, 2, 3', 5)."""

    index: int  # the call's action index
    caller: str
    accused: str
    trick: int
    led: str | None  # the led suit the accused did not follow; None if they led or followed
    penalty: str | None  # the call's own choice: "award", "deduct" or None (the rules')
    verdict: str = "pending"  # then "upheld", "false" or "unresolved"
    decided_at: int | None = None  # the action that proved or disproved it
    penalised: bool = False  # its penalty is the hand's (the first call upheld)
    basis: str = ""  # what decided it: "led", "followed", a proof's or a disproof's "how"
    why: str = ""  # why a false call is false


@dataclass
class HandJudgement:
    """One hand as the reference judges it: the report entry (without number and
    score_after), the scoring events in record order, and the calls."""

    result: dict[str, Any]
    events: list[tuple[int, str, dict[str, int]]]  # (action index, what, points)
    calls: list[CallVerdict]
    upheld_when_made: bool  # a call was upheld as it was made (the hand goes on: 4')
    completed_at: int | None  # the action that completed the play (20th card, tricks)
    tricks_action: int | None  # where a tricks action stands, after how many tricks
    tricks_recorded: int  # tricks recorded card by card (the last may be unfinished)


def evaluate_hand(
    hand: dict[str, Any], rules: Rules, prev_dealer: str | None, number: int
) -> dict[str, Any]:
    """The expected report entry for one hand (without score_after). Raises LogError."""
    return judge_hand(hand, rules, prev_dealer, number).result


def judge_hand(
    hand: dict[str, Any], rules: Rules, prev_dealer: str | None, number: int
) -> HandJudgement:
    """Judge one hand of a log. Raises LogError."""

    def fail(message: str, action: int | None = None) -> LogError:
        return LogError(
            f"hand {number}"
            + (f", action {action}" if action is not None else "")
            + f": {message}",
            number,
            action,
        )

    dealer = _seat(hand.get("dealer"), number, None)
    upcard = _card(hand.get("upcard"), "upcard", number, None)
    flags: list[dict[str, Any]] = []
    if prev_dealer is not None and dealer != left_of(prev_dealer):
        flags.append(
            _flag(
                "dealt_out_of_turn",
                dealer,
                None,
                f"{dealer} dealt, but it was {left_of(prev_dealer)}'s deal",
            )
        )

    # Where every card we have heard of is: "upcard", "kitty", a seat (dealt or shown),
    # "discard", "played".
    location: dict[str, str] = {}

    def place(card: str, where: str, action: int | None = None) -> None:
        if card in location:
            raise fail(f"{card} appears twice", action)
        location[card] = where

    place(upcard, "upcard")
    kitty = [_card(c, "kitty", number, None) for c in hand.get("kitty") or []]
    if len(kitty) > 3:
        raise fail("the kitty holds at most three cards besides the upcard")
    for c in kitty:
        place(c, "kitty")
    deal: dict[str, list[str]] = {}
    for seat, cards in (hand.get("deal") or {}).items():
        seat = _seat(seat, number, None)
        cards = [_card(c, "deal", number, None) for c in cards]
        if len(cards) != 5:
            raise fail(f"{seat} was dealt {len(cards)} cards, not 5")
        for c in cards:
            place(c, seat)
        deal[seat] = cards
    knowledge = Knowledge(dealer, upcard, deal, kitty)

    phase = "bid1"
    turn = left_of(dealer)
    passes = 0
    trump: str | None = None
    maker: str | None = None
    alone = False
    defender: str | None = None
    picked_up = False
    discarded = False
    passed_out = False
    active: list[str] = []
    tricks: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    extra = {"NS": 0, "EW": 0}  # tricks recorded without their cards
    completed_at: int | None = None
    tricks_action: int | None = None
    penalties: list[tuple[int, str, int]] = []
    calls: list[CallVerdict] = []
    penalty_call: CallVerdict | None = None

    def judge_calls(i: int) -> None:
        """Decide the pending calls on the record up to action i (decision 3')."""
        nonlocal penalty_call
        assert trump is not None
        for call in calls:
            if call.verdict != "pending":
                continue
            assert call.led is not None
            proof = knowledge.proof(call.accused, call.trick, call.led, trump, i)
            disproof = knowledge.disproof(call.accused, call.trick, call.led, trump, i)
            if proof is not None:
                call.verdict, call.decided_at, call.basis = "upheld", i, proof[0]
                if penalty_call is None:
                    penalty_call, call.penalised = call, True
            elif disproof is not None:
                call.verdict, call.decided_at, call.basis = "false", i, disproof

    for i, action in enumerate(hand.get("actions") or []):
        kind = action.get("type")
        if kind == "note":
            continue
        if kind == "penalty":
            # A penalty the table agreed on may stand anywhere in the hand, and counts where
            # it stands (the recorder files one typed between hands with the hand before).
            _seat(action.get("seat"), number, i)
            team, points = action.get("team"), action.get("points")
            if team not in TEAMS or not _is_int(points):
                raise fail(f"a penalty needs a team and whole points, not {team!r} {points!r}", i)
            penalties.append((i, str(team), int(points)))
            continue
        # Decision 4': an upheld call settles the hand's score, but never ends the hand in
        # the record: the rest of it may still be recorded, checked as usual, and changes
        # nothing in the score (only a second renege call is refused, below).

        if kind == "renege_call":
            caller = _seat(action.get("seat"), number, i)
            accused = _seat(action.get("accused"), number, i)
            k = action.get("trick")
            if not _is_int(k) or not 1 <= k <= 5:
                raise fail(f"trick should be a trick number from 1 to 5, not {k!r}", i)
            if trump is None or not knowledge.plays:
                raise fail("a renege call, but no card has been played this hand", i)
            if penalty_call is not None:
                raise fail("a renege call, but a renege call was already upheld this hand", i)
            if accused not in active:
                raise fail(f"a renege call on {accused}, who sits out this hand", i)
            all_tricks = tricks + ([current] if current else [])
            trick_cards = all_tricks[k - 1] if k <= len(all_tricks) else []
            played = next((c for s, c in trick_cards if s == accused), None)
            if played is None:
                raise fail(f"a renege call on {accused}, who has not played to trick {k}", i)
            choice = action.get("penalty")
            if choice not in (None, "award", "deduct"):
                raise fail(f"penalty should be award or deduct, not {choice!r}", i)
            shown_raw = action.get("shown") or []
            if not isinstance(shown_raw, list):
                raise fail("shown should be a list of cards", i)
            shown = [_card(c, "shown", number, i) for c in shown_raw]
            if len(set(shown)) != len(shown):
                raise fail("a shown card is listed twice", i)
            holding = 5 - sum(1 for _i, _t, s, _c in knowledge.plays if s == accused)
            if len(shown) > holding:
                raise fail(f"{accused} showed {len(shown)} cards but holds only {holding}", i)
            dealt = knowledge.dealt(accused)
            for c in shown:
                where = location.get(c)
                if where == "upcard" and picked_up and accused == dealer:
                    continue
                if where in ("played", "discard", "kitty", "upcard"):
                    raise fail(f"{accused} showed {c}, which is not in their hand", i)
                if where in SEATS and where != accused:
                    raise fail(f"{accused} showed {c}, which is {where}'s", i)
                if dealt is not None and c not in dealt:
                    raise fail(f"{accused} showed {c}, which {accused} was not dealt", i)
                location[c] = accused
            knowledge.shown.append((i, accused, tuple(shown)))
            led_card = trick_cards[0]
            led = effective_suit(led_card[1], trump)
            call = CallVerdict(i, caller, accused, k, None, choice)
            why = ""
            if led_card[0] == accused:
                call.verdict, call.decided_at, call.basis = "false", i, "led"
                why = f"{accused} led that trick"
            elif effective_suit(played, trump) == led:
                call.verdict, call.decided_at, call.basis = "false", i, "followed"
                why = f"{accused} followed suit with {played}"
            else:
                call.led = led
                why = f"{accused} held no {SUIT_NAMES[led]} at that trick, as the record shows"
            call.why = why
            calls.append(call)
            judge_calls(i)
            continue

        if kind == "tricks":
            if trump is None:
                raise fail("tricks without their cards, before trump is made", i)
            if phase == "done":
                raise fail("tricks without their cards, after the hand ended", i)
            if picked_up and not discarded:
                raise fail("tricks without their cards, but the dealer discards first", i)
            if current:
                raise fail("tricks without their cards, in the middle of a trick", i)
            ns, ew = action.get("NS"), action.get("EW")
            if not _is_int(ns) or not _is_int(ew) or ns < 0 or ew < 0:
                raise fail(f"tricks need whole numbers of tricks, not {ns!r} and {ew!r}", i)
            if ns + ew != 5 - len(tricks):
                raise fail(f"the tricks add up to {ns + ew}, and {5 - len(tricks)} remain", i)
            extra = {"NS": ns, "EW": ew}
            phase, completed_at, tricks_action = "done", i, len(tricks)
            continue

        if phase == "done":
            raise fail(f"{kind} after the hand ended", i)
        seat = _seat(action.get("seat"), number, i)

        if phase == "bid1":
            if kind not in ("pass", "order"):
                raise fail(f"{kind} in the first bidding round", i)
            if seat != turn:
                raise fail(f"{seat} bid, but it is {turn}'s turn to bid", i)
            if kind == "pass":
                passes += 1
                turn = left_of(turn)
                if passes == 4:
                    phase, passes = "bid2", 0
            else:
                trump, maker, alone = upcard[1], seat, bool(action.get("alone", False))
                if rules.canadian_loner and seat == partner_of(dealer) and not alone:
                    flags.append(
                        _flag(
                            "illegal_bid",
                            seat,
                            None,
                            f"{seat} assisted without going alone under the Canadian loner",
                        )
                    )
                picked_up = True
                knowledge.picked_up = True
                phase = "preplay"
            continue

        if phase == "bid2":
            if kind not in ("pass", "call"):
                raise fail(f"{kind} in the second bidding round", i)
            if seat != turn:
                raise fail(f"{seat} bid, but it is {turn}'s turn to bid", i)
            if kind == "pass":
                if seat == dealer:
                    if rules.stick_the_dealer:
                        flags.append(
                            _flag("illegal_bid", seat, None, f"{seat} passed as the stuck dealer")
                        )
                    passed_out = True
                    phase = "done"
                else:
                    turn = left_of(turn)
            else:
                suit = action.get("suit")
                if suit not in SUITS:
                    raise fail(f"unknown suit {suit!r}", i)
                if suit == upcard[1]:
                    flags.append(
                        _flag(
                            "illegal_bid",
                            seat,
                            None,
                            f"{seat} named {SUIT_NAMES[suit]}s, the turned-down suit",
                        )
                    )
                trump, maker, alone = suit, seat, bool(action.get("alone", False))
                phase = "preplay"
            continue

        # phase is "preplay" or "play"
        assert trump is not None and maker is not None
        if kind == "discard":
            if phase != "preplay" or not picked_up or discarded:
                raise fail("no discard is due now", i)
            if seat != dealer:
                raise fail(f"{seat} discarded, but {dealer} is the dealer", i)
            card = action.get("card")
            if card is not None:
                card = _card(card, "discard", number, i)
                where = location.get(card)
                if card == upcard:
                    pass
                elif dealer in deal:
                    if where != dealer:
                        raise fail(f"{dealer} discarded {card}, which {dealer} does not hold", i)
                elif where is not None:
                    raise fail(f"{card} appears twice", i)
                location[card] = "discard"
            discarded = True
            knowledge.discard, knowledge.discard_seen = card, card is not None
            continue
        if kind == "defend_alone":
            if phase != "preplay":
                raise fail("defend_alone after the first play", i)
            if not alone:
                raise fail("defend_alone without a lone hand", i)
            if defender is not None:
                raise fail("a second defend_alone", i)
            if team_of(seat) == team_of(maker):
                raise fail(f"{seat} is not an opponent of the lone hand", i)
            if not rules.defend_alone:
                flags.append(
                    _flag(
                        "illegal_bid",
                        seat,
                        None,
                        f"{seat} defended alone, which these rules do not allow",
                    )
                )
            defender = seat
            continue
        if kind != "play":
            raise fail(f"unexpected action {kind!r}", i)
        if picked_up and not discarded:
            raise fail("the dealer must discard before the first play", i)
        if phase == "preplay":
            sitting = set()
            if alone:
                sitting.add(partner_of(maker))
            if defender is not None:
                sitting.add(partner_of(defender))
            active = [s for s in clockwise_from(left_of(dealer)) if s not in sitting]
            turn = first_leader(rules, dealer, maker, alone, sitting)
            phase = "play"
        if seat not in active:
            raise fail(f"{seat} sits out this hand", i)
        if seat != turn:
            raise fail(f"{seat} played, but it is {turn}'s turn to play", i)
        card = _card(action.get("card"), "play", number, i)
        where = location.get(card)
        if where in ("played", "discard", "kitty"):
            raise fail(f"{card} appears twice", i)
        if where == "upcard" and not (picked_up and seat == dealer):
            raise fail(f"{card} is the upcard", i)
        if where in SEATS and where != seat:
            raise fail(f"{card} was dealt to {where}", i)
        if seat in deal and where != seat and not (picked_up and seat == dealer and card == upcard):
            raise fail(f"{seat} does not hold {card}", i)
        location[card] = "played"
        current.append((seat, card))
        knowledge.plays.append((i, len(tricks) + 1, seat, card))
        if len(current) == len(active):
            winner = trick_winner(current, trump)
            tricks.append(current)
            current = []
            turn = winner
            if len(tricks) == 5:
                phase, completed_at = "done", i
        else:
            turn = active[(active.index(seat) + 1) % len(active)]
        if calls:
            judge_calls(i)

    # Decision 5: a call still pending when the hand's record ends is unresolved.
    for call in calls:
        if call.verdict == "pending":
            call.verdict = "unresolved"
        if call.verdict == "false":
            flags.append(
                _flag(
                    "false_renege_call",
                    call.caller,
                    call.trick,
                    f"{call.caller} called a renege on {call.accused} for trick {call.trick}, "
                    f"but {call.why}",
                    call.accused,
                )
            )
        elif call.verdict == "unresolved":
            flags.append(
                _flag(
                    "unresolved_renege_call",
                    call.caller,
                    call.trick,
                    f"{call.caller} called a renege on {call.accused} for trick {call.trick}; "
                    "nothing recorded proves or disproves it",
                    call.accused,
                )
            )

    events: list[tuple[int, str, dict[str, int]]] = []
    for i, team, points in penalties:
        delta = {"NS": 0, "EW": 0}
        delta[team] += points
        events.append((i, "penalty", delta))

    def total(*parts: dict[str, int]) -> dict[str, int]:
        return {t: sum(p[t] for p in parts) for t in TEAMS}

    penalty_points = total(*(delta for _i, _w, delta in events))
    result: dict[str, Any] = {"dealer": dealer}
    if passed_out:
        result.update(
            trump=None,
            maker=None,
            alone=False,
            defender_alone=None,
            tricks={"NS": 0, "EW": 0},
            points=penalty_points,
            outcome="passed_out",
            flags=flags,
        )
        return HandJudgement(result, events, calls, False, None, None, 0)

    tricks_won = dict(extra)
    if trump is not None:
        for trick in tricks:
            tricks_won[team_of(trick_winner(trick, trump))] += 1
        flags.extend(renege_flags(tricks + ([current] if current else []), trump, knowledge))

    if penalty_call is not None:
        assert maker is not None and penalty_call.decided_at is not None
        points = renege_penalty_points(
            rules, penalty_call.accused, maker, alone, penalty_call.penalty
        )
        events.append((penalty_call.decided_at, "renege_call", points))
        outcome = "renege_penalty"
    elif phase == "done":
        assert maker is not None and completed_at is not None
        outcome, points = score_hand(rules, maker, alone, defender, tricks_won[team_of(maker)])
        events.append((completed_at, "tricks", points))
    else:
        outcome, points = "incomplete", {"NS": 0, "EW": 0}
    events.sort(key=lambda e: e[0])
    result.update(
        trump=trump,
        maker=maker,
        alone=alone,
        defender_alone=defender,
        tricks=tricks_won,
        points=total(points, penalty_points),
        outcome=outcome,
        flags=flags,
    )
    return HandJudgement(
        result,
        events,
        calls,
        any(c.verdict == "upheld" and c.decided_at == c.index for c in calls),
        completed_at,
        tricks_action,
        len(tricks) + (1 if current else 0),
    )


@dataclass
class GameJudgement:
    """A whole log as the reference judges it: the report entry, and how each hand and
    the winner came about (for the cross-check's coverage counts)."""

    report: dict[str, Any]
    hands: list[HandJudgement]
    won_at: tuple[int, int, str] | None = None  # (hand number, action index, event)
    voided_wins: int = 0  # hands whose trick score would have won, voided by a later call


def evaluate_log(log: dict[str, Any], file: str = "") -> dict[str, Any]:
    """The expected euchre-log-check/1 ``games[]`` entry for one game log."""
    return judge_log(log, file).report


def judge_log(log: dict[str, Any], file: str = "") -> GameJudgement:
    judgement = GameJudgement({}, [])
    try:
        judgement.report = {"file": file, "error": None, **_evaluate_game(log, judgement)}
    except LogError as e:
        judgement.report = {
            "file": file,
            "error": {"message": e.message, "hand": e.hand, "action": e.action},
            "hands": [],
        }
    return judgement


def _evaluate_game(log: dict[str, Any], judgement: GameJudgement) -> dict[str, Any]:
    if log.get("format") != "euchre-log/1":
        raise LogError(f"unknown format {log.get('format')!r}")
    game = log.get("game") or {}
    players = game.get("players") or {}
    if (
        sorted(players) != sorted(SEATS)
        or len(set(players.values())) != 4
        or not all(isinstance(p, str) and p for p in players.values())
    ):
        raise LogError("game.players needs four distinct names")
    rules = parse_rules(game.get("rules"))
    score = {"NS": 0, "EW": 0}
    score.update(game.get("initial_score") or {})
    if any(score[t] >= rules.target for t in TEAMS):
        # The game was over before the record starts: no hand can follow (the product's
        # choice, which this reference shares: it rejects the file, hands or none).
        raise LogError(f"the initial score already reaches the target of {rules.target}")
    winner: str | None = None
    prev_dealer: str | None = None
    hands_out = []
    for number, hand in enumerate(log.get("hands") or [], 1):
        if winner is not None:
            raise LogError(f"hand {number}: the game was already won by {winner}", number, None)
        judged = judge_hand(hand, rules, prev_dealer, number)
        judgement.hands.append(judged)
        res = judged.result
        # Decision 8: walk the hand's scoring events in record order; the first side at or
        # above the target and ahead of the other wins, there and then.
        for index, what, delta in judged.events:
            for t in TEAMS:
                score[t] += delta[t]
            if winner is None:
                for t in TEAMS:
                    if score[t] >= rules.target and score[t] > score[other_team(t)]:
                        winner = t
                        judgement.won_at = (number, index, what)
        voided = judged.completed_at is not None and any(
            c.penalised and c.decided_at is not None and c.decided_at > judged.completed_at
            for c in judged.calls
        )
        if voided and res["maker"] is not None:
            before = {t: score[t] - res["points"][t] for t in TEAMS}
            _outcome, trick_points = score_hand(
                rules,
                res["maker"],
                res["alone"],
                res["defender_alone"],
                res["tricks"][team_of(res["maker"])],
            )
            judgement.voided_wins += any(before[t] + trick_points[t] >= rules.target for t in TEAMS)
        res = {"number": number, **res, "score_after": dict(score)}
        hands_out.append(res)
        prev_dealer = res["dealer"]
    return {"hands": hands_out, "score": dict(score), "winner": winner}


# --------------------------------------------------------------------------------------------
# Generating random legal games
# --------------------------------------------------------------------------------------------


def bid_strength(hand: Iterable[str], trump: str) -> float:
    s = 0.0
    for c in hand:
        if is_right_bower(c, trump):
            s += 3.0
        elif is_left_bower(c, trump):
            s += 2.5
        elif c[1] == trump:
            s += 1.6 if c[0] == "A" else 1.2 if c[0] == "K" else 1.0
        elif c[0] == "A":
            s += 0.7
    return s


def _p_call(strength: float) -> float:
    return min(0.97, max(0.02, (strength - 3.3) / 2.5))


def _p_alone(strength: float) -> float:
    return 0.6 if strength >= 7.5 else 0.25 if strength >= 6.3 else 0.03


@dataclass
class HandPlan:
    """What a generated hand must contain (for injected irregularities)."""

    illegal_call: bool = False  # round two: someone names the turned-down suit
    stuck_pass: bool = False  # stick-the-dealer: everybody passes round two
    illegal_defend: bool = False  # defend_alone under rules that do not allow it
    renege: bool = False  # swap two of a seat's cards after play
    second_renege: bool = False  # ...and then swap two more
    force_alone: bool = False  # a lone hand (used to exercise defending alone)
    force_defend: bool = False
    canadian_assist: bool = False  # Canadian loner: the dealer's partner assists, not alone
    # A renege call on a renege of the hand (see build_hand): "shown" (upheld when made, by
    # the cards shown), "deal" (upheld when made, by the recorded deal), "after" (after the
    # last trick), "pending" (without the accused's recorded deal: a later play proves it,
    # or elimination, when made or later), "double" (two such calls on the same renege).
    call: str | None = None
    false_followed: bool = False  # a call on a seat that led or followed suit
    false_showout: bool = False  # a call on a seat that could not follow
    record: str = "full"  # or "stop" (the record stops), "tricks" (ends with a tricks action)
    # The calls fall on the dealer, who took up the upcard and discarded unseen (the renege,
    # when there is one, is the dealer's).
    dealer_call: bool = False
    penalties: int = 0  # penalty actions anywhere in the hand


@dataclass
class GeneratedHand:
    dealer: str
    upcard: str
    deal: dict[str, list[str]]
    kitty: list[str]
    pre_play: list[dict[str, Any]]
    trump: str | None
    maker: str | None
    alone: bool
    defender: str | None
    leader: str | None
    active: list[str]
    seqs: dict[str, list[str]]  # each active seat's card for tricks 1..5
    tricks: list[list[tuple[str, str]]]
    injected: list[tuple[str, str, int | None]] = field(default_factory=list)
    discard: str | None = None  # the dealer's discard, seen or not


def play_out(
    seqs: dict[str, list[str]], leader: str, active: list[str], trump: str
) -> list[list[tuple[str, str]]]:
    """Each active seat plays its k-th card on trick k; trick winners lead the next trick."""
    tricks = []
    for k in range(5):
        i = active.index(leader)
        order = active[i:] + active[:i]
        trick = [(s, seqs[s][k]) for s in order]
        tricks.append(trick)
        leader = trick_winner(trick, trump)
    return tricks


def _choose_play(rng: random.Random, hand: list[str], trump: str, led: str | None) -> str:
    options = legal_cards(hand, trump, led)
    return rng.choice(options)


def generate_hand(
    rng: random.Random, dealer: str, rules: Rules, plan: HandPlan | None = None
) -> GeneratedHand | None:
    """One random legal hand (plus what the plan injects). None when the plan cannot be met."""
    plan = plan or HandPlan()
    deck = list(DECK)
    rng.shuffle(deck)
    order = clockwise_from(left_of(dealer))
    hands: dict[str, list[str]] = {s: [] for s in SEATS}
    packets = (3, 2) if rng.random() < 0.5 else (2, 3)
    pos = 0
    for size in packets:
        for s in order:
            hands[s].extend(deck[pos : pos + size])
            pos += size
    kitty_all = deck[pos:]
    upcard, kitty = kitty_all[0], kitty_all[1:]
    deal = {s: list(hands[s]) for s in SEATS}
    up_suit = upcard[1]

    pre: list[dict[str, Any]] = []
    injected: list[tuple[str, str, int | None]] = []
    trump = maker = None
    alone = False
    picked_up = False
    no_round_one = plan.illegal_call or plan.stuck_pass

    # Round one.
    for s in order:
        if plan.canadian_assist:
            if s == partner_of(dealer):
                trump, maker, picked_up, alone = up_suit, s, True, False
                pre.append({"type": "order", "seat": s, "alone": False})
                injected.append(("illegal_bid", s, None))
                break
        elif not no_round_one:
            strength = bid_strength(hands[s] + ([upcard] if s == dealer else []), up_suit)
            if s == partner_of(dealer):
                strength += 0.6
            elif s != dealer:
                strength -= 0.6
            if rng.random() < _p_call(strength) or (plan.force_alone and rng.random() < 0.3):
                trump, maker, picked_up = up_suit, s, True
                alone = rng.random() < _p_alone(strength) or plan.force_alone
                if rules.canadian_loner and s == partner_of(dealer):
                    alone = True  # the Canadian loner: the dealer's partner must go alone
                pre.append({"type": "order", "seat": s, "alone": alone})
                break
        pre.append({"type": "pass", "seat": s})

    # Round two.
    if trump is None:
        illegal_at = rng.choice(order) if plan.illegal_call else None
        for s in order:
            if s == illegal_at:
                trump, maker = up_suit, s
                alone = rng.random() < 0.15 or plan.force_alone
                pre.append({"type": "call", "seat": s, "suit": up_suit, "alone": alone})
                injected.append(("illegal_bid", s, None))
                break
            if plan.illegal_call or plan.stuck_pass:
                pre.append({"type": "pass", "seat": s})
                if s == dealer and plan.stuck_pass:
                    injected.append(("illegal_bid", s, None))
                continue
            candidates = [x for x in SUITS if x != up_suit]
            best = max(candidates, key=lambda x: (bid_strength(hands[s], x), rng.random()))
            strength = bid_strength(hands[s], best)
            stuck = s == dealer and rules.stick_the_dealer
            if (
                stuck
                or rng.random() < _p_call(strength)
                or (plan.force_alone and rng.random() < 0.4)
            ):
                trump, maker = best, s
                alone = rng.random() < _p_alone(strength) or plan.force_alone
                pre.append({"type": "call", "seat": s, "suit": best, "alone": alone})
                break
            pre.append({"type": "pass", "seat": s})

    if trump is None:
        if plan.illegal_defend or plan.renege or plan.force_alone or plan.dealer_call:
            return None
        return GeneratedHand(
            dealer,
            upcard,
            deal,
            list(kitty),
            pre,
            None,
            None,
            False,
            None,
            None,
            [],
            {},
            [],
            injected,
        )
    assert maker is not None
    if plan.illegal_defend and not alone:
        return None
    if plan.dealer_call and not picked_up:
        return None

    # Defending alone, and the dealer's discard (in either order).
    defender = None
    may_defend = rules.defend_alone or plan.illegal_defend
    if alone and may_defend and (plan.force_defend or plan.illegal_defend or rng.random() < 0.4):
        defender = rng.choice([s for s in SEATS if team_of(s) != team_of(maker)])
    defend_action = [{"type": "defend_alone", "seat": defender}] if defender else []
    if defender and not rules.defend_alone:
        injected.append(("illegal_bid", defender, None))
    discard_action = []
    true_discard = None
    if picked_up:
        six = hands[dealer] + [upcard]

        def weakness(c: str) -> int:
            if effective_suit(c, trump) == trump:
                return 300 + card_power(c, trump, trump)
            return card_power(c, trump, c[1])

        singletons = [
            c
            for c in six
            if effective_suit(c, trump) != trump
            and c[0] != "A"
            and sum(effective_suit(o, trump) == effective_suit(c, trump) for o in six) == 1
        ]
        roll = rng.random()
        if roll < 0.04:
            discard = upcard
        elif roll < 0.5 and singletons:
            discard = min(singletons, key=weakness)  # short-suit yourself
        elif roll < 0.85:
            discard = min(six, key=weakness)
        else:
            discard = rng.choice(six)
        six.remove(discard)
        true_discard = discard
        hands[dealer] = six
        shown = rng.random() < 0.7
        discard_action = [{"type": "discard", "seat": dealer, "card": discard if shown else None}]
    if rng.random() < 0.5:
        pre.extend(defend_action + discard_action)
    else:
        pre.extend(discard_action + defend_action)

    sitting = set()
    if alone:
        sitting.add(partner_of(maker))
    if defender:
        sitting.add(partner_of(defender))
    active = [s for s in order if s not in sitting]
    leader = first_leader(rules, dealer, maker, alone, sitting)

    # Random legal play.
    remaining = {s: list(hands[s]) for s in active}
    seqs: dict[str, list[str]] = {s: [] for s in active}
    lead = leader
    tricks = []
    for _k in range(5):
        i = active.index(lead)
        trick: list[tuple[str, str]] = []
        for s in active[i:] + active[:i]:
            led = effective_suit(trick[0][1], trump) if trick else None
            card = _choose_play(rng, remaining[s], trump, led)
            remaining[s].remove(card)
            seqs[s].append(card)
            trick.append((s, card))
        tricks.append(trick)
        lead = trick_winner(trick, trump)

    gh = GeneratedHand(
        dealer,
        upcard,
        deal,
        list(kitty),
        pre,
        trump,
        maker,
        alone,
        defender,
        leader,
        active,
        seqs,
        tricks,
        injected,
        true_discard,
    )
    assert play_out(seqs, leader, active, trump) == tricks
    if plan.renege and not inject_renege(rng, gh, only=dealer if plan.dealer_call else None):
        return None
    if plan.renege and plan.second_renege:
        # A second swap may change who leads later tricks, so the first renege can vanish
        # (its seat now leads that trick), and the second one can land on a (seat, suit) that
        # already reneged earlier. What still holds: the second seat reneged by its trick.
        gh.injected = [
            ("renege_replayed" if k == "renege" else k, seat, trick)
            for k, seat, trick in gh.injected
        ]
        if not inject_renege(rng, gh, "renege_again"):
            return None
    return gh


def inject_renege(
    rng: random.Random, gh: GeneratedHand, kind: str = "renege", only: str | None = None
) -> bool:
    """Make one seat (``only``, if given) renege: it followed suit with x on trick t and played
    an off-suit y later; swap x and y, then replay the hand so the record stays well formed."""
    assert gh.trump is not None and gh.leader is not None
    candidates = []
    for t, trick in enumerate(gh.tricks):
        led = effective_suit(trick[0][1], gh.trump)
        for seat, x in trick[1:]:
            if effective_suit(x, gh.trump) != led or only not in (None, seat):
                continue
            for t2 in range(t + 1, 5):
                y = gh.seqs[seat][t2]
                if effective_suit(y, gh.trump) != led:
                    candidates.append((seat, t, t2))
    if not candidates:
        return False
    seat, t, t2 = rng.choice(candidates)
    seq = gh.seqs[seat]
    seq[t], seq[t2] = seq[t2], seq[t]
    gh.tricks = play_out(gh.seqs, gh.leader, gh.active, gh.trump)
    gh.injected.append((kind, seat, t + 1))
    return True


def hand_to_json(
    rng: random.Random, gh: GeneratedHand, deal_mode: str, notes: float = 0.0
) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": gh.dealer, "upcard": gh.upcard}
    if deal_mode == "full":
        out["deal"] = {s: list(gh.deal[s]) for s in SEATS}
        out["kitty"] = list(gh.kitty)
    elif deal_mode == "partial":
        seats = [s for s in SEATS if rng.random() < 0.5]
        if seats:
            out["deal"] = {s: list(gh.deal[s]) for s in seats}
        if rng.random() < 0.5:
            out["kitty"] = list(gh.kitty)
    actions = [dict(a) for a in gh.pre_play]
    for trick in gh.tricks:
        for seat, card in trick:
            actions.append({"type": "play", "seat": seat, "card": card})
    if notes and rng.random() < notes:
        pos = rng.randint(0, len(actions))
        actions.insert(pos, {"type": "note", "text": "the recorder's note"})
    out["actions"] = actions
    return out


def expected_hand(gh: GeneratedHand, rules: Rules) -> dict[str, Any]:
    """What the generator itself knows about the hand (computed from its own simulation)."""
    if gh.trump is None:
        return {
            "trump": None,
            "maker": None,
            "alone": False,
            "defender_alone": None,
            "tricks": {"NS": 0, "EW": 0},
            "points": {"NS": 0, "EW": 0},
            "outcome": "passed_out",
        }
    assert gh.maker is not None
    tricks = {"NS": 0, "EW": 0}
    for trick in gh.tricks:
        tricks[team_of(trick_winner(trick, gh.trump))] += 1
    outcome, points = score_hand(rules, gh.maker, gh.alone, gh.defender, tricks[team_of(gh.maker)])
    return {
        "trump": gh.trump,
        "maker": gh.maker,
        "alone": gh.alone,
        "defender_alone": gh.defender,
        "tricks": tricks,
        "points": points,
        "outcome": outcome,
    }


# --------------------------------------------------------------------------------------------
# Renege calls, penalties and partial records, injected into a generated hand
# --------------------------------------------------------------------------------------------


def real_reneges(gh: GeneratedHand) -> list[tuple[str, int, str, int]]:
    """Every renege of the hand as played: (seat, trick, led suit, proving trick). The seat did
    not follow the led suit while holding a card of it, which it plays on the proving trick
    (the first later trick on which it plays a card of that suit)."""
    assert gh.trump is not None
    out = []
    for k, trick in enumerate(gh.tricks, 1):
        led = effective_suit(trick[0][1], gh.trump)
        for seat, card in trick[1:]:
            if effective_suit(card, gh.trump) == led:
                continue
            later = [
                t for t in range(k + 1, 6) if effective_suit(gh.seqs[seat][t - 1], gh.trump) == led
            ]
            if later:
                out.append((seat, k, led, later[0]))
    return out


@dataclass
class BuiltHand:
    """A generated hand as a log writes it, and what the generator knows it must score."""

    json: dict[str, Any]
    expected: dict[str, Any]  # trump ... outcome, as the report gives them
    events: list[tuple[int, dict[str, int]]]  # (action index, points), in record order
    flags: list[tuple[str, str | None, int | None, str | None]]  # the flags the record has
    kinds: list[str]  # what the hand holds


def _penalty_action(rng: random.Random) -> dict[str, Any]:
    return {
        "type": "penalty",
        "seat": rng.choice(SEATS),
        "team": rng.choice(TEAMS),
        "points": rng.choice((1, 1, 2, 2, 3, 4, -1, -2)),
        "reason": rng.choice(("table talk", "stealing the deal", "a card exposed")),
    }


class RecordView:
    """What a built hand's record shows about a seat's hand, from the generator's own
    bookkeeping: which seats' deals it wrote, whether it wrote the kitty and showed the
    discard, and the plays and shown cards up to a point of the record. It says whether the
    record settles a renege call there (decision 3'), and holds that the true hand, which
    the generator knows, is always among the hands the record allows."""

    def __init__(
        self, gh: GeneratedHand, deal_seats: set[str], kitty: bool, discard_seen: bool
    ) -> None:
        assert gh.trump is not None
        self.gh, self.trump = gh, gh.trump
        self.deal_seats, self.kitty, self.discard_seen = deal_seats, kitty, discard_seen

    def settles(
        self,
        seat: str,
        trick: int,
        suit: str,
        plays: list[tuple[int, str, str]],
        shown: list[tuple[str, list[str]]],
    ) -> str | None:
        """The verdict ("upheld", "false", or None while pending) on a call on ``seat`` for
        ``trick``, whose led suit ``suit`` it did not follow, judged on ``plays`` (trick,
        seat, card) and the cards ``shown`` with calls so far."""
        gh, trump = self.gh, self.trump

        def of_suit(cards: Iterable[str]) -> int:
            return sum(effective_suit(c, trump) == suit for c in cards)

        mine = [(t, c) for t, s, c in plays if s == seat]
        if any(t > trick and of_suit([c]) for t, c in mine):
            return "upheld"
        played = {c for _t, c in mine}
        its_shown = {c for s, cs in shown if s == seat for c in cs} - played
        if of_suit(its_shown):
            return "upheld"
        took_up = gh.discard is not None and seat == gh.dealer
        known = set(gh.deal[seat]) if seat in self.deal_seats else set()
        if took_up:
            known.add(gh.upcard)
            if self.discard_seen:
                known.discard(gh.discard or "")
        known = (known | its_shown) - played
        slack = 1 if took_up and not self.discard_seen else 0
        written = {gh.upcard, *(gh.kitty if self.kitty else ())}
        written |= {c for s in self.deal_seats for c in gh.deal[s]}
        if gh.discard is not None and self.discard_seen:
            written.add(gh.discard)
        written |= {c for _t, _s, c in plays} | {c for _s, cs in shown for c in cs}
        unseen = set(DECK) - written
        certain = its_shown if slack else known
        ways = hands_allowed(certain, known - certain, slack, 5 - len(played), unseen)
        counts = suit_range(ways, unseen, suit, trump)
        assert counts is not None, "the record allows no hand, not even the true one"
        truly = of_suit(gh.seqs[seat][len(mine) :])
        assert counts[0] <= truly <= counts[1], (seat, counts, truly)
        if counts[0] > 0:
            return "upheld"
        if len(played) == 5 or counts[1] == 0:
            return "false"
        return None


def build_hand(
    rng: random.Random,
    gh: GeneratedHand,
    rules: Rules,
    plan: HandPlan,
    deal_mode: str,
    notes: float = 0.0,
) -> BuiltHand:
    """Write a generated hand as a log's hand, with what ``plan`` asks for: renege calls,
    penalties, a record that stops early or ends with a ``tricks`` action. What the record
    must then say is worked out here from how the hand was really played and what the
    generator chose to write (``RecordView``), never by the evaluator.

    ``deal_mode`` "elim" writes three seats' deals and the kitty: the fourth seat's hand is
    worked out by elimination (the accused of a call on a real renege, when there is one)."""
    out: dict[str, Any] = {"dealer": gh.dealer, "upcard": gh.upcard}
    deal_seats: set[str] = set()
    show_kitty = False
    if deal_mode == "full":
        deal_seats, show_kitty = set(SEATS), True
    elif deal_mode == "partial":
        deal_seats = {s for s in SEATS if rng.random() < 0.5}
        show_kitty = rng.random() < 0.5
    elif deal_mode == "elim":
        deal_seats, show_kitty = set(SEATS) - {rng.choice(SEATS)}, True
    pre = [dict(a) for a in gh.pre_play]
    kinds: list[str] = []
    flags: list[tuple[str, str | None, int | None, str | None]] = [
        (kind, seat, trick, None) for kind, seat, trick in gh.injected if kind == "illegal_bid"
    ]
    actions: list[dict[str, Any]] = list(pre)
    upheld_by: dict[str, Any] | None = None  # the action at which a call is upheld
    penalty_call: dict[str, Any] | None = None
    completed_by: dict[str, Any] | None = None
    expected: dict[str, Any]

    if gh.trump is None:
        expected = expected_hand(gh, rules)
    else:
        trump = gh.trump
        assert gh.maker is not None
        n = len(gh.active)
        plays = [(t, seat, card) for t, trick in enumerate(gh.tricks, 1) for seat, card in trick]
        play_dicts = [{"type": "play", "seat": seat, "card": card} for _t, seat, card in plays]
        pos = {(seat, t): idx for idx, (t, seat, _c) in enumerate(plays)}
        discard_action = next((a for a in pre if a["type"] == "discard"), None)
        # Calls placed among the plays: (gap, order, action), the gap being how many plays
        # come before it, and the order placing calls that share a gap.
        inserts: list[tuple[int, int, dict[str, Any]]] = []
        kept = len(plays)  # plays recorded card by card
        tricks_at: int | None = None  # tricks recorded before a tricks action
        limit: int  # the last gap where another call may stand
        real: tuple[str, int, str, int] | None = None
        real_calls: list[dict[str, Any]] = []
        after_tricks = False  # the real call stands after the tricks action
        at_once = False  # the real call is upheld as it is made
        real_gap = len(plays)  # where the real call stands

        def call_action(
            caller: str, accused: str, trick: int, shown: list[str] | None = None
        ) -> dict[str, Any]:
            action: dict[str, Any] = {
                "type": "renege_call",
                "seat": caller,
                "accused": accused,
                "trick": trick,
            }
            if shown is not None:
                action["shown"] = shown
            choice = rng.choice((None, None, "award", "deduct"))
            if choice is not None:
                action["penalty"] = choice
            return action

        def view() -> RecordView:
            seen = discard_action is not None and discard_action["card"] is not None
            return RecordView(gh, deal_seats, show_kitty, seen)

        def shown_until(key: tuple[int, int]) -> list[tuple[str, list[str]]]:
            """The cards shown with the calls placed up to (gap, order) ``key``."""
            return [
                (a["accused"], a["shown"])
                for g, o, a in sorted(inserts, key=lambda x: x[:2])
                if (g, o) <= key and a.get("shown")
            ]

        def settle(accused: str, trick: int, suit: str, gap: int) -> tuple[str, int | None]:
            """When the record settles a call on a real renege placed at ``gap``: ("at once",
            None), ("play", the index of the play that upholds it), or ("never", None)."""
            v = view()
            if after_tricks:
                state = v.settles(accused, trick, suit, plays[:kept], shown_until((kept, 9)))
                return ("at once", None) if state == "upheld" else ("never", None)
            if v.settles(accused, trick, suit, plays[:gap], shown_until((gap, 2))) == "upheld":
                return "at once", None
            for p in range(gap, kept):
                state = v.settles(accused, trick, suit, plays[: p + 1], shown_until((p, 9)))
                assert state != "false", "a real renege is never disproved"
                if state == "upheld":
                    return "play", p
            return "never", None

        truth = real_reneges(gh)
        if plan.dealer_call and discard_action is not None:
            truth = [r for r in truth if r[0] == gh.dealer] or truth
            discard_action["card"] = None
        kind = plan.call if truth else None
        if kind is not None:
            real = s, k, led, tp = rng.choice(truth)
            i_k, i_p = pos[(s, k)], pos[(s, tp)]
            picked = discard_action is not None and s == gh.dealer
            if deal_mode == "elim":
                deal_seats = set(SEATS) - {s}
            gap = real_gap = len(plays) if kind == "after" else rng.randint(i_k + 1, i_p)
            shown: list[str] | None = None
            if kind in ("pending", "double"):
                # Not the accused's recorded deal (for the dealer who picked up, an unseen
                # discard, and the deal now and then when one card of the suit is among it and
                # the upcard: it may have been the discard). Elimination may still prove it
                # as it is made.
                if picked:
                    assert discard_action is not None
                    discard_action["card"] = None
                    before = set(gh.seqs[s][: k - 1])
                    maybe = [
                        c
                        for c in {*gh.deal[s], gh.upcard}
                        if c not in before and effective_suit(c, trump) == led
                    ]
                    if len(maybe) >= 2 or rng.random() < 0.5:
                        deal_seats.discard(s)
                else:
                    deal_seats.discard(s)
            elif kind == "deal":
                deal_seats.add(s)
                if picked:
                    # A seen discard makes the dealer's hand known; an unseen one leaves six
                    # cards of which one was thrown away: two of the suit among them prove it.
                    assert discard_action is not None
                    before = set(gh.seqs[s][: k - 1])
                    maybe = [
                        c
                        for c in {*gh.deal[s], gh.upcard}
                        if c not in before and effective_suit(c, trump) == led
                    ]
                    if len(maybe) < 2 or rng.random() < 0.2:
                        discard_action["card"] = gh.discard
            elif kind == "shown":
                held = [c for idx, (_t, seat, c) in enumerate(plays) if seat == s and idx >= gap]
                of_suit = [c for c in held if effective_suit(c, trump) == led]
                shown = sorted(
                    set(rng.sample(held, rng.randint(1, len(held)))) | {rng.choice(of_suit)}
                )
            caller = rng.choice(SEATS)
            real_calls.append(call_action(caller, s, k, shown))
            inserts.append((gap, 2, real_calls[0]))
            kinds.append(f"call {kind}")
            if team_of(caller) == team_of(s):
                kinds.append("admission")
            # How much of the hand the record holds.
            if kind == "after":
                pass
            elif plan.record == "stop":
                kept = rng.randint(gap, len(plays) - 1)
            elif plan.record == "tricks":
                boundaries = [j for j in range(5) if j * n >= gap]
                if boundaries:
                    tricks_at = rng.choice(boundaries)
                    kept = tricks_at * n
            if kind == "pending" and tricks_at is not None and rng.random() < 0.3:
                # The call comes after the tricks action: upheld there and then if the record
                # before it proves it (the tricks' score is void), else unresolved.
                after_tricks = True
                inserts.clear()
            when, play = settle(s, k, led, gap)
            if kind in ("shown", "deal", "after"):
                assert when == "at once", (kind, when)
            at_once = when == "at once"
            if at_once and plan.record == "full" and kind != "after" and rng.random() < 0.4:
                kept = gap  # the table threw the hand in, and the record stops there
            if at_once:
                upheld_by, limit = real_calls[0], (kept if after_tricks else gap)
                if after_tricks:
                    kinds.append("call after a tricks action")
            elif play is not None:
                upheld_by, limit = play_dicts[play], play
            else:
                limit = kept
            if kind == "double" and not at_once and not after_tricks:
                # A second call on the same renege, also made before anything proves it.
                second = call_action(rng.choice([x for x in SEATS if x != caller]), s, k)
                real_calls.append(second)
                inserts.append((rng.randint(i_k + 1, limit), 3, second))
            if upheld_by is None:
                for call in real_calls:
                    flags.append(("unresolved_renege_call", call["seat"], k, s))
            else:
                # The first in record order is the one whose penalty counts.
                penalty_call = (
                    real_calls[0]
                    if after_tricks
                    else min(
                        real_calls,
                        key=lambda a: next((g, o) for g, o, x in inserts if x is a),
                    )
                )
        else:
            if plan.record == "stop":
                kept = rng.randint(0, len(plays) - 1)
            elif plan.record == "tricks":
                tricks_at = rng.randint(1, 4)
                kept = tricks_at * n
            elif plan.record == "score_only":
                tricks_at, kept = 0, 0
            limit = kept

        def led_at(t: int) -> tuple[str, str]:
            return gh.tricks[t - 1][0][0], effective_suit(gh.tricks[t - 1][0][1], trump)

        if plan.false_followed:
            options = [
                (seat, t, idx)
                for idx, (t, seat, c) in enumerate(plays[:kept])
                if idx < limit
                and (led_at(t)[0] == seat or effective_suit(c, trump) == led_at(t)[1])
            ]
            if options:
                x, t, idx = rng.choice(options)
                action = call_action(rng.choice(SEATS), x, t)
                inserts.append((rng.randint(idx + 1, limit), 0, action))
                flags.append(("false_renege_call", action["seat"], t, x))
                kinds.append("false call (followed)" if led_at(t)[0] != x else "false call (led)")

        showout: tuple[dict[str, Any], str, int] | None = None
        if plan.false_showout:
            options = [
                (seat, t, idx)
                for idx, (t, seat, c) in enumerate(plays[:kept])
                if idx < limit
                and led_at(t)[0] != seat
                and effective_suit(c, trump) != led_at(t)[1]
                and not any(
                    effective_suit(cc, trump) == led_at(t)[1] for cc in gh.seqs[seat][t - 1 :]
                )
            ]
            # Rather a seat whose hand the record does not hold: the dealer after an unseen
            # discard, or the seat left to elimination.
            unrecorded = [o for o in options if o[0] not in deal_seats]
            if plan.dealer_call:
                unrecorded = [o for o in unrecorded if o[0] == gh.dealer] or unrecorded
            if unrecorded and rng.random() < 0.8:
                options = unrecorded
            if options:
                x, t, idx = rng.choice(options)
                g = rng.randint(idx + 1, limit)
                shown = None
                # Cards shown with it could settle a call on a real renege earlier than
                # worked out above: only when none is pending.
                if (real is None or at_once) and rng.random() < 0.5:
                    held = [c for j, (_t, seat, c) in enumerate(plays) if seat == x and j >= g]
                    if held:
                        shown = sorted(rng.sample(held, rng.randint(1, len(held))))
                action = call_action(rng.choice(SEATS), x, t, shown)
                inserts.append((g, 1, action))
                showout = action, x, t

        for g in range(kept + 1):
            actions.extend(a for _g, _o, a in sorted(i for i in inserts if i[0] == g))
            if g < kept:
                actions.append(play_dicts[g])
        if kept == len(plays) and plays:
            completed_by = play_dicts[-1]
        if tricks_at is not None:
            rest = {"NS": 0, "EW": 0}
            if rng.random() < 0.5:
                for trick in gh.tricks[tricks_at:]:
                    rest[team_of(trick_winner(trick, trump))] += 1
            else:
                rest["NS"] = rng.randint(0, 5 - tricks_at)
                rest["EW"] = 5 - tricks_at - rest["NS"]
            completed_by = {"type": "tricks", "NS": rest["NS"], "EW": rest["EW"]}
            actions.append(completed_by)
            if after_tricks:
                actions.extend(real_calls)
            kinds.append("score-only hand" if tricks_at == 0 else "ended by tricks")
        elif kept < len(plays):
            kinds.append("record stops")
        if at_once and not after_tricks and kept > real_gap:
            kinds.append("recorded on after a call upheld as made")

        # What the whole record shows: the call on a seat that could not follow is false
        # when it rules out every card of the suit, else unresolved; each (seat, suit)'s
        # first renege the record proves is flagged.
        everything = shown_until((kept, 9))
        final = view()
        if showout is not None:
            action, x, t = showout
            state = final.settles(x, t, led_at(t)[1], plays[:kept], everything)
            verdict = "false" if state == "false" else "unresolved"
            flags.append((f"{verdict}_renege_call", action["seat"], t, x))
            kinds.append(f"{verdict} call (could not follow)")
        flagged: set[tuple[str, str]] = set()
        for seat, t, suit, _proving in real_reneges(gh):
            if (seat, suit) in flagged or pos[(seat, t)] >= kept:
                continue
            if final.settles(seat, t, suit, plays[:kept], everything) == "upheld":
                flagged.add((seat, suit))
                flags.append(("renege", seat, t, None))

        recorded = gh.tricks[: kept // n]
        tricks_won = {"NS": 0, "EW": 0}
        for trick in recorded:
            tricks_won[team_of(trick_winner(trick, trump))] += 1
        if tricks_at is not None:
            assert completed_by is not None
            tricks_won = {t: tricks_won[t] + completed_by[t] for t in TEAMS}
        expected = {
            "trump": trump,
            "maker": gh.maker,
            "alone": gh.alone,
            "defender_alone": gh.defender,
            "tricks": tricks_won,
        }
        if penalty_call is not None:
            assert real is not None
            hand_points = renege_penalty_points(
                rules, real[0], gh.maker, gh.alone, penalty_call.get("penalty")
            )
            expected.update(outcome="renege_penalty", points=hand_points)
            if gh.alone and team_of(gh.maker) != team_of(real[0]):
                kinds.append("renege against a lone hand")
            if (penalty_call.get("penalty") or rules.renege_penalty) == "deduct":
                kinds.append("renege penalty deducted")
        elif completed_by is not None:
            outcome, hand_points = score_hand(
                rules, gh.maker, gh.alone, gh.defender, tricks_won[team_of(gh.maker)]
            )
            expected.update(outcome=outcome, points=hand_points)
        else:
            expected.update(outcome="incomplete", points={"NS": 0, "EW": 0})

    if notes and rng.random() < notes:
        actions.insert(
            rng.randint(0, len(actions)), {"type": "note", "text": "the recorder's note"}
        )
    penalties = [_penalty_action(rng) for _ in range(plan.penalties)]
    for p in penalties:
        actions.insert(rng.randint(0, len(actions)), p)
    if penalties:
        kinds.append("penalty actions")

    def where(action: dict[str, Any]) -> int:
        return next(i for i, a in enumerate(actions) if a is action)

    events: list[tuple[int, dict[str, int]]] = []
    for p in penalties:
        delta = {"NS": 0, "EW": 0}
        delta[p["team"]] = p["points"]
        events.append((where(p), delta))
        expected["points"] = {t: expected["points"][t] + delta[t] for t in TEAMS}
    if upheld_by is not None:
        hand_points = {t: v for t, v in expected["points"].items()}
        for _i, delta in events:
            hand_points = {t: hand_points[t] - delta[t] for t in TEAMS}
        events.append((where(upheld_by), hand_points))
    elif completed_by is not None:
        hand_points = dict(expected["points"])
        for _i, delta in events:
            hand_points = {t: hand_points[t] - delta[t] for t in TEAMS}
        events.append((where(completed_by), hand_points))
    events.sort(key=lambda e: e[0])

    if deal_seats:
        out["deal"] = {s: list(gh.deal[s]) for s in SEATS if s in deal_seats}
    if show_kitty:
        out["kitty"] = list(gh.kitty)
    out["actions"] = actions
    return BuiltHand(out, expected, events, flags, kinds)


PLAYER_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")

CALL_KINDS = ("shown", "deal", "after", "pending", "pending", "pending", "double")


@dataclass
class GeneratedGame:
    log: dict[str, Any]
    expected: list[dict[str, Any]]  # generator's per-hand results
    injected: list[tuple[int, str, str, int | None]]  # (hand number, kind, seat, trick)
    score: dict[str, int]
    winner: str | None
    # (hand number, kind, seat, trick, accused): the flags the record holds
    flags: list[tuple[int, str, str | None, int | None, str | None]] = field(default_factory=list)
    kinds: list[tuple[int, str]] = field(default_factory=list)  # (hand number, what it holds)


def generate_game(
    rng: random.Random,
    rules: Rules,
    *,
    max_hands: int = 40,
    initial_score: dict[str, int] | None = None,
    deal_mode: str = "full",
    inject: dict[str, float] | None = None,
    lone_bias: float = 0.0,
    notes: float = 0.0,
    title: str = "random game",
    rules_style: str = "explicit",
    call_kinds: tuple[str, ...] = CALL_KINDS,
) -> GeneratedGame:
    """A random game. ``inject`` maps an irregularity to its per-hand probability:
    "renege", "illegal_call", "stuck_pass", "illegal_defend", "canadian_assist" (one of these
    per hand at most), "call" (a renege and a call on it, of one of ``call_kinds``),
    "second_renege", "out_of_turn", and independently "false_call" (on a seat that followed
    or led), "showout_call" (on a seat that could not follow), "dealer_call" (those calls
    fall on the dealer after an unseen discard), "penalty" (one or more penalty actions),
    "stop" (the hand's record stops early), "tricks" (it ends with a tricks action),
    "score_only" (the whole hand is a tricks action).
    ``deal_mode`` is "full", "none", "partial", "elim" (three seats' deals and the kitty) or
    "mixed" (one of them, chosen per hand)."""
    inject = inject or {}
    score = dict(initial_score or {"NS": 0, "EW": 0})
    names = rng.sample(PLAYER_NAMES, 4)
    game: dict[str, Any] = {
        "title": title,
        "players": dict(zip(SEATS, names, strict=True)),
    }
    written = rules_json(rules, rng, rules_style)
    if written is not None:
        game["rules"] = written
    assert parse_rules(written) == rules
    if initial_score is not None:
        game["initial_score"] = dict(initial_score)
    log: dict[str, Any] = {"format": "euchre-log/1", "game": game, "hands": []}
    gg = GeneratedGame(log, [], [], score, None)
    prev_dealer: str | None = None
    for number in range(1, max_hands + 1):
        dealer = left_of(prev_dealer) if prev_dealer else rng.choice(SEATS)
        if prev_dealer and rng.random() < inject.get("out_of_turn", 0.0):
            dealer = rng.choice([s for s in SEATS if s != left_of(prev_dealer)])
            gg.injected.append((number, "dealt_out_of_turn", dealer, None))
            gg.flags.append((number, "dealt_out_of_turn", dealer, None, None))
        plan = HandPlan()
        roll = rng.random()
        acc = 0.0
        for kind in (
            "renege",
            "call",
            "illegal_call",
            "stuck_pass",
            "illegal_defend",
            "canadian_assist",
        ):
            acc += inject.get(kind, 0.0)
            if roll < acc:
                if kind == "stuck_pass" and not rules.stick_the_dealer:
                    break
                if kind == "illegal_defend" and rules.defend_alone:
                    break
                if kind == "canadian_assist" and not rules.canadian_loner:
                    break
                if kind == "call":
                    plan.call = rng.choice(call_kinds)
                    kind = "renege"
                setattr(plan, kind, True)
                plan.second_renege = kind == "renege" and rng.random() < inject.get(
                    "second_renege", 0.0
                )
                break
        if lone_bias and rng.random() < lone_bias and not plan.stuck_pass:
            plan.force_alone = True
            plan.force_defend = rng.random() < 0.5
        plan.false_followed = rng.random() < inject.get("false_call", 0.0)
        plan.false_showout = rng.random() < inject.get("showout_call", 0.0)
        if plan.call is not None or plan.false_showout:
            plan.dealer_call = rng.random() < inject.get("dealer_call", 0.0)
        while rng.random() < inject.get("penalty", 0.0) and plan.penalties < 3:
            plan.penalties += 1
        roll = rng.random()
        if roll < inject.get("stop", 0.0):
            plan.record = "stop"
        elif roll < inject.get("stop", 0.0) + inject.get("tricks", 0.0):
            plan.record = "tricks"
        elif roll < sum(inject.get(k, 0.0) for k in ("stop", "tricks", "score_only")):
            plan.record = "score_only"
        gh = None
        for _attempt in range(200):
            gh = generate_hand(rng, dealer, rules, plan)
            if gh is not None:
                break
        assert gh is not None, plan
        mode = deal_mode
        if mode == "mixed":
            mode = rng.choice(["full", "none", "partial", "elim"])
        built = build_hand(rng, gh, rules, plan, mode, notes)
        log["hands"].append(built.json)
        exp = built.expected
        gg.injected.extend((number, kind, seat, trick) for kind, seat, trick in gh.injected)
        gg.flags.extend((number, *f) for f in built.flags)
        gg.kinds.extend((number, k) for k in built.kinds)
        # Decision 8: the first side at or above the target (and ahead) wins, at the action
        # that takes it there; the rest of the hand is scored, but no hand may follow.
        for index, delta in built.events:
            for t in TEAMS:
                score[t] += delta[t]
            if gg.winner is None:
                for t in TEAMS:
                    if score[t] >= rules.target and score[t] > score[other_team(t)]:
                        gg.winner = t
                        last = max((i for i, _d in built.events), default=index)
                        actions = built.json["actions"]
                        plays_after = any(a["type"] == "play" for a in actions[index + 1 :])
                        gg.kinds.append((number, "won mid-hand" if plays_after else "won"))
                        if index < last:
                            gg.kinds.append((number, "scored after the win"))
        exp["score_after"] = dict(score)
        gg.expected.append(exp)
        prev_dealer = dealer
        if gg.winner is not None:
            break
    gg.score = dict(score)
    return gg


def flag_keys(flags: Iterable[dict[str, Any]]) -> list[tuple[str, str | None, int | None]]:
    """The comparable part of flags, as a sorted multiset."""
    return sorted(
        ((f["kind"], f.get("seat"), f.get("trick")) for f in flags),
        key=lambda k: (k[0], k[1] or "", k[2] or 0),
    )


def call_flag_keys(
    flags: Iterable[dict[str, Any]],
) -> list[tuple[str, str | None, int | None, str | None]]:
    """Like flag_keys, with the accused seat of renege-call flags."""
    return sorted(
        ((f["kind"], f.get("seat"), f.get("trick"), f.get("accused")) for f in flags),
        key=lambda k: (k[0], k[1] or "", k[2] or 0, k[3] or ""),
    )


def deepcopy_log(log: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(log)
