"""The engine's actions a reader makes most, one shared object each.

A play, a pass, an order, a discard and a call are immutable values, and a season of games
holds only a few hundred different ones (4 seats by 33 cards...): the reader
(``reader.engine_action``) hands out these objects instead of building one per card
played, and the journal finds their stored texts by identity (``store.journal``).
"""

from __future__ import annotations

from typing import Final

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, CARDS, SEAT_LETTERS, SEATS, SUIT_LETTERS, SUITS

CARD_INDEX: Final = {text: CARDS[i] for i, text in enumerate(CARD_TEXT)}
"""Each card's ``Card``, by the text a log writes (``TD``)."""
SEAT_INDEX: Final = {s: SEATS[i] for i, s in enumerate(SEAT_LETTERS)}
SUIT_INDEX: Final = {s: SUITS[i] for i, s in enumerate(SUIT_LETTERS)}

PLAYS: Final = {(s, c): A.Play(SEAT_INDEX[s], i) for s in SEAT_INDEX for c, i in CARD_INDEX.items()}
"""The play of each card by each seat, by (seat, card) as a log writes them."""
PASSES: Final = {s: A.Pass(i) for s, i in SEAT_INDEX.items()}
ORDERS: Final = {
    (s, alone): A.Order(i, alone) for s, i in SEAT_INDEX.items() for alone in (False, True)
}

DISCARDS: Final = {
    (s, c): A.Discard(i, None if c is None else CARD_INDEX[c])
    for s, i in SEAT_INDEX.items()
    for c in (None, *CARD_INDEX)
}
"""The dealer's discard of each card (None: nobody saw it), by (seat, card)."""
CALLS: Final = {
    (s, suit, alone): A.Call(i, SUIT_INDEX[suit], alone)
    for s, i in SEAT_INDEX.items()
    for suit in SUIT_INDEX
    for alone in (False, True)
}
"""Naming trump in round two, by (seat, suit, alone)."""


def shared_actions() -> list[A.Action]:
    """The shared actions (kept alive for the program's life)."""
    return [
        *PLAYS.values(),
        *PASSES.values(),
        *ORDERS.values(),
        *DISCARDS.values(),
        *CALLS.values(),
    ]
