"""Cards, suits and messages as coloured text: hearts and diamonds red."""

from __future__ import annotations

import re

from rich.text import Text

from ..engine.cards import BENNY, CARD_SYMBOLS, SUIT_SYMBOLS

RED = "red"
BLACK = "bold"
_TOKEN = re.compile(r"\b(BJ|[789TJQKA][CDHS])\b")
_SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}
_RANK_TEXT = {"T": "10"}


def suit_style(suit: int) -> str:
    """Red for hearts and diamonds."""
    return RED if suit in (1, 2) else BLACK


def card(c: int | None) -> Text:
    """A card as people write it, in its suit's colour: ``10♦`` in red. None is ``?``."""
    if c is None:
        return Text("?", style="dim")
    if c == BENNY:
        return Text("BJ", style="magenta")
    return Text(CARD_SYMBOLS[c], style=suit_style(c >> 3))


def suit(s: int | None) -> Text:
    """A suit symbol in its colour."""
    if s is None or s < 0:
        return Text("-", style="dim")
    return Text(SUIT_SYMBOLS[s], style=suit_style(s))


def symbols(message: str) -> str:
    """Replace canonical card tokens (``9C``, ``TD``) in a sentence by ``9♣``, ``10♦``."""

    def sub(m: re.Match[str]) -> str:
        token = m.group(1)
        if token == "BJ":
            return "BJ"
        return _RANK_TEXT.get(token[0], token[0]) + SUIT_SYMBOLS[_SUIT_INDEX[token[1]]]

    return _TOKEN.sub(sub, message)


def message(text: str, style: str = "") -> Text:
    """A sentence with its cards written as symbols, red suits in red."""
    out = Text(style=style)
    pos = 0
    for m in _TOKEN.finditer(text):
        out.append(text[pos : m.start()])
        token = m.group(1)
        if token == "BJ":
            out.append("BJ", style="magenta")
        else:
            s = _SUIT_INDEX[token[1]]
            out.append(_RANK_TEXT.get(token[0], token[0]) + SUIT_SYMBOLS[s], style=suit_style(s))
        pos = m.end()
    out.append(text[pos:])
    return out


def sentence(*parts: str | Text, symbols: bool = True, style: str = "") -> Text:
    """A sentence built from the program's words (``str``: canonical card codes drawn as
    coloured symbols when ``symbols``) and user text (``Text``, from ``words.person`` or
    ``formats.text.visible``: put in as it is, never read for cards)."""
    out = Text(style=style)
    for part in parts:
        if isinstance(part, Text):
            out.append_text(part)
        elif symbols:
            out.append_text(message(part))
        else:
            out.append(part)
    return out
