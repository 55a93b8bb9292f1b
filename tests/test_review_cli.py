"""``euchre-log review``: REVIEW.md's document, the person's view, the marks in replay,
explain and the HTML page, and every number against brute force on real EGN games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_log.engine.cards import CARD_TEXT, SEAT_LETTERS
from euchre_log.engine.hand import HandState
from euchre_log.engine.positions import start_position
from euchre_log.engine.review import rank_order, review_hand
from euchre_log.engine.solver import Position, legal_cards
from euchre_log.formats.load import load_games
from euchre_log.formats.outputs import ReviewOut
from euchre_log.render.replay import hand_view
from euchre_log.render.review import marks
from euchre_log.store.reviewer import PARALLEL_FROM, review_many

from .brute import Brute, masks_to_sets
from .conftest import EGN_CORPUS, SAMPLES, Cli, invoke
from .test_replay import golden, render

needs_corpus = pytest.mark.usefixtures("egn_corpus")  # fails, never skips, without it

CONTRACT_HAND = {
    "number",
    "analysed",
    "reason",
    "trump",
    "maker",
    "alone",
    "defender_alone",
    "tricks",
    "dd_tricks",
    "dd_points",
    "par",
    "plays",
}
CONTRACT_PLAY = {"trick", "seat", "card", "dd_before", "dd_after", "cost", "best"}
CONTRACT_PLAYER = {
    "name",
    "plays",
    "choices",
    "cost_tricks",
    "accuracy",
    "info_choices",
    "info_loss",
    "info_accuracy",
}
CONTRACT_INFO = {"worlds", "exact", "solved", "ev", "best", "loss", "se", "label"}


def dump(model: ReviewOut) -> Any:
    return json.loads(model.model_dump_json(exclude_unset=True))


def reviewed(*args: str, code: int = 0) -> dict[str, Any]:
    """``review --json`` of files, validated against the schema's model (with
    ``--no-fair`` among ``args``, the open-hand review alone: milliseconds a hand)."""
    result = invoke("review", "--json", *args)
    assert result.exit_code == code, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    assert dump(ReviewOut.model_validate(doc)) == doc
    return doc


def check_info(info: dict[str, Any], card: str, legal: int) -> None:
    """REVIEW.md's rules for a play's fair review (``info``), up to the rounding to 2
    decimals of every value."""
    assert set(info) == CONTRACT_INFO
    assert len(info["ev"]) == legal and card in info["ev"]
    assert 1 <= info["solved"] <= info["worlds"]
    assert info["exact"] == (info["solved"] == info["worlds"])
    top = max(info["ev"].values())
    assert info["best"] and all(abs(info["ev"][c] - top) <= 0.011 for c in info["best"])
    assert all(info["ev"][c] < top - 0.004 for c in info["ev"] if c not in info["best"])
    assert abs(info["loss"] - (top - info["ev"][card])) <= 0.011 and info["loss"] >= 0
    if info["exact"]:
        assert info["se"] == 0
    if legal == 1:
        assert info["loss"] == 0 and info["label"] is None
    margin = info["loss"] - 2 * info["se"]
    for name, threshold in (("blunder", 1.0), ("mistake", 0.5), ("inaccuracy", 0.2)):
        if margin >= threshold + 0.03:
            assert info["label"] == name, info
            break
        if margin > threshold - 0.03:
            break  # too near the threshold to tell from rounded figures
    else:
        assert info["label"] is None, info


def check_document(doc: dict[str, Any]) -> None:
    """REVIEW.md's rules that hold for every document."""
    assert doc["format"] == "euchre-log-review/1"
    for game in doc["games"]:
        assert ("file" in game) != ("game" in game)
        assert set(game["players"]) == set("NESW")
        totals = {s: [0, 0, 0, 0] for s in "NESW"}  # plays, choices, good, cost
        for h in game["hands"]:
            assert set(h) >= CONTRACT_HAND
            if not h["analysed"]:
                assert h["reason"] and all(h[k] is None for k in CONTRACT_HAND - {"number", "analysed", "reason"})  # fmt: skip
                continue
            assert h["reason"] is None and 0 <= h["dd_tricks"] <= 5
            if h["par"] is not None:
                assert list(h["par"]) == ["C", "D", "H", "S"]
                assert all(p["NS"] + p["EW"] == 5 for p in h["par"].values())
            value = h["dd_tricks"]
            makers = "NS" if h["maker"] in "NS" else "EW"
            for p in h["plays"]:
                assert set(p) >= CONTRACT_PLAY
                assert p["dd_before"] == value
                maker = ("NS" if p["seat"] in "NS" else "EW") == makers
                cost = p["dd_before"] - p["dd_after"] if maker else p["dd_after"] - p["dd_before"]
                assert p["cost"] == cost >= 0
                assert (p["card"] in p["best"]) == (cost == 0)
                assert (p["mark"] is None) == (cost == 0)
                assert (p["info"] is None) == (h["info_reason"] is not None)
                if p["info"] is not None:
                    check_info(p["info"], p["card"], p["legal"])
                value = p["dd_after"]
                t = totals[p["seat"]]
                t[0] += 1
                t[3] += cost
                if p["legal"] >= 2:
                    t[1] += 1
                    t[2] += cost == 0
        for seat, (plays, choices, good, cost) in totals.items():
            player = game["players"][seat]
            assert set(player) == CONTRACT_PLAYER
            assert (player["plays"], player["choices"], player["cost_tricks"]) == (plays, choices, cost)  # fmt: skip
            assert player["accuracy"] == (round(100 * good / choices, 1) if choices else None)


