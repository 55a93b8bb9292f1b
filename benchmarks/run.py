"""Every speed figure of euchre-log, measured against its yardstick, in one table.

    python3 -m benchmarks.run                 # the full run (about five minutes)
    python3 -m benchmarks.run --quick         # smaller corpora
    python3 -m benchmarks.run --openspiel-python /path/to/venv/bin/python

Each figure is the median of several runs (5 at least), beside what it is held against,
measured in the same run on the same machine: the engine against OpenSpiel's C++ Euchre
(when a Python with OpenSpiel is given), timed in turns with it round after round so that
a busy moment of a shared machine weighs on both alike; ``import`` against raw
``sqlite3`` ``executemany`` of the same rows; each command's start-up against
``python -c pass``, also in turns (``benchmarks/startup.py``); the recorder's answer to
lines 3,000-3,300 of a long game against its answer to lines 1-300. It prints figures
and never fails: read ratios and medians, not single runs, and the load average it prints
beside them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sqlite3
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
from benchmarks.corpus import write_corpus  # noqa: E402

CLI = [sys.executable, "-m", "euchre_log"]


def median_seconds(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def run_cli(args: list[str], env: dict[str, str] | None = None) -> None:
    subprocess.run(
        [*CLI, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        env={**startup.environment(), **(env or {})},
        cwd=ROOT,
    )


# --- the engine --------------------------------------------------------------------


def engine_corpus(paths: list[Path]) -> tuple[list[Any], int]:
    """The games as engine values, parsed once: only validation and scoring are timed."""
    from euchre_log.formats.load import load_games

    games = []
    hands = 0
    for path in paths:
        for loaded in load_games(path):
            state = loaded.game
            games.append(
                (
                    state.rules,
                    state.initial_score,
                    [
                        (h.dealer, h.upcard, dict(h.deal), h.kitty, list(h.actions))
                        for h in state.hands
                    ],
                )
            )
            hands += len(state.hands)
    return games, hands


def replay_games(games: list[Any]) -> None:
    """Validate and score every hand: what the engine does for ``check``."""
    from euchre_log.engine import GameState

    for rules, initial, hand_list in games:
        game = GameState(rules, initial)
        for dealer, upcard, deal, kitty, actions in hand_list:
            game.start_hand(dealer, upcard, deal=deal or None, kitty=kitty).extend(actions)
        game.results()


def engine_worker(corpus: Path) -> None:
    """``--engine-worker``: load the corpus, then time one replay per line read, printing
    its seconds (the runner takes turns with the peer)."""
    games, hands = engine_corpus(sorted(corpus.glob("game-*.json")))
    print(json.dumps({"hands": hands}), flush=True)
    for _ in sys.stdin:
        started = time.perf_counter()
        replay_games(games)
        print(time.perf_counter() - started, flush=True)


class Turns:
    """Processes that each time one replay per line they are sent, taken in turns."""

    def __init__(self) -> None:
        self.procs: dict[str, subprocess.Popen[str]] = {}
        self.info: dict[str, Any] = {}
        self.times: dict[str, list[float]] = {}

    def start(self, name: str, cmd: list[str], env: dict[str, str] | None = None) -> None:
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                cwd=ROOT,
                env=env,
            )
        except OSError:
            return
        assert proc.stdout is not None
        first = proc.stdout.readline().strip()
        if not first:
            proc.wait()
            return
        self.procs[name] = proc
        self.info[name] = first
        self.times[name] = []

    def round(self, requests: dict[str, str]) -> None:
        for name, proc in self.procs.items():
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(requests.get(name, "run") + "\n")
            proc.stdin.flush()
            self.times[name].append(float(proc.stdout.readline()))

    def close(self) -> None:
        for proc in self.procs.values():
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait(timeout=60)


def engine_rates(corpus: Path, hands: int, runs: int, peer: str | None) -> dict[str, Any]:
    """Hands per second of the engine, and of OpenSpiel's C++ engine with and without
    its legality checks, each timed in turn with the others, round after round: medians
    of ``runs`` rounds."""
    turns = Turns()
    worker = [sys.executable, "-m", "benchmarks.run", "--engine-worker", str(corpus)]
    turns.start("ours", worker)
    if peer:
        peer_cmd = [peer, str(ROOT / "benchmarks" / "openspiel_peer.py")]
        turns.start("peer", [*peer_cmd, "--hands", str(hands), "--serve"])
        turns.start("peer_apply", [*peer_cmd, "--hands", str(hands), "--serve"])
    try:
        for _ in range(runs):
            turns.round({"peer": "check", "peer_apply": "apply"})
    finally:
        turns.close()
    return {name: hands / statistics.median(t) for name, t in turns.times.items() if t}


# --- import against raw sqlite3 ------------------------------------------------------


def import_rates(paths: list[Path], runs: int, workdir: Path) -> dict[str, float]:
    """End-to-end import, the store phase alone, and raw executemany of the same rows."""
    from euchre_log.formats.load import load_games
    from euchre_log.store.access import open_store
    from euchre_log.store.games import import_games

    loaded = [g for p in paths for g in load_games(p)]
    hands = sum(len(g.game.hands) for g in loaded)

    def end_to_end() -> None:
        db = workdir / "import.db"
        for f in workdir.glob("import.db*"):
            f.unlink()
        run_cli(["--db", str(db), "import", *map(str, paths)])

    def store_phase() -> None:
        db = workdir / "store.db"
        for f in workdir.glob("store.db*"):
            f.unlink()
        store = open_store(str(db))
        import_games(store, [(g.log.game.model_dump(), g.game) for g in loaded])
        store.close()

    # The same action rows, as the journal holds them, inserted by raw sqlite3.
    db = workdir / "rows.db"
    for f in workdir.glob("rows.db*"):
        f.unlink()
    store_phase()
    src = sqlite3.connect(workdir / "store.db")
    rows = src.execute(
        "SELECT game_id, seq, hand, kind, data, time_us, tag, hash FROM action"
    ).fetchall()
    schema = src.execute("SELECT sql FROM sqlite_master WHERE name = 'action'").fetchone()[0]
    src.close()

    def raw() -> None:
        for f in workdir.glob("rows.db*"):
            f.unlink()
        con = sqlite3.connect(db, isolation_level=None)
        con.execute("PRAGMA journal_mode = WAL")
        con.execute("PRAGMA synchronous = FULL")
        # The same table, its (game, seq) key included; no game table to refer to.
        con.execute(re.sub(r",\s*FOREIGN KEY\(game_id\) REFERENCES game \(id\)", "", schema))
        con.execute("BEGIN")
        con.executemany(
            "INSERT INTO action (game_id, seq, hand, kind, data, time_us, tag, hash)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        con.execute("COMMIT")
        con.close()

    return {
        "hands": hands,
        "rows": len(rows),
        "end_to_end": hands / median_seconds(end_to_end, runs),
        "store": hands / median_seconds(store_phase, runs),
        "raw": hands / median_seconds(raw, runs),
    }


# --- memory ---------------------------------------------------------------------------


def peak_rss_kb(args: list[str]) -> int:
    """The peak memory of one command, from its own process accounting."""
    probe = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, *CLI, *args], capture_output=True, text=True, cwd=ROOT
    )
    return int(out.stdout.strip() or 0)


# --- the table ------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller corpora, fewer runs")
    parser.add_argument("--hands", type=int, default=None, help="hands in the check/import corpus")
    parser.add_argument("--stats-hands", type=int, default=None, help="hands stored for stats")
    parser.add_argument("--runs", type=int, default=None, help="timed runs of each figure")
    parser.add_argument(
        "--openspiel-python",
        default=os.environ.get("EUCHRE_LOG_OPENSPIEL_PYTHON"),
        help="a Python with OpenSpiel installed, to measure the peer",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "euchre-log-bench",
        help="where the corpora are kept between runs",
    )
    parser.add_argument("--engine-worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine_worker:
        engine_worker(args.engine_worker)
        return
    hands = args.hands or (2_000 if args.quick else 10_000)
    stats_hands = args.stats_hands or (20_000 if args.quick else 100_000)
    runs = args.runs or 5  # medians of 5 runs at least, --quick too
    args.cache.mkdir(parents=True, exist_ok=True)
    rows: list[tuple[str, str, str, str]] = []
    load = [os.getloadavg()[0]]

    def say(what: str, ours: str, against: str, target: str) -> None:
        rows.append((what, ours, against, target))
        load.append(os.getloadavg()[0])
        print(f"  {what}: {ours}   [{against}]", file=sys.stderr, flush=True)

    print(f"Corpus of {hands:,} hands...", file=sys.stderr, flush=True)
    corpus = args.cache / f"corpus-{hands}"
    paths = write_corpus(corpus, hands, 20261130)
    engine_hands = sum(len(load_hands(p)) for p in paths)

    # --- the engine, in turns with OpenSpiel's ---
    rates = engine_rates(corpus, engine_hands, runs, args.openspiel_python)
    peer = rates.get("peer")
    ours = rates["ours"]
    against = "OpenSpiel not measured (give --openspiel-python)"
    if peer:
        against = (
            f"OpenSpiel C++ checking legal_actions {peer:,.0f}/s: ours {ours / peer:.2f}x"
            f" (apply only {rates['peer_apply']:,.0f}/s)"
        )
    say("engine validate+score (hands/s)", f"{ours:,.0f}", against, ">= 1.0x OpenSpiel")

    check = median_seconds(lambda: run_cli(["check", "--json", *map(str, paths)]), runs)
    end_to_end = engine_hands / check
    say(
        f"check --json, {engine_hands:,} hands (s)",
        f"{check:.2f}",
        f"{end_to_end:,.0f} hands/s end to end"
        + (f": {end_to_end / peer:.2f}x OpenSpiel's checked replay" if peer else ""),
        ">= 0.5x OpenSpiel",
    )

    # --- import against raw sqlite3 ---
    with tempfile.TemporaryDirectory() as tmp:
        found = import_rates(paths, runs, Path(tmp))
    say(
        "import, end to end (hands/s)",
        f"{found['end_to_end']:,.0f}",
        f"raw sqlite3 executemany of the same {found['rows']:,} rows {found['raw']:,.0f}/s: "
        f"ratio {found['end_to_end'] / found['raw']:.2f} (parsing, engine, hashes, store)",
        ">= 0.3 of raw",
    )
    say(
        "import, store phase (hands/s)",
        f"{found['store']:,.0f}",
        f"ratio to raw {found['store'] / found['raw']:.2f}",
        ">= 0.5 of raw",
    )

    # --- stats over many hands ---
    bench_stats = ROOT / "benchmarks" / "bench_stats.py"
    if bench_stats.exists():
        sys.path.insert(0, str(bench_stats.parent))
        import bench_stats as bs  # type: ignore[import-not-found]

        from euchre_log.store.access import open_store

        db = args.cache / f"stats-{stats_hands}.db"
        if not db.exists():
            print(f"Storing {stats_hands:,} hands for stats...", file=sys.stderr, flush=True)
            with contextlib.redirect_stdout(sys.stderr):  # its progress is not the table
                bs.build(db, stats_hands, 20261130)
        store = open_store(str(db))
        sql = median_seconds(lambda: bs.compute(store, bs.StatsFilter(), review=False), runs)
        store.close()
        # The stats' own sums: reviewing 100,000 hands is bench_review.py's figure.
        whole = median_seconds(
            lambda: run_cli(["--db", str(db), "stats", "--json", "--no-review"]), runs
        )
        say(
            f"stats --no-review over {stats_hands:,} hands (s)",
            f"{whole:.2f}",
            f"the SQL alone {sql:.2f} s",
            "< 1 s",
        )

    # --- what a person waits for: start-up, and the recorder's answer to a line ---
    print("Start-up, 1,000 games stored...", file=sys.stderr, flush=True)
    db = startup.build_db(args.cache / "startup-1000.db")
    medians = startup.command_times(db, max(runs, 9 if not args.quick else 5))
    base = medians.pop("python -c pass")
    for name, t in medians.items():
        target = "< 150 ms" if name.startswith(("check", "--")) else "<= 250 ms"
        say(
            f"euchre-log {name} (ms)",
            f"{t * 1000:.0f}",
            f"python -c pass {base * 1000:.0f} ms: +{(t - base) * 1000:.0f} ms",
            target,
        )
    with tempfile.TemporaryDirectory() as tmp:
        rec = startup.recorder_latency(Path(tmp))
    early, late = rec["early"], rec["late"]
    assert isinstance(early, list) and isinstance(late, list)
    m1, p1 = statistics.median(early), startup.percentile(early, 99)
    m2, p2 = statistics.median(late), startup.percentile(late, 99)
    say(
        f"record, lines 3,000-3,300 of {rec['hands']} hands (ms)",
        f"median {m2:.1f}, p99 {p2:.1f}",
        f"lines 1-300 of another game, in turns: median {m1:.1f}, p99 {p1:.1f} (medians "
        f"{abs(m2 / m1 - 1):.0%} apart, p99s {abs(p2 / p1 - 1):.0%})",
        "within 10%; p99 <= 30 ms",
    )

    small = paths[: max(len(paths) // 10, 1)]
    rss_small = peak_rss_kb(["check", "--json", *map(str, small)])
    rss_all = peak_rss_kb(["check", "--json", *map(str, paths)])
    say(
        "check peak memory (MB)",
        f"{rss_all / 1024:.0f}",
        f"{len(small)} files: {rss_small / 1024:.0f} MB; {len(paths)} files: {rss_all / 1024:.0f} MB",
        "flat in the number of files",
    )

    header = ("measure", "ours (median)", "held against, same run", "target")
    width = [max(len(r[i]) for r in [*rows, header]) for i in range(4)]
    print()
    print(" | ".join(h.ljust(w) for h, w in zip(header, width, strict=True)))
    print("-+-".join("-" * w for w in width))
    for r in rows:
        print(" | ".join(c.ljust(w) for c, w in zip(r, width, strict=True)))
    print(
        f"\n{os.cpu_count()} cores, Python {sys.version.split()[0]}, {runs} runs each "
        f"(start-up: {max(runs, 9 if not args.quick else 5)}); load average "
        f"{min(load):.1f}-{max(load):.1f} during the run; corpora in {args.cache}"
    )


def load_hands(path: Path) -> list[Any]:
    """A corpus file's hands (its JSON, unchecked): only to count them."""
    hands: list[Any] = json.loads(path.read_text(encoding="utf-8"))["hands"]
    return hands


if __name__ == "__main__":
    main()
