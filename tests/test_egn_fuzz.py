"""Malformed EGN: every file is read or refused in words, never a crash.

Hypothesis mutates the real corpus (``tests/corpora/egn``) along EGN's JSON shape: a field
of the wrong type, ``alternativeLines`` of every wrong shape, keys left out or added, huge
numbers, deep nesting, unknown cards and calls, annotations that carry broken euchre-log
JSON. Each document goes to the function ``check`` uses (``load_games``, from the file's
bytes) and to the ``check`` command itself through Typer's ``CliRunner``, which tells a
crash (an exception in ``result.exception``) from a refusal (``SystemExit`` with code 2).

A refusal must be a ``LogError`` in a card player's words (no Pydantic text), and the
command must exit 0, 1 or 2, never 3, with ``--json`` output that is complete JSON naming
the file. Then come the inputs that crashed before, each with the message it now gets, and
the floods that took gigabytes, each refused quickly in bounded memory.
"""

from __future__ import annotations

import copy
import json
import time
import tracemalloc
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from euchre_log.formats.egn import TAG
from euchre_log.formats.load import games_from_data, load_games
from euchre_log.formats.reader import LogError

from .conftest import SAMPLES, Cli

CORPUS = Path(__file__).resolve().parent / "corpora" / "egn"
DOCS: dict[str, Any] = {
    p.relative_to(CORPUS).as_posix(): json.loads(p.read_text(encoding="utf-8"))
    for p in sorted(CORPUS.rglob("*"))
    if p.suffix in (".egn", ".emn")
}
# Games whose deals carry analysis lines, so that mutations reach them often.
ANNOTATED = sorted(n for n, d in DOCS.items() if "alternativeLines" in json.dumps(d))

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
CLI_FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))

# Pydantic's own words: none of them may reach a message.
PYDANTIC_WORDS = (
    "Input should",
    "Value error",
    "validation error",
    "Field required",
    "Extra inputs",
    "List should",
    "String should",
    "[type=",
    "pydantic",
    "Traceback",
)


def assert_refusal_in_words(message: str) -> None:
    assert message.strip(), "an empty message"
    assert not [w for w in PYDANTIC_WORDS if w in message], message
    assert len(message) < 1500, f"a message of {len(message)} characters"


# ---------------------------------------------------------------------------
# Strategies over EGN's shape

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
cards = st.sampled_from(
    ["9c", "Ts", "Nc", "Jd", "AD", "10♣", "R", "L", "B", "X", "Xx", "XX", "9x", "At", "Zq", "", " "]
)
calls = st.sampled_from(["Pass", "Order", "s", "h", "d", "c", "C", "n", "x", "PASS", "Call", ""])
numbers = st.sampled_from(
    [-1, 0, 3, 4, 5, 99, 10**18, -(10**18), 2**63, 10**300, 1e308, float("inf"), float("nan")]
)
texts = st.text(max_size=20) | st.sampled_from(
    ["²", "٣", "9" * 40, "x" * 20_000, "Ordr", "EUCHRE_BIDDING", "TRICK_PLAY", "0", "-1"]
)


def nested(depth: int, as_list: bool) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value] if as_list else {"a": value}
    return value


