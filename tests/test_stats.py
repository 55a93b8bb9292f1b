"""Stats: every count recomputed independently from the check reports of the same logs.

The corpus is random legal games (several rule sets, finished and unfinished, dated
over a year, among eight players), plus the sample logs and a few scripted hands that
carry reneges, upheld and false renege calls, and unfinished hands. Everything is
imported through the CLI; the expected counts are worked out here from ``check
--json`` and the logs' own actions, by the definitions in the stats help.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from euchre_log.engine import Rules
from euchre_log.engine.game import GameState
from euchre_log.engine.simulate import random_game
from euchre_log.formats.outputs import PlayerStats, StatsOut
from euchre_log.formats.writer import game_info, log_dict

from .conftest import (
    BACKENDS,
    SAMPLES,
    Cli,
    Database,
    drop_postgres_db,
    invoke,
    make_postgres_db,
)
from .helpers import ORDER_UP_PLAY, assert_verdict, session

SEATS = "NESW"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
RULE_SETS: list[dict[str, Any]] = [
    {},
    {"preset": "family"},
    {"preset": "north-american"},
    {"preset": "canadian"},
    {"defend_alone": True, "super_euchre": True},
]
SCRIPTED = [
    ORDER_UP_PLAY + "renege E 1 by N",  # a false call (East followed suit)
    "9h o 9s\nah 9d jh 9h\nac qc 9c jc\nkd ad td th\nrenege E 1 by N",  # upheld, mid-hand
    "9h o ?\nad jd qd td\nkd 9d ks qs",  # a renege proven by a later play, hand unfinished
    "9h p p p p p p p p\n9s p p p o 9d",  # passed out, then an unfinished hand
]


def team(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def write_corpus(folder: Path, games: int = 36, seed: int = 2026) -> list[Path]:
    """Random games as euchre-log/1 files, and scripted hands with irregularities."""
    rng = random.Random(seed)
    paths = []
    for i in range(games):
        rules = Rules.build(rng.choice(RULE_SETS))
        max_hands = rng.choice([200, 200, 200, 4])  # some games stop before the end
        game = GameState(rules)
        for dealt in random_game(rng, rules, max_hands=max_hands):
            hand = game.start_hand(dealt.dealer, dealt.upcard)
            for action in dealt.actions:
                hand.apply(action)
        players = dict(zip(SEATS, rng.sample(NAMES, 4), strict=True))
        date = f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" if i % 9 else None
        doc = log_dict(game_info(players, rules, title=f"Random {i}", date=date), game)
        paths.append(folder / f"random-{i:02d}.json")
        paths[-1].write_text(json.dumps(doc), encoding="utf-8")
    for i, script in enumerate(SCRIPTED):
        s = session(script)
        players = dict(zip(SEATS, rng.sample(NAMES, 4), strict=True))
        doc = log_dict(
            game_info(players, s.rules, title=f"Scripted {i}", date="2026-06-01"), s.game
        )
        paths.append(folder / f"scripted-{i}.json")
        paths[-1].write_text(json.dumps(doc), encoding="utf-8")
    return paths


def calls() -> dict[str, int]:
    return {"calls": 0, "made": 0, "marches": 0, "euchred": 0}


REVIEW_COUNTS = (
    "hands",
    "plays",
    "choices",
    "good",
    "tricks_given",
    "makeable_not_made",
    "avoidable_euchres",
)


def review_totals(counts: dict[str, int]) -> dict[str, Any]:
    """A player's or a pair's review counts as stats --json gives them."""
    out: dict[str, Any] = {k: v for k, v in counts.items() if k != "good"}
    choices = counts["choices"]
    out["accuracy"] = round(100 * counts["good"] / choices, 1) if choices else None
    # The corpus is reviewed with --no-fair: no fair review is kept (test_fair_review_cli
    # checks the fair counts).
    out["fair_choices"], out["fair_accuracy"] = 0, None
    return {
        k: out[k]
        for k in (
            "hands",
            "plays",
            "choices",
            "tricks_given",
            "accuracy",
            "makeable_not_made",
            "avoidable_euchres",
            "fair_choices",
            "fair_accuracy",
        )
    }


def count_reviews(
    review: dict[str, Any],
    seats: dict[str, str],
    people: dict[str, dict[str, int]],
    pairs: dict[tuple[str, ...], dict[str, int]],
) -> int:
    """Add one game's review --json (REVIEW.md's fields) to each player's and pair's
    counts, by the definitions in the stats help; returns the analysed hands."""
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}
    analysed = 0
    for h in review["hands"]:
        if not h["analysed"]:
            continue
        analysed += 1
        makers = team(h["maker"])
        euchred = h["tricks"] < 3
        makeable = euchred and h["dd_tricks"] >= 3
        avoidable = euchred and h["par"] is not None and h["par"][h["trump"]][makers] >= 3
        for t, (a, b) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
            key = tuple(sorted((seats[a], seats[b]), key=str.casefold))
            if key in pairs:
                pair = pairs[key]
                pair["hands"] += 1
                pair["makeable_not_made"] += makers == t and makeable
                pair["avoidable_euchres"] += makers == t and avoidable
        for seat, name in seats.items():
            if name not in people:
                continue
            mine = people[name]
            mine["hands"] += 1
            playing = h["maker"] == seat or (h["maker"] == partner[seat] and not h["alone"])
            mine["makeable_not_made"] += playing and makeable
            mine["avoidable_euchres"] += playing and avoidable
        for play in h["plays"]:
            cost, choice = play["cost"], play["legal"] >= 2
            name = seats[play["seat"]]
            ours = [people[name]] if name in people else []
            key = tuple(sorted((name, seats[partner[play["seat"]]]), key=str.casefold))
            ours += [pairs[key]] if key in pairs else []
            for c in ours:
                c["plays"] += 1
                c["tricks_given"] += cost
                c["choices"] += choice
                c["good"] += choice and cost == 0
    return analysed


def expected_stats(
    logs: Sequence[Mapping[str, Any]],
    reports: list[dict[str, Any]],
    player: str | None = None,
    reviews: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The stats document, counted from check reports and the logs' actions, and from
    ``review --json`` of the same logs (``reviews``) for the open-hand review's counts."""
    players: dict[str, dict[str, Any]] = {}
    pairs: dict[tuple[str, ...], dict[str, int]] = {}
    n_games = n_hands = 0

    def person(name: str) -> dict[str, Any]:
        if name not in players:
            players[name] = {
                "name": name,
                **dict.fromkeys(
                    (
                        "games",
                        "wins",
                        "hands",
                        "calls",
                        "made",
                        "marches",
                        "euchred",
                        "alone_calls",
                        "alone_marches",
                        "defended_alone",
                        "euchres_as_defender",
                        "reneges",
                        "points",
                    ),
                    0,
                ),
                "by_round": {r: calls() for r in ("1", "2")},
                "by_trump": {s: calls() for s in "CDHS"},
                "by_seat": {
                    r: calls()
                    for r in ("dealer", "left_of_dealer", "dealer_partner", "right_of_dealer")
                },
            }
        return players[name]

    def count_call(bucket: dict[str, int], outcome: str) -> None:
        bucket["calls"] += 1
        bucket["made"] += outcome in ("made", "march")
        bucket["marches"] += outcome == "march"
        bucket["euchred"] += outcome == "euchred"

    relative = ["dealer", "left_of_dealer", "dealer_partner", "right_of_dealer"]
    for log, report in zip(logs, reports, strict=True):
        seats = log["game"]["players"]
        if player is not None and player not in seats.values():
            continue
        n_games += 1
        n_hands += len(report["hands"])
        for t, (a, b) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
            key = tuple(sorted((seats[a], seats[b]), key=str.casefold))
            if player is not None and player not in key:
                continue
            pair = pairs.setdefault(
                key,
                dict.fromkeys(
                    (
                        "games",
                        "wins",
                        "hands",
                        "calls",
                        "made",
                        "marches",
                        "euchred",
                        "points_for",
                        "points_against",
                    ),
                    0,
                ),
            )
            pair["games"] += 1
            pair["wins"] += report["winner"] == t
            other = "EW" if t == "NS" else "NS"
            for h in report["hands"]:
                pair["hands"] += 1
                pair["points_for"] += h["points"][t]
                pair["points_against"] += h["points"][other]
                if h["maker"] is not None and team(h["maker"]) == t:
                    count_call(pair, h["outcome"])
        for seat, name in seats.items():
            if player is not None and name != player:
                continue
            p = person(name)
            side = team(seat)
            p["games"] += 1
            p["wins"] += report["winner"] == side
            for h, logged in zip(report["hands"], log["hands"], strict=True):
                p["hands"] += 1
                p["points"] += h["points"][side]
                p["reneges"] += sum(
                    1 for f in h["flags"] if f["kind"] == "renege" and f["seat"] == seat
                )
                p["defended_alone"] += h["defender_alone"] == seat
                maker, outcome = h["maker"], h["outcome"]
                if maker is not None and team(maker) != side and outcome == "euchred":
                    p["euchres_as_defender"] += 1
                if maker != seat:
                    continue
                count_call(p, outcome)
                p["alone_calls"] += h["alone"]
                p["alone_marches"] += h["alone"] and outcome == "march"
                ordered = any(a["type"] == "order" for a in logged["actions"])
                count_call(p["by_round"]["1" if ordered else "2"], outcome)
                count_call(p["by_trump"][h["trump"]], outcome)
                rel = (SEATS.index(seat) - SEATS.index(h["dealer"])) % 4
                count_call(p["by_seat"][relative[rel]], outcome)
    analysed = 0
    if reviews is not None:
        people = {name: dict.fromkeys(REVIEW_COUNTS, 0) for name in players}
        duos = {key: dict.fromkeys(REVIEW_COUNTS, 0) for key in pairs}
        for log, review in zip(logs, reviews, strict=True):
            if player is None or player in log["game"]["players"].values():
                analysed += count_reviews(review, log["game"]["players"], people, duos)
        for name, p in players.items():
            p["review"] = review_totals(people[name])
        for key, pair in pairs.items():
            pair["review"] = review_totals(duos[key])  # type: ignore[assignment]
    ordered_players = sorted(players.values(), key=lambda e: (e["name"].casefold(), e["name"]))
    partnerships = [
        {"players": list(k), **v}
        for k, v in sorted(pairs.items(), key=lambda kv: [n.casefold() for n in kv[0]])
    ]
    doc: dict[str, Any] = {
        "filters": {"player": player, "since": None, "games": []},
        "games": n_games,
        "hands": n_hands,
        "players": ordered_players,
        "partnerships": partnerships,
    }
    if reviews is not None:
        doc["review"] = {"hands": n_hands, "reviewed": n_hands, "analysed": analysed, "missing": 0}
    return doc


