"""Fuzzing: whatever comes in, a clear refusal or a verdict, never a crash, and the
database unchanged by anything refused.

Through the CLI, every run goes through ``assert_handled`` (``Cli`` calls it): a crash is an
exception in Click's runner, or exit 3 and "internal error" from the console script, and
fails the test with its traceback. ``check``'s exit 1 is also what a crash returns, so each
``check --json`` answer goes through ``assert_verdict``: a whole report whose flags (or
errors) call for that very exit code."""

from __future__ import annotations

import copy
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_log.engine import Rules
from euchre_log.engine.cards import N_CARDS, WEST, CardError, parse_card
from euchre_log.formats.load import games_from_data
from euchre_log.formats.models import GameReport
from euchre_log.formats.reader import LogError, parse_json_bytes
from euchre_log.formats.report import game_report
from euchre_log.recorder.grammar import EntryError, Session

from .conftest import SAMPLES, Cli
from .helpers import assert_verdict

FUZZ = settings(max_examples=110, deadline=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=25,
)
SAMPLE_DOCS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SAMPLES.glob("*.json"))]


def mutate(doc: Any, rng: random.Random, replacement: Any) -> Any:
    """Replace one randomly chosen value (or delete one key) somewhere in a document."""
    doc = copy.deepcopy(doc)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k in list(node):
                paths.append((node, k))
                walk(node[k])
        elif isinstance(node, list):
            for i in range(len(node)):
                paths.append((node, i))
                walk(node[i])

    walk(doc)
    parent, key = rng.choice(paths)
    if isinstance(parent, dict) and rng.random() < 0.3:
        del parent[key]
    else:
        parent[key] = replacement
    return doc


@FUZZ
@given(st.text(max_size=8))
def test_the_card_parser_reads_a_card_or_says_why_not(token: str) -> None:
    try:
        c = parse_card(token)
    except CardError as exc:
        assert repr(token) in str(exc)
    else:
        assert 0 <= c < N_CARDS


@FUZZ
@given(json_values)
def test_any_json_document_is_read_or_refused_with_a_message(data: Any) -> None:
    try:
        games_from_data("fuzz.json", data)
    except LogError as exc:
        assert str(exc)


@FUZZ
@given(st.binary(max_size=200))
def test_any_bytes_are_parsed_or_refused(raw: bytes) -> None:
    try:
        parse_json_bytes(raw)
    except LogError as exc:
        assert "JSON" in str(exc) or "UTF-8" in str(exc) or "nested" in str(exc)


@pytest.mark.slow
@FUZZ
@given(st.integers(0, 2**32), st.sampled_from(range(len(SAMPLE_DOCS))), json_values)
def test_mutated_real_logs_are_read_or_refused_with_a_message(
    seed: int, which: int, value: Any
) -> None:
    doc = mutate(SAMPLE_DOCS[which], random.Random(seed), value)
    try:
        games = games_from_data("fuzz.json", doc)
    except LogError as exc:
        assert_points_into(doc, exc)
    else:
        (loaded,) = games
        assert_consistent_report(doc, dict(game_report("fuzz.json", loaded.game)))


def assert_points_into(doc: Any, exc: LogError) -> None:
    """A refusal says what, and the hand (from 1) and action (from 0) it names exist."""
    assert exc.message, repr(exc)
    if exc.action is not None:
        assert exc.hand is not None, str(exc)
    if exc.hand is None:
        return
    hands = doc.get("hands") if isinstance(doc, dict) else None
    assert isinstance(hands, list) and 1 <= exc.hand <= len(hands), str(exc)
    if exc.action is not None:
        actions = (
            hands[exc.hand - 1].get("actions") if isinstance(hands[exc.hand - 1], dict) else None
        )
        assert isinstance(actions, list) and 0 <= exc.action < len(actions), str(exc)


