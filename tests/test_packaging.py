"""What ``pip install .`` ships: a wheel with the type marker, the schemas, the migrations,
the licence and the one version, built from a copy of the source as pip builds it."""

from __future__ import annotations

import json
import os
import tomllib
import zipfile

import pytest

import euchre_log
from euchre_log.formats.schemas import all_schemas

from .conftest import ROOT
from .helpers import built_wheel

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
    return zipfile.ZipFile(built_wheel(tmp_path_factory.mktemp("wheel")))


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
def test_the_default_wheel_is_pure_python(wheel: zipfile.ZipFile) -> None:
    # The compiled solver is opt-in (EUCHRE_LOG_COMPILE=1, setup.py; tests/test_compiled.py).
    assert wheel.filename is not None and wheel.filename.endswith("-py3-none-any.whl")
    assert not [n for n in wheel.namelist() if n.endswith((".so", ".pyd", ".c"))]


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