Corpus = tuple[Path | Database, list[Path]]


@pytest.fixture(scope="module", params=BACKENDS)
def corpus(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Corpus]:
    """The corpus imported into one database, shared by the tests of this module: a
    SQLite file, then a PostgreSQL database (the same SQL must count the same)."""
    from .conftest import Cli as _Cli

    folder = tmp_path_factory.mktemp("corpus")
    paths = write_corpus(folder)
    paths += sorted(SAMPLES.glob("*.json"))
    db: Path | Database = folder / "stats.db"
    if request.param == "postgresql":
        admin = request.getfixturevalue("postgres_admin")
        db = make_postgres_db(admin)
    result = _Cli(db)("import", *(str(p) for p in paths))
    assert result.exit_code == 0, result.output
    reviewed = _Cli(db)(
        "review", "--all", "--no-fair"
    )  # stats counts the reviews kept, and reviews none
    assert reviewed.exit_code == 0, reviewed.output
    yield db, paths
    if isinstance(db, Database):
        drop_postgres_db(admin, db)


def reports_for(cli: Cli, paths: Iterable[Path]) -> list[dict[str, Any]]:
    report = assert_verdict(cli("check", "--json", *(str(p) for p in paths)))
    games: list[dict[str, Any]] = report["games"]
    assert all(g["error"] is None for g in games), games
    return games


