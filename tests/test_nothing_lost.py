"""Nothing lost, nothing doubled: what the recorder took is stored or said plainly not to
be; a copy goes past a game the target cannot store; an export never truncates the file
it replaces."""

from __future__ import annotations

import errno
import json
import os
import pty
import select
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool

from .conftest import ROOT, SAMPLES, Cli, Database, run
from .helpers import reseal

# --- A deal or dealer typed last --------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "said"),
    [
        ("deal N ah kh qh td 9c\n", "deal N AH KH QH TD 9C (typed ahead of hand 1)"),
        ("dealer S\n", "dealer S (typed ahead of hand 1)"),
        ("deal E th as ks jc 9d\ndealer S\nquit\n", "deal E TH AS KS JC 9D and dealer S"),
        ("deal N ah kh qh td 9c\n\n# the end\n", "deal N AH"),
    ],
    ids=["deal", "dealer", "both, then quit", "then blank lines"],
)
def test_piped_input_ending_before_the_upcard_says_what_was_not_stored(
    cli: Cli, script: str, said: str
) -> None:
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    result = cli("record", "1", input=script)
    assert result.exit_code == 2
    assert "line 1: not stored: " + said in result.stderr
    assert "stored with its upcard" in result.stderr
    assert "Game 1 saved: score NS 0, EW 0; W deals next." in result.stdout  # what is stored
    assert cli.json("summary", "1")["hands"] == []


def test_json_input_ending_before_the_upcard_answers_not_ok(cli: Cli) -> None:
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    result = cli("record", "1", "--json", input="dealer S\ndeal N ah kh qh td 9c\n")
    assert result.exit_code == 2
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["line"] for a in answers] == [0, 1, 2, 1]
    last = answers[-1]
    assert last["ok"] is False and last["game"] == 1
    assert last["error"].startswith("not stored: deal N AH KH QH TD 9C and dealer S")


def test_a_deal_typed_ahead_and_then_its_upcard_is_stored_with_it(cli: Cli) -> None:
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    result = cli("record", "1", input="deal N ah kh qh td 9c\ndealer S\n9h\n")
    assert result.exit_code == 0, result.stderr
    log = json.loads(cli("export", "1").stdout)
    assert log["hands"][0]["deal"] == {"N": ["AH", "KH", "QH", "TD", "9C"]}
    assert log["hands"][0]["dealer"] == "S"


@pytest.mark.slow
def test_the_interactive_recorder_says_on_leaving_what_was_not_stored(tmp_path: Path) -> None:
    """On a terminal (a pseudo-terminal here): quit after typing a deal ahead."""
    db = tmp_path / "tty.db"
    assert run(db, "new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W").returncode == 0
    main, secondary = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "euchre_log", "record", "1"],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        cwd=ROOT,
        env=dict(os.environ, EUCHRE_LOG_DB=str(db), TERM="dumb", COLUMNS="200", NO_COLOR="1"),
        close_fds=True,
    )
    os.close(secondary)
    out = b""

    def read_until(marker: bytes, timeout: float = 30) -> None:
        nonlocal out
        end = time.monotonic() + timeout
        while marker not in out and time.monotonic() < end:
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    out += os.read(main, 4096)
                except OSError:
                    return

    read_until(b"Upcard? >")
    os.write(main, b"deal N ah kh qh td 9c\n")
    time.sleep(1)
    os.write(main, b"quit\n")
    read_until(b"Resume with")
    proc.wait(timeout=30)
    os.close(main)
    text = " ".join(out.decode("utf-8", "replace").split())  # as wrapped to the terminal
    assert proc.returncode == 0, text
    assert "Not stored: deal N AH KH QH TD 9C (typed ahead of hand 1)" in text
    assert "you left before the upcard" in text
    assert "Game 1 saved: score NS 0, EW 0; W deals next." in text


# --- A copy past what the target cannot store ----------------------------------------------


@pytest.mark.slow
def test_copy_refuses_a_game_the_target_cannot_store_and_goes_on(
    any_db: Database, tmp_path: Path
) -> None:
    source = tmp_path / "source.db"
    src = Cli(source)
    for players in ("A,B,C,D", "E,F,G,H", "I,J,K,L"):
        src.json("new", "--players", players)
    with sqlite3.connect(source) as con:  # as another program, or an older version, left it
        con.execute("UPDATE player SET name = 'F' || char(0) || 'x' WHERE name = 'F'")
    engine = create_engine(f"sqlite:///{source}", poolclass=NullPool)
    reseal(engine, 2)  # sealed with that name, as an older version would have stored it
    engine.dispose()
    target = Cli(any_db)
    for attempt in (1, 2):  # and again: the copy never stops at it
        started = time.monotonic()
        result = target("copy", "--from", str(source), "--to", str(any_db), "--json")
        assert time.monotonic() - started < 60
        data = json.loads(result.stdout)
        statuses = {g["game"]: g["status"] for g in data["games"]}
        if any_db.backend == "sqlite":  # SQLite stores a NUL byte
            assert result.exit_code == 0
            assert statuses == (
                {1: "copied", 2: "copied", 3: "copied"}
                if attempt == 1
                else {1: "skipped", 2: "skipped", 3: "skipped"}
            )
            continue
        assert result.exit_code == 1, result.output
        assert statuses == (
            {1: "copied", 2: "refused", 3: "copied"}
            if attempt == 1
            else {1: "skipped", 2: "refused", 3: "skipped"}
        )
        (refused,) = [g for g in data["games"] if g["status"] == "refused"]
        assert refused["reason"] == (
            "the name of the East player holds a NUL byte, which postgresql cannot store"
        )
    if any_db.backend == "postgresql":
        words = target("copy", "--from", str(source), "--to", str(any_db)).stdout
        assert "game 2: REFUSED: the name of the East player holds a NUL byte" in words


