"""What a person waits for: each command's start-up, and the recorder's answer to a line.

    python3 -m benchmarks.startup                 # every command, medians of 9 runs
    python3 -m benchmarks.startup --runs 15
    python3 -m benchmarks.startup --before /tmp/old   # and an older checkout, in turns

The database is seeded and built once (cached in the temp folder): 1,000 games, the first
a long game of 125 hands (a target of 1,000), the others random games to 10. Each command
runs as a user runs it, in a fresh process, beside ``python -c pass`` timed in the same
run. The recorder's latency is the time from writing a line to ``record --json`` to reading
its answer, one token a line, over a game of 125 hands or a few more (3,300 lines):
lines 1-300 of one game and 3,000-3,300 of another, recorded in turns, are compared. ``benchmarks/run.py`` prints the same figures in its table.
It prints figures and never fails.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from euchre_log.engine import actions as A  # noqa: E402
from euchre_log.engine.cards import (  # noqa: E402
    CARD_TEXT,
    SEAT_LETTERS,
    SUIT_LETTERS,
    Seat,
    left_of,
)
from euchre_log.engine.game import GameState  # noqa: E402
from euchre_log.engine.rules import Rules  # noqa: E402
from euchre_log.engine.simulate import random_game, random_hand  # noqa: E402

CLI = [sys.executable, "-m", "euchre_log"]
PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}
SEED = 20261130
LONG_HANDS = 125
LONG_RULES = {"preset": "family", "target": 1000}
RECORD_LINES = 3300
"""The recorder is timed over lines 1-300 and 3,000-3,300: a game of 125 hands or a few
more, since a hand takes about 25 lines one token a line."""


def environment() -> dict[str, str]:
    """The environment a user's shell has: Python caches its bytecode (an installed
    package has it), so a setting that forbids writing it is left out."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def long_game(
    rng: random.Random, hands: int = LONG_HANDS, lines: int = 0
) -> tuple[Rules, list[object]]:
    """A long game's hands (``DealtHand``), dealt in turn from N, none of which ends it:
    ``hands`` of them, and more while they take fewer than ``lines`` recorder lines."""
    rules = Rules.build(LONG_RULES)
    state = GameState(rules)
    dealt_hands: list[object] = []
    dealer = 0
    while len(dealt_hands) < hands or len(token_lines(dealt_hands)) < lines:
        dealt = random_hand(rng, rules, Seat(dealer))
        hand = state.start_hand(dealt.dealer, dealt.upcard)
        hand.extend(dealt.actions)
        dealt_hands.append(dealt)
        dealer = left_of(Seat(dealer))
    return rules, dealt_hands


def build_db(path: Path, games: int = 1000, seed: int = SEED) -> Path:
    """A database of ``games`` games, the first the long game, stored as ``import`` does;
    built once and reused while its stamp matches."""
    from euchre_log.engine.game import JUDGEMENT
    from euchre_log.formats.writer import game_info
    from euchre_log.store.access import open_store
    from euchre_log.store.games import import_games
    from euchre_log.store.schema import SCHEMA_VERSION

    stamp = path.with_suffix(".stamp")
    # A database of another schema or judgement would be upgraded by the first command.
    wanted = (
        f"games={games} seed={seed} long={LONG_HANDS} schema={SCHEMA_VERSION} judged={JUDGEMENT}\n"
    )
    if path.exists() and stamp.exists() and stamp.read_text() == wanted:
        return path
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    rng = random.Random(seed)
    store = open_store(str(path))
    try:
        rules, dealt_hands = long_game(rng)
        state = GameState(rules)
        for dealt in dealt_hands:
            state.start_hand(dealt.dealer, dealt.upcard).extend(dealt.actions)  # type: ignore[attr-defined]
        batch = [(game_info(PLAYERS, rules, title="The long game", date="2026-11-30"), state)]
        presets = ["classic", "family", "north-american", "canadian"]
        for i in range(1, games):
            rules = Rules.build({"preset": presets[i % 4]})
            state = GameState(rules)
            for dealt in random_game(rng, rules):
                state.start_hand(dealt.dealer, dealt.upcard).extend(dealt.actions)
            info = game_info(PLAYERS, rules, title=f"Club night {i}", date="2026-11-27")
            batch.append((info, state))
            if len(batch) >= 100:
                import_games(store, batch)
                batch = []
        if batch:
            import_games(store, batch)
    finally:
        store.close()
    stamp.write_text(wanted)
    return path


def token_lines(dealt_hands: list[object]) -> list[str]:
    """The recorder's lines for the hands, one token a line: the upcard, each bid, the
    discard, a lone defender, each card."""
    lines: list[str] = []
    for dealt in dealt_hands:
        lines.append(CARD_TEXT[dealt.upcard].lower())  # type: ignore[attr-defined]
        for a in dealt.actions:  # type: ignore[attr-defined]
            match a:
                case A.Pass():
                    lines.append("p")
                case A.Order(alone=alone):
                    lines.append("o!" if alone else "o")
                case A.Call(suit=suit, alone=alone):
                    lines.append(SUIT_LETTERS[suit].lower() + ("!" if alone else ""))
                case A.Discard(card=card):
                    lines.append("?" if card is None else CARD_TEXT[card].lower())
                case A.DefendAlone(seat=seat):
                    lines.append(f"defend {SEAT_LETTERS[seat].lower()}")
                case A.Play(card=card):
                    lines.append(CARD_TEXT[card].lower())
                case _:
                    raise ValueError(f"no token for {a!r}")
    return lines


