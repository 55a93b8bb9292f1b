"""The journal's compact encoding: an entry's canonical JSON and time, in a few bytes.

The hash chain covers each entry's canonical JSON text (``journal.canonical``) and its
time as ISO 8601 text (``2026-11-27T20:15:03.123456+00:00``). The ``action`` table keeps
neither as such: a play's ``{"card":"9H","seat":"N","type":"play"}`` is stored as ``N9H``,
and the time as whole microseconds since 1970 (UTC). Decoding gives back exactly the
texts the chain covers, byte for byte, so every hash can be recomputed from what is
stored; ``encode`` checks that on every value and keeps anything it cannot give back
exactly as it is (the JSON text itself, or with its time).

A stored form never changes meaning, so that every database written before stays
readable (the migration to schema 5 writes its rows with this module): a new form may
be added, never changed.

The forms, by the entry's kind (the ``kind`` column, kept beside the code):

- ``play``: seat and card, ``N9H``; ``pass`` and ``defend_alone``: the seat, ``N``;
  ``order``: the seat, and ``!`` when alone (``N!``); ``call``: the seat, the suit and
  ``!`` when alone (``NH!``); ``discard``: the seat and the card, or ``?`` when nobody
  saw it (``W9S``, ``W?``).
- ``deal`` (a hand's start): the dealer and the upcard, then ``/`` and each seat shown
  with its cards, then ``/k`` and the kitty: ``WKD/NAHKHQHTD9C/k9DQSAC``.
- ``undo``: the number of the entry it takes back, ``17``.
- Anything else (a renege call, a penalty, a note, the header...), or a value that does
  not fit its form: the canonical JSON as it is (it starts with ``{``).
- A time that microseconds cannot give back exactly (never written by euchre-log, but
  kept whatever a database holds): ``=`` and a JSON list of the time and the JSON text.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Final

EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
_SEAT = "NESW"
_SUITS = "CDHS"
_C = r"(?:[789TJQKA][CDHS]|BJ)"
_CARD = re.compile(_C)
_CARDS = re.compile(f"{_C}*")
_FORMS = {
    "play": re.compile(f"[NESW]{_C}"),
    "discard": re.compile(rf"[NESW](?:{_C}|\?)"),
    "pass": re.compile("[NESW]"),
    "defend_alone": re.compile("[NESW]"),
    "order": re.compile("[NESW]!?"),
    "call": re.compile("[NESW][CDHS]!?"),
    "undo": re.compile("[1-9][0-9]{0,17}"),
    "deal": re.compile(f"[NESW]{_C}(?:/[NESW]{_C}*)*(?:/k{_C}*)?"),
}
"""Each compact form, whole: a code of a kind that matches none is no form, and is read
as the text it is (a row changed outside euchre-log)."""
RAW_JSON: Final = "{"
RAW_TIME: Final = "="


def canonical(obj: object) -> str:
    """The one JSON text of a value that the hash chain covers."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------------------
# Times


@lru_cache(maxsize=4096)
def time_text(us: int) -> str:
    """The ISO 8601 text of a time in microseconds since 1970 (UTC): what ``now`` gives
    and the chain covers."""
    return (EPOCH + timedelta(microseconds=us)).isoformat(timespec="microseconds")


