"""The sample logs: each one's verdict, checked against values worked out by hand, against
the independent reference engine where it knows the rules, and by recording each preset's
game again through the piped recorder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_log.formats.report import check_path

from .conftest import SAMPLES, Cli, invoke
from .helpers import assert_verdict, tokens_from_log
from .reference import refengine

# (outcome, points NS-EW, flags) of each single-hand sample, worked out by hand from its deal.
HAND_VERDICTS: dict[str, tuple[str, tuple[int, int], list[tuple[str, str | None, int | None]]]] = {
    "seed001-ordering-up.json": ("made", (1, 0), []),
    "seed001-going-alone.json": ("march", (0, 4), []),
    "renege-dispute.json": ("renege_penalty", (2, 0), [("renege", "E", 1)]),
    "renege-called-mid-hand.json": ("renege_penalty", (2, 0), [("renege", "E", 1)]),
    "variant-club-euchre.json": ("march", (0, 2), []),
    "variant-canadian-loner.json": ("march", (0, 4), []),
    "variant-farmers-hand.json": ("made", (1, 0), []),
    "variant-throw-in.json": ("thrown_in", (0, 0), []),
    "variant-partners-best.json": ("march", (4, 0), []),
    "variant-blind-double-loner.json": ("march", (8, 0), []),
    "variant-defend-alone-8.json": ("euchred", (0, 8), []),
    "variant-super-euchre.json": ("euchred", (4, 0), []),
}
GAME_WINNERS = {
    "classic-game.json": ("EW", (3, 11)),
    "family-game.json": ("EW", (8, 10)),
    "north-american-game.json": ("EW", (4, 10)),
    "canadian-game.json": ("NS", (10, 6)),
    "benny-game.json": ("EW", (7, 10)),
}
PRESET_GAMES = sorted(GAME_WINNERS)


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
    return data


def test_every_sample_is_listed_in_the_samples_readme() -> None:
    listed = (SAMPLES / "README.md").read_text(encoding="utf-8")
    for path in SAMPLES.glob("*.json"):
        assert f"`{path.name}`" in listed, f"{path.name} is not in sample_logs/README.md"


@pytest.mark.parametrize("name", sorted(HAND_VERDICTS))
def test_single_hand_samples(name: str) -> None:
    (game,) = check_path(SAMPLES / name)
    assert game["error"] is None
    outcome, points, flags = HAND_VERDICTS[name]
    hand = game["hands"][0]
    assert hand["outcome"] == outcome
    assert (hand["points"]["NS"], hand["points"]["EW"]) == points
    assert [(f["kind"], f["seat"], f["trick"]) for f in hand["flags"]] == flags


def test_the_turned_down_suit_sample_flags_the_bid() -> None:
    (game,) = check_path(SAMPLES / "turned-down-suit.json")
    (hand,) = game["hands"]
    assert [(f["kind"], f["seat"]) for f in hand["flags"]] == [("illegal_bid", "E")]
    assert hand["trump"] == "S" and hand["maker"] == "E"


@pytest.mark.parametrize("name", PRESET_GAMES)
def test_preset_games_are_clean_and_won(name: str) -> None:
    (game,) = check_path(SAMPLES / name)
    assert game["error"] is None
    assert all(h["flags"] == [] for h in game["hands"])
    winner, (ns, ew) = GAME_WINNERS[name]
    assert game["winner"] == winner and game["score"] == {"NS": ns, "EW": ew}


@pytest.mark.parametrize(
    "name",
    [
        "classic-game.json",
        "family-game.json",
        "north-american-game.json",
        "canadian-game.json",
        "seed001-ordering-up.json",
        "seed001-going-alone.json",
        "turned-down-suit.json",
        "variant-canadian-loner.json",
        "variant-defend-alone-8.json",
        "variant-super-euchre.json",
    ],
)
def test_samples_agree_with_the_independent_reference(name: str) -> None:
    """The samples whose rules and actions the reference engine (tests/reference) models:
    what ``euchre-log check --json`` says of each is what the reference says."""
    args = ("check", "--json", str(SAMPLES / name))
    (game,) = assert_verdict(invoke(*args), args)["games"]
    ours = {k: v for k, v in game.items() if k != "file"}
    theirs = {k: v for k, v in refengine.evaluate_log(load(name)).items() if k != "file"}
    assert theirs["error"] is None and theirs["hands"], theirs
    for a, b in zip(ours["hands"], theirs["hands"], strict=True):
        # The flags' kind, seat and trick must agree; their sentences are each engine's own.
        assert {k: a[k] for k in b if k != "flags"} == {k: b[k] for k in b if k != "flags"}
        assert refengine.flag_keys(a["flags"]) == refengine.flag_keys(b["flags"])
    assert (ours["score"], ours["winner"]) == (theirs["score"], theirs["winner"])


@pytest.mark.parametrize("name", PRESET_GAMES)
def test_each_preset_game_recorded_through_the_piped_recorder_exports_as_the_sample(
    name: str, cli: Cli, tmp_path: Path
) -> None:
    doc = load(name)
    rules = doc["game"]["rules"]
    args = ["new", "--players", "Ann,Bob,Cat,Dan", "--dealer", doc["hands"][0]["dealer"]]
    args += ["--preset", rules["preset"]]
    for key, value in rules.items():
        if key != "preset":
            args += ["--set", f"{key}={value}"]
    game = cli.json(*args)["id"]
    result = cli("record", str(game), input="\n".join(tokens_from_log(doc)) + "\n")
    assert result.exit_code == 0, result.output
    out = tmp_path / name
    assert cli("export", str(game), "-o", str(out)).exit_code == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["game"]["rules"] == rules
    assert [{k: h.get(k) for k in ("dealer", "upcard", "actions")} for h in exported["hands"]] == [
        {k: h.get(k) for k in ("dealer", "upcard", "actions")} for h in doc["hands"]
    ]


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.json")))
def test_every_view_agrees_with_check_on_every_sample(cli: Cli, name: str) -> None:
    """The dispute issue: `check`, `summary --json`, `replay`, `explain` and `stats`
    agree. The stored game's summary is the check report's verdict hand for hand; every
    flag and upheld call that check reports is what replay and explain say; stats count
    the reneges check flags, and the calls, makes and euchres of its hands."""
    from euchre_log.formats.outputs import SummaryOut

    path = SAMPLES / name
    args = ("check", "--json", str(path))
    (checked,) = assert_verdict(invoke(*args), args)["games"]
    (item,) = cli.json("import", str(path))["imported"]
    summary = cli.json("summary", str(item["id"]), code=0)
    SummaryOut.model_validate(summary)
    assert summary["hands"] == checked["hands"] and summary["winner"] == checked["winner"]
    replay = " ".join(cli("replay", str(item["id"])).stdout.split())
    for hand in checked["hands"]:
        explained = " ".join(
            cli("explain", str(item["id"]), "--hand", str(hand["number"])).stdout.split()
        )
        reneges = [f for f in hand["flags"] if f["kind"] == "renege"]
        assert ("Renege: yes." in explained) == bool(reneges), (name, hand["number"])
        if hand["outcome"] == "renege_penalty":
            assert "A renege call was upheld" in replay and "upheld" in explained
        for flag in hand["flags"]:
            if flag["kind"] != "renege":
                assert flag["kind"].replace("_", " ").upper() in replay.upper(), flag
    stats = cli.json("stats", "--game", str(item["id"]))
    flagged = sum(1 for h in checked["hands"] for f in h["flags"] if f["kind"] == "renege")
    assert sum(p["reneges"] for p in stats["players"]) == flagged
    made = [h for h in checked["hands"] if h["maker"] is not None]
    assert sum(p["calls"] for p in stats["players"]) == len(made)
    assert sum(p["made"] for p in stats["players"]) == sum(
        h["outcome"] in ("made", "march") for h in made
    )
    assert sum(p["euchred"] for p in stats["players"]) == sum(
        h["outcome"] == "euchred" for h in made
    )
