"""EGN (Euchre Game Notation) import and export.

The corpus in ``tests/corpora/egn`` (copied from the project's shared corpora, Apache-2.0) holds real tournament games and constructed test
files written by people who never saw euchre-log. Every file there is covered below: what it
reads to (hands, final score, winner, flags), or why it is refused. Round trips are tested
on the corpus and, with Hypothesis, on random legal games.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_log.engine import actions as A
from euchre_log.engine.cards import (
    CARD_TEXT,
    CLUBS,
    HEARTS,
    SEAT_LETTERS,
    SEATS,
    TEAM_NAMES,
    Seat,
)
from euchre_log.engine.game import GameState
from euchre_log.engine.rules import Rules
from euchre_log.engine.simulate import random_game
from euchre_log.formats.egn import (
    EGN_VERSION,
    TAG,
    egn_to_logs,
    is_egn,
    logs_to_egn,
    parse_egn_card,
    rules_from_egn,
    rules_to_egn,
)
from euchre_log.formats.reader import LogError, play_log, read_log
from euchre_log.formats.writer import action_dict, game_info, hand_dict

from .conftest import EGN_CORPUS as CORPUS
from .drawn import draw_game

needs_corpus = pytest.mark.usefixtures("egn_corpus")  # fails, never skips, without it

# ---------------------------------------------------------------------------
# What every corpus file reads to: per game (hands, final score NS-EW, winner).
# No real game raises a flag; the constructed renege files are refused (see below), and
# their reneges are checked deal by deal in test_reneges_in_constructed_deals_are_flagged.

Verdict = tuple[int, tuple[int, int], str | None]
VWEC: list[Verdict] = [(13, (8, 10), "EW")]
JULY: list[Verdict] = [(11, (9, 10), "EW")]
MOTE_W5: dict[int, Verdict] = {
    1: (11, (10, 3), "NS"),
    2: (12, (8, 10), "EW"),
    3: (11, (10, 6), "NS"),
    4: (13, (8, 10), "EW"),
    5: (10, (11, 7), "NS"),
    6: (16, (10, 9), "NS"),
}
READ: dict[str, list[Verdict]] = {
    "Custom Scenario.egn": [(1, (0, 1), None)],
    "Epic Comeback.egn": [(9, (11, 9), "NS")],
    "Me and Bears.egn": [(12, (10, 9), "NS")],
    "Quite the Hustle Annotated.egn": [(11, (10, 7), "NS")],
    "Six Points in Two Hands.egn": [(2, (10, 9), "NS")],
    "VWEC Finals Annotated.egn": VWEC,
    "VWEC Finals.egn": VWEC,
    **{f"combination examples/MotE W5 G{k}.egn": [MOTE_W5[k]] for k in MOTE_W5},
    "combination examples/MotE W5 Match.emn": [MOTE_W5[k] for k in sorted(MOTE_W5)],
    "conversion examples/test_timingsLayouts.egn": [(1, (0, 2), None)],
    "validation examples/Another fun euchre!.egn": [(1, (0, 2), None)],
    "validation examples/Custom Scenario.egn": [(1, (0, 1), None)],
    "validation examples/Euchre_com July 5th Pairs Finals Annotated 1.egn": JULY,
    "validation examples/Euchre_com July 5th Pairs Finals Annotated.egn": JULY,
    "validation examples/July 4th Pairs Finals (3).egn": JULY,
    "validation examples/Masters of the Euchreverse Week 1 Game 1.egn": [(9, (3, 11), "EW")],
    "validation examples/Masters of the Euchreverse Week 1 Game 2.egn": [(8, (7, 10), "EW")],
    "validation examples/Masters of the Euchreverse Week 1 Game 3.egn": [(9, (10, 5), "NS")],
    "validation examples/Masters of the Euchreverse Week 1 Game 5.egn": [(10, (5, 10), "EW")],
    "validation examples/Masters of the Euchreverse Week 1 Game 6.egn": [(13, (11, 6), "NS")],
    "validation examples/Me and Bears.egn": [(12, (10, 9), "NS")],
    "validation examples/Me and Mike Mike Mike.egn": [(9, (11, 2), "NS")],
    "validation examples/Quite the Hustle.egn": [(11, (10, 7), "NS")],
    "validation examples/VWEC Finals (7).egn": VWEC,
    "validation examples/VWEC Finals.egn": VWEC,
    "validation examples/annotated.egn": VWEC,
    "validation examples/egn_m_20260529_01.egn": [(1, (0, 0), None)],
    # Deal 1 stops mid-hand (incomplete, no points); deal 2 is played out, with a renege.
    "validation examples/egn_m_20260529_01 (5).egn": [(2, (2, 0), None)],
}

# Constructed files whose whole read shows irregularities (kind, seat, trick): in
# egn_m (5), deal 2 is dealt by N again after deal 1 (which stops mid-hand), and N reneges.
CONSTRUCTED_FLAGS: dict[str, list[tuple[str, int | None, int | None]]] = {
    "validation examples/egn_m_20260529_01 (5).egn": [
        ("dealt_out_of_turn", 0, None),
        ("renege", 0, 1),
    ],
}

# Files that are refused: (deal/hand number, action index or None, the message after "hand n...: ").
UPCARD_PLAYED = "deal 1, trick 3, card 1: W played QS, but it is the upcard, which N took up"
REFUSED: dict[str, tuple[int, int | None, str]] = {
    "conversion examples/test.egn": (1, 13, UPCARD_PLAYED),
    "conversion examples/test_annotated.egn": (1, 15, UPCARD_PLAYED),
    "validation examples/July 4th Pairs Finals.egn": (
        10,
        None,
        "deal 10: the game was already won by EW (6-10) after hand 9, so hand 10 cannot follow",
    ),
}


def _corpus_files() -> list[str]:
    return sorted(
        p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*") if p.suffix in (".egn", ".emn")
    )


def _load(name: str) -> Any:
    return json.loads((CORPUS / name).read_text(encoding="utf-8"))


def _games(name: str) -> list[dict[str, Any]]:
    """The EGN games of a corpus file (one, or each game of a match file)."""
    data = _load(name)
    if data.get("fileType") == "Euchre Match Notation":
        return [g["gameData"] for g in data["games"]]
    return [data]


def _team(winner: int | None) -> str | None:
    return None if winner is None else TEAM_NAMES[winner]


@needs_corpus
def test_every_corpus_file_has_an_expected_verdict() -> None:
    files = _corpus_files()
    assert len(files) == 36
    assert set(files) == set(READ) | set(REFUSED)
    assert not set(READ) & set(REFUSED)


# ---------------------------------------------------------------------------
# An independent scorer, written from EGN's own docs/replayer-logic.md: seats by
# (dealer + 1 + index), the trick-1 lead by ``loner_lead``, trick winners by card values,
# payouts 1/2/4 and 2 for a euchre. It shares no code with the engine.


def _card_value(card: str, led: str, trump: str) -> int:
    left = {"d": "h", "h": "d", "s": "c", "c": "s"}[trump]
    rank, suit = card[0], card[1].lower()
    if rank == "J" and suit == trump:
        return 100
    if rank == "J" and suit == left:
        return 99
    order = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9}
    if suit == trump:
        return 80 + order[rank]
    return 40 + order[rank] if suit == led else 0


def _reference_points(egn: dict[str, Any]) -> list[tuple[int, int]]:
    ruleset = egn["metadata"].get("ruleset") or {}
    out = []
    for deal in egn["deals"]:
        phases = {p["type"]: p for p in deal["phases"]}
        bidding, play = phases.get("EUCHRE_BIDDING"), phases.get("TRICK_PLAY")
        dealer = deal["initialState"]["dealer"]
        calls = bidding["calls"] if bidding else []
        first = next((i for i, c in enumerate(calls) if c != "Pass"), -1)
        if first < 0 or play is None:
            out.append((0, 0))
            continue
        trump = deal["initialState"]["upCard"][1].lower() if first < 4 else calls[first]
        maker = (dealer + 1 + first) % 4
        alone = bool(bidding.get("isAlone")) if bidding else False
        sits = (maker + 2) % 4 if alone else None
        lead = (dealer + 1) % 4
        if alone and ruleset.get("loner_lead") == "LEFT_OF_LONER":
            lead = (maker + 1) % 4
        elif alone and maker == (dealer + 3) % 4:
            lead = (dealer + 2) % 4
        won = [0, 0]
        for trick in play["tricks"]:
            values = [_card_value(c, trick[0][1].lower(), trump) for c in trick]
            seat, step = lead, values.index(max(values))
            while step:
                seat = (seat + 1) % 4
                step -= seat != sits
            lead = seat
            won[seat % 2] += 1
        team = maker % 2
        points = [0, 0]
        if won[team] >= 3:
            points[team] = (4 if alone else 2) if won[team] == 5 else 1
        elif won[1 - team] >= 3:
            points[1 - team] = 2
        out.append((points[0], points[1]))
    return out


@needs_corpus
@pytest.mark.parametrize("name", sorted(READ))
def test_real_game_reads_checks_and_scores_as_played(name: str) -> None:
    logs = egn_to_logs(_load(name), name)
    assert len(logs) == len(READ[name])
    for log, egn, (hands, score, winner) in zip(logs, _games(name), READ[name], strict=True):
        game = play_log(read_log(log))
        results = game.results()
        assert len(results) == hands
        assert game.score == score
        assert _team(game.winner) == winner
        expected_flags = CONSTRUCTED_FLAGS.get(name, [])
        assert [(f.kind, f.seat, f.trick) for r in results for f in r.flags] == expected_flags
        # Each hand scores what EGN's own replayer logic gives for that deal.
        assert [r.points for r in results] == _reference_points(egn)
        # The file starts where it says and the scores chain up to the final one.
        start = tuple(egn["metadata"].get("initialScore", [0, 0]))
        assert game.initial_score == start
        assert results[-1].score_after == score
        target = game.rules.target
        if winner is not None:
            # The game ends on the deal that takes the winner to the target, not before.
            team = TEAM_NAMES.index(winner)
            assert score[team] >= target > score[1 - team]
            before = results[-2].score_after if len(results) > 1 else start
            assert max(before) < target
        else:
            assert max(score) < target


@needs_corpus
def test_titles_that_state_a_result_agree() -> None:
    comeback = play_log(read_log(egn_to_logs(_load("Epic Comeback.egn"), "x")[0]))
    assert comeback.initial_score == (0, 7) and _team(comeback.winner) == "NS"
    six = play_log(read_log(egn_to_logs(_load("Six Points in Two Hands.egn"), "x")[0]))
    assert len(six.hands) == 2 and six.score[0] - six.initial_score[0] == 6


@needs_corpus
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_constructed_or_broken_file_is_refused_with_a_clear_message(name: str) -> None:
    hand, action, message = REFUSED[name]
    with pytest.raises(LogError) as err:
        egn_to_logs(_load(name), name)
    assert err.value.hand == hand
    assert err.value.action == action
    assert err.value.message == message


@needs_corpus
def test_a_game_that_continues_after_it_was_won_is_refused_and_says_so() -> None:
    name = "validation examples/July 4th Pairs Finals.egn"
    with pytest.raises(LogError) as err:
        egn_to_logs(_load(name), name)
    assert "already won" in str(err.value)
    assert str(err.value).startswith("hand 10: deal 10: the game was already won by EW")
    # With the initialScore its other copies give, it is the same game as theirs.
    fixed = _load(name)
    fixed["metadata"]["initialScore"] = [2, 0]
    mine = egn_to_logs(fixed, name)[0]
    other = egn_to_logs(_load("validation examples/July 4th Pairs Finals (3).egn"), "x")[0]
    assert _without_notes(mine) == _without_notes(other)


def _alone(name: str, deal: int) -> dict[str, Any]:
    """One deal of a corpus file, as a game of its own."""
    data: dict[str, Any] = _load(name)
    data["deals"] = [data["deals"][deal - 1]]
    return data


@needs_corpus
@pytest.mark.parametrize(
    ("name", "deal", "reneges"),
    [
        (
            "conversion examples/test.egn",
            2,
            [
                ("N", 1, "TD", "TH"),
                ("W", 3, "AH", "9S"),
                ("N", 2, "AS", "TD"),
                ("W", 4, "JS", "AH"),
            ],
        ),
        (
            "conversion examples/test_annotated.egn",
            2,
            [
                ("N", 1, "TD", "TH"),
                ("W", 3, "AH", "9S"),
                ("N", 2, "AS", "TD"),
                ("W", 4, "JS", "AH"),
            ],
        ),
        ("validation examples/egn_m_20260529_01 (5).egn", 2, [("N", 1, "KC", "TD")]),
    ],
)
def test_reneges_in_constructed_deals_are_flagged(
    name: str, deal: int, reneges: list[tuple[str, int, str, str]]
) -> None:
    # The whole files are refused (see REFUSED) before these deals: read each on its own.
    game = play_log(read_log(egn_to_logs(_alone(name, deal), name)[0]))
    flags = game.results()[0].flags
    assert [f.kind for f in flags] == ["renege"] * len(reneges)
    assert [
        (SEAT_LETTERS[f.seat or 0], f.trick, CARD_TEXT[f.card or 0], CARD_TEXT[f.played or 0])
        for f in flags
    ] == reneges


@needs_corpus
def test_the_impossible_upcard_play_is_the_first_problem_of_the_test_pair() -> None:
    # Deal 1: N dealt and took up the QS; W leads it on trick 3. The engine refuses the play
    # (an impossible entry is never stored), so the rest of that deal is not checked.
    data = _alone("conversion examples/test.egn", 1)
    with pytest.raises(LogError, match="W played QS, but it is the upcard, which N took up"):
        egn_to_logs(data, "test.egn")


@needs_corpus
def test_egn_1_0_fields_map_onto_the_log() -> None:
    # test.egn is EGN 1.0: snake_case player_cards, a kitty, initialLead on the play phase.
    log = egn_to_logs(_alone("conversion examples/test.egn", 2), "test.egn")[0]
    assert log["game"]["initial_score"] == {"NS": 2, "EW": 1}
    assert log["game"]["players"] == {"N": "p1", "E": "p2", "S": "p3", "W": "p4"}
    assert log["game"]["rules"] == {"stick_the_dealer": True}
    hand = log["hands"][0]
    assert hand["dealer"] == "E" and hand["upcard"] == "QS"
    assert hand["deal"] == {"E": ["QD", "QC", "KC", "KH", "KS"]}
    assert hand["kitty"] == ["QH", "JH", "JC"]
    # Five passes, then W (index 5: (1 + 1 + 5) % 4) names clubs alone; S leads, E sits out.
    assert hand["actions"][5] == {"type": "call", "seat": "W", "suit": "C", "alone": True}
    assert hand["actions"][6] == {"type": "play", "seat": "S", "card": "JD"}


@needs_corpus
def test_errors_in_a_match_file_name_the_game() -> None:
    data = _load("combination examples/MotE W5 Match.emn")
    data["games"][2]["gameData"]["deals"][3]["phases"][1]["tricks"][1][0] = "Xx"
    with pytest.raises(LogError) as err:
        egn_to_logs(data, "match.emn")
    assert err.value.hand == 4
    assert err.value.message == (
        "game 3: deal 4, trick 2, card 1: 'Xx' is an unknown card; "
        "euchre-log needs every card to check the play"
    )


# ---------------------------------------------------------------------------
# Files that hold the same game


def _without_notes(log: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(log))
    out["game"].pop("notes", None)
    for hand in out["hands"]:
        hand["actions"] = [a for a in hand["actions"] if a["type"] != "note"]
    return out


def _same_play(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """Differences between two logs other than notes and what only one of them recorded
    (a dealt hand, a discard, the date): an empty list when they hold the same game."""
    problems = []
    for key in ("players", "rules", "initial_score", "title"):
        if a["game"].get(key) != b["game"].get(key):
            problems.append(f"game {key}")
    if len(a["hands"]) != len(b["hands"]):
        return [*problems, "number of hands"]
    for n, (x, y) in enumerate(zip(a["hands"], b["hands"], strict=True), start=1):
        for key in ("dealer", "upcard"):
            if x[key] != y[key]:
                problems.append(f"hand {n} {key}")
        for seat in set(x.get("deal", {})) & set(y.get("deal", {})):
            if x["deal"][seat] != y["deal"][seat]:
                problems.append(f"hand {n} deal {seat}")
        if x.get("kitty") and y.get("kitty") and x["kitty"] != y["kitty"]:
            problems.append(f"hand {n} kitty")
        xs = [act for act in x["actions"] if act["type"] != "note"]
        ys = [act for act in y["actions"] if act["type"] != "note"]
        if len(xs) != len(ys):
            problems.append(f"hand {n} actions")
            continue
        for p, q in zip(xs, ys, strict=True):
            if p["type"] == q["type"] == "discard" and None in (p["card"], q["card"]):
                continue
            if p != q:
                problems.append(f"hand {n} {p} != {q}")
    return problems


SAME_GAME = [
    ["Custom Scenario.egn", "validation examples/Custom Scenario.egn"],
    ["Me and Bears.egn", "validation examples/Me and Bears.egn"],
    ["Quite the Hustle Annotated.egn", "validation examples/Quite the Hustle.egn"],
    [
        "VWEC Finals.egn",
        "VWEC Finals Annotated.egn",
        "validation examples/VWEC Finals (7).egn",
        "validation examples/VWEC Finals.egn",
        "validation examples/annotated.egn",
    ],
    [
        "validation examples/July 4th Pairs Finals (3).egn",
        "validation examples/Euchre_com July 5th Pairs Finals Annotated.egn",
        "validation examples/Euchre_com July 5th Pairs Finals Annotated 1.egn",
    ],
    *[
        [f"combination examples/MotE W5 G{k}.egn", f"combination examples/MotE W5 Match.emn#{k}"]
        for k in range(1, 7)
    ],
]


def _log_of(ref: str) -> dict[str, Any]:
    name, _, game = ref.partition("#")
    return egn_to_logs(_load(name), name)[int(game) - 1 if game else 0]


@needs_corpus
@pytest.mark.parametrize("group", SAME_GAME, ids=lambda g: g[0])
def test_copies_of_one_game_are_identical_apart_from_their_notes(group: list[str]) -> None:
    logs = [_log_of(ref) for ref in group]
    for ref, log in zip(group[1:], logs[1:], strict=True):
        assert _same_play(logs[0], log) == [], ref


@needs_corpus
def test_what_only_some_copies_recorded() -> None:
    # Strictly, without notes, the copies differ only in what one side left out.
    def strict(a: str, b: str) -> list[str]:
        x, y = _without_notes(_log_of(a)), _without_notes(_log_of(b))
        out = [
            f"game {k}"
            for k in set(x["game"]) | set(y["game"])
            if x["game"].get(k) != y["game"].get(k)
        ]
        for n, (p, q) in enumerate(zip(x["hands"], y["hands"], strict=True), start=1):
            out += [f"hand {n} {k}" for k in set(p) | set(q) if p.get(k) != q.get(k)]
        return sorted(out)

    assert strict("Custom Scenario.egn", "validation examples/Custom Scenario.egn") == ["game date"]
    assert strict("Quite the Hustle Annotated.egn", "validation examples/Quite the Hustle.egn") == [
        "hand 11 deal"
    ]
    assert strict("VWEC Finals.egn", "validation examples/VWEC Finals.egn") == ["hand 11 actions"]
    assert strict("VWEC Finals.egn", "VWEC Finals Annotated.egn") == []
    for k in range(1, 7):
        assert (
            strict(
                f"combination examples/MotE W5 G{k}.egn",
                f"combination examples/MotE W5 Match.emn#{k}",
            )
            == []
        )


@needs_corpus
def test_annotations_become_notes_in_place_with_their_marks() -> None:
    log = egn_to_logs(_load("validation examples/VWEC Finals (7).egn"), "x")[0]
    notes = [
        (n, i, a["text"])
        for n, hand in enumerate(log["hands"], start=1)
        for i, a in enumerate(hand["actions"])
        if a["type"] == "note"
    ]
    egn = _load("validation examples/VWEC Finals (7).egn")
    expected = []
    for deal in egn["deals"]:
        for phase in deal["phases"]:
            for texts in (
                phase.get("callAnnotations") or phase.get("playAnnotations") or {}
            ).values():
                expected.extend(texts)
    assert sorted(t for _, _, t in notes if TAG not in t) == sorted(expected)
    marked = [t for _, _, t in notes if re.match(r"^\[(\?\?|\?|\?!|!\?|!|!!)\]", t)]
    assert marked, "the file's [?]/[!!] labels are kept at the start of the notes"
    # Hand 9's play annotation "8" sits right after the ninth card played.
    hand = log["hands"][8]["actions"]
    first_play = next(i for i, a in enumerate(hand) if a["type"] == "play")
    text = egn["deals"][8]["phases"][1]["playAnnotations"]["8"][0]
    note_at = next(i for i, a in enumerate(hand) if a.get("text") == text)
    assert sum(1 for a in hand[first_play:note_at] if a["type"] == "play") == 9


@needs_corpus
def test_the_match_file_maps_player_ids_to_seats() -> None:
    logs = egn_to_logs(_load("combination examples/MotE W5 Match.emn"), "match.emn")
    assert [log["game"]["players"]["N"] for log in logs] == [
        "Dad of Carl",
        "Dad of Carl",
        "Jen-Eye",
        "Jen-Eye",
        "WWMM",
        "WWMM",
    ]
    assert all("Game" in log["game"]["notes"] for log in logs)


# ---------------------------------------------------------------------------
# Round trips on the corpus


def _deal_view(deal: dict[str, Any]) -> dict[str, Any]:
    """What a deal records, with EGN 1.0's field names brought up to date."""
    phases = {p["type"]: p for p in deal["phases"]}
    bidding = phases.get("EUCHRE_BIDDING", {})
    play = phases.get("TRICK_PLAY", {})
    calls = bidding.get("calls", [])
    plays = sum(len(t) for t in play.get("tricks", []))

    def keyed(table: dict[str, list[str]] | None, size: int) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for key, texts in (table or {}).items():
            out.setdefault(min(int(key), size - 1), []).extend(texts)
        return out

    defender = bidding.get("aloneDefender", -1)
    return {
        "calls": calls,
        "alone": bool(bidding.get("isAlone") or play.get("isAlone")),
        "defender": None if defender == -1 else defender,
        "tricks": [[c for c in t] for t in play.get("tricks", [])],
        "call_notes": keyed(
            bidding.get("callAnnotations") or bidding.get("calls_annotations"), len(calls)
        ),
        "play_notes": keyed(play.get("playAnnotations") or play.get("tricks_annotations"), plays),
        "lines": [line["branchIndex"] for line in deal.get("alternativeLines", [])],
    }


