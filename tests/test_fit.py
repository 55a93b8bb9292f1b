"""Output that fits: every view at 50, 80 and 120 columns, and a pipe with no width.

The golden files ``tests/golden/width-VIEW-COLUMNS.txt`` are the commands' output with
``COLUMNS`` set, exactly as printed into a pipe (no colour, no padding at the line ends).
After a deliberate change, rewrite them with
``EUCHRE_LOG_UPDATE_GOLDEN=1 python3 -m pytest tests/test_fit.py`` and read every changed
file before committing it: complete, nothing cut, readable.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from euchre_log.cli import console as cli_console
from euchre_log.render.fit import Fields, Fitted

from .conftest import ROOT, SAMPLES, built_once, invoke
from .test_replay import golden

WIDTHS = (50, 80, 120)
IMPORTED = ("family-game.json", "renege-dispute.json", "variant-farmers-hand-five-card.json")
"""Game 1, a whole game; game 2, a renege proven and called; game 3, a long title."""

VIEWS = {
    "games": ("games",),
    "summary": ("summary", "1"),
    "replay": ("replay", "2"),
    "replay-review": ("replay", "1", "-n", "2"),
    "explain": ("explain", "2"),
    "stats": ("stats",),
    "rules": ("rules",),
    "review": ("review", "1"),
}


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the games of ``IMPORTED``, as ids 1, 2 and 3."""

    def build(path: Path) -> None:
        result = invoke("--db", str(path), "import", *(str(SAMPLES / f) for f in IMPORTED))
        assert result.exit_code == 0, result.output
        # stats counts the reviews kept and reviews no hand itself: every hand reviewed
        # first (the fair review of three games: seconds, so done once for every worker).
        assert invoke("--db", str(path), "review", "--all").exit_code == 0

    return built_once(tmp_path_factory, "fit.db", build)


@pytest.fixture
def fresh_console() -> Iterator[None]:
    """The CLI's console made anew for the test, and again after it."""
    cli_console.forget_console()
    yield
    cli_console.forget_console()


FINGERPRINT = re.compile(r"\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b")


