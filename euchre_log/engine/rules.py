"""The rule options a table can choose, their presets, and their validation.

Every option lives in ``OPTIONS`` once, with its default, its accepted values, a one-line
meaning and the seed document it comes from. ``Rules`` is the validated, frozen set of
values that the engine plays by; ``Rules.build`` is the only way in from outside, and it
names the option and the accepted values when something is wrong.

>>> Rules.build({"preset": "family"}).target
10
>>> Rules.build({"target": "ten"})
Traceback (most recent call last):
    ...
euchre_log.engine.rules.RulesError: rule option 'target' cannot be 'ten': it takes a whole number from 1 to 1000
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

THROW_IN_NAMES: Final = (
    "nines-and-tens",
    "ace-no-face",
    "king-nothing",
    "three-queens",
    "jack-nothing",
    "no-ace-no-face",
)


WHOLE_NUMBERS: Final = (1, 1000)
"""The range of an option that takes any whole number (``target``, ``renege_points``...):
a game to a thousand points is already far past any table's."""


class RulesError(ValueError):
    """A rule option or value that is not accepted; the message names what is."""


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: its accepted values, what it means, and where it comes from."""

    name: str
    default: Any
    kind: str  # "bool", "int", "choice" or "list"
    choices: tuple[Any, ...]
    meaning: str
    source: str

    def accepted(self) -> str:
        """The accepted values, in words."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return (
                "one of " + ", ".join(map(str, self.choices))
                if self.choices
                else f"a whole number from {WHOLE_NUMBERS[0]} to {WHOLE_NUMBERS[1]}"
            )
        if self.kind == "list":
            return "none, all, or a comma-separated list of " + ", ".join(self.choices)
        return "one of " + ", ".join(map(str, self.choices))


OPTIONS: Final[dict[str, Option]] = {
    o.name: o
    for o in (
        Option(
            "target",
            10,
            "int",
            (),
            "points needed to win the game",
            "family rules, the online game's rules and Wikipedia (10); North American rules (7 or 11)",
        ),
        Option(
            "stick_the_dealer",
            False,
            "bool",
            (),
            "if everyone passes twice, the dealer must name trump",
            "North American rules (standard there); a variant in family rules and Wikipedia's variants",
        ),
        Option(
            "defend_alone",
            False,
            "bool",
            (),
            "an opponent of a lone hand may defend alone, their partner sitting out",
            "family rules; Wikipedia's variants",
        ),
        Option(
            "defend_alone_points",
            4,
            "int",
            (4, 8),
            "what defenders score for euchring a lone hand while defending alone",
            "family rules (4); Wikipedia's variants (8)",
        ),
        Option(
            "super_euchre",
            False,
            "bool",
            (),
            "defenders who take all five tricks score 4 instead of 2",
            "Wikipedia's variants",
        ),
        Option(
            "canadian_loner",
            False,
            "bool",
            (),
            "the dealer's partner who orders up must go alone",
            "Wikipedia's variants (Canadian rules)",
        ),
        Option(
            "club_euchre",
            False,
            "bool",
            (),
            "a club turned up makes the dealer take it up; there is no bidding",
            "Wikipedia's variants",
        ),
        Option(
            "farmers_hand",
            "off",
            "choice",
            ("off", "three_card", "five_card"),
            "a weak hand may be exchanged: three 9s or 10s for the kitty, or the whole hand",
            "Wikipedia's variants (three_card); North American rules (five_card)",
        ),
        Option(
            "throw_ins",
            (),
            "list",
            THROW_IN_NAMES,
            "named poor hands that may be shown and thrown in for a new deal",
            "Wikipedia's variants",
        ),
        Option(
            "throw_in_redeal",
            "passes_left",
            "choice",
            ("passes_left", "same_dealer"),
            "after a throw-in, the deal passes left as after a misdeal, or the same dealer "
            "deals again",
            "Wikipedia's variants (both)",
        ),
        Option(
            "partners_best",
            False,
            "bool",
            (),
            "a lone player and their partner exchange one card before play",
            "Wikipedia's variants",
        ),
        Option(
            "blind_double_loner",
            False,
            "bool",
            (),
            "a lone hand declared before looking, on the turned card, worth 8 for a march",
            "Wikipedia's variants",
        ),
        Option(
            "deck",
            24,
            "int",
            (24, 25, 32),
            "24 cards (9 to A), 25 with the Benny as highest trump, or 32 with 7s and 8s",
            "every source (24); Wikipedia's variants (25, 32); North American rules (32)",
        ),
        Option(
            "renege_penalty",
            "award",
            "choice",
            ("award", "deduct"),
            "an upheld renege gives points to the innocent side, or takes them from the guilty side",
            "family rules (either); Wikipedia (award)",
        ),
        Option(
            "renege_points",
            2,
            "int",
            (),
            "the points of an upheld renege",
            "family rules; Wikipedia",
        ),
        Option(
            "renege_points_vs_alone",
            4,
            "int",
            (),
            "the points of an upheld renege against a side that went alone",
            "family rules (4); Wikipedia (2: the renege always costs 2)",
        ),
        Option(
            "loner_lead",
            "left_of_dealer",
            "choice",
            ("left_of_dealer", "left_of_loner"),
            "who leads against a lone hand: left of the dealer, or left of the loner"
            " (a seat that sits out is skipped)",
            "North American rules and Wikipedia (left_of_dealer); EGN tournaments use both",
        ),
    )
}

