"""Read euchre-log/1 files into the engine, with messages that say where and what.

``read_log_bytes`` (a file's bytes) and ``read_log`` (a parsed document) validate a file's
structure with the Pydantic models of ``models``, then ``play_log`` plays every hand
through the engine. Anything malformed raises ``LogError`` with the hand
number (from 1) and the action's index (from 0), and a sentence a card player can act on.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, assert_never, cast

from ..engine import actions as A
from ..engine import limits
from ..engine.cards import SUIT_LETTERS, SUITS, TEAM_NAMES, TEAMS, Card, Seat, Suit
from ..engine.flags import IllegalAction
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.rules import Rules, RulesError
from .results import result_dict
from .shared import CALLS, DISCARDS, ORDERS, PASSES, PLAYS
from .shared import CARD_INDEX as CARD_INDEX
from .shared import SEAT_INDEX as SEAT_INDEX
from .shared import shared_actions as shared_actions

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

    from .models import ActionModel, GameLog, HandRecord, HandResultModel

SUIT_INDEX = {s: SUITS[i] for i, s in enumerate(SUIT_LETTERS)}
TEAM_INDEX = {t: TEAMS[i] for i, t in enumerate(TEAM_NAMES)}

# ---------------------------------------------------------------------------
# How big a game log can be
#
# A file is read whole and parsed whole, and parsing costs many times a file's size when it
# holds many small values (63 MB of one-word notes took 1.9 GB). So a file is held, before
# it is parsed, to what the largest game the limits allow (``engine.limits``) can need, as
# export writes it (indented): its bytes, its JSON objects and its values. These bounds are
# worked out from the limits; ``tests/test_limits.py`` checks the sizes below against
# what the writer really writes.

LONGEST_ACTION_BYTES = 330
"""The longest action, as export writes it: a farmer's hand with five cards shown and
five received, one card a line."""
LONGEST_FLAG_BYTES = 700
"""The longest flag in a hand's result: a renege with its proof and a message of three
hundred characters. An action raises at most one."""
HAND_BYTES = 2_500
"""A hand without its actions and flags: dealer, upcard, the deal and kitty of a 32-card
deck, and its result."""
TEXT_BYTES = 12
"""A character of text, as JSON may write it: an astral character as two ``\\u``
escapes."""
GAME_TEXT = (
    limits.MAX_GAME_TEXT
    + 4 * limits.MAX_NAME
    + limits.MAX_TITLE
    + limits.MAX_DATE
    + limits.MAX_NOTES
)
"""The characters of text a game may hold: its notes and reasons, names, title, date and
the game's notes."""
LARGEST_GAME_BYTES = (
    limits.MAX_GAME_ACTIONS * (LONGEST_ACTION_BYTES + LONGEST_FLAG_BYTES)
    + limits.MAX_HANDS * HAND_BYTES
    + GAME_TEXT * TEXT_BYTES
)
"""The largest game the limits allow, as export writes it, at most (23 MB)."""
MIB = 1024 * 1024
MAX_FILE_BYTES = math.ceil(LARGEST_GAME_BYTES * 1.25 / MIB) * MIB
"""The largest file read: the largest game, with a quarter to spare for other layouts,
rounded up to a whole megabyte (30 MB)."""
LARGEST_GAME_OBJECTS = limits.MAX_GAME_ACTIONS * 3 + limits.MAX_HANDS * 8 + 8
"""The JSON objects (``{...}``) of the largest game: an action, a flag and its proof for
each action; each hand's own (the hand, its deal, its result and its three scores, a
flag with a proof); the file's, the game's, its players, rules and starting score."""
LARGEST_GAME_VALUES = limits.MAX_GAME_ACTIONS * 32 + limits.MAX_HANDS * 80 + 64
"""Its values, as ``json_values`` counts them: at most sixteen for an action (a farmer's
hand) and as many for its flag, eighty for a hand's own, and the game's head."""
MAX_JSON_OBJECTS = LARGEST_GAME_OBJECTS * 5 // 4
"""The most JSON objects a file may hold: the largest game's, with a quarter to spare."""
MAX_JSON_VALUES = LARGEST_GAME_VALUES * 5 // 4
"""The most values a file may hold: the largest game's, with a quarter to spare."""
LARGEST_GAME = (
    f"a game holds at most {limits.MAX_HANDS} hands and {limits.MAX_GAME_ACTIONS} actions"
)


