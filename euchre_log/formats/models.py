"""Pydantic models of the euchre-log/1 file format and the euchre-log-check/1 report.

These models are the public contract of LOG_FORMAT.md. The JSON Schemas in ``schemas/``
are generated from them (``euchre-log schema``). Readers accept every card notation the
format lists and store the canonical form; files are always written canonically.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from typing_extensions import TypedDict

from ..engine import limits
from ..engine.cards import (
    CARD_TEXT,
    SEAT_LETTERS,
    SUIT_LETTERS,
    CardError,
    parse_card,
    parse_seat,
    parse_suit,
)
from ..engine.flags import ProofKind
from ..engine.limits import MAX_ACTIONS, MAX_HANDS
from ..engine.rules import OPTIONS, PRESETS, Rules, RulesError
from .names import CHECK_FORMAT as CHECK_FORMAT
from .names import LOG_FORMAT as LOG_FORMAT
from .text import four_players, name_problem


def _card(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a card")
    try:
        return CARD_TEXT[parse_card(value)]
    except CardError as exc:
        raise ValueError(str(exc)) from None


def _seat(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return SEAT_LETTERS[parse_seat(value)]
        except CardError as exc:
            raise ValueError(str(exc)) from None
    return value


def _suit(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return SUIT_LETTERS[parse_suit(value)]
        except CardError as exc:
            raise ValueError(str(exc)) from None
    return value


CanonicalCard = Literal[
    "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC",
    "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD",
    "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH",
    "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS",
    "BJ",
]  # fmt: skip
# The canonical form is checked in Rust; only other notations ("10♦", "jd") pay for the
# Python parser.
Card = Annotated[
    Union[CanonicalCard, Annotated[str, BeforeValidator(_card)]],
    Field(union_mode="left_to_right"),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": "^([789TJQKA][CDHS]|BJ)$",
            "description": "A card, rank then suit: 9H, TD, JC, AS; BJ is the Benny. "
            "Readers also accept 10D, 10♦, j♦, ♦J, DJ and lower case.",
        }
    ),
]
Seat = Literal["N", "E", "S", "W"]
Suit = Annotated[Literal["C", "D", "H", "S"], BeforeValidator(_suit)]
Team = Literal["NS", "EW"]


class TeamScore(BaseModel):
    """Points or tricks for each team."""

    model_config = ConfigDict(extra="forbid")
    NS: int
    EW: int


class InitialScore(BaseModel):
    """The score when the record starts; a team left out starts at 0."""

    model_config = ConfigDict(extra="forbid")
    NS: int = Field(default=0, ge=-limits.MAX_START_SCORE, le=limits.MAX_START_SCORE)
    EW: int = Field(default=0, ge=-limits.MAX_START_SCORE, le=limits.MAX_START_SCORE)


# ---------------------------------------------------------------------------
# Actions


# Actions are TypedDicts rather than models: a season's re-check validates hundreds of
# thousands of them, and pydantic-core builds plain dicts far faster than model instances.
# Fields left out take the defaults the format gives (alone: false, card: null...).


class PassAction(TypedDict):
    """A pass, in either bidding round."""

    type: Literal["pass"]
    seat: Seat


class OrderAction(TypedDict):
    """Round one: accept the upcard's suit (order up, assist, or take it up)."""

    type: Literal["order"]
    seat: Seat
    alone: NotRequired[bool]


class CallAction(TypedDict):
    """Round two: name trump."""

    type: Literal["call"]
    seat: Seat
    suit: Suit
    alone: NotRequired[bool]


class DiscardAction(TypedDict):
    """The dealer's discard; ``card`` is null (or left out) when nobody saw it."""

    type: Literal["discard"]
    seat: Seat
    card: NotRequired[Card | None]


class DefendAloneAction(TypedDict):
    """A defender defends alone against a lone hand."""

    type: Literal["defend_alone"]
    seat: Seat


class PlayAction(TypedDict):
    """A card played to the current trick."""

    type: Literal["play"]
    seat: Seat
    card: Card


class RenegeCallAction(TypedDict):
    """``seat`` says that ``accused`` reneged on ``trick``; ``shown`` are cards the accused
    still held, if they were shown; ``penalty`` is the innocent side's choice (award or
    deduct), null taking the rules' renege_penalty."""

    type: Literal["renege_call"]
    seat: Seat
    accused: Seat
    trick: Annotated[int, Field(ge=1, le=5)]
    shown: NotRequired[list[Card]]
    penalty: NotRequired[Literal["award", "deduct"] | None]


class PenaltyAction(TypedDict):
    """A penalty the table agreed on: ``points`` (maybe negative) are added to ``team``."""

    type: Literal["penalty"]
    seat: Seat
    team: Team
    points: Annotated[int, Field(ge=-limits.MAX_PENALTY, le=limits.MAX_PENALTY)]
    reason: NotRequired[Annotated[str, Field(max_length=limits.MAX_REASON)]]