deep = st.builds(nested, st.integers(10, 60), st.booleans())
tagged = st.builds(
    lambda text, data: text + TAG + json.dumps(data),
    st.text(max_size=10),
    json_values
    | deep
    | st.fixed_dictionaries(
        {
            "type": st.sampled_from(["note", "penalty", "renege_call", "play", "bogus"])
            | json_values
        },
        optional={
            "seat": st.sampled_from(["N", "E", "Q"]) | json_values,
            "team": st.sampled_from(["NS", "XX"]) | json_values,
            "points": numbers | json_values,
            "accused": json_values,
            "trick": numbers,
            "after": st.sampled_from(["deal", "discard", "nowhere"]) | json_values,
        },
    )
    | st.fixed_dictionaries({"kitty": st.lists(cards | json_values, max_size=4) | json_values})
    | st.just({"clubTakeUp": True}),
)
annotation_tables = (
    st.dictionaries(
        st.integers(0, 40).map(str) | texts,
        st.lists(texts | tagged | json_values, max_size=3) | texts | tagged | json_values,
        max_size=3,
    )
    | json_values
)
phase_like = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["EUCHRE_BIDDING", "TRICK_PLAY", "TRICK_PLAY_PHASE", "X"])
        | json_values
    },
    optional={
        "calls": st.lists(calls | json_values, max_size=6) | json_values,
        "tricks": st.lists(st.lists(cards | json_values, max_size=5) | json_values, max_size=6)
        | json_values,
        "isAlone": json_values,
        "aloneDefender": numbers | json_values,
        "discard": cards | json_values,
        "callAnnotations": annotation_tables,
        "playAnnotations": annotation_tables,
        "cardExchanges": st.lists(
            st.fixed_dictionaries(
                {}, optional={"sender": numbers, "receiver": numbers, "cards": json_values}
            )
            | json_values,
            max_size=2,
        )
        | json_values,
        "initialLead": numbers | json_values,
        "phaseNumber": json_values,
    },
)
good_tables = st.dictionaries(
    st.integers(0, 30).map(str), st.lists(st.text(max_size=20) | tagged, max_size=2), max_size=2
)
plausible_phase = st.fixed_dictionaries(
    {"type": st.just("EUCHRE_BIDDING"), "calls": st.lists(calls, max_size=8)},
    optional={"isAlone": st.booleans(), "discard": cards, "callAnnotations": good_tables},
) | st.fixed_dictionaries(
    {"type": st.just("TRICK_PLAY"), "tricks": st.lists(st.lists(cards, max_size=4), max_size=5)},
    optional={"playAnnotations": good_tables, "tricks_annotations": good_tables},
)
plausible_line = st.fixed_dictionaries(
    {"branchIndex": st.integers(-3, 40), "phases": st.lists(plausible_phase, max_size=2)}
)
wrong = (
    st.none()
    | st.booleans()
    | st.integers(-5, 99)
    | st.text(max_size=4)
    | st.sampled_from([{}, {"0": 5}, [5], [[5]], ["x"], [None]])
)
misshapen_phase = st.fixed_dictionaries(
    {"type": st.sampled_from(["EUCHRE_BIDDING", "TRICK_PLAY"])},
    optional={
        "calls": wrong,
        "tricks": wrong | st.lists(wrong, min_size=1, max_size=2),
        "callAnnotations": wrong,
        "playAnnotations": wrong,
        "isAlone": wrong,
        "discard": wrong,
    },
)
misshapen_line = st.fixed_dictionaries(
    {
        "branchIndex": st.integers(0, 30),
        "phases": wrong | st.lists(misshapen_phase | wrong, min_size=1, max_size=2),
    }
)
"""An analysis line whose phases, or their calls, tricks or annotations, are of a wrong type."""
alternative_line = (
    plausible_line
    | misshapen_line
    | json_values
    | st.fixed_dictionaries(
        {},
        optional={
            "branchIndex": st.integers(-3, 60) | numbers | json_values,
            "phases": st.lists(phase_like | json_values, max_size=3) | json_values | deep,
            "note": json_values,
        },
    )
)
alternative_lines = (
    st.lists(plausible_line, max_size=3)
    | st.lists(misshapen_line, min_size=1, max_size=3)
    | st.lists(alternative_line, max_size=4)
    | json_values
    | deep
)