class _Recorder:
    """A ``record --json --no-fill`` process on a game of its own database."""

    def __init__(self, db: Path, root: Path, env: dict[str, str]) -> None:
        for suffix in ("", "-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
        new = ["new", "--players", ",".join(PLAYERS.values()), "--dealer", "N"]
        new += ["--preset", "family", "--set", "target=1000"]
        subprocess.run(
            [*CLI, "--db", str(db), *new],
            check=True,
            stdout=subprocess.DEVNULL,
            env=env,
            cwd=root,
        )
        self.proc = subprocess.Popen(
            [*CLI, "--db", str(db), "record", "--json", "--no-fill"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=env,
            cwd=root,
        )
        assert self.proc.stdout is not None
        self.proc.stdout.readline()  # line 0: the game as loaded

    def line(self, text: str) -> float:
        """Send a line; the milliseconds until its answer."""
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        started = time.perf_counter()
        proc.stdin.write(text + "\n")
        proc.stdin.flush()
        answer = proc.stdout.readline()
        took = (time.perf_counter() - started) * 1000
        if not json.loads(answer).get("ok"):
            raise RuntimeError(f"the recorder refused {text!r}: {answer}")
        return took

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def recorder_latency(workdir: Path, seed: int = SEED, root: Path = ROOT) -> dict[str, object]:
    """The time from a line to its answer (milliseconds), for lines 1-300 and
    3,000-3,300 of the long game, one token a line, through ``record --json --no-fill``;
    ``root`` is the checkout whose euchre-log runs.

    Two recorders run side by side, each on its own database: one is brought to line
    2,999 untimed; then they take turns, a line each, the first recording lines 1-300 and
    the second lines 3,000-3,300, so that a busy moment of the machine weighs on both
    alike. ``times`` is every line of the second recorder, the early ones included."""
    _, dealt_hands = long_game(random.Random(seed), lines=RECORD_LINES)
    lines = token_lines(dealt_hands)
    env = environment()
    early = _Recorder(workdir / "early.db", root, env)
    late = _Recorder(workdir / "late.db", root, env)
    try:
        times = [late.line(text) for text in lines[:2999]]
        first: list[float] = []
        last: list[float] = []
        for k in range(300):
            first.append(early.line(lines[k]))
            last.append(late.line(lines[2999 + k]))
        times += last
    finally:
        early.close()
        late.close()
    return {
        "hands": len(dealt_hands),
        "lines": len(lines),
        "early": first,
        "late": last,
        "times": times,
    }


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


COMMANDS: list[tuple[str, list[str]]] = [
    ("--help", ["--help"]),
    ("--version", ["--version"]),
    ("games", ["games"]),
    ("games --json", ["games", "--json"]),
    ("summary 1 (125 hands)", ["summary", "1"]),
    ("replay 1 --hand 3", ["replay", "1", "--hand", "3"]),
    ("explain 1 --hand 3", ["explain", "1", "--hand", "3"]),
    ("stats", ["stats"]),
    ("export 1", ["export", "1"]),
    ("check family-game.json", ["check", str(ROOT / "sample_logs" / "family-game.json")]),
]


def command_times(db: Path, runs: int, before: Path | None = None) -> dict[str, float]:
    """Median wall time (s) of each command and of ``python -c pass``, interleaved run by
    run so that a busy moment of the machine weighs on all of them alike. With ``before``
    (another checkout), its commands are timed in the same turns, named ``before: ...``."""
    env = environment()
    todo: list[tuple[str, list[str], Path]] = [
        ("python -c pass", [sys.executable, "-c", "pass"], ROOT)
    ]
    for label, root in (("", ROOT), ("before: ", before)):
        if root is None:
            continue
        for name, args in COMMANDS:
            if args[0] == "check":
                args = [args[0], str(root / "sample_logs" / "family-game.json")]
            db_args = [] if name.startswith("--") else ["--db", str(db)]
            todo.append((label + name, [*CLI, *db_args, *args], root))
    for _, cmd, root in todo:  # once, untimed: bytecode written, the file in the page cache
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=root)
    times: dict[str, list[float]] = {name: [] for name, _, _ in todo}
    for _ in range(runs):
        for name, cmd, root in todo:
            started = time.perf_counter()
            subprocess.run(
                cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=root
            )
            times[name].append(time.perf_counter() - started)
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each command")
    parser.add_argument("--no-recorder", action="store_true", help="leave out the recorder")
    parser.add_argument(
        "--before",
        type=Path,
        default=None,
        help="another checkout of euchre-log (an older commit) to time in the same turns",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "euchre-log-bench",
        help="where the database is kept between runs",
    )
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    db = build_db(args.cache / "startup-1000.db")
    medians = command_times(db, args.runs, args.before)
    base = medians["python -c pass"]
    for name, t in medians.items():
        print(f"{name:36s} {t * 1000:6.0f} ms   (+{(t - base) * 1000:.0f} ms over python -c pass)")
    if not args.no_recorder:
        for label, root in (("", ROOT), ("before: ", args.before)):
            if root is None:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                found = recorder_latency(Path(tmp), root=root)
            for key, what in (("early", "1-300"), ("late", "3,000-3,300")):
                part = found[key]
                assert isinstance(part, list)
                print(
                    f"{label}record lines {what} of {found['hands']} hands, in turns: median "
                    f"{statistics.median(part):.1f} ms, p99 {percentile(part, 99):.1f} ms"
                )
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
