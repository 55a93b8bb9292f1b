"""The game summary (the hand table, the result, the barn and the skunk, the score chart)
and the spreadsheet export of a game's hands."""

from __future__ import annotations

import csv
import io
import json

from euchre_log.render.chart import ScoreChart
from euchre_log.render.summary import milestones, summary_view

from .conftest import SAMPLES, Cli
from .helpers import ORDER_UP_PLAY, session
from .test_replay import PLAYERS, golden, render, sample


def test_summary_golden_for_a_whole_game() -> None:
    game, players = sample("family-game.json")
    golden("summary-family-game.txt", render(summary_view(game, players, "Friday night")))


def test_the_chart_steps_once_per_hand_and_marks_the_target() -> None:
    lines = render(ScoreChart([(2, 0), (2, 1), (4, 1)], 4), width=40).splitlines()
    # Rows from the target (4) down to 0, then the hand numbers and the key.
    assert [line.split()[0] for line in lines[:5]] == ["4", "3", "2", "1", "0"]
    assert lines[0].endswith(" target") and "┄" in lines[0]
    assert lines[5].split() == ["0", "1", "2", "3", "hand"]
    assert "━━ NS" in lines[6] and "── EW" in lines[6]
    # NS climbs (heavy lines), EW steps up once (light lines).
    assert "┏" in lines[0] and "┛" in lines[2] and "┌" in lines[3] and "┘" in lines[4]


def test_the_chart_reaches_below_zero_and_above_the_target() -> None:
    lines = render(ScoreChart([(-2, 0), (11, 0)], 10), width=60).splitlines()
    assert lines[0].split()[0] == "11" and lines[13].split()[0] == "-2"


def test_in_the_barn_is_called_out_once_per_team() -> None:
    game = session(ORDER_UP_PLAY, initial=(8, 0)).game  # NS make it: 9-0
    said = [line.plain for line in milestones(game, PLAYERS)]
    assert said == [
        "Hand 1: NS (Ann & Cat) in the barn at 9, one point from the game (score NS 9, EW 0)."
    ]


def test_a_skunk_is_called_out() -> None:
    game = session(ORDER_UP_PLAY, initial=(9, 0)).game  # NS make it: 10-0
    said = [line.plain for line in milestones(game, PLAYERS)]
    assert said == [
        "NS (Ann & Cat) started the record in the barn, at 9.",
        "Skunk! NS (Ann & Cat) won 10-0: EW never scored.",
    ]
    text = render(summary_view(game, PLAYERS))
    assert "NS (Ann & Cat) won 10-0 after 1 hand." in text


def test_summary_command(cli: Cli) -> None:
    assert cli("import", str(SAMPLES / "family-game.json")).exit_code == 0
    out = cli("summary", "1").stdout
    assert "EW (Bob & Dan) won 10-8 after 13 hands." in out
    assert "The score, hand by hand" in out and " target" in out


def test_summary_json_is_still_a_check_report_game_with_the_facts(cli: Cli) -> None:
    assert cli("import", str(SAMPLES / "family-game.json")).exit_code == 0
    summary = cli.json("summary", "1")
    checked = cli.json("check", str(SAMPLES / "family-game.json"), code=0)["games"][0]
    facts = {
        "id",
        "title",
        "date",
        "players",
        "rules",
        "status",
        "fingerprint",
        "last_entry",
        "reopened",
    }
    assert set(summary) == {*facts, *checked}
    assert {k: v for k, v in summary.items() if k in checked and k != "file"} == {
        k: v for k, v in checked.items() if k != "file"
    }


def test_export_csv_has_one_row_per_hand(cli: Cli, tmp_path: object) -> None:
    assert cli("import", str(SAMPLES / "family-game.json")).exit_code == 0
    result = cli("export", "1", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    summary = cli.json("summary", "1")
    assert len(rows) == len(summary["hands"]) == 13
    for row, hand in zip(rows, summary["hands"], strict=True):
        assert int(row["hand"]) == hand["number"]
        assert row["dealer"] == hand["dealer"]
        assert (row["trump"] or None) == hand["trump"]
        assert (row["maker"] or None) == hand["maker"]
        assert row["alone"] == ("yes" if hand["alone"] else "no")
        assert (row["defender_alone"] or None) == hand["defender_alone"]
        assert row["outcome"] == hand["outcome"]
        assert (int(row["tricks_ns"]), int(row["tricks_ew"])) == tuple(hand["tricks"].values())
        assert (int(row["points_ns"]), int(row["points_ew"])) == tuple(hand["points"].values())
        assert (int(row["score_ns"]), int(row["score_ew"])) == tuple(hand["score_after"].values())
        assert int(row["flags"]) == len(hand["flags"])
    assert rows[2]["maker_name"] == "Ann" and rows[2]["bid_round"] == "2"
    assert rows[8]["bid_round"] == "" and rows[8]["outcome"] == "passed_out"


def test_export_defaults_to_the_log_and_writes_csv_to_a_file(cli: Cli, tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    assert cli("import", str(SAMPLES / "renege-dispute.json")).exit_code == 0
    log = json.loads(cli("export", "1").stdout)
    assert log["format"] == "euchre-log/1"
    target = tmp_path / "hands.csv"
    result = cli("export", "1", "-f", "csv", "-o", str(target))
    assert result.exit_code == 0 and "wrote game 1" in result.stdout
    lines = target.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and lines[1].endswith(
        "E played 9D on a trump lead (hearts) while holding TH (played on trick 3)"
    )
    bad = cli("export", "1", "--format", "xml")
    assert bad.exit_code == 2 and "xml" in bad.stderr
