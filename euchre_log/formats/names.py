"""The format names and field lists, without Pydantic: what the readers, writers and the
store share with the models of ``models.py`` and ``outputs.py``, which take them from here
(the limits of a game are the engine's, ``engine.limits``).

A command that only reads the database (``games``, ``summary``, ``stats``...) needs these
and none of the models, so it does not import Pydantic for them.
"""

from __future__ import annotations

LOG_FORMAT = "euchre-log/1"
CHECK_FORMAT = "euchre-log-check/1"

PLAYER_FIELDS = (  # the counts of every player in stats --json, in order
    "games",
    "wins",
    "hands",
    "calls",
    "made",
    "marches",
    "euchred",
    "alone_calls",
    "alone_marches",
    "defended_alone",
    "euchres_as_defender",
    "reneges",
    "points",
)

REVIEW_FIELDS = (  # the review's counts of a player in stats (outputs.ReviewStats), in order
    "hands",
    "plays",
    "choices",
    "tricks_given",
    "accuracy",
    "makeable_not_made",
    "avoidable_euchres",
    "fair_choices",
    "fair_accuracy",
)

# The rows of stats' SQL (``store.stats_queries``), which ``store.stats`` adds up.
TEAMS = {"NS": ("N", "S"), "EW": ("E", "W")}
CALL_FIELDS = ("calls", "made", "marches", "euchred")
TEAM_COUNTS = ("games", "wins", "hands", "points", "points_against", *CALL_FIELDS)
SUM_FIELDS = (*TEAM_COUNTS, "euchred_against")
"""The counts of a row of ``stats_queries.sums``, besides ``kind``, ``a`` and ``b``."""
