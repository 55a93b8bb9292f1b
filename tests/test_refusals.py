"""Crashes that are refusals now: each input that ended in "internal error" (exit 3) is
refused in words, saying where (exit 2), and nothing of it is stored."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from euchre_log.engine.rules import OPTIONS, Rules, RulesError

from .conftest import Cli

# --- The recorder's input ---------------------------------------------------------------


@pytest.mark.parametrize("as_json", [False, True], ids=["plain", "json"])
def test_piped_bytes_that_are_not_utf8_are_refused_by_line(cli: Cli, as_json: bool) -> None:
    """``note caf\\xe9`` piped into record (Latin-1, not UTF-8) crashed."""
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    args = ("record", "1", *(["--json"] if as_json else []))
    result = cli(*args, input=b"9h o 9s\nnote caf\xe9\nah\n")  # type: ignore[arg-type]
    assert result.exit_code == 2
    words = "the line is not UTF-8 text (byte 0xe9 at position 9)"
    if as_json:
        last = json.loads(result.stdout.splitlines()[-1])
        assert last == {"line": 2, "ok": False, "error": last["error"], "game": 1}
        assert words in last["error"]
    else:
        assert f"line 2 refused: {words}" in result.stderr
    # What came before the line is stored; nothing of it or after it.
    log = json.loads(cli("export", "1").stdout)
    assert [a["type"] for a in log["hands"][0]["actions"]] == ["order", "discard"]


def test_a_piped_line_is_read_no_further_than_its_limit(cli: Cli) -> None:
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    result = cli("record", "1", input="9h\nnote " + "x" * 100_000 + "\n")
    assert result.exit_code == 2
    assert "line 2 refused: the line is longer than 10000 characters" in result.stderr


def test_a_utf8_byte_order_mark_starts_the_input_harmlessly(cli: Cli) -> None:
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    result = cli("record", "1", input="\ufeff9h o 9s\r\n")
    assert result.exit_code == 0, result.stderr


def test_export_says_why_a_stored_game_over_before_it_starts_cannot_be_egn(
    cli: Cli, db: Path
) -> None:
    """``new --score 10-0`` was accepted by earlier versions: such a stored game is
    exported as EGN with a message, not a crash."""
    cli("new", "--players", "A,B,C,D")
    with sqlite3.connect(db) as con:
        con.execute("UPDATE game SET initial_ns = 10, score_ns = 10")
    result = cli("export", "1", "--format", "egn")
    assert result.exit_code == 2
    assert "game 1 cannot be written as EGN" in result.stderr
    assert "that game was over before this record starts" in result.stderr


# --- Game ids ------------------------------------------------------------------------------


HUGE_IDS = [str(2**63), str(2**64 + 5), "9" * 30, "9" * 5000]


@pytest.mark.parametrize("game", HUGE_IDS, ids=lambda g: f"{len(g)} digits")
def test_a_game_id_no_database_can_hold_names_no_game(cli: Cli, game: str) -> None:
    cli("new", "--players", "A,B,C,D")
    for args in (
        ("summary", game),
        ("replay", game),
        ("explain", game),
        ("record", game),
        ("export", game),
        ("export", game, "--format", "html"),
        ("verify", game),
        ("stats", "--game", game),
        ("copy", "--from", str(cli.db), "--to", str(cli.db) + ".copy", game),
    ):
        result = cli(*args)
        assert result.exit_code == 2, args
        assert "there is no game" in result.stderr or "digits is far too long here" in result.stderr


# --- Rule options -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["target", "renege_points", "renege_points_vs_alone", "deck"])
def test_a_number_option_s_message_states_the_range_it_really_takes(name: str) -> None:
    """``--set target=1001`` said "a whole number of 1 or more": the limit is 1,000."""
    option = OPTIONS[name]
    said = option.accepted()
    taken = [v for v in range(-2, 1100) if _takes(name, v)]
    if option.choices:
        assert taken == sorted(option.choices)
        assert said == "one of " + ", ".join(map(str, option.choices))
    else:
        assert (taken[0], taken[-1], len(taken)) == (1, 1000, 1000)
        assert said == "a whole number from 1 to 1000"
    with pytest.raises(RulesError, match=f"it takes {said}$"):
        Rules.build({name: str(max(taken) + 1)})


def _takes(name: str, value: int) -> bool:
    try:
        Rules.build({name: value})
    except RulesError:
        return False
    return True


def test_set_target_1001_is_refused_naming_the_real_limit(cli: Cli) -> None:
    result = cli("new", "--players", "Ann,Bob,Cat,Dan", "--set", "target=1001")
    assert result.exit_code == 2
    assert result.stderr == (
        "euchre-log: rule option 'target' cannot be '1001': it takes a whole number from 1 "
        "to 1000\n"
    )
