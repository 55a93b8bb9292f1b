"""The peer figure: OpenSpiel's C++ Euchre engine replaying and legality-checking hands.

Run it with a Python that has OpenSpiel (``pip install open_spiel``, best in its own
virtual environment: it is not a dependency of euchre-log). It plays random legal hands
with stick-the-dealer and lone defenders, records every action (the deal included), then
times replaying them: each action is checked against the legal actions, then applied. It
prints one line of JSON: ``{"hands_per_second": ..., "runs": [...]}``.

    /path/to/venv/bin/python benchmarks/openspiel_peer.py --hands 10000

With ``--serve`` it deals the hands, then times one replay for each line it reads
(``check`` or ``apply``) and prints its seconds, so that ``benchmarks/run.py`` can take
turns with its own engine: a busy moment of a shared machine then weighs on both alike.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any


def main() -> None:
    import pyspiel  # type: ignore[import-not-found]

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument(
        "--serve",
        action="store_true",
        help="deal the hands, print 'ready', then time one replay per line read "
        "('check' or 'apply'), printing its seconds: the runner interleaves them with its own",
    )
    args = parser.parse_args()
    game = pyspiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": True})
    rng = random.Random(args.seed)

    def random_hand() -> list[int]:
        state = game.new_initial_state()
        actions = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply_action(action)
        return actions

    hands = [random_hand() for _ in range(args.hands)]

    def replay(check: bool) -> None:
        for actions in hands:
            state = game.new_initial_state()
            for action in actions:
                if check and not state.is_chance_node() and action not in state.legal_actions():
                    raise ValueError("illegal action")
                state.apply_action(action)
            state.returns()

    def rate(check: bool) -> tuple[float, list[float]]:
        runs: list[float] = []
        for _ in range(args.runs):
            started = time.perf_counter()
            replay(check)
            runs.append(time.perf_counter() - started)
        return args.hands / statistics.median(runs), runs

    if args.serve:
        import sys

        print("ready", flush=True)
        for line in sys.stdin:
            started = time.perf_counter()
            replay(line.strip() == "check")
            print(time.perf_counter() - started, flush=True)
        return

    checked, runs = rate(True)
    applied, _ = rate(False)
    result: dict[str, Any] = {
        "hands_per_second": checked,  # every action checked against legal_actions()
        "apply_only_hands_per_second": applied,  # apply_action alone
        "runs": runs,
        "hands": args.hands,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
