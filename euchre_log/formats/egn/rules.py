"""EGN's ruleset keys and euchre-log's rule options, both ways."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from ...engine.rules import OPTIONS, Rules, RulesError
from ..reader import LogError


def _fail(message: str, hand: int | None = None, action: int | None = None) -> LogError:
    return LogError(message, hand, action)


def _egn_bool(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"the EGN ruleset's {key!r} should be true or false, not {value!r}")
    return value


def _egn_int(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"the EGN ruleset's {key!r} should be a whole number, not {value!r}")
    return value


def _no_equivalent(key: str, value: Any, why: str) -> LogError:
    return _fail(
        f"the EGN ruleset's {key!r}: {json.dumps(value)} has no equivalent in euchre-log ({why}), "
        "so the game cannot be checked faithfully"
    )


# EGN ruleset switches that euchre-log cannot play, with the reason given when one is on.
_UNPLAYABLE_SWITCHES: Final = {
    "go_under": "euchre-log has no going under",
    "allow_no_trump": "euchre-log has no no-trump bid",
    "fast_break": "euchre-log has no fast-break scoring",
    "four_trick_tokens": "euchre-log has no four-trick tokens",
}


def rules_from_egn(ruleset: Any, extra: Mapping[str, Any] | None = None) -> Rules:
    """The euchre-log rules of an EGN ``ruleset`` (plus options carried in the description).

    EGN's defaults apply to missing keys: notably ``std`` (stick-the-dealer) is true unless
    the file says otherwise. A key or value with no equivalent raises ``LogError`` naming it.
    """
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, dict):
        raise _fail(f"the EGN ruleset should be an object, not {ruleset!r}")
    settings: dict[str, Any] = {"stick_the_dealer": True}
    for key, value in ruleset.items():
        if key == "std":
            settings["stick_the_dealer"] = _egn_bool(key, value)
        elif key == "canadian":
            settings["canadian_loner"] = _egn_bool(key, value)
        elif key == "defend_alone":
            settings["defend_alone"] = _egn_bool(key, value)
        elif key == "partners_best":
            settings["partners_best"] = _egn_bool(key, value)
        elif key == "farmers":
            if _egn_bool(key, value) and (extra or {}).get("farmers_hand") in (None, "off"):
                raise _no_equivalent(
                    key,
                    value,
                    "EGN does not say which farmer's hand: euchre-log's is three 9s or 10s "
                    "for the kitty (three_card) or the whole hand (five_card)",
                )
        elif key == "loner_lead":
            text = value.strip().upper() if isinstance(value, str) else value
            if text not in ("LEFT_OF_DEALER", "LEFT_OF_LONER"):
                raise _fail(
                    f"the EGN ruleset's 'loner_lead' should be LEFT_OF_DEALER or "
                    f"LEFT_OF_LONER, not {value!r}"
                )
            settings["loner_lead"] = text.lower()
        elif key == "joker":
            if _egn_bool(key, value):
                settings["deck"] = 25
        elif key == "min_rank":
            rank = _egn_int(key, value)
            if rank not in (7, 9):
                raise _no_equivalent(key, value, "its decks run from 9s (24 cards) or 7s (32)")
            if rank == 7:
                settings["deck"] = 32
        elif key == "winning_score":
            target = _egn_int(key, value)
            if target < 1:
                raise _no_equivalent(key, value, "every game is played to a target score")
            settings["target"] = target
        elif key == "num_deals":
            if _egn_int(key, value) != 0:
                raise _no_equivalent(key, value, "it has no games of a fixed number of deals")
        elif key == "num_players":
            if _egn_int(key, value) != 4:
                raise _no_equivalent(key, value, "it records four-player games only")
        elif key == "loner_march_score":
            if _egn_int(key, value) != 4:
                raise _no_equivalent(key, value, "a lone hand's march always scores 4")
        elif key == "loner_euchred_score":
            if _egn_int(key, value) != 2:
                raise _no_equivalent(key, value, "euchring a lone hand always scores 2")
        elif key in _UNPLAYABLE_SWITCHES:
            if _egn_bool(key, value):
                raise _no_equivalent(key, value, _UNPLAYABLE_SWITCHES[key])
        else:
            raise _fail(
                f"the EGN ruleset key {key!r} has no equivalent in euchre-log's rules, "
                "so the game cannot be checked faithfully"
            )
    for name, value in (extra or {}).items():
        settings[name] = value
    try:
        return Rules.build(settings)
    except RulesError as exc:
        raise _fail(f"the EGN ruleset asks for rules euchre-log cannot play: {exc}") from None


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