class LogError(ValueError):
    """A file that cannot be accepted: where (hand, action) and what was expected."""

    def __init__(self, message: str, hand: int | None = None, action: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.action = action

    def __reduce__(self) -> tuple[type[LogError], tuple[str, int | None, int | None]]:
        # Sent back whole from a worker process (``parallel``): the place, not only the words.
        return (self.__class__, (self.message, self.hand, self.action))

    def __str__(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.action is not None:
            where.append(f"action {self.action}")
        return (", ".join(where) + ": " if where else "") + self.message


# ---------------------------------------------------------------------------
# Loading and validating


def load_json(path: str | Path) -> Any:
    """Read a JSON file, refusing what is not JSON with the line and column."""
    return parse_json_bytes(read_bytes(path))


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes, refusing a missing, unreadable or oversized file in words.

    At most ``limit`` + 1 bytes are ever read, whatever the file says its size is: a
    device (``/dev/zero`` reports 0 bytes and never ends), a pipe or a FIFO is refused
    once it has given more than the limit."""
    try:
        size = os.stat(path).st_size
        if size > limit:
            raise LogError(f"the file is {_size(size)}; {_the_limit(limit)}")
        with open(path, "rb") as f:
            raw = _read_at_most(f, size, limit)
        if len(raw) > limit:
            raise LogError(f"the file holds more than {_size(limit)}; {_the_limit(limit)}")
    except FileNotFoundError:
        raise LogError("no such file") from None
    except IsADirectoryError:
        raise LogError("this is a folder, not a game log") from None
    except PermissionError:
        raise LogError("the file cannot be read (permission denied)") from None
    except OSError as exc:
        raise LogError(f"the file cannot be read ({exc.strerror or exc})") from None
    except LogError:
        raise
    except ValueError:  # a path with a NUL byte in it
        raise LogError("no such file") from None
    return raw


def _read_at_most(f: BinaryIO, size: int, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of an open file that says it holds ``size``: a regular
    file in one read of its size; a device, a pipe or a file that grows while it is read
    a megabyte at a time, so that memory follows what was really read."""
    raw = f.read(size + 1) if size else b""
    if size and len(raw) <= size:
        return raw  # the whole file, as its size said
    more = bytearray(raw)
    while len(more) <= limit:
        chunk = f.read(min(1024 * 1024, limit + 1 - len(more)))
        if not chunk:
            return bytes(more)
        more += chunk
    raise LogError(f"the file holds more than {_size(limit)}; {_the_limit(limit)}")


def _the_limit(limit: int) -> str:
    """The limit, in words; for a game log, why it is that."""
    if limit != MAX_FILE_BYTES:
        return f"the limit is {_size(limit)}"
    return (
        f"the limit is {_size(limit)}, more than the largest game the limits allow can "
        f"take ({LARGEST_GAME})"
    )


def _size(n: int) -> str:
    """``64 MB``, ``64 KB``: a size in words, rounded down."""
    if n >= 1024 * 1024:
        return f"{n // (1024 * 1024)} MB"
    return f"{n // 1024} KB" if n >= 1024 else f"{n} bytes"


_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"{[,')


def _structure(raw: bytes) -> bytes:
    """The brackets and commas of JSON text that stand outside its strings, worked out
    in a few passes over the bytes without building anything per value: escaped
    backslashes and quotes go, then everything but quotes, brackets and commas, then each
    pair of quotes with nothing left between them (which keeps every other character on
    its side of the strings); what strings are left hold brackets or commas, and go."""
    rest = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    rest = rest.translate(None, _NOT_STRUCTURE).replace(b'""', b"")
    return b"".join(rest.split(b'"')[0::2]) if b'"' in rest else rest


def json_values(raw: bytes) -> int:
    """At least as many as the values (objects, lists, keys, texts, numbers) parsing the
    JSON text would make, counted without building anything: each value in an object or
    a list is preceded by a comma or its opening bracket (those in strings count too)."""
    return raw.count(b",") + raw.count(b"[") + raw.count(b"{")


def check_bounds(raw: bytes) -> None:
    """Refuse a euchre-log/1 file that holds more JSON objects or values than the largest
    game the limits allow, before it is parsed: parsing it could take gigabytes. Brackets
    and commas are counted first as they stand (a few microseconds), and only when that
    count is over, again with the texts left out (a note may hold commas)."""
    objects = raw.count(b"{")
    values = objects + raw.count(b",") + raw.count(b"[")  # json_values, its braces counted once
    if objects <= MAX_JSON_OBJECTS and values <= MAX_JSON_VALUES:
        return
    bare = _structure(raw)
    objects, values = bare.count(b"{"), json_values(bare)
    if objects > MAX_JSON_OBJECTS:
        raise LogError(
            f"not a game log: it holds {objects} JSON objects, and the largest game the "
            f"limits allow holds at most {MAX_JSON_OBJECTS} ({LARGEST_GAME})"
        )
    if values > MAX_JSON_VALUES:
        raise LogError(
            f"not a game log: it holds {values} JSON values, and the largest game the "
            f"limits allow holds at most {MAX_JSON_VALUES} ({LARGEST_GAME})"
        )


def read_log_bytes(raw: bytes) -> GameLog | None:
    """A euchre-log/1 file's bytes parsed and validated in one pass, in Pydantic's Rust
    core; None when it is not a valid one, so that the caller takes the path that says
    why (``parse_json_bytes`` and ``read_log``), or reads it as EGN."""
    from pydantic import ValidationError

    from .models import GameLog

    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return GameLog.model_validate_json(raw)
    except ValidationError:
        return None


LONG_NUMBER = (
    "not a game log: its JSON holds a number thousands of digits long; no field of a game "
    "log takes one"
)


def parse_json_bytes(raw: bytes, *, long_number: str = LONG_NUMBER) -> Any:
    """Parse JSON text, turning a syntax error into a ``LogError`` with line and column.

    Nesting deeper than ``MAX_JSON_DEPTH`` is refused before anything is built, and a
    number too long for Python's ``int`` (over 4300 digits) with ``long_number``."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError("the file is not UTF-8 text, so it is not a game log") from None
    depth = _nesting(text)
    if depth > MAX_JSON_DEPTH:
        raise LogError(
            f"not a game log: its JSON nests {depth} levels deep; a game log nests fewer "
            f"than {MAX_JSON_DEPTH}"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise LogError(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise LogError("not a game log: the JSON is nested too deeply") from None
    except ValueError:  # a number of more than 4300 digits (int's limit)
        raise LogError(long_number) from None


MAX_JSON_DEPTH = 100
"""How deep a JSON document may nest: a game log nests 6 levels, an EGN match 12."""

_BRACKETS = re.compile(r'[\[\]{}]|"(?:[^"\\]|\\.)*"')


def _nesting(text: str) -> int:
    """How deep the JSON text's objects and lists nest, counted from its brackets (those
    inside strings left out) without building anything; past ``MAX_JSON_DEPTH`` it stops
    counting. Malformed text is the parser's to refuse."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return 0  # too few brackets to nest that deep
    depth = deepest = 0
    for m in _BRACKETS.finditer(text):
        ch = m.group(0)
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


_FIELD_WORDS = {
    "seat": "a seat (N, E, S or W)",
    "card": "a card",
    "suit": "a suit (C, D, H or S)",
    "team": "a team (NS or EW)",
    "alone": "true or false",
    "trick": "a trick number from 1 to 5",
    "points": "a whole number of points",
}


def _describe(err: ErrorDetails) -> tuple[str, int | None, int | None]:
    """Turn one Pydantic error into a card player's sentence, with hand and action."""
    # Drop the steps a union adds to the path ("literal[...]", "function-before[...]").
    loc = [p for p in err.get("loc", ()) if not (isinstance(p, str) and "[" in p)]
    hand = action = None
    if len(loc) >= 2 and loc[0] == "hands" and isinstance(loc[1], int):
        hand = loc[1] + 1
        loc = loc[2:]
        if len(loc) >= 2 and loc[0] == "actions" and isinstance(loc[1], int):
            action = loc[1]
            loc = loc[2:]
            if loc and isinstance(loc[0], str) and loc[0] in A.ACTION_TYPES:
                loc = loc[1:]  # the discriminator's tag adds nothing for a reader
    kind = err.get("type", "")
    field = ".".join(str(p) for p in loc)
    value = err.get("input")
    if kind == "union_tag_invalid":
        tag = err.get("ctx", {}).get("tag")
        return (
            f"unknown action type {tag!r}: the types are " + ", ".join(A.ACTION_TYPES),
            hand,
            action,
        )
    if kind == "union_tag_not_found":
        return "the action has no 'type'", hand, action
    if kind in ("string_too_long", "too_long"):
        # The limits of a game are said as the recorder says them (``engine.limits``).
        limit = err.get("ctx", {}).get("max_length")
        if field == "hands":
            has = err.get("ctx", {}).get("actual_length")
            return f"{limits.too_many_hands()}; this file has {has}", None, None
        if field == "actions":
            return limits.too_many_actions(), hand, None
        if action is not None and field in ("text", "reason") and isinstance(value, str):
            said = limits.note_too_long if field == "text" else limits.reason_too_long
            return said(len(value)), hand, action
        unit = "characters" if kind == "string_too_long" else "entries"
        return f"{field or 'the file'} is too long: {limit} {unit} at most", hand, action
    if kind == "missing":
        where = (
            "the action" if action is not None else ("the hand" if hand is not None else "the file")
        )
        return f"{where} has no {field!r}", hand, action
    if kind == "value_error":
        msg = str(err.get("ctx", {}).get("error", err.get("msg", "")))
        prefix = f"{field}: " if field and not field.startswith(("card", "upcard")) else ""
        if field.startswith(("game.rules", "game.players", "game.title")):
            prefix = ""
        return prefix + msg, hand, action
    if kind == "literal_error" and field == "format":
        return (
            f"this is not a euchre-log/1 file (its format is {value!r})",
            hand,
            action,
        )
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        what = field or (
            "the action" if action is not None else ("the hand" if hand is not None else "the file")
        )
        return f"{what} should be a JSON object, not {_json_kind(value)}", hand, action
    if kind == "list_type":
        return f"{field} should be a list", hand, action
    last = str(loc[-1]) if loc else ""
    is_key = "[key]" in err.get("loc", ())  # a dict key, as in players and deal
    if kind == "literal_error" and (last in ("seat", "accused", "dealer") or is_key):
        return f"{value!r} is not a seat: write N, E, S or W", hand, action
    expected = _FIELD_WORDS.get(last)
    if expected:
        return f"{field} should be {expected}, not {value!r}", hand, action
    words = _words(kind, err.get("ctx", {}))
    if words:
        return f"{field or 'the file'} should be {words}, not {value!r}", hand, action
    msg = str(err.get("msg", "is not valid")).removeprefix("Value error, ")
    return f"{field or 'the file'}: {msg}", hand, action


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words: ``a list``, ``text``, ``null``..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _words(kind: str, ctx: dict[str, Any]) -> str | None:
    """What a value should be, in words, for the Pydantic error kinds a file can cause."""
    if kind in ("string_type", "string_sub_type"):
        return "text"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "a whole number"
    if kind in ("bool_type", "bool_parsing"):
        return "true or false"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = next(iter(ctx.values()), "?")
        return {
            "greater_than_equal": f"{bound} or more",
            "greater_than": f"more than {bound}",
            "less_than_equal": f"{bound} or less",
            "less_than": f"less than {bound}",
        }[kind]
    if kind == "too_short":
        return f"a list of at least {ctx.get('min_length')}"
    if kind == "literal_error":
        return f"one of {ctx.get('expected')}"
    if kind == "string_pattern_mismatch":
        return f"text of the form {ctx.get('pattern')}"
    return None


def describe_errors(
    errors: list[ErrorDetails], *, within_action: bool = False
) -> tuple[str, int | None, int | None]:
    """The most telling of Pydantic's errors about one value, as a card player's sentence
    with its hand (from 1) and action (from 0). A card in another notation fails the
    canonical form first; the lenient parser's own sentence (a value error) says more.
    ``within_action``: the errors are about one action validated alone (an EGN annotation)."""
    if within_action:
        errors = [{**e, "loc": ("hands", 0, "actions", 0, *e["loc"])} for e in errors]

    def place(err: ErrorDetails) -> list[Any]:
        return [p for p in err["loc"] if not (isinstance(p, str) and "[" in p)][:4]

    where = place(errors[0])
    same = [e for e in errors if place(e) == where]
    best = next((e for e in same if e["type"] == "value_error"), errors[0])
    return _describe(best)


def read_log(data: Any) -> GameLog:
    """Validate a parsed JSON document as a euchre-log/1 game log."""
    if isinstance(data, dict) and "format" not in data:
        if data.get("fileType") == "Euchre Game Notation":
            raise LogError("this is an EGN file, not a euchre-log/1 file")
        raise LogError('this is not a euchre-log/1 file: it has no "format"')
    from pydantic import ValidationError

    from .models import GameLog

    try:
        return GameLog.model_validate(data)
    except ValidationError as exc:
        message, hand, action = describe_errors(exc.errors())
        raise LogError(message, hand, action) from None


# ---------------------------------------------------------------------------
# Into the engine


def engine_action(model: Any) -> A.Action:
    """The engine action of a validated action (a dict in the canonical form)."""
    t = model["type"]
    if t == "play":
        return PLAYS[model["seat"], model["card"]]
    if t == "pass":
        return PASSES[model["seat"]]
    if t == "order":
        return ORDERS[model["seat"], model.get("alone", False)]
    if t == "discard":
        return DISCARDS[model["seat"], model.get("card")]
    if t == "call":
        return CALLS[model["seat"], model["suit"], model.get("alone", False)]
    return action_from_dict(model)


def _card_of(value: Any) -> Card:
    found = CARD_INDEX.get(value) if isinstance(value, str) else None
    if found is None:
        raise LogError(f"{value!r} is not a card")
    return found


def _seat_of(value: Any) -> Seat:
    found = SEAT_INDEX.get(value) if isinstance(value, str) else None
    if found is None:
        raise LogError(f"{value!r} is not a seat")
    return found


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise LogError(f"{value!r} is not a number of tricks (0 to 5)")
    return value


def _suit_of(value: Any) -> Suit:
    found = SUIT_INDEX.get(value) if isinstance(value, str) else None
    if found is None:
        raise LogError(f"{value!r} is not a suit")
    return found


def action_from_dict(d: dict[str, Any]) -> A.Action:
    """An action from its canonical dict (as ``writer.action_dict`` writes it), trusting
    nothing: anything off raises ``LogError``."""
    try:
        t = d["type"]
        if t not in A.ACTION_TYPES:
            raise LogError(f"unknown action type {t!r}")
        return _decode(cast(A.ActionType, t), d)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, LogError):
            raise
        raise LogError(f"the action {d!r} is incomplete or malformed ({exc!r})") from None


