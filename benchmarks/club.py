"""A club's history: what each command costs on 5,000 stored games beside 50, and what a
game costs on disk.

    python3 -m benchmarks.club                   # 50 and 5,000 games, medians of 7 runs
    python3 -m benchmarks.club --runs 11
    python3 -m benchmarks.club --big 50000       # once, for the record (an hour or so)

Both databases are built once from the same seeded corpus (``benchmarks/corpus.py``: the
first 50 games, and the first 5,000), by ``euchre-log import`` as a user would, and kept in
the temp folder (or ``--cache DIR``) with the corpus. The import of the big one is timed
when it is built (delete the cache to time it again), with where its time goes: reading
and checking the files (on every core), and storing them.

Then every command runs as a user runs it, in a fresh process, pure Python: ``games``,
``summary N``, ``replay N``, ``explain N``, ``export N``, ``review N`` (its hands reviewed
once, untimed, so that it reads the cache), ``stats`` and ``stats --player NAME``, each on
both databases, in turns with ``python -c pass`` run by run, so that a busy moment of the
shared machine weighs on all of them alike. It prints medians: each command on 50 games and
on 5,000, the ratio (the target: at most 1.5), and each one's time over ``python -c pass``
(the target: at most 600 ms). And the database's bytes per game (checkpointed, indexes
included, the review cache left out) beside the games' own export written as JSON without
whitespace (the target: at most 2x). It prints figures and never fails; no test asserts a
time.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.corpus import write_corpus  # noqa: E402

CLI = [sys.executable, "-m", "euchre_log"]
SEED = 20261130
HANDS_PER_GAME = 12
"""A little more than a random game's hands on average (about 11), so that a corpus of
``games * HANDS_PER_GAME`` hands holds ``games`` games."""


def environment() -> dict[str, str]:
    """A user's shell: pure Python (no compiled build), bytecode cached as installed."""
    env = dict(os.environ, EUCHRE_LOG_PURE_PYTHON="1", COLUMNS="120")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def corpus(cache: Path, games: int) -> list[Path]:
    """The first ``games`` files of the seeded corpus (made once, kept in ``cache``)."""
    folder = cache / f"corpus-{games * HANDS_PER_GAME}"
    paths = write_corpus(folder, games * HANDS_PER_GAME, SEED)
    if len(paths) < games:
        raise SystemExit(f"the corpus in {folder} holds {len(paths)} games, not {games}")
    return paths[:games]


def build(cache: Path, games: int, files: list[Path]) -> tuple[Path, dict[str, float]]:
    """The database of ``games`` games, imported once; the import's times when it is made."""
    db = cache / f"club-{games}.db"
    stamp = db.with_suffix(".stamp")
    from euchre_log.store.schema import SCHEMA_VERSION

    wanted = f"games={games} seed={SEED} schema={SCHEMA_VERSION}\n"
    if db.exists() and stamp.exists() and stamp.read_text() == wanted:
        timed = json.loads(db.with_suffix(".import.json").read_text())
        return db, timed
    for old in cache.glob(f"club-{games}.db*"):
        old.unlink()
    timed = import_times(db, files)
    stamp.write_text(wanted)
    db.with_suffix(".import.json").write_text(json.dumps(timed))
    return db, timed


def import_times(db: Path, files: list[Path]) -> dict[str, float]:
    """``euchre-log import`` of the files, end to end; then, in this process on a scratch
    database, its two parts: reading and checking the files on every core, and storing."""
    started = time.perf_counter()
    subprocess.run(
        [*CLI, "--db", str(db), "import", *map(str, files)],
        stdout=subprocess.DEVNULL,
        check=True,
        env=environment(),
    )
    end_to_end = time.perf_counter() - started
    from euchre_log.formats.parallel import ordered_map, workers_for
    from euchre_log.store.access import open_store
    from euchre_log.store.games import prepare_files, store_prepared
    from euchre_log.store.journal import now

    paths = [str(p) for p in files]
    started = time.perf_counter()
    stamp = now()
    reads = list(
        ordered_map(lambda part: prepare_files(part, stamp), paths, workers=workers_for(paths))
    )
    reading = time.perf_counter() - started
    scratch = db.with_name(db.stem + "-scratch.db")
    for old in db.parent.glob(scratch.name + "*"):
        old.unlink()
    store = open_store(str(scratch))
    prepared = [g for r in reads for g in r.games]
    started = time.perf_counter()
    for i in range(0, len(prepared), 400):
        store_prepared(store, prepared[i : i + 400])
    storing = time.perf_counter() - started
    store.close()
    for old in db.parent.glob(scratch.name + "*"):
        old.unlink()
    hands = sum(g.hands for g in prepared)
    return {
        "games": len(prepared),
        "hands": hands,
        "end_to_end": end_to_end,
        "reading": reading,
        "storing": storing,
    }


