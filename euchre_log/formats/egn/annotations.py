"""Annotations: what EGN has no field for travels in annotation text, after a tag.

An annotation whose text ends with `` #euchre-log {json}`` carries an action (a renege
call, a penalty, a note with a seat, a variant's action) or a deal's kitty; a note shows an
analysis line (``alternativeLines``) and keeps all of it, so that writing the game out
again restores it.
"""

from __future__ import annotations

import json
from typing import Any, Final, assert_never

from ...engine import actions as A
from ...engine.cards import SEAT_LETTERS, SUIT_NAMES, TEAM_NAMES
from ..writer import action_dict
from .cards import egn_card_text
from .shape import AlternativeLine, Bidding, Phase, TrickPlay

TAG: Final = " #euchre-log "
"""Separates an annotation's readable text from the JSON that euchre-log reads back."""


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(egn_card_text(c) for c in cards)


NativeAction = A.Pass | A.Order | A.Call | A.Discard | A.DefendAlone | A.PartnersBest | A.Play
"""The actions EGN records in fields of its own."""
AnnotatedAction = (
    A.Note
    | A.RenegeCall
    | A.Penalty
    | A.Tricks
    | A.Claim
    | A.BennySuit
    | A.BlindDoubleLoner
    | A.FarmersHand
    | A.ThrowIn
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
            | A.Tricks()
            | A.Claim()
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
        case A.Tricks(ns, ew):
            return f"The rest of the hand without its cards: NS {ns} tricks, EW {ew}"
        case A.Claim(seat):
            return f"{SEAT_LETTERS[seat]} claims the rest of the tricks"
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
            | A.Tricks()
            | A.Claim()
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


def tagged_json(text: str) -> Any:
    """JSON that euchre-log wrote into a text, or None when it is not JSON it can read
    (too deeply nested, a number too long, or not JSON at all)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def split_annotation(text: str) -> tuple[str, dict[str, Any] | None]:
    """An annotation's readable text, and the euchre-log JSON at its end if it has one."""
    start = 0
    while True:
        at = text.find(TAG, start)
        if at < 0:
            return text, None
        tail = text[at + len(TAG) :]
        if tail.startswith("{"):
            data = tagged_json(tail)
            if isinstance(data, dict):
                return text[:at], data
        start = at + 1


def _phase_text(phase: Phase) -> list[str]:
    """What an analysis phase shows: its calls or its tricks, then its annotations."""
    match phase:
        case Bidding():
            alone = " alone" if phase.is_alone else ""
            discard = f", discard {phase.discard}" if phase.discard else ""
            shown = [f"calls {', '.join(phase.calls)}{alone}{discard}"]
            table = phase.call_annotations
        case TrickPlay():
            shown = ["plays " + " | ".join(" ".join(trick) for trick in phase.tricks)]
            table = phase.play_annotations
        case _:
            assert_never(phase)
    return shown + [text for texts in (table or {}).values() for text in texts]


def alternative_note(line: AlternativeLine, ncalls: int) -> str:
    """A note that shows an analysis line and keeps all of it (with EGN 1.0's field names
    brought up to 1.4's) for writing back."""
    b = line.branch_index
    where = f"call {b + 1}" if b < ncalls else f"play {b - ncalls + 1}"
    parts = [text for phase in line.phases for text in _phase_text(phase)]
    return (
        f"Alternative line from {where}: "
        + "; ".join(parts)
        + TAG
        + json.dumps({"alternativeLine": line.modern()}, ensure_ascii=False)
    )
