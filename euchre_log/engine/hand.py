"""One hand of Euchre, played out action by action.

``HandState`` takes the dealer, the upcard and (optionally) the cards that were shown,
then accepts the hand's actions one at a time. An action that cannot have happened at a
real table (out of turn, a card seen twice, a seat that sits out) raises
``IllegalAction`` and leaves the state exactly as it was. An action that did happen but
breaks the rules (a renege, an illegal bid) is accepted and raises a ``Flag`` as soon as
the record proves it.

It is three parts, each using only the ones before it:

- the play machine (``bidding.Bidding``, ``play.PlayMachine``): phases, turns, legal
  actions, ``apply``, tricks and a hand's score; it knows nothing of proofs;
- card knowledge (``holdings.CardKnowledge``): who may hold which card, as the record
  shows it;
- the dispute judge (``judge.DisputeJudge``): renege proofs, renege calls and their
  verdicts, claims checked.

Everything here is integers and bit masks, and recording a play allocates nothing: a
season of hands is re-checked in seconds.

>>> from .actions import Order
>>> from .cards import EAST, NORTH, parse_card
>>> dealt = tuple(parse_card(c) for c in ("ah", "kc", "qc", "jc", "tc"))
>>> hand = HandState(Rules(), NORTH, parse_card("9h"), deal={EAST: dealt})
>>> hand.apply(Order(EAST))
()
>>> hand.expected()
'N (the dealer) must discard first'
>>> hand.can(Order(EAST))
<Legality.IMPOSSIBLE: 'impossible'>
"""

from __future__ import annotations

from typing import Final

from .actions import ACTION_CLASSES
from .bidding import (
    DISCARD,
    FLAGGED,
    IMPOSSIBLE,
    LEGAL,
    NAMING,
    OVER,
    PLAY,
    ROUND_ONE,
    ROUND_TWO,
    THROW_IN_RULES,
    Legality,
    Phase,
    seat_text,
    throw_in_qualifies,
)
from .holdings import KITTY_SIZE
from .judge import DisputeJudge
from .rules import Rules
from .scoring import EUCHRED, MADE, MARCH


class HandState(DisputeJudge):
    """The state of one hand, and the flags raised so far. See the module docstring."""

    __slots__ = ()


if set(HandState._handlers) != set(ACTION_CLASSES):  # pragma: no cover - a mistake here
    raise AssertionError("every kind of action needs a handler in the engine's hand layers")

__all__: Final = (
    "DISCARD",
    "EUCHRED",
    "FLAGGED",
    "IMPOSSIBLE",
    "KITTY_SIZE",
    "LEGAL",
    "MADE",
    "MARCH",
    "NAMING",
    "OVER",
    "PLAY",
    "ROUND_ONE",
    "ROUND_TWO",
    "THROW_IN_RULES",
    "HandState",
    "Legality",
    "Phase",
    "Rules",
    "seat_text",
    "throw_in_qualifies",
)
