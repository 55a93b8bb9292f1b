"""Killing the recorder loses nothing it acknowledged: tested with real processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_log.store.db import open_store
from euchre_log.store.games import load_game

from .conftest import ROOT, run

LINES = ["9h", "o", "9s", "ah", "9d", "jh", "9h", "ac", "qc", "9c", "jc", "kd", "ad"]


def start_recorder(db: Path, game: int) -> subprocess.Popen[str]:
    env = dict(os.environ, EUCHRE_LOG_DB=str(db))
    return subprocess.Popen(
        [sys.executable, "-m", "euchre_log", "record", str(game), "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


@pytest.mark.parametrize("kill_after", [5, 10])
def test_sigkill_mid_hand_loses_no_acknowledged_entry(tmp_path: Path, kill_after: int) -> None:
    db = tmp_path / "crash.db"
    made = run(db, "new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W", "--json")
    assert made.returncode == 0, made.stderr
    game = json.loads(made.stdout)["id"]
    proc = start_recorder(db, game)
    assert proc.stdin is not None and proc.stdout is not None
    acknowledged = 0
    last: dict[str, object] = {}
    for line in LINES[:kill_after]:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        last = json.loads(proc.stdout.readline())
        assert last["ok"], last
        acknowledged += int(last["added"])  # type: ignore[call-overload]
    # Halfway through a trick: the recorder is waiting for the next card.
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    store = open_store(str(db))
    stored = load_game(store, game)
    store.close()
    assert len(stored.session.history) == acknowledged == kill_after
    assert stored.session.hand is not None
    # record resumes at the right seat: the one the killed recorder was waiting for.
    again = run(db, "record", str(game), "--json", input=LINES[kill_after] + "\n")
    answer = json.loads(again.stdout.splitlines()[0])
    assert answer["ok"], answer
    before = stored.session.hand.to_act()
    assert before is not None and "NESW"[before] == last["to_act"]
