"""The euchre-log/1 reader: what it accepts, and a precise refusal for what is malformed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from euchre_log.formats.models import CheckReport, GameLog
from euchre_log.formats.report import check_path
from euchre_log.formats.schemas import all_schemas

from .conftest import Cli
from .helpers import log

ROOT = Path(__file__).resolve().parent.parent

ORDER_UP_ACTIONS: list[dict[str, Any]] = [
    {"type": "order", "seat": "N", "alone": False},
    {"type": "discard", "seat": "W", "card": "9S"},
    *[
        {"type": "play", "seat": s, "card": c}
        for s, c in [
            ("N", "AH"),
            ("E", "TH"),
            ("S", "JH"),
            ("W", "9H"),
            ("S", "AC"),
            ("W", "QC"),
            ("N", "9C"),
            ("E", "JC"),
            ("S", "KD"),
            ("W", "AD"),
            ("N", "TD"),
            ("E", "9D"),
            ("W", "KC"),
            ("N", "KH"),
            ("E", "KS"),
            ("S", "TS"),
            ("N", "QH"),
            ("E", "AS"),
            ("S", "QS"),
            ("W", "JD"),
        ]
    ],
]


def order_up_hand(**extra: Any) -> dict[str, Any]:
    return {"dealer": "W", "upcard": "9H", "actions": [dict(a) for a in ORDER_UP_ACTIONS], **extra}


def check(tmp_path: Path, doc: Any, name: str = "game.json") -> dict[str, Any]:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    games = check_path(path)
    assert len(games) == 1
    CheckReport.model_validate({"format": "euchre-log-check/1", "games": games})
    return dict(games[0])


def error(tmp_path: Path, doc: Any) -> tuple[str, int | None, int | None]:
    game = check(tmp_path, doc)
    assert game["error"] is not None, game
    assert game["hands"] == [] and game["winner"] is None
    e = game["error"]
    return e["message"], e["hand"], e["action"]


def test_a_clean_hand(tmp_path: Path) -> None:
    game = check(tmp_path, log([order_up_hand()]))
    assert game["error"] is None
    (hand,) = game["hands"]
    assert hand == {
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
        "flags": [],
    }
    assert game["score"] == {"NS": 1, "EW": 0} and game["winner"] is None


def test_every_card_notation_reads_the_same(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    forms = {"TD": "10♦", "9H": "9h", "AH": "♥A", "JD": "DJ", "QH": "q♥", "KS": "K♠"}
    for a in doc["hands"][0]["actions"]:
        if a.get("card") in forms:
            a["card"] = forms[a["card"]]
    doc["hands"][0]["upcard"] = "♥9"
    game = check(tmp_path, doc)
    assert game["error"] is None and game["hands"][0]["points"] == {"NS": 1, "EW": 0}


def test_initial_score_and_rules(tmp_path: Path) -> None:
    doc = log(
        [order_up_hand()],
        rules={"preset": "classic", "target": 5},
        initial_score={"NS": 4, "EW": 3},
    )
    game = check(tmp_path, doc)
    assert game["hands"][0]["score_after"] == {"NS": 5, "EW": 3}
    assert game["winner"] == "NS"


def test_a_team_left_out_of_the_initial_score_starts_at_0(tmp_path: Path) -> None:
    game = check(tmp_path, log([order_up_hand()], initial_score={"NS": 3}))
    assert game["hands"][0]["score_after"] == {"NS": 4, "EW": 0}


def test_an_initial_score_that_already_reaches_the_target(tmp_path: Path) -> None:
    message, hand, _ = error(tmp_path, log([order_up_hand()], initial_score={"NS": 10, "EW": 3}))
    assert hand is None and "already reaches the target of 10" in message


def test_not_json(tmp_path: Path) -> None:
    message, hand, action = error(tmp_path, '{"format": "euchre-log/1",\n "game": }')
    assert message.startswith("not valid JSON") and "line 2" in message
    assert hand is None and action is None


def test_wrong_format(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["format"] = "euchre-log/9"
    message, _, _ = error(tmp_path, doc)
    assert "not a euchre-log/1 file" in message and "euchre-log/9" in message


def test_unknown_card_names_the_hand_and_action(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["hands"][0]["actions"][4]["card"] = "1H"
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 4)
    assert message.startswith("hand 1, action 4: ") and "'1H' is not a card" in message


def test_unknown_seat(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["hands"][0]["actions"][0]["seat"] = "X"
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 0) and "'X' is not a seat" in message


def test_unknown_action_type(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["hands"][0]["actions"][0]["type"] = "bid"
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 0) and "unknown action type 'bid'" in message


def test_out_of_turn(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    acts = doc["hands"][0]["actions"]
    acts[2], acts[3] = acts[3], acts[2]  # East plays before North has led
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 2)
    assert message == "hand 1, action 2: E played TH, but it is N's turn to play"


def test_action_in_the_wrong_phase(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    del doc["hands"][0]["actions"][1]  # no discard
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 1) and "W (the dealer) must discard first" in message


def test_a_card_twice(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["hands"][0]["actions"][7]["card"] = "TH"  # West plays East's TH again
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 7)
    assert "W played TH, but it is already played by E on trick 1" in message


def test_a_card_in_the_deal_of_another_seat(tmp_path: Path) -> None:
    doc = log([order_up_hand(deal={"N": ["AH", "KH", "QH", "TD", "9C"]})])
    doc["hands"][0]["actions"][3]["card"] = "KH"
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 3) and "E played KH, but it is in N's hand" in message


def test_the_upcard_played_by_another_seat(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["hands"][0]["actions"][3]["card"] = "9H"
    message, _, _ = error(tmp_path, doc)
    assert "the upcard, which W took up" in message


def test_an_action_from_a_seat_that_sits_out(tmp_path: Path) -> None:
    hand = {
        "dealer": "N",
        "upcard": "9D",
        "actions": [{"type": "pass", "seat": s} for s in "ESWN"]
        + [
            {"type": "pass", "seat": "E"},
            {"type": "pass", "seat": "S"},
            {"type": "call", "seat": "W", "suit": "S", "alone": True},
            {"type": "play", "seat": "E", "card": "9C"},
        ],
    }
    message, h, action = error(tmp_path, log([hand]))
    assert (h, action) == (1, 7) and "E played 9C, but E sits out this hand" in message


def test_an_action_after_the_hand_ended(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["hands"][0]["actions"].append({"type": "play", "seat": "W", "card": "9S"})
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (1, 22) and "hand 1 is over (all five tricks were played)" in message


def test_a_hand_after_the_game_was_won(tmp_path: Path) -> None:
    doc = log([order_up_hand(), order_up_hand()], rules={"target": 1})
    doc["hands"][1]["dealer"] = "N"
    message, hand, action = error(tmp_path, doc)
    assert (hand, action) == (2, None)
    assert "the game was already won by NS (1-0) after hand 1, so hand 2 cannot follow" in message


def test_an_unfinished_hand_followed_by_another_stays_incomplete(tmp_path: Path) -> None:
    """LOG_FORMAT: a record may stop before a hand ended; notes can miss the end of a hand."""
    first = order_up_hand()
    first["actions"] = first["actions"][:5]
    passed = {
        "dealer": "N",
        "upcard": "9C",
        "actions": [{"type": "pass", "seat": s} for s in "ESWN" * 2],
    }
    game = check(tmp_path, log([first, passed]))
    assert game["error"] is None
    assert [h["outcome"] for h in game["hands"]] == ["incomplete", "passed_out"]
    assert game["hands"][0]["points"] == {"NS": 0, "EW": 0} and game["hands"][1]["flags"] == []


def test_an_incomplete_last_hand_is_accepted(tmp_path: Path) -> None:
    first = order_up_hand()
    first["actions"] = first["actions"][:5]
    game = check(tmp_path, log([first]))
    assert game["error"] is None and game["hands"][0]["outcome"] == "incomplete"
    assert game["hands"][0]["points"] == {"NS": 0, "EW": 0}


def test_players_must_be_four_different_names(tmp_path: Path) -> None:
    doc = log([order_up_hand()])
    doc["game"]["players"]["S"] = "ann"
    message, _, _ = error(tmp_path, doc)
    assert "four different names" in message
    del doc["game"]["players"]["S"]
    message, _, _ = error(tmp_path, doc)
    assert "missing S" in message


def test_bad_rules_name_the_option_and_the_values(tmp_path: Path) -> None:
    message, _, _ = error(tmp_path, log([order_up_hand()], rules={"stick_the_dealr": True}))
    assert "no rule option 'stick_the_dealr'" in message and "stick_the_dealer" in message
    message, _, _ = error(tmp_path, log([order_up_hand()], rules={"defend_alone_points": 6}))
    assert "'defend_alone_points'" in message and "4, 8" in message
    message, _, _ = error(tmp_path, log([order_up_hand()], rules={"preset": "yukon"}))
    assert "no rules preset 'yukon'" in message and "family" in message


def test_a_five_card_farmers_hand_needs_the_32_card_deck(tmp_path: Path) -> None:
    """Seed 001 swaps a whole hand for five undealt cards: a 24-card deck has only 3."""
    message, _, _ = error(tmp_path, log([order_up_hand()], rules={"farmers_hand": "five_card"}))
    assert "'farmers_hand' = 'five_card' needs 'deck' = 32" in message


def test_a_stored_result_must_agree(tmp_path: Path) -> None:
    ok = check(tmp_path, log([order_up_hand()]))["hands"][0]
    doc = log([order_up_hand(result=ok)])
    assert check(tmp_path, doc)["error"] is None
    wrong = dict(ok, points={"NS": 2, "EW": 0})
    message, hand, _ = error(tmp_path, log([order_up_hand(result=wrong)]))
    assert hand == 1 and "points are NS 2, EW 0, but the actions give NS 1, EW 0" in message


def test_missing_file(tmp_path: Path) -> None:
    games = check_path(tmp_path / "nope.json")
    error = games[0]["error"]
    assert error is not None and error["message"] == "no such file"


SCHEMA_DIRS = ("schemas", "euchre_log/schemas")
"""Where the generated schemas are committed: at the top, and inside the package (the copy
that the wheel ships)."""
REGENERATE = " && ".join(f"python3 -m euchre_log schema --write {d}" for d in SCHEMA_DIRS)


def test_committed_schemas_match_the_models() -> None:
    schemas = all_schemas()
    for folder in SCHEMA_DIRS:
        for name, schema in schemas.items():
            path = ROOT / folder / f"{name}.schema.json"
            assert path.exists(), f"{path} is missing: run {REGENERATE}"
            committed = json.loads(path.read_text(encoding="utf-8"))
            assert committed == schema, f"{path} is out of date: run {REGENERATE}"
        extra = {p.name for p in (ROOT / folder).glob("*.json")} - {
            f"{name}.schema.json" for name in schemas
        }
        assert not extra, f"{folder}/ holds schemas no model makes: {sorted(extra)}"


def test_sample_logs_are_valid_models() -> None:
    for path in sorted((ROOT / "sample_logs").glob("*.json")):
        GameLog.model_validate_json(path.read_text(encoding="utf-8"))


def test_a_file_name_is_data_in_the_report(tmp_path: Path, cli: Cli) -> None:
    """``check --json`` names each file as JSON text that only shows it: quotes and
    backslashes escaped, every character a terminal would act on written as an escape."""
    doc = json.loads((ROOT / "sample_logs" / "family-game.json").read_text(encoding="utf-8"))
    names = ['say "hi"\\.json', "tab\there\x1b[31m.json", "Zoë ♠ 🂡.json", "\u202e.json"]
    paths = []
    for name in names:
        path = tmp_path / name
        path.write_text(json.dumps(doc), encoding="utf-8")
        paths.append(str(path))
    result = cli("check", "--json", *paths)
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout and "\t" not in result.stdout
    assert "\u202e" not in result.stdout and "\\u202e" in result.stdout
    report = json.loads(result.stdout)
    assert [g["file"] for g in report["games"]] == paths
    CheckReport.model_validate(report)
