"""The engine's documentation runs: the README's example of using the engine from Python
(run here exactly as printed), and the doctests of the engine's modules, which the suite
collects (pyproject's ``--doctest-modules`` over ``euchre_log/engine``)."""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_example() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Use the engine from Python", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```pycon\n(.*?)```", section, re.S)
    assert found is not None, "the section shows its example in a pycon block"
    return found.group(1)


def test_the_readme_s_engine_example_runs_as_printed() -> None:
    example = readme_example()
    assert len(example.strip().splitlines()) <= 12  # about ten lines, outputs included
    test = doctest.DocTestParser().get_doctest(example, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries == 6


def test_plain_pytest_collects_the_engine_s_doctests() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_options = options["tool"]["pytest"]["ini_options"]
    assert "euchre_log/engine" in pytest_options["testpaths"]
    assert "--doctest-modules" in pytest_options["addopts"].split()
