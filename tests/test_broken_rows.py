"""Rows changed by hand, behind euchre-log's back: every command that reads the game says
which game and what is wrong (exit 2), and the commands that only list go on.

Each test runs on SQLite and on PostgreSQL. ``verify``, whose findings another part of
the tool owns, is only checked not to crash.
"""

from __future__ import annotations

import pytest

from .conftest import SAMPLES, Cli, Database


@pytest.fixture
def db(any_db: Database) -> Database:
    """Each test's database: SQLite, then PostgreSQL."""
    return any_db


@pytest.fixture
def stored(cli: Cli, db: Database) -> Database:
    """Game 1 imported (the renege dispute), game 2 recorded (a hand and an undo)."""
    cli.json("import", str(SAMPLES / "renege-dispute.json"))
    cli.json("new", "--players", "Eve,Fay,Gus,Hal", "--dealer", "W")
    assert cli("record", "2", input="9h o 9s\nah th jh 9h\nundo\n").exit_code == 0
    return db


READERS = [
    ("summary", "2"),
    ("summary", "2", "--json"),
    ("replay", "2"),
    ("replay", "2", "--json"),
    ("explain", "2"),
    ("export", "2"),
    ("export", "2", "--format", "csv"),
    ("export", "2", "--format", "egn"),
    ("export", "2", "--format", "html"),
    ("record", "2"),
]

BREAKAGES = {
    "data not JSON": (
        "UPDATE action SET data = 'not json {' WHERE game_id = 2 AND seq = 2",
        "entry 2 holds 'not json {', which is not an entry",
    ),
    "data a JSON list": (
        "UPDATE action SET data = '[1, 2]' WHERE game_id = 2 AND seq = 3",
        "entry 3 holds '[1, 2]', which is not an entry",
    ),
    "an action of no kind": (
        """UPDATE action SET data = '{"type": "dance", "seat": "N"}' WHERE game_id = 2 AND seq = 3""",
        "entry 3: unknown action type 'dance'",
    ),
    "a deal without an upcard": (
        """UPDATE action SET data = '{"dealer": "W"}' WHERE game_id = 2 AND seq = 1""",
        "entry 1: a hand's start holds",
    ),
    "a bogus undo": (
        """UPDATE action SET data = '{"undoes": 99}' WHERE game_id = 2 AND kind = 'undo'""",
        "takes back entry 99, which is not the last one standing",
    ),
    "an undo of text": (
        """UPDATE action SET data = '{"undoes": "x"}' WHERE game_id = 2 AND kind = 'undo'""",
        "takes back entry 'x'",
    ),
    "a bad first dealer": (
        "UPDATE game SET first_dealer = 'X' WHERE id = 2",
        "its first dealer is 'X', not a seat",
    ),
    "rules not JSON": (
        "UPDATE game SET rules = 'family, please' WHERE id = 2",
        "the stored rules cannot be read: they are not valid JSON",
    ),
    "rules a JSON list": (
        "UPDATE game SET rules = '[\"family\"]' WHERE id = 2",
        "the stored rules cannot be read: they are not a JSON object of options",
    ),
    "rules nested deep": (
        "UPDATE game SET rules = '" + "[" * 5000 + "]" * 5000 + "' WHERE id = 2",
        "the stored rules cannot be read: they are not a game log: its JSON nests",
    ),
    "rules with a bad value": (
        """UPDATE game SET rules = '{"target": "\u00b2"}' WHERE id = 2""",
        "rule option 'target' cannot be '²'",
    ),
    "a missing seat": (
        "DELETE FROM game_seat WHERE game_id = 2 AND seat = 'E'",
        "nobody sits East",
    ),
}


@pytest.mark.parametrize("breakage", list(BREAKAGES))
def test_each_reading_command_names_the_game_and_what_is_wrong(
    cli: Cli, stored: Database, breakage: str
) -> None:
    statement, words = BREAKAGES[breakage]
    stored.sql(statement)
    for args in READERS:
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "game 2" in result.stderr and words in result.stderr, (args, result.stderr)
        assert len(result.stderr.splitlines()) == 1, result.stderr
    # Listing and counting read the caches, and go on.
    assert cli("games").exit_code == 0
    assert cli("stats").exit_code == 0
    assert cli("summary", "1").exit_code == 0  # the other game is fine
    cli("verify")  # another part's findings: it only must not crash


def test_a_game_whose_rules_changed_still_lists_and_opens(cli: Cli, stored: Database) -> None:
    """An old database is judged again when opened: a game that no longer reads is left for
    verify to report, and the database still opens for every command."""
    stored.sql(
        "UPDATE game SET rules = 'x' WHERE id = 2", "DELETE FROM meta WHERE key = 'judged_by'"
    )
    assert cli("games").exit_code == 0
    assert cli("summary", "1").exit_code == 0
    result = cli("summary", "2")
    assert result.exit_code == 2 and "game 2 cannot be read" in result.stderr
