"""The JSON of ``replay --json`` and ``explain --json``, as plain data.

The dictionaries follow ``outputs.ReplayOut`` and ``outputs.ExplainOut`` (the schemas
``replay`` and ``explain``); a test validates them. Each hand carries the check report's
verdict on it (``results.result_dict``), and its actions as a euchre-log/1 file writes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES, left_of
from ..engine.flags import RENEGE
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.knowledge import SeatKnowledge, discard_of, knowledge, took_up
from .results import result_dict
from .writer import action_dict


def _cards(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def game_facts(
    game_id: int, title: str | None, date: str | None, players: Mapping[str, str]
) -> dict[str, Any]:
    """The head both outputs share: the game's id, title, date and players."""
    return {"id": game_id, "title": title, "date": date, "players": dict(players)}


def discard_dict(hand: HandState) -> dict[str, Any] | None:
    """The dealer's discard, and how it is known; None when there is none (yet)."""
    if not took_up(hand):
        return None
    card, how = discard_of(hand)
    if card is not None:
        return {"card": CARD_TEXT[card], "how": how}
    if any(isinstance(a, A.Discard) for a in hand.actions):
        return {"card": None, "how": "unseen"}
    return None


def _dealt(k: SeatKnowledge) -> dict[str, Any] | None:
    if k.dealt is None:
        return None
    return {"cards": _cards(k.dealt), "how": k.dealt_how, "unseen": k.unknown_dealt}


def tricks(hand: HandState) -> list[dict[str, Any]]:
    """Each trick begun: its leader, its cards in the order played, and who took it."""
    out = []
    for t, leader in enumerate(hand.leaders):
        cards = []
        seat = leader
        for _ in range(4):
            c = hand.cards_at[t * 4 + seat]
            if c >= 0:
                cards.append({"seat": SEAT_LETTERS[seat], "card": CARD_TEXT[c]})
            seat = left_of(seat)
        winner = hand.winners[t] if t < len(hand.winners) else None
        out.append(
            {
                "number": t + 1,
                "leader": SEAT_LETTERS[leader],
                "cards": cards,
                "winner": None if winner is None else SEAT_LETTERS[winner],
            }
        )
    return out


def replay_hand(game: GameState, index: int) -> dict[str, Any]:
    """Hand ``index`` (0-based) as it lay on the table."""
    hand = game.hands[index]
    return {
        "result": result_dict(game.results()[index]),
        "upcard": CARD_TEXT[hand.upcard],
        "dealt": {k.letter: _dealt(k) for k in knowledge(hand)},
        "discard": discard_dict(hand),
        "actions": [action_dict(a) for a in hand.actions],
        "tricks": tricks(hand),
    }


def replay_dict(facts: dict[str, Any], game: GameState, indexes: Iterable[int]) -> dict[str, Any]:
    """``replay --json``: the game's facts and the hands of ``indexes``."""
    return {**facts, "hands": [replay_hand(game, i) for i in indexes]}


def _seat_cards(hand: HandState, k: SeatKnowledge, players: Mapping[str, str]) -> dict[str, Any]:
    discarded = discard_of(hand)[0] if k.seat == hand.dealer else None
    return {
        "seat": k.letter,
        "name": players.get(k.letter, k.letter),
        "active": k.active,
        "dealt": _dealt(k),
        "cards": [
            {
                "card": CARD_TEXT[x.card],
                "how": x.how,
                "played_on": x.played_on,
                "discarded": x.card == discarded,
            }
            for x in k.cards
        ],
        "showed_out": [
            {"suit": SUIT_LETTERS[v.suit], "trick": v.trick, "played": CARD_TEXT[v.played]}
            for v in k.voids
        ],
    }


def explain_dict(
    facts: dict[str, Any], game: GameState, index: int, players: Mapping[str, str]
) -> dict[str, Any]:
    """``explain --json``: the dispute view of hand ``index`` (0-based)."""
    hand = game.hands[index]
    return {
        **facts,
        "hand": index + 1,
        "hands": len(game.hands),
        "reneged": any(f.kind == RENEGE for f in hand.flags),
        "result": result_dict(game.results()[index]),
        "calls": [
            {
                "seat": SEAT_LETTERS[v.call.seat],
                "accused": SEAT_LETTERS[v.call.accused],
                "trick": v.call.trick,
                "shown": _cards(v.call.shown),
                "status": v.status,
                "action": v.index,
                "decided_by": v.decided_at,
                "penalised": v.penalised,
            }
            for v in hand.calls
        ],
        "penalties": [
            {
                "seat": SEAT_LETTERS[a.seat],
                "team": TEAM_NAMES[a.team],
                "points": a.points,
                "reason": a.reason,
            }
            for a in hand.actions
            if isinstance(a, A.Penalty)
        ],
        "discard": discard_dict(hand),
        "seats": [_seat_cards(hand, k, players) for k in knowledge(hand)],
    }
