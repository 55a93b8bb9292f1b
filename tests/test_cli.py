"""The command line as a whole: help everywhere, clean refusals, no tracebacks."""

from __future__ import annotations

import typer

from euchre_log.cli.app import app

from .conftest import Cli, invoke


def test_every_command_has_help_text() -> None:
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert {"record", "new", "games", "summary", "check", "import", "export", "schema"} <= set(
        commands
    )
    for name, command in commands.items():
        assert command.help and len(command.help) > 20, f"{name} has no help text"
        result = invoke(name, "--help")
        assert result.exit_code == 0, name
        assert "Usage:" in result.output


def test_record_help_documents_the_grammar() -> None:
    result = invoke("record", "--help")
    for token in ("o!", "renege E 2", "penalty NS 2", "defend E", "undo", "? if nobody saw it"):
        assert token in result.output


def test_unknown_command_and_bad_options_exit_2(cli: Cli) -> None:
    assert cli("fly").exit_code == 2
    assert cli("check", "--bogus").exit_code == 2
    assert cli("summary", "notanumber").exit_code == 2


def test_a_missing_game_is_a_clear_refusal(cli: Cli) -> None:
    result = cli("summary", "42")
    assert result.exit_code == 2
    assert result.stderr.startswith("euchre-log: there is no game 42")
    assert result.stdout == ""


def test_the_readme_shows_the_recorder_s_help_as_80_columns_show_it() -> None:
    from pathlib import Path

    from euchre_log.recorder.help import SECTIONS
    from euchre_log.render.grammar import grammar_text

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"```text\n{grammar_text(80)}\n```" in readme
    for _, lines in SECTIONS:
        for token, _ in lines:
            assert token.strip() in readme, f"README.md lacks the recorder token {token}"


def test_rules_json_follows_its_schema_and_names_every_seed(cli: Cli) -> None:
    from euchre_log.engine.rules import OPTIONS
    from euchre_log.formats.outputs import RulesOut

    data = RulesOut.model_validate(cli.json("rules", "--preset", "family"))
    assert [o.name for o in data.options] == list(OPTIONS)
    values = {o.name: o.value for o in data.options}
    assert values["defend_alone"] is True and values["defend_alone_points"] == 4
    assert all(o.source and o.meaning for o in data.options)
    assert set(data.presets) == {"classic", "family", "north-american", "canadian", "benny"}
    result = cli("rules", "--set", "nonsense=1")
    assert result.exit_code == 2 and "no rule option 'nonsense'" in result.stderr


def test_version_answers_at_once() -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "euchre_log", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.startswith("euchre-log ")
