"""A plain, slow-is-fine reference Euchre engine, written straight from RULES.md.

It is deliberately independent of ``euchre_log``: it imports nothing from it. It does three jobs:

1. ``evaluate_log(log)`` reads a euchre-log/1 game (a dict) and returns what the
   euchre-log-check/1 report's ``games[]`` entry for it should say (hands, flags, score, winner,
   or an error with its hand number and action index).
2. ``generate_game(...)`` plays random LEGAL games with a seeded ``random.Random``, optionally
   with injected irregularities (reneges, illegal bids, dealing out of turn), and returns the
   log together with what the generator itself knows the result must be.
3. The log it produces is euchre-log/1 JSON exactly per LOG_FORMAT.md.

Cards are strings such as "JH", "TD", "9C". Seats are "N" "E" "S" "W" clockwise.
"""

from __future__ import annotations

import copy
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

    def to_json(self) -> dict[str, Any]:
        return {
            "stick_the_dealer": self.stick_the_dealer,
            "defend_alone": self.defend_alone,
            "defend_alone_points": self.defend_alone_points,
            "target": self.target,
            "super_euchre": self.super_euchre,
            "loner_lead": self.loner_lead,
            "canadian_loner": self.canadian_loner,
        }


MODELLED_OPTIONS = tuple(Rules().to_json())
"""The rule options (RULES.md) this reference plays by."""


# Only the options this reference knows; the presets from RULES.md, reduced to them.
PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "family": {"defend_alone": True, "defend_alone_points": 4},
    "north-american": {"stick_the_dealer": True},
    "canadian": {"stick_the_dealer": True, "canadian_loner": True},
}


def rules_json(rules: Rules, rng: random.Random, style: str = "explicit") -> dict[str, Any] | None:
    """How a log writes its rules: every field ("explicit"), or a preset from RULES.md plus the
    fields that differ from it, leaving out defaults ("preset"); None means no ``rules`` at all."""
    if style == "explicit":
        return rules.to_json()
    defaults = Rules().to_json()
    wanted = rules.to_json()
    name = rng.choice(["classic", "family", "north-american", None])
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


def first_leader(rules: Rules, dealer: str, maker: str, alone: bool, sitting: Iterable[str]) -> str:
    """Who leads trick 1: left of the dealer, or left of a lone maker under
    ``loner_lead: left_of_loner``; a seat that sits out is skipped."""
    start = left_of(maker) if alone and rules.loner_lead == "left_of_loner" else left_of(dealer)
    return next(s for s in clockwise_from(start) if s not in set(sitting))


# --------------------------------------------------------------------------------------------
# Renege detection
# --------------------------------------------------------------------------------------------


def renege_flags(
    tricks: list[list[tuple[str, str]]],
    trump: str,
    known_hands: dict[str, set[str]] | None = None,
    all_but_one: dict[str, set[str]] | None = None,
) -> list[dict[str, Any]]:
    """Every renege provable from the record, once per (seat, led suit), on its first trick.

    ``tricks`` holds the tricks in order, each a list of (seat, card) in play order; the last one
    may be unfinished. ``known_hands`` maps a seat to the cards it is known to have held at the
    start of play (its dealt hand; the dealer's after the pick-up and the discard).
    A seat held a card at trick k if it plays that card on a later trick, or if the card is in
    its known hand and it has not played it before trick k.
    ``all_but_one`` maps the dealer, when the dealer's hand was recorded but the discard was not
    seen, to the dealt cards plus the upcard: all of them but one (the discard) were held. So if
    two unplayed cards of the led suit are among them, one of them at least was held.
    """
    known_hands = known_hands or {}
    all_but_one = all_but_one or {}
    flags: list[dict[str, Any]] = []
    flagged: set[tuple[str, str]] = set()
    plays_by_seat: dict[str, list[tuple[int, str]]] = {s: [] for s in SEATS}
    for k, trick in enumerate(tricks, 1):
        for seat, card in trick:
            plays_by_seat[seat].append((k, card))
    for k, trick in enumerate(tricks, 1):
        if not trick:
            continue
        led = effective_suit(trick[0][1], trump)
        for seat, card in trick[1:]:
            if effective_suit(card, trump) == led or (seat, led) in flagged:
                continue
            later = [(kk, c) for kk, c in plays_by_seat[seat] if kk > k]
            played_before = {c for kk, c in plays_by_seat[seat] if kk < k}
            held = {c: f"played on trick {kk}" for kk, c in later}
            for c in known_hands.get(seat, set()) - played_before - {card}:
                held.setdefault(c, "shown in the deal")
            proof = sorted((c, how) for c, how in held.items() if effective_suit(c, trump) == led)
            if not proof and seat in all_but_one:
                ever_played = {c for _kk, c in plays_by_seat[seat]}
                unplayed = sorted(
                    c for c in all_but_one[seat] - ever_played if effective_suit(c, trump) == led
                )
                if len(unplayed) >= 2:
                    proof = [
                        (
                            unplayed[0] + "/" + unplayed[1],
                            "shown in the deal; only one card was discarded",
                        )
                    ]
            if proof:
                flagged.add((seat, led))
                c, how = proof[0]
                flags.append(
                    {
                        "kind": "renege",
                        "seat": seat,
                        "trick": k,
                        "message": f"{seat} played {card} on a {SUIT_NAMES[led]} lead while holding "
                        f"{c} ({how})",
                    }
                )
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


