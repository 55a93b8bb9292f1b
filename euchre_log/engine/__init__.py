"""The rules engine: pure standard-library Python, no I/O.

It takes typed actions (``engine.actions``) and returns new state plus flags. All the rules
of the game live here, once: the recorder, the file readers, replay and stats all ask it.
"""

from .actions import (
    ACTION_TYPES,
    Action,
    BennySuit,
    BlindDoubleLoner,
    Call,
    DefendAlone,
    Discard,
    FarmersHand,
    Note,
    Order,
    PartnersBest,
    Pass,
    Penalty,
    Play,
    RenegeCall,
    ThrowIn,
)
from .cards import Card, Seat, Suit, Team
from .flags import Flag, IllegalAction
from .game import GameState, HandResult, hand_result
from .hand import HandState
from .rules import OPTIONS, PRESETS, Rules, RulesError

__all__ = [
    "ACTION_TYPES",
    "OPTIONS",
    "PRESETS",
    "Action",
    "BennySuit",
    "BlindDoubleLoner",
    "Call",
    "Card",
    "DefendAlone",
    "Discard",
    "FarmersHand",
    "Flag",
    "GameState",
    "HandResult",
    "HandState",
    "IllegalAction",
    "Note",
    "Order",
    "PartnersBest",
    "Pass",
    "Penalty",
    "Play",
    "RenegeCall",
    "Rules",
    "RulesError",
    "Seat",
    "Suit",
    "Team",
    "ThrowIn",
    "hand_result",
]
