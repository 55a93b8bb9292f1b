"""The compiled solver (``EUCHRE_LOG_COMPILE=1 pip install .``, setup.py) judges exactly as
the Python source does: the wheel is built here with mypyc from this source, and the same
positions, hands and fair reviews are worked out by both, in two processes, one importing
the compiled wheel and one the source."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, built_once
from .helpers import built_wheel

pytestmark = pytest.mark.slow

SCRIPT = r"""
import json, random, sys
from euchre_log.engine import solver
from importlib.machinery import ExtensionFileLoader
from euchre_log.engine.cards import deck
from euchre_log.engine.fair import fair_review, hand_seed
from euchre_log.engine.review import review_hand
from euchre_log.engine.solver import Position, Solver, best_cards, check_claim, legal_cards, solve
from euchre_log.formats.load import load_games

# Compiled, the solver's own results (a claim's card, the cards of a position it plays
# on) are plain ints where the source may keep the caller's Card: the same numbers, so
# they are compared as numbers. What the engine shows (the reviews below) keeps its Cards.
rng = random.Random(20261202)
positions = []
for i in range(150):
    cards = list(deck((24, 25, 32)[i % 3]))
    rng.shuffle(cards)
    sitting = rng.choice([0, 0, 0, 1 << rng.randrange(4)])
    hands = [[] if sitting >> s & 1 else cards[5 * s : 5 * s + 5] for s in range(4)]
    leader = rng.choice([s for s in range(4) if not sitting >> s & 1])
    pos = Position.deal(rng.randrange(4), hands, leader, sitting=sitting)
    for _ in range(rng.randrange(14)):
        pos = pos.play(rng.choice(legal_cards(pos)))
    shared = Solver()
    numbers = lambda cards: tuple(map(int, cards))
    claim = check_claim(pos, pos.turn)
    positions.append(repr((
        solve(pos, 0, shared), solve(pos, 1),
        numbers(best_cards(pos, shared)), claim.good, claim.trick, claim.seat,
        None if claim.card is None else int(claim.card),
        tuple((seat, int(c)) for seat, c in claim.line),
        list(shared.levels(pos, pos.turn & 1, (1, 3, 5))),
    )))
reviews = []
for name in ("family-game.json", "benny-game.json"):
    game = load_games(sys.argv[1] + "/sample_logs/" + name)[0].game
    for hand in game.hands[:3]:
        reviews.append(repr(review_hand(hand)))
        if name == "family-game.json":
            reviews.append(repr(fair_review(hand, hand_seed(hand), 40)))
import euchre_log
loaded = isinstance(solver.__loader__, ExtensionFileLoader)
assert euchre_log.compiled_solver() is loaded, (solver.__file__, euchre_log.compiled_solver())
print(json.dumps({"compiled": loaded, "positions": positions, "reviews": reviews}))
"""


def _pin() -> str:
    """setup.py's pinned mypy (``MYPYC``)."""
    found = re.search(r'^MYPYC = "([^"]+)"', (ROOT / "setup.py").read_text(), re.M)
    assert found is not None, "setup.py pins no MYPYC"
    return found.group(1)


def _can_compile() -> str | None:
    """Why mypyc cannot build here as setup.py pins it, or None."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        return "no C compiler"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    try:
        import mypy.version
    except ImportError:
        return "no mypyc (the test extra installs mypy)"
    if f"mypy=={mypy.version.__version__}" != _pin():
        return f"mypy {mypy.version.__version__} is installed, and setup.py pins {_pin()}"
    return None


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled wheel, unpacked: a folder to put first on ``PYTHONPATH``."""
    why = _can_compile()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the compiled solver cannot be built: {why}")
        pytest.skip(f"the compiled solver cannot be built: {why}")

    def build(site: Path) -> None:
        with (
            tempfile.TemporaryDirectory() as tmp,
            zipfile.ZipFile(built_wheel(Path(tmp), compiled=True)) as z,
        ):
            z.extractall(site)

    # Once per run, whichever core asks first: a build takes ten seconds or more.
    return built_once(tmp_path_factory, "site", build)


def _run(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=path.parent,  # not the project: the import comes from ``path`` alone
    )


def _judged(path: Path) -> dict[str, Any]:
    out = _run(path, "-c", SCRIPT, str(ROOT))
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def test_the_compiled_wheel_holds_the_solver_compiled_and_nothing_else(
    compiled_site: Path,
) -> None:
    built = sorted(p.relative_to(compiled_site).as_posix() for p in compiled_site.rglob("*.so"))
    assert [b.split(".")[0] for b in built] == [
        "euchre_log/engine/solver",
        "euchre_log/engine/solver__mypyc",
    ]
    assert not list(compiled_site.rglob("*.c"))
    assert (compiled_site / "euchre_log" / "engine" / "solver.py").exists()  # for reading


def test_the_compiled_solver_judges_as_the_source_does(compiled_site: Path) -> None:
    compiled = _judged(compiled_site)
    source = _judged(ROOT)
    assert compiled["compiled"] is True
    assert source["compiled"] is False
    assert len(compiled["positions"]) == 150
    assert compiled["positions"] == source["positions"]
    assert compiled["reviews"] == source["reviews"]


def test_the_version_says_the_solver_is_compiled(compiled_site: Path) -> None:
    out = _run(compiled_site, "-m", "euchre_log", "--version")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("(compiled solver)")
    plain = _run(ROOT, "-m", "euchre_log", "--version")
    assert plain.stdout.strip() == f"euchre-log {_version()}"


def _version() -> str:
    import euchre_log

    return euchre_log.__version__


def test_the_test_extra_pins_the_mypy_that_compiles() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    test_extra = project["project"]["optional-dependencies"]["test"]
    assert [r for r in test_extra if r.startswith("mypy")] == [_pin()]


HIDE_MYPYC = "import sys; sys.modules['mypyc'] = sys.modules['mypyc.build'] = None; "


@pytest.mark.parametrize(
    ("setting", "command", "hide", "said"),
    [
        ("1", "editable_wheel", False, "never for an editable install (-e)"),
        ("1", "bdist_wheel", True, "EUCHRE_LOG_COMPILE=1 needs mypyc (mypy=="),
        ("maybe", "bdist_wheel", False, "is 1 to compile the solver or 0 not to, not 'maybe'"),
    ],
)
def test_setup_refuses_what_it_cannot_build_as_asked(
    tmp_path: Path, setting: str, command: str, hide: bool, said: str
) -> None:
    # Never a pure wheel that says it built when the compiled one was asked for.
    shutil.copy2(ROOT / "setup.py", tmp_path / "setup.py")
    run = f"sys.argv = ['setup.py', {command!r}]; exec(open('setup.py').read())"
    out = subprocess.run(
        [sys.executable, "-c", (HIDE_MYPYC if hide else "import sys; ") + run],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "EUCHRE_LOG_COMPILE": setting},
        cwd=tmp_path,
    )
    assert out.returncode != 0
    assert said in out.stderr
