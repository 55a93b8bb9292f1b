"""User text (names, titles, notes, reasons) is data: never markup, never control codes.

One place says what is safe to show and what a name may hold:

- ``visible`` is what every view shows of a user's text: each character a terminal would
  act on (C0 and C1 controls, ESC, NUL, DEL), each invisible format character (the
  right-to-left override and the other bidirectional controls, zero-width spaces, tag
  characters) and each line or paragraph separator is written out as an escape, ``\\x1b``
  or ``\\u202e``, so a name shows what it holds and can neither move the cursor, write to
  the clipboard, reverse a line nor fake a line of output. (Rich markup is a matter of
  the renderables: they are ``Text`` objects, and the consoles parse no markup.)
- ``json_text`` writes JSON whose strings carry the same characters as escapes, so that
  printing a document can do nothing but show it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Final

UNSAFE_CATEGORIES: Final = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
"""Controls, format characters (bidi controls, zero-width spaces, tags), line and
paragraph separators, and lone surrogates (bytes that were not UTF-8)."""

JOINERS: Final = frozenset("\u200c\u200d")
"""The zero-width (non-)joiners: format characters, but harmless on a screen, and part of
emoji sequences and of writing in several scripts; shown as they are in text."""


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
