"""Annotations: what EGN has no field for travels in annotation text, after a tag.

An annotation whose text ends with `` #euchre-log {json}`` carries an action (a renege
call, a penalty, a note with a seat, a variant's action) or a deal's kitty; a note shows an
analysis line (``alternativeLines``) and keeps all of it, so that writing the game out
again restores it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, assert_never

from ...engine import actions as A
from ...engine.cards import SEAT_LETTERS, SUIT_NAMES, TEAM_NAMES
from ..writer import action_dict
from .cards import egn_card_text

TAG: Final = " #euchre-log "
"""Separates an annotation's readable text from the JSON that euchre-log reads back."""


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(egn_card_text(c) for c in cards)


NativeAction = A.Pass | A.Order | A.Call | A.Discard | A.DefendAlone | A.PartnersBest | A.Play
"""The actions EGN records in fields of its own."""
AnnotatedAction = (
    A.Note | A.RenegeCall | A.Penalty | A.BennySuit | A.BlindDoubleLoner | A.FarmersHand | A.ThrowIn
)
"""The actions that travel in annotations."""


def summary(a: A.Action) -> str:
    """A readable sentence for an action, as an annotation shows it to any EGN tool."""
    match a:
        case (
            A.Pass()
            | A.Order()
            | A.Call()
            | A.Discard()
            | A.DefendAlone()
            | A.PartnersBest()
            | A.Play()
        ):
            return _native_summary(a)
        case (
            A.Note()
            | A.RenegeCall()
            | A.Penalty()
            | A.BennySuit()
            | A.BlindDoubleLoner()
            | A.FarmersHand()
            | A.ThrowIn()
        ):
            return _annotated_summary(a)
        case _:
            assert_never(a)


def _annotated_summary(a: AnnotatedAction) -> str:
    match a:
        case A.Note(_, text):
            return text
        case A.RenegeCall(seat, accused, trick, shown, _):
            text = (
                f"{SEAT_LETTERS[seat]} calls a renege on {SEAT_LETTERS[accused]} for trick {trick}"
            )
            return text + (f", who shows {_cards(shown)}" if shown else "")
        case A.Penalty(_, team, points, reason):
            text = f"Penalty: {points:+d} points for {TEAM_NAMES[team]}"
            return text + (f" ({reason})" if reason else "")
        case A.BennySuit(seat, suit):
            return f"{SEAT_LETTERS[seat]} names {SUIT_NAMES[suit]} for the Benny"
        case A.BlindDoubleLoner(seat):
            return f"{SEAT_LETTERS[seat]} goes alone blind"
        case A.FarmersHand(seat, shown, received):
            text = f"{SEAT_LETTERS[seat]} exchanges a farmer's hand: {_cards(shown)}"
            return text + (f" for {_cards(received)}" if received else "")
        case A.ThrowIn(seat, hand, shown):
            return f"{SEAT_LETTERS[seat]} throws in {hand}: {_cards(shown)}"
        case _:
            assert_never(a)


def _native_summary(a: NativeAction) -> str:
    match a:
        case A.Pass(seat):
            return f"{SEAT_LETTERS[seat]} passes"
        case A.Order(seat, alone):
            return f"{SEAT_LETTERS[seat]} orders up" + (" alone" if alone else "")
        case A.Call(seat, suit, alone):
            return f"{SEAT_LETTERS[seat]} calls {SUIT_NAMES[suit]}" + (" alone" if alone else "")
        case A.Discard(seat, card):
            return f"{SEAT_LETTERS[seat]} discards" + (
                "" if card is None else f" {egn_card_text(card)}"
            )
        case A.DefendAlone(seat):
            return f"{SEAT_LETTERS[seat]} defends alone"
        case A.PartnersBest(seat, gave, received):
            swap = " for ".join(egn_card_text(c) for c in (gave, received) if c is not None)
            return f"{SEAT_LETTERS[seat]} takes partner's best" + (f" ({swap})" if swap else "")
        case A.Play(seat, card):
            return f"{SEAT_LETTERS[seat]} plays {egn_card_text(card)}"
        case _:
            assert_never(a)


