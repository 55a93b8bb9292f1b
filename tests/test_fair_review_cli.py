"""The fair review as a user meets it (issue 27 part 2): ``review --json``'s ``info``,
``bids`` and players' ``info_*`` exactly as REVIEW.md names them, ``--samples`` and
``--no-fair``, the cache beside the open-hand one (hit, miss, invalidation), ``stats``
reading only that cache, and the text of ``review``, ``replay``, ``explain`` and the
HTML page. Only one-hand games are reviewed here: a hand takes a second or two."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_log.cli import console as cli_console
from euchre_log.formats.outputs import ReviewOut
from euchre_log.formats.review import NOT_ASKED
from euchre_log.store import reviewer

from .conftest import SAMPLES, Cli, invoke
from .test_fit import assert_fits
from .test_review_cli import CONTRACT_INFO, check_document, check_info

ORDERING_UP = str(SAMPLES / "seed001-ordering-up.json")
TURNED_DOWN = str(SAMPLES / "turned-down-suit.json")


def reviewed(*args: str) -> dict[str, Any]:
    result = invoke("review", "--json", *args)
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    ReviewOut.model_validate(doc)
    check_document(doc)
    return doc


@pytest.fixture(scope="module")
def ordering_up() -> dict[str, Any]:
    """``review --json`` of the seed's ordering-up hand, reviewed once for the module."""
    return reviewed(ORDERING_UP)


def refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError("a fair review was computed")


# ---------------------------------------------------------------------------
# The document


def test_every_play_has_info_as_review_md_names_it(ordering_up: dict[str, Any]) -> None:
    (game,) = ordering_up["games"]
    (hand,) = game["hands"]
    assert hand["info_reason"] is None and hand["bids_reason"] is None
    assert len(hand["plays"]) == 20
    for p in hand["plays"]:
        assert set(p["info"]) == CONTRACT_INFO
        check_info(p["info"], p["card"], p["legal"])
    # Trick 5 is forced for everyone: one legal card, its value, no loss, no label.
    for p in hand["plays"][16:]:
        assert p["legal"] == 1 and p["info"]["loss"] == 0 and p["info"]["label"] is None
        assert list(p["info"]["ev"]) == [p["card"]]
    # West led K♣ to trick 4 holding J♦, the highest trump left (J♥ and A♥ fell on
    # trick 1): the left bower takes the trick for sure and may set up K♣; K♣ lets North
    # ruff for the third trick. Every way the cards could lie says so: a blunder.
    west = hand["plays"][12]
    assert (west["trick"], west["seat"], west["card"]) == (4, "W", "KC")
    info = west["info"]
    assert info["label"] == "blunder" and info["best"] == ["JD"]
    assert info["worlds"] == 7560 and info["exact"] is False and info["solved"] == 200
    assert info["loss"] - 2 * info["se"] >= 1.0
    # The open-hand review does not mark it (it costs no trick with the cards face up:
    # the makers' 3 tricks were safe whatever West led).
    assert west["mark"] is None and west["cost"] == 0


def test_bids_value_every_call_the_seat_could_make(ordering_up: dict[str, Any]) -> None:
    (hand,) = ordering_up["games"][0]["hands"]
    (bid,) = hand["bids"]  # North ordered up at once
    assert {"seat", "action", "options"} <= set(bid)
    assert (bid["seat"], bid["action"], bid["call"]) == ("N", "order", "order")
    assert list(bid["options"]) == ["order", "order_alone"]
    for option in bid["options"].values():
        assert set(option) == {"ev", "se"} and option["se"] > 0  # sampled
        assert -4 <= option["ev"] <= 4
    assert bid["solved"] == 200 and bid["exact"] is False


def test_players_add_the_fair_totals(ordering_up: dict[str, Any]) -> None:
    (game,) = ordering_up["games"]
    plays = game["hands"][0]["plays"]
    for seat, player in game["players"].items():
        choices = [p["info"] for p in plays if p["seat"] == seat and p["legal"] >= 2]
        assert player["info_choices"] == len(choices)
        assert abs(player["info_loss"] - sum(i["loss"] for i in choices)) <= 0.01 * len(choices)
        found = sum(i["loss"] <= 0.05 for i in choices)
        assert player["info_accuracy"] == (
            round(100 * found / len(choices), 1) if choices else None
        )
    assert game["players"]["W"]["info_accuracy"] < 100.0  # the K♣ above