# ---------------------------------------------------------------------------
# The document


def test_the_ordering_up_hand_as_reviewme_says(tmp_path: Path) -> None:
    doc = reviewed(str(SAMPLES / "seed001-ordering-up.json"))
    check_document(doc)
    (game,) = doc["games"]
    assert game["file"] == str(SAMPLES / "seed001-ordering-up.json") and "game" not in game
    (hand,) = game["hands"]
    assert hand["number"] == 1 and hand["analysed"] is True and hand["reason"] is None
    assert (hand["trump"], hand["maker"], hand["alone"], hand["defender_alone"]) == ("H", "N", False, None)  # fmt: skip
    assert (hand["tricks"], hand["dd_tricks"], hand["dd_points"]) == (3, 4, {"NS": 1, "EW": 0})
    assert hand["par"] == {
        "C": {"NS": 0, "EW": 5},
        "D": {"NS": 3, "EW": 2},
        "H": {"NS": 4, "EW": 1},
        "S": {"NS": 0, "EW": 5},
    }
    first, ac = hand["plays"][0], hand["plays"][4]
    assert (
        first.pop("info")["worlds"] == 771_891_120
    )  # 18!/(5! 5! 4! 4!): E, S, W beside the upcard, the rest
    assert ac.pop("info")["label"] is None  # A♣ to lead was as good as any, by what S saw
    assert first == {
        "trick": 1,
        "seat": "N",
        "card": "AH",
        "dd_before": 4,
        "dd_after": 4,
        "cost": 0,
        "best": ["AH", "KH", "QH", "9C"],
        "legal": 5,
        "mark": None,
    }
    assert ac == {
        "trick": 2,
        "seat": "S",
        "card": "AC",
        "dd_before": 4,
        "dd_after": 3,
        "cost": 1,
        "best": ["QS", "TS"],
        "legal": 4,
        "mark": "?",
    }
    assert game["players"]["S"] == {
        "name": "South",
        "plays": 5,
        "choices": 3,
        "cost_tricks": 1,
        "accuracy": 66.7,
        "info_choices": 3,
        "info_loss": 0.0,
        "info_accuracy": 100.0,
    }
    # Beyond the contract: the bidding judged by par, and who could have made it.
    assert hand["best_calls"]["NS"] == {
        "trumps": ["H"],
        "tricks": 4,
        "points": {"NS": 1, "EW": 0},
        "alone": [],
        "alone_points": None,
    }
    assert hand["best_calls"]["EW"]["trumps"] == ["C", "S"]
    assert hand["called_best"] is True
    assert (hand["makers_could_make"], hand["defenders_could_euchre"]) == (True, False)
    assert hand["claim"] is None and doc["rejected"] == []


