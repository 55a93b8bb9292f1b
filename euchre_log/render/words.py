"""People, seats and cards in the words a card player uses, shared by the review screens.

``label`` is the compact form for tables and diagrams (``E Bob``); ``person`` is the form
for sentences read aloud (``Bob (East)``). ``hand_cards`` lays out a hand the way players
hold it: trump first, then the other suits, each from the highest card down.

A name is the player's text, shown as it is: ``formats.text.visible`` writes out any
control character it holds, and ``message`` puts it into an engine sentence only after
the sentence's cards are drawn, so a player called ``JD`` is never the jack of diamonds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from rich.text import Text

from ..engine.cards import (
    EFFECTIVE_SUIT,
    POWER,
    SEAT_LETTERS,
    SEAT_NAMES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TEAM_NAMES,
    suit_of,
)
from ..engine.rules import Rules
from ..formats.text import visible
from . import cards as rc

# Suits in the order most players sort them: colours alternate.
HOLDING_ORDER = (3, 2, 0, 1)  # spades, hearts, clubs, diamonds


def name_of(seat: int, players: Mapping[str, str]) -> str | None:
    """The player's name as a view shows it (``visible``), or None when the seat has none
    but its own (a player called ``E`` or ``East`` in the East seat)."""
    letter = SEAT_LETTERS[seat]
    name = players.get(letter)
    if not name or name.casefold() in (letter.casefold(), SEAT_NAMES[seat].casefold()):
        return None
    return visible(name)


def label(seat: int, players: Mapping[str, str]) -> str:
    """``E Bob``: the seat letter and the player's name, for tables and diagrams."""
    name = name_of(seat, players)
    return SEAT_NAMES[seat] if name is None else f"{SEAT_LETTERS[seat]} {name}"


def person(seat: int, players: Mapping[str, str]) -> str:
    """``Bob (East)``: a player as a sentence names them; just ``East`` when unnamed."""
    name = name_of(seat, players)
    return SEAT_NAMES[seat] if name is None else f"{name} ({SEAT_NAMES[seat]})"


def team_label(team: int, players: Mapping[str, str]) -> str:
    """``NS (Ann & Cat)``."""
    a, b = (0, 2) if team == 0 else (1, 3)
    na, nb = players.get(SEAT_LETTERS[a]), players.get(SEAT_LETTERS[b])
    if na and nb and (na, nb) != (SEAT_NAMES[a], SEAT_NAMES[b]):
        return f"{TEAM_NAMES[team]} ({visible(na)} & {visible(nb)})"
    return TEAM_NAMES[team]


def suit_words(suit: int) -> Text:
    """``♥ hearts``, the symbol in its colour."""
    out = rc.suit(suit)
    out.append(f" {SUIT_NAMES[suit]}")
    return out


def hand_cards(cards: Iterable[int], trump: int | None) -> list[int]:
    """Cards in holding order: trump first (bowers on top), then the other suits."""
    cards = list(cards)
    if trump is None or trump < 0:
        order = {s: i for i, s in enumerate(HOLDING_ORDER)}
        return sorted(cards, key=lambda c: (order.get(suit_of(c), 9), -(c & 7)))
    eff, power = EFFECTIVE_SUIT[trump], POWER[trump]
    rest = [s for s in HOLDING_ORDER if s != trump]
    order = {trump: 0, **{s: i + 1 for i, s in enumerate(rest)}}
    return sorted(cards, key=lambda c: (order[eff[c]], -power[c]))


def card_row(cards: Iterable[int], trump: int | None = None, *, sort: bool = True) -> Text:
    """Cards separated by spaces, each in its colour."""
    out = Text()
    seq = hand_cards(cards, trump) if sort else list(cards)
    for i, c in enumerate(seq):
        if i:
            out.append(" ")
        out.append_text(rc.card(c))
    return out


_SEAT_WORD = re.compile(r"\b([NESW])\b")


def named(message: str, players: Mapping[str, str]) -> str:
    """An engine sentence with its seat letters (``E played 9D``) replaced by names, as
    plain text (its cards left as they are)."""
    return _SEAT_WORD.sub(lambda m: person(SEAT_LETTERS.index(m.group(1)), players), message)


def message(text: str, players: Mapping[str, str], style: str = "") -> Text:
    """An engine sentence with names for seats and coloured symbols for cards.

    The cards are drawn from the engine's own words, and each name is put in after, as
    it is: a player called ``JD`` or ``TH`` stays a name."""
    return seats_named(text, lambda seat: person(seat, players), style=style)


def seats_named(text: str, name: Callable[[int], str], style: str = "") -> Text:
    """An engine sentence with each seat letter replaced by ``name(seat)``, inserted as
    literal text after the sentence's cards are drawn as symbols."""
    out = Text(style=style)
    pos = 0
    for m in _SEAT_WORD.finditer(text):
        out.append_text(rc.message(text[pos : m.start()]))
        out.append(name(SEAT_LETTERS.index(m.group(1))))
        pos = m.end()
    out.append_text(rc.message(text[pos:]))
    return out


def symbol(suit: int) -> str:
    """The suit's symbol, for plain text."""
    return SUIT_SYMBOLS[suit]


def rules_in_brief(rules: Rules) -> str:
    """A preset's rules in a line a player reads at once: ``stick-the-dealer off, defending
    alone worth 4, a renege costs 2 (4 against a lone hand), to 10``."""
    parts = ["stick-the-dealer " + ("on" if rules.stick_the_dealer else "off")]
    parts.append(
        f"defending alone worth {rules.defend_alone_points}"
        if rules.defend_alone
        else "no defending alone"
    )
    if rules.canadian_loner:
        parts.append("the dealer's partner who orders up goes alone")
    if rules.deck == 25:
        parts.append("25 cards with the Benny as the top trump")
    elif rules.deck == 32:
        parts.append("32 cards, with 7s and 8s")
    renege = f"a renege costs {rules.renege_points}"
    if rules.renege_points_vs_alone != rules.renege_points:
        renege += f" ({rules.renege_points_vs_alone} against a lone hand)"
    parts.append(renege)
    parts.append(f"to {rules.target}")
    return ", ".join(parts)