def test_a_run_repeats_and_samples_set_the_sample(ordering_up: dict[str, Any]) -> None:
    assert reviewed(ORDERING_UP) == ordering_up  # seeded by the hand's record
    small = reviewed(ORDERING_UP, "--samples", "50")
    for mine, theirs in zip(
        small["games"][0]["hands"][0]["plays"],
        ordering_up["games"][0]["hands"][0]["plays"],
        strict=True,
    ):
        if theirs["info"]["exact"]:  # at most 2,000 worlds: every one, whatever the sample
            assert mine["info"] == theirs["info"]
        else:
            assert (
                mine["info"]["solved"] == 50 and mine["info"]["worlds"] == theirs["info"]["worlds"]
            )


@pytest.mark.parametrize("value", ["1", "0", "-3", "100001"])
def test_samples_out_of_range_are_refused_in_a_sentence(value: str) -> None:
    result = invoke("review", ORDERING_UP, "--samples", value)
    assert result.exit_code == 2 and result.stdout == ""
    said = result.stderr.strip()
    assert said.startswith(f"euchre-log: --samples {value}: give the worlds to sample")
    assert "from 2 to 100,000" in said and len(said.splitlines()) == 1


def test_samples_must_be_a_number() -> None:
    result = invoke("review", ORDERING_UP, "--samples", "many")
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_no_fair_leaves_it_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewer, "fair_review", refuse)
    doc = reviewed(ORDERING_UP, "--no-fair")
    (game,) = doc["games"]
    (hand,) = game["hands"]
    assert hand["info_reason"] == NOT_ASKED == hand["bids_reason"] and hand["bids"] is None
    assert all(p["info"] is None for p in hand["plays"])
    assert game["players"]["S"]["info_choices"] == 0
    assert game["players"]["S"]["info_accuracy"] is None


def test_hands_the_fair_review_does_not_cover_say_why() -> None:
    doc = reviewed(
        str(SAMPLES / "variant-32-card-deck.json"),
        str(SAMPLES / "variant-farmers-hand.json"),
        str(SAMPLES / "renege-dispute.json"),
    )
    deck, farmers, renege = (g["hands"][0] for g in doc["games"])
    assert "24-card deck" in deck["info_reason"] and "24-card deck" in deck["bids_reason"]
    assert "farmer's hand" in farmers["info_reason"]
    # A renege: no fair review of the play, but the deal is known, so the bids have one.
    assert renege["analysed"] is False and renege["info_reason"].startswith("a renege")
    assert renege["bids"] and renege["bids_reason"] is None


# ---------------------------------------------------------------------------
# The cache


def fair_rows(cli: Cli) -> list[tuple[Any, ...]]:
    db = cli.db
    assert not isinstance(db, str)
    return list(
        db.rows(  # type: ignore[union-attr]
            "SELECT game_id, number, method, choices_w, good_w FROM hand_review"
            " WHERE method LIKE 'fair:%' ORDER BY method"
        )
    )


@pytest.fixture
def stored(any_db: Any) -> Cli:
    cli = Cli(any_db)
    assert cli("import", ORDERING_UP).exit_code == 0
    return cli


