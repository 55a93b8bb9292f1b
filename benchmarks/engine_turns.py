"""The engine's speed in two source trees, timed in turns: before and after a change.

    git archive main | tar -x -C /tmp/before
    python3 -m benchmarks.engine_turns --before /tmp/before --after . --hands 2000 --runs 30

Each tree gets a worker process that loads the same corpus (``benchmarks.corpus``, cached
in the temp folder) and, for each line it is sent, times two figures in processor time:
``benchmarks.run``'s engine replay (validate and score every hand) and
``benchmarks.reading``'s per-hand ``engine`` step (``reader.play_hands``). The runner
asks the two workers in turns, swapping which goes first each round, so that a busy
moment of a shared machine weighs on both alike. It prints medians, minimums and the
after/before ratios, and never fails.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 20261130


def worker(root: Path, corpus: Path) -> None:
    """``--worker``: import the engine from ``root``, then time both figures per line read."""
    sys.path[0] = str(root)
    from benchmarks.run import engine_corpus, replay_games
    from euchre_log.formats.models import GameLog
    from euchre_log.formats.reader import new_game, play_hands, read_bytes

    paths = sorted(corpus.glob("game-*.json"))
    games, hands = engine_corpus(paths)
    logs = [GameLog.model_validate_json(read_bytes(p)) for p in paths]

    def reading() -> None:
        for log in logs:
            game = new_game(log)
            for _ in play_hands(log, game):
                pass

    print(json.dumps({"hands": hands}), flush=True)
    for _ in sys.stdin:
        started = time.process_time()
        replay_games(games)
        replay = time.process_time() - started
        started = time.process_time()
        reading()
        print(replay, time.process_time() - started, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the source tree before")
    parser.add_argument("--after", type=Path, default=ROOT, help="the source tree after")
    parser.add_argument("--hands", type=int, default=2_000, help="hands in the corpus")
    parser.add_argument("--runs", type=int, default=30, help="timed rounds")
    parser.add_argument("--worker", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(*args.worker)
        return
    sys.path.insert(0, str(ROOT))
    from benchmarks.corpus import write_corpus

    corpus = Path(tempfile.gettempdir()) / "euchre-log-bench" / f"corpus-{args.hands}"
    write_corpus(corpus, args.hands, SEED)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    procs = {
        name: subprocess.Popen(
            # Run as a file, not a module: the tree under test's own ``benchmarks`` and
            # ``euchre_log`` are the ones imported.
            [sys.executable, __file__, "--before", ".", "--worker", str(tree), str(corpus)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=tree,
        )
        for name, tree in trees.items()
    }
    hands = 0
    for proc in procs.values():
        assert proc.stdout is not None
        hands = json.loads(proc.stdout.readline())["hands"]
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in trees}
    load = [os.getloadavg()[0]]
    for i in range(args.runs):
        for name in ("before", "after") if i % 2 == 0 else ("after", "before"):
            proc = procs[name]
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
            replay, reading = map(float, proc.stdout.readline().split())
            times[name][0].append(replay)
            times[name][1].append(reading)
    load.append(os.getloadavg()[0])
    for proc in procs.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    for k, what in enumerate(("engine replay (benchmarks.run)", "play_hands (benchmarks.reading)")):
        before, after = times["before"][k], times["after"][k]
        mb, ma = statistics.median(before), statistics.median(after)
        print(
            f"{what}: before {mb / hands * 1e6:.1f} µs/hand, after {ma / hands * 1e6:.1f} µs/hand;"
            f" after/before {ma / mb:.3f} (medians), {min(after) / min(before):.3f} (minimums)"
        )
    print(
        f"{hands:,} hands, {args.runs} rounds in turns, Python {sys.version.split()[0]};"
        f" load average {min(load):.1f}-{max(load):.1f}"
    )


if __name__ == "__main__":
    main()
