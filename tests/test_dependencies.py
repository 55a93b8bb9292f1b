"""Every package the code and the tests import is one that pyproject.toml declares.

A fresh machine has only what the project asks for: an import of a package that merely
came along with another (click with an older Typer) works on a developer's machine and
fails on the next one. This reads every import of the package, the tests and the
benchmarks, and names the distribution each top-level module comes from.
"""

from __future__ import annotations

import ast
import importlib.metadata as md
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = {"euchre_log", "tests", "benchmarks"}
# Modules that only a benchmark imports from another Python (OpenSpiel's peer) or that
# are the benchmarks' own modules run as scripts.
NOT_INSTALLED = {"pyspiel", "bench_stats"}


def _declared() -> set[str]:
    """The distributions pyproject.toml names, core and extras, normalised."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        specs.extend(extra)
    return {_normal(re.split(r"[\s<>=!~;\[]", spec, maxsplit=1)[0]) for spec in specs}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _imports() -> dict[str, set[str]]:
    """Each top-level module imported, with the files that import it."""
    found: dict[str, set[str]] = {}
    for folder in OURS:
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for name in names:
                    found.setdefault(name.split(".")[0], set()).add(
                        path.relative_to(ROOT).as_posix()
                    )
    return found


def _undeclared(imports: dict[str, set[str]]) -> list[str]:
    """The imported modules no declared distribution provides, in words."""
    declared = _declared()
    owners = md.packages_distributions()
    out = []
    for module, files in sorted(imports.items()):
        if module in sys.stdlib_module_names or module in OURS or module in NOT_INSTALLED:
            continue
        dists = {_normal(d) for d in owners.get(module, [])}
        if not dists & declared:
            where = ", ".join(sorted(files)[:3])
            out.append(f"{module} ({', '.join(sorted(dists)) or 'not installed'}): {where}")
    return out


def test_every_import_is_declared() -> None:
    undeclared = _undeclared(_imports())
    assert not undeclared, "imported but not declared in pyproject.toml:\n" + "\n".join(undeclared)


def test_an_import_that_came_along_with_another_package_is_named() -> None:
    # click came with older Typers and no longer does; an import the machine cannot
    # place at all is named too.
    found = _undeclared({"click": {"tests/x.py"}, "typer": {"tests/x.py"}, "nowhere_pkg": {"y"}})
    assert [line.split(" ")[0] for line in found] == ["click", "nowhere_pkg"]