_REVIEWS: dict[Path, dict[str, Any]] = {}


def reviews_for(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """``review --json`` of each log (one game each), computed once per file."""
    paths = list(paths)
    todo = [p for p in paths if p not in _REVIEWS]
    if todo:
        result = invoke("review", "--json", "--no-fair", *(str(p) for p in todo))
        assert result.exit_code == 0, result.output
        for path, game in zip(todo, json.loads(result.stdout)["games"], strict=True):
            _REVIEWS[path] = game
    return [_REVIEWS[p] for p in paths]


def filtered(
    paths: list[Path], keep: Callable[[int, dict[str, Any]], bool]
) -> tuple[list[dict[str, Any]], list[Path]]:
    """The logs (and their paths) whose game id (their import order, from 1) is kept."""
    logs, kept = [], []
    for i, path in enumerate(paths, start=1):
        log = json.loads(path.read_text(encoding="utf-8"))
        if keep(i, log):
            logs.append(log)
            kept.append(path)
    return logs, kept


def test_stats_match_counts_from_the_check_reports(corpus: Corpus) -> None:
    db, paths = corpus
    cli = Cli(db)
    logs, _ = filtered(paths, lambda i, log: True)
    reports = reports_for(cli, paths)
    expected = expected_stats(logs, reports, reviews=reviews_for(paths))
    got = cli.json("stats")
    StatsOut.model_validate(got)
    assert got["games"] == len(paths) and got["hands"] == sum(len(r["hands"]) for r in reports)
    assert [p["name"] for p in got["players"]] == [p["name"] for p in expected["players"]]
    for mine, theirs in zip(got["players"], expected["players"], strict=True):
        assert mine == theirs, mine["name"]
    assert got["partnerships"] == expected["partnerships"]
    assert got == expected
    # The corpus exercises every count.
    totals = {
        k: sum(p[k] for p in got["players"])
        for k, v in got["players"][0].items()
        if isinstance(v, int)
    }
    for key in ("alone_marches", "defended_alone", "euchres_as_defender", "reneges", "marches"):
        assert totals[key] > 0, key
    for key in ("tricks_given", "makeable_not_made", "avoidable_euchres"):
        assert sum(p["review"][key] for p in got["players"]) > 0, key
    assert got["review"]["missing"] == 0 and got["review"]["analysed"] > 0


def test_stats_for_one_player_and_their_partnerships(corpus: Corpus) -> None:
    db, paths = corpus
    cli = Cli(db)
    logs, kept = filtered(paths, lambda i, log: "Eve" in log["game"]["players"].values())
    expected = expected_stats(logs, reports_for(cli, kept), "Eve", reviews_for(kept))
    got = cli.json("stats", "--player", "eve")  # names match without case
    expected["filters"]["player"] = "Eve"
    assert got == expected
    assert all("Eve" in p["players"] for p in got["partnerships"])


def test_stats_since_a_date_and_for_some_games(corpus: Corpus) -> None:
    db, paths = corpus
    cli = Cli(db)

    def recent(i: int, log: dict[str, Any]) -> bool:
        return (log["game"].get("date") or "") >= "2026-07-01"

    logs, kept = filtered(paths, recent)
    expected = expected_stats(logs, reports_for(cli, kept), reviews=reviews_for(kept))
    expected["filters"]["since"] = "2026-07-01"
    assert cli.json("stats", "--since", "2026-07-01") == expected

    chosen = [3, 5, 8, 13]
    logs, kept = filtered(paths, lambda i, log: i in chosen)
    expected = expected_stats(logs, reports_for(cli, kept), reviews=reviews_for(kept))
    expected["filters"]["games"] = chosen
    assert cli.json("stats", "--game", "3,5", "--game", "8", "-g", "13") == expected


def test_stats_csv_has_one_row_per_player(corpus: Corpus) -> None:
    db, _ = corpus
    cli = Cli(db)
    doc = cli.json("stats")
    result = cli("stats", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["name"] for r in rows] == [p["name"] for p in doc["players"]]
    for row, p in zip(rows, doc["players"], strict=True):
        for key in ("games", "wins", "hands", "calls", "made", "euchred", "reneges", "points"):
            assert int(row[key]) == p[key]
        assert int(row["round_2_made"]) == p["by_round"]["2"]["made"]
        assert int(row["trump_H_calls"]) == p["by_trump"]["H"]["calls"]
        assert int(row["seat_dealer_euchred"]) == p["by_seat"]["dealer"]["euchred"]
        assert int(row["review_tricks_given"]) == p["review"]["tricks_given"]
        accuracy = p["review"]["accuracy"]
        assert row["review_accuracy"] == ("" if accuracy is None else str(accuracy))


def test_stats_tables_for_everyone_and_for_a_person(corpus: Corpus) -> None:
    db, _ = corpus
    cli = Cli(db)
    everyone = cli("stats")
    assert everyone.exit_code == 0
    for text in ("Players", "Making trump", "Partnerships", "Make %", "Ann & Bob"):
        assert text in everyone.stdout
    ann = cli("stats", "--player", "Ann")
    assert ann.exit_code == 0
    for text in (
        "Round one (ordered the upcard)",
        "Round two (named a suit)",
        "Trump ♥ hearts",
        "Left of the dealer (bids first)",
        "The dealer's partner",
        "With each partner",
    ):
        assert text in ann.stdout


def test_stats_of_an_empty_database(cli: Cli) -> None:
    assert cli.json("stats") == {
        "filters": {"player": None, "since": None, "games": []},
        "games": 0,
        "hands": 0,
        "players": [],
        "partnerships": [],
        "review": {"hands": 0, "reviewed": 0, "analysed": 0, "missing": 0},
    }
    assert cli.json("stats", "--no-review")["review"] is None
    assert "nothing to count" in cli("stats").stdout
    assert cli("stats", "--format", "csv").stdout.startswith("name,games,wins,")


def test_stats_help_defines_every_count() -> None:
    text = " ".join(invoke("stats", "--help").output.split())
    for name in PlayerStats.model_fields:
        if name not in ("name", "by_round", "by_trump", "by_seat"):
            assert f"{name}:" in text, name
    assert "passed-out hands included" in text and "whatever their seats" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "Zed"], "there is no player named 'Zed'"),
        (["--since", "last week"], "--since takes a date as YYYY-MM-DD"),
        (["--since", "2026-02-30"], "--since takes a date as YYYY-MM-DD"),
        (["--game", "999"], "there is no game 999"),
        (["--game", "1,998,999"], "there are no games 998, 999"),
        (["--game", "one"], "--game takes game ids"),
        (["--json", "--format", "csv"], "--json and --format csv disagree"),
    ],
)
def test_stats_bad_input_exits_2(corpus: Corpus, args: list[str], message: str) -> None:
    db, _ = corpus
    result = Cli(db)("stats", *args)
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.startswith("euchre-log: ")


