"""The canonical reader (``formats.canonical``) against the models it stands in for.

It may say "not canonical" to anything (the models then read the file), but what it
accepts must be what the models accept, read to the same values. These tests hold it to
that over every sample log, the corpora, exports with results and seals, and thousands of
files mutated at random, and check that the files euchre-log writes do take it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_log.formats.canonical import LogView, canonical_log
from euchre_log.formats.fingerprint import fingerprint
from euchre_log.formats.load import load_games
from euchre_log.formats.models import GameLog
from euchre_log.formats.reader import engine_action
from euchre_log.formats.seal import head_hash
from euchre_log.formats.writer import game_info, log_dict

from .helpers import modules_after

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_logs").glob("*.json"))
CORPORA = sorted((ROOT / "tests" / "corpora" / "egn").glob("*.egn"))


def models_read(doc: Any) -> dict[str, Any] | None:
    """What the models make of a parsed document, dumped; None when they refuse it."""
    try:
        return GameLog.model_validate(doc).model_dump()
    except Exception:
        return None


def agree(raw: bytes) -> LogView | None:
    """Read ``raw`` both ways and check the canonical reader against the models."""
    fast = canonical_log(raw)
    if fast is None:
        return None
    slow = models_read(json.loads(raw.decode("utf-8-sig")))
    assert slow is not None, "the canonical reader took a file the models refuse"
    assert fast.model_dump() == slow
    for hand in fast.hands:  # the engine's actions it made as it read: the reader's own
        if hand.engine is not None:
            decoded = [engine_action(a) for a in hand.actions]
            assert all(x is y for x, y in zip(hand.engine, decoded, strict=True))
    return fast


def exported(path: Path) -> list[dict[str, Any]]:
    """The games of a file as ``export`` writes them: each hand's result, the head hash
    and fingerprint."""
    out = []
    for item in load_games(path):
        score = (item.log.game.initial_score.NS, item.log.game.initial_score.EW)
        info = game_info(item.players, item.game.rules, title=item.title, initial_score=score)
        seal = head_hash(item.players, item.game.rules, score, item.game)
        info["head_hash"] = seal
        info["fingerprint"] = fingerprint(seal)
        out.append(dict(log_dict(info, item.game)))
    return out


def every_action_doc() -> dict[str, Any]:
    """A log that uses every action type and every optional field, in the canonical form.
    The models check its shape only, as the canonical reader does: the engine is not asked."""
    s = "N"
    actions: list[dict[str, Any]] = [
        {"type": "pass", "seat": s},
        {"type": "order", "seat": s},
        {"type": "order", "seat": s, "alone": True},
        {"type": "call", "seat": s, "suit": "H"},
        {"type": "call", "seat": s, "suit": "S", "alone": False},
        {"type": "discard", "seat": s},
        {"type": "discard", "seat": s, "card": None},
        {"type": "discard", "seat": s, "card": "9C"},
        {"type": "defend_alone", "seat": "E"},
        {"type": "play", "seat": s, "card": "JH"},
        {"type": "renege_call", "seat": "E", "accused": "N", "trick": 2},
        {"type": "renege_call", "seat": "E", "accused": "N", "trick": 5, "shown": ["AH"],
         "penalty": "deduct"},
        {"type": "renege_call", "seat": "W", "accused": "S", "trick": 1, "penalty": None},
        {"type": "penalty", "seat": "S", "team": "EW", "points": -2},
        {"type": "penalty", "seat": "S", "team": "NS", "points": 100, "reason": "Table talk"},
        {"type": "note", "text": "A note"},
        {"type": "note", "seat": None, "text": ""},
        {"type": "note", "seat": "W", "text": "Zoë's call"},
        {"type": "tricks", "NS": 3, "EW": 2},
        {"type": "claim", "seat": "E"},
        {"type": "benny_suit", "seat": "N", "suit": "D"},
        {"type": "blind_double_loner", "seat": "W"},
        {"type": "farmers_hand", "seat": "S", "shown": ["9H", "TH", "9S"]},
        {"type": "farmers_hand", "seat": "S", "shown": ["9H"], "received": []},
        {"type": "throw_in", "seat": "E", "hand": "nines-and-tens", "shown": ["9H", "TD"]},
        {"type": "partners_best", "seat": "N"},
        {"type": "partners_best", "seat": "N", "gave": "9D", "received": None},
    ]  # fmt: skip
    result = {
        "number": 1,
        "dealer": "W",
        "trump": "H",
        "maker": "N",
        "alone": False,
        "defender_alone": None,
        "tricks": {"NS": 3, "EW": 2},
        "points": {"NS": 1, "EW": 0},
        "outcome": "made",
        "score_after": {"NS": 1, "EW": 0},
        "flags": [
            {
                "kind": "renege",
                "seat": "E",
                "trick": 2,
                "message": "E played 9C on a heart lead while holding TH",
                "accused": None,
                "proof": {
                    "held": "TH",
                    "played": "9C",
                    "led": "H",
                    "how": "later_play",
                    "trick": 4,
                },
            },
            {"kind": "renege", "seat": "E", "trick": 2, "message": "", "proof": None},
            {
                "kind": "false_renege_call",
                "seat": "W",
                "trick": None,
                "message": "W called a renege",
                "accused": "N",
                "proof": {"held": "AH", "played": "9S", "led": "H", "how": "worked_out"},
            },
            {"kind": "bad_claim", "seat": None, "trick": None, "message": "x"},
        ],
    }
    return {
        "format": "euchre-log/1",
        "game": {
            "title": "Every action",
            "date": "2026-11-30",
            "players": {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"},
            "rules": {"preset": "family", "target": 11},
            "initial_score": {"NS": 2},
            "notes": "Friday",
            "head_hash": "0" * 64,
            "fingerprint": "7K3Q-M9XD-A2PW-TR4H",
        },
        "hands": [
            {
                "dealer": "W",
                "upcard": "JD",
                "deal": {"N": ["9H", "TH"], "E": []},
                "kitty": ["AS", "KS", "QS"],
                "actions": actions,
                "result": result,
            },
            {"dealer": "N", "upcard": "BJ", "actions": []},
            {"dealer": "E", "upcard": "7C"},
        ],
    }


def encode(doc: Any) -> bytes:
    return json.dumps(doc).encode("ascii")  # a lone surrogate as \\ud800, as JSON may hold it


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_log_reads_the_same_without_the_models(path: Path) -> None:
    assert agree(path.read_bytes()) is not None  # written canonically: the fast way


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_an_export_reads_the_same_without_the_models(path: Path) -> None:
    (doc,) = exported(path)
    assert agree(encode(doc)) is not None  # its results' flags and proofs included


def test_the_real_games_of_the_corpora_read_the_same_without_the_models() -> None:
    """The EGN games recorded elsewhere, as euchre-log exports them."""
    docs = [doc for path in CORPORA for doc in exported(path)]
    assert len(docs) >= 7
    assert all(agree(encode(doc)) is not None for doc in docs)


def test_every_action_type_reads_the_same_without_the_models() -> None:
    fast = agree(encode(every_action_doc()))
    assert fast is not None
    result = fast.hands[0].result
    assert result is not None and len(result.flags) == 4
    assert result.flags[1]["accused"] is None and result.flags[2]["proof"]["trick"] is None
    assert fast.hands[0].engine is None  # decoded by the reader: not only plays and bids
    assert fast.hands[1].engine == [] and fast.hands[2].engine == []
    assert len(fast.hands[0].actions) == len(every_action_doc()["hands"][0]["actions"])
    assert fast.game.initial_score.NS == 2 and fast.game.initial_score.EW == 0


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("hands", 0, "upcard"), "10♦"),  # another notation: the models make it TD
        (("hands", 0, "actions", 9, "card"), "jh"),
        (("hands", 0, "actions", 3, "suit"), "hearts"),
        (("hands", 0, "actions", 2, "alone"), 1),  # lax: the models make it true
        (("hands", 0, "actions", 13, "points"), "-2"),
        (("game", "players", "N"), " Ann "),  # kept, trimmed: the same both ways
        (("game", "players", "N"), "Ann\u200b"),
        (("game", "title"), "Title\ud800"),  # a lone surrogate
        (("game", "head_hash"), "0" * 64 + "\n"),
        (("game", "extra"), 1),  # ignored by the models
        (("hands", 0, "actions", 0, "extra"), 1),
        (("game", "rules", "target"), 0),
        (("game", "initial_score"), None),
        (("hands", 0, "result", "flags"), [{"kind": "renege"}]),
        (("hands", 0, "result", "flags", 0, "proof", "how"), "guessed"),
        (("hands", 0, "result", "flags", 0, "proof", "held"), "th"),
        (("hands", 0, "result", "flags", 0, "trick"), "2"),
        (("hands", 0, "result", "flags", 0, "extra"), 1),
        (("hands", 0, "result", "flags", 0, "kind"), 7),
    ],
)
def test_what_is_not_canonical_is_left_to_the_models(where: tuple[Any, ...], value: Any) -> None:
    doc = every_action_doc()
    _set(doc, where, value)
    raw = encode(doc)
    assert canonical_log(raw) is None or agree(raw) is not None


def test_a_file_in_another_notation_is_still_read_through_the_models(tmp_path: Path) -> None:
    doc = json.loads((ROOT / "sample_logs" / "family-game.json").read_text(encoding="utf-8"))
    canonical = load_games(ROOT / "sample_logs" / "family-game.json")[0]
    doc["hands"][0]["upcard"] = doc["hands"][0]["upcard"].lower()
    path = tmp_path / "lower.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert canonical_log(path.read_bytes()) is None
    (item,) = load_games(path)
    assert not isinstance(item.log, LogView)  # read through the models
    assert item.game.score == canonical.game.score


def test_not_json_or_not_utf8_is_not_canonical() -> None:
    for raw in (b"", b"{", b"\xff\xfe{}", b"[1, 2]", b'{"format": "euchre-log/1"}', b"NaN"):
        assert canonical_log(raw) is None
    assert (
        canonical_log(b'{"format": "euchre-log/1", "game": {}, "n": ' + b"9" * 5000 + b"}") is None
    )
    assert canonical_log(b"[" * 100_000 + b"]" * 100_000) is None


def test_check_of_a_canonical_file_reads_it_without_the_models() -> None:
    """Pydantic itself is Typer's, which reads the command line's values with it."""
    loaded, out = modules_after(["check", "sample_logs/family-game.json"], "euchre_log.formats")
    assert "euchre_log.formats.models" not in loaded and "Friday night" in out.stdout


# ---------------------------------------------------------------------------
# Mutated files


def _set(doc: Any, where: tuple[Any, ...], value: Any) -> None:
    target = doc
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = value


def _paths(doc: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document that holds a value."""
    out: list[tuple[Any, ...]] = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.append((*here, k))
            out += _paths(v, (*here, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.append((*here, i))
            out += _paths(v, (*here, i))
    return out


ODD_VALUES: list[Any] = [
    "N", "n", "NS", "X", "", " ", "9H", "9h", "10♦", "♦J", "TD", "BJ", "JD", "C", "clubs",
    "award", "made", "nines-and-tens", "pass", "play", "note", "tricks", "order",
    True, False, 0, 1, -1, 2, 5, 6, 100, 101, -101, 1000, 1001, 2**70, 1.0, 2.5, "1", "true",
    None, [], {}, ["9H"], ["9h"], ["9H"] * 7, {"NS": 1, "EW": 2}, {"NS": 1}, {"N": "Ann"},
    "\ud800", "a\nb", " Ann ", "ann", "Bob", "x" * 101, "x" * 501, "0" * 64, "7K3Q-M9XD-A2PW-TR4H",
    {"type": "play", "seat": "N", "card": "9H"}, {"type": "pass"}, {"type": "fly", "seat": "N"},
]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    base = draw(st.sampled_from(["every", *(p.name for p in SAMPLES[:6])]))
    doc = (
        every_action_doc()
        if base == "every"
        else json.loads((ROOT / "sample_logs" / base).read_text(encoding="utf-8"))
    )
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        where = draw(st.sampled_from(paths))
        kind = draw(st.sampled_from(["set", "set", "set", "drop", "add"]))
        parent = doc
        for step in where[:-1]:
            parent = parent[step]
        if kind == "drop":
            del parent[where[-1]]
        elif kind == "add" and isinstance(parent, dict):
            key = draw(st.sampled_from(["extra", "seat", "card", "alone", "flags", "NS"]))
            parent[key] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
        else:  # a copy: a value later changed in place must not change ODD_VALUES
            parent[where[-1]] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
    return encode(doc)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_file_is_refused_or_read_the_same(raw: bytes) -> None:
    agree(raw)