@needs_corpus
@pytest.mark.parametrize("name", sorted(READ))
def test_corpus_egn_to_log_to_egn_keeps_calls_alone_tricks_and_annotations(name: str) -> None:
    for log, egn in zip(egn_to_logs(_load(name), name), _games(name), strict=True):
        out = logs_to_egn(log)
        assert out["version"] == EGN_VERSION
        assert [_deal_view(d) for d in out["deals"]] == [_deal_view(d) for d in egn["deals"]]
        # Analysis lines come back whole (with 1.0 field names brought up to 1.4's).
        for a, b in zip(out["deals"], egn["deals"], strict=True):
            assert len(a.get("alternativeLines", [])) == len(b.get("alternativeLines", []))
        assert logs_to_egn(egn_to_logs(out, name)[0]) == out


@needs_corpus
@pytest.mark.parametrize("name", sorted(READ))
def test_corpus_log_to_egn_to_log_is_the_same_log(name: str) -> None:
    for log in egn_to_logs(_load(name), name):
        assert egn_to_logs(logs_to_egn(log), name) == [log]


# ---------------------------------------------------------------------------
# Round trips on random legal games (Hypothesis)

RULESETS: list[dict[str, Any]] = [
    {},
    {"preset": "north-american"},
    {"preset": "canadian", "loner_lead": "left_of_loner"},
    {"preset": "family"},
    {"defend_alone": True, "defend_alone_points": 8, "super_euchre": True, "target": 7},
    {"deck": 32, "target": 11, "renege_penalty": "deduct", "loner_lead": "left_of_loner"},
    # Variants: EGN has fields for some (joker, partner's best), annotations carry the rest.
    {"preset": "benny", "partners_best": True, "defend_alone": True},
    {"farmers_hand": "three_card", "throw_ins": "all", "club_euchre": True},
    {"deck": 32, "farmers_hand": "five_card", "blind_double_loner": True, "partners_best": True},
]
# Rulesets whose every action EGN holds in its own fields (partner's best: cardExchanges).
NATIVE_RULESETS = [*RULESETS[:6], {"partners_best": True, "defend_alone": True}]
MARKS = ["", "[??]", "[?]", "[?!]", "[!?]", "[!]", "[!!]"]

