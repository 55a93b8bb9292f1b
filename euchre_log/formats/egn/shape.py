"""The shape of EGN games and EMN matches, as Pydantic models: the reader works on what they
have validated, so a file of the wrong shape is refused before any deal is played.

The models take what the reader has always taken: EGN 1.0 to 1.4, with 1.0's snake_case
names beside 1.4's camelCase ones (the first spelling a file gives is read, as
``AliasChoices`` does), and the same leniency: fields that only add notes (the title, the
date, the description, team names, a video's address) are left out when they are not text,
``isAlone`` is read for its truth, an empty ``cardExchanges`` is none. Everything that
changes the game is checked for its type here, and for its meaning when the deal is played.

Every list, table and text has a bound, consistent with euchre-log/1's (``formats.models``)
and the store's columns: a file cannot make the reader build more than a game needs.
Errors are ``pydantic_core`` errors with EGN's own field names in their locations;
``words.shape_error`` turns the first of them into a sentence.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Final, Literal, Optional, Union

from pydantic import (
    AfterValidator,
    AliasChoices,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    Tag,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ...engine import limits
from ...engine.limits import MAX_ACTIONS, MAX_HANDS
from ..reader import LogError
from .notation import EGN_FILE_TYPE, EMN_FILE_TYPE
from .words import shape_error, shown

# ---------------------------------------------------------------------------
# Limits

MAX_GAMES: Final = 100
"""Games in a match file (a real match has a handful)."""
MAX_DEALS: Final = MAX_HANDS
"""Deals in a game: as many as a euchre-log/1 game holds hands."""
MAX_ANNOTATIONS: Final = MAX_ACTIONS
"""Annotations and analysis lines in a deal: each becomes a note, and a hand holds at most
this many actions."""
MAX_LINES: Final = 50
"""Analysis lines (``alternativeLines``) in a deal, as EGN's own schema allows."""
MAX_LINE_PHASES: Final = 4
"""Phases in an analysis line (a bidding and a trick play, and some room)."""
MAX_PHASES: Final = 2
"""Phases in a deal: one bidding, one trick play."""
MAX_CALLS: Final = 16
"""Calls in a bidding, as EGN's schema allows (a real bidding has at most eight)."""
MAX_TRICKS: Final = 10
"""Tricks in a trick play, as EGN's schema allows (a real hand has five)."""
MAX_CARDS: Final = 10
"""Cards in a trick, a dealt hand, the kitty or a card exchange (EGN's card lists)."""
MAX_PLAYERS: Final = 10
"""Players named in a game, as EGN's schema allows (euchre-log plays four)."""
MAX_EXCHANGES: Final = 4
"""Card exchanges in a bidding, as EGN's schema allows."""
MAX_SCORE: Final = limits.MAX_START_SCORE
"""A score's size either way, as euchre-log/1's ``initial_score``."""
MAX_INDEX: Final = 1_000_000
"""The size of a number EGN only uses to place things (``branchIndex``)."""

TITLE_CHARS: Final = limits.MAX_TITLE
"""A title, as a euchre-log/1 game's and the store's."""
NAME_CHARS: Final = limits.MAX_NAME
"""A player's name, as euchre-log/1's and the store's."""
DATE_CHARS: Final = limits.MAX_DATE
"""A date, as euchre-log/1's and the store's."""
TEXT_CHARS: Final = limits.MAX_NOTES
"""A description or an annotation: a game's notes and a note's text in euchre-log/1."""
ID_CHARS: Final = 100
"""An id (``gameId``, a match's player ids) or a team's name."""
URL_CHARS: Final = 2_000
"""A video's address."""
TOKEN_CHARS: Final = 16
"""A card or a call (``9c``, ``10♣``, ``Order``)."""
VERSION_CHARS: Final = 20

# ---------------------------------------------------------------------------
# Helpers


