"""The euchre-log/1 files as euchre-log writes them, read without Pydantic.

A file that ``export`` wrote, or that a person wrote the way LOG_FORMAT.md shows it
(canonical cards like ``9H`` and ``TD``, the format's keys and nothing else), is most of
what ``check`` and ``import`` ever read. Checking it against the models of ``models.py``
means importing Pydantic and building the models, which took a third of ``check``'s
start-up, and validating every action in Pydantic's core. ``canonical_log`` checks such a
file here instead, in plain Python, and gives the same values the models would, with the
same attributes (``log.game.players``, ``log.hands[0].actions``...).

It only says yes or no. Anything it is not sure of (another card notation, a key the
format does not have, a number written as text, a name or a value the models refuse,
JSON beyond the plain kind) makes it answer None, and the caller reads the file with the
models, which either accept it or say what is wrong in their words. So it never accepts
what the models refuse, and what it accepts reads the same as through the models:
``tests/test_canonical.py`` checks both over the sample logs, the corpora and thousands
of mutated files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, get_args

from ..engine import rules as engine_rules
from ..engine.actions import Action
from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES
from ..engine.flags import PROOF_KINDS
from ..engine.rules import Rules
from ..engine.scoring import Outcome
from .names import LOG_FORMAT, MAX_ACTIONS, MAX_HANDS
from .results import FlagDict, HandResultDict, ProofDict
from .shapes import GameInfoDict, HandDict
from .shared import CALLS, DISCARDS, ORDERS, PASSES, PLAYS
from .text import four_players, name_problem


def _keys(shape: Any) -> frozenset[str]:
    """Every key a ``TypedDict`` of the format may have: the keys this reader takes. (Which
    are required cannot be read at run time, the annotations being postponed.)"""
    return frozenset(shape.__required_keys__ | shape.__optional_keys__)


CARDS: Final = frozenset(CARD_TEXT)
SEATS: Final = frozenset(SEAT_LETTERS)
SUITS: Final = frozenset(SUIT_LETTERS)
TEAMS: Final = frozenset(TEAM_NAMES)
OUTCOMES: Final = frozenset(get_args(Outcome))
THROW_IN_NAMES: Final = frozenset(engine_rules.THROW_IN_NAMES)
_HEAD_HASH: Final = re.compile("[0-9a-f]{64}")
_FINGERPRINT: Final = re.compile("[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}")
_GAME_KEYS: Final = _keys(GameInfoDict)
_HAND_KEYS: Final = _keys(HandDict)
_RESULT_KEYS: Final = _keys(HandResultDict)


class NotCanonical(Exception):
    """The file is not in the canonical form: the models are to read it."""


@dataclass(frozen=True, slots=True)
class Teams:
    """Points or tricks for each team (``models.TeamScore``, ``models.InitialScore``)."""

    NS: int
    EW: int


@dataclass(frozen=True, slots=True)
class ResultView:
    """A hand's ``result`` as an export writes it (``models.HandResultModel``); its flags
    as the models dump them (``FlagModel``, with a renege's ``Proof``)."""

    number: int
    dealer: str
    trump: str | None
    maker: str | None
    alone: bool
    defender_alone: str | None
    tricks: Teams
    points: Teams
    outcome: str
    score_after: Teams
    flags: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand (``models.HandRecord``); its actions are the file's own dicts, which are
    already what the models would give."""

    dealer: str
    upcard: str
    deal: dict[str, list[str]] | None
    kitty: list[str] | None
    actions: list[dict[str, Any]]
    result: ResultView | None
    engine: list[Action] | None = None
    """The engine's actions for the actions, when every one is a play, a pass, an order, a
    discard or a call (the readers' shared objects, ``shared``); None when the reader is
    to decode them."""


@dataclass(frozen=True, slots=True)
class GameInfoView:
    """The ``game`` object (``models.GameInfo``)."""

    players: dict[str, str]
    rules: dict[str, Any]
    initial_score: Teams
    title: str | None = None
    date: str | None = None
    notes: str | None = None
    head_hash: str | None = None
    fingerprint: str | None = None

    def model_dump(self) -> dict[str, Any]:
        """The object as ``GameInfo.model_dump()`` gives it."""
        return {
            "title": self.title,
            "date": self.date,
            "players": dict(self.players),
            "rules": self.rules,
            "initial_score": {"NS": self.initial_score.NS, "EW": self.initial_score.EW},
            "notes": self.notes,
            "head_hash": self.head_hash,
            "fingerprint": self.fingerprint,
        }


@dataclass(frozen=True, slots=True)
class LogView:
    """A game log read in its canonical form (``models.GameLog``)."""

    game: GameInfoView
    hands: list[HandView]
    format: str = LOG_FORMAT

    def with_rules(self, rules: dict[str, Any]) -> LogView:
        """The same log under other rules."""
        return replace(self, game=replace(self.game, rules=rules))

    def model_dump(self) -> dict[str, Any]:
        """The log as ``GameLog.model_dump()`` gives it."""
        return {
            "format": self.format,
            "game": self.game.model_dump(),
            "hands": [_hand_dump(h) for h in self.hands],
        }


def _hand_dump(h: HandView) -> dict[str, Any]:
    result = None
    if h.result is not None:
        r = h.result
        result = {
            "number": r.number,
            "dealer": r.dealer,
            "trump": r.trump,
            "maker": r.maker,
            "alone": r.alone,
            "defender_alone": r.defender_alone,
            "tricks": {"NS": r.tricks.NS, "EW": r.tricks.EW},
            "points": {"NS": r.points.NS, "EW": r.points.EW},
            "outcome": r.outcome,
            "score_after": {"NS": r.score_after.NS, "EW": r.score_after.EW},
            "flags": r.flags,
        }
    return {
        "dealer": h.dealer,
        "upcard": h.upcard,
        "deal": h.deal,
        "kitty": h.kitty,
        "actions": h.actions,
        "result": result,
    }


def canonical_log(raw: bytes) -> LogView | None:
    """The log a file holds when it is a euchre-log/1 file in the canonical form that the
    models accept; None for anything else (the models then read it or say why not)."""
    try:
        return _log(json.loads(raw.decode("utf-8-sig")))
    except (NotCanonical, ValueError, TypeError, RecursionError):
        # ValueError: not UTF-8, not JSON, a number too long for int, a value the models
        # refuse; TypeError: a list where a seat or a card was looked up; RecursionError:
        # JSON nested too deep for the parser.
        return None


def _no(_why: str = "") -> NotCanonical:
    return NotCanonical()


def _obj(value: Any, allowed: frozenset[str]) -> dict[str, Any]:
    if type(value) is not dict or not allowed.issuperset(value):
        raise _no("not an object of the format's keys")
    return value


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _no("not a whole number in range")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise _no("not true or false")
    return value


def _text(value: Any, longest: int) -> str:
    """Plain text of at most ``longest`` characters, every one of them a Unicode scalar
    (JSON's ``\\ud800`` alone is none: the models' parser and Python's differ on it)."""
    if type(value) is not str or len(value) > longest:
        raise _no("not text")
    if not value.isascii():
        value.encode("utf-8")  # UnicodeEncodeError (a ValueError) for a lone surrogate
    return value


def _optional_text(data: Mapping[str, Any], key: str, longest: int) -> str | None:
    value = data.get(key)
    return None if value is None else _text(value, longest)


def _seat(value: Any) -> str:
    if type(value) is not str or value not in SEATS:
        raise _no("not a seat")
    return value


def _optional_seat(value: Any) -> str | None:
    return None if value is None else _seat(value)


def _suit(value: Any) -> str:
    if type(value) is not str or value not in SUITS:
        raise _no("not a suit")
    return value


def _card(value: Any) -> str:
    if type(value) is not str or value not in CARDS:
        raise _no("not a canonical card")
    return value


def _cards(value: Any, shortest: int = 0, longest: int | None = None) -> list[str]:
    if type(value) is not list or len(value) < shortest:
        raise _no("not a list of cards")
    if longest is not None and len(value) > longest:
        raise _no("too many cards")
    for card in value:
        if type(card) is not str or card not in CARDS:
            raise _no("not a canonical card")
    return value


def _teams(value: Any, low: int, high: int) -> Teams:
    d = _obj(value, TEAMS)
    if len(d) != 2:
        raise _no("a team is missing")
    return Teams(_int(d["NS"], low, high), _int(d["EW"], low, high))


def _log(data: Any) -> LogView:
    d = _obj(data, frozenset(("format", "game", "hands")))
    if d.get("format") != LOG_FORMAT or type(d["format"]) is not str or "game" not in d:
        raise _no("not euchre-log/1")
    hands = d.get("hands", [])
    if type(hands) is not list or len(hands) > MAX_HANDS:
        raise _no("hands")
    return LogView(_game(d["game"]), [_hand(h) for h in hands])


def _game(value: Any) -> GameInfoView:
    g = _obj(value, _GAME_KEYS)
    players = _obj(g.get("players"), SEATS)
    for name in players.values():
        if type(name) is not str or not 1 <= len(name) <= 100:
            raise _no("a name")
        _text(name, 100)
    title = _optional_text(g, "title", 500)
    if title is not None and name_problem(title, "the title") is not None:
        raise _no("the title")
    rules = g.get("rules", {})
    if type(rules) is not dict:
        raise _no("rules")
    try:
        Rules.build(rules)
    except Exception:  # RulesError, or anything else the models would not take either
        raise _no("rules") from None
    score = g.get("initial_score")
    if score is None:
        if "initial_score" in g:
            raise _no("a null initial_score")
        initial = Teams(0, 0)
    else:
        s = _obj(score, TEAMS)
        initial = Teams(_int(s.get("NS", 0), -1000, 1000), _int(s.get("EW", 0), -1000, 1000))
    head = _optional_text(g, "head_hash", 64)
    if head is not None and not _HEAD_HASH.fullmatch(head):
        raise _no("head_hash")
    print_ = _optional_text(g, "fingerprint", 19)
    if print_ is not None and not _FINGERPRINT.fullmatch(print_):
        raise _no("fingerprint")
    return GameInfoView(
        players=four_players(players),  # ValueError for what the models refuse
        rules=rules,
        initial_score=initial,
        title=title,
        date=_optional_text(g, "date", 100),
        notes=_optional_text(g, "notes", 10000),
        head_hash=head,
        fingerprint=print_,
    )


def _hand(value: Any) -> HandView:
    h = _obj(value, _HAND_KEYS)
    deal = h.get("deal")
    if deal is not None:
        for cards in _obj(deal, SEATS).values():
            _cards(cards)
    kitty = h.get("kitty")
    if kitty is not None:
        _cards(kitty)
    actions = h.get("actions", [])
    if type(actions) is not list or len(actions) > MAX_ACTIONS:
        raise _no("actions")
    # Nearly every action is a play, a pass, an order, a discard or a call: each is checked
    # here in one lookup of the engine's shared action for it (a JSON value that equals a
    # seat or a card is that text; a list raises TypeError). The others are checked one
    # by one.
    engine: list[Action] = []
    whole = True
    for a in actions:
        if type(a) is dict:
            t = a.get("type")
            found: Action | None = None
            if t == "play":
                if len(a) == 3:
                    found = PLAYS.get((a.get("seat", ""), a.get("card", "")))
            elif t == "pass":
                if len(a) == 2:
                    found = PASSES.get(a.get("seat", ""))
            elif t == "order":
                alone = a.get("alone", False)
                if type(alone) is bool and len(a) == (3 if "alone" in a else 2):
                    found = ORDERS.get((a.get("seat", ""), alone))
            elif t == "discard":
                if len(a) == (3 if "card" in a else 2):
                    found = DISCARDS.get((a.get("seat", ""), a.get("card")))
            elif t == "call":
                alone = a.get("alone", False)
                if type(alone) is bool and len(a) == (4 if "alone" in a else 3):
                    found = CALLS.get((a.get("seat", ""), a.get("suit", ""), alone))
            if found is not None:
                engine.append(found)
                continue
        _action(a)
        whole = False
    result = h.get("result")
    return HandView(
        dealer=_seat(h.get("dealer")),
        upcard=_card(h.get("upcard")),
        deal=deal,
        kitty=kitty,
        actions=actions,
        result=None if result is None else _result(result),
        engine=engine if whole else None,
    )


# The keys of each action type, those it needs and those it may have (``models``).
_NEEDS: Final[dict[str, frozenset[str]]] = {
    "pass": frozenset(("type", "seat")),  # a play or a pass is checked by ``_hand``
    "order": frozenset(("type", "seat")),
    "call": frozenset(("type", "seat", "suit")),
    "discard": frozenset(("type", "seat")),
    "defend_alone": frozenset(("type", "seat")),
    "play": frozenset(("type", "seat", "card")),
    "renege_call": frozenset(("type", "seat", "accused", "trick")),
    "penalty": frozenset(("type", "seat", "team", "points")),
    "note": frozenset(("type", "text")),
    "tricks": frozenset(("type", "NS", "EW")),
    "claim": frozenset(("type", "seat")),
    "benny_suit": frozenset(("type", "seat", "suit")),
    "blind_double_loner": frozenset(("type", "seat")),
    "farmers_hand": frozenset(("type", "seat", "shown")),
    "throw_in": frozenset(("type", "seat", "hand", "shown")),
    "partners_best": frozenset(("type", "seat")),
}
_MAY: Final[dict[str, frozenset[str]]] = {
    "order": frozenset(("alone",)),
    "call": frozenset(("alone",)),
    "discard": frozenset(("card",)),
    "renege_call": frozenset(("shown", "penalty")),
    "penalty": frozenset(("reason",)),
    "note": frozenset(("seat",)),
    "farmers_hand": frozenset(("received",)),
    "partners_best": frozenset(("gave", "received")),
}
_KEYS: Final = {t: needs | _MAY.get(t, frozenset()) for t, needs in _NEEDS.items()}


def _action(a: Any) -> None:
    """Check one action as the models would; it stays the file's dict."""
    if type(a) is not dict:
        raise _no("an action")
    t = a.get("type")
    if type(t) is not str or t not in _KEYS:
        raise _no("an action type")
    keys = a.keys()
    if not _NEEDS[t] <= keys or not keys <= _KEYS[t]:
        raise _no("an action's keys")
    if t == "note":
        _optional_seat(a.get("seat"))
    elif t != "tricks":
        _seat(a["seat"])
    match t:
        case "play":
            _card(a["card"])
        case "order" | "call":
            if "alone" in a:
                _bool(a["alone"])
            if t == "call":
                _suit(a["suit"])
        case "discard":
            if a.get("card") is not None:
                _card(a["card"])
        case "renege_call":
            _seat(a["accused"])
            _int(a["trick"], 1, 5)
            if "shown" in a:
                _cards(a["shown"])
            if a.get("penalty") not in (None, "award", "deduct"):
                raise _no("a penalty choice")
        case "penalty":
            if a["team"] not in TEAMS or type(a["team"]) is not str:
                raise _no("a team")
            _int(a["points"], -100, 100)
            if "reason" in a:
                _text(a["reason"], 2000)
        case "note":
            _text(a["text"], 10000)
        case "tricks":
            _int(a["NS"], 0, 5)
            _int(a["EW"], 0, 5)
        case "benny_suit":
            _suit(a["suit"])
        case "farmers_hand":
            _cards(a["shown"], 1, 5)
            if "received" in a:
                _cards(a["received"], 0, 5)
        case "throw_in":
            if type(a["hand"]) is not str or a["hand"] not in THROW_IN_NAMES:
                raise _no("a throw-in's name")
            _cards(a["shown"], 1, 6)
        case "partners_best":
            for key in ("gave", "received"):
                if a.get(key) is not None:
                    _card(a[key])
        case _:
            pass  # pass, defend_alone, claim, blind_double_loner: a seat only (checked)


_FLAG_KEYS: Final = _keys(FlagDict)
_FLAG_NEEDS: Final = _FLAG_KEYS - {"accused", "proof"}  # the models default these two
_PROOF_KEYS: Final = _keys(ProofDict)
_PROOF_NEEDS: Final = _PROOF_KEYS - {"trick"}  # the models take a proof without its trick
_PROOF_KINDS: Final = frozenset(PROOF_KINDS)
_ANY_LENGTH: Final = 2**62


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value, -(2**63), 2**63 - 1)


def _flag(value: Any) -> dict[str, Any]:
    """A flag of an exported result (``models.FlagModel``), as the models dump it."""
    f = _obj(value, _FLAG_KEYS)
    if not f.keys() >= _FLAG_NEEDS:
        raise _no("a flag without a field")
    proof = f.get("proof")
    return {
        "kind": _text(f["kind"], _ANY_LENGTH),
        "seat": _optional_seat(f["seat"]),
        "trick": _optional_int(f["trick"]),
        "message": _text(f["message"], _ANY_LENGTH),
        "accused": _optional_seat(f.get("accused")),
        "proof": None if proof is None else _proof(proof),
    }


def _proof(value: Any) -> dict[str, Any]:
    """A renege's proof (``models.Proof``), as the models dump it."""
    p = _obj(value, _PROOF_KEYS)
    if not p.keys() >= _PROOF_NEEDS:
        raise _no("a proof without a field")
    how = p["how"]
    if type(how) is not str or how not in _PROOF_KINDS:
        raise _no("how a renege is known")
    return {
        "held": _card(p["held"]),
        "played": _card(p["played"]),
        "led": _suit(p["led"]),
        "how": how,
        "trick": _optional_int(p.get("trick")),
    }


def _result(value: Any) -> ResultView:
    r = _obj(value, _RESULT_KEYS)
    if len(r) != len(_RESULT_KEYS) or type(r["flags"]) is not list:
        raise _no("a result without a field")
    trump = r["trump"]
    if type(r["outcome"]) is not str or r["outcome"] not in OUTCOMES:
        raise _no("an outcome")
    return ResultView(
        number=_int(r["number"], -(2**63), 2**63 - 1),
        dealer=_seat(r["dealer"]),
        trump=None if trump is None else _suit(trump),
        maker=_optional_seat(r["maker"]),
        alone=_bool(r["alone"]),
        defender_alone=_optional_seat(r["defender_alone"]),
        tricks=_teams(r["tricks"], -(2**63), 2**63 - 1),
        points=_teams(r["points"], -(2**63), 2**63 - 1),
        outcome=r["outcome"],
        score_after=_teams(r["score_after"], -(2**63), 2**63 - 1),
        flags=[_flag(f) for f in r["flags"]],
    )