def _flag(kind: str, seat: str | None, trick: int | None, message: str) -> dict[str, Any]:
    return {"kind": kind, "seat": seat, "trick": trick, "message": message}


def evaluate_hand(
    hand: dict[str, Any], rules: Rules, prev_dealer: str | None, number: int
) -> dict[str, Any]:
    """The expected report entry for one hand (without score_after). Raises LogError."""

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

    # Where every card we have heard of is: "upcard", "kitty", a seat (dealt), "discard", "played".
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

    phase = "bid1"
    turn = left_of(dealer)
    passes = 0
    trump: str | None = None
    maker: str | None = None
    alone = False
    defender: str | None = None
    picked_up = False
    discarded = False
    discard_card: str | None = None
    passed_out = False
    active: list[str] = []
    tricks: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []

    for i, action in enumerate(hand.get("actions") or []):
        kind = action.get("type")
        if kind == "note":
            continue
        if kind in ("renege_call", "penalty"):
            raise NotImplementedError(f"the reference engine does not model {kind}")
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
            discarded, discard_card = True, card
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
        if len(current) == len(active):
            winner = trick_winner(current, trump)
            tricks.append(current)
            current = []
            turn = winner
            if len(tricks) == 5:
                phase = "done"
        else:
            turn = active[(active.index(seat) + 1) % len(active)]

    result: dict[str, Any] = {"dealer": dealer}
    if passed_out:
        result.update(
            trump=None,
            maker=None,
            alone=False,
            defender_alone=None,
            tricks={"NS": 0, "EW": 0},
            points={"NS": 0, "EW": 0},
            outcome="passed_out",
            flags=flags,
        )
        return result

    tricks_won = {"NS": 0, "EW": 0}
    if trump is not None:
        for trick in tricks:
            tricks_won[team_of(trick_winner(trick, trump))] += 1
        known: dict[str, set[str]] = {}
        uncertain: dict[str, set[str]] = {}
        for seat, cards in deal.items():
            if seat == dealer and picked_up:
                if discarded and discard_card is not None:
                    known[seat] = (set(cards) | {upcard}) - {discard_card}
                else:
                    uncertain[seat] = set(cards) | {upcard}
            else:
                known[seat] = set(cards)
        flags.extend(renege_flags(tricks + ([current] if current else []), trump, known, uncertain))

    if phase == "done":
        assert maker is not None
        outcome, points = score_hand(rules, maker, alone, defender, tricks_won[team_of(maker)])
    else:
        outcome, points = "incomplete", {"NS": 0, "EW": 0}
    result.update(
        trump=trump,
        maker=maker,
        alone=alone,
        defender_alone=defender,
        tricks=tricks_won,
        points=points,
        outcome=outcome,
        flags=flags,
    )
    return result


def evaluate_log(log: dict[str, Any], file: str = "") -> dict[str, Any]:
    """The expected euchre-log-check/1 ``games[]`` entry for one game log."""
    try:
        return {"file": file, "error": None, **_evaluate_game(log)}
    except LogError as e:
        return {
            "file": file,
            "error": {"message": e.message, "hand": e.hand, "action": e.action},
            "hands": [],
        }