class _Shape(BaseModel):
    """An EGN object: no field EGN 1.0 to 1.4 does not have, and no type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _first_spelling(cls, data: Any) -> Any:
        """Where a file gives a field in both spellings (``initialState`` and 1.0's
        ``initial_state``), the first one a reader looks for is read and the other left."""
        if not isinstance(data, dict):
            return data
        drop: list[str] = []
        for info in cls.model_fields.values():
            alias = info.validation_alias
            if isinstance(alias, AliasChoices):
                given = [c for c in alias.choices if isinstance(c, str) and c in data]
                drop.extend(given[1:])
        return {k: v for k, v in data.items() if k not in drop} if drop else data


def _also(*names: str) -> AliasChoices:
    return AliasChoices(*names)


def _text_only(value: Any) -> Any:
    """Notes-only text is left out when it is not text, as the reader always has."""
    return value if isinstance(value, str) else None


def _truth(value: Any) -> bool:
    return bool(value)


def _no_empty(value: Any) -> Any:
    """An empty value (``[]``, ``{}``, ``0``) means none."""
    return value or None


def _score(value: Any) -> Any:
    if value is None:
        return None
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(type(v) is int and -MAX_SCORE <= v <= MAX_SCORE for v in value)
    ):
        return (value[0], value[1])
    raise PydanticCustomError(
        "egn_is",
        "should be two whole numbers from -{limit} to {limit}, not {shown}",
        {"limit": MAX_SCORE, "shown": shown(value)},
    )


def _player(value: Any) -> Any:
    """A player is a name, or an object with a name; anything else names nobody."""
    if isinstance(value, str):
        return {"name": value}
    return value if isinstance(value, dict) else {}


def _four_ids(value: Any) -> Any:
    """A match game's players: four ids, or none (anything else is left out)."""
    if not isinstance(value, list) or len(value) != 4:
        return None
    return [v if isinstance(v, str) else "" for v in value]


def _team_names(value: Any) -> Any:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value
    return None


def _objects_only(value: Any) -> Any:
    if not isinstance(value, list):
        return None
    return [v for v in value if isinstance(v, dict)]


def _object_or_empty(value: Any) -> Any:
    return value if isinstance(value, dict) else {}


