"""Every number has a limit and every input a bounded read: small inputs cannot make
euchre-log draw, read or build without end, and what is past a limit is refused in
words (exit 2), never a crash."""

from __future__ import annotations

import json
import os
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from euchre_log.engine.cards import SEATS, WEST, Seat
from euchre_log.formats.reader import MAX_FILE_BYTES, LogError, parse_json_bytes, read_bytes
from euchre_log.render.chart import ScoreChart

from .conftest import SAMPLES, Cli

MAX_ROWS = 25
"""The most rows a score chart has (``render.chart.MAX_ROWS``)."""

# --- Scores, penalties and the chart --------------------------------------------------


@pytest.mark.parametrize(
    ("score", "words"),
    [
        ("999999999-0", "far above the target of 10"),
        ("10-0", "already reaches the target of 10: that game was over"),
        ("0-12", "already reaches the target of 10"),
        ("9" * 5000 + "-0", "far above the target"),
        ("٣-0", "--score takes the score as NS-EW"),  # an Arabic-Indic three
    ],
    ids=["nine digits", "at the target", "past the target", "5000 digits", "other digits"],
)
def test_new_refuses_a_starting_score_at_or_past_the_target(
    cli: Cli, score: str, words: str
) -> None:
    result = cli("new", "--players", "A,B,C,D", "--score", score)
    assert result.exit_code == 2 and words in result.stderr
    assert cli.json("games")["games"] == []


def test_new_takes_a_starting_score_below_the_target(cli: Cli) -> None:
    made = cli.json("new", "--players", "A,B,C,D", "--score", "9-9", "--set", "target=11")
    assert cli.json("summary", str(made["id"]))["score"] == {"NS": 9, "EW": 9}


def penalties_log(hands: int, per_hand: int = 290) -> dict[str, Any]:
    """A legal log of hands made of table penalties: EW -100 each, thousands of points."""
    out = []
    for i in range(hands):
        dealer = "NESW"[(3 + i) % 4]
        out.append(
            {
                "dealer": dealer,
                "upcard": "9H",
                "actions": [
                    {"type": "penalty", "seat": "N", "team": "EW", "points": -100}
                    for _ in range(per_hand)
                ]
                + [
                    {"type": "pass", "seat": "NESW"[("NESW".index(dealer) + k) % 4]}
                    for k in range(1, 9)
                ],
            }
        )
    return {
        "format": "euchre-log/1",
        "game": {"players": {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}},
        "hands": out,
    }


@pytest.mark.slow
def test_a_file_of_penalties_is_summarised_in_a_chart_of_bounded_rows(
    cli: Cli, tmp_path: Path
) -> None:
    """The issue's 1.4 MB file: EW at -1,740,000 drew a chart row per point (22 GB)."""
    path = tmp_path / "penalties.json"
    path.write_text(json.dumps(penalties_log(60)), encoding="utf-8")
    assert path.stat().st_size > 1_000_000
    assert cli("import", str(path)).exit_code == 0
    started = time.monotonic()
    result = cli("summary", "1")
    assert result.exit_code == 0
    assert time.monotonic() - started < 30
    assert "Score NS 0, EW -1740000 after 60 hands" in result.stdout
    chart = result.stdout.split("The score, hand by hand")[1]
    assert len(chart.splitlines()) <= MAX_ROWS + 4
    assert "a row is 100000 points" in chart


def rows_of(chart: ScoreChart, width: int = 100) -> list[str]:
    console = Console(width=width, color_system=None)
    with console.capture() as cap:
        console.print(chart)
    return cap.get().splitlines()


@pytest.mark.parametrize(
    "scores",
    [
        [(0, -1_000_000)],
        [(1_000_000, 0)],
        [(-(10**9), 10**9)],
        [(-100 * k, 0) for k in range(1, 501)],
    ],
    ids=["EW -1,000,000", "NS 1,000,000", "both ways", "500 hands"],
)
def test_the_chart_scales_any_range_to_at_most_max_rows(scores: list[tuple[int, int]]) -> None:
    from euchre_log.render import chart

    assert chart.MAX_ROWS == MAX_ROWS
    lines = rows_of(ScoreChart(scores, 10))
    assert len(lines) <= MAX_ROWS + 2  # the rows, the hands under them and the key
    assert all(len(line) <= 100 for line in lines)  # hundreds of hands fit the width


