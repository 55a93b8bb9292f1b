"""Disputes settled right, seen from the command line: a renege call made mid-hand is
announced as pending, then upheld (or found false) the moment the record shows it, with
the penalty; every view agrees; and the recorder's bugs found in review stay fixed.

The hand is seed 001's ordering-up deal (hearts trump, West deals): East throws 9♦ on
North's A♥ lead on trick 1 while holding 10♥, which East plays on trick 3.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from euchre_log.engine import Rules
from euchre_log.engine.cards import parse_card
from euchre_log.engine.game import JUDGEMENT
from euchre_log.engine.rules import OPTIONS

from .conftest import Cli, Database

NEW = ("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
# The call comes after trick 1, when nothing proves it; East's 10♥ on trick 3 does.
MID_HAND_CALL = (
    "9h o 9s\nah 9d jh 9h\nrenege E 1 by N\nac qc 9c jc\nkd ad td th\nas qs kc kh\nqh ks ts jd\n"
)


def recorded(cli: Cli, script: str, *options: str) -> Any:
    """Start a game, pipe a script into the recorder, return the recorder's result."""
    made = cli(*NEW, *options)
    assert made.exit_code == 0, made.output
    return cli("record", input=script)


def test_the_recorder_says_a_mid_hand_call_is_pending_then_upholds_it(cli: Cli) -> None:
    result = recorded(cli, MID_HAND_CALL)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2] == (
        "N (Ann) called a renege on E (Bob) for trick 1: not proven yet: it is judged as soon "
        "as the record proves or disproves it, at the latest when the hand ends."
    )
    # The proof and the verdict come right after trick 3, with the penalty.
    trick3 = next(i for i, line in enumerate(lines) if line.startswith("Trick 3:"))
    assert lines[trick3 + 1] == (
        "RENEGE on trick 1: E (Bob) played 9♦ on a trump lead (hearts) while holding 10♥ "
        "(played on trick 3)"
    )
    assert lines[trick3 + 2] == (
        "N (Ann) called a renege on E (Bob) for trick 1: upheld, now that E (Bob) played 10♥."
    )
    assert lines[trick3 + 3] == (
        "Hand 1: renege penalty; the hand's tricks do not count. NS +2. Score NS 2, EW 0."
    )
    # The score line is said once, not again when the hand's last trick is played.
    assert sum("Score NS 2, EW 0." in line for line in lines) == 1
    assert not any("made it" in line or "UNRESOLVED" in line for line in lines)


def test_every_view_agrees_on_a_call_upheld_after_it_was_made(cli: Cli, db: Any) -> None:
    assert recorded(cli, MID_HAND_CALL).exit_code == 0
    summary = json.loads(cli("summary", "1", "--json").stdout)
    (hand,) = summary["hands"]
    assert hand["outcome"] == "renege_penalty" and hand["points"] == {"NS": 2, "EW": 0}
    assert [f["kind"] for f in hand["flags"]] == ["renege"]
    games = cli.json("games")["games"]
    assert games[0]["score"] == {"NS": 2, "EW": 0}
    exported = cli("export", "1")
    assert exported.exit_code == 0
    path = db.parent / "exported.json"
    path.write_text(exported.stdout, encoding="utf-8")
    checked = cli("check", str(path), "--json")
    assert checked.exit_code == 1  # flagged: a renege
    (game,) = json.loads(checked.stdout)["games"]
    assert game["hands"] == summary["hands"]
    explained = cli("explain", "1").stdout
    assert "Renege: yes. Bob (East) reneged on trick 1." in explained
    assert "upheld when Bob (East) played 10♥ on trick 3" in " ".join(explained.split())
    assert "unresolved" not in explained.lower()
    replayed = cli("replay", "1").stdout
    assert "A renege call was upheld: the hand's tricks do not count. NS +2." in replayed
    assert "unresolved" not in replayed.lower()
    stats = cli.json("stats")
    bob = next(p for p in stats["players"] if p["name"] == "Bob")
    assert bob["reneges"] == 1


def test_a_stored_game_judged_by_an_older_engine_is_judged_again_when_opened(
    cli: Cli, db: Any
) -> None:
    """The journal is the truth: caches an older engine wrote (here, the old verdict of
    the mid-hand call: "made, NS +1", the call unresolved) are rebuilt on opening."""
    assert recorded(cli, MID_HAND_CALL).exit_code == 0
    database = Database("sqlite", str(db), db)
    database.sql(
        "UPDATE hand SET outcome = 'made', points_ns = 1, score_ns = 1",
        "UPDATE game SET score_ns = 1",
        "INSERT INTO flag (game_id, hand, kind, seat, trick, accused, message) VALUES "
        "(1, 1, 'unresolved_renege_call', 'N', 1, 'E', 'old verdict')",
        "DELETE FROM meta WHERE key = 'judged_by'",
    )
    assert cli.json("games")["games"][0]["score"] == {"NS": 2, "EW": 0}
    assert database.rows("SELECT outcome, points_ns FROM hand") == [("renege_penalty", 2)]
    assert database.rows("SELECT kind FROM flag") == [("renege",)]
    assert database.value("SELECT value FROM meta WHERE key = 'judged_by'") == str(JUDGEMENT)
    assert cli.json("verify")["problems"] == []
    database.close()