# What a field of each name is set to: its own kind of trouble, or any at all.
FIELD_VALUES: dict[str, Any] = {
    "alternativeLines": alternative_lines,
    "alternative_lines": alternative_lines,
    "phases": st.lists(phase_like | json_values, max_size=3) | json_values,
    "calls": st.lists(calls | json_values, max_size=9) | json_values,
    "tricks": st.lists(st.lists(cards | json_values, max_size=5), max_size=7) | json_values,
    "callAnnotations": annotation_tables,
    "playAnnotations": annotation_tables,
    "upCard": cards | json_values,
    "discard": cards | json_values,
    "dealer": numbers | json_values,
    "players": st.lists(texts | json_values, max_size=12) | json_values,
    "initialScore": st.lists(numbers, max_size=3) | json_values,
    "finalScore": st.lists(numbers, max_size=3) | json_values,
    "ruleset": st.dictionaries(
        st.sampled_from(["std", "loner_lead", "min_rank", "bogus"]), json_values
    )
    | json_values,
    "title": texts | json_values,
    "description": texts | json_values,
    "version": st.sampled_from(["1.0", "1.4", "1.5", "2.0", "1.²", "1." + "9" * 20]) | json_values,
}
anything = (
    json_values
    | cards
    | calls
    | numbers
    | texts
    | deep
    | tagged
    | alternative_lines
    | annotation_tables
    | phase_like
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside a document."""
    out = []
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, value in items:
        out.append((*path, key))
        out.extend(_paths(value, (*path, key)))
    return out


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


@st.composite
def malformed_egn(draw: st.DrawFn) -> tuple[str, Any]:
    """A corpus file with one to three things broken."""
    name = draw(st.sampled_from(ANNOTATED) | st.sampled_from(sorted(DOCS)))
    doc = copy.deepcopy(DOCS[name])
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(doc)))
        parent, key = _parent(doc, path), path[-1]
        how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add"]))
        if how == "delete" and isinstance(parent, dict):
            del parent[key]
        elif how == "add" and isinstance(parent[key], dict):
            new = draw(st.sampled_from([*FIELD_VALUES, "bogus", "initial_state", "type"]))
            parent[key][new] = copy.deepcopy(draw(FIELD_VALUES.get(new, anything)))
        elif how == "add" and isinstance(parent[key], list):
            parent[key].append(copy.deepcopy(draw(anything)))
        else:
            # A copy: a drawn value shared with the strategy (st.just) must not be mutated
            # by a later change of this example, or the next example is drawn differently.
            parent[key] = copy.deepcopy(draw(FIELD_VALUES.get(str(key), anything)))
    return name, doc


@st.composite
def broken_analysis(draw: st.DrawFn) -> tuple[str, Any]:
    """A real annotated game whose analysis lines are of a wrong shape."""
    name = draw(st.sampled_from(ANNOTATED))
    doc = copy.deepcopy(DOCS[name])
    games = [g["gameData"] for g in doc["games"]] if "games" in doc else [doc]
    deals = [d for g in games for d in g["deals"]]
    deal = draw(st.sampled_from(deals))
    deal["alternativeLines"] = copy.deepcopy(draw(alternative_lines))
    return name, doc


claimed_egn = st.tuples(
    st.just("claimed.egn"),
    st.fixed_dictionaries(
        {
            "fileType": st.sampled_from(["Euchre Game Notation", "Euchre Match Notation"]),
            "version": FIELD_VALUES["version"],
        },
        optional={
            "metadata": st.fixed_dictionaries(
                {}, optional={k: FIELD_VALUES[k] for k in ("players", "ruleset", "title")}
            )
            | anything,
            "deals": st.lists(
                st.fixed_dictionaries(
                    {"initialState": anything, "phases": FIELD_VALUES["phases"]},
                    optional={"alternativeLines": alternative_lines},
                )
                | anything,
                max_size=3,
            )
            | anything,
            "games": st.lists(st.fixed_dictionaries({"gameData": anything}) | anything, max_size=3)
            | anything,
        },
    ),
)
"""A document that says it is EGN or EMN, and little else of it is right."""


def _write(directory: str, name: str, doc: Any) -> Path:
    path = Path(directory) / Path(name).name
    path.write_text(json.dumps(doc), encoding="utf-8")  # NaN and Infinity as Python writes them
    return path


def _check_in_process(name: str, doc: Any) -> None:
    """The function ``check`` calls, on the file's bytes, and on the parsed document."""
    with TemporaryDirectory() as directory:
        path = _write(directory, name, doc)
        try:
            load_games(path)
        except LogError as exc:
            assert_refusal_in_words(str(exc))
            event("refused")
        else:
            event("read")
    try:
        games_from_data(name, doc)
    except LogError as exc:
        assert_refusal_in_words(str(exc))


@FUZZ
@given(malformed_egn())
def test_a_malformed_corpus_file_is_read_or_refused_in_words(case: tuple[str, Any]) -> None:
    _check_in_process(*case)


@FUZZ
@given(broken_analysis())
def test_analysis_lines_of_any_shape_are_read_or_refused_in_words(case: tuple[str, Any]) -> None:
    _check_in_process(*case)


@FUZZ
@given(claimed_egn)
def test_a_document_that_only_claims_to_be_egn_is_refused_in_words(case: tuple[str, Any]) -> None:
    _check_in_process(*case)


def _check_command(cli: Cli, path: Path) -> None:
    """``check --json`` and ``check``: a verdict or a refusal naming the file, never a crash."""
    result = cli("check", "--json", str(path))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2), result.output
    report = json.loads(result.stdout)  # complete JSON, whatever happened
    errors = [g["error"] for g in report["games"] if g["error"] is not None]
    assert (result.exit_code == 2) == bool(errors)
    for game, error in zip(report["games"], errors, strict=False):
        assert game["file"] == str(path)
        assert_refusal_in_words(error["message"])
    human = cli("check", str(path))
    assert human.exception is None or isinstance(human.exception, SystemExit), human.exception
    assert human.exit_code == result.exit_code
    if human.exit_code == 2:
        assert f"{path}: rejected" in " ".join(human.output.split())