def test_a_real_game_still_has_a_row_per_point() -> None:
    lines = rows_of(ScoreChart([(1, 0), (1, 2), (4, 2), (10, 2)], 10))
    assert [line.split("┤")[0].split("┼")[0].strip() for line in lines[:11]] == [
        str(n) for n in range(10, -1, -1)
    ]


def test_the_recorder_refuses_a_penalty_past_its_limit(cli: Cli) -> None:
    cli("new", "--players", "A,B,C,D", "--dealer", "W")
    for points in ("101", "-101", "999999999", "9" * 5000):
        result = cli("record", "1", input=f"9h\npenalty EW {points} x\n")
        assert result.exit_code == 2, points
        assert "nothing on this line was stored" in result.stderr


# --- Bounded reads ------------------------------------------------------------------------


def test_dev_zero_is_refused_after_the_limit_not_read_forever(cli: Cli) -> None:
    limit = f"more than {MAX_FILE_BYTES // (1024 * 1024)} MB"
    tracemalloc.start()
    try:
        with pytest.raises(LogError, match=limit):
            read_bytes("/dev/zero")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MAX_FILE_BYTES + 16 * 1024 * 1024
    result = cli("check", "/dev/zero")
    assert result.exit_code == 2 and limit in result.stdout
    result = cli("import", "/dev/zero")
    assert result.exit_code == 2 and limit in result.stderr


def test_a_fifo_is_read_no_further_than_the_limit(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    sent = {"bytes": 0}

    def writer() -> None:
        block = b" " * (1024 * 1024)
        try:
            with open(fifo, "wb") as f:
                for _ in range(200):  # 200 MB, far past the limit
                    f.write(block)
                    sent["bytes"] += len(block)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    with pytest.raises(LogError, match="holds more than 1 MB"):
        read_bytes(fifo, limit=1024 * 1024)
    thread.join(timeout=10)
    assert sent["bytes"] < 10 * 1024 * 1024  # the reader stopped; the writer was cut off


def test_a_small_file_that_says_it_is_big_is_refused_by_its_size(tmp_path: Path) -> None:
    big = tmp_path / "sparse.json"
    with big.open("wb") as f:
        f.truncate(2 * 1024 * 1024)
    with pytest.raises(LogError, match="the file is 2 MB; the limit is 1 MB"):
        read_bytes(big, limit=1024 * 1024)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b'{"format": "euchre-log/1", "x": ' + b"9" * 5000 + b"}", "thousands of digits"),
        (b"[" * 100_000 + b"]" * 100_000, "nests 101 levels deep"),
        (b'{"a": ' * 100_000 + b"1" + b"}" * 100_000, "nests 101 levels deep"),
        (b"[" * 100 + b"]" * 100, None),  # deep, but within the limit
    ],
    ids=["5000 digits", "100,000 lists deep", "100,000 objects deep", "100 deep"],
)
def test_json_depth_and_number_size_are_limited(raw: bytes, words: str | None) -> None:
    if words is None:
        parse_json_bytes(raw)
        return
    with pytest.raises(LogError, match=words):
        parse_json_bytes(raw)