def _decode(t: A.ActionType, d: dict[str, Any]) -> A.Action:
    if t == "note":
        seat = d.get("seat")
        return A.Note(None if seat is None else _seat_of(seat), str(d["text"]))
    if t == "tricks":
        return A.Tricks(_count(d["NS"]), _count(d["EW"]))
    seat_ = _seat_of(d["seat"])
    match t:
        case "play":
            return A.Play(seat_, _card_of(d["card"]))
        case "pass":
            return A.Pass(seat_)
        case "order":
            return A.Order(seat_, bool(d.get("alone", False)))
        case "call":
            return A.Call(seat_, _suit_of(d["suit"]), bool(d.get("alone", False)))
        case "discard":
            card = d.get("card")
            return A.Discard(seat_, None if card is None else _card_of(card))
        case "defend_alone":
            return A.DefendAlone(seat_)
        case "renege_call":
            return A.RenegeCall(
                seat_,
                _seat_of(d["accused"]),
                int(d["trick"]),
                tuple(_card_of(c) for c in d.get("shown", ())),
                d.get("penalty"),
            )
        case "penalty":
            team = TEAM_INDEX.get(d["team"])
            if team is None:
                raise LogError(f"{d['team']!r} is not a team")
            return A.Penalty(seat_, team, int(d["points"]), str(d.get("reason", "")))
        case "benny_suit":
            return A.BennySuit(seat_, _suit_of(d["suit"]))
        case "blind_double_loner":
            return A.BlindDoubleLoner(seat_)
        case "claim":
            return A.Claim(seat_)
        case "farmers_hand":
            return A.FarmersHand(
                seat_,
                tuple(_card_of(c) for c in d["shown"]),
                tuple(_card_of(c) for c in d.get("received", ())),
            )
        case "throw_in":
            return A.ThrowIn(seat_, str(d["hand"]), tuple(_card_of(c) for c in d["shown"]))
        case "partners_best":
            gave, got = d.get("gave"), d.get("received")
            return A.PartnersBest(
                seat_,
                None if gave is None else _card_of(gave),
                None if got is None else _card_of(got),
            )
        case "note" | "tricks":  # handled above: they may have no seat
            raise AssertionError("unreachable")
        case _:
            assert_never(t)


