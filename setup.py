"""The optional compiled solver; everything else about the build is in pyproject.toml.

By default ``pip install`` builds pure Python, which is what the README measures and what
an editable install runs. ``EUCHRE_LOG_COMPILE=1 python3 -m pip install .`` compiles the
open-hand solver (``euchre_log/engine/solver.py``, the fair review's inner loop) with
mypyc, the way black ships its mypyc builds: the same source, three to four times faster,
with a C compiler and Python's headers on the machine. The build then asks for mypy, the
version pinned below (``setup_requires`` is how setuptools adds a build requirement: pip
installs it into the build's environment first; ``--no-build-isolation`` uses the mypy
already installed, as ``tests/test_compiled.py`` does, which the test extra pins alike).
An editable install is refused: there the source must be the code that runs.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

MYPYC = "mypy==2.4.1"
"""The mypyc that compiles the solver, pinned (and the test extra's mypy with it), so that
a build is what the tests checked."""
COMPILED = ["euchre_log/engine/solver.py"]
MYPY_OPTIONS = ["--config-file=", "--strict"]
"""pyproject's [tool.mypy] loads the pydantic plugin, which the solver does not need (and
the build's environment does not have): the solver is compiled as checked, strict."""
BUILDS = ("bdist_wheel", "build", "build_ext", "install")
"""The commands that make what is installed: only these compile."""

_setting = os.environ.get("EUCHRE_LOG_COMPILE", "").strip().lower()
if _setting not in ("", "0", "no", "false", "off", "1", "yes", "true", "on"):
    sys.exit(f"EUCHRE_LOG_COMPILE is 1 to compile the solver or 0 not to, not {_setting!r}")
COMPILE = _setting in ("1", "yes", "true", "on")

if not COMPILE:
    setup()
elif any(arg in ("editable_wheel", "develop") for arg in sys.argv):
    sys.exit(
        "EUCHRE_LOG_COMPILE builds the compiled solver for `pip install .`, never for an "
        "editable install (-e), whose source must be what runs: install without -e, or "
        "unset EUCHRE_LOG_COMPILE"
    )
else:
    try:
        from mypyc.build import mypycify
    except ImportError:
        if any(arg in BUILDS for arg in sys.argv):
            sys.exit(
                f"EUCHRE_LOG_COMPILE=1 needs mypyc ({MYPYC}) where the wheel is built: pip "
                "installs it unless --no-build-isolation is given, when it must be installed"
            )
        # The pass that collects the build's requirements, before they are installed.
        setup(setup_requires=[MYPYC])
    else:
        if any(arg in BUILDS for arg in sys.argv):
            setup(ext_modules=mypycify([*MYPY_OPTIONS, *COMPILED], opt_level="3"))
        else:
            setup()  # the metadata, or an sdist: nothing to compile