@pytest.mark.parametrize(
    "text",
    [
        lambda doc: json.dumps(doc).replace('"preset": "family"', '"target": ' + "9" * 5000),
        lambda doc: json.dumps(doc).replace('"preset": "family"', '"target": ' + "9" * 4000),
        lambda doc: json.dumps(doc).replace('"N": "Ann"', '"N": ' + "[" * 100_000 + "]" * 100_000),
        lambda doc: json.dumps(doc).replace('"dealer": "W"', '"dealer": ' + "9" * 5000),
    ],
    ids=["target of 5000 digits", "target of 4000 digits", "deep players", "long dealer"],
)
def test_a_game_log_with_a_huge_number_or_deep_nesting_is_refused(
    cli: Cli, tmp_path: Path, text: Any
) -> None:
    doc = json.loads((SAMPLES / "renege-dispute.json").read_text(encoding="utf-8"))
    path = tmp_path / "game.json"
    path.write_text(text(doc), encoding="utf-8")
    report = json.loads(cli("check", "--json", str(path)).stdout)
    message = report["games"][0]["error"]["message"]
    assert len(message) < 400, message  # a huge value is never quoted whole
    result = cli("import", str(path))
    assert result.exit_code == 2
    assert cli.json("games")["games"] == []


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[" * 30_000 + "]" * 30_000, "nests 101 levels deep"),
        ("[" * 100_000 + "]" * 100_000, "the file is 195 KB; the limit is 64 KB"),
        ('{"target": ' + "9" * 5000 + "}", "thousands of digits"),
        ('{"target": ' + "9" * 400 + "}", "cannot be a number of more than 12 digits"),
        ('{"target": "٣"}', "cannot be '٣'"),
        ("[1, 2]", "a rules file is a JSON object"),
        ("\xff", "not a JSON rules file"),
    ],
    ids=["deep", "too big", "5000 digits", "400 digits", "other digits", "a list", "not UTF-8"],
)
def test_a_rules_file_is_read_within_bounds(
    cli: Cli, tmp_path: Path, content: str, words: str
) -> None:
    path = tmp_path / "rules.json"
    path.write_text(content, encoding="utf-8")
    result = cli("new", "--players", "A,B,C,D", "--rules", str(path))
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert len(result.stderr) < 500


def test_a_rules_file_from_dev_zero_is_refused(cli: Cli) -> None:
    result = cli("new", "--players", "A,B,C,D", "--rules", "/dev/zero")
    assert result.exit_code == 2 and "more than 64 KB" in result.stderr


@pytest.mark.parametrize(
    "value", ["٣", "²", "9" * 5000, "1" * 7, "-3", "1e3", ""], ids=lambda v: f"{len(v)}:{v[:5]}"
)
def test_a_rule_number_in_other_digits_or_of_any_length_is_refused(cli: Cli, value: str) -> None:
    for command in (("rules",), ("new", "--players", "A,B,C,D")):
        result = cli(*command, "--set", f"target={value}")
        assert result.exit_code == 2, (command, value)
        assert "rule option 'target' cannot be" in result.stderr
        assert len(result.stderr) < 300


# --- One limit for every way in ----------------------------------------------------------


