"""EGN through the command line: check, import and export accept it like euchre-log/1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import EGN_CORPUS as CORPUS
from .conftest import SAMPLES, Cli

needs_corpus = pytest.mark.usefixtures("egn_corpus")  # fails, never skips, without it


@needs_corpus
def test_check_reads_egn_games_and_matches(cli: Cli) -> None:
    report = cli.json(
        "check",
        str(CORPUS / "Six Points in Two Hands.egn"),
        str(CORPUS / "combination examples/MotE W5 Match.emn"),
    )
    games = report["games"]
    assert len(games) == 1 + 6  # a match file holds six games
    assert games[0]["winner"] == "NS" and games[0]["score"] == {"NS": 10, "EW": 9}
    assert all(g["error"] is None for g in games)


@needs_corpus
def test_check_refuses_an_egn_game_played_on_after_it_was_won(cli: Cli) -> None:
    result = cli("check", "--json", str(CORPUS / "validation examples/July 4th Pairs Finals.egn"))
    assert result.exit_code == 2
    error = json.loads(result.stdout)["games"][0]["error"]
    assert error["hand"] == 10 and "the game was already won by EW" in error["message"]


@needs_corpus
def test_import_an_egn_file_and_export_it_back(cli: Cli, tmp_path: Path) -> None:
    source = CORPUS / "VWEC Finals Annotated.egn"
    (item,) = cli.json("import", str(source))["imported"]
    out = tmp_path / "again.egn"
    assert cli("export", str(item["id"]), "--format", "egn", "-o", str(out)).exit_code == 0
    again = json.loads(out.read_text(encoding="utf-8"))
    original = json.loads(source.read_text(encoding="utf-8"))
    assert again["version"] == "1.4"
    tricks = [
        [t for p in d["phases"] if p["type"] == "TRICK_PLAY" for t in p["tricks"]]
        for d in again["deals"]
    ]
    first = [
        [t for p in d["phases"] if p["type"] == "TRICK_PLAY" for t in p["tricks"]]
        for d in original["deals"]
    ]
    assert [[[c.upper() for c in t] for t in d] for d in tricks] == [
        [[c.upper() for c in t] for t in d] for d in first
    ]


def test_a_renege_dispute_survives_the_trip_through_egn(cli: Cli, tmp_path: Path) -> None:
    (item,) = cli.json("import", str(SAMPLES / "renege-dispute.json"))["imported"]
    egn = tmp_path / "dispute.egn"
    assert cli("export", str(item["id"]), "--format", "egn", "-o", str(egn)).exit_code == 0
    checked = cli.json("check", str(egn), code=1)["games"][0]
    assert checked["hands"][0]["outcome"] == "renege_penalty"
    assert checked["hands"][0]["points"] == {"NS": 2, "EW": 0}
