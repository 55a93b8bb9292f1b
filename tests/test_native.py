"""The compiled engine and readers (``euchre_log.compiled``): optional,
equal to the Python ones, and never used once a source has changed, so that an edit to a
``.py`` always takes effect.

The build runs in a copy of the package, so this checkout is left as it was. The rest of
the suite runs on whichever engine is there: CI's fresh checkout has none built, so the
Python engine; ``python3 -m euchre_log.accelerate build`` first runs it on the
compiled one.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import euchre_log.engine.hand as h, euchre_log.compiled as n\n"
    "print(h.__file__.endswith('.py'), n.in_use(), getattr(h, 'EDITED', None))\n"
)

READERS_PROBE = (
    "import euchre_log.formats.canonical as c, euchre_log.formats.report as r\n"
    "import euchre_log.formats.results as s\n"
    "print(*(m.__file__.endswith('.py') for m in (c, r, s)))\n"
)

PICKLE_PROBE = (
    "import pickle, sys\n"
    "from pathlib import Path\n"
    "import euchre_log.compiled as n\n"
    "from euchre_log.formats.load import load_games\n"
    "hands = [h for p in sorted(Path(sys.argv[1]).glob('*.json'))\n"
    "         for g in load_games(p) for h in g.game.hands]\n"
    "same = all(pickle.loads(pickle.dumps(h)).snapshot() == h.snapshot() for h in hands)\n"
    "print(same and n.in_use(), len(hands))\n"
)


def _run(cwd: Path, *args: str, pure: bool = False) -> str:
    env = {k: v for k, v in os.environ.items() if k != "EUCHRE_LOG_PURE_PYTHON"}
    if pure:
        env["EUCHRE_LOG_PURE_PYTHON"] = "1"
    out = subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert out.returncode in (0, 1), out.stderr[-3000:]
    return out.stdout


def test_nothing_built_means_the_python_engine(tmp_path: Path) -> None:
    shutil.copytree(
        ROOT / "euchre_log", tmp_path / "euchre_log", ignore=shutil.ignore_patterns("_native")
    )
    assert _run(tmp_path, "-c", PROBE).split() == ["True", "False", "None"]
    assert "not built" in _run(tmp_path, "-m", "euchre_log.accelerate", "status")


@pytest.mark.slow
def test_the_compiled_engine_is_used_until_a_source_changes(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypyc") is None or not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("building the compiled engine needs mypy's mypyc and a C compiler")
    shutil.copytree(
        ROOT / "euchre_log",
        tmp_path / "euchre_log",
        ignore=shutil.ignore_patterns("_native", "__pycache__"),
    )
    _run(tmp_path, "-m", "euchre_log.accelerate", "build")
    assert _run(tmp_path, "-c", PROBE).split() == ["False", "True", "None"]
    assert "in use" in _run(tmp_path, "-m", "euchre_log.accelerate", "status")

    # The same verdicts, hand by hand, as the Python engine's.
    logs = [str(p) for p in sorted((ROOT / "sample_logs").glob("*.json"))]
    compiled = json.loads(_run(tmp_path, "-m", "euchre_log", "check", "--json", *logs))
    python = json.loads(_run(tmp_path, "-m", "euchre_log", "check", "--json", *logs, pure=True))
    assert compiled == python and len(compiled["games"]) == len(logs)

    # Hands and their rules pickle as they are (the review's worker processes are sent
    # them): a compiled class is made through its __init__ only.
    pickled = _run(tmp_path, "-c", PICKLE_PROBE, str(ROOT / "sample_logs"))
    assert pickled.split()[0] == "True" and int(pickled.split()[1]) > 50

    # Asked for the Python engine, it gets it.
    assert _run(tmp_path, "-c", PROBE, pure=True).split() == ["True", "False", "None"]

    # The readers' hot modules are compiled with it, and loaded with it.
    readers = _run(tmp_path, "-c", READERS_PROBE).split()
    assert readers == ["False", "False", "False"]

    # A source touched but not changed (a checkout, a copy) keeps the build in use.
    text = tmp_path / "euchre_log" / "formats" / "text.py"
    os.utime(text, ns=(text.stat().st_atime_ns, text.stat().st_mtime_ns + 10**9))
    assert _run(tmp_path, "-c", PROBE).split() == ["False", "True", "None"]

    # An edit to a source takes effect: the build no longer matches, so it is not used.
    hand = tmp_path / "euchre_log" / "engine" / "hand.py"
    hand.write_text(hand.read_text(encoding="utf-8") + "\nEDITED = 1\n", encoding="utf-8")
    assert _run(tmp_path, "-c", PROBE).split() == ["True", "False", "1"]
    assert "out of date" in _run(tmp_path, "-m", "euchre_log.accelerate", "status")
    # So does an edit to a module that is not compiled but that the compiled ones use.
    hand.write_text(hand.read_text(encoding="utf-8").replace("\nEDITED = 1\n", ""), "utf-8")
    assert _run(tmp_path, "-c", PROBE).split() == ["False", "True", "None"]
    actions = tmp_path / "euchre_log" / "engine" / "actions.py"
    actions.write_text(actions.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _run(tmp_path, "-c", PROBE).split() == ["True", "False", "None"]
    assert _run(tmp_path, "-c", READERS_PROBE).split() == ["True", "True", "True"]
    # And to one of the readers' modules: none of the build is used, the engine included
    # (the compiled modules share one library: all of them or none).
    actions.write_text(actions.read_text(encoding="utf-8")[:-1], encoding="utf-8")
    assert _run(tmp_path, "-c", PROBE).split() == ["False", "True", "None"]
    text.write_text(text.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _run(tmp_path, "-c", PROBE).split() == ["True", "False", "None"]
    assert _run(tmp_path, "-c", READERS_PROBE).split() == ["True", "True", "True"]
