"""What EGN's readers and writers share: the file types, the version written, and the
lines of a game's description that carry what EGN has no field for."""

from __future__ import annotations

import re
from typing import Final

EGN_FILE_TYPE: Final = "Euchre Game Notation"
EMN_FILE_TYPE: Final = "Euchre Match Notation"
EGN_VERSION: Final = "1.4"
"""The EGN version that ``logs_to_egn`` writes."""

RULES_LINE: Final = "euchre-log rules: "
"""Starts the description line that carries rule options EGN has no key for."""
GAME_ID_LINE: Final = "EGN game id: "
DATE_LINE: Final = "Date: "

EGN_DATE: Final = re.compile(
    r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$"
)
"""A date as EGN's schema allows it; any other date goes into the description."""
