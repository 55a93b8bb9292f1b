"""Loads the compiled build of the engine and of the readers' hot modules, when there is
one and it matches these sources; ``build`` makes it (``python3 -m euchre_log.accelerate``
says how).

``install`` is called when the package is imported, before any module that may be
compiled: a compiled module shares one library with the others built with it, so they
must all be the compiled ones or none. It costs one ``stat`` when nothing is built. The
build's sources are checked only when a compiled module is first asked for.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import importlib.machinery
    from collections.abc import Sequence
    from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
NATIVE = PACKAGE / "_native"
MANIFEST = NATIVE / "manifest.json"
PURE = "EUCHRE_LOG_PURE_PYTHON"
SOURCE_FOLDERS = ("engine", "formats")
"""The folders whose every source (theirs and their subfolders') a build is made from and
checked against: the compiled modules, and the modules they use whose types they were
compiled with."""
COMPILED = (
    "euchre_log.engine.cards",
    "euchre_log.engine.rules",
    "euchre_log.engine.scoring",
    "euchre_log.engine.hand",
    "euchre_log.engine.game",
    "euchre_log.engine.solver",
    "euchre_log.engine.positions",
    "euchre_log.formats.canonical",
    "euchre_log.formats.results",
    "euchre_log.formats.report",
)
"""The modules compiled: the engine's rules and the reading, checking and reporting of
canonical files (``check --json``). ``engine.actions`` stays Python: compiled by mypyc,
its dataclasses take their ``ClassVar`` (each action's ``TYPE``) for a field and cannot
be made."""
_NAMES = frozenset(COMPILED)


def source_files() -> list[Path]:
    """Every source a build is made from, in a fixed order."""
    return sorted(p for folder in SOURCE_FOLDERS for p in (PACKAGE / folder).rglob("*.py"))


def stamp(path: Path) -> dict[str, Any]:
    """What a build records of a source: its size and time, and its SHA-256."""
    import hashlib

    info = path.stat()
    return {
        "size": info.st_size,
        "mtime_ns": info.st_mtime_ns,
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
    }


def _current(recorded: dict[str, Any]) -> bool:
    """Whether every source is as it was built from. A source whose size and time are as
    recorded is taken as unchanged, as Python takes its own bytecode cache; one whose time
    changed (a checkout, a touch) is compared by its SHA-256."""
    files = {p.relative_to(PACKAGE).as_posix(): p for p in source_files()}
    if recorded.keys() != files.keys():
        return False  # a source added or removed
    for name, path in files.items():
        was = recorded[name]
        info = path.stat()
        if info.st_size != was["size"]:
            return False
        if info.st_mtime_ns != was["mtime_ns"] and stamp(path)["sha256"] != was["sha256"]:
            return False
    return True


def _suffix() -> str:
    """This Python's file ending for an extension module, as its import system takes it
    (the same as sysconfig's ``EXT_SUFFIX``, without importing sysconfig)."""
    import importlib.machinery

    return importlib.machinery.EXTENSION_SUFFIXES[0]


def verified() -> dict[str, str] | None:
    """The compiled modules' files by module name when the build is there, for this
    Python, and current; else None (the sources run as they are)."""
    import json

    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        if manifest.get("suffix") != _suffix():
            return None  # built for another Python
        if not _current(manifest["sources"]):
            return None  # a source changed since the build: it runs as edited
        paths = {name: str(NATIVE / file) for name, file in manifest["modules"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not all(Path(p).is_file() for p in paths.values()):
        return None
    return paths


class _Finder:
    """Finds the compiled modules (and mypyc's shared library) in ``_native/``, once the
    build is found current (checked at the first compiled module asked for): a finder
    on ``sys.meta_path``, which asks only for ``find_spec``."""

    def __init__(self) -> None:
        self.paths: dict[str, str] | None = None
        self.checked = False

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in _NAMES and not fullname.endswith("__mypyc"):
            return None
        if not self.checked:
            self.checked = True
            self.paths = verified()
        found = None if self.paths is None else self.paths.get(fullname)
        if found is None:
            return None
        import importlib.machinery
        import importlib.util

        loader = importlib.machinery.ExtensionFileLoader(fullname, found)
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


def install() -> None:
    """Put the finder first on Python's import path when a build is there and wanted."""
    if os.environ.get(PURE) or not os.path.isfile(MANIFEST):
        return
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


def in_use() -> bool:
    """Whether the engine running now is the compiled one."""
    hand = sys.modules.get("euchre_log.engine.hand")
    return hand is not None and not str(getattr(hand, "__file__", "")).endswith(".py")


def _sources() -> dict[str, dict[str, object]]:
    """The stamp of every source a build is made from, by its path in the package."""
    return {p.relative_to(PACKAGE).as_posix(): stamp(p) for p in source_files()}


def build() -> Path:
    """Compile ``COMPILED`` with mypyc into ``_native/``; returns the manifest's path."""
    import json
    import shutil
    import subprocess
    import tempfile

    suffix = _suffix()
    sources = _sources()
    with tempfile.TemporaryDirectory(prefix="euchre-native-") as tmp:
        root = Path(tmp)
        package = root / "euchre_log"
        package.mkdir()
        (package / "__init__.py").write_text("", encoding="utf-8")  # no hook in the copy
        for name in sources:
            (package / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(PACKAGE / name, package / name)
        targets = [m.replace(".", "/") + ".py" for m in COMPILED]
        subprocess.run([sys.executable, "-m", "mypyc", *targets], cwd=root, check=True)
        shutil.rmtree(NATIVE, ignore_errors=True)
        NATIVE.mkdir(parents=True)
        modules: dict[str, str] = {}
        for lib in root.glob(f"*__mypyc{suffix}"):  # mypyc's shared library of the group
            shutil.copy2(lib, NATIVE / lib.name)
            modules[lib.name.removesuffix(suffix)] = lib.name
        for name in COMPILED:
            file = f"{name}{suffix}"
            built = root / (name.replace(".", "/") + suffix)
            shutil.copy2(built, NATIVE / file)
            modules[name] = file
    if _sources() != sources:
        raise RuntimeError("the sources changed during the build; build again")
    MANIFEST.write_text(
        json.dumps({"suffix": suffix, "sources": sources, "modules": modules}, indent=2),
        encoding="utf-8",
    )
    return MANIFEST


def status() -> str:
    """In words: whether the compiled build is there, current, and in use."""
    if not MANIFEST.is_file():
        return (
            "not built: the engine and the readers run as Python "
            "(python3 -m euchre_log.accelerate build)"
        )
    if os.environ.get(PURE):
        return f"built, but {PURE} is set: the engine and the readers run as Python"
    import euchre_log.engine.hand  # noqa: F401  (the finder decides which it loads)

    if in_use():
        return f"built and in use ({NATIVE})"
    return (
        "built, but out of date (a source changed since, or another Python): the engine "
        "and the readers run as Python; python3 -m euchre_log.accelerate build makes it again"
    )
