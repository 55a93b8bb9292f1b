"""Many files read on every core (``formats.parallel``, a process pool): the same output,
byte for byte, and the same stored games, row for row, as when one process reads them all;
a Ctrl-C, a dying worker or a failing task stops the command cleanly.

``EUCHRE_LOG_WORKERS`` forces the number of processes, so these run both ways on a few
files, a rejected one and a flagged one among them, in an order the workers must keep.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from euchre_log.formats import parallel
from euchre_log.formats.reader import LogError

from .conftest import ROOT, SAMPLES

CLI = [sys.executable, "-m", "euchre_log"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Every sample twice (a renege and other flags among them), a file that is not a game
    log and one that breaks a rule, in the middle."""
    folder = tmp_path_factory.mktemp("many")
    out: list[str] = []
    samples = sorted(SAMPLES.glob("*.json"))
    for round_ in (1, 2):
        for i, sample in enumerate(samples):
            target = folder / f"{round_}-{i:02d}-{sample.name}"
            shutil.copyfile(sample, target)
            out.append(str(target))
        if round_ == 1:
            broken = folder / "1-zz-not-json.json"
            broken.write_text("{ this is not JSON", encoding="utf-8")
            out.append(str(broken))
            doc = json.loads((SAMPLES / "family-game.json").read_text(encoding="utf-8"))
            plays = [a for a in doc["hands"][2]["actions"] if a["type"] == "play"]
            plays[1]["card"] = plays[0]["card"]  # one card played twice
            twice = folder / "1-zz-card-twice.json"
            twice.write_text(json.dumps(doc), encoding="utf-8")
            out.append(str(twice))
    return out