def assert_consistent_report(doc: Any, report: dict[str, Any]) -> None:
    """An accepted log's verdict follows the check report's model, has one entry per
    hand of the file, and its scores add up from the initial score."""
    GameReport.model_validate(report)
    hands = report["hands"]
    assert [h["number"] for h in hands] == list(range(1, len(doc.get("hands") or []) + 1))
    start = (doc["game"].get("initial_score") or {}) if isinstance(doc["game"], dict) else {}
    ns, ew = start.get("NS", 0), start.get("EW", 0)
    for h in hands:
        ns, ew = ns + h["points"]["NS"], ew + h["points"]["EW"]
        assert h["score_after"] == {"NS": ns, "EW": ew}, h
    assert report["score"] == {"NS": ns, "EW": ew}


TOKENS = [
    "p",
    "o",
    "o!",
    "alone",
    "c",
    "d",
    "h",
    "s",
    "h!",
    "?",
    "9h",
    "th",
    "10d",
    "j♦",
    "♠q",
    "ah",
    "kc",
    "qs",
    "js",
    "9c",
    "bj",
    "7c",
    "undo",
    "show",
    "help",
    "renege",
    "E",
    "2",
    "by",
    "N",
    "penalty",
    "NS",
    "-3",
    "note",
    "defend",
    "W",
    "deal",
    "dealer",
    "farmer",
    "throw",
    "nines",
    "swap",
    "blind",
    "for",
    "zz",
    "",
    "🂡",
]


@pytest.mark.slow
@FUZZ
@given(st.lists(st.lists(st.sampled_from(TOKENS) | st.text(max_size=4), max_size=8), max_size=12))
def test_the_recorder_grammar_accepts_or_refuses_each_line_whole(lines: list[list[str]]) -> None:
    session = Session(Rules.build({"throw_ins": "all", "farmers_hand": "three_card"}), WEST)
    for words in lines:
        before = list(session.history)
        try:
            session.feed(" ".join(words))
        except EntryError as exc:
            assert str(exc)
            assert session.history == before  # a refused line leaves nothing behind


def table_contents(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    con = sqlite3.connect(db)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: sorted(con.execute(f"SELECT * FROM {n}").fetchall(), key=repr) for n in names}
    finally:
        con.close()


@pytest.mark.slow
def test_fuzzed_files_through_check_and_import(tmp_path: Path) -> None:
    """300 mutated logs through the real commands: exit 0, 1 or 2, JSON out, no traceback,
    and every rejected import leaves the database as it was."""
    cli = Cli(tmp_path / "fuzz.db")
    cli.json("import", str(SAMPLES / "family-game.json"))
    rng = random.Random(2026)
    values: list[Any] = [
        None,
        -1,
        0,
        7,
        "",
        "XX",
        "9H",
        "N",
        [],
        {},
        True,
        "x" * 300,
        [None],
        {"type": "play"},
    ]
    rejected = 0
    for i in range(300):
        doc = mutate(rng.choice(SAMPLE_DOCS), rng, rng.choice(values))
        path = tmp_path / f"f{i}.json"
        path.write_text(json.dumps(doc))
        report = assert_verdict(cli("check", "--json", str(path)))
        (game,) = report["games"]
        if game["error"] is None:
            assert_consistent_report(doc, game)
            continue
        rejected += 1
        before = table_contents(tmp_path / "fuzz.db")
        imported = cli("import", str(path))
        assert imported.exit_code == 2
        assert str(path) in imported.stderr and game["error"]["message"] in imported.stderr
        assert table_contents(tmp_path / "fuzz.db") == before
    assert rejected > 50


@pytest.mark.slow
def test_fuzzed_recorder_input_through_the_real_command(tmp_path: Path) -> None:
    """200 random scripts piped to record: exit 0 or 2, no traceback, and the stored game
    still replays with its chain intact."""
    cli = Cli(tmp_path / "rec.db")
    rng = random.Random(7)
    for i in range(200):
        game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "NESW"[i % 4])["id"]
        script = "\n".join(
            " ".join(rng.choice(TOKENS) for _ in range(rng.randrange(1, 6))) for _ in range(8)
        )
        result = cli("record", str(game), input=script + "\n")
        assert result.exit_code in (0, 2), result.output
        if result.exit_code == 2:  # a refusal names the line, and stored nothing of it
            assert "refused: " in result.stderr and "nothing on this line was stored" in (
                result.stderr
            ), result.stderr
    assert cli("verify").exit_code == 0
