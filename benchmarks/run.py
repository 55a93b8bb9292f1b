"""Every speed figure of euchre-log, measured against its limit, in one table.

    python3 -m benchmarks.run                 # the full run (about five minutes)
    python3 -m benchmarks.run --quick         # smaller corpora and fewer runs
    python3 -m benchmarks.run --openspiel-python /path/to/venv/bin/python

Each figure is the median of several runs, beside what it is held against, measured in the
same run on the same machine: the engine against OpenSpiel's C++ Euchre (when a Python
with OpenSpiel is given), ``import`` against raw ``sqlite3`` ``executemany`` of the same
rows, start-up against ``python -c pass``. It prints figures and never fails: targets are
in issue 6, and these machines are shared, so read ratios and medians, not single runs.
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
        env={**os.environ, **(env or {})},
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


def engine_rate(games: list[Any], hands: int, runs: int) -> float:
    from euchre_log.engine import GameState

    def replay() -> None:
        for rules, initial, hand_list in games:
            game = GameState(rules, initial)
            for dealer, upcard, deal, kitty, actions in hand_list:
                game.start_hand(dealer, upcard, deal=deal or None, kitty=kitty).extend(actions)
            game.results()

    return hands / median_seconds(replay, runs)


def openspiel_rate(python: str, hands: int, runs: int) -> dict[str, float] | None:
    try:
        out = subprocess.run(
            [
                python,
                str(ROOT / "benchmarks" / "openspiel_peer.py"),
                "--hands",
                str(hands),
                "--runs",
                str(runs),
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    data: dict[str, float] = json.loads(out.stdout)
    return data


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
        "SELECT game_id, seq, hand, kind, data, created_at, prev_hash, hash FROM action"
    ).fetchall()
    schema = src.execute("SELECT sql FROM sqlite_master WHERE name = 'action'").fetchone()[0]
    src.close()

    def raw() -> None:
        for f in workdir.glob("rows.db*"):
            f.unlink()
        con = sqlite3.connect(db, isolation_level=None)
        con.execute("PRAGMA journal_mode = WAL")
        con.execute("PRAGMA synchronous = FULL")
        # The same table, its unique (game, seq) index included; no game table to refer to.
        con.execute(re.sub(r",\s*FOREIGN KEY\(game_id\) REFERENCES game \(id\)", "", schema))
        con.execute("BEGIN")
        con.executemany(
            "INSERT INTO action (game_id, seq, hand, kind, data, created_at, prev_hash, hash)"
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
    args = parser.parse_args()
    hands = args.hands or (2_000 if args.quick else 10_000)
    stats_hands = args.stats_hands or (20_000 if args.quick else 100_000)
    runs = args.runs or (3 if args.quick else 5)
    args.cache.mkdir(parents=True, exist_ok=True)
    rows: list[tuple[str, str, str, str]] = []

    def say(what: str, ours: str, against: str, target: str) -> None:
        rows.append((what, ours, against, target))
        print(f"  {what}: {ours}   [{against}]", file=sys.stderr, flush=True)

    print(f"Corpus of {hands:,} hands...", file=sys.stderr, flush=True)
    paths = write_corpus(args.cache / f"corpus-{hands}", hands, 20261130)

    games, engine_hands = engine_corpus(paths)
    ours = engine_rate(games, engine_hands, runs)
    peer = (
        openspiel_rate(args.openspiel_python, engine_hands, runs) if args.openspiel_python else None
    )
    against = "OpenSpiel not measured (give --openspiel-python)"
    if peer:
        against = (
            f"OpenSpiel C++ {peer['hands_per_second']:,.0f}/s checking legal_actions "
            f"(ours {ours / peer['hands_per_second']:.2f}x), "
            f"{peer['apply_only_hands_per_second']:,.0f}/s apply only"
        )
    say("engine validate+score (hands/s)", f"{ours:,.0f}", against, ">= 25,000 (stretch 49,000)")

    check = median_seconds(lambda: run_cli(["check", "--json", *map(str, paths)]), runs)
    say(
        f"check --json, {engine_hands:,} hands (s)",
        f"{check:.2f}",
        f"{engine_hands / check:,.0f} hands/s end to end",
        "< 2 s for 10,000",
    )

    with tempfile.TemporaryDirectory() as tmp:
        rates = import_rates(paths, runs, Path(tmp))
    say(
        "import, store phase (hands/s)",
        f"{rates['store']:,.0f}",
        f"raw sqlite3 executemany of the same {rates['rows']:,} rows: {rates['raw']:,.0f}/s; "
        f"ratio {rates['store'] / rates['raw']:.2f}",
        ">= 0.5 of raw",
    )
    say(
        "import, end to end (hands/s)",
        f"{rates['end_to_end']:,.0f}",
        f"ratio to raw {rates['end_to_end'] / rates['raw']:.2f} (parsing, the engine and the hashes included)",
        "-",
    )

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

    startup_runs = max(runs * 3, 9)
    base = median_seconds(
        lambda: subprocess.run([sys.executable, "-c", "pass"], check=False), startup_runs
    )
    for flag in ("--help", "--version"):
        t = median_seconds(lambda flag=flag: run_cli([flag]), startup_runs)  # type: ignore[misc]
        say(
            f"euchre-log {flag} (ms)",
            f"{t * 1000:.0f}",
            f"python -c pass {base * 1000:.0f} ms: +{(t - base) * 1000:.0f} ms",
            "< 150 ms",
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
        f"\n{os.cpu_count()} cores, Python {sys.version.split()[0]}, {runs} runs each; corpora in {args.cache}"
    )


if __name__ == "__main__":
    main()