class NoteAction(TypedDict):
    """A comment on the hand; it changes nothing in the play."""

    type: Literal["note"]
    seat: NotRequired[Seat | None]
    text: Annotated[str, Field(max_length=limits.MAX_NOTES)]


class TricksAction(TypedDict):
    """The rest of the hand without its cards: from the current trick boundary on, NS took
    ``NS`` tricks and EW ``EW`` (together, the tricks still to play). No seat."""

    type: Literal["tricks"]
    NS: Annotated[int, Field(ge=0, le=5)]
    EW: Annotated[int, Field(ge=0, le=5)]


class ClaimAction(TypedDict):
    """``seat`` shows their cards and claims every remaining trick for their side."""

    type: Literal["claim"]
    seat: Seat


class BennySuitAction(TypedDict):
    """25-card deck: the Benny was turned up and the dealer names the suit on offer."""

    type: Literal["benny_suit"]
    seat: Seat
    suit: Suit


class BlindDoubleLonerAction(TypedDict):
    """Declared before looking: the turned card's suit is trump and ``seat`` plays alone."""

    type: Literal["blind_double_loner"]
    seat: Seat


class FarmersHandAction(TypedDict):
    """A weak hand exchanged with the kitty: ``shown`` go in, ``received`` (empty when
    nobody else saw them) come out."""

    type: Literal["farmers_hand"]
    seat: Seat
    shown: Annotated[list[Card], Field(min_length=1, max_length=5)]
    received: NotRequired[Annotated[list[Card], Field(max_length=5)]]


ThrowInName = Literal[
    "nines-and-tens",
    "ace-no-face",
    "king-nothing",
    "three-queens",
    "jack-nothing",
    "no-ace-no-face",
]


class ThrowInAction(TypedDict):
    """A named poor hand shown and thrown in for a new deal."""

    type: Literal["throw_in"]
    seat: Seat
    hand: ThrowInName
    shown: Annotated[list[Card], Field(min_length=1, max_length=6)]


class PartnersBestAction(TypedDict):
    """A lone player (or lone defender) swaps one card with their partner; null when unseen."""

    type: Literal["partners_best"]
    seat: Seat
    gave: NotRequired[Card | None]
    received: NotRequired[Card | None]


ActionModel = Annotated[
    Union[
        PassAction,
        OrderAction,
        CallAction,
        DiscardAction,
        DefendAloneAction,
        PlayAction,
        RenegeCallAction,
        PenaltyAction,
        NoteAction,
        TricksAction,
        ClaimAction,
        BennySuitAction,
        BlindDoubleLonerAction,
        FarmersHandAction,
        ThrowInAction,
        PartnersBestAction,
    ],
    Field(discriminator="type"),
]


# ---------------------------------------------------------------------------
# The check report's per-hand result (also ``hands[].result`` in an exported log)


class Proof(BaseModel):
    """How a renege is proven: the card held, the card played instead, and how it is known."""

    held: Card
    played: Card
    led: Suit
    how: ProofKind
    trick: int | None = Field(default=None, description="The trick of the later play.")


class FlagModel(BaseModel):
    """An irregularity the engine found."""

    kind: str = Field(
        description="renege, illegal_bid, dealt_out_of_turn, false_renege_call, "
        "unresolved_renege_call, bad_claim (a claim the other side could beat: the seat and "
        "trick are the claimer's and the first trick the others could win), or a kind that "
        "a variant adds: invalid_farmers_hand, invalid_throw_in, invalid_exchange"
    )
    seat: Seat | None
    trick: int | None
    message: str
    accused: Seat | None = Field(default=None, description="For renege calls: the accused seat.")
    proof: Proof | None = Field(default=None, description="For reneges: the proof.")


Outcome = Literal[
    "made", "march", "euchred", "passed_out", "renege_penalty", "thrown_in", "incomplete"
]


class HandResultModel(BaseModel):
    """The engine's verdict on one hand."""

    number: int
    dealer: Seat
    trump: Suit | None
    maker: Seat | None
    alone: bool
    defender_alone: Seat | None
    tricks: TeamScore
    points: TeamScore
    outcome: Outcome
    score_after: TeamScore
    flags: list[FlagModel]


# ---------------------------------------------------------------------------
# A game log


def _rules(value: dict[str, Any]) -> dict[str, Any]:
    try:
        Rules.build(value)
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    return value