def at_width(db: Path, columns: int, *args: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """What ``COLUMNS=columns euchre-log ARGS`` prints into a pipe."""
    monkeypatch.setenv("COLUMNS", str(columns))
    cli_console.forget_console()
    result = invoke("--db", str(db), *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def assert_fits(text: str, columns: int | None) -> None:
    """Nothing wider than ``columns``, nothing cut with an ellipsis, no padding spaces."""
    for line in text.splitlines():
        assert line == line.rstrip(), f"trailing spaces: {line!r}"
        assert "…" not in line, f"cut: {line!r}"
        if columns is not None:
            assert Text(line).cell_len <= columns, f"wider than {columns}: {line!r}"


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("view", sorted(VIEWS))
def test_every_view_at_every_width(
    stored: Path,
    view: str,
    columns: int,
    monkeypatch: pytest.MonkeyPatch,
    fresh_console: None,
) -> None:
    text = at_width(stored, columns, *VIEWS[view], monkeypatch=monkeypatch)
    assert_fits(text, columns)
    # A record's fingerprint differs in each database (its uid, its times): shown as X.
    golden(f"width-{view}-{columns}.txt", FINGERPRINT.sub("XXXX-XXXX-XXXX-XXXX", text))


def test_narrow_layouts_are_stacked(
    stored: Path, monkeypatch: pytest.MonkeyPatch, fresh_console: None
) -> None:
    summary = at_width(stored, 50, "summary", "1", monkeypatch=monkeypatch)
    assert "╇" not in summary  # no table: two lines a hand
    assert " 7 E Bob deals Q♦ · ♠ by N Ann\n   euchred · tricks 2-3 · EW +2 · score 6-4\n" in (
        summary
    )
    games = at_width(stored, 50, "games", monkeypatch=monkeypatch)
    assert "1 Friday night at Mom's\n  2026-11-27 · Ann & Cat v Bob & Dan\n" in games
    replay = at_width(stored, 50, "replay", "2", monkeypatch=monkeypatch)
    assert "  E Bob  9♦ (renege)\n" in replay  # a trick as a list, a seat a line


@pytest.mark.parametrize("game", ["1", "2", "3"])
def test_the_narrow_summary_keeps_each_score_on_one_line(
    stored: Path, game: str, monkeypatch: pytest.MonkeyPatch, fresh_console: None
) -> None:
    """At 50 columns the renege dispute's result line wrapped ``score`` from its ``2-0``."""
    summary = at_width(stored, 50, "summary", game, monkeypatch=monkeypatch)
    data = json.loads(invoke("--db", str(stored), "summary", game, "--json").stdout)
    lines = summary.splitlines()
    for hand in data["hands"]:
        ns, ew = hand["score_after"]["NS"], hand["score_after"]["EW"]
        assert any(line.endswith(f"score {ns}-{ew}") for line in lines), (hand, lines)
    assert not any(line.endswith(("score", "tricks", " NS", " EW")) for line in lines)


def test_at_80_columns_the_tables_stay_tables(
    stored: Path, monkeypatch: pytest.MonkeyPatch, fresh_console: None
) -> None:
    summary = at_width(stored, 80, "summary", "1", monkeypatch=monkeypatch)
    assert re.search(r"^ 9 │ W Dan .*│ passed out │ -\s+│  7-4$", summary, re.M)
    assert re.search(r"│ euchred +│ EW \+2 +│ 8-10$", summary, re.M)
    replay = at_width(stored, 80, "replay", "2", monkeypatch=monkeypatch)
    assert "E Bob  9♦ (renege)" in replay and "N Ann  A♥ (led)" in replay


def test_a_pipe_with_no_width_lays_out_at_the_natural_width(stored: Path) -> None:
    """``euchre-log summary 1 | cat`` with no terminal and no COLUMNS: nothing wraps."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    for args in (("summary", "1"), ("games",), ("replay", "2"), ("rules",)):
        command = " ".join([sys.executable, "-m", "euchre_log", "--db", str(stored), *args])
        done = subprocess.run(
            ["sh", "-c", f"{command} | cat"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert_fits(done.stdout, None)
        lines = done.stdout.splitlines()
        if args[0] == "summary":
            rows = [line for line in lines if re.match(r"^ +\d+ │", line)]
            assert len(rows) == 13  # a hand a line
            assert all(line.count("│") == 9 for line in rows)
        elif args[0] == "games":
            assert len(lines) == 2 + len(IMPORTED)  # heading, rule, a game a line
        elif args[0] == "replay":
            # Each sentence whole on its line, however long.
            assert any(
                line.startswith("RENEGE on trick 1: ") and line.endswith(".") for line in lines
            )
        else:
            assert any(line.startswith("│ target ") for line in lines)


# --- The pieces ---------------------------------------------------------------------


def test_the_width_is_columns_then_a_terminal_then_natural(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "72")
    assert cli_console.output_width() == 72
    for junk in ("", "0", "abc", "99999", "٣٣"):
        monkeypatch.setenv("COLUMNS", junk)
        assert cli_console.columns_variable() is None
    monkeypatch.delenv("COLUMNS")
    # In the test runner standard output is captured: not a terminal, not a pipe.
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert cli_console.output_width() is None


def test_unpadded_drops_the_spaces_at_line_ends_only(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    stream = cli_console.Unpadded()
    stream.write("a │ b   \nhalf ")
    assert out.getvalue() == "a │ b\n"  # the unfinished line is held back
    stream.write("a line  \n  indented\n")
    assert out.getvalue() == "a │ b\nhalf a line\n  indented\n"
    stream.write("Continue? ")
    stream.flush()
    assert out.getvalue().endswith("Continue? ")  # a prompt keeps its space


def _render(renderable: object, width: int) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    text: str = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def test_a_fitted_table_never_cuts_and_stacks_when_it_cannot_fit() -> None:
    table = Table(title="Scores")
    table.add_column("Player")
    table.add_column("Result")
    table.add_column("Note")
    table.add_row("Ann", "passed out", "a long sentence that may wrap at any space")
    fitted = Fitted(table, whole=("Result",))
    wide = _render(fitted, 40)
    assert "passed out" in wide and "…" not in wide  # the whole column stays whole
    narrow = _render(fitted, 16)
    assert narrow.startswith("Scores\nAnn\n  Result passed\n  out\n  Note a long\n")


def test_fields_break_only_between_pieces() -> None:
    fields = Fields([Text("Games 19"), Text("Won 1"), Text("Reneges 0")])
    assert [line.plain for line in fields.lines(18)] == ["Games 19 · Won 1", "Reneges 0"]


@pytest.mark.parametrize("columns", (50, 80))
def test_the_recorder_s_help_fits_the_terminal(columns: int) -> None:
    """``help`` at the recorder's prompt, as a terminal of ``columns`` shows it: laid out
    for about 95 columns, it broke at 80 and 50."""
    from euchre_log.render.grammar import grammar_help

    out = io.StringIO()
    console = Console(file=out, width=columns, no_color=True, color_system=None)
    console.print(grammar_help())
    text = "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"
    assert_fits(text, columns)
    golden(f"width-help-{columns}.txt", text)


SCRIPT = "import sys; sys.argv[0] = 'euchre-log'; from euchre_log.cli import main; main()"
"""The console script, named as it is installed (its name begins the usage line)."""


@pytest.mark.parametrize("columns", (50, 80))
def test_record_help_fits_the_terminal(columns: int) -> None:
    """The console script itself: the test runner lays help out at 80 columns whatever
    ``COLUMNS`` says."""
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, "record", "--help"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=dict(os.environ, COLUMNS=str(columns)),
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert_fits(done.stdout, columns)
    assert "  Start a hand" in done.stdout and "Several tokens may go on one line" in (done.stdout)
    golden(f"width-record-help-{columns}.txt", done.stdout)