def test_every_sample_log_is_reviewed_and_follows_the_contract() -> None:
    paths = sorted(SAMPLES.glob("*.json"))
    doc = reviewed("--no-fair", *(str(p) for p in paths))
    check_document(doc)
    assert len(doc["games"]) == len(paths)
    by_file = {g["file"]: g for g in doc["games"]}
    renege = by_file[str(SAMPLES / "renege-dispute.json")]["hands"][0]
    assert renege["analysed"] is False and renege["reason"].startswith("a renege on trick 1")
    family = by_file[str(SAMPLES / "family-game.json")]
    assert [h["analysed"] for h in family["hands"]].count(False) == 1  # hand 9 passed out
    assert family["hands"][8]["reason"] == "passed out: nobody named trump"
    # The same numbers as the engine's review of the same hands.
    for path in paths:
        for loaded in load_games(path):
            game = by_file[str(path)]
            for h, r in zip(loaded.game.hands, game["hands"], strict=True):
                mine = review_hand(h)
                assert r["dd_tricks"] == mine.dd_tricks and r["analysed"] == mine.analysed


def test_stored_games_by_id_and_one_hand(cli: Cli) -> None:
    assert cli("import", str(SAMPLES / "family-game.json")).exit_code == 0
    stored = cli.json("review", "1", "--no-fair")
    check_document(stored)
    (game,) = stored["games"]
    assert game["game"] == 1 and "file" not in game
    assert game["title"] == "Friday night at Mom's"
    from_file = reviewed("--no-fair", str(SAMPLES / "family-game.json"))["games"][0]
    assert game["hands"] == from_file["hands"] and game["players"] == from_file["players"]
    six = cli.json("review", "1", "--hand", "6", "--no-fair")["games"][0]
    assert [h["number"] for h in six["hands"]] == [6]
    assert six["hands"][0] == from_file["hands"][5]
    assert six["players"]["W"]["plays"] == 5  # over hand 6 alone
    # A file and a game in one call, in the order given.
    both = cli.json(
        "review", str(SAMPLES / "seed001-ordering-up.json"), "1", "-n", "1", "--no-fair"
    )
    assert [("file" in g, "game" in g) for g in both["games"]] == [(True, False), (False, True)]