def _evaluate_game(log: dict[str, Any]) -> dict[str, Any]:
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
    winner: str | None = None
    prev_dealer: str | None = None
    hands_out = []
    for number, hand in enumerate(log.get("hands") or [], 1):
        if winner is not None:
            raise LogError(f"hand {number}: the game was already won by {winner}", number, None)
        res = evaluate_hand(hand, rules, prev_dealer, number)
        for t in TEAMS:
            score[t] += res["points"][t]
        res = {"number": number, **res, "score_after": dict(score)}
        hands_out.append(res)
        prev_dealer = res["dealer"]
        reached = [t for t in TEAMS if score[t] >= rules.target]
        if reached:
            # Only one side scores on a hand, so two sides can reach the target together only
            # when initial_score already had both at or over it: RULES.md does not say who won.
            winner = reached[0]
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
        if plan.illegal_defend or plan.renege or plan.force_alone:
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

    # Defending alone, and the dealer's discard (in either order).
    defender = None
    may_defend = rules.defend_alone or plan.illegal_defend
    if alone and may_defend and (plan.force_defend or plan.illegal_defend or rng.random() < 0.4):
        defender = rng.choice([s for s in SEATS if team_of(s) != team_of(maker)])
    defend_action = [{"type": "defend_alone", "seat": defender}] if defender else []
    if defender and not rules.defend_alone:
        injected.append(("illegal_bid", defender, None))
    discard_action = []
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
    )
    assert play_out(seqs, leader, active, trump) == tricks
    if plan.renege and not inject_renege(rng, gh):
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


def inject_renege(rng: random.Random, gh: GeneratedHand, kind: str = "renege") -> bool:
    """Make one seat renege: it followed suit with x on trick t and played an off-suit y later;
    swap x and y, then replay the hand so the record stays well formed."""
    assert gh.trump is not None and gh.leader is not None
    candidates = []
    for t, trick in enumerate(gh.tricks):
        led = effective_suit(trick[0][1], gh.trump)
        for seat, x in trick[1:]:
            if effective_suit(x, gh.trump) != led:
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


PLAYER_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@dataclass
class GeneratedGame:
    log: dict[str, Any]
    expected: list[dict[str, Any]]  # generator's per-hand results
    injected: list[tuple[int, str, str, int | None]]  # (hand number, kind, seat, trick)
    score: dict[str, int]
    winner: str | None


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
) -> GeneratedGame:
    """A random game. ``inject`` maps an irregularity to its per-hand probability:
    "renege", "illegal_call", "stuck_pass", "illegal_defend", "canadian_assist", "out_of_turn".
    ``deal_mode`` is "full", "none", "partial" or "mixed" (chosen per hand)."""
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
    expected = []
    injected: list[tuple[int, str, str, int | None]] = []
    prev_dealer: str | None = None
    winner = None
    for number in range(1, max_hands + 1):
        dealer = left_of(prev_dealer) if prev_dealer else rng.choice(SEATS)
        if prev_dealer and rng.random() < inject.get("out_of_turn", 0.0):
            dealer = rng.choice([s for s in SEATS if s != left_of(prev_dealer)])
            injected.append((number, "dealt_out_of_turn", dealer, None))
        plan = HandPlan()
        roll = rng.random()
        acc = 0.0
        for kind in ("renege", "illegal_call", "stuck_pass", "illegal_defend", "canadian_assist"):
            acc += inject.get(kind, 0.0)
            if roll < acc:
                if kind == "stuck_pass" and not rules.stick_the_dealer:
                    break
                if kind == "illegal_defend" and rules.defend_alone:
                    break
                if kind == "canadian_assist" and not rules.canadian_loner:
                    break
                setattr(plan, kind, True)
                plan.second_renege = kind == "renege" and rng.random() < inject.get(
                    "second_renege", 0.0
                )
                break
        if lone_bias and rng.random() < lone_bias and not plan.stuck_pass:
            plan.force_alone = True
            plan.force_defend = rng.random() < 0.5
        gh = None
        for _attempt in range(200):
            gh = generate_hand(rng, dealer, rules, plan)
            if gh is not None:
                break
        assert gh is not None, plan
        mode = deal_mode
        if mode == "mixed":
            mode = rng.choice(["full", "none", "partial"])
        log["hands"].append(hand_to_json(rng, gh, mode, notes))
        exp = expected_hand(gh, rules)
        for t in TEAMS:
            score[t] += exp["points"][t]
        exp["score_after"] = dict(score)
        expected.append(exp)
        injected.extend((number, kind, seat, trick) for kind, seat, trick in gh.injected)
        prev_dealer = dealer
        reached = [t for t in TEAMS if score[t] >= rules.target]
        if reached:
            winner = reached[0]
            break
    return GeneratedGame(log, expected, injected, dict(score), winner)


def flag_keys(flags: Iterable[dict[str, Any]]) -> list[tuple[str, str | None, int | None]]:
    """The comparable part of flags, as a sorted multiset."""
    return sorted(
        ((f["kind"], f.get("seat"), f.get("trick")) for f in flags),
        key=lambda k: (k[0], k[1] or "", k[2] or 0),
    )


def deepcopy_log(log: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(log)