# --- Exports, whole or not at all -----------------------------------------------------------


@pytest.fixture
def exported(cli: Cli, tmp_path: Path) -> Path:
    cli.json("import", str(SAMPLES / "renege-dispute.json"))
    target = tmp_path / "game.out"
    target.write_text("the old export, which must survive\n", encoding="utf-8")
    target.chmod(0o640)
    return target


def full_disk(fd: int, data: bytes) -> None:
    """A write to a disk that fills half-way: some bytes land, then ENOSPC."""
    os.write(fd, data[: len(data) // 2])
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("fmt", ["json", "csv", "egn", "html"])
def test_a_full_disk_leaves_the_old_export_whole_and_says_why(
    cli: Cli, exported: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    from euchre_log.cli import files

    monkeypatch.setattr(files, "_write", full_disk)
    result = cli("export", "1", "--format", fmt, "-o", str(exported))
    assert result.exit_code == 2
    assert f"cannot write {exported}: No space left on device" in result.stderr
    assert "nothing was written (the file there is unchanged)" in result.stderr
    assert exported.read_text(encoding="utf-8") == "the old export, which must survive\n"
    assert sorted(p.name for p in exported.parent.iterdir()) == ["game.out", "test.db"] or (
        [p.name for p in exported.parent.iterdir() if p.name.endswith(".part")] == []
    )


def _file_size_limit(limit: int) -> None:
    """In the child: writes past ``limit`` bytes fail with EFBIG, as on a full disk."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.slow
def test_a_real_write_failure_half_way_leaves_the_old_export_whole(tmp_path: Path) -> None:
    """The kernel refuses the write half-way (a file size limit, as a full disk would):
    the old export must be there, whole, and the message must say why."""
    db = tmp_path / "big.db"
    assert run(db, "import", str(SAMPLES / "family-game.json")).returncode == 0
    target = tmp_path / "friday.html"
    old = "<p>the page sent to the family chat last week</p>\n" * 20
    target.write_text(old, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "euchre_log", "export", "1", "-f", "html", "-o", str(target)],
        capture_output=True,
        text=True,
        env=dict(os.environ, EUCHRE_LOG_DB=str(db)),
        cwd=ROOT,
        timeout=120,
        preexec_fn=lambda: _file_size_limit(64 * 1024),  # the page is over 100 KB
    )
    assert done.returncode == 2, done.stderr
    assert "File too large" in done.stderr and "the file there is unchanged" in done.stderr
    assert target.read_text(encoding="utf-8") == old
    assert sorted(p.name for p in tmp_path.iterdir() if "friday" in p.name) == ["friday.html"]


@pytest.mark.parametrize("fmt", ["json", "csv", "egn", "html"])
def test_an_export_replaces_the_old_file_whole_keeping_its_mode(
    cli: Cli, exported: Path, fmt: str
) -> None:
    assert cli("export", "1", "--format", fmt, "-o", str(exported)).exit_code == 0
    text = exported.read_text(encoding="utf-8")
    assert text == cli("export", "1", "--format", fmt).stdout
    assert exported.stat().st_mode & 0o777 == 0o640
    assert not [p for p in exported.parent.iterdir() if p.name.endswith(".part")]


def test_an_export_through_a_link_replaces_the_file_it_points_to(cli: Cli, exported: Path) -> None:
    link = exported.parent / "link.json"
    link.symlink_to(exported)
    assert cli("export", "1", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and json.loads(exported.read_text())["format"] == "euchre-log/1"


def test_an_export_to_a_folder_that_is_not_there_says_so(cli: Cli, exported: Path) -> None:
    result = cli("export", "1", "-o", str(exported.parent / "no" / "such" / "x.json"))
    assert result.exit_code == 2 and "No such file or directory" in result.stderr
    result = cli("export", "1", "-o", str(exported.parent / ("x" * 600)))
    assert result.exit_code == 2 and "File name too long" in result.stderr
    result = cli("export", "1", "-o", "/dev/full")  # a device: written to, and it is full
    assert result.exit_code == 2 and "No space left on device" in result.stderr