def _payload(a: A.Action, after: str | None) -> dict[str, Any] | None:
    """The JSON that an annotation carries for ``a``, or None for a note that needs none."""
    match a:
        case A.Note(seat, _):
            if seat is None and after is None:
                return None  # keyed where it stands: plain text, as any EGN tool shows it
            data: dict[str, Any] = {"type": "note"}
            if seat is not None:
                data["seat"] = SEAT_LETTERS[seat]
        case (
            A.RenegeCall()
            | A.Penalty()
            | A.BennySuit()
            | A.BlindDoubleLoner()
            | A.FarmersHand()
            | A.ThrowIn()
        ):
            data = action_dict(a)
        case (
            A.Pass()
            | A.Order()
            | A.Call()
            | A.Discard()
            | A.DefendAlone()
            | A.PartnersBest()
            | A.Play()
        ):
            raise ValueError(f"EGN records {a.TYPE} in a field of its own, not in an annotation")
        case _:
            assert_never(a)
    if after is not None:
        data["after"] = after
    return data


def annotation_text(a: A.Action, after: str | None = None) -> str:
    """The EGN annotation for a note, renege call, penalty or variant action.

    A note without a seat, keyed where it stands (``after`` is None), is its text alone, as
    any EGN tool shows it. Everything else ends with the tag and the JSON to read back.
    """
    data = _payload(a, after)
    if data is None:
        return summary(a)
    return summary(a) + TAG + json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def split_annotation(text: str) -> tuple[str, dict[str, Any] | None]:
    """An annotation's readable text, and the euchre-log JSON at its end if it has one."""
    start = 0
    while True:
        at = text.find(TAG, start)
        if at < 0:
            return text, None
        tail = text[at + len(TAG) :]
        if tail.startswith("{"):
            try:
                data = json.loads(tail)
            except ValueError:
                data = None
            if isinstance(data, dict):
                return text[:at], data
        start = at + 1


def alternative_note(line: Mapping[str, Any], ncalls: int) -> str:
    """A note that shows an analysis line and keeps all of it for writing back."""
    b = line.get("branchIndex", 0)
    where = f"call {b + 1}" if b < ncalls else f"play {b - ncalls + 1}"
    parts: list[str] = []
    clean: list[dict[str, Any]] = []
    for ph in line.get("phases", []):
        if not isinstance(ph, dict):
            continue
        ph = modern_phase(ph)
        clean.append(ph)
        if ph.get("type") == "EUCHRE_BIDDING":
            calls = ", ".join(str(c) for c in ph.get("calls", []))
            alone = " alone" if ph.get("isAlone") else ""
            disc = f", discard {ph['discard']}" if ph.get("discard") else ""
            parts.append(f"calls {calls}{alone}{disc}")
        else:
            tricks = " | ".join(" ".join(str(c) for c in t) for t in ph.get("tricks", []))
            parts.append(f"plays {tricks}")
        for key in ("callAnnotations", "playAnnotations"):
            for texts in (ph.get(key) or {}).values():
                parts.extend(str(t) for t in (texts if isinstance(texts, list) else [texts]))
    keep = {"branchIndex": b, "phases": clean}
    return (
        f"Alternative line from {where}: "
        + "; ".join(parts)
        + TAG
        + json.dumps({"alternativeLine": keep}, ensure_ascii=False)
    )


def modern_phase(ph: Mapping[str, Any]) -> dict[str, Any]:
    """An analysis phase with EGN 1.0's field names brought up to 1.4's."""
    renames = {
        "calls_annotations": "callAnnotations",
        "tricks_annotations": "playAnnotations",
        "play_annotations": "playAnnotations",
        "is_alone": "isAlone",
        "alone_defender": "aloneDefender",
        "card_exchanges": "cardExchanges",
        "phase_number": "phaseNumber",
    }
    out: dict[str, Any] = {}
    trick_play = ph.get("type") != "EUCHRE_BIDDING"
    for key, value in ph.items():
        key = renames.get(key, key)
        if key in ("initialLead", "initial_lead"):
            continue
        if trick_play and key in ("isAlone", "aloneDefender"):
            continue
        out[key] = value
    return out
