"""The command line behaves like the tools people know: shell completion, one meaning per
short flag, help and errors in words, --json with a schema, dates and folders checked."""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from euchre_log.cli.app import app
from euchre_log.formats.load import games_from_data
from euchre_log.formats.models import GameLog
from euchre_log.formats.outputs import CopyOut, ExplainOut, ReplayOut, StatsOut, VerifyOut
from euchre_log.formats.reader import LogError
from euchre_log.formats.schemas import all_schemas

from .conftest import ROOT, SAMPLES, Cli
from .helpers import modules_after

LIBRARY_WORDS = ("Input should", "Value error", "literal[", "function-", "NoneType", "[type=")
"""Pydantic's (and Python's) words, which a message to a card player never shows."""

NOT_YET: dict[str, str] = {}
"""Commands the help-in-words test leaves out for now, and why."""


def commands() -> Iterator[tuple[str, Any]]:
    """The root command and every command, as Typer registers them."""
    root = typer.main.get_command(app)
    yield "euchre-log", root
    yield from root.commands.items()  # type: ignore[attr-defined]


def dump(model: Any) -> Any:
    """A validated output as JSON data again: what the model knows, nothing left out."""
    return json.loads(model.model_dump_json(by_alias=True, exclude_unset=True))


# ---------------------------------------------------------------------------
# Shell completion


def test_shell_completion_is_on_and_completes_commands_and_options() -> None:
    runner = CliRunner()
    script = runner.invoke(app, ["--show-completion", "bash"], prog_name="euchre-log")
    assert script.exit_code == 0 and "_EUCHRE_LOG_COMPLETE=complete_bash" in script.output

    def complete(words: str) -> list[str]:
        env = {
            "_EUCHRE_LOG_COMPLETE": "complete_bash",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split()) - 1),
        }
        result = runner.invoke(app, [], prog_name="euchre-log", env=env)
        assert result.exit_code == 0, result.output
        return result.output.split()

    assert complete("euchre-log rep") == ["replay"]
    assert "--hand" in complete("euchre-log explain --h")
    assert complete("euchre-log stats --fo") == ["--format"]


# ---------------------------------------------------------------------------
# Short flags and help


def test_a_short_flag_means_one_long_option_in_every_command() -> None:
    meanings: dict[str, dict[str, list[str]]] = {}
    for name, command in commands():
        for param in command.params:
            opts = [*param.opts, *getattr(param, "secondary_opts", [])]
            longs = sorted(o for o in opts if o.startswith("--"))
            for short in (o for o in opts if re.fullmatch(r"-[A-Za-z0-9]", o)):
                meanings.setdefault(short, {}).setdefault("/".join(longs), []).append(name)
    clashes = {s: m for s, m in meanings.items() if len(m) > 1}
    assert not clashes, f"short flags with more than one meaning: {clashes}"
    assert {s: next(iter(m)) for s, m in meanings.items()} == {
        "-n": "--hand",
        "-s": "--step",
        "-d": "--dealer",
        "-t": "--title",
        "-p": "--player",
        "-g": "--game",
        "-f": "--format",
        "-o": "--output",
    }, "a new short flag: add it to the scheme in README.md (Conventions) and here"


def test_the_seats_and_the_preset_have_no_short_flags(cli: Cli) -> None:
    for flag in ("-n", "-e", "-s", "-w", "-p"):
        result = cli("new", "--players", "A,B,C,D", flag, "x")
        assert result.exit_code == 2 and "No such option" in result.output


def test_help_names_values_in_words_never_python_types() -> None:
    runner = CliRunner()
    types = re.compile(r"<[^<>\s]+>|\[(str|int|float|bool|Path)\]|list\[|dict\[")
    for name, _command in commands():
        if name in NOT_YET:
            continue
        args = ["--help"] if name == "euchre-log" else [name, "--help"]
        result = runner.invoke(app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 0, name
        found = types.search(result.output)
        assert found is None, f"euchre-log {name} --help shows a type: {found.group(0)}"
        assert "-h, --help" in result.output, name  # -h is help everywhere
    replay = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "200"}).output
    assert "-n, --hand N " in replay and "GAME  The game's id" in replay
    new = runner.invoke(app, ["new", "--help"], env={"COLUMNS": "200"}).output
    assert "--set OPTION=VALUE" in new and "--rules FILE" in new and "--north NAME" in new


