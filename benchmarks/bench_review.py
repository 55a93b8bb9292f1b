"""How long the open-hand review takes per hand, and for 10,000 hands on every core.

A full review of a hand is everything ``engine.review.review_hand`` computes: the makers'
tricks with best play from the first card, the par under each trump suit (with the
dealer's best discard for the upcard's suit, where every dealt card is known), and every
card played graded against the alternatives. Over the seeded benchmark corpus
(``benchmarks/corpus.py``) this prints the median and worst time per analysed hand with
the solver's nodes (cards tried) beside them, then the wall-clock time for the whole
corpus reviewed by a process per core. It prints figures and never fails: targets are a
median of 25 ms or less, a worst hand of 250 ms or less, and 10,000 hands in 3 minutes
or less on two cores.

    python3 benchmarks/bench_review.py                 # 10,000 hands, cached in /tmp
    python3 benchmarks/bench_review.py --hands 2000 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.corpus import write_corpus  # noqa: E402
from euchre_log.engine.review import review_hand  # noqa: E402
from euchre_log.engine.solver import Solver  # noqa: E402
from euchre_log.formats.load import load_games  # noqa: E402


def review_file(path: Path) -> tuple[int, int]:
    """Load one game file and review every hand: (hands, analysed hands)."""
    hands = analysed = 0
    for loaded in load_games(path):
        for hand in loaded.game.hands:
            hands += 1
            analysed += review_hand(hand).analysed
    return hands, analysed


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
    args = parser.parse_args()
    paths = write_corpus(args.cache / f"corpus-{args.hands}", args.hands, args.seed)

    # One hand at a time, in this process: the time and the work of each review.
    hands = [h for p in paths for g in load_games(p) for h in g.game.hands]
    times: list[float] = []
    nodes: list[int] = []
    par = 0
    worst = (0.0, 0, "")
    for k, hand in enumerate(hands):
        solver = Solver()
        started = time.perf_counter()
        review = review_hand(hand, solver)
        took = time.perf_counter() - started
        if not review.analysed:
            continue
        times.append(took)
        nodes.append(solver.nodes)
        par += review.par is not None
        if took > worst[0]:
            worst = (took, solver.nodes, f"hand {k + 1} of the corpus")
    order = sorted(range(len(times)), key=times.__getitem__)
    mid = order[len(order) // 2]
    print(
        f"{len(hands):,} hands in {len(paths):,} games; {len(times):,} analysed, {par:,} with par"
    )
    print(
        f"per analysed hand: median {statistics.median(times) * 1000:.1f} ms "
        f"({nodes[mid]:,} nodes at the median hand; median nodes {statistics.median(nodes):,.0f}), "
        f"worst {worst[0] * 1000:.1f} ms ({worst[1]:,} nodes, {worst[2]}), "
        f"mean {statistics.fmean(times) * 1000:.1f} ms"
    )
    print(
        f"nodes per analysed hand: median {statistics.median(nodes):,.0f}, "
        f"max {max(nodes):,}, total {sum(nodes):,} "
        f"({sum(nodes) / sum(times):,.0f} nodes/s in one process)"
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


if __name__ == "__main__":
    main()
