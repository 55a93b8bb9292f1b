"""The engine and the readers' hot modules compiled with mypyc: optional, and used only
while the build matches its sources.

The engine is plain typed Python, and that is what runs unless an accelerated build is
made on this machine (it needs mypy and a C compiler; ``pip install -e .`` needs neither):

    python3 -m euchre_log.accelerate build     # compile (a minute)
    python3 -m euchre_log.accelerate status    # is it built, and is it in use?
    python3 -m euchre_log.accelerate clean     # remove it

``build`` compiles the modules of ``compiled.COMPILED`` (the engine's rules, and the
reading, checking and reporting of canonical files) in a temporary folder and puts the
extension modules in ``euchre_log/_native/`` with a manifest of the size, time and
SHA-256 of every source of the engine and of the readers they were built from. They are
never put beside the sources, where Python would prefer them to the ``.py`` files. When
the package is imported, ``compiled.install`` puts a finder on the import path; at the
first compiled module asked for, it compares the manifest with the sources: if every one
is unchanged (and the build is for this Python), the compiled modules are loaded; if any
source was edited since, or ``EUCHRE_LOG_PURE_PYTHON`` is set, the ``.py`` files run, so
an edit always takes effect. The compiled modules give the same results: the test suite
runs against them whenever they are built, and ``tests/test_native.py`` builds a copy and
compares it with the Python modules.
"""

from __future__ import annotations

import sys

from .compiled import NATIVE, build, status


def main(argv: list[str] | None = None) -> None:
    """``build``, ``status`` (the default) or ``clean``."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "status"
    if command == "build":
        print(f"compiled: {build()}")
    elif command == "clean":
        import shutil

        shutil.rmtree(NATIVE, ignore_errors=True)
        print(f"removed {NATIVE}")
    elif command == "status":
        print(status())
    else:
        raise SystemExit("usage: python3 -m euchre_log.accelerate [build|status|clean]")


if __name__ == "__main__":
    main()
