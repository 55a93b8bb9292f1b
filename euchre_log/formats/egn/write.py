"""Write a euchre-log/1 game as EGN 1.4."""

from __future__ import annotations

import json
from typing import Any

from ...engine import actions as A
from ...engine.cards import BENNY, CLUBS, SEAT_LETTERS, SUIT_LETTERS
from ...engine.hand import HandState
from ..reader import LogError, play_log, read_log
from .annotations import TAG, annotation_text, split_annotation
from .cards import egn_card_text
from .notation import DATE_LINE, EGN_DATE, EGN_FILE_TYPE, EGN_VERSION, GAME_ID_LINE, RULES_LINE
from .rules import rules_to_egn


def _ann_add(table: dict[int, list[str]], key: int, text: str) -> None:
    table.setdefault(key, []).append(text)


def _alternative_line(a: A.Action) -> dict[str, Any] | None:
    if not isinstance(a, A.Note):
        return None
    _, data = split_annotation(a.text)
    if data is None:
        return None
    line = data.get("alternativeLine")
    return line if isinstance(line, dict) else None


def _club_take_up(hand: HandState, bid: A.Action) -> bool:
    """True when the hand's first bid is the dealer taking up a club under club euchre."""
    return (
        hand.rules.club_euchre
        and isinstance(bid, A.Order)
        and bid.seat == hand.dealer
        and hand.upcard != BENNY
        and hand.upcard >> 3 == CLUBS
    )


def _deal_to_egn(hand: HandState, number: int) -> dict[str, Any]:
    calls: list[str] = []
    plays: list[int] = []
    call_ann: dict[int, list[str]] = {}
    play_ann: dict[int, list[str]] = {}
    lines: list[dict[str, Any]] = []
    exchanges: list[dict[str, Any]] = []
    discard: int | None = None
    anchor = "deal"
    if hand.kitty:
        kitty = [egn_card_text(c) for c in hand.kitty]
        _ann_add(call_ann, 0, "Kitty: " + " ".join(kitty) + TAG + json.dumps({"kitty": kitty}))
    for a in hand.actions:
        if isinstance(a, (A.Pass, A.Order, A.Call)):
            if not calls and _club_take_up(hand, a):
                # Club euchre: the dealer takes up a club without bidding. EGN's calls are
                # by position, so three passes stand before the dealer's Order, and a
                # marker tells egn_to_logs that they are only padding.
                calls.extend(["Pass"] * 3)
                marker = json.dumps({"clubTakeUp": True})
                _ann_add(call_ann, 3, "The dealer takes up the club (club euchre)" + TAG + marker)
            seat = (hand.dealer + 1 + len(calls)) % 4
            if a.seat != seat:
                raise LogError(
                    f"{SEAT_LETTERS[a.seat]} bid where EGN expects {SEAT_LETTERS[seat]}: "
                    "EGN records bids by their place around the table from the dealer's "
                    "left, so it cannot hold a bid out of that order",
                    number + 1,
                )
            if isinstance(a, A.Pass):
                calls.append("Pass")
            elif isinstance(a, A.Order):
                calls.append("Order")
            else:
                calls.append(SUIT_LETTERS[a.suit].lower())
            anchor = "call"
        elif isinstance(a, A.Discard):
            discard = a.card
            anchor = "discard"
        elif isinstance(a, A.DefendAlone):
            anchor = "defend_alone"
        elif isinstance(a, A.PartnersBest):
            partner = (a.seat + 2) % 4
            got = [] if a.received is None else [egn_card_text(a.received)]
            exchanges.append({"sender": partner, "receiver": a.seat, "cards": got})
            if a.gave is not None:
                gave = [egn_card_text(a.gave)]
                exchanges.append({"sender": a.seat, "receiver": partner, "cards": gave})
            anchor = f"partners_best {SEAT_LETTERS[a.seat]}"
        elif isinstance(a, A.Play):
            plays.append(a.card)
            anchor = "play"
        else:
            line = _alternative_line(a)
            if line is not None:
                lines.append(line)
            elif anchor == "play":
                _ann_add(play_ann, len(plays) - 1, annotation_text(a))
            elif anchor == "call":
                _ann_add(call_ann, len(calls) - 1, annotation_text(a))
            else:
                _ann_add(call_ann, max(len(calls) - 1, 0), annotation_text(a, anchor))

    state: dict[str, Any] = {"dealer": hand.dealer, "upCard": egn_card_text(hand.upcard)}
    if hand.deal:
        state["playerCards"] = [
            [egn_card_text(c) for c in hand.deal.get(seat, ())] for seat in range(4)
        ]
    bidding: dict[str, Any] = {
        "phaseNumber": 0,
        "type": "EUCHRE_BIDDING",
        "calls": calls,
        "isAlone": hand.alone,
    }
    if hand.defender >= 0:
        bidding["aloneDefender"] = hand.defender
    if discard is not None:
        bidding["discard"] = egn_card_text(discard)
    if exchanges:
        bidding["cardExchanges"] = exchanges
    if call_ann:
        bidding["callAnnotations"] = {str(k): v for k, v in sorted(call_ann.items())}
    phases: list[dict[str, Any]] = [bidding]
    if plays:
        size = hand.trick_size
        tricks = [
            [egn_card_text(c) for c in plays[i : i + size]] for i in range(0, len(plays), size)
        ]
        trick_play: dict[str, Any] = {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}
        if play_ann:
            trick_play["playAnnotations"] = {str(k): v for k, v in sorted(play_ann.items())}
        phases.append(trick_play)
    out: dict[str, Any] = {"dealNumber": number, "initialState": state, "phases": phases}
    if lines:
        out["alternativeLines"] = lines
    return out


def logs_to_egn(log: dict[str, Any]) -> dict[str, Any]:
    """Write one euchre-log/1 document as an EGN 1.4 game.

    The log is read and played through the engine first (``LogError`` if it is malformed).
    Renege calls, penalties, notes with a seat, and the kitty travel as annotations ending
    in `` #euchre-log {json}``; rule options EGN has no key for go into the description.
    ``egn_to_logs`` reads the result back into the same game.
    """
    model = read_log(log)
    game = play_log(model)
    info = model.game
    rules = game.rules
    ruleset, extra = rules_to_egn(rules)
    description: list[str] = []
    game_id: str | None = None
    for line in (info.notes or "").split("\n") if info.notes else []:
        if line.startswith(GAME_ID_LINE) and game_id is None:
            game_id = line[len(GAME_ID_LINE) :]
        else:
            description.append(line)
    if info.date and not EGN_DATE.match(info.date):
        description.append(DATE_LINE + info.date)
    if extra:
        description.append(RULES_LINE + json.dumps(extra, sort_keys=True))
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
    return {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": meta,
        "deals": [_deal_to_egn(hand, i) for i, hand in enumerate(game.hands)],
    }
