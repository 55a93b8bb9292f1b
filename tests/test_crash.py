"""Killing the recorder loses nothing it acknowledged: tested with real processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from euchre_log.engine.cards import WEST
from euchre_log.store.access import open_store
from euchre_log.store.games import load_game

from .conftest import ROOT, Database, run

LINES = ["9h", "o", "9s", "ah", "9d", "jh", "9h", "ac", "qc", "9c", "jc", "kd", "ad"]


def start_recorder(db: Path | Database, game: int) -> subprocess.Popen[str]:
    """A recorder answering in JSON, once it has loaded the game (its line 0 is read)."""
    env = dict(os.environ, EUCHRE_LOG_DB=str(db))
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_log", "record", str(game), "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    loaded = json.loads(proc.stdout.readline())
    assert loaded["line"] == 0 and loaded["ok"], loaded
    return proc


@pytest.mark.slow
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
    assert len(stored.record.history) == acknowledged == kill_after
    assert stored.record.hand is not None
    # record resumes at the right seat: the one the killed recorder was waiting for.
    again = run(db, "record", str(game), "--json", input=LINES[kill_after] + "\n")
    answer = json.loads(again.stdout.splitlines()[1])
    assert answer["ok"], answer
    before = stored.record.hand.to_act()
    assert before is not None and "NESW"[before] == last["to_act"]


def _script(seed: int) -> list[str]:
    """A long legal game as recorder lines, one entry per line."""
    import random as _random

    from euchre_log.engine import Rules
    from euchre_log.engine.simulate import random_game
    from euchre_log.formats.writer import action_dict

    rules = Rules.build({"stick_the_dealer": True})
    lines: list[str] = []
    for dealt in random_game(_random.Random(seed), rules, first_dealer=WEST):
        from euchre_log.engine.cards import CARD_TEXT

        lines.append(CARD_TEXT[dealt.upcard])
        for a in dealt.actions:
            d = action_dict(a)
            t = d["type"]
            token = {
                "pass": "p",
                "order": "o!" if d.get("alone") else "o",
                "play": d.get("card"),
                "call": (d.get("suit") or "").lower() + ("!" if d.get("alone") else ""),
                "discard": d.get("card") or "?",
                "defend_alone": f"defend {d['seat']}",
            }[t]
            assert isinstance(token, str), d
            lines.append(token)
    return lines


@pytest.mark.slow
def test_sigkill_at_random_points_many_times_loses_nothing(tmp_path: Path) -> None:
    """Kill the recorder 25 times at random moments, sometimes mid-write. Every entry it
    acknowledged is still there, the record replays, and verify finds the chain intact."""
    import random as _random

    db = tmp_path / "kills.db"
    made = run(db, "new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W", "--json")
    game = json.loads(made.stdout)["id"]
    lines = _script(11)
    rng = _random.Random(5)
    done = 0  # lines acknowledged so far
    kills = 0
    while kills < 25 and done < len(lines):
        proc = start_recorder(db, game)
        assert proc.stdin is not None and proc.stdout is not None
        for _ in range(rng.randrange(1, 8)):
            if done >= len(lines):
                break
            proc.stdin.write(lines[done] + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert answer["ok"], answer
            done += 1
        if done < len(lines) and rng.random() < 0.5:
            proc.stdin.write(lines[done] + "\n")  # not acknowledged: may or may not land
            proc.stdin.flush()
            time.sleep(rng.random() * 0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        kills += 1
        store = open_store(str(db))
        stored = load_game(store, game)
        store.close()
        stored_lines = len(stored.record.history)
        assert stored_lines in (done, done + 1), (stored_lines, done)
        done = stored_lines  # an unacknowledged entry that landed counts as entered
    assert kills == 25
    assert run(db, "verify").returncode == 0
