"""What ``pip install .`` ships: a wheel with the type marker, the schemas, the migrations,
the licence and the one version, built from a copy of the source as pip builds it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile

import pytest

import euchre_log
from euchre_log.formats.schemas import all_schemas

from .conftest import ROOT

MIN_SETUPTOOLS = 77
"""The first setuptools that reads ``license = "MIT"`` (PEP 639); pyproject requires it."""


def _setuptools_major() -> int | None:
    try:
        import setuptools
    except ImportError:
        return None
    return int(setuptools.__version__.split(".")[0])


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The wheel pip builds from the project, offline, with the setuptools installed here."""
    major = _setuptools_major()
    if major is None or major < MIN_SETUPTOOLS:
        why = f"building the wheel needs setuptools>={MIN_SETUPTOOLS} (the test extra installs it)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "euchre_log",
        src / "euchre_log",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    out = tmp / "dist"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-build-isolation",
            "--no-deps",
            "--no-index",
            "--quiet",
            "--wheel-dir",
            str(out),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (path,) = out.glob("euchre_log-*.whl")
    return zipfile.ZipFile(path)


@pytest.mark.slow
def test_the_wheel_ships_py_typed_the_schemas_and_the_migrations(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    assert "euchre_log/py.typed" in names
    for name, schema in all_schemas().items():
        member = f"euchre_log/schemas/{name}.schema.json"
        assert member in names, f"the wheel lacks {member}"
        assert json.loads(wheel.read(member)) == schema, f"{member} is stale in the wheel"
    versions = ROOT / "euchre_log" / "store" / "migrations" / "versions"
    for rev in versions.glob("rev*.py"):
        assert f"euchre_log/store/migrations/versions/{rev.name}" in names
    assert "euchre_log/store/migrations/env.py" in names
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/", "sample_logs/"))]


@pytest.mark.slow
def test_the_wheel_metadata_has_one_version_and_the_licence(wheel: zipfile.ZipFile) -> None:
    (metadata,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    text = wheel.read(metadata).decode("utf-8")
    head = text.split("\n\n", 1)[0].splitlines()
    assert f"Version: {euchre_log.__version__}" in head
    assert "License-Expression: MIT" in head
    assert "Classifier: Typing :: Typed" in head
    assert any(line.startswith("Project-URL: ") for line in head)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in wheel.namelist())


def test_the_version_is_written_in_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "euchre_log.__version__"}
    requires = project["build-system"]["requires"]
    assert f"setuptools>={MIN_SETUPTOOLS}" in requires
