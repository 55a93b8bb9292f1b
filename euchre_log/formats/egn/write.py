"""Write a euchre-log/1 game as EGN 1.4."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, assert_never

from ...engine import actions as A
from ...engine.cards import BENNY, CLUBS, SEAT_LETTERS, SEATS, SUIT_LETTERS
from ...engine.game import GameState
from ...engine.hand import HandState
from ..models import GameInfo
from ..reader import LogError, play_log, read_log
from .annotations import TAG, annotation_text, split_annotation
from .cards import egn_card_text
from .notation import DATE_LINE, EGN_DATE, EGN_FILE_TYPE, EGN_VERSION, GAME_ID_LINE, RULES_LINE
from .rules import rules_to_egn
from .shape import validate_alternative_line


def _alternative_line(a: A.Note) -> dict[str, Any] | None:
    """The analysis line a note keeps (see ``annotations.alternative_note``), or None when
    it keeps none that EGN can hold (then the note goes out as an annotation)."""
    _, data = split_annotation(a.text)
    line = None if data is None else data.get("alternativeLine")
    return line if validate_alternative_line(line) is not None else None


def _club_take_up(hand: HandState, bid: A.Action) -> bool:
    """True when the hand's first bid is the dealer taking up a club under club euchre."""
    return (
        hand.rules.club_euchre
        and isinstance(bid, A.Order)
        and bid.seat == hand.dealer
        and hand.upcard != BENNY
        and hand.upcard >> 3 == CLUBS
    )


def _keyed(table: dict[int, list[str]]) -> dict[str, list[str]]:
    """Annotations as EGN keys them: by the call's or play's number, as text, in order."""
    return {str(k): v for k, v in sorted(table.items())}


class _DealWriter:
    """Writes one hand as an EGN deal: calls and tricks in EGN's own fields, and everything
    else as annotations keyed to the call or play it follows."""

    def __init__(self, hand: HandState, number: int) -> None:
        self.hand = hand
        self.number = number  # EGN's dealNumber, from 0
        self.calls: list[str] = []
        self.plays: list[int] = []
        self.call_notes: dict[int, list[str]] = {}
        self.play_notes: dict[int, list[str]] = {}
        self.lines: list[dict[str, Any]] = []
        self.exchanges: list[dict[str, Any]] = []
        self.discard: int | None = None
        # What the last action was, and so where an annotation goes: after a call or a
        # play it is keyed to it; after the deal, the discard, or a defender's or partner's
        # best action (which EGN keys nothing to) it says where it stands.
        self.anchor = "deal"

    def deal(self) -> dict[str, Any]:
        """The EGN deal."""
        self.kitty()
        for a in self.hand.actions:
            self.add(a)
        out: dict[str, Any] = {
            "dealNumber": self.number,
            "initialState": self.initial_state(),
            "phases": [self.bidding(), *self.trick_play()],
        }
        if self.lines:
            out["alternativeLines"] = self.lines
        return out

    def kitty(self) -> None:
        if self.hand.kitty:
            kitty = [egn_card_text(c) for c in self.hand.kitty]
            text = "Kitty: " + " ".join(kitty) + TAG + json.dumps({"kitty": kitty})
            self.call_notes.setdefault(0, []).append(text)

    def add(self, a: A.Action) -> None:
        match a:
            case A.Pass() | A.Order() | A.Call():
                self.bid(a)
            case A.Discard(_, card):
                self.discard = card
                self.anchor = "discard"
            case A.DefendAlone():
                self.anchor = "defend_alone"
            case A.PartnersBest():
                self.partners_best(a)
            case A.Play(_, card):
                self.plays.append(card)
                self.anchor = "play"
            case A.Note():
                line = _alternative_line(a)
                if line is None:
                    self.annotate(a)
                else:
                    self.lines.append(line)
            case (
                A.RenegeCall()
                | A.Penalty()
                | A.Tricks()
                | A.Claim()
                | A.BennySuit()
                | A.BlindDoubleLoner()
                | A.FarmersHand()
                | A.ThrowIn()
            ):
                self.annotate(a)
            case _:
                assert_never(a)

    def bid(self, a: A.Pass | A.Order | A.Call) -> None:
        if not self.calls and _club_take_up(self.hand, a):
            # Club euchre: the dealer takes up a club without bidding. EGN's calls are by
            # position, so three passes stand before the dealer's Order, and a marker tells
            # egn_to_logs that they are only padding.
            self.calls.extend(["Pass"] * 3)
            marker = "The dealer takes up the club (club euchre)" + TAG + '{"clubTakeUp": true}'
            self.call_notes.setdefault(3, []).append(marker)
        seat = (self.hand.dealer + 1 + len(self.calls)) % 4
        if a.seat != seat:
            raise LogError(
                f"{SEAT_LETTERS[a.seat]} bid where EGN expects {SEAT_LETTERS[seat]}: "
                "EGN records bids by their place around the table from the dealer's "
                "left, so it cannot hold a bid out of that order",
                self.number + 1,
            )
        match a:
            case A.Pass():
                self.calls.append("Pass")
            case A.Order():
                self.calls.append("Order")
            case A.Call(_, suit, _):
                self.calls.append(SUIT_LETTERS[suit].lower())
            case _:
                assert_never(a)
        self.anchor = "call"

    def partners_best(self, a: A.PartnersBest) -> None:
        partner = (a.seat + 2) % 4
        got = [] if a.received is None else [egn_card_text(a.received)]
        self.exchanges.append({"sender": partner, "receiver": a.seat, "cards": got})
        if a.gave is not None:
            gave = [egn_card_text(a.gave)]
            self.exchanges.append({"sender": a.seat, "receiver": partner, "cards": gave})
        self.anchor = f"partners_best {SEAT_LETTERS[a.seat]}"

    def annotate(self, a: A.Action) -> None:
        if self.anchor == "play":
            self.play_notes.setdefault(len(self.plays) - 1, []).append(annotation_text(a))
        elif self.anchor == "call":
            self.call_notes.setdefault(len(self.calls) - 1, []).append(annotation_text(a))
        else:
            text = annotation_text(a, self.anchor)
            self.call_notes.setdefault(max(len(self.calls) - 1, 0), []).append(text)

    def initial_state(self) -> dict[str, Any]:
        hand = self.hand
        state: dict[str, Any] = {"dealer": hand.dealer, "upCard": egn_card_text(hand.upcard)}
        if hand.deal:
            state["playerCards"] = [
                [egn_card_text(c) for c in hand.deal.get(seat, ())] for seat in SEATS
            ]
        return state

    def bidding(self) -> dict[str, Any]:
        bidding: dict[str, Any] = {
            "phaseNumber": 0,
            "type": "EUCHRE_BIDDING",
            "calls": self.calls,
            "isAlone": self.hand.alone,
        }
        if self.hand.defender >= 0:
            bidding["aloneDefender"] = self.hand.defender
        if self.discard is not None:
            bidding["discard"] = egn_card_text(self.discard)
        if self.exchanges:
            bidding["cardExchanges"] = self.exchanges
        if self.call_notes:
            bidding["callAnnotations"] = _keyed(self.call_notes)
        return bidding

    def trick_play(self) -> list[dict[str, Any]]:
        """The trick-play phase, if any card was played."""
        if not self.plays:
            return []
        size = self.hand.trick_size
        cards = [egn_card_text(c) for c in self.plays]
        tricks = [cards[i : i + size] for i in range(0, len(cards), size)]
        phase: dict[str, Any] = {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}
        if self.play_notes:
            phase["playAnnotations"] = _keyed(self.play_notes)
        return [phase]