# ---------------------------------------------------------------------------
# Errors in words


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["replay", "1", "--hand", "x"], "'x' is not a whole number"),
        (["explain", "two"], "'two' is not a whole number"),
        (["verify", "1", "b"], "'b' is not a whole number"),
        (["stats", "--format", "xml"], "'xml' is not one of 'table', 'json', 'csv'"),
        (["new", "--bogus"], "No such option: --bogus"),
        (["new", "--players"], "requires an argument"),
    ],
)
def test_usage_errors_exit_2_in_words(cli: Cli, args: list[str], words: str) -> None:
    result = cli(*args)
    assert result.exit_code == 2
    assert words in result.output
    assert not [w for w in LIBRARY_WORDS if w in result.output], result.output


def test_rules_errors_are_in_words(cli: Cli, tmp_path: Path) -> None:
    bad_set = cli("new", "--players", "A,B,C,D", "--set", "target=abc")
    assert bad_set.exit_code == 2
    assert "rule option 'target' cannot be 'abc': it takes a whole number" in bad_set.stderr
    rules = tmp_path / "rules.json"
    rules.write_text('{"preset": "family", "deck": "lots"}', encoding="utf-8")
    bad_file = cli("new", "--players", "A,B,C,D", "--rules", str(rules))
    assert bad_file.exit_code == 2 and "rule option 'deck' cannot be 'lots'" in bad_file.stderr
    for result in (bad_set, bad_file):
        assert not [w for w in LIBRARY_WORDS if w in result.output], result.output