def test_stats_are_sums_in_the_database_not_a_replay(
    corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """stats never loads a game through the engine: it reads the cached results, and
    reviews no hand (review --all does)."""
    import euchre_log.store.games as games
    import euchre_log.store.read as read

    db, _ = corpus

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("stats loaded a game")

    monkeypatch.setattr(games, "load_game", refuse)
    monkeypatch.setattr(read, "load_game", refuse)
    monkeypatch.setattr(read, "effective_entries", refuse)
    assert Cli(db)("stats").exit_code == 0
    assert Cli(db)("stats", "--no-review").exit_code == 0


def test_players_and_partners_count_once_per_game_whatever_the_seat() -> None:
    """A small hand-made check of the definitions, apart from the big corpus."""
    s = session(ORDER_UP_PLAY)  # North orders hearts, NS take 3 tricks
    doc = log_dict(game_info({"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}, s.rules), s.game)
    report = {"winner": None, "hands": [dict(h["result"]) for h in doc["hands"]]}
    expected = expected_stats([doc], [report])
    ann = next(p for p in expected["players"] if p["name"] == "Ann")
    assert (ann["calls"], ann["made"], ann["points"]) == (1, 1, 1)
    assert ann["by_seat"]["left_of_dealer"]["made"] == 1 and ann["by_round"]["1"]["calls"] == 1
    dan = next(p for p in expected["players"] if p["name"] == "Dan")
    assert (dan["calls"], dan["points"], dan["hands"]) == (0, 0, 1)


def test_the_review_columns_are_the_review_models_fields() -> None:
    """``formats.names.REVIEW_FIELDS`` (the CSV's review columns, without Pydantic) lists
    the fields of ``outputs.ReviewStats`` (the JSON's), in order."""
    from euchre_log.formats.names import REVIEW_FIELDS
    from euchre_log.formats.outputs import ReviewStats

    assert tuple(ReviewStats.model_fields) == REVIEW_FIELDS