def _rules_schema() -> dict[str, Any]:
    props: dict[str, Any] = {
        "preset": {
            "enum": list(PRESETS),
            "description": "A named ruleset; other fields override it.",
        }
    }
    for option in OPTIONS.values():
        desc = f"{option.meaning} (source: {option.source}; default {option.default!r})"
        if option.kind == "bool":
            props[option.name] = {"type": "boolean", "description": desc}
        elif option.kind == "int":
            schema: dict[str, Any] = {"type": "integer", "minimum": 1, "description": desc}
            if option.choices:
                schema["enum"] = list(option.choices)
            props[option.name] = schema
        elif option.kind == "choice":
            props[option.name] = {"enum": list(option.choices), "description": desc}
        else:
            props[option.name] = {
                "type": "array",
                "items": {"enum": list(option.choices)},
                "description": desc,
            }
    return {"type": "object", "properties": props, "additionalProperties": False}


RulesSpec = Annotated[dict[str, Any], AfterValidator(_rules), WithJsonSchema(_rules_schema())]


class GameInfo(BaseModel):
    """Who played, under which rules, and anything else worth keeping about the game."""

    model_config = ConfigDict(extra="ignore")
    title: str | None = Field(default=None, max_length=limits.MAX_TITLE)
    date: str | None = Field(
        default=None,
        max_length=limits.MAX_DATE,
        description="The day it was played, as YYYY-MM-DD (EGN's date and time, "
        "2026-05-29T16:30, also counts). Other text is kept as it was written, but it is no "
        "date: stats --since leaves that game out.",
    )
    players: dict[Seat, Annotated[str, Field(min_length=1, max_length=limits.MAX_NAME)]]
    rules: RulesSpec = Field(default_factory=dict)
    initial_score: InitialScore = Field(default_factory=InitialScore)
    notes: str | None = Field(default=None, max_length=limits.MAX_NOTES)
    head_hash: str | None = Field(
        default=None,
        pattern="^[0-9a-f]{64}$",
        description="Written by export: SHA-256 chained over the players, rules, starting "
        "score and every hand's deal and actions; readers refuse a file that no longer matches.",
    )
    fingerprint: str | None = Field(
        default=None,
        pattern="^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$",
        description="Written by export: the first 80 bits of head_hash in Crockford's base 32 "
        "(7K3Q-M9XD-A2PW-TR4H), short enough to read aloud or photograph; euchre-log verify "
        "GAME --fingerprint checks a stored game against it. Readers refuse a file whose "
        "players, rules and hands no longer have it.",
    )

    @field_validator("players")
    @classmethod
    def _four_players(cls, value: dict[str, str]) -> dict[str, str]:
        return four_players(value)

    @field_validator("title")
    @classmethod
    def _one_line_title(cls, value: str | None) -> str | None:
        problem = None if value is None else name_problem(value, "the title")
        if problem is not None:
            raise ValueError(problem)
        return value


class HandRecord(BaseModel):
    """One hand: who dealt, the upcard, what was shown, and what happened."""

    model_config = ConfigDict(extra="ignore")
    dealer: Seat
    upcard: Card
    deal: dict[Seat, list[Card]] | None = None
    kitty: list[Card] | None = None
    actions: list[ActionModel] = Field(default_factory=list, max_length=MAX_ACTIONS)
    result: HandResultModel | None = None


class GameLog(BaseModel):
    """One game in one file: the ``euchre-log/1`` format."""

    model_config = ConfigDict(extra="ignore")
    format: Literal["euchre-log/1"]
    game: GameInfo
    hands: list[HandRecord] = Field(default_factory=list, max_length=MAX_HANDS)

    @model_validator(mode="after")
    def _within_the_game_limits(self) -> GameLog:
        """The limits of a whole game (``engine.limits``), which the recorder holds a game
        to as well: its actions and its notes and reasons, all hands together."""
        actions = sum(len(h.actions) for h in self.hands)
        if actions > limits.MAX_GAME_ACTIONS:
            raise ValueError(f"{limits.too_many_game_actions()}; this file has {actions}")
        text = 0
        for hand in self.hands:
            for a in hand.actions:
                if a["type"] == "note":
                    text += len(a["text"])
                elif a["type"] == "penalty":
                    text += len(a.get("reason", ""))
        if text > limits.MAX_GAME_TEXT:
            raise ValueError(limits.too_much_text(text))
        return self


# ---------------------------------------------------------------------------
# The check report


class ErrorModel(BaseModel):
    """Why a file was rejected: hand is numbered from 1, action is its index from 0."""

    message: str
    hand: int | None = None
    action: int | None = None


class GameReport(BaseModel):
    """The verdict on one game: each hand's result, the score and the winner."""

    file: str
    error: ErrorModel | None
    hands: list[HandResultModel]
    score: TeamScore | None
    winner: Team | None


class CheckReport(BaseModel):
    """The ``euchre-log-check/1`` report of ``euchre-log check --json``."""

    format: Literal["euchre-log-check/1"] = "euchre-log-check/1"
    games: list[GameReport]