def test_the_recorder_refuses_the_action_past_a_hands_limit_as_a_file_is_refused(
    cli: Cli, tmp_path: Path
) -> None:
    from euchre_log.engine.limits import MAX_ACTIONS

    cli("new", "--players", "A,B,C,D", "--dealer", "W")
    lines = ["9h", *(f"note {k}" for k in range(MAX_ACTIONS + 1))]
    result = cli("record", "1", input="\n".join(lines) + "\n")
    assert result.exit_code == 2
    said = f"a hand holds at most {MAX_ACTIONS} actions"
    assert f"line {MAX_ACTIONS + 2} refused: 'note': {said}" in result.stderr
    # What the recorder took, its export gives back whole...
    exported = cli("export", "1").stdout
    doc = json.loads(exported)
    assert len(doc["hands"][0]["actions"]) == MAX_ACTIONS
    path = tmp_path / "export.json"
    path.write_text(exported, encoding="utf-8")
    assert cli("check", "--json", str(path)).exit_code == 0
    assert cli("import", "--allow-duplicates", str(path)).exit_code == 0
    # ...and the same hand with one action more, in a file, is refused in the same words.
    doc["hands"][0]["actions"].append({"type": "note", "text": "one too many"})
    doc["game"].pop("head_hash")
    doc["game"].pop("fingerprint")
    del doc["hands"][0]["result"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    (game,) = json.loads(cli("check", "--json", str(path)).stdout)["games"]
    assert game["error"] == {"message": f"hand 1: {said}", "hand": 1, "action": None}


def test_a_penalty_reason_past_its_limit_is_refused_alike_by_the_recorder_and_a_file(
    cli: Cli, tmp_path: Path
) -> None:
    from euchre_log.engine.limits import MAX_REASON

    cli("new", "--players", "A,B,C,D", "--dealer", "W")
    reason = "x" * (MAX_REASON + 1)
    result = cli("record", "1", input=f"9h\npenalty EW 1 {reason}\n")
    assert result.exit_code == 2
    said = (
        f"a penalty's reason holds at most {MAX_REASON} characters; this one has {MAX_REASON + 1}"
    )
    assert said in result.stderr
    doc = penalties_log(1, per_hand=1)
    doc["hands"][0]["actions"][0]["reason"] = reason
    path = tmp_path / "reason.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (game,) = json.loads(cli("check", "--json", str(path)).stdout)["games"]
    assert game["error"]["message"] == f"hand 1, action 0: {said}"


def test_the_engine_holds_a_game_to_its_hands_its_actions_and_its_text() -> None:
    from euchre_log.engine import actions as A
    from euchre_log.engine import limits
    from euchre_log.engine.cards import parse_card
    from euchre_log.engine.flags import IllegalAction
    from euchre_log.engine.record import GameRecord, StartHand
    from euchre_log.engine.rules import Rules

    nine = parse_card("9H")
    passes = [A.Pass(Seat(s)) for s in (0, 1, 2, 3, 0, 1, 2, 3)]  # W deals, N bids first
    record = GameRecord(Rules.build({}), WEST)
    for _ in range(limits.MAX_HANDS):
        record.record(StartHand(record.next_dealer(), nine))
        for k in range(8):
            record.record(A.Pass(SEATS[(record.game.hands[-1].dealer + 1 + k) % 4]))
    with pytest.raises(IllegalAction, match=f"a game holds at most {limits.MAX_HANDS} hands"):
        record.record(StartHand(record.next_dealer(), nine))
    # A history stored past today's limits (by an older version) still reads back.
    again = GameRecord(Rules.build({}), WEST)
    again.replay([*record.history, StartHand(record.next_dealer(), nine), *passes])
    assert len(again.game.hands) == limits.MAX_HANDS + 1

    record = GameRecord(Rules.build({}), WEST)
    notes = 0
    with pytest.raises(IllegalAction, match=f"at most {limits.MAX_GAME_ACTIONS} actions in all"):
        while True:
            if notes % limits.MAX_ACTIONS == 0:
                record.record(StartHand(record.next_dealer(), nine))
            record.record(A.Note(None, "n"))
            notes += 1
    assert notes == limits.MAX_GAME_ACTIONS

    record = GameRecord(Rules.build({}), WEST)
    record.record(StartHand(WEST, nine))
    long = "x" * limits.MAX_NOTES
    with pytest.raises(IllegalAction, match=f"at most {limits.MAX_NOTES} characters"):
        record.record(A.Note(None, long + "x"))
    with pytest.raises(IllegalAction, match=f"at most {limits.MAX_GAME_TEXT} characters in all"):
        for _ in range(limits.MAX_GAME_TEXT // limits.MAX_NOTES + 1):
            record.record(A.Note(None, long))
    said = sum(len(a.text) for a in record.game.hands[0].actions if isinstance(a, A.Note))
    assert said == limits.MAX_GAME_TEXT


def test_a_file_past_a_games_limits_is_refused_in_the_recorders_words(tmp_path: Path) -> None:
    from euchre_log.engine import limits
    from euchre_log.formats.report import check_path

    hands = limits.MAX_GAME_ACTIONS // limits.MAX_ACTIONS + 1
    doc = penalties_log(hands, per_hand=limits.MAX_ACTIONS - 8)
    path = tmp_path / "many.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (game,) = check_path(path)
    total = hands * limits.MAX_ACTIONS
    assert game["error"]["message"] == f"{limits.too_many_game_actions()}; this file has {total}"
    doc = penalties_log(limits.MAX_GAME_TEXT // limits.MAX_REASON + 1, per_hand=1)
    for hand in doc["hands"]:
        hand["actions"][0]["reason"] = "x" * limits.MAX_REASON
    path.write_text(json.dumps(doc), encoding="utf-8")
    (game,) = check_path(path)
    assert game["error"]["message"] == limits.too_much_text(len(doc["hands"]) * limits.MAX_REASON)


# --- Bounded memory on any input ----------------------------------------------------------

PEAK_MB = 300
"""What checking any file may take, at most (issue 23: 63 MB of notes took 1.9 GB)."""


def _check_peak_mb(path: Path) -> tuple[float, dict[str, Any]]:
    """``check --json`` of one file in a process of its own: its peak memory in MB (as the
    system counts it) and its verdict on the file."""
    import subprocess
    import sys

    from .conftest import ROOT

    probe = (
        "import resource, subprocess, sys; "
        "out = subprocess.run(sys.argv[1:], capture_output=True, text=True).stdout; "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(out)"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            probe,
            sys.executable,
            "-m",
            "euchre_log",
            "check",
            "--json",
            str(path),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    peak, report = done.stdout.split("\n", 1)
    (game,) = json.loads(report)["games"]
    return int(peak) / 1024, game


def _game_with(**more: Any) -> dict[str, Any]:
    doc = penalties_log(1, per_hand=0)
    doc.update(more)
    return doc


@pytest.mark.slow
def test_a_file_of_small_notes_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    """Hundreds of thousands of one-word notes under the size limit: refused by what the
    largest game could hold, before any of it is built."""
    doc = _game_with()
    note = json.dumps({"type": "note", "text": "a note"})
    count = (MAX_FILE_BYTES - 4096) // (len(note) + 2)
    text = json.dumps(doc).replace(
        '"actions": [', '"actions": [' + ", ".join([note] * count) + ", "
    )
    path = tmp_path / "notes.json"
    path.write_text(text, encoding="utf-8")
    assert MAX_FILE_BYTES * 0.9 < path.stat().st_size <= MAX_FILE_BYTES
    peak, game = _check_peak_mb(path)
    assert (
        "JSON objects, and the largest game the limits allow holds at most"
        in (game["error"]["message"])
    )
    assert peak < PEAK_MB


@pytest.mark.slow
def test_megabytes_of_unknown_keys_are_refused_or_cost_no_more_than_their_bytes(
    tmp_path: Path,
) -> None:
    """Keys the format does not have are read past and kept nowhere (a newer version's
    file, with fields added as LOG_FORMAT.md allows, reads here); a file is still held to
    the size and the values of the largest game, so junk cannot cost more than that."""
    many = _game_with(junk={f"k{i:09d}": 1 for i in range(2_400_000)})  # 38 MB
    path = tmp_path / "many-keys.json"
    path.write_text(json.dumps(many), encoding="utf-8")
    peak, game = _check_peak_mb(path)
    assert "the limit is" in game["error"]["message"] and peak < PEAK_MB
    path.write_text(json.dumps(_game_with(junk={f"k{i}": 1 for i in range(1_000_000)})))
    peak, game = _check_peak_mb(path)  # 15 MB, too many values
    assert "JSON values, and the largest game" in game["error"]["message"] and peak < PEAK_MB
    one = _game_with(junk="x" * (MAX_FILE_BYTES - 4096))
    path.write_text(json.dumps(one), encoding="utf-8")
    peak, game = _check_peak_mb(path)  # one long unknown text: read past, not kept
    assert game["error"] is None and peak < PEAK_MB


def test_a_file_s_structure_is_counted_without_its_strings() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from euchre_log.formats.reader import _structure, json_values

    texts = st.text(alphabet=st.sampled_from('ab"\\{}[],: \u2028\U000e0041'), max_size=12)
    values = st.recursive(
        st.none() | st.booleans() | st.integers() | texts,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
        max_leaves=30,
    )

    def containers(v: Any) -> tuple[int, int]:
        """(objects, values as json_values counts them) of a parsed value."""
        if isinstance(v, dict | list):
            objects, count = int(isinstance(v, dict)), 1 + max(len(v) - 1, 0)
            for item in v.values() if isinstance(v, dict) else v:
                o, c = containers(item)
                objects, count = objects + o, count + c
            return objects, count
        return 0, 0

    @settings(max_examples=300, deadline=None)
    @given(values, st.booleans(), st.sampled_from([None, 2]))
    def agree(value: Any, ascii_only: bool, indent: int | None) -> None:
        raw = json.dumps(value, ensure_ascii=ascii_only, indent=indent).encode()
        bare = _structure(raw)
        assert (bare.count(b"{"), json_values(bare)) == containers(value)

    agree()


@pytest.mark.slow
def test_the_largest_game_the_limits_allow_fits_the_bounds() -> None:
    """The bounds are worked out from the limits: the largest game they allow, as export
    writes it (every action the longest kind, each with a renege's flag, every text at
    its longest in characters JSON writes as twelve bytes), is within all three."""
    from euchre_log.engine import limits
    from euchre_log.formats import reader
    from euchre_log.formats.text import json_text

    wide = "\U000e0041"  # a tag character: escaped as a surrogate pair, twelve bytes
    cards = ["9H", "TH", "JH", "QH", "KH"]
    farmer: dict[str, Any] = {
        "type": "farmers_hand",
        "seat": "N",
        "shown": cards,
        "received": cards,
    }
    flag = {
        "kind": "renege",
        "seat": "N",
        "trick": 5,
        "message": "m" * 300,
        "accused": "E",
        "proof": {"held": "AH", "played": "9S", "led": "H", "how": "later_play", "trick": 5},
    }
    team = {"NS": -1000, "EW": -1000}
    per_hand = limits.MAX_GAME_ACTIONS // limits.MAX_HANDS
    notes = [
        {"type": "note", "seat": "N", "text": wide * limits.MAX_NOTES}
        for _ in range(limits.MAX_GAME_TEXT // limits.MAX_NOTES)
    ]
    hands = []
    for h in range(limits.MAX_HANDS):
        actions: list[dict[str, Any]] = [dict(farmer) for _ in range(per_hand)]
        if h < len(notes):
            actions[0] = notes[h]
        hands.append(
            {
                "dealer": "W",
                "upcard": "AS",
                "deal": {s: cards for s in "NESW"},
                "kitty": ["7C"] * 11,
                "actions": actions,
                "result": {
                    "number": h + 1,
                    "dealer": "W",
                    "trump": "H",
                    "maker": "N",
                    "alone": False,
                    "defender_alone": "E",
                    "tricks": team,
                    "points": team,
                    "outcome": "renege_penalty",
                    "score_after": team,
                    "flags": [flag] * (per_hand + 1),
                },
            }
        )
    game = {
        "title": wide * limits.MAX_TITLE,
        "date": wide * limits.MAX_DATE,
        "players": {s: wide * limits.MAX_NAME for s in "NESW"},
        "rules": {"preset": "north-american", "deck": 32, "target": 1000},
        "initial_score": {"NS": -1000, "EW": -1000},
        "notes": wide * limits.MAX_NOTES,
        "head_hash": "0" * 64,
        "fingerprint": "7K3Q-M9XD-A2PW-TR4H",
    }
    raw = json_text({"format": "euchre-log/1", "game": game, "hands": hands}, indent=2).encode()
    assert len(raw) <= reader.MAX_FILE_BYTES
    assert len(raw) <= reader.LARGEST_GAME_BYTES * 1.05  # and the sizes below are not loose
    assert reader.LARGEST_GAME_OBJECTS - 8 <= raw.count(b"{") <= reader.LARGEST_GAME_OBJECTS
    assert reader.json_values(raw) <= reader.LARGEST_GAME_VALUES
    reader.check_bounds(raw)


def test_a_note_taken_back_no_longer_counts_against_the_games_text() -> None:
    """The game's characters of notes are counted entry by entry as they are recorded, and
    an undo (``truncate``) or a replay counts them again from what is kept."""
    from euchre_log.engine import actions as A
    from euchre_log.engine import limits
    from euchre_log.engine.cards import parse_card
    from euchre_log.engine.flags import IllegalAction
    from euchre_log.engine.record import GameRecord, StartHand
    from euchre_log.engine.rules import Rules

    record = GameRecord(Rules.build({}), WEST)
    record.record(StartHand(WEST, parse_card("9H")))
    long = "x" * limits.MAX_NOTES
    for _ in range(limits.MAX_GAME_TEXT // limits.MAX_NOTES):
        record.record(A.Note(None, long))
    with pytest.raises(IllegalAction, match="characters in all"):
        record.record(A.Note(None, "one more"))
    record.truncate(len(record.history) - 1)  # an undo of the last note
    record.record(A.Note(None, "one more"))
    with pytest.raises(IllegalAction, match="characters in all"):
        record.record(A.Note(None, long))
    again = GameRecord(Rules.build({}), WEST)
    again.replay(record.history)
    with pytest.raises(IllegalAction, match="characters in all"):
        again.record(A.Note(None, long))
    again.record(A.Note(None, "x" * (limits.MAX_NOTES - len("one more"))))