def rules_of(log: GameLog) -> Rules:
    """The validated rules of a log."""
    try:
        return Rules.build(log.game.rules)
    except RulesError as exc:
        raise LogError(str(exc)) from None


def deal_hand(game: GameState, record: HandRecord) -> HandState:
    """Start a hand from its record (dealer, upcard, deal, kitty) without its actions."""
    deal = None
    card = CARD_INDEX.__getitem__
    if record.deal:
        deal = {SEAT_INDEX[s]: tuple(map(card, cards)) for s, cards in record.deal.items()}
    kitty = tuple(map(card, record.kitty)) if record.kitty else ()
    return game.start_hand(
        SEAT_INDEX[record.dealer], CARD_INDEX[record.upcard], deal=deal, kitty=kitty
    )


def new_game(log: GameLog) -> GameState:
    """An empty game with the log's rules and starting score."""
    score = log.game.initial_score
    rules = rules_of(log)
    if max(score.NS, score.EW) >= rules.target:
        raise LogError(
            f"the initial score NS {score.NS}, EW {score.EW} already reaches the target of "
            f"{rules.target}: that game was over before this record starts"
        )
    return GameState(rules, (score.NS, score.EW))


def play_hands(log: GameLog, game: GameState) -> Iterator[int]:
    """Play a log's hands through the engine one by one, yielding each hand's number."""
    for n, record in enumerate(log.hands, start=1):
        try:
            hand = deal_hand(game, record)
        except IllegalAction as exc:
            raise LogError(str(exc), n) from None
        try:
            hand.extend([engine_action(m) for m in record.actions])
        except IllegalAction as exc:
            raise LogError(str(exc), n, exc.index) from None
        if record.result is not None:
            _check_result(record.result, game, n)
        yield n


