"""``euchre-log serve`` as a process: its ``--json`` line, lines posted over real HTTP, an
event for every change, a SIGKILL mid-hand and a restart that loses nothing and prints the
same links, and a clean stop on SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import ROOT, Cli


class Served:
    """A running ``serve --json`` and what its line said."""

    def __init__(self, db: Path, *args: str) -> None:
        env = dict(os.environ, EUCHRE_LOG_DB=str(db))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "euchre_log", "serve", "--json", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, self.proc.stderr.read() if self.proc.stderr else ""
        self.info: dict[str, Any] = json.loads(line)
        self.url: str = self.info["url"]
        self.http = httpx.Client(base_url=self.url, timeout=20)

    def auth(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.info['tokens'][who]}"}

    def post(self, who: str, line: str, id: str) -> httpx.Response:
        return self.http.post("/api/lines", headers=self.auth(who), json={"line": line, "id": id})

    def stop(self, sig: int) -> subprocess.CompletedProcess[str]:
        self.http.close()
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=30)
        return subprocess.CompletedProcess(self.proc.args, self.proc.returncode, out, err)


@pytest.fixture
def game_db(tmp_path: Path) -> Path:
    db = tmp_path / "served.db"
    assert Cli(db)("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "N").exit_code == 0
    return db


def test_the_json_line_names_the_url_the_game_and_every_token(game_db: Path) -> None:
    served = Served(game_db)
    try:
        assert served.url.startswith("http://127.0.0.1:") and served.url.endswith("/")
        assert served.info["game"] == 1
        assert sorted(served.info["tokens"]) == ["E", "N", "S", "W", "table"]
        got = served.http.get("/api/state", headers=served.auth("table"))
        assert got.status_code == 200 and got.json()["game"] == 1
    finally:
        done = served.stop(signal.SIGTERM)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""  # one line, then nothing else on stdout
    assert "Game 1 is saved" in done.stderr


@pytest.mark.slow
def test_killed_mid_hand_and_started_again_nothing_accepted_is_lost(game_db: Path) -> None:
    served = Served(game_db)
    events: list[str] = []
    ready = threading.Event()

    def listen() -> None:
        with (
            httpx.Client(base_url=served.url, timeout=30) as client,
            client.stream("GET", "/api/events", headers=served.auth("S")) as stream,
        ):
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    events.append(line)
                    ready.set()
                    if len(events) >= 4:
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert ready.wait(20)
    answers = {}
    for n, (who, line) in enumerate([("N", "9h"), ("E", "p"), ("S", "p")]):
        got = served.post(who, line, f"id{n}")
        assert got.status_code == 200, got.text
        answers[n] = got.json()
    listener.join(20)
    assert [json.loads(e[5:])["version"] for e in events] == [0, 1, 2, 3]
    served.proc.kill()  # SIGKILL: no chance to tidy anything
    served.proc.wait(30)
    again = Served(game_db)
    try:
        assert again.info["tokens"] == served.info["tokens"]  # the same links
        state = again.http.get("/api/state", headers=again.auth("W")).json()
        assert state["version"] == 3 and state["to_act"] == "W"
        retried = again.post("S", "p", "id2")  # a retry after the restart: the first answer
        assert retried.status_code == 200 and retried.json() == answers[2]
        assert again.post("W", "p", "id3").json()["to_act"] == "N"
    finally:
        again.stop(signal.SIGTERM)
    replay = Cli(game_db)("replay", "1", "--json")
    actions = json.loads(replay.stdout)["hands"][0]["actions"]
    assert [a["type"] for a in actions] == ["pass", "pass", "pass"]


def test_new_links_replace_the_old(game_db: Path) -> None:
    first = Served(game_db)
    old = first.info["tokens"]
    first.stop(signal.SIGTERM)
    second = Served(game_db, "--new-links")
    try:
        assert set(second.info["tokens"].values()).isdisjoint(old.values())
        got = second.http.get("/api/state", headers={"Authorization": f"Bearer {old['N']}"})
        assert got.status_code == 401
    finally:
        second.stop(signal.SIGTERM)


def test_no_game_the_table_starts_one_and_a_seat_may_not(tmp_path: Path) -> None:
    served = Served(tmp_path / "empty.db")
    try:
        assert served.info["game"] is None
        body = {"players": {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}, "dealer": "E"}
        seat = served.http.post("/api/games", headers=served.auth("N"), json=body)
        assert seat.status_code == 403
        state = served.http.post("/api/games", headers=served.auth("table"), json=body)
        assert state.status_code == 200 and state.json()["game"] == 1
        assert state.json()["dealer"] == "E"
        assert served.post("E", "9h", "x").status_code == 200
    finally:
        served.stop(signal.SIGINT)
    again = Served(tmp_path / "empty.db")  # the game the table started keeps its links
    try:
        assert again.info["tokens"] == served.info["tokens"] and again.info["game"] == 1
    finally:
        again.stop(signal.SIGTERM)