def bytes_per_game(db: Path) -> dict[str, float]:
    """The file's bytes per game, checkpointed, without the review cache (its table and
    key), and the games' exports written as JSON without whitespace."""
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    games = con.execute("SELECT count(*) FROM game").fetchone()[0]
    size = os.path.getsize(db)
    reviews = con.execute(
        "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE '%hand_review%'"
    ).fetchone()[0]
    tables = dict(con.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall())
    con.close()
    from euchre_log.store.access import open_store
    from euchre_log.store.export import export_log

    store = open_store(str(db))
    exported = 0
    for game_id in range(1, games + 1):
        log = export_log(store, game_id)
        exported += len(json.dumps(log, separators=(",", ":"), ensure_ascii=False).encode())
    store.close()
    journal = tables.get("action", 0)
    return {
        "games": games,
        "db": (size - reviews) / games,
        "export": exported / games,
        "journal": journal / games,
        "entries": 0.0,
    }


def commands(games: int) -> list[tuple[str, list[str]]]:
    """What a club member types, for a game in the middle of the history."""
    n = str(max(1, games // 2))
    return [
        ("games", ["games"]),
        ("summary N", ["summary", n]),
        ("replay N", ["replay", n]),
        ("explain N", ["explain", n, "--hand", "1"]),
        ("export N", ["export", n]),
        ("review N (cached)", ["review", n]),
        ("stats", ["stats"]),
        ("stats --player NAME", ["stats", "--player", "Ann"]),
    ]


def timed_runs(dbs: dict[int, Path], runs: int) -> dict[str, list[float]]:
    """Every command on every database and ``python -c pass``, in turns, ``runs`` times."""
    env = environment()
    todo: list[tuple[str, list[str]]] = [("python -c pass", [sys.executable, "-c", "pass"])]
    for games, db in dbs.items():
        for name, args in commands(games):
            todo.append((f"{name} @{games}", [*CLI, "--db", str(db), *args]))
    for _, cmd in todo:  # once, untimed: bytecode written, the review cached, files in cache
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    times: dict[str, list[float]] = {name: [] for name, _ in todo}
    for _ in range(runs):
        for name, cmd in todo:
            started = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            times[name].append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each command")
    parser.add_argument("--small", type=int, default=50, help="games in the small database")
    parser.add_argument("--big", type=int, default=5000, help="games in the big database")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "euchre-log-club",
        help="where the corpus and the databases are kept between runs",
    )
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the start", file=sys.stderr)
    files = corpus(args.cache, args.big)
    small, _ = build(args.cache, args.small, files[: args.small])
    big, imported = build(args.cache, args.big, files)
    times = timed_runs({args.small: small, args.big: big}, args.runs)
    base = statistics.median(times["python -c pass"])
    print(f"load average {os.getloadavg()[0]:.2f} at the end; python -c pass {base * 1000:.0f} ms")
    print(
        f"{'command':22s} {args.small:>6d} games {args.big:>7d} games   ratio  over python -c pass"
    )
    for name, _ in commands(args.big):
        a = statistics.median(times[f"{name} @{args.small}"])
        b = statistics.median(times[f"{name} @{args.big}"])
        print(
            f"{name:22s} {a * 1000:9.0f} ms {b * 1000:10.0f} ms   {b / a:5.2f}x"
            f"  +{(b - base) * 1000:.0f} ms"
        )
    sizes = bytes_per_game(big)
    print(
        f"bytes per game at {sizes['games']:.0f} games: {sizes['db']:,.0f} in the database "
        f"(the journal {sizes['journal']:,.0f}), {sizes['export']:,.0f} as compact JSON export: "
        f"{sizes['db'] / sizes['export']:.2f}x"
    )
    print(
        f"import of {imported['games']:.0f} games ({imported['hands']:.0f} hands): "
        f"{imported['end_to_end']:.1f} s end to end, {imported['hands'] / imported['end_to_end']:,.0f} "
        f"hands/s; in one process: reading and checking on every core {imported['reading']:.1f} s, "
        f"storing {imported['storing']:.1f} s"
    )


if __name__ == "__main__":
    main()
