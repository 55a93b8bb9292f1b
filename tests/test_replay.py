"""Replay and the dispute view: golden renderings, stepping, and clean refusals.

The golden files in ``tests/golden/`` are the screens exactly as a 100-column terminal
without colour shows them (trailing spaces dropped). After a deliberate change, rewrite
them with ``EUCHRE_LOG_UPDATE_GOLDEN=1 python3 -m pytest tests/test_replay.py`` and read
every changed file before committing it.
"""

from __future__ import annotations

import os
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

from euchre_log.cli import replay as cli_replay
from euchre_log.engine.game import GameState
from euchre_log.formats.load import load_games
from euchre_log.render.explain import explain_view
from euchre_log.render.replay import game_screens, hand_view

from .conftest import SAMPLES, Cli
from .helpers import ORDER_UP_DEAL, session

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = bool(os.environ.get("EUCHRE_LOG_UPDATE_GOLDEN"))
PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


def render(renderable: RenderableType, width: int = 100) -> str:
    """What a ``width``-column terminal without colour shows, trailing spaces dropped."""
    console = Console(file=StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run with EUCHRE_LOG_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{path} differs from the rendering"


def sample(name: str) -> tuple[GameState, dict[str, str]]:
    loaded = load_games(SAMPLES / name)[0]
    return loaded.game, loaded.players


def scripted(script: str, **kwargs: Any) -> GameState:
    return session(script, **kwargs).game


# --- Replay goldens ---------------------------------------------------------------

REPLAYS = [
    # A renege proven by a later play, then called and upheld after the last trick.
    ("replay-renege-dispute.txt", "renege-dispute.json", 1),
    # Round two, a lone call defended alone: two seats sit out.
    ("replay-alone-defended.txt", "family-game.json", 3),
    # Everyone passed twice.
    ("replay-passed-out.txt", "family-game.json", 9),
    # The deal and the kitty were recorded; a lone march.
    ("replay-going-alone.txt", "seed001-going-alone.json", 1),
    # The dealer's partner assists; the discard was seen.
    ("replay-assist.txt", "family-game.json", 4),
    # Naming the suit that was turned down: an illegal bid, flagged under the deal.
    ("replay-turned-down-suit.txt", "turned-down-suit.json", 1),
]


REPLAYS += [
    # Variants: a card exchanged with the partner, a hand thrown in, the Benny turned up.
    ("replay-partners-best.txt", "variant-partners-best.json", 1),
    ("replay-throw-in.txt", "variant-throw-in.json", 1),
    ("replay-benny.txt", "variant-benny-turned-up.json", 1),
]


@pytest.mark.parametrize(("golden_name", "file", "number"), REPLAYS)
def test_replay_goldens(golden_name: str, file: str, number: int) -> None:
    game, players = sample(file)
    golden(golden_name, render(hand_view(game, number - 1, players)))


def test_replay_of_a_hand_stopped_mid_trick() -> None:
    # The deal was recorded; the record stops after two cards of trick 2.
    game = scripted(ORDER_UP_DEAL + "9h o 9s\nah th jh 9h\nac qc")
    golden("replay-unfinished.txt", render(hand_view(game, 0, PLAYERS)))


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_hand_of_every_sample_replays_and_explains(path: Path) -> None:
    for loaded in load_games(path):
        game = loaded.game
        for i, hand in enumerate(game.hands):
            shown = render(hand_view(game, i, loaded.players))
            assert shown.startswith(f"Hand {hand.number} of {len(game.hands)}")
            assert shown.count("Trick ") >= len(hand.leaders)
            assert "Renege: " in render(explain_view(game, i, loaded.players))


def test_step_screens_are_the_setup_then_one_per_trick() -> None:
    game, players = sample("family-game.json")
    screens = game_screens(game, players, [2, 8])
    assert [(s.hand, s.trick) for s in screens] == [(3, k) for k in range(6)] + [(9, 0)]
    assert screens[0].caption == "Hand 3 of 13: the deal"
    assert screens[3].caption == "Hand 3 of 13, trick 3 of 5"
    # Every trick screen repeats the hand's title, so a step never loses its place.
    assert all(render(s.body).startswith("Hand 3 of 13") for s in screens[:6])


# --- Explain goldens --------------------------------------------------------------

# East is dealt 10♥ (recorded) and throws 9♦ on North's trump lead.
DEAL_PROOF = ORDER_UP_DEAL + "9h o 9s\nah 9d jh 9h"
# West took up 9♥ and throws K♣ on a trump lead: the upcard proves the renege.
UPCARD_PROOF = "9h o 9s\nah th jh kc"
# East throws 9♦ on a trump lead, and shows 10♥ when South calls the renege.
SHOWN_PROOF = "9h o 9s\nah 9d jh 9h\nrenege E 1 TH by S"
# East trumps a diamond lead with J♦ (the left bower), then leads K♦ on the next trick.
LEFT_BOWER = "9h o ?\nad jd qd td\nkd 9d ks qs"
# North calls a renege on East, who followed suit; then one that nothing settles.
FALSE_CALL = "9h o 9s\nah th jh 9h\nrenege E 1 by N"
UNRESOLVED_CALL = "9h o 9s\nah 9d jh 9h\nrenege E 1 by N"


@pytest.mark.parametrize(
    ("golden_name", "script"),
    [
        ("explain-deal-proof.txt", DEAL_PROOF),
        ("explain-upcard-proof.txt", UPCARD_PROOF),
        ("explain-shown-proof.txt", SHOWN_PROOF),
        ("explain-left-bower.txt", LEFT_BOWER),
        ("explain-false-call.txt", FALSE_CALL),
        ("explain-unresolved-call.txt", UNRESOLVED_CALL),
    ],
)
def test_explain_goldens_for_each_kind_of_proof(golden_name: str, script: str) -> None:
    golden(golden_name, render(explain_view(scripted(script), 0, PLAYERS)))


def test_explain_golden_for_the_renege_dispute() -> None:
    game, players = sample("renege-dispute.json")
    golden("explain-renege-dispute.txt", render(explain_view(game, 0, players)))


def test_explain_golden_for_a_discard_nobody_saw() -> None:
    game, players = sample("family-game.json")
    golden("explain-unseen-discard.txt", render(explain_view(game, 1, players)))


def test_explain_golden_for_a_lone_hand_defended_alone() -> None:
    game, players = sample("family-game.json")
    golden("explain-alone-defended.txt", render(explain_view(game, 2, players)))


def test_the_proof_sentence_reads_like_the_table_says_it() -> None:
    game, players = sample("renege-dispute.json")
    text = render(explain_view(game, 0, players), width=200)
    assert (
        "Bob (East) showed out of ♥ (trump) on trick 1 (played 9♦) but held 10♥, "
        "which they played on trick 3." in text
    )
    assert "Renege: yes. Bob (East) reneged on trick 1." in text


# --- Stepping ---------------------------------------------------------------------


def test_step_moves_forward_back_and_quits() -> None:
    step, NEXT, BACK, QUIT = cli_replay.step, cli_replay.NEXT, cli_replay.BACK, cli_replay.QUIT
    assert step(0, NEXT, 3) == 1
    assert step(2, NEXT, 3) is None  # forward from the last screen ends the replay
    assert step(0, BACK, 3) == 0
    assert step(2, BACK, 3) == 1
    assert step(1, QUIT, 3) is None


@pytest.mark.parametrize(
    ("data", "meaning"),
    [
        (b"\r", "next"),
        (b"\n", "next"),
        (b" ", "next"),
        (b"\x1b[C", "next"),
        (b"\x1bOC", "next"),
        (b"\x1b[D", "back"),
        (b"\x1bOD", "back"),
        (b"q", "quit"),
        (b"\x03", "quit"),
        (b"\x1b", "quit"),
        (b"x", None),
    ],
)
def test_keys(data: bytes, meaning: str | None) -> None:
    assert cli_replay.key_name(data) == meaning


def test_run_steps_follows_the_keys() -> None:
    shown: list[int] = []
    keys = iter(["next", None, "next", "back", "back", "back", "next", "next", "next"])
    cli_replay.run_steps([0, 1, 2], shown.append, lambda: next(keys))
    assert shown == [0, 1, 2, 1, 0, 0, 1, 2]


# --- The commands -----------------------------------------------------------------


def imported(cli: Cli, *names: str) -> None:
    result = cli("import", *(str(SAMPLES / n) for n in names))
    assert result.exit_code == 0, result.output


def test_replay_prints_the_whole_hand_without_a_terminal(cli: Cli) -> None:
    imported(cli, "renege-dispute.json")
    plain = cli("replay", "1")
    assert plain.exit_code == 0, plain.output
    assert plain.stdout.startswith("Game 1: The renege dispute · N Ann, E Bob, S Cat, W Dan")
    for text in ("Trick 1: Ann (North) led A♥ (trump)", "Trick 5:", "RENEGE on trick 1"):
        assert text in plain.stdout
    # --step without a terminal prints the same thing.
    stepped = cli("replay", "1", "--hand", "1", "--step")
    assert stepped.exit_code == 0 and stepped.stdout == plain.stdout


def test_replay_of_every_hand_of_a_game(cli: Cli) -> None:
    imported(cli, "family-game.json")
    out = cli("replay", "1").stdout
    assert out.count("Trick 1:") == 12  # hand 9 was passed out
    assert "Hand 13 of 13" in out


def test_explain_command(cli: Cli) -> None:
    imported(cli, "renege-dispute.json", "family-game.json")
    one = cli("explain", "1")  # a game of one hand needs no --hand
    assert one.exit_code == 0, one.output
    assert "Hand 1 of 1: what the record shows" in one.stdout
    assert "but held 10♥" in one.stdout
    three = cli("explain", "2", "--hand", "3")
    assert three.exit_code == 0
    assert "Dan (West) defended alone" in " ".join(three.stdout.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["replay", "42"], "there is no game 42"),
        (["explain", "42", "--hand", "1"], "there is no game 42"),
        (["replay", "1", "--hand", "2"], "game 1 has no hand 2: it has hand 1"),
        (["replay", "2", "--hand", "0"], "game 2 has no hand 0: it has hands 1 to 13"),
        (["explain", "2", "--hand", "14"], "game 2 has no hand 14: it has hands 1 to 13"),
        (["explain", "2"], "name the hand to explain with --hand N"),
        (["replay", "3"], "game 3 has no hands yet"),
        (["explain", "3"], "game 3 has no hands yet"),
    ],
)
def test_bad_input_is_refused_in_one_line(cli: Cli, args: list[str], message: str) -> None:
    imported(cli, "renege-dispute.json", "family-game.json")
    assert cli("new", "--players", "Ann,Bob,Cat,Dan").exit_code == 0
    result = cli(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
