"""A reader that goes away ends every command quietly, as it ends git and coreutils.

``euchre-log summary 1 | head -1`` must not exit 1 (the code that says something was
flagged) nor print a word: the command is ended by SIGPIPE at its next write, which the
shell reports as 141. Each command is run twice: into a pipe whose reader is already
gone (its first write is certain to fail), and into a real ``head -1``, which may also
let a short output through whole before it leaves (exit 0, which is right too).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, SAMPLES, invoke

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no SIGPIPE here")

KILLED_BY_SIGPIPE = -signal.SIGPIPE if hasattr(signal, "SIGPIPE") else 0
"""``Popen.returncode`` of a process killed by SIGPIPE (the shell says 128 + 13 = 141)."""

COMMANDS = {
    "summary": ("summary", "1"),
    "replay": ("replay", "1"),
    "explain": ("explain", "2"),
    "review": ("review", "2"),
    "rules": ("rules",),
    "games": ("games",),
    "stats": ("stats", "--no-review"),
    "check": ("check", str(SAMPLES / "family-game.json")),
    "check-json": ("check", "--json", str(SAMPLES / "family-game.json")),
    "export": ("export", "1"),
    "export-csv": ("export", "1", "--format", "csv"),
    "verify": ("verify",),
    "schema": ("schema",),
    "help": ("--help",),
    "record-help": ("record", "--help"),
    "version": ("--version",),
}


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the family game (1) and the renege dispute (2)."""
    path = tmp_path_factory.mktemp("pipe") / "pipe.db"
    result = invoke(
        "--db",
        str(path),
        "import",
        str(SAMPLES / "family-game.json"),
        str(SAMPLES / "renege-dispute.json"),
    )
    assert result.exit_code == 0, result.output
    return path


def _env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return dict(env, EUCHRE_LOG_DB=str(db))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_pipe_ends_the_command_by_sigpipe_saying_nothing(name: str, stored: Path) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the command writes anything
    try:
        done = subprocess.run(
            [sys.executable, "-m", "euchre_log", *COMMANDS[name]],
            stdin=subprocess.DEVNULL,
            stdout=write,
            stderr=subprocess.PIPE,
            env=_env(stored),
            cwd=ROOT,
            timeout=120,
        )
    finally:
        os.close(write)
    assert done.stderr.decode() == ""
    assert done.returncode == KILLED_BY_SIGPIPE


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_head_dash_1_reads_the_first_line_and_the_command_ends_quietly(
    name: str, stored: Path
) -> None:
    command = subprocess.Popen(
        [sys.executable, "-m", "euchre_log", *COMMANDS[name]],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(stored),
        cwd=ROOT,
    )
    assert command.stdout is not None and command.stderr is not None
    head = subprocess.run(["head", "-1"], stdin=command.stdout, capture_output=True, timeout=120)
    command.stdout.close()  # head holds the only reader now
    err = command.stderr.read().decode()
    command.stderr.close()
    command.wait(timeout=120)
    assert head.returncode == 0
    assert head.stdout.count(b"\n") == 1 and head.stdout.strip()
    assert err == ""
    # All of a short output may be in the pipe before head leaves: then it ended as usual.
    assert command.returncode in (0, KILLED_BY_SIGPIPE)


def test_a_piped_recorder_whose_reader_left_keeps_what_it_stored(tmp_path: Path) -> None:
    """Every entry is stored before the recorder says anything about it: killed by the
    closed pipe at its first sentence, it has stored the line it was answering."""
    db = tmp_path / "rec.db"
    made = invoke("--db", str(db), "new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    assert made.exit_code == 0, made.output
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "euchre_log", "record"],
            input=b"9h o 9s\n",
            stdout=write,
            stderr=subprocess.PIPE,
            env=_env(db),
            cwd=ROOT,
            timeout=120,
        )
    finally:
        os.close(write)
    assert done.stderr.decode() == ""
    assert done.returncode == KILLED_BY_SIGPIPE
    shown = invoke("--db", str(db), "replay", "1", "--json")
    assert shown.exit_code == 0, shown.output
    (hand,) = json.loads(shown.stdout)["hands"]
    assert (hand["upcard"], hand["discard"]["card"]) == ("9H", "9S")