def _one_or_many(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


_KEY: Final = re.compile(r"[0-9]{1,6}")


def _annotation_key(key: str) -> str:
    if not _KEY.fullmatch(key):
        raise PydanticCustomError("egn_key", "not a number", {"key": key})
    return key


_VERSION: Final = re.compile(r"1\.([0-9]{1,3})(?:\.[0-9]{1,6})?")


def _egn_version(value: Any) -> Any:
    m = _VERSION.fullmatch(value) if isinstance(value, str) else None
    if m is None or int(m.group(1)) > 4:
        raise PydanticCustomError(
            "egn_says",
            "EGN version {version} is not supported: euchre-log reads versions 1.0 to 1.4",
            {"version": shown(value)},
        )
    return value


def _emn_version(value: Any) -> Any:
    if not isinstance(value, str) or not value.startswith("1.") or len(value) > VERSION_CHARS:
        raise PydanticCustomError(
            "egn_says",
            "EMN version {version} is not supported: euchre-log reads EMN 1.x",
            {"version": shown(value)},
        )
    return value


def _not_packed(value: Any) -> Any:
    if isinstance(value, str):
        raise PydanticCustomError(
            "egn_is",
            "is in EGN's packed binary form; expand it first (EGN's egn-convert tool can), "
            "then read the file again",
        )
    return value


Text = Annotated[str, Field(max_length=TEXT_CHARS)]
Token = Annotated[str, Field(max_length=TOKEN_CHARS)]
"""A card or a call as written; what it means is read when the deal is played."""
Cards = Annotated[list[Token], Field(max_length=MAX_CARDS)]
Seat = Annotated[StrictInt, Field(ge=0, le=3)]
Truth = Annotated[bool, BeforeValidator(_truth)]
Score = Annotated[Optional[tuple[int, int]], BeforeValidator(_score)]


Title = Annotated[
    Optional[Annotated[str, Field(max_length=TITLE_CHARS)]], BeforeValidator(_text_only)
]
DateText = Annotated[
    Optional[Annotated[str, Field(max_length=DATE_CHARS)]], BeforeValidator(_text_only)
]
Description = Annotated[Optional[Text], BeforeValidator(_text_only)]
Id = Annotated[Optional[Annotated[str, Field(max_length=ID_CHARS)]], BeforeValidator(_text_only)]
Url = Annotated[Optional[Annotated[str, Field(max_length=URL_CHARS)]], BeforeValidator(_text_only)]
Name = Annotated[
    Optional[Annotated[str, StringConstraints(strip_whitespace=True, max_length=NAME_CHARS)]],
    BeforeValidator(_text_only),
]

AnnotationTexts = Annotated[
    list[Text], BeforeValidator(_one_or_many), Field(max_length=MAX_ANNOTATIONS)
]
"""The annotations at one call or play: a list of texts (or one text)."""
AnnotationTable = Annotated[
    dict[Annotated[str, AfterValidator(_annotation_key)], AnnotationTexts],
    Field(max_length=MAX_ANNOTATIONS),
]
"""Annotations keyed by the number of the call or play they follow, counted from 0."""

# ---------------------------------------------------------------------------
# The ruleset


RuleNumber = Annotated[StrictInt, Field(ge=-MAX_INDEX, le=MAX_INDEX)]


class Ruleset(_Shape):
    """EGN's ruleset: every key EGN 1.0 to 1.4 defines, of its type (``null`` is left out).
    What each means for euchre-log's rules is ``rules.rules_from_egn``'s business."""

    std: Optional[StrictBool] = None
    canadian: Optional[StrictBool] = None
    loner_lead: Optional[Annotated[str, Field(max_length=ID_CHARS)]] = None
    defend_alone: Optional[StrictBool] = None
    partners_best: Optional[StrictBool] = None
    farmers: Optional[StrictBool] = None
    joker: Optional[StrictBool] = None
    min_rank: Optional[RuleNumber] = None
    winning_score: Optional[RuleNumber] = None
    num_deals: Optional[RuleNumber] = None
    num_players: Optional[RuleNumber] = None
    loner_march_score: Optional[RuleNumber] = None
    loner_euchred_score: Optional[RuleNumber] = None
    go_under: Optional[StrictBool] = None
    allow_no_trump: Optional[StrictBool] = None
    fast_break: Optional[StrictBool] = None
    four_trick_tokens: Optional[StrictBool] = None


# ---------------------------------------------------------------------------
# A deal


class CardExchange(_Shape):
    """Cards passed between two players (for euchre-log: partner's best)."""

    sender: Optional[Annotated[StrictInt, Field(ge=-MAX_INDEX, le=MAX_INDEX)]] = None
    receiver: Optional[Annotated[StrictInt, Field(ge=-MAX_INDEX, le=MAX_INDEX)]] = None
    cards: Optional[Cards] = None


class Bidding(_Shape):
    """A deal's ``EUCHRE_BIDDING`` phase."""

    phase_number: Any = Field(
        None,
        validation_alias=_also("phaseNumber", "phase_number"),
        serialization_alias="phaseNumber",
    )
    type: Literal["EUCHRE_BIDDING"]
    calls: Annotated[list[Token], Field(max_length=MAX_CALLS)] = Field(default_factory=list)
    is_alone: Truth = Field(
        False, validation_alias=_also("isAlone", "is_alone"), serialization_alias="isAlone"
    )
    alone_defender: Optional[Annotated[StrictInt, Field(ge=-1, le=3)]] = Field(
        None,
        validation_alias=_also("aloneDefender", "alone_defender"),
        serialization_alias="aloneDefender",
    )
    discard: Optional[Token] = None
    card_exchanges: Annotated[
        Optional[Annotated[list[CardExchange], Field(max_length=MAX_EXCHANGES)]],
        BeforeValidator(_no_empty),
    ] = Field(
        None,
        validation_alias=_also("cardExchanges", "card_exchanges"),
        serialization_alias="cardExchanges",
    )
    call_annotations: Optional[AnnotationTable] = Field(
        None,
        validation_alias=_also("callAnnotations", "calls_annotations"),
        serialization_alias="callAnnotations",
    )

    def modern(self) -> dict[str, Any]:
        """The phase as EGN 1.4 writes it, with what the file gave and nothing more."""
        return self.model_dump(by_alias=True, exclude_unset=True)


class TrickPlay(_Shape):
    """A deal's ``TRICK_PLAY`` phase (``TRICK_PLAY_PHASE`` in some files)."""

    phase_number: Any = Field(
        None,
        validation_alias=_also("phaseNumber", "phase_number"),
        serialization_alias="phaseNumber",
    )
    type: Literal["TRICK_PLAY", "TRICK_PLAY_PHASE"]
    tricks: Annotated[list[Cards], Field(max_length=MAX_TRICKS)] = Field(default_factory=list)
    is_alone: Truth = Field(False, validation_alias=_also("isAlone", "is_alone"))
    """EGN 1.0 kept the alone flag here as well."""
    alone_defender: Optional[Annotated[StrictInt, Field(ge=-1, le=3)]] = Field(
        None, validation_alias=_also("aloneDefender", "alone_defender")
    )
    initial_lead: Optional[Seat] = Field(
        None, validation_alias=_also("initialLead", "initial_lead")
    )
    """EGN 1.0's statement of who leads, checked against the rules."""
    play_annotations: Optional[AnnotationTable] = Field(
        None,
        validation_alias=_also("playAnnotations", "play_annotations", "tricks_annotations"),
        serialization_alias="playAnnotations",
    )

    def modern(self) -> dict[str, Any]:
        """The phase as EGN 1.4 writes it: the alone flags and the lead (which 1.4 works
        out) left out."""
        return self.model_dump(
            by_alias=True,
            exclude_unset=True,
            exclude={"is_alone", "alone_defender", "initial_lead"},
        )


def _phase_kind(value: Any) -> str | None:
    kind = value.get("type") if isinstance(value, dict) else getattr(value, "type", None)
    if kind == "EUCHRE_BIDDING":
        return "bidding"
    if kind in ("TRICK_PLAY", "TRICK_PLAY_PHASE"):
        return "play"
    return None


Phase = Annotated[
    Union[Annotated[Bidding, Tag("bidding")], Annotated[TrickPlay, Tag("play")]],
    Discriminator(_phase_kind, custom_error_type="egn_phase", custom_error_message="phase type"),
]


class AlternativeLine(_Shape):
    """Analysis: another way the deal could have gone, from a call or a play on."""

    branch_index: Annotated[StrictInt, Field(ge=-MAX_INDEX, le=MAX_INDEX)] = Field(
        validation_alias="branchIndex"
    )
    phases: Annotated[list[Phase], Field(max_length=MAX_LINE_PHASES)] = Field(default_factory=list)

    def modern(self) -> dict[str, Any]:
        """The line as EGN 1.4 writes it."""
        return {"branchIndex": self.branch_index, "phases": [p.modern() for p in self.phases]}


class InitialState(_Shape):
    dealer: Seat
    up_card: Token = Field(validation_alias=_also("upCard", "up_card"))
    player_cards: Optional[Annotated[list[Cards], Field(max_length=4)]] = Field(
        None, validation_alias=_also("playerCards", "player_cards")
    )
    kitty: Optional[Cards] = None


class Deal(_Shape):
    deal_number: Any = Field(None, validation_alias="dealNumber")
    initial_state: InitialState = Field(validation_alias=_also("initialState", "initial_state"))
    phases: Optional[Annotated[list[Phase], Field(max_length=MAX_PHASES)]] = None
    alternative_lines: Optional[Annotated[list[AlternativeLine], Field(max_length=MAX_LINES)]] = (
        Field(None, validation_alias=_also("alternativeLines", "alternative_lines"))
    )

    @model_validator(mode="after")
    def _one_phase_of_each_kind(self) -> Deal:
        kinds = [p.type for p in self.phases or ()]
        if len(kinds) == 2 and (kinds[0] == "EUCHRE_BIDDING") == (kinds[1] == "EUCHRE_BIDDING"):
            raise PydanticCustomError(
                "egn_says",
                "a phase of type {kind} is not one euchre-log reads (each deal has at most "
                "one EUCHRE_BIDDING and one TRICK_PLAY phase)",
                {"kind": repr(kinds[1])},
            )
        notes = len(self.alternative_lines or ()) + sum(
            len(texts) for table in self.annotation_tables() for texts in table.values()
        )
        if notes > MAX_ANNOTATIONS:
            raise PydanticCustomError(
                "egn_has",
                "has {count} annotations and analysis lines; euchre-log keeps at most {limit} "
                "notes in a hand",
                {"count": notes, "limit": MAX_ANNOTATIONS},
            )
        return self

    @property
    def bidding(self) -> Bidding | None:
        return next((p for p in self.phases or () if isinstance(p, Bidding)), None)

    @property
    def play(self) -> TrickPlay | None:
        return next((p for p in self.phases or () if isinstance(p, TrickPlay)), None)

    def annotation_tables(self) -> list[dict[str, list[str]]]:
        bidding, play = self.bidding, self.play
        tables = [bidding.call_annotations if bidding else None]
        tables.append(play.play_annotations if play else None)
        return [t for t in tables if t]


DealEntry = Annotated[Deal, BeforeValidator(_not_packed)]

# ---------------------------------------------------------------------------
# A game


class Player(_Shape):
    """A player: EGN writes a name, or an object with a name (and ids we do not use)."""

    model_config = ConfigDict(extra="ignore")
    name: Name = None


class Metadata(_Shape):
    game_id: Id = Field(None, validation_alias=_also("gameId", "matchId", "match_id"))
    title: Title = None
    description: Description = None
    date: DateText = None
    players: Optional[
        Annotated[list[Annotated[Player, BeforeValidator(_player)]], Field(max_length=MAX_PLAYERS)]
    ] = None
    initial_score: Score = Field(None, validation_alias=_also("initialScore", "initial_score"))
    final_score: Score = Field(None, validation_alias="finalScore")
    ruleset: Optional[Ruleset] = None
    team_names: Annotated[
        Optional[tuple[Annotated[str, Field(max_length=ID_CHARS)], ...]],
        BeforeValidator(_team_names),
    ] = Field(None, validation_alias="teamNames")


class EgnGame(_Shape):
    """An EGN game (``.egn``)."""

    file_type: Literal["Euchre Game Notation"] = Field(validation_alias="fileType")
    version: Annotated[str, BeforeValidator(_egn_version)]
    metadata: Metadata
    deals: Annotated[list[DealEntry], Field(max_length=MAX_DEALS)]
    video_url: Url = Field(None, validation_alias="videoUrl")
    # A video's timings and screen layouts: they do not describe the game, and EGN's own
    # upgrade tool drops them too.
    timings: Any = None
    views: Any = None
    view_switches: Any = Field(None, validation_alias="viewSwitches")
    layouts: Any = None
    screens: Any = None
    style_settings: Any = Field(None, validation_alias="styleSettings")


# ---------------------------------------------------------------------------
# A match


class MatchPlayer(_Shape):
    model_config = ConfigDict(extra="ignore")
    id: Id = None
    name: Id = None


class MatchMetadata(_Shape):
    model_config = ConfigDict(extra="ignore")
    title: Title = None
    players: Annotated[Optional[list[MatchPlayer]], BeforeValidator(_objects_only)] = None


class MatchGame(_Shape):
    model_config = ConfigDict(extra="ignore")
    game_data: EgnGame = Field(validation_alias="gameData")
    player_ids: Annotated[
        Optional[list[Annotated[str, Field(max_length=ID_CHARS)]]], BeforeValidator(_four_ids)
    ] = Field(None, validation_alias=_also("players", "playersOverride"))


class EmnMatch(_Shape):
    """An EMN match (``.emn``): several EGN games and the players' ids."""

    model_config = ConfigDict(extra="ignore")
    file_type: Literal["Euchre Match Notation"] = Field(validation_alias="fileType")
    version: Annotated[str, BeforeValidator(_emn_version)]
    metadata: Annotated[MatchMetadata, BeforeValidator(_object_or_empty)] = Field(
        default_factory=MatchMetadata
    )
    games: Annotated[list[MatchGame], Field(min_length=1, max_length=MAX_GAMES)]


def validate_egn(data: Any) -> EgnGame | EmnMatch:
    """A parsed EGN game or EMN match, validated; ``LogError`` says what is wrong and where."""
    if not isinstance(data, dict):
        raise LogError("this is not an EGN file: it is not a JSON object")
    kind = data.get("fileType")
    model: type[EgnGame] | type[EmnMatch]
    if kind == EGN_FILE_TYPE:
        model = EgnGame
    elif kind == EMN_FILE_TYPE:
        model = EmnMatch
    else:
        raise LogError(
            f"this is not an EGN or EMN file (its fileType is {shown(kind)}, not "
            f"{EGN_FILE_TYPE!r} or {EMN_FILE_TYPE!r})"
        )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise shape_error(exc) from None


def validate_ruleset(ruleset: Any) -> Ruleset:
    """An EGN ruleset (``None`` is EGN's defaults), validated like a file's."""
    if ruleset is None:
        return Ruleset()
    if isinstance(ruleset, Ruleset):
        return ruleset
    try:
        return Ruleset.model_validate(ruleset)
    except ValidationError as exc:
        raise shape_error(exc, ("metadata", "ruleset")) from None


def validate_alternative_line(line: Any) -> AlternativeLine | None:
    """An analysis line kept in a note, or None when it is not one EGN can hold."""
    try:
        return AlternativeLine.model_validate(line)
    except ValidationError:
        return None
