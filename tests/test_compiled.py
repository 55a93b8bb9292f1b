"""The compiled solver (``EUCHRE_LOG_COMPILE=1 pip install .``, setup.py) judges exactly as
the Python source does: the wheel is built here with mypyc from this source, and the same
positions, hands and fair reviews are worked out by both, in two processes, one importing
the compiled wheel and one the source."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT
from .helpers import built_wheel

pytestmark = pytest.mark.slow

SCRIPT = r"""
import json, random, sys
from euchre_log.engine import solver
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
for _ in range(150):
    cards = list(deck(24))
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
loaded = not solver.__file__.endswith(".py")
assert euchre_log.compiled_solver() is loaded, (solver.__file__, euchre_log.compiled_solver())
print(json.dumps({"compiled": loaded, "positions": positions, "reviews": reviews}))
"""


def _can_compile() -> str | None:
    """Why mypyc cannot build here, or None."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        return "no C compiler"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "no mypyc (the test extra installs mypy)"
    return None


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled wheel, unpacked: a folder to put first on ``PYTHONPATH``."""
    why = _can_compile()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the compiled solver cannot be built: {why}")
        pytest.skip(f"the compiled solver cannot be built: {why}")
    tmp = tmp_path_factory.mktemp("compiled")
    wheel = built_wheel(tmp, compiled=True)
    site = tmp / "site"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    return site


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


def test_an_editable_install_is_never_compiled(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "euchre_log", src / "euchre_log", ignore=shutil.ignore_patterns("__pycache__")
    )
    env = {**os.environ, "EUCHRE_LOG_COMPILE": "1"}
    out = subprocess.run(
        [sys.executable, str(src / "setup.py"), "editable_wheel"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=src,
    )
    assert out.returncode != 0
    assert "never for an editable install (-e)" in out.stderr
