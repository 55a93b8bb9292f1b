"""How long ``euchre-log stats`` takes over 100,000 stored hands.

Builds (once, then reuses) a database of random legal games played among a club of
players under several rule sets, stored exactly as ``import`` stores them: the journal,
the hash chain and the cached results. Then it times the stats several times and prints
the median: the SQL aggregation alone (``store.stats.compute``), the same for one
player, and the whole command as a user runs it (a fresh process, ``stats --json``).
It prints figures and never fails. The open-hand review is left out (``--no-review``):
reviewing the hands is ``bench_review.py``'s figure.

    python3 benchmarks/bench_stats.py                     # 100,000 hands, cached in /tmp
    python3 benchmarks/bench_stats.py --hands 20000 --runs 9 --cache /tmp/small.db
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from euchre_log.engine import Rules  # noqa: E402
from euchre_log.engine.game import GameState  # noqa: E402
from euchre_log.engine.simulate import random_game  # noqa: E402
from euchre_log.formats.writer import game_info  # noqa: E402
from euchre_log.store.access import open_store  # noqa: E402
from euchre_log.store.db import Store  # noqa: E402
from euchre_log.store.games import import_game  # noqa: E402
from euchre_log.store.stats import StatsFilter, compute  # noqa: E402

CLUB = [
    "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
    "Max", "Ned", "Oda", "Pam", "Quin", "Ray", "Sue", "Tom", "Uma", "Vic", "Wes", "Zoe",
]  # fmt: skip
RULE_SETS: list[dict[str, object]] = [
    {"preset": "classic"},
    {"preset": "family"},
    {"preset": "north-american"},
    {"preset": "canadian"},
]
BATCH = 200  # games per transaction while building


def stored_hands(store: Store) -> int:
    from sqlalchemy import func, select

    from euchre_log.store.schema import HAND_T

    with store.reading() as conn:
        return int(conn.execute(select(func.count()).select_from(HAND_T)).scalar_one())


def build(path: Path, hands: int, seed: int) -> None:
    """Fill a new database at ``path`` with at least ``hands`` hands of random games."""
    rng = random.Random(seed)
    store = open_store(str(path))
    made = games = 0
    started = time.perf_counter()
    try:
        while made < hands:
            with store.writing() as conn:
                for _ in range(BATCH):
                    if made >= hands:
                        break
                    rules = Rules.build(rng.choice(RULE_SETS))
                    state = GameState(rules)
                    for dealt in random_game(rng, rules):
                        hand = state.start_hand(dealt.dealer, dealt.upcard)
                        for action in dealt.actions:
                            hand.apply(action)
                    players = dict(zip("NESW", rng.sample(CLUB, 4), strict=True))
                    day = f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                    info = game_info(players, rules, title=f"Club night {games + 1}", date=day)
                    import_game(store, info, state, conn=conn)
                    made += len(state.hands)
                    games += 1
            print(f"  {made:,} hands in {games:,} games ({time.perf_counter() - started:.0f} s)")
    finally:
        store.close()


def median_time(fn: object, runs: int) -> tuple[float, list[float]]:
    assert callable(fn)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands to store")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each measurement")
    parser.add_argument("--seed", type=int, default=20261130, help="seed of the random games")
    parser.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="the database to build or reuse (default: /tmp/euchre-log-bench-HANDS-SEED.db)",
    )
    args = parser.parse_args()
    path = args.cache or Path(f"/tmp/euchre-log-bench-{args.hands}-{args.seed}.db")

    if path.exists():
        store = open_store(str(path), create=False)
        have = stored_hands(store)
        store.close()
        if have < args.hands:
            print(f"{path} holds {have:,} hands, fewer than {args.hands:,}: rebuilding it")
            for suffix in ("", "-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
    if not path.exists():
        print(f"Building {path} with {args.hands:,} hands (once; later runs reuse it)...")
        build(path, args.hands, args.seed)

    store = open_store(str(path), create=False)
    have = stored_hands(store)
    doc = compute(store, review=False)
    print(
        f"\nDatabase: {path} ({path.stat().st_size / 1e6:.0f} MB), {doc['games']:,} games, "
        f"{have:,} hands, {len(doc['players'])} players, "
        f"{len(doc['partnerships'])} partnerships"
    )
    print(f"Python {sys.version.split()[0]}, SQLite {__import__('sqlite3').sqlite_version}")
    print(f"Median of {args.runs} runs (each run's times in brackets):\n")

    sql, times = median_time(lambda: compute(store, review=False), args.runs)
    print(f"  stats, SQL aggregation alone:        {sql:6.3f} s  {fmt(times)}")
    name = doc["players"][0]["name"]
    one, times = median_time(
        lambda: compute(store, StatsFilter(player=name), review=False), args.runs
    )
    print(f"  stats --player {name}, SQL alone:      {one:6.3f} s  {fmt(times)}")
    store.close()

    env = dict(os.environ, EUCHRE_LOG_DB=str(path))
    command = [sys.executable, "-m", "euchre_log", "stats", "--json", "--no-review"]

    def run() -> None:
        subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)

    whole, times = median_time(run, args.runs)
    print(f"  euchre-log stats --json, a fresh process: {whole:6.3f} s  {fmt(times)}")
    table = [sys.executable, "-m", "euchre_log", "stats", "--no-review"]

    def run_table() -> None:
        subprocess.run(table, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)

    shown, times = median_time(run_table, args.runs)
    print(f"  euchre-log stats (tables), a fresh process: {shown:6.3f} s  {fmt(times)}")


def fmt(times: list[float]) -> str:
    return "[" + " ".join(f"{t:.3f}" for t in times) + "]"


if __name__ == "__main__":
    main()