def _mutations(doc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The document with each field (of the game, the first hand and its first actions)
    replaced in turn by a value of the wrong kind."""
    paths: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        if path:
            paths.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, [*path, key])
        elif isinstance(node, list):
            for i, value in enumerate(node[:2]):
                walk(value, [*path, i])

    walk(doc, [])
    wrong: tuple[Any, ...] = (5, 2.5, "zz", None, True, [], [5], {})
    for path in paths:
        for value in wrong:
            changed = copy.deepcopy(doc)
            node: Any = changed
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
            yield changed


def test_log_file_errors_never_show_pydantic_words() -> None:
    refused = 0
    for name in ("renege-dispute.json", "variant-farmers-hand.json", "variant-throw-in.json"):
        doc = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
        for changed in _mutations(doc):
            try:
                games_from_data(name, changed)
            except LogError as exc:
                refused += 1
                message = str(exc)
                assert not [w for w in LIBRARY_WORDS if w in message], message
    assert refused > 500


def test_located_messages_for_wrong_kinds_and_cards(tmp_path: Path) -> None:
    doc = json.loads((SAMPLES / "renege-dispute.json").read_text(encoding="utf-8"))
    cases: list[tuple[list[Any], Any, str]] = [
        (["game", "date"], 5, "game.date should be text, not 5"),
        (["hands", 0, "upcard"], "ZZ", "hand 1: 'ZZ' is not a card"),
        (["hands", 0, "actions", 2], "pass", "hand 1, action 2: the action should be a JSON object, not text"),
        (["hands", 0], None, "hand 1: the hand should be a JSON object, not null"),
    ]  # fmt: skip
    for path, value, words in cases:
        changed = copy.deepcopy(doc)
        node: Any = changed
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        with pytest.raises(LogError) as caught:
            games_from_data("x.json", changed)
        assert str(caught.value).startswith(words), str(caught.value)


def test_an_egn_annotation_with_a_bad_action_is_refused_in_words(cli: Cli, tmp_path: Path) -> None:
    cli("import", str(SAMPLES / "renege-dispute.json"))
    egn = tmp_path / "game.egn"
    assert cli("export", "1", "--format", "egn", "-o", str(egn)).exit_code == 0
    text = egn.read_text(encoding="utf-8")
    assert '\\"shown\\": []' in text and '\\"trick\\": 1,' in text
    for old, new, words in (
        ('\\"shown\\": []', '\\"shown\\": [\\"ZZ\\"]', "shown.0: 'ZZ' is not a card"),
        ('\\"trick\\": 1,', '\\"trick\\": 9,', "trick should be a trick number from 1 to 5, not 9"),
    ):
        bad = tmp_path / "bad.egn"
        bad.write_text(text.replace(old, new), encoding="utf-8")
        result = cli("check", str(bad))
        assert result.exit_code == 2
        flat = " ".join(result.output.split())
        assert "the annotation on play 19: " + words in flat, flat
        assert not [w for w in LIBRARY_WORDS if w in flat], flat


# ---------------------------------------------------------------------------
# --db and its folder


def test_a_db_in_a_missing_folder_is_refused_and_no_folder_is_made(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "folder" / "games.db"
    for db in (str(target), f"sqlite:///{target}"):
        result = Cli(db)("games")
        assert result.exit_code == 2
        assert f"the folder {target.parent} does not exist" in result.stderr
    assert not (tmp_path / "no").exists()
    assert Cli(tmp_path / "games.db")("games").exit_code == 0  # an existing folder: created


def test_the_default_database_and_its_folder_are_made_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_log.store.db import default_path

    monkeypatch.delenv("EUCHRE_LOG_DB", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # where Linux keeps it
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # and macOS and Windows-like setups
    path = default_path()
    assert str(path).startswith(str(tmp_path)) and not path.parent.exists()
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert path.is_file()


# ---------------------------------------------------------------------------
# Dates


def test_new_takes_iso_dates_today_and_yesterday_and_refuses_the_rest(cli: Cli) -> None:
    players = ("new", "--players", "Ann,Bob,Cat,Dan")
    today = dt.date.today()
    for given, stored in (
        ("2026-11-27", "2026-11-27"),
        ("today", today.isoformat()),
        ("Yesterday", (today - dt.timedelta(days=1)).isoformat()),
    ):
        game = cli.json(*players, "--date", given)["id"]
        (row,) = [g for g in cli.json("games")["games"] if g["id"] == game]
        assert row["date"] == stored
    for bad, words in (
        ("last friday", "--date takes a day as YYYY-MM-DD, today or yesterday"),
        ("27/11/2026", "--date takes a day as YYYY-MM-DD"),
        ("20261127", "--date takes a day as YYYY-MM-DD"),
        ("2026-02-30", "--date 2026-02-30: there is no such day in the calendar"),
    ):
        result = cli(*players, "--date", bad)
        assert result.exit_code == 2 and words in result.stderr, result.output
    assert len(cli.json("games")["games"]) == 3


def test_a_file_date_that_is_no_date_is_kept_and_left_out_of_since(
    cli: Cli, tmp_path: Path
) -> None:
    doc = json.loads((SAMPLES / "renege-dispute.json").read_text(encoding="utf-8"))
    for date in ("last Friday", "2026-05-29T16:30", "2026-05-30"):
        path = tmp_path / f"{len(date)}.json"
        path.write_text(json.dumps({**doc, "game": {**doc["game"], "date": date}}))
        # The same game each time (a date is not what was played): stored on request.
        assert cli("import", "--allow-duplicates", str(path)).exit_code == 0
    dates = {g["date"] for g in cli.json("games")["games"]}
    assert dates == {"last Friday", "2026-05-29T16:30", "2026-05-30"}
    assert cli.json("stats", "--since", "2026-05-29")["games"] == 2
    assert cli.json("stats", "--since", "2026-05-30")["games"] == 1
    assert cli.json("stats")["games"] == 3
    replayed = cli("replay", "1")
    assert replayed.exit_code == 0 and "(last Friday)" in replayed.stdout


# ---------------------------------------------------------------------------
# JSON with a schema: replay, explain, verify, copy


def test_every_json_output_has_a_committed_schema() -> None:
    names = set(all_schemas())
    assert {"replay", "explain", "verify", "copy"} <= names
    for name in names:
        assert (ROOT / "schemas" / f"{name}.schema.json").is_file()


def test_stats_and_export_are_their_models_as_json_data(cli: Cli) -> None:
    """The documents built as plain dicts (``store.stats``, ``formats.writer``) are exactly
    their models' JSON: every key the model has, nothing it does not."""
    for name in ("family-game.json", "renege-dispute.json"):
        assert cli("import", str(SAMPLES / name)).exit_code == 0
    stats = cli.json("stats")
    assert stats["players"] and stats["partnerships"] and stats["review"]
    assert dump(StatsOut.model_validate(stats)) == stats
    for game in ("1", "2"):
        exported = json.loads(cli("export", game).stdout)
        assert dump(GameLog.model_validate(exported)) == exported
    flags = [f for h in exported["hands"] for f in h["result"]["flags"]]
    assert any("proof" in f for f in flags) and any("accused" not in f for f in flags)


def test_replay_json_has_each_hand_trick_by_trick(cli: Cli) -> None:
    cli("import", str(SAMPLES / "renege-dispute.json"))
    data = cli.json("replay", "1")
    assert dump(ReplayOut.model_validate(data)) == data
    (hand,) = data["hands"]
    assert hand["result"] == cli.json("summary", "1")["hands"][0]  # the check report's
    assert hand["upcard"] == "9H" and hand["discard"] == {"card": "9S", "how": "recorded"}
    assert hand["dealt"]["E"] == {"cards": ["JC", "9D", "TH", "KS", "AS"], "how": "deduced", "unseen": 0}  # fmt: skip
    first = hand["tricks"][0]
    assert first["leader"] == "N" and first["winner"] == "S"
    assert [c["card"] for c in first["cards"]] == ["AH", "9D", "JH", "9H"]
    assert hand["actions"][0] == {"type": "order", "seat": "N", "alone": False}
    assert cli("replay", "1", "--json", "--step").exit_code == 2
    one = cli.json("import", str(SAMPLES / "family-game.json"))["imported"][0]["id"]
    assert [h["result"]["number"] for h in cli.json("replay", str(one), "--hand", "3")["hands"]] == [3]  # fmt: skip


def test_explain_json_gives_the_proof_the_verdicts_and_the_cards(cli: Cli) -> None:
    cli("import", str(SAMPLES / "renege-dispute.json"))
    data = cli.json("explain", "1")
    assert dump(ExplainOut.model_validate(data)) == data
    assert data["hand"] == 1 and data["reneged"] is True
    (flag,) = data["result"]["flags"]
    assert flag["kind"] == "renege" and flag["seat"] == "E"
    assert flag["proof"] == {"held": "TH", "played": "9D", "led": "H", "how": "later_play", "trick": 3}  # fmt: skip
    (call,) = data["calls"]
    assert (call["seat"], call["accused"], call["status"], call["penalised"]) == ("N", "E", "upheld", True)  # fmt: skip
    east = data["seats"][1]
    assert (east["seat"], east["name"], east["active"]) == ("E", "Bob", True)
    assert {c["card"]: (c["how"], c["played_on"]) for c in east["cards"]}["TH"] == ("played", 3)
    assert east["showed_out"][0] == {"suit": "H", "trick": 1, "played": "9D"}
    west = data["seats"][3]
    assert ("9H", "upcard", 1) in [(c["card"], c["how"], c["played_on"]) for c in west["cards"]]


def test_explain_json_names_a_pending_call_and_its_hand(cli: Cli) -> None:
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W")
    cli("record", "1", input="9h o 9s\nah 9d jh 9h\nrenege E 1 by N\n")
    data = cli.json("explain", "1")
    ExplainOut.model_validate(data)
    (call,) = data["calls"]
    assert (call["status"], call["decided_by"], call["penalised"]) == ("pending", None, False)
    assert data["reneged"] is False
    unresolved = [f["kind"] for f in data["result"]["flags"]]
    assert unresolved == ["unresolved_renege_call"]


def test_explain_json_refuses_like_the_text_view(cli: Cli) -> None:
    cli("import", str(SAMPLES / "family-game.json"))
    result = cli("explain", "1", "--json")
    assert result.exit_code == 2 and "name the hand to explain with --hand N" in result.stderr
    assert result.stdout == ""


def test_verify_and_copy_json_follow_their_schemas(cli: Cli, tmp_path: Path) -> None:
    cli("import", str(SAMPLES / "renege-dispute.json"))
    verified = cli.json("verify")
    assert dump(VerifyOut.model_validate(verified)) == verified
    assert {k: verified[k] for k in ("games", "intact", "problems", "fingerprint")} == {
        "games": [1],
        "intact": True,
        "problems": [],
        "fingerprint": None,
    }
    assert [r["game"] for r in verified["records"]] == [1]
    target = tmp_path / "club.db"
    result = CliRunner().invoke(app, ["copy", "--from", str(cli.db), "--to", str(target), "--json"])
    assert result.exit_code == 0, result.output
    copied = json.loads(result.stdout)
    assert dump(CopyOut.model_validate(copied)) == copied
    assert copied["from"].endswith("test.db") and copied["copied"] == 1
    assert copied["games"][0]["status"] == "copied" and copied["games"][0]["target_game"] == 1
    from euchre_log.store.access import open_store

    store = open_store(str(cli.db))
    try:
        with store.writing() as conn:
            from sqlalchemy import text

            conn.execute(text("UPDATE action SET data = replace(data, '9D', 'KD') WHERE seq = 5"))
    finally:
        store.close()
    tampered = cli.json("verify", code=1)
    assert dump(VerifyOut.model_validate(tampered)) == tampered
    assert tampered["intact"] is False and tampered["problems"][0]["kind"] == "changed"


def test_export_says_what_it_wrote_as_json(cli: Cli, tmp_path: Path) -> None:
    import hashlib

    from euchre_log.formats.outputs import ExportOut

    cli("import", str(SAMPLES / "renege-dispute.json"))
    for fmt in ("json", "csv", "egn", "html"):
        out = tmp_path / f"game.{fmt}"
        said = ExportOut.model_validate(cli.json("export", "1", "--format", fmt, "-o", str(out)))
        data = out.read_bytes()
        assert (said.game, said.file, said.format, said.output) == (1, None, fmt, str(out))
        assert said.bytes == len(data) and said.sha256 == hashlib.sha256(data).hexdigest()
    refused = cli("export", "1", "--json")
    assert refused.exit_code == 2 and "give -o FILE" in refused.stderr


# ---------------------------------------------------------------------------
# Only the command named is built


def test_every_command_is_mapped_to_the_module_that_defines_it() -> None:
    from euchre_log.cli.app import COMMAND_MODULES, COMMANDS

    found = {}
    for command in app.registered_commands:
        assert command.callback is not None
        name = command.name or typer.main.get_command_name(command.callback.__name__)
        found[name] = command.callback.__module__.rsplit(".", 1)[1]
    assert found == COMMANDS
    assert set(COMMANDS.values()) == set(COMMAND_MODULES)


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["games"], "games"),
        (["--db", "x.db", "stats", "--json"], "stats"),
        (["--db=x.db", "check", "a.json"], "check"),
        (["--help"], None),
        (["--db", "x.db"], None),
        ([], None),
        (["--version", "games"], None),
        (["nosuch"], "nosuch"),
    ],
)
def test_the_command_word_is_found_past_the_apps_options(argv: list[str], word: str | None) -> None:
    from euchre_log.cli.app import command_word

    assert command_word(argv) == word


def test_a_command_line_loads_only_its_commands_module(tmp_path: Path) -> None:
    from euchre_log.cli.app import COMMAND_MODULES as COMMAND_MODULE_NAMES

    loaded, out = modules_after(["--db", str(tmp_path / "t.db"), "games", "--json"], CLI)
    assert json.loads(out.stdout) == {"games": [], "total": 0}
    commands = {m.rsplit(".", 1)[1] for m in loaded} & set(COMMAND_MODULE_NAMES)
    assert commands == {"games"}
    loaded, out = modules_after(["--help"], CLI)
    assert {m.rsplit(".", 1)[1] for m in loaded} >= set(COMMAND_MODULE_NAMES)
    assert "replay" in out.stdout and "verify" in out.stdout
    _, out = modules_after(["replya"], CLI)
    assert "replay" in out.stderr  # the nearest command, suggested from all of them


CLI = "euchre_log.cli"