def play_log(log: GameLog) -> GameState:
    """Play a whole log through the engine; raises ``LogError`` if it is malformed."""
    game = new_game(log)
    for _ in play_hands(log, game):
        pass
    return game


_OLDER = (
    " (if an older euchre-log wrote that result, it judged the hand differently: "
    "remove the hand's result to read it as this version judges it)"
)


def _check_result(given: HandResultModel, game: GameState, number: int) -> None:
    """A hand's stored ``result`` must agree with what the actions give."""
    actual: dict[str, Any] = dict(result_dict(game.results()[-1]))
    for key in ("trump", "maker", "alone", "defender_alone", "outcome"):
        if getattr(given, key) != actual[key]:
            raise LogError(
                f"the file's result says {key} is {getattr(given, key)!r}, "
                f"but the actions give {actual[key]!r}{_OLDER}",
                number,
            )
    for key in ("tricks", "points", "score_after"):
        g = getattr(given, key)
        a = actual[key]
        if (a["NS"], a["EW"]) != (g.NS, g.EW):
            raise LogError(
                f"the file's result says {key} are NS {g.NS}, EW {g.EW}, "
                f"but the actions give NS {a['NS']}, EW {a['EW']}{_OLDER}",
                number,
            )


def __getattr__(name: str) -> Any:
    """``ActionModel``, from the models, imported when asked for: reading the journal
    (``action_from_dict``) needs neither Pydantic nor the models."""
    if name == "ActionModel":
        from .models import ActionModel

        return ActionModel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ActionModel",
    "LogError",
    "engine_action",
    "load_json",
    "new_game",
    "play_hands",
    "play_log",
    "read_log",
]
