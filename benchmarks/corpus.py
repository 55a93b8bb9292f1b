"""A seeded corpus of random legal games, written as euchre-log/1 files.

The games are dealt and played by the project's own engine (``engine.simulate``) under a mix
of rule sets; about half the hands record the deal, as tables that show their cards do.
The same seed gives the same files on every machine, and a corpus already on disk for the
same size and seed is reused.

    python3 -m benchmarks.corpus --hands 10000 --out /tmp/euchre-log-corpus
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from euchre_log.engine import GameState, Rules  # noqa: E402
from euchre_log.engine.cards import SEATS  # noqa: E402
from euchre_log.engine.simulate import random_game  # noqa: E402
from euchre_log.formats.writer import game_info, log_dict  # noqa: E402

RULE_SETS: list[dict[str, Any]] = [
    {"preset": "north-american"},
    {"preset": "classic"},
    {"preset": "family"},
    {"stick_the_dealer": True, "defend_alone": True},
]
PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


def games(hands: int, seed: int) -> Iterator[dict[str, Any]]:
    """euchre-log/1 documents of random legal games, about ``hands`` hands in all."""
    rng = random.Random(seed)
    total = 0
    i = 0
    while total < hands:
        rules = Rules.build(RULE_SETS[i % len(RULE_SETS)])
        state = GameState(rules)
        for dealt in random_game(rng, rules):
            deal = {s: dealt.hands[s] for s in SEATS} if rng.random() < 0.5 else None
            hand = state.start_hand(dealt.dealer, dealt.upcard, deal=deal)
            hand.extend(dealt.actions)
        total += len(state.hands)
        i += 1
        yield log_dict(
            game_info(PLAYERS, rules, title=f"Benchmark game {i}"), state, with_results=False
        )


def write_corpus(out: Path, hands: int, seed: int) -> list[Path]:
    """The corpus's files, written unless the same corpus is already there."""
    stamp = out / "CORPUS"
    wanted = f"hands={hands} seed={seed}\n"
    if stamp.exists() and stamp.read_text() == wanted:
        return sorted(out.glob("game-*.json"))
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("game-*.json"):
        old.unlink()
    paths = []
    for i, doc in enumerate(games(hands, seed), start=1):
        path = out / f"game-{i:05d}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        paths.append(path)
    stamp.write_text(wanted)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="about how many hands")
    parser.add_argument("--seed", type=int, default=20261130, help="the random seed")
    parser.add_argument(
        "--out", type=Path, default=Path("/tmp/euchre-log-corpus"), help="the folder"
    )
    args = parser.parse_args()
    paths = write_corpus(args.out, args.hands, args.seed)
    print(f"{len(paths)} game files in {args.out}")


if __name__ == "__main__":
    main()