def test_rejected_inputs_exit_2_with_a_located_message(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    doc = json.loads((SAMPLES / "seed001-ordering-up.json").read_text(encoding="utf-8"))
    doc["hands"][0]["actions"][3]["card"] = "AH"  # North's ace of hearts, played twice
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = cli("review", str(bad))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"euchre-log: {bad}: rejected: hand 1, action 3:")
    assert len(result.stderr.strip().splitlines()) == 1
    # The others are still reviewed; --json says what was rejected, and where.
    good = str(SAMPLES / "seed001-ordering-up.json")
    mixed = cli("review", "--json", str(bad), good, "7")
    assert mixed.exit_code == 2
    out = json.loads(mixed.stdout)
    ReviewOut.model_validate(out)
    assert [g["file"] for g in out["games"]] == [good]
    assert out["rejected"][0]["file"] == str(bad)
    assert out["rejected"][0]["error"]["hand"] == 1 and out["rejected"][0]["error"]["action"] == 3
    assert out["rejected"][1] == {
        "game": 7,
        "error": {
            "message": "there is no game 7 (euchre-log games lists them)",
            "hand": None,
            "action": None,
        },
    }
    assert "there is no game 7" in mixed.stderr
    missing = cli("review", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "nope.json: rejected: no such file" in missing.stderr
    no_hand = cli("review", good, "--hand", "2")
    assert no_hand.exit_code == 2
    assert "has no hand 2: it has hand 1" in no_hand.stderr


def test_reading_a_file_touches_no_database(tmp_path: Path) -> None:
    db = tmp_path / "never.db"
    result = Cli(db)("review", str(SAMPLES / "seed001-going-alone.json"))
    assert result.exit_code == 0, result.output
    assert not db.exists()


# ---------------------------------------------------------------------------
# The person's view


def test_the_view_reads_in_words_at_80_columns() -> None:
    from euchre_log.cli.console import forget_console

    forget_console()
    import os

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "80"
    try:
        result = invoke("review", str(SAMPLES / "seed001-ordering-up.json"))
    finally:
        forget_console()
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert all(len(line.rstrip()) <= 80 for line in text.splitlines())
    flat = " ".join(text.split())
    assert "This is hindsight: at the table nobody sees the other hands" in flat
    for said in (
        "Hand 1 (West dealt 9♥): trump ♥ by North; NS took 3 (NS +1).",
        "Par (as dealt, nobody alone): clubs: EW march; diamonds: NS 3 tricks, 1 point; "
        "hearts: NS 4 tricks, 1 point; spades: EW march.",
        "Best play from the first card: NS 4 tricks (NS +1). As played: 3 (NS +1).",
        "Makers could make it: yes, from the first card. Defenders could euchre it: no.",
        "Trick 2: South A♣? gave away a trick; Q♠ or 10♠ keep NS at 4.",
        "Par's best for NS: ♥ (4 tricks, 1 point), the call made; for EW: ♣ or ♠ (march, 2 points).",
        "Accuracy over 1 analysed hand",
    ):
        assert said in flat, said


def test_the_family_game_golden_at_80_columns() -> None:
    (loaded,) = load_games(SAMPLES / "family-game.json")
    from euchre_log.render.review import game_review_view, preamble

    reviews = [review_hand(h) for h in loaded.game.hands]
    view = game_review_view("family-game.json", loaded.game, reviews, loaded.players)
    golden("review-family-game.txt", render(preamble(), 80) + render(view, 80))


def test_names_are_data_never_markup(tmp_path: Path) -> None:
    doc = json.loads((SAMPLES / "seed001-ordering-up.json").read_text(encoding="utf-8"))
    doc["game"]["players"] = {"N": "[bold]Ann", "E": "Bob[/]", "S": "[red]Cat[/red]", "W": "D"}
    doc["game"]["title"] = "[link=x]Friday[/link]"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = invoke("review", str(path))
    assert result.exit_code == 0, result.output
    assert "[red]Cat[/red] A♣? gave away a trick" in result.stdout
    assert "[link=x]Friday[/link]" in result.stdout and "[bold]Ann" in result.stdout


# ---------------------------------------------------------------------------
# Marks where hands are drawn


def test_replay_and_explain_mark_costly_cards_and_give_the_par(cli: Cli) -> None:
    assert cli("import", str(SAMPLES / "seed001-ordering-up.json")).exit_code == 0
    shown = cli("replay", "1")
    assert shown.exit_code == 0, shown.output
    assert "South  A♣? (led, wins)" in shown.stdout
    assert "\nSouth A♣? gave away a trick; Q♠ or 10♠ keep NS at 4.\n" in shown.stdout
    flat = " ".join(shown.stdout.split())
    assert "With every card face up (hindsight): best play gives NS 4 tricks (NS +1)" in flat
    plain = cli("replay", "1", "--no-review")
    assert "?" not in plain.stdout and "hindsight" not in plain.stdout
    explained = cli("explain", "1")
    assert explained.exit_code == 0
    assert "Open-hand review" in explained.stdout and "A♣?   dealt; played on trick 2" in explained.stdout  # fmt: skip
    assert "Open-hand review" not in cli("explain", "1", "--no-review").stdout


def test_replay_and_explain_goldens_with_the_review() -> None:
    (loaded,) = load_games(SAMPLES / "seed001-ordering-up.json")
    hand = loaded.game.hands[0]
    m = marks(hand, review_hand(hand), loaded.players)
    golden("replay-review.txt", render(hand_view(loaded.game, 0, loaded.players, m)))
    from euchre_log.render.explain import explain_view

    golden("explain-review.txt", render(explain_view(loaded.game, 0, loaded.players, m)))
    # A hand the review cannot analyse is drawn exactly as without it.
    (dispute,) = load_games(SAMPLES / "renege-dispute.json")
    none = marks(dispute.game.hands[0], review_hand(dispute.game.hands[0]), dispute.players)
    assert render(hand_view(dispute.game, 0, dispute.players, none)) == render(
        hand_view(dispute.game, 0, dispute.players)
    )


def test_the_html_page_gets_the_marks_and_the_par_line(tmp_path: Path) -> None:
    page = invoke("export", str(SAMPLES / "seed001-ordering-up.json"), "-f", "html")
    assert page.exit_code == 0
    assert 'title="gave away a trick, in hindsight"' in page.stdout
    assert "Hindsight, every card face up: South played" in page.stdout and "gave away a trick; Q♠ or 10♠ keep NS at 4" in page.stdout  # fmt: skip
    assert '<p class="par"><strong>Par</strong> (open-hand review): with every card face up (hindsight), best play gives NS 4 tricks' in page.stdout  # fmt: skip
    bare = invoke("export", str(SAMPLES / "seed001-ordering-up.json"), "-f", "html", "--no-review")
    assert 'class="mk"' not in bare.stdout and 'class="par"' not in bare.stdout


# ---------------------------------------------------------------------------
# Many hands, on every core


def test_many_hands_on_two_cores_give_the_same_reviews() -> None:
    hands = [h for p in sorted(SAMPLES.glob("*.json")) for g in load_games(p) for h in g.game.hands]
    hands = (hands * 2)[: PARALLEL_FROM + 5]
    done: list[int] = []
    parallel = review_many(hands, workers=2, progress=done.append)
    assert sum(done) == len(hands) and len(done) > 1
    assert parallel == [review_hand(h) for h in hands]


# ---------------------------------------------------------------------------
# The real EGN games, against brute force


def _brute_values(hand: HandState, plays: list[dict[str, Any]]) -> None:
    """Every play's dd_before, dd_after, cost and best from the brute-force minimax."""
    pos = start_position(hand)
    brute = Brute(hand.trump, hand.sitting)
    makers = hand.maker & 1

    def value(p: Position) -> int:
        ns = p.won[0] + brute.ns(masks_to_sets(p.hands), p.leader, p.table)
        return ns if makers == 0 else 5 - ns

    for play in plays:
        before = value(pos)
        best = [c for c in legal_cards(pos) if value(pos.play(c)) == before]
        card = next(c for c in legal_cards(pos) if CARD_TEXT[c] == play["card"])
        assert SEAT_LETTERS[pos.turn] == play["seat"]
        pos = pos.play(card)
        after = value(pos)
        maker = pos.turn is not None and (SEAT_LETTERS.index(play["seat"]) & 1) == makers
        cost = before - after if maker else after - before
        assert (play["dd_before"], play["dd_after"], play["cost"]) == (before, after, cost)
        assert play["best"] == [CARD_TEXT[c] for c in rank_order(best)]


@needs_corpus
@pytest.mark.slow
def test_the_egn_corpus_agrees_with_brute_force() -> None:
    paths = sorted(EGN_CORPUS.rglob("*.e[gm]n"))
    result = invoke("review", "--json", "--no-fair", *(str(p) for p in paths))
    doc = json.loads(result.stdout)
    ReviewOut.model_validate(doc)
    check_document(doc)
    # Three files are rejected, each with its reason (an impossible play of the upcard
    # twice, and a game played on after it was won): the rest is read.
    assert result.exit_code == 2
    assert sorted(Path(r["file"]).name for r in doc["rejected"]) == [
        "July 4th Pairs Finals.egn",
        "test.egn",
        "test_annotated.egn",
    ]
    games = iter(doc["games"])
    checked = analysed = 0
    for path in paths:
        if str(path) in {r["file"] for r in doc["rejected"]}:
            continue
        for loaded in load_games(path):
            game = next(games)
            assert game["file"] == str(path)
            for hand, h in zip(loaded.game.hands, game["hands"], strict=True):
                analysed += h["analysed"]
                if h["analysed"] and (analysed % 40 == 1 or h["claim"] is not None):
                    _brute_values(hand, h["plays"])
                    checked += 1
    assert analysed > 300 and checked >= 8, checked