def run(args: list[str], workers: int, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "EUCHRE_LOG_WORKERS": str(workers), "COLUMNS": "100"}
    return subprocess.run([*CLI, *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_check_json_prints_the_same_report_on_every_core(files: list[str]) -> None:
    one = run(["check", "--json", *files], 1)
    two = run(["check", "--json", *files], 2)
    assert one.returncode == two.returncode == 2  # a file was rejected
    assert two.stdout == one.stdout and two.stderr == one.stderr == ""
    games = json.loads(two.stdout)["games"]
    assert [g["file"] for g in games] == files  # in the order they were named
    assert sum(g["error"] is not None for g in games) == 2
    assert any(h["flags"] for g in games for h in g["hands"])


def _stored(db: Path) -> list[tuple[Any, ...]]:
    """What an import stored, without the ids and times that differ from run to run."""
    con = sqlite3.connect(db)
    try:
        games = con.execute(
            "SELECT id, title, status, score_ns, score_ew, hands, last_seq, content_hash "
            "FROM game ORDER BY id"
        ).fetchall()
        counts = con.execute(
            "SELECT (SELECT count(*) FROM action), (SELECT count(*) FROM hand), "
            "(SELECT count(*) FROM flag), (SELECT count(*) FROM game_registry)"
        ).fetchall()
        texts = con.execute(
            "SELECT game_id, seq, hand, kind, data FROM action WHERE kind != 'header' "
            "ORDER BY game_id, seq"
        ).fetchall()
    finally:
        con.close()
    return [*games, *counts, *texts]


def test_import_stores_the_same_games_on_every_core(files: list[str], tmp_path: Path) -> None:
    outs = {}
    for workers in (1, 2):
        db = tmp_path / f"w{workers}.db"
        result = run(["--db", str(db), "import", *files], workers)
        assert result.returncode == 2, result.stderr  # a file was rejected, the rest stored
        outs[workers] = (result.stdout, result.stderr, _stored(db))
        assert run(["--db", str(db), "verify"], 1).returncode == 0
    assert outs[2] == outs[1]
    stdout, stderr, _ = outs[2]
    assert "1-zz-not-json.json: rejected, nothing stored" in stderr
    assert "1-zz-card-twice.json: rejected, nothing stored" in stderr
    lines = stdout.splitlines()
    assert len(lines) == len(files) - 2
    assert sum("skipped, already stored as game" in line for line in lines) == len(lines) // 2


def test_import_json_says_the_same_on_every_core(files: list[str], tmp_path: Path) -> None:
    docs = []
    for workers in (1, 2):
        result = run(
            ["--db", str(tmp_path / f"j{workers}.db"), "import", "--json", *files], workers
        )
        docs.append(json.loads(result.stdout))
    assert docs[0] == docs[1]
    assert [r["file"] for r in docs[1]["rejected"]] == [f for f in files if "-zz-" in f]


def _files(folder: Path, sizes: list[int]) -> list[str]:
    """Files of these sizes, named in order."""
    paths = []
    for i, size in enumerate(sizes):
        path = folder / f"{i:02d}.txt"
        path.write_text("x" * size, encoding="utf-8")
        paths.append(str(path))
    return paths


def test_ordered_map_keeps_the_order_of_the_files(tmp_path: Path) -> None:
    paths = _files(tmp_path, [i * 50 for i in range(40)])
    for workers in (1, 2, 3):
        assert list(parallel.ordered_map(_sizes, paths, workers=workers)) == [
            (p, i * 50) for i, p in enumerate(paths)
        ]


def _sizes(paths: list[str]) -> list[tuple[str, int]]:
    return [(p, os.stat(p).st_size) for p in paths]


def _pids(paths: list[str]) -> list[int]:
    return [os.getpid() for _ in paths]


def test_the_work_is_done_by_other_processes(tmp_path: Path) -> None:
    paths = _files(tmp_path, [1000] * 12)
    assert set(parallel.ordered_map(_pids, paths, workers=1)) == {os.getpid()}
    found = set(parallel.ordered_map(_pids, paths, workers=2))
    assert os.getpid() not in found and 1 <= len(found) <= 2


def test_few_small_files_are_read_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EUCHRE_LOG_WORKERS", raising=False)
    monkeypatch.setattr(parallel, "workers_available", lambda: 4)
    small = tmp_path / "small.json"
    small.write_text("{}", encoding="utf-8")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * parallel.PARALLEL_FROM_BYTES)
    assert parallel.workers_for([str(small)] * 10) == 1
    assert parallel.workers_for([str(big)]) == 1  # one file: nothing to share out
    assert parallel.workers_for([str(big), str(small)]) == 4
    monkeypatch.setattr(parallel, "workers_available", lambda: 1)
    assert parallel.workers_for([str(big), str(small)]) == 1
    monkeypatch.setenv("EUCHRE_LOG_WORKERS", "3")
    assert parallel.workers_for([str(small)]) == 3


def _dies(paths: list[str]) -> list[int]:
    os._exit(9)  # as a worker killed by the system would


def test_a_worker_that_dies_is_said_in_words(tmp_path: Path) -> None:
    paths = _files(tmp_path, [100] * 6)
    with pytest.raises(parallel.WorkerLost, match="killed, or out of memory"):
        list(parallel.ordered_map(_dies, paths, workers=2))


def test_the_workers_are_capped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * parallel.PARALLEL_FROM_BYTES)
    monkeypatch.setattr(parallel, "workers_available", lambda: 64)
    monkeypatch.delenv("EUCHRE_LOG_WORKERS", raising=False)
    assert parallel.workers_for([str(big), str(big)]) == parallel.MAX_WORKERS
    monkeypatch.setenv("EUCHRE_LOG_WORKERS", "1000")
    assert parallel.workers_for([str(big)]) == parallel.MAX_WORKERS


def test_a_refusal_comes_back_from_a_worker_with_its_place() -> None:
    again = pickle.loads(pickle.dumps(LogError("E played 9C but it is S's turn", 3, 7)))
    assert (again.message, again.hand, again.action) == ("E played 9C but it is S's turn", 3, 7)
    assert str(again) == "hand 3, action 7: E played 9C but it is S's turn"


def _fails(paths: list[str]) -> list[int]:
    raise ValueError(f"cannot read {len(paths)} files")


