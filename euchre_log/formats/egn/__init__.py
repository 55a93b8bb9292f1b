"""Read and write EGN, the public Euchre Game Notation (and EMN, its match files).

EGN (NextSuit-Labs/euchre-game-notation, Apache-2.0) records a game as deals of bidding
``calls`` and ``tricks``. A trick lists its cards from the leader onwards, without seats:
``egn_to_logs`` plays every deal through the engine, which knows who leads (the
``loner_lead`` rule, seats that sit out, trick winners), so each card gets its seat and
every play is checked as it would be in a euchre-log/1 file.

The mapping, both ways:

- Seats: EGN's player index 0 is North, and the indices go clockwise (N E S W). ``calls[i]``
  belongs to seat ``(dealer + 1 + i) % 4``; round one's ``Order`` is our ``order``.
- ``isAlone`` is the maker's alone flag, ``aloneDefender`` a ``defend_alone`` action, and a
  round-one order without a ``discard`` gets an unseen discard (``card: null``).
- ``playerCards`` (1.0: ``player_cards``) is ``deal``, for the seats it lists; 1.0's
  ``kitty`` is ``kitty``; ``initialScore`` is ``initial_score``; ``finalScore`` is checked
  against the play.
- ``callAnnotations`` and ``playAnnotations`` (1.0: ``calls_annotations``,
  ``tricks_annotations``) become ``note`` actions right after the call or play they are keyed
  to (play keys count every card played in the deal, from 0), text unchanged, so their
  ``[?]``/``[!!]`` labels stay. ``alternativeLines`` (analysis) become notes at their branch
  point that carry the whole line, so writing the game out again restores them.
- The ruleset keys map onto ``Rules`` options; a key or value with no equivalent is refused
  by name. Cards may be written ``9c``, ``Ts``, ``Nc`` (N for nine), ``R``/``L`` (the bowers
  of the deal's trump) or ``B`` (the joker); an unknown card (``X``) is refused.
- ``cardExchanges`` between a lone player and their partner are partner's best; exchanges
  with the kitty (EGN's farmers, going under) have no equivalent and are refused.

``logs_to_egn`` writes EGN 1.4. What EGN has no field for travels in annotations whose text
ends with `` #euchre-log {json}``: renege calls, penalties, notes that name a seat or sit
where EGN cannot key them (before the first call, after the discard), the kitty, and the
variants' own actions (naming the Benny's suit, the blind double loner, the farmer's hand,
throw-ins). Under club euchre the dealer's forced take-up is written as three passes and the
dealer's Order, with a marker. Rule options with no EGN key go into the description as a
``euchre-log rules: {json}`` line. ``egn_to_logs`` reads all of these back into the same
actions.

The package: ``shape`` (Pydantic models of EGN's JSON, with a bound on every list and
text) and ``words`` (their errors said in a card player's words), ``source`` (bytes to a
document, within bounds), ``cards`` (EGN's card notation), ``rules`` (rulesets),
``annotations`` (what travels in annotation text), ``read`` and ``write``; ``notation``
holds what they share. A malformed file is refused with a ``LogError`` that names the game,
the deal and the field, never with a crash.
"""

from .annotations import TAG, annotation_text, split_annotation
from .cards import egn_card_text, parse_egn_card
from .notation import EGN_FILE_TYPE, EGN_VERSION, EMN_FILE_TYPE
from .read import egn_to_logs, is_egn
from .rules import rules_from_egn, rules_to_egn
from .source import parse_egn_bytes
from .write import logs_to_egn

__all__ = [
    "EGN_FILE_TYPE",
    "EGN_VERSION",
    "EMN_FILE_TYPE",
    "TAG",
    "annotation_text",
    "egn_card_text",
    "egn_to_logs",
    "is_egn",
    "logs_to_egn",
    "parse_egn_bytes",
    "parse_egn_card",
    "rules_from_egn",
    "rules_to_egn",
    "split_annotation",
]
