"""User text (names, titles, notes, reasons) is data: never markup, never control codes.

One place says what is safe to show and what a name may hold:

- ``visible`` is what every view shows of a user's text: each character a terminal would
  act on (C0 and C1 controls, ESC, NUL, DEL), each invisible format character (the
  right-to-left override and the other bidirectional controls, zero-width spaces, tag
  characters) and each line or paragraph separator is written out as an escape, ``\\x1b``
  or ``\\u202e``, so a name shows what it holds and can neither move the cursor, write to
  the clipboard, reverse a line nor fake a line of output. (Rich markup is a matter of
  the renderables: they are ``Text`` objects, and the consoles parse no markup.)
- ``name_problem`` and ``clean_name`` are what a name or a title may hold when it comes in
  (``new``, the recorder's prompts, euchre-log/1 and EGN files): no control, format or
  separator character; a name is stored normalised (``normal_name``), and players are
  matched by ``name_key``, so "Zoë" typed one way or the other is one player.
- ``json_text`` writes JSON whose strings carry the same characters as escapes, so that
  printing a document can do nothing but show it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, Final

UNSAFE_CATEGORIES: Final = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
"""Controls, format characters (bidi controls, zero-width spaces, tags), line and
paragraph separators, and lone surrogates (bytes that were not UTF-8)."""

JOINERS: Final = frozenset("\u200c\u200d")
"""The zero-width (non-)joiners: format characters, but harmless on a screen, and part of
emoji sequences and of writing in several scripts; shown as they are in text."""

ZERO_WIDTH: Final = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e")
"""Invisible characters that a name loses when it is normalised: "Ann" and "A\u200bnn"
are one person."""

_NAMES: Final = {
    "\x00": "NUL",
    "\x07": "BEL",
    "\x08": "backspace",
    "\t": "tab",
    "\n": "line break",
    "\r": "carriage return",
    "\x1b": "ESC",
    "\x7f": "DEL",
    "\u2028": "line separator",
    "\u2029": "paragraph separator",
}


def unsafe(ch: str) -> bool:
    """Whether a character must not reach a terminal as it is."""
    return unicodedata.category(ch) in UNSAFE_CATEGORIES and ch not in JOINERS


def escape_char(ch: str) -> str:
    """A character as an escape: ``\\n``, ``\\x1b``, ``\\u202e``, ``\\U000e0041``."""
    if ch == "\n":
        return "\\n"
    if ch == "\t":
        return "\\t"
    if ch == "\r":
        return "\\r"
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str | None, *, newlines: bool = False) -> str:
    """The text as a view shows it: every control, format and separator character written
    out as an escape (``\\x1b[2J``), the rest unchanged. With ``newlines``, line breaks
    stay line breaks (a note of several lines)."""
    if not text:
        return ""
    if text.isprintable():  # the common case, checked in C: nothing to escape
        return text
    return "".join(
        escape_char(ch) if unsafe(ch) and not (newlines and ch == "\n") else ch for ch in text
    )


def block(text: str | None, indent: str) -> str:
    """A text of several lines (a note) for a view: each line ``visible``, and every line
    after the first indented, so that no line of it can pass for a line of output."""
    if not text:
        return ""
    lines = visible(text, newlines=True).split("\n")
    return ("\n" + indent).join(lines)


def describe_char(ch: str) -> str:
    """``ESC (U+001B)``, ``the right-to-left override (U+202E)``: a character in words."""
    code = f"U+{ord(ch):04X}"
    name = _NAMES.get(ch)
    if name is None:
        try:
            name = unicodedata.name(ch).lower()
        except ValueError:  # controls and surrogates have no name
            name = (
                "a byte that is not UTF-8"
                if unicodedata.category(ch) == "Cs"
                else "a control character"
            )
    return f"{name} ({code})"


def name_problem(text: str, what: str = "a name") -> str | None:
    """Why a name or a title cannot be taken as it is (a control character, an invisible
    format character, a line break), with its place in it; None when it can."""
    if text.isprintable():
        return None
    for i, ch in enumerate(text, start=1):
        if ch in ZERO_WIDTH:
            continue  # removed by normal_name
        if unsafe(ch):
            return (
                f"{what} cannot hold {describe_char(ch)} (character {i} of "
                f"'{visible(text)}'): it is plain text on one line"
            )
    return None


_SPACES = re.compile(r"\s+")


def normal_name(text: str) -> str:
    """A name as it is stored: Unicode NFC, without zero-width characters, its runs of
    spaces made one and trimmed. "Zoe\u0308" and "Zoë" are then one spelling."""
    if text.isascii():
        return " ".join(text.split())
    text = "".join(ch for ch in unicodedata.normalize("NFC", text) if ch not in ZERO_WIDTH)
    return _SPACES.sub(" ", text).strip()


def name_key(text: str) -> str:
    """A name folded for matching people: normalised, then without case."""
    return normal_name(text).casefold()


def four_players(value: Mapping[str, str]) -> dict[str, str]:
    """A log's players, checked: all four seats, each a name on one line, four different
    people. They are kept as written but trimmed (a sealed export's hash covers them), in
    seat order; ``ValueError`` says what is wrong. The models check a file's players
    with this."""
    from ..engine.cards import SEAT_LETTERS, SEAT_NAMES

    missing = [s for s in SEAT_LETTERS if s not in value]
    if missing:
        raise ValueError(
            "players must name all four seats N, E, S and W; missing " + ", ".join(missing)
        )
    for s, seat_name in zip(SEAT_LETTERS, SEAT_NAMES, strict=True):
        problem = name_problem(value[s], f"the name of the {seat_name} player")
        if problem is not None:
            raise ValueError(problem)
    keys = {name_key(value[s].strip()) for s in SEAT_LETTERS}
    if "" in keys:
        raise ValueError("every player needs a name")
    if len(keys) != 4:
        raise ValueError("the four players must have four different names")
    return {s: value[s].strip() for s in SEAT_LETTERS}


def keyed_by_older_rule(players: Iterable[Any], keys: set[str]) -> dict[str, int]:
    """Players stored before names were normalised, whose stored key (the name only
    trimmed and without case) is not what ``name_key`` makes of their name today: each
    of ``keys`` that such a player matches, with the player's id, from the (id, name,
    key) rows of every stored player. The player keeps the name stored then."""
    found: dict[str, int] = {}
    for pid, name, key in players:
        today = name_key(str(name))
        if today != key and today in keys and today not in found:
            found[today] = int(pid)
    return found


def clean_name(text: str, what: str = "a name") -> str:
    """A name or a title as it comes in, normalised; raises ``ValueError`` saying why
    when it holds what a name cannot (``name_problem``)."""
    problem = name_problem(text, what)
    if problem is not None:
        raise ValueError(problem)
    return normal_name(text)


_NOT_ASCII = re.compile(r"[^\x00-\x7e]")


def _json_escape(m: re.Match[str]) -> str:
    ch = m.group(0)
    if not unsafe(ch):
        return ch
    code = ord(ch)
    if code > 0xFFFF:  # JSON escapes an astral character as its surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_text(data: Any, **options: Any) -> str:
    """``json.dumps`` (``ensure_ascii=False``) with every character a terminal acts on, or
    cannot show, in its strings written as a ``\\u`` escape: the same data, safe to print.
    (Such characters can only stand inside JSON strings, where the escape means them.)"""
    text = json.dumps(data, ensure_ascii=False, **options)
    return text if text.isascii() and "\x7f" not in text else _NOT_ASCII.sub(_json_escape, text)
