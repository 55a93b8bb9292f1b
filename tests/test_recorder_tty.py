"""The recorder on a terminal: editing a line never draws over its prompt.

The recorder runs on a pseudo-terminal here, as at a table; the test types a line,
edits it (Left, a card typed in the middle, Ctrl-U) and reads the screen back. The
terminal is a dumb one (``TERM=dumb``): readline then moves the cursor only with
backspace and carriage return, and redraws a line by writing it again from its start,
which ``Screen`` follows exactly.
"""

from __future__ import annotations

import builtins
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from rich.text import Text

from euchre_log.cli import console as cli_console

from .conftest import ROOT, run


class Screen:
    """What a dumb terminal shows: printable characters, carriage return, line feed and
    backspace (the only controls readline and the recorder send it)."""

    def __init__(self) -> None:
        self.lines: list[list[str]] = [[]]
        self.row = 0
        self.col = 0

    def feed(self, data: str) -> None:
        for ch in data:
            if ch == "\r":
                self.col = 0
            elif ch == "\n":
                self.row += 1
                if self.row == len(self.lines):
                    self.lines.append([])
            elif ch == "\b":
                self.col = max(self.col - 1, 0)
            elif ch == "\x07":
                pass  # the bell
            else:
                assert ch.isprintable(), f"a control a dumb terminal lacks: {ch!r}"
                line = self.lines[self.row]
                line.extend(" " * (self.col + 1 - len(line)))
                line[self.col] = ch
                self.col += 1

    def line(self) -> str:
        """The line the cursor is on, as shown."""
        return "".join(self.lines[self.row]).rstrip()


class Terminal:
    """``euchre-log record`` on a pseudo-terminal of 80 columns."""

    def __init__(self, db: Path) -> None:
        self.main, secondary = pty.openpty()
        fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 80, 0, 0))
        env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
        env.update(EUCHRE_LOG_DB=str(db), TERM="dumb", NO_COLOR="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "euchre_log", "record", "1"],
            stdin=secondary,
            stdout=secondary,
            stderr=secondary,
            cwd=ROOT,
            env=env,
            close_fds=True,
        )
        os.close(secondary)
        self.screen = Screen()
        self.raw = b""

    def type(self, keys: bytes) -> None:
        os.write(self.main, keys)

    def shows(self, line: str, timeout: float = 30) -> str:
        """Wait until the cursor's line reads ``line`` (less any spaces at its end); what
        it reads at the end."""
        line = line.rstrip()
        end = time.monotonic() + timeout
        seen = len(self.raw)
        while time.monotonic() < end:
            # Once it reads so, anything still coming (a redraw) gets a moment to arrive.
            if (
                self.screen.line() == line
                and len(self.raw) > seen
                and not select.select([self.main], [], [], 0.3)[0]
            ):
                return line
            if select.select([self.main], [], [], 0.1)[0]:
                try:
                    data = os.read(self.main, 65536)
                except OSError:
                    break
                self.raw += data
                self.screen.feed(data.decode("utf-8", "replace"))
        return self.screen.line()

    def close(self, timeout: float = 30) -> int:
        """Wait for the recorder to end (kill it after ``timeout``), reading what it
        printed meanwhile; its exit status."""
        end = time.monotonic() + timeout
        try:
            while time.monotonic() < end:
                if select.select([self.main], [], [], 0.1)[0]:
                    try:
                        self.raw += os.read(self.main, 65536)
                    except OSError:  # the terminal's other side closed: it ended
                        break
                elif self.proc.poll() is not None:
                    break  # ended, and nothing of it left to read
            return self.proc.wait(timeout=max(end - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
        finally:
            os.close(self.main)


@pytest.mark.slow
def test_editing_a_line_keeps_the_prompt_whole(tmp_path: Path) -> None:
    db = tmp_path / "tty.db"
    assert run(db, "new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W").returncode == 0
    assert run(db, "record", "1", input="9h o 9s\n").returncode == 0
    prompt = "N (Ann) to play (leads) >"  # and a space, where the cursor waits
    term = Terminal(db)
    left = False
    try:
        assert term.shows(prompt) == prompt
        term.type(b"akh")
        assert term.shows(prompt + " akh") == prompt + " akh"
        term.type(b"\x1b[D\x1b[D")  # Left, Left: the cursor before "kh"
        term.type(b"x")  # typed in the middle
        assert term.shows(prompt + " axkh") == prompt + " axkh"
        term.type(b"\x05\x15")  # Ctrl-E, Ctrl-U: the line emptied
        assert term.shows(prompt) == prompt
        term.type(b"quit\r")
        left = True
    finally:
        code = term.close(30 if left else 0)
    shown = term.raw.decode("utf-8", "replace")
    assert code == 0, shown
    assert "Game 1 saved: score NS 0, EW 0" in shown


def test_the_prompt_goes_to_input_with_its_colours_marked_for_readline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The prompt is given to ``input()`` (so readline knows where the line starts), its
    colour codes between readline's markers so that they take no width."""
    asked: list[str] = []

    def answer(prompt: object = "") -> str:
        asked.append(str(prompt))
        return "ah"

    monkeypatch.setattr(builtins, "input", answer)
    monkeypatch.setitem(sys.modules, "readline", sys.modules.get("readline") or sys)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    con = cli_console.make_console(force_terminal=True, color_system="standard", width=40)
    said = Text.assemble(("Upcard? ", "bold"), "> ")
    assert con.input(said) == "ah"
    (prompt,) = asked
    assert prompt == "\001\x1b[1m\002Upcard? \001\x1b[0m\002> "
    assert prompt.replace("\001\x1b[1m\002", "").replace("\001\x1b[0m\002", "") == ("Upcard? > ")


def test_a_long_prompt_is_wrapped_between_words(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return ""

    monkeypatch.setattr(builtins, "input", answer)
    con = cli_console.make_console(width=20, no_color=True)
    con.input("E (Bartholomew) to play (follow ♥ if able) > ")
    assert [line.rstrip() for line in asked[0].split("\n")] == [
        "E (Bartholomew) to",
        "play (follow ♥ if",
        "able) >",
    ]
