"""``check --json`` writes each game's report straight from the engine's values
(``report.game_text``): the text must be exactly ``json_text(game_report(...))``, the
dicts that the models validate, for every sample, every real game of the corpora and
random games under every preset, flags, file names that need escaping and all."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine.game import GameState
from euchre_log.engine.rules import PRESETS, Rules
from euchre_log.engine.simulate import random_game
from euchre_log.formats.egn import egn_to_logs, parse_egn_bytes
from euchre_log.formats.load import load_games
from euchre_log.formats.reader import play_log, read_log
from euchre_log.formats.report import game_report, game_text
from euchre_log.formats.text import json_text

from .conftest import ROOT, SAMPLES

CORPORA = sorted((ROOT / "tests" / "corpora" / "egn").glob("*.egn"))


def _same(file: str, game: GameState) -> None:
    flagged, text = game_text(file, game)
    assert text == json_text(game_report(file, game))
    assert flagged == any(h["flags"] for h in game_report(file, game)["hands"])


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_every_sample_reads_the_same(path: Path) -> None:
    for loaded in load_games(path):
        _same(loaded.file, loaded.game)


def test_the_real_games_of_the_corpora_read_the_same() -> None:
    games = 0
    for path in CORPORA:
        for doc in egn_to_logs(parse_egn_bytes(path.read_bytes()), str(path)):
            _same(str(path), play_log(read_log(doc)))
            games += 1
    assert games >= 7


def test_flagged_hands_are_among_them() -> None:
    flagged = [
        loaded
        for path in sorted(SAMPLES.glob("*.json"))
        for loaded in load_games(path)
        if game_text(loaded.file, loaded.game)[0]
    ]
    assert flagged  # so the hands with flags, written by json_text, are compared too


@pytest.mark.parametrize(
    "file",
    ["plain.json", 'say "hi"\\.json', "tab\there\x1b[31m.json", "Zoë ♠ 🂡.json", "\u202e.json"],
)
def test_a_file_name_is_written_as_json_text_writes_it(file: str) -> None:
    loaded = load_games(SAMPLES / "family-game.json")[0]
    _same(file, loaded.game)
    assert json.loads(game_text(file, loaded.game)[1])["file"] == file


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(sorted(PRESETS)),
    start=st.tuples(st.integers(-20, 9), st.integers(-20, 9)),
    cut=st.integers(0, 30),
)
def test_random_games_read_the_same(
    seed: int, preset: str, start: tuple[int, int], cut: int
) -> None:
    rules = Rules.build({"preset": preset})
    start = (min(start[0], rules.target - 1), min(start[1], rules.target - 1))
    dealt = random_game(random.Random(seed), rules, initial_score=start, max_hands=12)
    game = GameState(rules, start)
    for k, d in enumerate(dealt):
        hand = game.start_hand(d.dealer, d.upcard, deal=dict(enumerate(d.hands)), kitty=d.kitty)
        last = k == len(dealt) - 1
        # The last hand may stop part way, as notes can: it is reported as incomplete.
        hand.extend(d.actions[:cut] if last and cut else d.actions)
    _same("random.json", game)