def _no_children_left() -> bool:
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:  # this process has no child, running or ended
        return True
    return False


def test_an_error_in_a_worker_is_raised_here(tmp_path: Path) -> None:
    paths = _files(tmp_path, [100] * 6)
    with pytest.raises(ValueError, match="cannot read"):
        list(parallel.ordered_map(_fails, paths, workers=2))
    assert _no_children_left()


def test_stopping_early_stops_the_workers(tmp_path: Path) -> None:
    paths = _files(tmp_path, [100] * 40)
    results = parallel.ordered_map(_pids, paths, workers=2)
    assert next(results) != os.getpid()
    results.close()  # the command stopped reading: its workers are stopped and reaped
    assert _no_children_left()


_SLOW = """
import os, signal, sys, time
from pathlib import Path
from euchre_log.formats import parallel

# As at a terminal: a job started in the background by a shell that is not interactive
# (as CI may start this) would otherwise inherit Ctrl-C ignored.
signal.signal(signal.SIGINT, signal.default_int_handler)

def slow(paths):
    with open(os.environ["PIDS"], "a") as f:
        f.write(f"{os.getpid()}\\n")
    time.sleep(60)
    return paths

print("started", flush=True)
try:
    list(parallel.ordered_map(slow, sys.argv[1:], workers=2))
except KeyboardInterrupt:
    print("interrupted", flush=True)
    raise SystemExit(130)
"""


def test_ctrl_c_stops_the_command_and_its_workers(tmp_path: Path) -> None:
    import signal
    import time

    paths = _files(tmp_path, [100] * 8)
    pids = tmp_path / "pids"
    proc = subprocess.Popen(
        [sys.executable, "-c", _SLOW, *paths],
        cwd=ROOT,
        env={**os.environ, "PIDS": str(pids)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not (
        pids.exists() and len(pids.read_text().split()) == 2
    ):
        time.sleep(0.05)  # until both workers are in the middle of a chunk
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C at a terminal sends
    try:
        out, err = proc.communicate(timeout=30)
    finally:  # nothing is left behind, whatever happened
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and "interrupted" in out
    assert "Traceback" not in err
    workers = [int(p) for p in pids.read_text().split()]
    assert len(workers) == 2
    for pid in workers:  # none is left running on its own
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def _dies_after_two(paths: list[str]) -> list[int]:
    import time

    first = os.path.basename(paths[0])
    if first == "00.txt":
        time.sleep(0.3)  # so the second chunk's result is in first
    elif first != "01.txt":
        time.sleep(0.6)  # both results are in by now, and the reader is not asking
        os._exit(9)  # each worker is killed at its second chunk
    return [os.getpid() for _ in paths]


def test_every_worker_dying_is_said_as_a_lost_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    monkeypatch.setattr(parallel, "CHUNK_BYTES", 100)  # a chunk a file: more than handed out
    paths = _files(tmp_path, [100] * 40)
    with pytest.raises(parallel.WorkerLost):
        for i, _ in enumerate(parallel.ordered_map(_dies_after_two, paths, workers=2)):
            if i == 0:
                time.sleep(1.0)  # a slow reader: both workers are gone when it goes on
    assert _no_children_left()


def _exits(paths: list[str]) -> list[int]:
    raise SystemExit(5)


def test_a_task_that_exits_says_so_here(tmp_path: Path) -> None:
    paths = _files(tmp_path, [100] * 6)
    with pytest.raises(SystemExit) as stopped:
        list(parallel.ordered_map(_exits, paths, workers=2))
    assert stopped.value.code == 5 and _no_children_left()


def test_two_pools_at_once_both_end(tmp_path: Path) -> None:
    paths = _files(tmp_path, [100] * 12)
    first = parallel.ordered_map(_sizes, paths, workers=2)
    second = parallel.ordered_map(_sizes, paths, workers=2)
    # The second pool's workers hold none of the first one's pipes, so each ends.
    assert list(zip(first, second, strict=True)) == [(s, s) for s in _sizes(paths)]
    assert _no_children_left()
