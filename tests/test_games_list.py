"""``games`` at a club's scale (issue 24, item 3): the most recent 30 by default, as ``gh``
lists do, ``--limit N`` or ``--all`` for more, the same for ``--json`` (which says how many
there are in all), a line on a terminal saying how to see more, and the filters a person
expects: ``--player``, ``--since``, ``--status``. Every test fails on the code before,
which listed every game whatever their number.
"""

from __future__ import annotations

import json
import os
import pty
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from euchre_log.cli.app import app
from euchre_log.engine.rules import Rules
from euchre_log.formats.outputs import GamesOut
from euchre_log.store.access import open_store
from euchre_log.store.games import create_game

from .conftest import ROOT, SAMPLES, Cli


@pytest.fixture
def club(tmp_path: Path) -> Cli:
    """35 games: 33 made empty (in progress; Ann and Bob in the even ones, dated from
    2026-11-01 on), then the family game (won) and the renege dispute imported."""
    db = tmp_path / "club.db"
    store = open_store(str(db))
    for i in range(1, 34):
        names = ["Ann", "Bob", "Cat", "Dan"] if i % 2 == 0 else ["Eve", "Fay", "Gus", "Hal"]
        create_game(
            store,
            dict(zip("NESW", names, strict=True)),
            Rules(),
            first_dealer=0,
            date=f"2026-11-{i % 30 + 1:02d}",
        )
    store.close()
    cli = Cli(db)
    cli.json("import", str(SAMPLES / "family-game.json"), str(SAMPLES / "renege-dispute.json"))
    return cli


def listed(cli: Cli, *args: str) -> tuple[list[int], int]:
    data: dict[str, Any] = cli.json("games", *args)
    GamesOut.model_validate(data)
    return [g["id"] for g in data["games"]], int(data["total"])


def test_the_30_most_recent_by_default_and_more_on_request(club: Cli) -> None:
    ids, total = listed(club)
    assert total == 35 and ids == list(range(35, 5, -1))
    assert listed(club, "--limit", "5") == ([35, 34, 33, 32, 31], 35)
    assert listed(club, "--all") == (list(range(35, 0, -1)), 35)
    shown = [line.split("│")[0].strip() for line in club("games").stdout.splitlines()[2:]]
    assert shown == [str(i) for i in range(35, 5, -1)]


def test_the_filters(club: Cli) -> None:
    ids, total = listed(club, "--player", "ann", "--all")  # matched without case
    assert total == 18 and ids[0] == 35 and all(i % 2 == 0 for i in ids if i <= 33)
    assert listed(club, "--status", "won") == ([34], 1)  # the family game
    ids, total = listed(club, "--status", "in-progress", "--limit", "3")
    assert (ids, total) == ([35, 33, 32], 34)
    ids, _ = listed(club, "--since", "2026-11-28", "--all")
    assert ids == [29, 28, 27]  # dated 11-30, 11-29 and 11-28; the imports have other dates
    assert listed(club, "--player", "Ann", "--status", "won", "--since", "2026-11-01") == ([34], 1)
    assert listed(club, "--player", "Eve", "--status", "won") == ([], 0)
    assert club("games", "--status", "won", "--player", "Zed").stdout == ""
    assert club("games", "--status", "won", "--since", "2030-01-01").stdout == "No games match.\n"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--limit", "0"], "--limit takes a number of games, 1 or more (got 0)"),
        (["--limit", "3", "--all"], "give --limit N or --all, not both"),
        (["--player", "Zed"], "there is no player named 'Zed' (the players are: Ann, Bob"),
        (["--since", "last week"], "--since takes a date as YYYY-MM-DD"),
    ],
)
def test_a_filter_that_cannot_be_is_refused_in_a_sentence(
    club: Cli, args: list[str], said: str
) -> None:
    result = club("games", *args)
    assert result.exit_code == 2 and said in result.stderr


def on_a_terminal(db: Path, *args: str) -> tuple[str, str]:
    """``euchre-log ARGS`` with standard error a terminal: what it printed to each."""
    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "euchre_log", "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=follower,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, COLUMNS="120"),
        timeout=60,
        check=True,
    )
    os.close(follower)
    said = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal's far end is closed: all read
            break
        if not chunk:
            break
        said += chunk
    os.close(leader)
    return done.stdout, said.decode()


def test_a_terminal_is_told_how_to_see_more(club: Cli) -> None:
    db = Path(str(club.db))
    out, err = on_a_terminal(db, "games")
    assert "The 30 most recent of 35 games shown: --limit N lists more, --all every one." in err
    assert err.count("\n") == 1 and "Id" in out
    _, err = on_a_terminal(db, "games", "--json")
    assert "The 30 most recent of 35 games shown" in err
    _, err = on_a_terminal(db, "games", "--all")
    assert err == ""
    _, err = on_a_terminal(db, "games", "--status", "in-progress", "--limit", "2")
    assert "The 2 most recent of 34 games that match shown" in err


def test_a_pipe_gets_no_line_on_standard_error(club: Cli) -> None:
    result = club("games", "--json")
    assert result.stderr == "" and json.loads(result.stdout)["total"] == 35


@pytest.mark.parametrize("columns", ["50", "80", "200"])
def test_a_count_changed_by_hand_is_shown_as_text_in_every_layout(club: Cli, columns: str) -> None:
    """A games row changed behind euchre-log's back (``verify`` reports it) still lists:
    the narrow layout once took the stored count for a number and crashed, and no layout
    may pass a control code from the database to the terminal."""
    with sqlite3.connect(str(club.db)) as con:
        con.execute("UPDATE game SET hands = ?, score_ns = ? WHERE id = 35", ("x\x1b[2Jy", "\x07"))
    result = CliRunner().invoke(app, ["--db", str(club.db), "games"], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "x\\x1b[2Jy" in result.stdout  # the escape shown as text, as verify names it