def test_a_penalty_typed_while_north_is_to_act_is_north_s(cli: Cli) -> None:
    """Review found ``to_act() or seat`` treating North (seat 0) as nobody."""
    result = recorded(cli, "9h o 9s\npenalty EW 2 table talk\n")
    assert result.exit_code == 0, result.output
    doc = json.loads(cli("export", "1").stdout)
    penalty = doc["hands"][0]["actions"][-1]
    assert penalty["type"] == "penalty" and penalty["seat"] == "N"  # North leads next


def test_strict_refusal_keeps_a_deal_typed_on_an_earlier_line(cli: Cli) -> None:
    """Under --strict a refused line must not throw away the deal typed before it."""
    made = cli(*NEW, "--preset", "family")
    assert made.exit_code == 0
    from euchre_log.recorder.recording import Recorder, Refused
    from euchre_log.store.access import open_store

    store = open_store(str(cli.db))
    try:
        recorder = Recorder(store, 1, strict=True)
        recorder.feed("deal N ah kh qh td 9c")
        with pytest.raises(Refused, match="refused under --strict"):
            recorder.feed("9h p p p p h")  # naming the turned-down suit would be flagged
        assert recorder.session.pending_deal  # the deal typed on the line before is kept
        recorder.feed("9h p p p p p p p p")
        dealt = tuple(parse_card(c) for c in ["ah", "kh", "qh", "td", "9c"])
        assert recorder.session.game.hands[0].deal == {0: dealt}
    finally:
        store.close()


@pytest.mark.parametrize(
    ("preset", "points"),
    [("family", 4), ("canadian", 2), ("benny", 2), ("classic", 4), ("north-american", 4)],
)
def test_a_renege_against_a_lone_hand_costs_what_the_preset_s_seed_says(
    cli: Cli, preset: str, points: int
) -> None:
    """000 §9: "If your side is going alone and one of the opponents reneges, the penalty
    is 4 points." 004 (canadian, benny): "the hand is generally forfeited, and 2 points are
    awarded to the opposing team"."""
    script = (
        "deal N js jc as 9h 9c\ndeal E ah kh qh ac kc\ndeal S ts 9s th jh qc\n"
        "deal W ks qs ad kd qd\n9d p p p p\ns!\njs kc qd\nrenege W 1 by N\n"
    )
    result = recorded(cli, script, "--preset", preset)
    assert result.exit_code == 0, result.output
    (hand,) = json.loads(cli("summary", "1", "--json").stdout)["hands"]
    assert hand["outcome"] == "renege_penalty" and hand["points"] == {"NS": points, "EW": 0}


def test_rules_name_their_sources_in_words_a_player_knows(cli: Cli) -> None:
    out = cli("rules").stdout
    for words in ("family rules", "North American rules", "Wikipedia's variants"):
        assert words in out
    for o in OPTIONS.values():
        assert not any(seed in o.source for seed in ("000", "001", "003", "004")), o.name
    data = cli.json("rules", "--preset", "canadian")
    values = {o["name"]: o["value"] for o in data["options"]}
    assert values["renege_points_vs_alone"] == 2


def test_a_throw_in_redealt_by_the_same_dealer_is_not_dealing_out_of_turn() -> None:
    """004: a throw-in "initiate[s] a redeal. In some circles, these are considered a form
    of 'misdeal', causing the deal to be passed to the original dealer's left."""
    from .helpers import session

    throw = "9s\nthrow E nines 9c 9d 9h tc ts\n"
    both = {"throw_ins": "all"}
    same = session(throw + "dealer W\nas", {**both, "throw_in_redeal": "same_dealer"}, dealer="W")
    assert [f.kind for f in same.game.hands[1].flags] == []
    assert same.game.next_dealer() == 0  # after hand 2 (not thrown in) the deal passes on
    passed = session(throw + "dealer W\nas", both, dealer="W")
    assert [f.kind for f in passed.game.hands[1].flags] == ["dealt_out_of_turn"]
    assert Rules.build({"throw_in_redeal": "same-dealer"}).throw_in_redeal == "same_dealer"
