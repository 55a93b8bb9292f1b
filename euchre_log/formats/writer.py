"""Write games as euchre-log/1 documents, in the canonical card form."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.rules import Rules
from .models import LOG_FORMAT
from .results import result_dict


def action_dict(a: A.Action) -> dict[str, Any]:
    """One action as the file format writes it."""
    t = type(a)
    if t is A.Play:
        assert isinstance(a, A.Play)
        return {"type": "play", "seat": SEAT_LETTERS[a.seat], "card": CARD_TEXT[a.card]}
    if t is A.Pass:
        return {"type": "pass", "seat": SEAT_LETTERS[a.seat]}  # type: ignore[index]
    if isinstance(a, A.Order):
        return {"type": "order", "seat": SEAT_LETTERS[a.seat], "alone": a.alone}
    if isinstance(a, A.Call):
        return {
            "type": "call",
            "seat": SEAT_LETTERS[a.seat],
            "suit": SUIT_LETTERS[a.suit],
            "alone": a.alone,
        }
    if isinstance(a, A.Discard):
        return {
            "type": "discard",
            "seat": SEAT_LETTERS[a.seat],
            "card": None if a.card is None else CARD_TEXT[a.card],
        }
    if isinstance(a, A.DefendAlone):
        return {"type": "defend_alone", "seat": SEAT_LETTERS[a.seat]}
    if isinstance(a, A.RenegeCall):
        out: dict[str, Any] = {
            "type": "renege_call",
            "seat": SEAT_LETTERS[a.seat],
            "accused": SEAT_LETTERS[a.accused],
            "trick": a.trick,
            "shown": [CARD_TEXT[c] for c in a.shown],
        }
        if a.penalty is not None:
            out["penalty"] = a.penalty
        return out
    if isinstance(a, A.Penalty):
        return {
            "type": "penalty",
            "seat": SEAT_LETTERS[a.seat],
            "team": TEAM_NAMES[a.team],
            "points": a.points,
            "reason": a.reason,
        }
    if isinstance(a, A.BennySuit):
        return {"type": "benny_suit", "seat": SEAT_LETTERS[a.seat], "suit": SUIT_LETTERS[a.suit]}
    if isinstance(a, A.BlindDoubleLoner):
        return {"type": "blind_double_loner", "seat": SEAT_LETTERS[a.seat]}
    if isinstance(a, A.FarmersHand):
        return {
            "type": "farmers_hand",
            "seat": SEAT_LETTERS[a.seat],
            "shown": [CARD_TEXT[c] for c in a.shown],
            "received": [CARD_TEXT[c] for c in a.received],
        }
    if isinstance(a, A.ThrowIn):
        return {
            "type": "throw_in",
            "seat": SEAT_LETTERS[a.seat],
            "hand": a.hand,
            "shown": [CARD_TEXT[c] for c in a.shown],
        }
    if isinstance(a, A.PartnersBest):
        return {
            "type": "partners_best",
            "seat": SEAT_LETTERS[a.seat],
            "gave": None if a.gave is None else CARD_TEXT[a.gave],
            "received": None if a.received is None else CARD_TEXT[a.received],
        }
    if isinstance(a, A.Note):
        note: dict[str, Any] = {"type": "note", "text": a.text}
        if a.seat is not None:
            note["seat"] = SEAT_LETTERS[a.seat]
        return note
    raise TypeError(f"unknown action {a!r}")


def hand_dict(
    dealer: int,
    upcard: int,
    actions: Iterable[A.Action],
    *,
    deal: Mapping[int, Iterable[int]] | None = None,
    kitty: Iterable[int] = (),
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One hand as the file format writes it."""
    out: dict[str, Any] = {"dealer": SEAT_LETTERS[dealer], "upcard": CARD_TEXT[upcard]}
    if deal:
        out["deal"] = {SEAT_LETTERS[s]: [CARD_TEXT[c] for c in deal[s]] for s in sorted(deal)}
    kitty = list(kitty)
    if kitty:
        out["kitty"] = [CARD_TEXT[c] for c in kitty]
    out["actions"] = [action_dict(a) for a in actions]
    if result is not None:
        out["result"] = result
    return out


def state_hand_dict(hand: HandState, result: dict[str, Any] | None = None) -> dict[str, Any]:
    """A played hand, from the engine's state."""
    return hand_dict(
        hand.dealer, hand.upcard, hand.actions, deal=hand.deal, kitty=hand.kitty, result=result
    )


def game_info(
    players: Mapping[str, str],
    rules: Rules,
    *,
    title: str | None = None,
    date: str | None = None,
    initial_score: tuple[int, int] = (0, 0),
    notes: str | None = None,
) -> dict[str, Any]:
    """The ``game`` object of a log."""
    info: dict[str, Any] = {}
    if title:
        info["title"] = title
    if date:
        info["date"] = date
    info["players"] = {s: players[s] for s in SEAT_LETTERS}
    info["rules"] = rules.differences()
    if initial_score != (0, 0):
        info["initial_score"] = {"NS": initial_score[0], "EW": initial_score[1]}
    if notes:
        info["notes"] = notes
    return info


def log_dict(info: dict[str, Any], game: GameState, *, with_results: bool = True) -> dict[str, Any]:
    """A whole game as a euchre-log/1 document; ``with_results`` fills each hand's ``result``."""
    results = game.results() if with_results else None
    hands = [
        state_hand_dict(h, result_dict(results[i]) if results is not None else None)
        for i, h in enumerate(game.hands)
    ]
    return {"format": LOG_FORMAT, "game": info, "hands": hands}
