"""Names and titles at the door: plain text on one line, normalised so that one person is
one player, whichever way their name was typed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from .conftest import Cli
from .test_user_text import log_with, raw_controls


@pytest.mark.parametrize(
    "name",
    ["A\x1b[2J", "A\nB", "A\rB", "A\x00B", "A\tB", "\u202eA", "A\u2028B", "A\x85B", "A\udcffB"],
)
def test_new_refuses_a_name_with_a_control_character(cli: Cli, name: str) -> None:
    result = cli("new", "--players", f"{name},B,C,D")
    assert result.exit_code == 2
    assert "the name of the North player cannot hold" in result.stderr
    assert raw_controls(result.stderr) == []
    assert cli("new", "--north", name, "--east", "B", "--south", "C", "--west", "D").exit_code == 2
    assert cli.json("games")["games"] == []


def test_new_refuses_a_title_with_a_control_character(cli: Cli) -> None:
    result = cli("new", "--players", "A,B,C,D", "--title", "Friday\nnight")
    assert result.exit_code == 2 and "the title cannot hold line break" in result.stderr
    assert cli.json("games")["games"] == []


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("N", "Ann\x1b[2J", "the name of the North player cannot hold ESC (U+001B)"),
        ("W", "Dan\nW played AS", "the name of the West player cannot hold line break"),
        ("E", "\u202eboB", "the name of the East player cannot hold right-to-left override"),
    ],
)
def test_files_refuse_names_with_control_characters(
    cli: Cli, tmp_path: Path, field: str, value: str, words: str
) -> None:
    doc = log_with("renege-dispute.json", {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"})
    doc["game"]["players"][field] = value
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    report = json.loads(cli("check", "--json", str(path)).stdout)
    assert words in report["games"][0]["error"]["message"]
    result = cli("import", str(path))
    assert result.exit_code == 2 and words in result.stderr
    assert cli.json("games")["games"] == []


def test_files_refuse_a_title_with_a_control_character(cli: Cli, tmp_path: Path) -> None:
    doc = log_with(
        "renege-dispute.json", {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}, title="a\x1bb"
    )
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 2 and "the title cannot hold ESC" in result.stderr


def test_egn_files_refuse_names_with_control_characters(
    cli: Cli, tmp_path: Path, egn_corpus: Path
) -> None:
    doc = json.loads((egn_corpus / "Six Points in Two Hands.egn").read_text(encoding="utf-8"))
    doc["metadata"]["players"][1] = "24wil\x1b]52;c;aGk=\x07"
    path = tmp_path / "game.egn"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 2
    assert "the name of the East player cannot hold ESC" in result.stderr


def test_a_name_is_normalised_and_folded_for_matching() -> None:
    from euchre_log.formats.text import name_key, normal_name

    assert normal_name("  Zoe\u0308   van\u200b  Dam ") == "Zoë van Dam"
    assert name_key("ZOE\u0308") == name_key("zoë") == "zoë"


def test_names_are_normalised_so_one_person_is_one_player(cli: Cli, tmp_path: Path) -> None:
    cli("new", "--players", "Zoë,Bob,Cat,Dan")
    cli("new", "--players", "Zoe\u0308,B\u200bob,Cat  ,  Dan")
    doc = log_with("renege-dispute.json", {"N": "ZOE\u0308", "E": "Bob", "S": "Cat", "W": "Dan"})
    (tmp_path / "g.json").write_text(json.dumps(doc), encoding="utf-8")
    cli("import", str(tmp_path / "g.json"))
    names = [p["name"] for p in cli.json("stats")["players"]]
    assert sorted(names) == ["Bob", "Cat", "Dan", "Zoë"]
    assert cli.json("stats", "--player", "zoe\u0308")["players"][0]["games"] == 3
    # Two spellings of one name cannot be two players of a game.
    result = cli("new", "--players", "Zoë,Zoe\u0308,Cat,Dan")
    assert result.exit_code == 2 and "four different names" in result.stderr


def test_a_player_stored_before_normalising_keeps_their_name(cli: Cli, db: Path) -> None:
    """A database from before holds "Zoe\u0308" as written, keyed without normalising: a
    new game with "Zoë" is the same player, and the old game keeps the stored name."""
    cli("new", "--players", "Zoe\u0308,Bob,Cat,Dan")
    with sqlite3.connect(db) as con:
        con.execute(
            "UPDATE player SET name = ?, key = ? WHERE name = 'Zoë'", ("Zoe\u0308", "zoe\u0308")
        )
    cli("new", "--players", "Zoë,Bob,Cat,Dan")
    players = cli.json("stats")["players"]
    assert [p["name"] for p in players if p["name"].startswith("Zo")] == ["Zoe\u0308"]
    assert cli.json("stats", "--player", "Zoë")["players"][0]["games"] == 2
    assert cli.json("summary", "1")["players"]["N"] == "Zoe\u0308"
