"""Text in, commands out: a line of the recorder's grammar read against a hand.

The grammar is the one the recorder, the phones' server and a script all speak: short
tokens typed at the table (``9h p p o 9s ah th jh 9h``, ``renege E 2``, ``deal N ah kh qh
td 9c``, ``undo``, ``end``). A token means what the hand makes of it: ``h`` names hearts in
round two, and a run like ``ppo`` is three bids while bidding lasts. So a line is read one
command at a time (``Reader.next``), each against the hand as the commands before it left
it; ``parse_line`` does that on a copy, for a script that wants the commands alone.

Who says a line matters (``Speaker``). The table speaks for whoever is to act and knows
what the record knows: a rank alone (``a``) names a card when the record proves which one
the seat holds. A seat speaks for itself alone, and knows its own cards only, as it entered
them: a rank alone resolves from those, a line for another seat is refused with
``NotYours``, and a refusal never names a card the seat cannot see.

A refused line raises ``TextError``, which names the token (``token`` and its place on the
line, ``index``) and says what was expected, in a card player's words.

>>> from euchre_log.engine.cards import NORTH, parse_card
>>> from euchre_log.engine.hand import HandState
>>> from euchre_log.engine.rules import Rules
>>> hand = HandState(Rules(), NORTH, parse_card("9h"))
>>> parse_line("ppo 9s", hand)
(Pass(E), Pass(S), Order(W), Discard(N, 9S))
>>> parse_line("o!", hand)
(Order(E, alone=True),)
>>> try:
...     parse_line("p p x", hand)
... except TextError as exc:
...     print(exc.index, exc)
2 'x': in round one W may pass (p) or order up hearts (o, or o! to go alone)

A seat says its own line, and a rank alone names one of the cards it entered:

>>> from euchre_log.engine.cards import EAST, parse_card
>>> east = Speaker(EAST, tuple(parse_card(c) for c in ("ah", "kh", "qh", "td", "9c")))
>>> parse_line("p", hand, east)
(Pass(E),)
>>> try:
...     parse_line("p p", hand, east)
... except NotYours as exc:
...     print(exc)
'p': it is S's turn to pass or order up hearts
"""

from .lines import (
    Choice,
    apply_line,
    choices,
    new_hand,
    parse_line,
    redeal,
    view_without,
)
from .reader import Reader
from .words import (
    MAX_LINE,
    RANK_WORDS,
    TABLE,
    At,
    Command,
    Deal,
    Dealer,
    End,
    Meta,
    NotYours,
    Situation,
    Speaker,
    Step,
    TextError,
    Undo,
    Upcard,
    expected,
    own_cards,
    table_text,
)

__all__ = [
    "MAX_LINE",
    "RANK_WORDS",
    "TABLE",
    "At",
    "Choice",
    "Command",
    "Deal",
    "Dealer",
    "End",
    "Meta",
    "NotYours",
    "Reader",
    "Situation",
    "Speaker",
    "Step",
    "TextError",
    "Undo",
    "Upcard",
    "apply_line",
    "choices",
    "expected",
    "new_hand",
    "own_cards",
    "parse_line",
    "redeal",
    "table_text",
    "view_without",
]
