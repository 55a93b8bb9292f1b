"""A shape error in an EGN file, said as a card player would: which game, which deal (its
number is the hand's), which call, trick or card, which field, and what was expected.

``shape_error`` turns the first error of a Pydantic ``ValidationError`` of ``shape``'s
models into a ``LogError``; its location is made of EGN's own field names. Nothing of
Pydantic's own text reaches the message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from ...engine.cards import SEAT_NAMES
from ..reader import LogError

Loc = tuple[int | str, ...]

CARD_WORDS: Final = "a card such as 9c, Ts or Jd"
SEAT_WORDS: Final = "a seat from 0 (North) to 3 (West)"


def shown(value: Any) -> str:
    """A value as a short phrase for a message: JSON's words, long texts cut short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**15 else "a number far too big"
    if isinstance(value, float):
        return json.dumps(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else f"{value[:30]!r}... ({len(value)} characters)"
    if isinstance(value, (list, tuple)):
        return "a list" if value else "an empty list"
    if isinstance(value, dict):
        return "an object" if value else "an empty object"
    return type(value).__name__


# A list's items, by the field that holds them: what one is called, and how it is numbered.
_ITEMS: Final = {
    "deals": "deal",
    "games": "game",
    "calls": "call",
    "tricks": "trick",
    "alternativeLines": "line",
    "alternative_lines": "line",
    "cardExchanges": "exchange",
    "card_exchanges": "exchange",
    "phases": "phase",
    "players": "player",
    "playerCards": "hand",
    "player_cards": "hand",
    "kitty": "card",
    "cards": "card",
    "trick": "card",
    "hand": "card",
    "annotations": "annotation",
    "teamNames": "team name",
    "playersOverride": "player id",
}
# The items that hold items of their own: a trick and a dealt hand hold cards.
_HOLDS: Final = {"trick": "trick", "hand": "hand"}
_TABLES: Final = {
    "callAnnotations": "call",
    "calls_annotations": "call",
    "playAnnotations": "play",
    "play_annotations": "play",
    "tricks_annotations": "play",
}
# Objects whose name says nothing a place has not said: their fields speak for themselves.
_CONTAINERS: Final = {
    "metadata": "the metadata",
    "initialState": "initialState",
    "initial_state": "initialState",
    "gameData": "the game",
}
_TAGS: Final = {"bidding": "bidding", "play": "trick play"}

_FIELDS: Final = {
    "fileType": "the fileType",
    "version": "the version",
    "metadata": "the metadata",
    "deals": "the deals",
    "games": "the games",
    "gameData": "the game",
    "title": "the title",
    "description": "the description",
    "date": "the date",
    "players": "the players",
    "initialScore": "the initialScore",
    "initial_score": "the initialScore",
    "finalScore": "the finalScore",
    "ruleset": "the EGN ruleset",
    "teamNames": "the teamNames",
    "videoUrl": "the videoUrl",
    "gameId": "the gameId",
    "matchId": "the matchId",
    "match_id": "the matchId",
    "dealer": "the dealer",
    "upCard": "the upcard",
    "up_card": "the upcard",
    "kitty": "the kitty",
    "calls": "the calls",
    "tricks": "the tricks",
    "discard": "the discard",
    "cards": "the cards",
}

_EXPECTED_OF_FIELD: Final = {
    "dealer": SEAT_WORDS,
    "initialLead": SEAT_WORDS,
    "initial_lead": SEAT_WORDS,
    "aloneDefender": "a seat from 0 to 3 (or -1)",
    "alone_defender": "a seat from 0 to 3 (or -1)",
    "sender": "a player's number",
    "receiver": "a player's number",
    "branchIndex": "a whole number: the call or play the line branches from, counted from 0",
    "upCard": CARD_WORDS,
    "up_card": CARD_WORDS,
    "discard": CARD_WORDS,
    "calls": "a list of calls",
    "tricks": "a list of tricks, each a list of cards",
    "playerCards": "a list of four hands",
    "player_cards": "a list of four hands",
    "kitty": "a list of cards",
    "cards": "a list of cards",
    "phases": "a list of phases",
    "alternativeLines": "a list of analysis lines",
    "alternative_lines": "a list of analysis lines",
    "cardExchanges": "a list of card exchanges",
    "card_exchanges": "a list of card exchanges",
    "players": "a list of names",
    "deals": "a list of deals",
    "games": "a list of games",
    "loner_lead": "LEFT_OF_DEALER or LEFT_OF_LONER",
    **{name: f"an object keying annotations by {step} number" for name, step in _TABLES.items()},
}
_EXPECTED_OF_ITEM: Final = {
    "card": CARD_WORDS,
    "call": "a call: Pass, Order, or a suit (s, h, d, c)",
    "trick": "a list of cards",
    "hand": "a list of cards",
    "annotations": "a list of texts",
    "annotation": "text",
    "player": "a name",
    "team name": "text",
    "player id": "text",
}
_EXPECTED_OF_KIND: Final = {
    "string_type": "text",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
}
# Where a text too long is simply not the thing named: a card, a call.
_TOKENS: Final = {CARD_WORDS, _EXPECTED_OF_ITEM["call"]}


@dataclass
class _Where:
    """A location in an EGN file, read from a Pydantic error's ``loc``."""

    game: int | None = None
    deal: int | None = None
    parts: list[str] = field(default_factory=list)
    owner: str | None = None  # the named object the last field sits in
    key: str | None = None  # the last step, when it names a field
    item: str | None = None  # the last step's kind, when it is an item of a list
    table: str | None = None  # the annotation table the location is in
    bad_key: bool = False  # the error is about a key of an object, not its value
    last_container: str | None = None  # the last step, when it is a named object

    @property
    def place(self) -> str:
        return ", ".join(self.parts)

    def owner_words(self) -> str:
        """What holds the last field: ``deal 3's initialState``, ``the metadata``."""
        name = _TAGS.get(self.owner or "") or _CONTAINERS.get(self.owner or "")
        if name is None:
            return self.place or "the file"
        if not self.place:
            return name if name.startswith("the ") else f"the {name}"
        return f"{self.place}'s {name.removeprefix('the ')}"

    def subject(self) -> str:
        """The place and the field: ``deal 3, trick 2, card 1``, ``deal 3: the dealer``."""
        if self.owner == "ruleset" and self.key is not None:
            named: str | None = f"the EGN ruleset's {self.key!r}"
        elif self.key is not None:
            named = _FIELDS.get(self.key, self.key)
        elif self.last_container is not None:
            named = _CONTAINERS[self.last_container]
        elif self.item == "game":
            named = "this entry of the match"
        else:
            named = None
        if self.place and named and self.key == "name":
            return f"{self.place}'s name"
        if self.place and named:
            return f"{self.place}: {named}"
        return self.place or named or "the file"

    def holder(self) -> str:
        """The object whose field is missing or unknown (this location is that object)."""
        if self.key == "ruleset":
            return "the EGN ruleset"
        if self.key is not None:
            return self.subject()
        return self.owner_words()

    def expected(self, kind: str) -> str:
        if self.key is not None and self.key in _EXPECTED_OF_FIELD:
            return _EXPECTED_OF_FIELD[self.key]
        if self.owner == "ruleset":
            return "true or false" if kind == "bool_type" else "a whole number"
        if self.item is not None and self.item in _EXPECTED_OF_ITEM:
            return _EXPECTED_OF_ITEM[self.item]
        return _EXPECTED_OF_KIND.get(kind, "something else")


def _numbered(w: _Where, kind: str, i: int) -> str:
    """The phrase for item ``i`` (from 0) of a list of ``kind``; sets the game and deal."""
    if kind == "game":
        w.game = i + 1
        return ""
    if kind == "deal":
        w.deal = i + 1
    if kind == "player":
        return f"player {i} ({SEAT_NAMES[i]})" if i < 4 else f"player {i}"
    if kind == "hand":
        return f"{SEAT_NAMES[i]}'s dealt cards" if i < 4 else f"dealt hand {i + 1}"
    if kind == "line":
        return f"alternative line {i + 1}"
    if kind == "exchange":
        return f"card exchange {i + 1}"
    if kind == "entry":
        return f"entry {i + 1}"
    return f"{kind} {i + 1}"


def where(loc: Loc) -> _Where:
    """Read a location, step by step."""
    w = _Where()
    holder: str | None = None  # the field or item whose entries the next number counts
    for step in loc:
        if isinstance(step, str) and len(step) > 40:
            step = step[:37] + "..."  # a key of data EGN does not define: named, cut short
        w.last_container = None
        if step == "[key]":
            w.bad_key = True
        elif isinstance(step, int):
            kind = _ITEMS.get(holder or "", "entry")
            if holder == "kitty" or (kind == "entry" and holder):
                w.parts.append(_FIELDS.get(holder or "", holder or ""))
            phrase = _numbered(w, kind, step)
            if phrase:
                w.parts.append(phrase)
            w.item, w.key, w.owner = kind, None, None
            holder = _HOLDS.get(kind)
        elif holder in _TABLES:
            w.parts.append(f"the annotations on {_TABLES[holder]} {step}")
            w.table, w.item, w.key = holder, "annotations", None
            holder = "annotations"
        elif step in _TAGS and w.item == "phase":
            w.parts.pop()  # "phase 2" is named by its kind instead
            w.owner, w.item, holder = step, None, None
        elif step in _CONTAINERS:
            w.owner, w.key, w.item, holder = step, None, None, None
            w.last_container = step
        else:
            if w.key is not None:
                w.owner = w.key
            w.key, w.item, holder = step, None, step
    return w


def _too_long(w: _Where, actual: int, limit: int) -> str:
    place = w.place
    match w.key:
        case "deals":
            return f"the game has {actual} deals; euchre-log reads at most {limit} (a game has a few dozen)"
        case "games":
            return f"the match has {actual} games; euchre-log reads at most {limit}"
        case "tricks":
            return f"{place} has {actual} tricks; a hand has five"
        case "players":
            return f"the EGN file names {actual} players; euchre-log records four-player games"
        case "playerCards" | "player_cards":
            return f"{place}: playerCards should be a list of four hands, not {actual}"
        case "phases":
            return (
                f"{place or 'the line'} has {actual} phases; euchre-log reads at most one "
                "EUCHRE_BIDDING and one TRICK_PLAY phase"
            )
        case "alternativeLines" | "alternative_lines":
            return f"{place} has {actual} analysis lines (alternativeLines); euchre-log reads at most {limit}"
        case "calls":
            return f"{place} has {actual} calls; EGN allows at most {limit}"
        case "kitty" | "cards":
            return f"{w.subject()} has {actual} cards; EGN's lists of cards hold at most {limit}"
    if w.item in ("trick", "hand"):
        return f"{place} has {actual} cards; EGN's lists of cards hold at most {limit}"
    if w.item == "annotations":
        return f"{place} are {actual}; euchre-log keeps at most {limit}"
    return f"{w.subject()} has {actual} entries; euchre-log reads at most {limit}"


def _value_problem(w: _Where, err: ErrorDetails) -> str:
    """The message for an error about a value: its type, its size or its range."""
    kind = err["type"]
    ctx: dict[str, Any] = dict(err.get("ctx") or {})
    value = err.get("input")
    subject = w.subject()
    if kind in ("too_long", "too_short"):
        if w.key == "games":
            return (
                "the match file holds no games"
                if kind == "too_short"
                else _too_long(w, len(value), ctx["max_length"])
            )
        return _too_long(w, len(value), ctx.get("max_length", 0))
    expected = w.expected(kind)
    if kind == "string_too_long" and expected not in _TOKENS:
        limit = ctx.get("max_length")
        return f"{subject} is {len(value)} characters long; euchre-log keeps at most {limit}"
    if kind in ("greater_than_equal", "less_than_equal") and expected == "something else":
        bound = ctx.get("ge", ctx.get("le"))
        expected = f"{'at least' if kind == 'greater_than_equal' else 'at most'} {bound}"
    if expected == "something else":
        return f"{subject} is not something EGN allows there ({shown(value)})"
    return f"{subject} should be {expected}, not {shown(value)}"


def describe(err: ErrorDetails, base: Loc = ()) -> tuple[str, int | None]:
    """A card player's sentence for one error, and the deal (hand) it is in."""
    loc = base + tuple(err["loc"])
    kind = err["type"]
    if kind in ("missing", "extra_forbidden") and loc:
        return _field_problem(kind, where(loc[:-1]), str(loc[-1]))
    w = where(loc)
    ctx: dict[str, Any] = dict(err.get("ctx") or {})
    value = err.get("input")
    if kind == "literal_error" and w.key == "fileType":
        message = (
            f"this is not an EGN game (its fileType is {shown(value)}, not 'Euchre Game Notation')"
        )
    elif kind == "egn_is":
        message = f"{w.subject()} {err['msg']}"
    elif kind == "egn_has":
        message = f"{w.place or 'the file'} {err['msg']}"
    elif kind == "egn_says":
        message = f"{w.place}: {err['msg']}" if w.place else err["msg"]
    elif kind == "egn_phase":
        found = value.get("type") if isinstance(value, dict) else None
        message = (
            f"{', '.join(w.parts[:-1]) or 'the line'}: a phase of type {shown(found)} is not one "
            "euchre-log reads (each deal has at most one EUCHRE_BIDDING and one TRICK_PLAY phase)"
        )
    elif kind == "egn_key" or w.bad_key:
        step = _TABLES.get(w.table or "", "call")
        message = (
            f"{', '.join(w.parts[:-1]) or 'the file'}: {w.table} has the key "
            f"{shown(ctx.get('key', value))}; keys are {step} numbers counted from 0"
        )
    else:
        message = _value_problem(w, err)
    if w.game is not None:
        message = f"game {w.game}: {message}"
    return message, w.deal


def _field_problem(kind: str, w: _Where, name: str) -> tuple[str, int | None]:
    """A field missing from an object, or one EGN does not have: ``w`` is the object."""
    if kind == "missing":
        if name == "gameData":
            message = "the match's game has no gameData"
        elif name == "games":
            message = "the match file holds no games"
        else:
            message = f"{w.holder()} has no {name}"
    elif w.key == "ruleset":
        message = (
            f"the EGN ruleset key {shown(name)} has no equivalent in euchre-log's rules, "
            "so the game cannot be checked faithfully"
        )
    else:
        message = (
            f"{w.holder()} has the field {shown(name)}, which is not part of EGN 1.0 to 1.4; "
            "euchre-log refuses what it cannot read faithfully"
        )
    if w.game is not None:
        message = f"game {w.game}: {message}"
    return message, w.deal


def shape_error(exc: ValidationError, base: Loc = ()) -> LogError:
    """The ``LogError`` for a shape error: its first problem, located and said in words."""
    message, deal = describe(exc.errors(include_url=False)[0], base)
    return LogError(message, deal)
