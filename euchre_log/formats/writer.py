"""Write games as euchre-log/1 documents, in the canonical card form.

A document is ``models.GameLog`` as JSON data (a hand ``models.HandRecord``, the game
``models.GameInfo``), built as plain dicts: ``export`` writes them without importing
Pydantic, and the tests read them back through the models."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, assert_never

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES, Seat
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.rules import Rules
from .names import LOG_FORMAT
from .results import result_dict


def action_dict(a: A.Action) -> dict[str, Any]:
    """One action as the file format writes it."""
    match a:
        case A.Play(seat, card):
            return {"type": "play", "seat": SEAT_LETTERS[seat], "card": CARD_TEXT[card]}
        case A.Pass(seat):
            return {"type": "pass", "seat": SEAT_LETTERS[seat]}
        case A.Order(seat, alone):
            return {"type": "order", "seat": SEAT_LETTERS[seat], "alone": alone}
        case A.Call(seat, suit, alone):
            return {
                "type": "call",
                "seat": SEAT_LETTERS[seat],
                "suit": SUIT_LETTERS[suit],
                "alone": alone,
            }
        case A.Discard(seat, card):
            return {
                "type": "discard",
                "seat": SEAT_LETTERS[seat],
                "card": None if card is None else CARD_TEXT[card],
            }
        case A.DefendAlone(seat):
            return {"type": "defend_alone", "seat": SEAT_LETTERS[seat]}
        case A.RenegeCall(seat, accused, trick, shown, penalty):
            out: dict[str, Any] = {
                "type": "renege_call",
                "seat": SEAT_LETTERS[seat],
                "accused": SEAT_LETTERS[accused],
                "trick": trick,
                "shown": [CARD_TEXT[c] for c in shown],
            }
            if penalty is not None:
                out["penalty"] = penalty
            return out
        case A.Penalty(seat, team, points, reason):
            return {
                "type": "penalty",
                "seat": SEAT_LETTERS[seat],
                "team": TEAM_NAMES[team],
                "points": points,
                "reason": reason,
            }
        case A.Note(seat, text):
            note: dict[str, Any] = {"type": "note", "text": text}
            if seat is not None:
                note["seat"] = SEAT_LETTERS[seat]
            return note
        case A.BennySuit(seat, suit):
            return {"type": "benny_suit", "seat": SEAT_LETTERS[seat], "suit": SUIT_LETTERS[suit]}
        case A.BlindDoubleLoner(seat):
            return {"type": "blind_double_loner", "seat": SEAT_LETTERS[seat]}
        case A.FarmersHand(seat, shown, received):
            return {
                "type": "farmers_hand",
                "seat": SEAT_LETTERS[seat],
                "shown": [CARD_TEXT[c] for c in shown],
                "received": [CARD_TEXT[c] for c in received],
            }
        case A.ThrowIn(seat, hand, shown):
            return {
                "type": "throw_in",
                "seat": SEAT_LETTERS[seat],
                "hand": hand,
                "shown": [CARD_TEXT[c] for c in shown],
            }
        case A.PartnersBest(seat, gave, received):
            return {
                "type": "partners_best",
                "seat": SEAT_LETTERS[seat],
                "gave": None if gave is None else CARD_TEXT[gave],
                "received": None if received is None else CARD_TEXT[received],
            }
        case A.Tricks(ns, ew):
            return {"type": "tricks", "NS": ns, "EW": ew}
        case A.Claim(seat):
            return {"type": "claim", "seat": SEAT_LETTERS[seat]}
        case _:
            assert_never(a)


def hand_dict(
    dealer: int,
    upcard: int,
    actions: Iterable[A.Action],
    *,
    deal: Mapping[Seat, Iterable[int]] | None = None,
    kitty: Iterable[int] = (),
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One hand as the file format writes it."""
    out: dict[str, Any] = {
        "dealer": SEAT_LETTERS[dealer],
        "upcard": CARD_TEXT[upcard],
        "actions": [],
    }
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
    """The ``game`` object of a log, its keys in the order a log shows them."""
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
