"""Shared fixtures: a fresh database per test, and ways to run the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from euchre_log.cli.app import app, register

register()
ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"


class Cli:
    """Run euchre-log in-process against one database."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None) -> Any:
        return self.runner.invoke(app, ["--db", str(self.db), *args], input=input)

    def json(self, *args: str, input: str | None = None, code: int = 0) -> Any:
        result = self(*args, "--json", input=input)
        assert result.exit_code == code, result.output
        return json.loads(result.stdout)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "test.db"


@pytest.fixture
def cli(db: Path) -> Cli:
    return Cli(db)


def run(
    db: Path,
    *args: str,
    input: str | None = None,
    timeout: float = 60,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run the real console script in a subprocess, as a user would."""
    env = dict(os.environ, EUCHRE_LOG_DB=str(db), COLUMNS="120", **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "euchre_log", *args],
        input=input,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=ROOT,
    )


@pytest.fixture
def sample() -> Iterator[Any]:
    def load(name: str) -> dict[str, Any]:
        return json.loads((SAMPLES / name).read_text(encoding="utf-8"))

    yield load