note_texts = st.lists(
    st.tuples(
        st.sampled_from(MARKS),
        st.text(st.characters(blacklist_categories=["Cs"]), max_size=30).filter(
            lambda t: "#euchre-log" not in t
        ),
    ).map("".join),
    max_size=15,
)


def _replays(rules: Rules, hand: dict[str, Any]) -> bool:
    """True when a hand dict plays through the engine without an impossible action."""
    log = {
        "format": "euchre-log/1",
        "game": {"players": {"N": "a", "E": "b", "S": "c", "W": "d"}, "rules": rules.to_dict()},
        "hands": [hand],
    }
    try:
        play_log(read_log(log))
    except LogError:
        return False
    return True


def _random_log(
    data: st.DataObject, rules_spec: dict[str, Any], texts: list[str], *, extras: bool = True
) -> dict[str, Any]:
    """A legal game drawn by Hypothesis (``tests/drawn.py``), with notes, and (``extras``)
    renege calls, a penalty, dealt hands and kitties; every choice is a draw."""
    rules = Rules.build(rules_spec)
    half = st.integers(0, rules.target // 2 - 1)
    start = data.draw(st.tuples(half, half), label="initial score")
    first = data.draw(st.integers(0, 3), label="first dealer")
    # EGN keeps no order between the discard and a defender's call (see
    # test_defend_alone_comes_before_the_discard): the defender speaks first, as EGN reads it.
    played, dealt = draw_game(
        data, rules, first_dealer=first, initial_score=start, defender_first=True
    )
    game = GameState(rules, start)
    hands: list[dict[str, Any]] = []
    maybe = st.sampled_from([False, False, True])  # about one time in three
    for k, d in enumerate(dealt):
        acts: list[A.Action] = list(d.actions)
        state = game.start_hand(d.dealer, d.upcard)
        for a in acts:
            state.apply(a)
        # Renege calls on a trick the accused has played to: false or unresolved, never upheld.
        plays = [i for i, a in enumerate(acts) if isinstance(a, A.Play)]
        if extras and plays and data.draw(maybe, label=f"hand {k + 1}: a renege call"):
            at = data.draw(st.sampled_from(plays), label="after action")
            trick = plays.index(at) // state.trick_size + 1
            seats = [a.seat for a in acts[: at + 1] if isinstance(a, A.Play)]
            accused = data.draw(st.sampled_from(seats[-state.trick_size :]), label="accused")
            call = A.RenegeCall(
                Seat(data.draw(st.integers(0, 3), label="called by")), accused, trick
            )
            trial = [*acts[: at + 1], call, *acts[at + 1 :]]
            if _replays(rules, hand_dict(d.dealer, d.upcard, trial)):
                acts = trial
        if extras and k == len(dealt) - 1 and game.winner is not None:
            seat = data.draw(st.integers(0, 3), label="penalty called by")
            acts.append(A.Penalty(Seat(seat), game.winner, 1, "table talk"))
        deal = {
            s: d.hands[s]
            for s in SEATS
            if extras and data.draw(maybe, label=f"hand {k + 1}: {SEAT_LETTERS[s]} shows")
        }
        kitty = d.kitty if extras and data.draw(maybe, label=f"hand {k + 1}: kitty shown") else ()
        hands.append(hand_dict(d.dealer, d.upcard, acts, deal=deal, kitty=kitty))
    assert game.score == played.score
    # Notes anywhere, with or without a seat.
    for text in texts:
        hand = hands[data.draw(st.integers(0, len(hands) - 1), label="note in hand")]
        by = data.draw(st.sampled_from([None, *SEATS]), label="note by")
        at = data.draw(st.integers(0, len(hand["actions"])), label="note at")
        hand["actions"].insert(at, action_dict(A.Note(by, text)))
    info = game_info(
        {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"},
        rules,
        title="Random game",
        date=data.draw(st.sampled_from([None, "2026-05-29T16:30", "2026-11-27"]), label="date"),
        initial_score=start,
        notes=data.draw(st.sampled_from([None, "Friday night", "At Mom's, by the fire"])),
    )
    return {"format": "euchre-log/1", "game": info, "hands": hands}


def _seeded_log(
    seed: int, rules_spec: dict[str, Any], texts: list[str], *, extras: bool = True
) -> dict[str, Any]:
    """A fixed random legal game (``simulate.random_game`` from a seed), with notes, and
    (``extras``) renege calls, a penalty, dealt hands and kitties: the sample that the
    example tests below break on purpose. The properties draw theirs (``_random_log``)."""
    rng = random.Random(seed)
    rules = Rules.build(rules_spec)
    start = (rng.randrange(rules.target // 2), rng.randrange(rules.target // 2))
    dealt = random_game(rng, rules, initial_score=start)
    game = GameState(rules, start)
    hands: list[dict[str, Any]] = []
    for k, d in enumerate(dealt):
        acts: list[A.Action] = list(d.actions)
        state = game.start_hand(d.dealer, d.upcard)
        for a in acts:
            state.apply(a)
        # Renege calls on a trick the accused has played to: false or unresolved, never upheld.
        plays = [i for i, a in enumerate(acts) if isinstance(a, A.Play)]
        if extras and plays and rng.random() < 0.3:
            at = rng.choice(plays)
            trick = plays.index(at) // state.trick_size + 1
            accused = rng.choice(
                [a.seat for a in acts[: at + 1] if isinstance(a, A.Play)][-state.trick_size :]
            )
            call = A.RenegeCall(Seat(rng.randrange(4)), accused, trick)
            trial = [*acts[: at + 1], call, *acts[at + 1 :]]
            if _replays(rules, hand_dict(d.dealer, d.upcard, trial)):
                acts = trial
        if extras and k == len(dealt) - 1 and game.winner is not None:
            acts.append(A.Penalty(Seat(rng.randrange(4)), game.winner, 1, "table talk"))
        deal = {s: d.hands[s] for s in SEATS if extras and rng.random() < 0.3}
        kitty = d.kitty if extras and rng.random() < 0.3 else ()
        hands.append(hand_dict(d.dealer, d.upcard, acts, deal=deal, kitty=kitty))
    # Notes anywhere, with or without a seat.
    for text in texts:
        hand = rng.choice(hands)
        note = A.Note(rng.choice([None, None, SEATS[rng.randrange(4)]]), text)
        hand["actions"].insert(rng.randrange(len(hand["actions"]) + 1), action_dict(note))
    date = rng.choice(["2026-05-29T16:30", "2026-11-27", None])
    info = game_info(
        {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"},
        rules,
        title=f"Random game {seed}",
        date=date,
        initial_score=start,
        notes=rng.choice([None, "Friday night", "At Mom's, by the fire"]),
    )
    return {"format": "euchre-log/1", "game": info, "hands": hands}


def _resolved(log: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(log))
    rules = Rules.build(out["game"].get("rules") or {}).to_dict()
    rules.pop("preset", None)
    out["game"]["rules"] = rules
    return out


EGN_CARD = re.compile(r"^([78N9TJQKAX][SsHhCcDdxtngh]|[LRB])$")


def _check_egn_shape(egn: dict[str, Any]) -> None:
    """The fields and card forms EGN 1.4's schema allows (additionalProperties: false)."""
    assert set(egn) == {"fileType", "version", "metadata", "deals"}
    assert egn["fileType"] == "Euchre Game Notation" and egn["version"] == "1.4"
    assert set(egn["metadata"]) <= {
        "gameId", "title", "description", "players", "initialScore", "finalScore", "date", "ruleset",
    }  # fmt: skip
    for deal in egn["deals"]:
        assert set(deal) <= {"dealNumber", "initialState", "phases", "alternativeLines"}
        assert set(deal["initialState"]) <= {"dealer", "upCard", "playerCards"}
        cards = [deal["initialState"]["upCard"]]
        cards += [c for h in deal["initialState"].get("playerCards", []) for c in h]
        for phase in deal["phases"]:
            if phase["type"] == "EUCHRE_BIDDING":
                assert set(phase) <= {
                    "phaseNumber", "type", "calls", "isAlone", "aloneDefender", "discard",
                    "cardExchanges", "callAnnotations",
                }  # fmt: skip
                assert set(phase["calls"]) <= {"Pass", "Order", "s", "h", "d", "c"}
                cards += [phase["discard"]] if "discard" in phase else []
            else:
                assert set(phase) <= {"phaseNumber", "type", "tricks", "playAnnotations"}
                cards += [c for t in phase["tricks"] for c in t]
            for table in (phase.get("callAnnotations"), phase.get("playAnnotations")):
                for key, texts in (table or {}).items():
                    assert key.isdigit() and all(isinstance(t, str) for t in texts)
        assert all(EGN_CARD.match(c) for c in cards), cards


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(rules=st.sampled_from(RULESETS), texts=note_texts, data=st.data())
def test_random_games_round_trip_through_egn(
    rules: dict[str, Any], texts: list[str], data: st.DataObject
) -> None:
    log = _random_log(data, rules, texts)
    original = play_log(read_log(log))
    egn = logs_to_egn(log)
    _check_egn_shape(egn)
    json.dumps(egn)  # plain JSON data

    # Every call, alone flag, defender and trick is in the EGN as EGN records it.
    for hand, deal in zip(original.hands, egn["deals"], strict=True):
        bidding = deal["phases"][0]
        calls = [a for a in hand.actions if isinstance(a, (A.Pass, A.Order, A.Call))]
        # Club euchre's forced take-up stands after three passes of padding (and a marker).
        pad = len(bidding["calls"]) - len(calls)
        assert pad == 0 or (pad == 3 and hand.rules.club_euchre and calls[0].seat == hand.dealer)
        for i, a in enumerate(calls, start=pad):
            assert a.seat == (hand.dealer + 1 + i) % 4
            word = "cdhs"[a.suit] if isinstance(a, A.Call) else type(a).__name__
            assert bidding["calls"][i] == word
        assert bidding["isAlone"] == hand.alone
        assert bidding.get("aloneDefender", -1) == hand.defender
        played = [a.card for a in hand.actions if isinstance(a, A.Play)]
        tricks = deal["phases"][1]["tricks"] if len(deal["phases"]) > 1 else []
        assert [parse_egn_card(c) for t in tricks for c in t] == played

    # EGN -> euchre-log: the same game, the same actions in the same places.
    back = egn_to_logs(egn, "random.egn")
    assert len(back) == 1
    assert _resolved(back[0]) == _resolved(log)
    again = play_log(read_log(back[0]))
    assert again.score == original.score and again.winner == original.winner
    assert [r.flags for r in again.results()] == [r.flags for r in original.results()]

    # EGN -> euchre-log -> EGN: every call, alone flag, trick and annotation is kept.
    assert logs_to_egn(back[0]) == egn


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    rules=st.sampled_from(NATIVE_RULESETS),
    texts=st.lists(st.sampled_from(MARKS).map(lambda m: m + "Commentary"), min_size=1, max_size=20),
    data=st.data(),
)
def test_foreign_egn_annotations_survive_a_round_trip(
    rules: dict[str, Any], texts: list[str], data: st.DataObject
) -> None:
    # An EGN file written by another tool: plain annotations at any call or play.
    egn = logs_to_egn(_random_log(data, rules, [], extras=False))
    for deal in egn["deals"]:
        deal.pop("alternativeLines", None)
        for phase in deal["phases"]:
            for table in ("callAnnotations", "playAnnotations"):
                phase.pop(table, None)
    for n, text in enumerate(texts):
        deal = data.draw(st.sampled_from(egn["deals"]), label="annotated deal")
        phase = data.draw(st.sampled_from(deal["phases"]), label="phase")
        if phase["type"] == "EUCHRE_BIDDING":
            size, table = len(phase["calls"]), "callAnnotations"
        else:
            size, table = sum(len(t) for t in phase["tricks"]), "playAnnotations"
        if size:
            at = data.draw(st.integers(0, size - 1), label="at")
            phase.setdefault(table, {}).setdefault(str(at), []).append(f"{text} {n}")
    for deal in egn["deals"]:
        for phase in deal["phases"]:
            for table in ("callAnnotations", "playAnnotations"):
                if table in phase:
                    phase[table] = dict(sorted(phase[table].items(), key=lambda kv: int(kv[0])))
    assert logs_to_egn(egn_to_logs(egn, "x")[0]) == egn


# ---------------------------------------------------------------------------
# Mapping details and error messages (no corpus needed)


def _sample_egn(seed: int = 7) -> dict[str, Any]:
    """A complete, legal EGN game to break in the tests below."""
    return logs_to_egn(_seeded_log(seed, {"preset": "north-american"}, [], extras=False))


def _deal_with_tricks(egn: dict[str, Any], n: int = 3) -> dict[str, Any]:
    candidates: list[dict[str, Any]] = [d for d in egn["deals"] if len(d["phases"]) > 1]
    return candidates[min(n, len(candidates)) - 1]


def test_an_unknown_card_is_refused_with_deal_trick_and_card() -> None:
    egn = _sample_egn()
    deal = _deal_with_tricks(egn)
    number = egn["deals"].index(deal) + 1
    deal["phases"][1]["tricks"][1][3 if len(deal["phases"][1]["tricks"][1]) > 3 else 1] = "X"
    card = 4 if len(deal["phases"][1]["tricks"][1]) > 3 else 2
    with pytest.raises(LogError) as err:
        egn_to_logs(egn, "x.egn")
    assert err.value.hand == number
    assert err.value.message == (
        f"deal {number}, trick 2, card {card}: 'X' is an unknown card; "
        "euchre-log needs every card to check the play"
    )


@pytest.mark.parametrize("token", ["Xx", "Xc", "Jx", "XX"])
def test_every_unknown_card_form_is_refused(token: str) -> None:
    with pytest.raises(ValueError, match="unknown card"):
        parse_egn_card(token)


def test_card_forms() -> None:
    assert CARD_TEXT[parse_egn_card("9c")] == "9C"
    assert CARD_TEXT[parse_egn_card("Nc")] == "9C"
    assert CARD_TEXT[parse_egn_card("Ts")] == "TS"
    assert CARD_TEXT[parse_egn_card("AD")] == "AD"
    assert CARD_TEXT[parse_egn_card("10♣")] == "TC"  # EGN 1.0's README wrote cards so
    assert CARD_TEXT[parse_egn_card("R", HEARTS)] == "JH"
    assert CARD_TEXT[parse_egn_card("L", HEARTS)] == "JD"
    assert CARD_TEXT[parse_egn_card("L", CLUBS)] == "JS"
    assert CARD_TEXT[parse_egn_card("B")] == "BJ"
    with pytest.raises(ValueError, match="nobody has named trump"):
        parse_egn_card("R")
    with pytest.raises(ValueError, match="generic 'trump' suit"):
        parse_egn_card("At")
    with pytest.raises(ValueError, match="is not a card"):
        parse_egn_card("Zq")


def test_bowers_and_nines_written_egn_style_read_as_the_cards() -> None:
    egn = _sample_egn(11)
    plain = egn_to_logs(copy.deepcopy(egn), "x")[0]
    for deal in egn["deals"]:
        if len(deal["phases"]) < 2:
            continue
        bidding = deal["phases"][0]
        calls = bidding["calls"]
        trump = deal["initialState"]["upCard"][1] if "Order" in calls else calls[-1]
        left = {"c": "s", "s": "c", "d": "h", "h": "d"}[trump]
        for trick in deal["phases"][1]["tricks"]:
            for i, c in enumerate(trick):
                if c == "J" + trump:
                    trick[i] = "R"
                elif c == "J" + left:
                    trick[i] = "L"
                elif c[0] == "9":
                    trick[i] = "N" + c[1]
    assert egn_to_logs(egn, "x")[0] == plain


def test_ruleset_keys_map_by_meaning() -> None:
    r = rules_from_egn({"std": False, "canadian": True, "loner_lead": "LEFT_OF_LONER"})
    assert (r.stick_the_dealer, r.canadian_loner, r.loner_lead) == (False, True, "left_of_loner")
    assert rules_from_egn({}).stick_the_dealer  # EGN's std defaults to true
    assert rules_from_egn(None).stick_the_dealer
    r = rules_from_egn({"defend_alone": True, "winning_score": 7, "min_rank": 7})
    assert (r.defend_alone, r.target, r.deck) == (True, 7, 32)
    r = rules_from_egn({"joker": True, "partners_best": True})
    assert (r.deck, r.partners_best) == (25, True)
    r = rules_from_egn({"farmers": True}, {"farmers_hand": "three_card"})
    assert r.farmers_hand == "three_card"
    same = {"loner_march_score": 4, "loner_euchred_score": 2, "num_players": 4, "num_deals": 0}
    assert rules_from_egn({**same, "farmers": False, "allow_no_trump": False}) == rules_from_egn({})
    ruleset, extra = rules_to_egn(Rules.build({"preset": "family", "super_euchre": True}))
    assert ruleset == {
        "std": False,
        "canadian": False,
        "loner_lead": "LEFT_OF_DEALER",
        "defend_alone": True,
    }
    assert extra == {"super_euchre": True}
    assert rules_from_egn(ruleset, extra) == Rules.build(
        {"defend_alone": True, "super_euchre": True}
    )


@pytest.mark.parametrize(
    ("ruleset", "words"),
    [
        ({"loner_march_score": 5}, "'loner_march_score': 5 has no equivalent"),
        ({"loner_euchred_score": 4}, "'loner_euchred_score': 4 has no equivalent"),
        ({"num_players": 3}, "'num_players': 3 has no equivalent"),
        ({"num_deals": 8}, "'num_deals': 8 has no equivalent"),
        ({"winning_score": 0}, "'winning_score': 0 has no equivalent"),
        ({"min_rank": 8}, "'min_rank': 8 has no equivalent"),
        ({"go_under": True}, "'go_under': true has no equivalent"),
        ({"allow_no_trump": True}, "'allow_no_trump': true has no equivalent"),
        ({"fast_break": True}, "'fast_break': true has no equivalent"),
        ({"four_trick_tokens": True}, "'four_trick_tokens': true has no equivalent"),
        ({"farmers": True}, "EGN does not say which farmer's hand"),
        ({"house_special": True}, "the EGN ruleset key 'house_special' has no equivalent"),
        ({"std": "yes"}, "'std' should be true or false"),
        ({"loner_lead": "LEFT"}, "'loner_lead' should be LEFT_OF_DEALER or LEFT_OF_LONER"),
    ],
)
def test_ruleset_keys_without_equivalent_are_refused_by_name(
    ruleset: dict[str, Any], words: str
) -> None:
    egn = _sample_egn()
    egn["metadata"]["ruleset"] = ruleset
    with pytest.raises(LogError, match=re.escape(words)):
        egn_to_logs(egn, "x")


def test_a_final_score_the_play_does_not_give_is_refused() -> None:
    egn = _sample_egn()
    assert "finalScore" in egn["metadata"]
    ns, ew = egn["metadata"]["finalScore"]
    egn["metadata"]["finalScore"] = [ns + 1, ew]
    with pytest.raises(
        LogError,
        match=f"finalScore is {ns + 1}-{ew}, but the deals as played give NS {ns}, EW {ew}",
    ):
        egn_to_logs(egn, "x")


def test_tricks_of_the_wrong_size_are_refused() -> None:
    egn = _sample_egn()
    deal = _deal_with_tricks(egn, 1)
    n = egn["deals"].index(deal) + 1
    tricks = deal["phases"][1]["tricks"]
    tricks[0].append(tricks[1].pop(0))
    with pytest.raises(
        LogError, match=rf"hand {n}: deal {n}, trick 1 has \d cards, but \d seats play this hand"
    ):
        egn_to_logs(egn, "x")


def test_an_initial_lead_that_breaks_the_rules_is_refused() -> None:
    egn = _sample_egn()
    deal = _deal_with_tricks(egn, 1)
    dealer = deal["initialState"]["dealer"]
    deal["phases"][1]["initialLead"] = (dealer + 3) % 4  # EGN 1.0's field
    with pytest.raises(LogError, match=r"trick 1: the file says . leads, but under these rules"):
        egn_to_logs(egn, "x")
    deal["phases"][1]["initialLead"] = (
        (dealer + 1) % 4 if not deal["phases"][0]["isAlone"] else None
    )
    if deal["phases"][1]["initialLead"] is None:
        del deal["phases"][1]["initialLead"]
    egn_to_logs(egn, "x")


def test_calls_are_checked_and_named() -> None:
    egn = _sample_egn()
    deal = egn["deals"][0]
    deal["phases"][0]["calls"] = ["Pass", "Pass", "n"]
    with pytest.raises(LogError, match=r"deal 1, call 3 .*: 'n': no-trump bids have no equivalent"):
        egn_to_logs(egn, "x")
    deal["phases"][0]["calls"] = ["Order", "Pass"]
    with pytest.raises(LogError, match=r"hand 1, action 1: deal 1, call 2 \(.\): . passed, but"):
        egn_to_logs(egn, "x")


def test_packed_deals_unknown_fields_and_versions_are_refused() -> None:
    egn = _sample_egn()
    packed = copy.deepcopy(egn)
    packed["deals"][0] = "AgAAmQEAAQEFAAcBBRAPEA8QDwA="
    with pytest.raises(LogError, match="deal 1 is in EGN's packed binary form"):
        egn_to_logs(packed, "x")
    odd = copy.deepcopy(egn)
    odd["deals"][0]["phases"][0]["cardExchanges"] = [{"receiver": 1, "cards": ["9c"]}]
    with pytest.raises(LogError, match=r"exchanges with the kitty .* do not"):
        egn_to_logs(odd, "x")
    odd = copy.deepcopy(egn)
    odd["deals"][0]["bonus"] = 1
    with pytest.raises(LogError, match="deal 1 has the field 'bonus'"):
        egn_to_logs(odd, "x")
    for version in ("2.0", "1.5", None):
        odd = copy.deepcopy(egn)
        odd["version"] = version
        with pytest.raises(LogError, match=re.escape("reads versions 1.0 to 1.4")):
            egn_to_logs(odd, "x")
    odd = copy.deepcopy(egn)
    sneaky = 'Lead #euchre-log {"type": "play", "seat": "N", "card": "AS"}'
    odd["deals"][0]["phases"][0]["callAnnotations"] = {"0": [sneaky]}
    with pytest.raises(LogError, match="not 'play' \\(EGN records bids"):
        egn_to_logs(odd, "x")
    with pytest.raises(LogError, match="not an EGN or EMN file"):
        egn_to_logs({"format": "euchre-log/1"}, "x")
    assert is_egn(egn) and not is_egn({"format": "euchre-log/1"})


def test_a_missing_discard_is_an_unseen_one_and_a_known_discard_is_kept() -> None:
    egn = _sample_egn()
    for deal in egn["deals"]:
        if "Order" in deal["phases"][0]["calls"]:
            deal["phases"][0].pop("discard", None)
    log = egn_to_logs(egn, "x")[0]
    for hand, deal in zip(log["hands"], egn["deals"], strict=True):
        discards = [a for a in hand["actions"] if a["type"] == "discard"]
        if "Order" in deal["phases"][0]["calls"]:
            assert discards == [{"type": "discard", "seat": hand["dealer"], "card": None}]
        else:
            assert discards == []


def test_renege_calls_penalties_and_seated_notes_travel_as_annotations() -> None:
    log = _seeded_log(3, {"preset": "family"}, ["[?]Bad lead", "plain words"])
    last = log["hands"][-1]["actions"]
    last.insert(0, {"type": "note", "seat": "E", "text": "[!!]before anything"})
    first_play = next(i for i, a in enumerate(last) if a["type"] == "play")
    last.insert(first_play + 1, {"type": "note", "text": "after the first card"})
    egn = logs_to_egn(log)
    texts = [
        t
        for deal in egn["deals"]
        for phase in deal["phases"]
        for table in ("callAnnotations", "playAnnotations")
        for v in phase.get(table, {}).values()
        for t in v
    ]
    assert "after the first card" in texts  # a plain note is plain text in EGN
    assert any(t.startswith("[!!]before anything" + TAG) for t in texts)
    assert any(t.startswith("Penalty: +1 points for") for t in texts)
    assert [_resolved(x) for x in egn_to_logs(egn, "x")] == [_resolved(log)]


def test_defend_alone_comes_before_the_discard() -> None:
    # EGN keeps no order between the dealer's discard and a defender's call: euchre-log
    # writes the defender's call first, which LOG_FORMAT allows ("before or after").
    # E orders alone (W sits out), the dealer N defends alone (S sits out): E leads to N.
    egn = _tiny_egn(aloneDefender=0, discard="9c", tricks=[["Ad", "Jh"]])
    hand = egn_to_logs(egn, "x")[0]["hands"][0]
    assert hand["actions"] == [
        {"type": "order", "seat": "E", "alone": True},
        {"type": "defend_alone", "seat": "N"},
        {"type": "discard", "seat": "N", "card": "9C"},
        {"type": "play", "seat": "E", "card": "AD"},
        {"type": "play", "seat": "N", "card": "JH"},
    ]
    assert logs_to_egn(egn_to_logs(egn, "x")[0])["deals"] == egn["deals"]


def _tiny_egn(tricks: list[list[str]] | None = None, **bidding: Any) -> dict[str, Any]:
    """One deal: N deals the JH, E orders it up alone; more bidding fields from keywords."""
    phases: list[dict[str, Any]] = [
        {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "isAlone": True, **bidding}
    ]
    if tricks is not None:
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {
        "fileType": "Euchre Game Notation",
        "version": "1.4",
        "metadata": {
            "players": ["A", "B", "C", "D"],
            "initialScore": [0, 0],
            "ruleset": {
                "std": True,
                "canadian": False,
                "loner_lead": "LEFT_OF_DEALER",
                "defend_alone": True,
            },
        },
        "deals": [
            {"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "Jh"}, "phases": phases}
        ],
    }


def test_a_defender_who_is_the_makers_partner_is_refused() -> None:
    with pytest.raises(
        LogError,
        match=r"hand 1, action 1: deal 1, aloneDefender \(W\): W defended alone, but W is on the makers' side",
    ):
        egn_to_logs(_tiny_egn(aloneDefender=3), "x")
