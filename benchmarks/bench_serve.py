"""A club night on ``serve``: 8 tables at once, 8 ``serve`` processes on one database, 32
phones posting at a person's pace and listening to events. How long from a post to the
moment every phone at its table has the event that says so (p50, p99).

    python3 -m benchmarks.bench_serve                       # SQLite, in a temporary folder
    python3 -m benchmarks.bench_serve --db postgresql+psycopg://user@/name?host=/socket
    python3 -m benchmarks.bench_serve --tables 8 --hands 2 --pace 0.5

Each table is a game of its own served by its own process. At each table the four seats'
phones enter their deals, the dealer its upcard, and then whoever is to act taps the first
card (or bid) its state offers that follows suit, after a pause drawn around ``--pace``
seconds, as a person taps. Each phone holds an event stream open (``GET /api/events``,
with its token in the header, as the page reads it). A post's latency is from sending it
to the last of the table's four phones receiving an event with the version the post's
answer names; the posting phone's own answer is not counted as its event.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "euchre_log"]
DEALS = {
    "N": "as ks qs 9d td",
    "E": "ah kh qh jh 9c",
    "S": "ac kc qc jc tc",
    "W": "js ts ad kd qd",
}
UPCARD = "9s"  # not in any deal; 9h th jd are the rest of the kitty


class Phone:
    """A seat's phone: its token, and every event version it received, with the time."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.headers = {"Authorization": f"Bearer {token}"}
        self.seen: list[tuple[int, float]] = []
        self.changed = asyncio.Event()
        self.connected = asyncio.Event()

    async def listen(self, client: httpx.AsyncClient) -> None:
        async with client.stream("GET", self.url + "api/events", headers=self.headers) as stream:
            async for line in stream.aiter_lines():
                if line.startswith("data:"):
                    self.seen.append((json.loads(line[5:])["version"], time.perf_counter()))
                    self.connected.set()
                    self.changed.set()

    async def got(self, version: int) -> float:
        """When this phone first had an event of ``version`` or later."""
        while True:
            for v, at in self.seen:
                if v >= version:
                    return at
            self.changed.clear()
            await self.changed.wait()


async def table(
    url: str, tokens: dict[str, str], hands: int, pace: float, rng: random.Random
) -> list[tuple[float, str]]:
    """Play ``hands`` hands at one table; each post's latency to every phone, in ms, and
    the line posted."""
    phones = {seat: Phone(url, tokens[seat]) for seat in "NESW"}
    out: list[tuple[float, str]] = []
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        listeners = [asyncio.create_task(p.listen(client)) for p in phones.values()]
        await asyncio.gather(*(p.connected.wait() for p in phones.values()))

        async def post(seat: str, line: str) -> dict[str, Any]:
            await asyncio.sleep(max(0.05, rng.gauss(pace, pace / 3)))
            start = time.perf_counter()
            got = await client.post(
                url + "api/lines", headers=phones[seat].headers, json={"line": line}
            )
            if got.status_code != 200:
                raise SystemExit(f"{seat} {line!r}: {got.status_code} {got.text}")
            answer: dict[str, Any] = got.json()
            arrivals = await asyncio.gather(*(p.got(answer["line"]) for p in phones.values()))
            out.append(((max(arrivals) - start) * 1000, line))
            return answer

        async def state(seat: str) -> dict[str, Any]:
            got = await client.get(url + "api/state", headers=phones[seat].headers)
            found: dict[str, Any] = got.json()
            return found

        for _ in range(hands):
            for seat in "NESW":
                await post(seat, f"deal {seat} {DEALS[seat]}")
            dealer = (await state("N"))["dealer"]
            answer = await post(dealer, UPCARD)
            ordered = False
            while answer["to_act"] is not None:
                seat = answer["to_act"]
                now = await state(seat)
                choice = "o" if "o" in now["legal"] and not ordered else now["follows"][0]
                ordered = ordered or choice == "o"
                answer = await post(seat, choice)
        for task in listeners:
            task.cancel()
    return out


def start(db: str, game: int) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    proc = subprocess.Popen(
        [*CLI, "--db", db, "serve", str(game), "--json", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # each says where its game stands when it stops
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    return proc, json.loads(proc.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--db", help="the database (a SQLAlchemy URL); a new SQLite file if left out"
    )
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--hands", type=int, default=2, help="hands played at each table")
    parser.add_argument("--pace", type=float, default=0.6, help="seconds between taps, about")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-serve-")
    db = args.db or str(Path(folder) / "club.db")
    games = []
    for n in range(args.tables):
        names = ",".join(f"{who}{n}" for who in ("Ann", "Bob", "Cat", "Dan"))
        done = subprocess.run(
            [*CLI, "--db", db, "new", "--players", names, "--dealer", "N", "--json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        games.append(json.loads(done.stdout)["id"])
    servers = [start(db, game) for game in games]
    rng = random.Random(args.seed)

    async def club() -> list[list[tuple[float, str]]]:
        return await asyncio.gather(
            *(
                table(
                    info["url"], info["tokens"], args.hands, args.pace, random.Random(rng.random())
                )
                for _, info in servers
            )
        )

    try:
        began = time.perf_counter()
        per_table = asyncio.run(club())
        took = time.perf_counter() - began
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGTERM)
        for proc, _ in servers:
            proc.wait(30)
    timed = sorted(x for t in per_table for x in t)
    latencies = [ms for ms, _ in timed]
    q = statistics.quantiles(latencies, n=100)
    backend = db.split(":", 1)[0] if "://" in db else "sqlite"
    print(
        f"serve, {args.tables} tables ({args.tables} processes, {args.tables * 4} phones) on "
        f"{backend}, {args.hands} hands each, a tap every ~{args.pace} s per table: "
        f"{len(latencies)} posts in {took:.1f} s"
    )
    print(
        f"post -> every phone's event: p50 {statistics.median(latencies):.1f} ms, "
        f"p90 {q[89]:.1f} ms, p99 {q[98]:.1f} ms, max {latencies[-1]:.1f} ms"
    )
    slowest = ", ".join(f"{line!r} {ms:.0f} ms" for ms, line in timed[-5:])
    print(f"the slowest posts: {slowest}")
    if not args.db:
        for name in os.listdir(folder):
            os.remove(Path(folder) / name)
        os.rmdir(folder)


if __name__ == "__main__":
    main()