def _description(info: GameInfo, extra: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The game id kept in the notes, and the description's lines: the other notes, a date
    EGN's schema does not allow, and the rule options EGN has no key for."""
    game_id: str | None = None
    lines: list[str] = []
    for line in info.notes.split("\n") if info.notes else []:
        if line.startswith(GAME_ID_LINE) and game_id is None:
            game_id = line[len(GAME_ID_LINE) :]
        else:
            lines.append(line)
    if info.date and not EGN_DATE.match(info.date):
        lines.append(DATE_LINE + info.date)
    if extra:
        lines.append(RULES_LINE + json.dumps(extra, sort_keys=True))
    return game_id, lines


def _metadata(info: GameInfo, game: GameState) -> dict[str, Any]:
    ruleset, extra = rules_to_egn(game.rules)
    game_id, description = _description(info, extra)
    meta: dict[str, Any] = {}
    if game_id:
        meta["gameId"] = game_id
    if info.title:
        meta["title"] = info.title
    if description:
        meta["description"] = "\n".join(description)
    if info.date and EGN_DATE.match(info.date):
        meta["date"] = info.date
    names: dict[str, str] = {str(k): v for k, v in info.players.items()}
    meta["players"] = [names[s] for s in SEAT_LETTERS]
    meta["initialScore"] = [info.initial_score.NS, info.initial_score.EW]
    if game.winner is not None:
        meta["finalScore"] = list(game.score)
    meta["ruleset"] = ruleset
    return meta


def logs_to_egn(log: Mapping[str, Any]) -> dict[str, Any]:
    """Write one euchre-log/1 document as an EGN 1.4 game.

    The log is read and played through the engine first (``LogError`` if it is malformed).
    Renege calls, penalties, notes with a seat, and the kitty travel as annotations ending
    in `` #euchre-log {json}``; rule options EGN has no key for go into the description.
    ``egn_to_logs`` reads the result back into the same game.
    """
    model = read_log(log)
    game = play_log(model)
    return {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": _metadata(model.game, game),
        "deals": [_DealWriter(hand, i).deal() for i, hand in enumerate(game.hands)],
    }