PRESETS: Final[dict[str, dict[str, Any]]] = {
    "classic": {},
    "family": {"defend_alone": True, "defend_alone_points": 4},
    "north-american": {"stick_the_dealer": True},
    # Seed 004: a renege forfeits the hand and "2 points are awarded to the opposing
    # team", a lone hand or not.
    "canadian": {"stick_the_dealer": True, "canadian_loner": True, "renege_points_vs_alone": 2},
    "benny": {"deck": 25, "renege_points_vs_alone": 2},
}
PRESET_SOURCES: Final = {
    "classic": "the online game's rules: the core game, no stick-the-dealer, no defending alone",
    "family": "family rules: classic, plus defending alone worth 4, and a renege costs 2 "
    "(4 against a lone hand)",
    "north-american": "North American rules: classic with stick-the-dealer",
    "canadian": "Wikipedia's Canadian rules: stick-the-dealer and the Canadian loner; "
    "a renege costs 2",
    "benny": "Wikipedia's English rules: the 25-card deck with the Benny; a renege costs 2",
}

_TRUE = {"true", "yes", "on", "1", "y"}
_FALSE = {"false", "no", "off", "0", "n"}


def _shown(value: Any) -> str:
    """A value quoted in a message, cut short (a number of thousands of digits included)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**12:
        return ("-" if value < 0 else "") + "a number of more than 12 digits"
    text = repr(value) if not isinstance(value, (list, dict)) else type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _coerce(option: Option, value: Any) -> Any:
    bad = RulesError(
        f"rule option {option.name!r} cannot be {_shown(value)}: it takes {option.accepted()}"
    )
    if option.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise bad
    if option.kind == "int":
        if isinstance(value, bool):
            raise bad
        if isinstance(value, str):
            digits = value.strip()
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
                raise bad
            value = int(digits)
        low, high = WHOLE_NUMBERS
        if not isinstance(value, int) or value < low or value > high:
            raise bad
        if option.choices and value not in option.choices:
            raise bad
        return value
    if option.kind == "choice":
        if isinstance(value, str):
            text = value.strip().lower().replace("-", "_")
            if text in option.choices:
                return text
        raise bad
    # A list of names: "none", "all", a comma-separated string, or a list of strings.
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("", "none"):
            return ()
        if text == "all":
            return tuple(option.choices)
        value = [part.strip() for part in text.split(",")]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise bad
    names = [v.strip().lower().replace("_", "-") for v in value]
    for name in names:
        if name not in option.choices:
            raise RulesError(
                f"rule option {option.name!r} has no {name!r}: it takes {option.accepted()}"
            )
    return tuple(n for n in option.choices if n in names)  # canonical order, no repeats


@dataclass(frozen=True, slots=True)
class Rules:
    """The validated rules of one game. Build it with ``Rules.build``."""

    preset: str | None = None
    target: int = 10
    stick_the_dealer: bool = False
    defend_alone: bool = False
    defend_alone_points: int = 4
    super_euchre: bool = False
    canadian_loner: bool = False
    club_euchre: bool = False
    farmers_hand: str = "off"
    throw_ins: tuple[str, ...] = ()
    throw_in_redeal: str = "passes_left"
    partners_best: bool = False
    blind_double_loner: bool = False
    deck: int = 24
    renege_penalty: str = "award"
    renege_points: int = 2
    renege_points_vs_alone: int = 4
    loner_lead: str = "left_of_dealer"

    @classmethod
    def build(
        cls, settings: dict[str, Any] | None = None, *, check_supported: bool = True
    ) -> Rules:
        """Rules from a preset name and option overrides, e.g. ``{"preset": "family"}``.

        Raises ``RulesError`` naming the option and the accepted values when a name or a
        value is not accepted, and when an option asks for a variant the engine cannot
        play yet.
        """
        settings = dict(settings or {})
        preset = settings.pop("preset", None)
        values: dict[str, Any] = {}
        if preset is not None:
            if not isinstance(preset, str) or preset.strip().lower() not in PRESETS:
                raise RulesError(
                    f"there is no rules preset {_shown(preset)}: the presets are "
                    + ", ".join(PRESETS)
                )
            preset = preset.strip().lower()
            values.update(PRESETS[preset])
        for name, value in settings.items():
            option = OPTIONS.get(name)
            if option is None:
                key = name.strip().lower().replace("-", "_") if isinstance(name, str) else name
                option = OPTIONS.get(key)
                if option is None:
                    raise RulesError(
                        f"there is no rule option {_shown(name)}: the options are "
                        + ", ".join(OPTIONS)
                    )
            values[option.name] = _coerce(option, value)
        rules = cls(preset=preset, **values)
        if check_supported:
            rules.check_supported()
        return rules

    def check_supported(self) -> None:
        """Refuse, by name, a combination of options that the seeds do not make playable."""
        if self.farmers_hand == "five_card" and self.deck != 32:
            raise RulesError(
                "rule option 'farmers_hand' = 'five_card' needs 'deck' = 32: seed 001 swaps a "
                f"whole hand for five undealt cards, and a {self.deck}-card deck leaves only "
                f"{self.deck - 21} undealt"
            )

    def to_dict(self) -> dict[str, Any]:
        """Every option with its value, and the preset's name when there is one."""
        out: dict[str, Any] = {}
        if self.preset is not None:
            out["preset"] = self.preset
        for f in fields(self):
            if f.name != "preset":
                value = getattr(self, f.name)
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def differences(self) -> dict[str, Any]:
        """The preset's name and the options that differ from it: the short form to store."""
        base = Rules.build({"preset": self.preset} if self.preset else {}, check_supported=False)
        out: dict[str, Any] = {"preset": self.preset} if self.preset else {}
        for f in fields(self):
            if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name):
                value = getattr(self, f.name)
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


DEFAULT_RULES: Final = Rules()


__all__ = [
    "DEFAULT_RULES",
    "OPTIONS",
    "PRESETS",
    "PRESET_SOURCES",
    "THROW_IN_NAMES",
    "Option",
    "Rules",
    "RulesError",
]
