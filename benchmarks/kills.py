"""Killing the recorder with SIGKILL, hundreds of times, in the middle of lines: how many
entries it had acknowledged were lost (the answer must be 0).

    python3 -m benchmarks.kills                  # 300 kills (a few minutes)
    python3 -m benchmarks.kills --kills 1000 --db /tmp/kills.db

Each round starts ``record --json`` on the game being recorded (a seeded random legal
game, one entry a line; a new game when one ends), sends it a few lines and waits for
each answer (those entries are acknowledged: stored, it says), then sends one more line
and kills the recorder with SIGKILL a random moment later, from at once to 40 ms: while
it reads the line, checks it, writes it, or commits it. Then the database is opened
again and the game's entries counted: every acknowledged one must be there, and the
unacknowledged line either landed whole or not at all. At the end ``verify`` checks every
chain. It prints the figures, and exits 1 if anything acknowledged was lost.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.startup import token_lines  # noqa: E402
from euchre_log.engine.cards import WEST  # noqa: E402

CLI = [sys.executable, "-m", "euchre_log"]


def script(seed: int) -> list[str]:
    """A random legal game to 10 as recorder lines, one entry a line."""
    from euchre_log.engine import Rules
    from euchre_log.engine.simulate import random_game

    rules = Rules.build({"preset": "north-american"})
    return token_lines(list(random_game(random.Random(seed), rules, first_dealer=WEST)))


def entries(db: Path, game: int) -> int:
    """The entries of the game that stand, as the store reads them."""
    from euchre_log.store.access import open_store
    from euchre_log.store.games import load_game

    store = open_store(str(db))
    try:
        return len(load_game(store, game).record.history)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300, help="how many times to kill")
    parser.add_argument("--db", type=Path, default=None, help="the database (a new one)")
    parser.add_argument("--seed", type=int, default=20261202)
    args = parser.parse_args()
    db = args.db or Path(tempfile.mkdtemp(prefix="euchre-log-kills-")) / "kills.db"
    env = dict(os.environ, EUCHRE_LOG_DB=str(db))
    rng = random.Random(args.seed)

    def new_game() -> int:
        made = subprocess.run(
            [*CLI, "new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W", "--json"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        return int(json.loads(made.stdout)["id"])

    game, lines, done = new_game(), script(args.seed), 0
    kills = acknowledged = landed = lost = games = 0
    started = time.monotonic()
    while kills < args.kills:
        if done >= len(lines):  # the game is over: the next one
            games += 1
            game, lines, done = new_game(), script(args.seed + games), 0
        proc = subprocess.Popen(
            [*CLI, "record", str(game), "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert proc.stdin is not None and proc.stdout is not None
        json.loads(proc.stdout.readline())  # line 0: loaded
        for _ in range(rng.randrange(0, 6)):
            if done >= len(lines) - 1:
                break
            proc.stdin.write(lines[done] + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            if not answer["ok"]:
                raise SystemExit(f"the recorder refused line {done}: {answer}")
            done += 1
            acknowledged += 1
        pending = done < len(lines)
        if pending:  # the line the kill cuts into
            proc.stdin.write(lines[done] + "\n")
            proc.stdin.flush()
            time.sleep(rng.random() * 0.04)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        kills += 1
        stored = entries(db, game)
        if stored < done:
            lost += done - stored
            done = stored
        elif stored == done + 1 and pending:
            landed += 1
            done = stored
        elif stored != done:
            raise SystemExit(f"game {game}: {stored} entries stored, {done} acknowledged")
    verified = subprocess.run([*CLI, "verify"], capture_output=True, text=True, env=env)
    took = time.monotonic() - started
    print(
        f"{kills} kills of record in {took:.0f} s over {games + 1} games: {acknowledged} "
        f"entries acknowledged, {lost} of them lost; {landed} of the lines cut into landed "
        f"whole, the others not at all; verify exit code {verified.returncode}"
    )
    sys.exit(1 if lost or verified.returncode else 0)


if __name__ == "__main__":
    main()