@CLI_FUZZ
@given(malformed_egn() | broken_analysis() | claimed_egn)
def test_the_check_command_reads_or_refuses_malformed_egn(cli: Cli, case: tuple[str, Any]) -> None:
    with TemporaryDirectory() as directory:
        _check_command(cli, _write(directory, *case))


# ---------------------------------------------------------------------------
# Inputs that crashed (exit code 3, with ``check --json`` cut short) and what they get now

GAME = "Six Points in Two Hands.egn"
ANALYSED = "validation examples/Euchre_com July 5th Pairs Finals Annotated.egn"


def _change(name: str, path: tuple[Any, ...], value: Any) -> Any:
    doc = copy.deepcopy(DOCS[name])
    _parent(doc, path)[path[-1]] = value
    return doc


LINE = ("deals", 8, "alternativeLines")
CALL_NOTES = ("deals", 0, "phases", 0, "callAnnotations")
FORMER_CRASHES: dict[str, tuple[Any, str]] = {
    "analysis phases of null": (
        _change(ANALYSED, (*LINE, 0, "phases"), None),
        "hand 9: deal 9, alternative line 1: phases should be a list of phases, not null",
    ),
    "analysis phases of a number": (
        _change(ANALYSED, (*LINE, 0, "phases"), 5),
        "hand 9: deal 9, alternative line 1: phases should be a list of phases, not 5",
    ),
    "an analysis trick of a number": (
        _change(ANALYSED, (*LINE, 0, "phases"), [{"type": "TRICK_PLAY", "tricks": [5]}]),
        "hand 9: deal 9, alternative line 1, trick 1 should be a list of cards, not 5",
    ),
    "analysis calls of a number": (
        _change(ANALYSED, (*LINE, 0, "phases"), [{"type": "EUCHRE_BIDDING", "calls": 5}]),
        "hand 9: deal 9, alternative line 1: the calls should be a list of calls, not 5",
    ),
    "analysis annotations in a list": (
        _change(
            ANALYSED,
            (*LINE, 0, "phases"),
            [{"type": "EUCHRE_BIDDING", "calls": [], "callAnnotations": ["x"]}],
        ),
        "hand 9: deal 9, alternative line 1: callAnnotations should be an object keying "
        "annotations by call number, not a list",
    ),
    "an annotation keyed by a superscript digit": (
        _change(GAME, CALL_NOTES, {"²": ["x"]}),
        "hand 1: deal 1: callAnnotations has the key '²'; keys are call numbers counted from 0",
    ),
    "an annotation keyed by a 5000-digit number": (
        _change(GAME, CALL_NOTES, {"9" * 5000: ["x"]}),
        "hand 1: deal 1: callAnnotations has the key '999999999999999999999999999999'... "
        "(5000 characters); keys are call numbers counted from 0",
    ),
}


