"""Annotations: what EGN has no field for travels in annotation text, after a tag.

An annotation whose text ends with `` #euchre-log {json}`` carries an action (a renege
call, a penalty, a note with a seat, a variant's action) or a deal's kitty; a note shows an
analysis line (``alternativeLines``) and keeps all of it, so that writing the game out
again restores it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from ...engine import actions as A
from ...engine.cards import SEAT_LETTERS, TEAM_NAMES
from ..writer import action_dict
from .cards import egn_card_text

TAG: Final = " #euchre-log "
"""Separates an annotation's readable text from the JSON that euchre-log reads back."""


def _summary(a: A.Action) -> str:
    """A readable sentence for an action that travels as an annotation."""
    if isinstance(a, A.RenegeCall):
        text = f"{SEAT_LETTERS[a.seat]} calls a renege on {SEAT_LETTERS[a.accused]} for trick {a.trick}"
        if a.shown:
            text += ", who shows " + " ".join(egn_card_text(c) for c in a.shown)
        return text
    if isinstance(a, A.Penalty):
        text = f"Penalty: {a.points:+d} points for {TEAM_NAMES[a.team]}"
        return text + (f" ({a.reason})" if a.reason else "")
    if isinstance(a, A.Note):
        return a.text
    seat = getattr(a, "seat", None)
    who = f" by {SEAT_LETTERS[seat]}" if isinstance(seat, int) and 0 <= seat < 4 else ""
    return f"{getattr(a, 'TYPE', type(a).__name__)}{who}"


def annotation_text(a: A.Action, after: str | None = None) -> str:
    """The EGN annotation for a note, renege call, penalty or variant action.

    A note without a seat, keyed where it stands (``after`` is None), is its text alone, as
    any EGN tool shows it. Everything else ends with the tag and the JSON to read back.
    """
    if isinstance(a, A.Note):
        if a.seat is None and after is None:
            return a.text
        extra: dict[str, Any] = {"type": "note"}
        if a.seat is not None:
            extra["seat"] = SEAT_LETTERS[a.seat]
    else:
        extra = action_dict(a)
    if after is not None:
        extra["after"] = after
    return _summary(a) + TAG + json.dumps(extra, ensure_ascii=False, separators=(", ", ": "))


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
