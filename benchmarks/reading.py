"""How fast files are read: ``check --json`` of a 10,000-hand corpus and ``import`` of
5,000 games, end to end, and where the time goes per hand.

    python3 -m benchmarks.reading                 # medians of 5 runs
    python3 -m benchmarks.reading --runs 9 --hands 10000 --games 5000

Both corpora are random legal games from ``benchmarks/corpus.py`` (seeded, cached in the
temp folder). End to end, each command runs as a user runs it, in a fresh process, on
both cores as it chooses (``EUCHRE_LOG_WORKERS`` unset): its wall time, and the processor
time of its processes, which a shared machine's load moves far less. Per hand, one
process reads the 10,000-hand corpus file by file as ``check`` does, and times each step
on its own in processor time, over every file (the medians of ``--runs`` passes):

- read: the file's bytes, its bounds (``reader.check_bounds``) and EGN's signature;
- parse: the JSON made into Python values (``pydantic_core.from_json``), on its own;
- parse + validate: ``GameLog.model_validate_json``, the one pass the reader makes, so
  that validating alone is this less the parse (Pydantic's core does both at once);
- engine: the engine's actions made and every hand played (``reader.play_hands``);
- report: the verdict as data and as JSON text (``report.game_report``, ``json_text``).

It prints figures and never fails.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import startup  # noqa: E402
from benchmarks.corpus import games, write_corpus  # noqa: E402

CLI = [sys.executable, "-m", "euchre_log"]
SEED = 20261130


def median_seconds(
    fn: Callable[[], object], runs: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    times = []
    for _ in range(runs):
        started = clock()
        fn()
        times.append(clock() - started)
    return statistics.median(times)


def children_cpu() -> float:
    """The processor time (user and system) of every finished child process so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def wall_and_cpu(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Medians of ``runs`` runs of a command: its wall time, and the processor time of
    the processes it ran (which a busy machine moves far less)."""
    walls, cpus = [], []
    for _ in range(runs):
        cpu, started = children_cpu(), time.perf_counter()
        fn()
        walls.append(time.perf_counter() - started)
        cpus.append(children_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def run_cli(args: list[str]) -> None:
    subprocess.run(
        [*CLI, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        env=startup.environment(),
        cwd=ROOT,
    )


def game_corpus(out: Path, count: int, seed: int) -> list[Path]:
    """``count`` games as files (the first games of the corpus generator), written once."""
    stamp = out / "CORPUS"
    wanted = f"games={count} seed={seed}\n"
    if stamp.exists() and stamp.read_text() == wanted:
        return sorted(out.glob("game-*.json"))
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("game-*.json"):
        old.unlink()
    paths = []
    for i, doc in enumerate(itertools.islice(games(10**9, seed), count), start=1):
        path = out / f"game-{i:05d}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        paths.append(path)
    stamp.write_text(wanted)
    return paths


def phases(paths: list[Path], runs: int) -> dict[str, float]:
    """Processor seconds per step over every file (medians of ``runs`` passes), as
    ``check`` takes them one file after the other."""
    from pydantic_core import from_json

    from euchre_log.formats.load import _EGN_SIGNATURE
    from euchre_log.formats.models import GameLog
    from euchre_log.formats.reader import check_bounds, new_game, play_hands, read_bytes
    from euchre_log.formats.report import game_report
    from euchre_log.formats.text import json_text

    raws = [read_bytes(p) for p in paths]
    logs = [GameLog.model_validate_json(r) for r in raws]
    played = []
    for log in logs:
        game = new_game(log)
        for _ in play_hands(log, game):
            pass
        played.append(game)

    def read() -> None:
        for p in paths:
            raw = read_bytes(p)
            _EGN_SIGNATURE.search(raw)
            check_bounds(raw)

    def parse() -> None:
        for raw in raws:
            from_json(raw)

    def validate() -> None:
        for raw in raws:
            GameLog.model_validate_json(raw)

    def engine() -> None:
        for log in logs:
            game = new_game(log)
            for _ in play_hands(log, game):
                pass

    def report() -> None:
        for path, game in zip(paths, played, strict=True):
            json_text(game_report(str(path), game))

    return {
        name: median_seconds(fn, runs, time.process_time)
        for name, fn in (
            ("read", read),
            ("parse", parse),
            ("parse + validate", validate),
            ("engine", engine),
            ("report", report),
        )
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands in the check corpus")
    parser.add_argument("--games", type=int, default=5_000, help="games in the import corpus")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each figure")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "euchre-log-bench",
        help="where the corpora are kept between runs",
    )
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    checked = write_corpus(args.cache / f"corpus-{args.hands}", args.hands, SEED)
    hands = sum(len(json.loads(p.read_text(encoding="utf-8"))["hands"]) for p in checked)
    imported = game_corpus(args.cache / f"games-{args.games}", args.games, SEED)
    import_hands = sum(len(json.loads(p.read_text(encoding="utf-8"))["hands"]) for p in imported)
    load = [os.getloadavg()[0]]
    check, check_cpu = wall_and_cpu(
        lambda: run_cli(["check", "--json", *map(str, checked)]), args.runs
    )
    load.append(os.getloadavg()[0])

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "import.db"

        def fresh_import() -> None:
            for f in Path(tmp).glob("import.db*"):
                f.unlink()
            run_cli(["--db", str(db), "import", *map(str, imported)])

        imports, imports_cpu = wall_and_cpu(fresh_import, args.runs)
    load.append(os.getloadavg()[0])
    steps = phases(checked, args.runs)
    load.append(os.getloadavg()[0])

    print(f"check --json, {len(checked)} files of {hands:,} hands: {check:.2f} s end to end")
    print(f"  {hands / check:,.0f} hands/s; {check_cpu:.2f} s of processor time in all")
    print(f"import, {len(imported):,} games of {import_hands:,} hands: {imports:.2f} s end to end")
    print(f"  {import_hands / imports:,.0f} hands/s; {imports_cpu:.2f} s of processor time")
    print(f"Per hand, one process, check's steps over the {hands:,} hands (µs of processor):")
    per: dict[str, Any] = {k: v / hands * 1e6 for k, v in steps.items()}
    for name, micro in per.items():
        print(f"  {name:<18} {micro:6.1f}")
    print(
        f"  {'validate alone':<18} {per['parse + validate'] - per['parse']:6.1f} (the difference)"
    )
    total = per["read"] + per["parse + validate"] + per["engine"] + per["report"]
    print(f"  {'in all':<18} {total:6.1f} (read, parse + validate, engine, report)")
    print(
        f"\n{os.cpu_count()} cores, Python {sys.version.split()[0]}, medians of {args.runs} runs;"
        f" load average {min(load):.1f}-{max(load):.1f}; corpora in {args.cache}"
    )


if __name__ == "__main__":
    main()