def test_review_keeps_the_fair_review_and_reads_it_back(
    stored: Cli, ordering_up: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert fair_rows(stored) == []
    first = stored.json("review", "1")
    # Seeded by the hand's record: the stored game's sample is its file's.
    assert first["games"][0]["hands"] == ordering_up["games"][0]["hands"]
    # West's three choices, one of them (K♣) not the best: the row stats sums.
    assert fair_rows(stored) == [(1, 1, "fair:200", 3, 2)]
    monkeypatch.setattr(reviewer, "fair_review", refuse)
    assert stored.json("review", "1") == first  # read back, not computed
    monkeypatch.undo()
    # Another sample is another review, kept beside the first.
    fifty = stored.json("review", "1", "--samples", "50")
    assert [r[2] for r in fair_rows(stored)] == ["fair:200", "fair:50"]
    assert fifty["games"][0]["hands"][0]["plays"][0]["info"]["solved"] == 50
    # A hand whose record changes is reviewed again: here the last card is undone, and
    # the hand, no longer finished, has no fair review of its play.
    assert stored("record", "1", input="undo\n").exit_code == 0
    again = stored.json("review", "1")["games"][0]["hands"][0]
    assert again["info_reason"] is not None and again["bids"] is not None
    assert [r[2] for r in fair_rows(stored)] == ["fair:200"]  # the stale rows are gone


def test_stats_reads_only_what_review_kept(stored: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewer, "fair_review", refuse)
    west = next(p for p in stored.json("stats")["players"] if p["name"] == "West")
    assert west["review"]["fair_choices"] == 0 and west["review"]["fair_accuracy"] is None
    monkeypatch.undo()
    doc = stored.json("review", "1")
    monkeypatch.setattr(reviewer, "fair_review", refuse)
    stats = stored.json("stats")
    names = {p["name"]: p for p in doc["games"][0]["players"].values()}
    for player in stats["players"]:
        mine = names[player["name"]]
        assert player["review"]["fair_choices"] == mine["info_choices"]
        assert player["review"]["fair_accuracy"] == mine["info_accuracy"]
    shown = stored("stats")
    assert shown.exit_code == 0 and "Fair" in shown.stdout


def test_review_all_works_out_every_fair_review(stored: Cli) -> None:
    assert stored("import", TURNED_DOWN).exit_code == 0
    done = stored("review", "--all")
    assert done.exit_code == 0, done.output
    assert done.stdout == (
        "Reviewed 2 hands of 2 games; stats counts them now. Worked out the fair review of "
        "2 hands of 2 games.\n"
    )
    assert len(fair_rows(stored)) == 2
    assert stored("review", "--all").stdout == "Every stored hand is reviewed already.\n"
    assert stored("review", "--all", "--samples", "1").exit_code == 2


# ---------------------------------------------------------------------------
# What a person reads


@pytest.fixture
def columns(monkeypatch: pytest.MonkeyPatch) -> Any:
    def at(width: int) -> None:
        monkeypatch.setenv("COLUMNS", str(width))
        cli_console.forget_console()

    yield at
    cli_console.forget_console()


@pytest.mark.parametrize("width", [80, 50])
def test_the_review_leads_with_the_fair_review(width: int, columns: Any) -> None:
    columns(width)
    result = invoke("review", ORDERING_UP)
    assert result.exit_code == 0, result.output
    assert_fits(result.stdout, width)
    flat = " ".join(result.stdout.split())
    said = (
        "Trick 4: West K♣: a blunder (−1.7 ± 0.11): J♦ scores +1.9 on average over a sample "
        "of 200 of the 7,560 ways the other hands could lie (K♣ +0.2)."
    )
    assert said in flat
    assert "North ordered up: order −0.1, order alone −1.3 (± 0.11 over 200 deals)." in flat
    # The open-hand lines follow, as hindsight.
    assert flat.index(said) < flat.index("Hindsight, every card face up:") < flat.index("Par (")
    assert "Fair review: each card judged by what its player could see" in flat
    assert "A pass is not valued" in flat and "known to favour calling" in flat


def test_names_in_the_fair_lines_are_data(tmp_path: Path) -> None:
    doc = json.loads(Path(ORDERING_UP).read_text(encoding="utf-8"))
    doc["game"]["players"]["W"] = "[red]Dan[/red] [link=x]"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = invoke("review", str(path))
    assert result.exit_code == 0, result.output
    assert "[red]Dan[/red] [link=x] K♣: a blunder" in " ".join(result.stdout.split())


def test_replay_explain_and_the_page_show_what_review_kept(stored: Cli) -> None:
    before = stored("replay", "1").stdout
    assert "is not worked out yet: euchre-log review 1 works it out" in " ".join(before.split())
    assert "a blunder" not in before
    assert "a blunder" not in stored("export", "1", "-f", "html").stdout
    assert stored("review", "1").exit_code == 0
    after = " ".join(stored("replay", "1").stdout.split())
    line = "West K♣: a blunder (−1.7 ± 0.11): J♦ scores +1.9 on average"
    assert line in after and "Bids (what each player could see" in after
    assert after.index(line) < after.index("Trick 5:")
    assert "a blunder" not in stored("replay", "1", "--no-review").stdout
    explained = " ".join(stored("explain", "1").stdout.split())
    assert "Review: what each player could see, then hindsight" in explained
    assert "Trick 4: " + line in explained
    page = stored("export", "1", "-f", "html").stdout
    assert 'was <strong class="lb">a blunder</strong> (−1.7 ± 0.11): J♦ scores +1.9' in page
