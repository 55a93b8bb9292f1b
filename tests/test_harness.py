"""The test harness itself: ``assert_handled`` and ``assert_verdict`` must tell a crash of
euchre-log from a verdict or a refusal, in-process and in a subprocess, or every CLI test
and fuzz test built on them would pass whatever the code does."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import euchre_log.formats.load

from .conftest import ROOT, SAMPLES, Cli, invoke
from .helpers import assert_handled, assert_verdict

CLEAN = str(SAMPLES / "seed001-ordering-up.json")
FLAGGED = str(SAMPLES / "renege-dispute.json")


def boom(*args: object, **kwargs: object) -> object:
    raise ZeroDivisionError("deliberate crash for the harness test")


def test_an_in_process_crash_fails_the_test_with_its_traceback(
    monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    # load_games is looked up when check runs (the report may be compiled: a function it
    # calls directly cannot be replaced from here).
    monkeypatch.setattr(euchre_log.formats.load, "load_games", boom)
    with pytest.raises(AssertionError) as failed:
        cli("check", "--json", CLEAN)
    message = str(failed.value)
    assert "crashed (ZeroDivisionError" in message
    assert "Traceback (most recent call last)" in message and "in boom" in message


def test_handled_results_pass(cli: Cli) -> None:
    assert_verdict(cli("check", "--json", CLEAN))  # exit 0, no flag
    report = assert_verdict(cli("check", "--json", FLAGGED))  # exit 1, with a flag
    assert report["games"][0]["hands"][0]["flags"]
    assert invoke("fly").exit_code == 2  # a usage error is a refusal, not a crash


def _console_script(*args: str, crash: bool) -> subprocess.CompletedProcess[str]:
    """The console script's ``main()``, with ``load_games`` broken when ``crash``."""
    code = (
        "import sys, euchre_log.formats.load as r\n"
        + (
            "def boom(*a, **k): raise ZeroDivisionError('deliberate')\nr.load_games = boom\n"
            if crash
            else ""
        )
        + "from euchre_log.cli import main\nsys.argv = ['euchre-log', *sys.argv[1:]]\nmain()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_a_subprocess_crash_fails_the_test() -> None:
    """``main()`` turns a crash into exit 3 and "internal error": the harness fails on it."""
    crashed = _console_script("check", "--json", CLEAN, crash=True)
    assert crashed.returncode == 3 and "internal error (ZeroDivisionError" in crashed.stderr
    with pytest.raises(AssertionError, match="crashed or ended with an undocumented exit code"):
        assert_handled(crashed)
    fine = _console_script("check", "--json", FLAGGED, crash=False)
    assert assert_verdict(fine)["games"][0]["hands"][0]["flags"]


def test_an_exit_code_the_report_does_not_call_for_fails() -> None:
    """Exit 1 is also what a crash under Click's runner returns: it must come with a flag."""
    clean = _console_script("check", "--json", CLEAN, crash=False)
    assert clean.returncode == 0
    pretend = subprocess.CompletedProcess(clean.args, 1, clean.stdout, clean.stderr)
    with pytest.raises(AssertionError, match="exit code 1, but the report calls for 0"):
        assert_verdict(pretend)
    cut = subprocess.CompletedProcess(clean.args, 0, clean.stdout[:-10], clean.stderr)
    with pytest.raises(AssertionError, match="printed no whole report"):
        assert_verdict(cut)
    traced = subprocess.CompletedProcess(
        clean.args, 1, "", 'Traceback (most recent call last):\n  File "x"\nKeyError: 1\n'
    )
    with pytest.raises(AssertionError):
        assert_handled(traced)
    assert json.loads(clean.stdout)["format"] == "euchre-log-check/1"
