"""The engine compiled with mypyc: optional, and used only while it matches its source.

The engine is plain typed Python, and that is what runs unless an accelerated build is
made on this machine (it needs mypy and a C compiler; ``pip install -e .`` needs neither):

    python3 -m euchre_log.engine.accelerate build     # compile the engine (half a minute)
    python3 -m euchre_log.engine.accelerate status    # is it built, and is it in use?
    python3 -m euchre_log.engine.accelerate clean     # remove it

``build`` compiles the engine's hot modules (``COMPILED``) in a temporary folder and puts
the extension modules in ``euchre_log/_native/`` with a manifest of the SHA-256 of every
engine source they were built from. They are never put beside the sources, where Python
would prefer them to the ``.py`` files. When the engine package is imported,
``install`` compares the manifest with the sources: if every one is unchanged (and the
build is for this Python), an import hook loads the compiled modules; if any source was
edited since, or ``EUCHRE_LOG_PURE_PYTHON`` is set, nothing is hooked and the ``.py``
files run, so an edit always takes effect. The compiled modules give the same results:
the whole test suite runs against them with ``EUCHRE_LOG_NATIVE_TESTS=1``.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ENGINE = Path(__file__).resolve().parent
NATIVE = ENGINE.parent / "_native"
MANIFEST = NATIVE / "manifest.json"
COMPILED = ("cards", "rules", "scoring", "hand", "game", "solver", "positions")
"""The modules compiled. ``actions``, ``flags`` and ``record`` stay Python: their
dataclasses resolve annotations at run time, which mypyc's do not."""
PURE = "EUCHRE_LOG_PURE_PYTHON"


def _sources() -> dict[str, str]:
    """The SHA-256 of every engine source, by file name: a build matches them all."""
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(ENGINE.glob("*.py"))
    }


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and mypyc's shared library) in ``_native/``."""

    def __init__(self, paths: dict[str, str]) -> None:
        self.paths = paths

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        found = self.paths.get(fullname)
        if found is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, found)
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


def install() -> bool:
    """Hook the compiled engine in when it is built, current and wanted; True if it is.

    Costs one ``stat`` when nothing is built, and hashing the engine's sources when it is.
    """
    if os.environ.get(PURE) or not MANIFEST.is_file():
        return False
    if any(isinstance(f, _Finder) for f in sys.meta_path):
        return True
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        if manifest.get("suffix") != sysconfig.get_config_var("EXT_SUFFIX"):
            return False  # built for another Python
        if manifest.get("sources") != _sources():
            return False  # a source changed since the build: it runs as edited
        paths = {name: str(NATIVE / file) for name, file in manifest["modules"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False
    if not all(Path(p).is_file() for p in paths.values()):
        return False
    sys.meta_path.insert(0, _Finder(paths))
    return True


def in_use() -> bool:
    """Whether the engine running now is the compiled one."""
    hand = sys.modules.get("euchre_log.engine.hand")
    return hand is not None and not str(getattr(hand, "__file__", "")).endswith(".py")


def build() -> Path:
    """Compile the engine with mypyc into ``_native/``; returns the manifest's path."""
    import shutil
    import subprocess
    import tempfile

    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    sources = _sources()
    with tempfile.TemporaryDirectory(prefix="euchre-native-") as tmp:
        root = Path(tmp)
        package = root / "euchre_log"
        (package / "engine").mkdir(parents=True)
        (package / "__init__.py").write_text("", encoding="utf-8")
        for name in sources:
            shutil.copy2(ENGINE / name, package / "engine" / name)
        targets = [f"euchre_log/engine/{m}.py" for m in COMPILED]
        subprocess.run([sys.executable, "-m", "mypyc", *targets], cwd=root, check=True)
        shutil.rmtree(NATIVE, ignore_errors=True)
        NATIVE.mkdir(parents=True)
        modules: dict[str, str] = {}
        for lib in root.glob(f"*__mypyc{suffix}"):  # mypyc's shared library of the group
            shutil.copy2(lib, NATIVE / lib.name)
            modules[lib.name.removesuffix(suffix)] = lib.name
        for name in COMPILED:
            file = f"euchre_log.engine.{name}{suffix}"
            shutil.copy2(package / "engine" / f"{name}{suffix}", NATIVE / file)
            modules[f"euchre_log.engine.{name}"] = file
    if _sources() != sources:
        raise RuntimeError("the engine's sources changed during the build; build again")
    MANIFEST.write_text(
        json.dumps({"suffix": suffix, "sources": sources, "modules": modules}, indent=2),
        encoding="utf-8",
    )
    return MANIFEST


def status() -> str:
    """In words: whether the compiled engine is built, current, and in use."""
    if not MANIFEST.is_file():
        return (
            "not built: the engine runs as Python (python3 -m euchre_log.engine.accelerate build)"
        )
    if os.environ.get(PURE):
        return f"built, but {PURE} is set: the engine runs as Python"
    import euchre_log.engine.hand  # noqa: F401  (the hook decides which it loads)

    if in_use():
        return f"built and in use ({NATIVE})"
    return "built, but out of date (a source changed, or another Python): the engine runs as Python"


install()