@pytest.mark.parametrize("case", sorted(FORMER_CRASHES))
def test_inputs_that_crashed_are_refused_with_their_place(
    cli: Cli, tmp_path: Path, case: str
) -> None:
    doc, message = FORMER_CRASHES[case]
    path = _write(str(tmp_path), "former.egn", doc)
    result = cli("check", "--json", str(path))
    assert result.exit_code == 2 and not isinstance(result.exception, TypeError)
    (game,) = json.loads(result.stdout)["games"]
    assert game["file"] == str(path)
    assert game["error"]["message"] == message


def test_euchre_log_json_deep_in_an_annotation_is_a_plain_note() -> None:
    deep_json = '{"a": ' + "[" * 3000 + "]" * 3000 + "}"
    doc = _change(GAME, CALL_NOTES, {"0": ["Look at this" + TAG + deep_json]})
    (log,) = games_from_data("x.egn", doc)
    notes = [dict(a) for h in log.log.hands for a in h.actions if a["type"] == "note"]
    assert notes and str(notes[0]["text"]).startswith("Look at this")


def test_a_number_of_more_than_4300_digits_is_refused(tmp_path: Path) -> None:
    text = json.dumps(DOCS[GAME]).replace('"dealNumber": 0', '"dealNumber": ' + "9" * 5000, 1)
    path = tmp_path / "digits.egn"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LogError, match="a number far too long for any EGN field"):
        load_games(path)


def test_a_file_nested_too_deeply_is_refused_with_where(tmp_path: Path) -> None:
    doc = copy.deepcopy(DOCS[GAME])
    doc["deals"][1]["alternativeLines"] = [{"branchIndex": 0, "phases": nested(30, True)}]
    with pytest.raises(LogError) as err:
        games_from_data("x.egn", doc)
    assert err.value.hand == 2
    assert err.value.message.startswith("the data in deal 2, alternative line 1")
    assert "nested more than 20 levels deep" in err.value.message


# ---------------------------------------------------------------------------
# Floods: refused before they are built


def _flood(path: Path, count: int, item: bytes = b"{}") -> Path:
    head = b'{"fileType": "Euchre Game Notation", "version": "1.4", "metadata": {}, "deals": ['
    path.write_bytes(head + b",".join([item] * count) + b"]}")
    return path


@pytest.mark.parametrize(
    ("count", "item", "words"),
    [
        (1_000_000, b"{}", "more than 500000 values"),
        (600_000, b'"9c"', "more than 500000 values"),
        (
            6_000_000,
            b"{}",
            "the file is 17 MB; euchre-log reads EGN games and matches of up to 16 MB",
        ),
    ],
    ids=["a million {}", "a flood of cards", "17 MB of {}"],
)
def test_a_flood_is_refused_quickly_in_bounded_memory(
    tmp_path: Path, count: int, item: bytes, words: str
) -> None:
    path = _flood(tmp_path / "flood.egn", count, item)
    size = path.stat().st_size
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(LogError, match=words):
            load_games(path)
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < 5
    assert peak < size + 4 * 1024 * 1024  # the file's bytes, and next to nothing built


def test_many_deals_within_the_budget_are_refused_by_count(tmp_path: Path) -> None:
    path = _flood(tmp_path / "deals.egn", 600, b'{"initialState": {"dealer": 0, "upCard": "9c"}}')
    with pytest.raises(LogError, match="the game has 600 deals; euchre-log reads at most 500"):
        load_games(path)


def test_euchre_log_files_that_mention_egn_are_read_as_before(tmp_path: Path) -> None:
    # The signature is a key and its value: a note that names EGN is just text, and a
    # euchre-log/1 file that carries the key somewhere is still read as what it is.
    log = json.loads((SAMPLES / "family-game.json").read_text(encoding="utf-8"))
    log["game"]["notes"] = 'copied from "fileType": "Euchre Game Notation"'
    log["game"]["fileType"] = "Euchre Game Notation"
    path = tmp_path / "family.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    (game,) = load_games(path)
    assert game.log.game.notes == log["game"]["notes"]
