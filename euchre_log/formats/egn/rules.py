"""EGN's ruleset keys and euchre-log's rule options, both ways."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from ...engine.rules import OPTIONS, Rules, RulesError
from ..reader import LogError
from .shape import Ruleset, validate_ruleset


def _fail(message: str, hand: int | None = None, action: int | None = None) -> LogError:
    return LogError(message, hand, action)


def _no_equivalent(key: str, value: Any, why: str) -> LogError:
    return _fail(
        f"the EGN ruleset's {key!r}: {json.dumps(value)} has no equivalent in euchre-log ({why}), "
        "so the game cannot be checked faithfully"
    )


Settings = dict[str, Any]
"""Rule options by name, as ``Rules.build`` takes them."""
Handler = Callable[[str, Any, Mapping[str, Any]], Settings]
"""What one ruleset key sets, given its value (of the type ``shape.Ruleset`` checked) and
the options carried in the description."""


def _switch(option: str) -> Handler:
    """A key that is one of our switches, under another name."""

    def handle(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
        return {option: value}

    return handle


def _unplayable(why: str) -> Handler:
    """A switch for something euchre-log cannot play: refused when it is on."""

    def handle(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
        if value:
            raise _no_equivalent(key, value, why)
        return {}

    return handle


def _fixed(only: int, why: str) -> Handler:
    """A number that euchre-log's rules always have: refused when it is any other."""

    def handle(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
        if value != only:
            raise _no_equivalent(key, value, why)
        return {}

    return handle


def _farmers(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
    if value and extra.get("farmers_hand") in (None, "off"):
        raise _no_equivalent(
            key,
            value,
            "EGN does not say which farmer's hand: euchre-log's is three 9s or 10s "
            "for the kitty (three_card) or the whole hand (five_card)",
        )
    return {}  # which farmer's hand comes from the description's rules line


def _loner_lead(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
    text = value.strip().upper()
    if text not in ("LEFT_OF_DEALER", "LEFT_OF_LONER"):
        raise _fail(
            f"the EGN ruleset's 'loner_lead' should be LEFT_OF_DEALER or LEFT_OF_LONER, "
            f"not {value!r}"
        )
    return {"loner_lead": text.lower()}


def _joker(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
    return {"deck": 25} if value else {}


def _min_rank(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
    rank = value
    if rank not in (7, 9):
        raise _no_equivalent(key, value, "its decks run from 9s (24 cards) or 7s (32)")
    return {"deck": 32} if rank == 7 else {}


def _winning_score(key: str, value: Any, extra: Mapping[str, Any]) -> Settings:
    target = value
    if target < 1:
        raise _no_equivalent(key, value, "every game is played to a target score")
    return {"target": target}


_KEYS: Final[dict[str, Handler]] = {
    "std": _switch("stick_the_dealer"),
    "canadian": _switch("canadian_loner"),
    "defend_alone": _switch("defend_alone"),
    "partners_best": _switch("partners_best"),
    "farmers": _farmers,
    "loner_lead": _loner_lead,
    "joker": _joker,
    "min_rank": _min_rank,
    "winning_score": _winning_score,
    "num_deals": _fixed(0, "it has no games of a fixed number of deals"),
    "num_players": _fixed(4, "it records four-player games only"),
    "loner_march_score": _fixed(4, "a lone hand's march always scores 4"),
    "loner_euchred_score": _fixed(2, "euchring a lone hand always scores 2"),
    "go_under": _unplayable("euchre-log has no going under"),
    "allow_no_trump": _unplayable("euchre-log has no no-trump bid"),
    "fast_break": _unplayable("euchre-log has no fast-break scoring"),
    "four_trick_tokens": _unplayable("euchre-log has no four-trick tokens"),
}
"""Every key of EGN's ruleset, and what it sets in euchre-log's rules."""

if set(_KEYS) != set(Ruleset.model_fields):  # pragma: no cover - a mistake in this module
    raise AssertionError("every key of shape.Ruleset needs its handler in rules._KEYS")


def rules_from_egn(ruleset: Any, extra: Mapping[str, Any] | None = None) -> Rules:
    """The euchre-log rules of an EGN ``ruleset`` (plus options carried in the description).

    EGN's defaults apply to missing keys: notably ``std`` (stick-the-dealer) is true unless
    the file says otherwise. A key or value with no equivalent raises ``LogError`` naming it.
    """
    given = validate_ruleset(ruleset).model_dump(exclude_none=True)
    extra = extra or {}
    settings: Settings = {"stick_the_dealer": True}
    for key, value in given.items():
        settings.update(_KEYS[key](key, value, extra))
    settings.update(extra)
    try:
        return Rules.build(settings)
    except RulesError as exc:
        why = str(exc) if len(str(exc)) <= 300 else str(exc)[:297] + "..."
        raise _fail(f"the EGN ruleset asks for rules euchre-log cannot play: {why}") from None


def rules_to_egn(rules: Rules) -> tuple[dict[str, Any], dict[str, Any]]:
    """EGN's ruleset for our rules, and the options EGN has no key for (non-default only)."""
    ruleset: dict[str, Any] = {
        "std": rules.stick_the_dealer,
        "canadian": rules.canadian_loner,
        "loner_lead": rules.loner_lead.upper(),
    }
    if rules.defend_alone:
        ruleset["defend_alone"] = True
    if rules.target != 10:
        ruleset["winning_score"] = rules.target
    if rules.deck == 32:
        ruleset["min_rank"] = 7
    elif rules.deck == 25:
        ruleset["joker"] = True
    if rules.partners_best:
        ruleset["partners_best"] = True
    if rules.farmers_hand != "off":
        ruleset["farmers"] = True  # which farmer's hand goes in the rules line
    mapped = {
        "stick_the_dealer",
        "canadian_loner",
        "loner_lead",
        "defend_alone",
        "target",
        "deck",
        "partners_best",
    }
    extra = {
        name: (list(value) if isinstance(value, tuple) else value)
        for name in OPTIONS
        if name not in mapped and (value := getattr(rules, name)) != OPTIONS[name].default
    }
    return ruleset, extra