@lru_cache(maxsize=4096)  # an import's entries share one time, a recorder line's too
def time_us(text: str) -> int | None:
    """A time's microseconds since 1970, when ``time_text`` gives its text back exactly;
    None for any other text."""
    try:
        when = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    delta = when - EPOCH
    us = (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds
    try:
        return us if time_text(us) == text else None
    except OverflowError:
        return None


# ---------------------------------------------------------------------------
# Entries


def _compact(kind: str, data: object) -> str | None:
    """The compact form of an entry's parsed JSON, or None when it has none; whether it
    gives the same text back is checked by the caller."""
    if not isinstance(data, dict):
        return None
    if kind == "undo":
        target = data.get("undoes")
        return str(target) if len(data) == 1 and type(target) is int and target > 0 else None
    if kind == "deal":
        return _compact_deal(data)
    if data.get("type") != kind:
        return None
    seat = data.get("seat")
    if not (isinstance(seat, str) and len(seat) == 1 and seat in _SEAT):
        return None
    if kind in ("pass", "defend_alone"):
        return seat if len(data) == 2 else None
    if kind == "order":
        alone = data.get("alone")
        return seat + ("!" if alone else "") if len(data) == 3 and type(alone) is bool else None
    if kind == "call":
        suit, alone = data.get("suit"), data.get("alone")
        if len(data) == 4 and isinstance(suit, str) and len(suit) == 1 and suit in _SUITS:
            return seat + suit + ("!" if alone else "") if type(alone) is bool else None
        return None
    if kind in ("play", "discard"):
        card = data.get("card")
        if len(data) != 3:
            return None
        if card is None and kind == "discard":
            return seat + "?"
        return seat + card if isinstance(card, str) and _CARD.fullmatch(card) else None
    return None


def _compact_deal(data: dict[str, object]) -> str | None:
    dealer, upcard = data.get("dealer"), data.get("upcard")
    if not (isinstance(dealer, str) and len(dealer) == 1 and dealer in _SEAT):
        return None
    if not (isinstance(upcard, str) and _CARD.fullmatch(upcard)):
        return None
    if set(data) - {"dealer", "upcard", "deal", "kitty"}:
        return None
    out = dealer + upcard
    deal = data.get("deal")
    if deal is not None:
        if not isinstance(deal, dict):
            return None
        for seat in sorted(deal):
            cards = deal[seat]
            if not (isinstance(seat, str) and len(seat) == 1 and seat in _SEAT):
                return None
            if not (isinstance(cards, list) and all(isinstance(c, str) for c in cards)):
                return None
            text = "".join(cards)
            if not _CARDS.fullmatch(text) or len(text) != 2 * len(cards):
                return None
            out += "/" + seat + text
    kitty = data.get("kitty")
    if kitty is not None:
        if not (isinstance(kitty, list) and all(isinstance(c, str) for c in kitty)):
            return None
        text = "".join(kitty)
        if not _CARDS.fullmatch(text) or len(text) != 2 * len(kitty):
            return None
        out += "/k" + text
    return out


def _expand(kind: str, code: str) -> str:
    """The canonical JSON text of a compact code (never a raw one)."""
    if kind == "undo":
        return '{"undoes":' + code + "}"
    if kind == "deal":
        parts = code.split("/")
        head = parts[0]
        data: dict[str, object] = {"dealer": head[0], "upcard": head[1:]}
        deal: dict[str, list[str]] = {}
        for part in parts[1:]:
            cards = [part[i : i + 2] for i in range(1, len(part), 2)]
            if part[0] == "k":
                data["kitty"] = cards
            else:
                deal[part[0]] = cards
        if deal:
            data["deal"] = deal
        return canonical(data)
    seat = code[0]
    if kind in ("pass", "defend_alone"):
        return f'{{"seat":"{seat}","type":"{kind}"}}'
    if kind == "order":
        alone = "true" if code.endswith("!") else "false"
        return f'{{"alone":{alone},"seat":"{seat}","type":"order"}}'
    if kind == "call":
        alone = "true" if code.endswith("!") else "false"
        return f'{{"alone":{alone},"seat":"{seat}","suit":"{code[1]}","type":"call"}}'
    card = code[1:]
    shown = "null" if card == "?" else f'"{card}"'
    return f'{{"card":{shown},"seat":"{seat}","type":"{kind}"}}'


_ENCODED: dict[tuple[str, str], str] = {}
"""The codes of the texts seen, for the few hundred entries a game is made of."""


def encode(kind: str, text: str, time: str) -> tuple[str, int]:
    """An entry's stored form: its code and its time in microseconds, from which
    ``decode`` gives back ``text`` and ``time`` exactly."""
    us = time_us(time)
    if us is None:
        return RAW_TIME + json.dumps([time, text], ensure_ascii=False), 0
    key = (kind, text)
    code = _ENCODED.get(key)
    if code is not None:
        return code, us
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        parsed = None
    compact = _compact(kind, parsed)
    if compact is not None and decode_text(kind, compact) == text:
        code = compact
    elif text.startswith(RAW_JSON):
        code = text
    else:
        # Not an object (a row changed outside euchre-log before an upgrade): kept with
        # its time, the one form that holds any text.
        return RAW_TIME + json.dumps([time, text], ensure_ascii=False), us
    if len(text) < 80 and len(_ENCODED) < 20000:  # the plays, bids and undos, not notes
        _ENCODED[key] = code
    return code, us


def decode(kind: str, code: str, us: int) -> tuple[str, str]:
    """An entry's canonical JSON text and its time's text, from its stored form."""
    if code.startswith(RAW_TIME):
        try:
            time, text = json.loads(code[1:])
        except (ValueError, TypeError):
            return code, time_text(us)
        return str(text), str(time)
    return decode_text(kind, code), time_text(us)


_DECODED: dict[tuple[str, str], str] = {}


def decode_text(kind: str, code: str) -> str:
    """An entry's canonical JSON text from its code (a code with its own time gives its
    text; a code that is no form at all is returned as it is)."""
    if code.startswith(RAW_JSON):
        return code
    if code.startswith(RAW_TIME):
        return decode(kind, code, 0)[0]
    key = (kind, code)
    found = _DECODED.get(key)
    if found is None:
        form = _FORMS.get(kind)
        found = _expand(kind, code) if form is not None and form.fullmatch(code) else code
        if len(code) < 8 and len(_DECODED) < 20000:  # not a deal's cards
            _DECODED[key] = found
    return found
