"""How long the open-hand review takes per hand, for a long game, and for 10,000 hands.

A full review of a hand is everything ``engine.review.review_hand`` computes: the makers'
tricks with best play from the first card, the par under each trump suit (with the
dealer's best discard for the upcard's suit, where every dealt card is known), the lone
hands that march (for the best call), and every card played graded against the
alternatives. Over the seeded benchmark corpus (``benchmarks/corpus.py``) this prints:

1. the median and worst time per analysed hand, with the solver's nodes (cards tried)
   beside them, in this process;
2. the whole corpus reviewed from its files by a process per core;
3. ``euchre-log review --json`` of one game of 125 hands, end to end (a fresh process:
   reading, the engine, the review on every core, the JSON);
4. ``euchre-log review --all`` over a database of 10,000 stored hands whose reviews are
   not kept yet (it reviews them all on every core and keeps them), then ``stats --json``
   with every review kept.

It prints figures and never fails. Targets: a hand's review median 25 ms or less, worst
250 ms or less; 10,000 stored hands reviewed in 3 minutes or less on two cores.

    python3 benchmarks/bench_review.py                 # 10,000 hands, cached in /tmp
    python3 benchmarks/bench_review.py --hands 2000 --workers 2 --stats-hands 2000
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.corpus import PLAYERS, write_corpus  # noqa: E402
from euchre_log.engine import GameState, Rules  # noqa: E402
from euchre_log.engine.cards import SEATS  # noqa: E402
from euchre_log.engine.hand import HandState  # noqa: E402
from euchre_log.engine.review import HandReview, review_hand  # noqa: E402
from euchre_log.engine.simulate import random_game  # noqa: E402
from euchre_log.engine.solver import Solver  # noqa: E402
from euchre_log.formats.load import load_games  # noqa: E402
from euchre_log.formats.writer import game_info, log_dict  # noqa: E402


def review_file(path: Path) -> tuple[int, int]:
    """Load one game file and review every hand: (hands, analysed hands)."""
    hands = analysed = 0
    for loaded in load_games(path):
        for hand in loaded.game.hands:
            hands += 1
            analysed += review_hand(hand).analysed
    return hands, analysed


def review_once(hand: HandState) -> tuple[float, int, HandReview]:
    """One full review of a hand with a fresh solver: (seconds, nodes, the review)."""
    solver = Solver()
    started = time.perf_counter()
    review = review_hand(hand, solver)
    return time.perf_counter() - started, solver.nodes, review


def long_game(path: Path, hands: int, seed: int) -> Path:
    """A game of ``hands`` hands (a target nobody reaches), half of them with the deal
    recorded, written as euchre-log/1."""
    rng = random.Random(seed)
    rules = Rules.build({"preset": "family", "target": 1000})
    state = GameState(rules)
    for dealt in random_game(rng, rules, max_hands=hands):
        deal = {s: dealt.hands[s] for s in SEATS} if rng.random() < 0.5 else None
        hand = state.start_hand(dealt.dealer, dealt.upcard, deal=deal)
        hand.extend(dealt.actions)
    doc = log_dict(game_info(PLAYERS, rules, title=f"{hands} hands"), state, with_results=False)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def cli_seconds(args: list[str], runs: int, env: dict[str, str] | None = None) -> list[float]:
    """Wall-clock seconds of ``python -m euchre_log ARGS`` as a fresh process, each run."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "euchre_log", *args],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            check=True,
            stdout=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="about how many hands")
    parser.add_argument("--seed", type=int, default=20261130, help="the corpus's seed")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes for the wall clock"
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "euchre-log-bench",
        help="where the corpus is kept between runs",
    )
    parser.add_argument("--game-hands", type=int, default=125, help="hands of the long game")
    parser.add_argument("--stats-hands", type=int, default=10_000, help="hands stored for stats")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of the commands")
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    paths = write_corpus(args.cache / f"corpus-{args.hands}", args.hands, args.seed)

    # One hand at a time, in this process: the time and the work of each review.
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    hands = [h for p in paths for g in load_games(p) for h in g.game.hands]
    timed: list[tuple[float, int, int]] = []  # (seconds, nodes, index in the corpus)
    par = 0
    for k, hand in enumerate(hands):
        took, nodes, review = review_once(hand)
        if review.analysed:
            timed.append((took, nodes, k))
            par += review.par is not None
    # A shared machine can stall any one hand; the slowest are timed again (fastest of
    # three), so that the worst figure is the hand's own and not a neighbour's.
    timed.sort()
    for i in range(max(len(timed) - 20, 0), len(timed)):
        _, nodes, k = timed[i]
        timed[i] = (min(review_once(hands[k])[0] for _ in range(3)), nodes, k)
    timed.sort()
    times = [t for t, _, _ in timed]
    node_counts = [n for _, n, _ in timed]
    mid, worst = timed[len(timed) // 2], timed[-1]
    print(
        f"{len(hands):,} hands in {len(paths):,} games; {len(timed):,} analysed, {par:,} with par"
    )
    print(
        f"per analysed hand: median {statistics.median(times) * 1000:.1f} ms "
        f"({mid[1]:,} nodes), worst {worst[0] * 1000:.1f} ms ({worst[1]:,} nodes, hand "
        f"{worst[2] + 1} of the corpus), mean {statistics.fmean(times) * 1000:.1f} ms"
    )
    print(
        f"nodes per analysed hand: median {statistics.median(node_counts):,.0f}, "
        f"max {max(node_counts):,}, total {sum(node_counts):,} "
        f"({sum(node_counts) / sum(times):,.0f} nodes/s in one process)"
    )

    # The whole corpus from the files, one process per core: loading included.
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        counts = pool.map(review_file, paths, chunksize=8)
    wall = time.perf_counter() - started
    total = sum(c[0] for c in counts)
    print(
        f"{total:,} hands loaded and reviewed by {args.workers} processes: {wall:.1f} s "
        f"({total / wall:,.0f} hands/s; {os.cpu_count()} cores, Python {sys.version.split()[0]})"
    )

    # One long game, end to end: review --json as a fresh process.
    game = long_game(args.cache / f"long-{args.game_hands}.json", args.game_hands, args.seed)
    (loaded,) = load_games(game)
    nodes_game = []
    for hand in loaded.game.hands:
        _, n, review = review_once(hand)
        if review.analysed:
            nodes_game.append(n)
    times = cli_seconds(["review", "--json", str(game)], args.runs)
    print(
        f"review --json of a {len(loaded.game.hands)}-hand game ({len(nodes_game)} analysed; "
        f"median {statistics.median(nodes_game):,.0f} nodes per hand, "
        f"{sum(nodes_game):,} in all): median {statistics.median(times):.2f} s "
        f"[{' '.join(f'{t:.2f}' for t in times)}], end to end"
    )

    # review --all over stored hands reviews every hand and keeps it; stats then reads them.
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_stats  # type: ignore[import-not-found]

    pristine = args.cache / f"stats-review-{args.stats_hands}.db"
    if not pristine.exists():
        print(f"storing {args.stats_hands:,} hands (once)...", flush=True)
        bench_stats.build(pristine, args.stats_hands, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        first, cached = [], []
        for _ in range(max(1, args.runs - 1)):
            db = Path(tmp) / "stats.db"
            for suffix in ("", "-wal", "-shm"):
                Path(str(db) + suffix).unlink(missing_ok=True)
            shutil.copyfile(pristine, db)
            first += cli_seconds(["--db", str(db), "review", "--all"], 1)
            cached += cli_seconds(["--db", str(db), "stats", "--json"], 1)
        done = subprocess.run(
            [sys.executable, "-m", "euchre_log", "--db", str(db), "stats", "--json"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        cover = json.loads(done.stdout)["review"]
    print(
        f"review --all over {cover['hands']:,} stored hands, reviewing them all "
        f"({cover['analysed']:,} analysed) on {os.cpu_count()} cores: "
        f"median {statistics.median(first):.1f} s [{' '.join(f'{t:.1f}' for t in first)}]; "
        f"then stats --json with every review kept: {statistics.median(cached):.2f} s"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
