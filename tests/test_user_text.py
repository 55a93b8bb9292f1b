"""User text is data, never markup or control codes, in every view.

Players, titles and notes that Rich would read as markup (``[/]``, ``[bold]x``, a live
``[link=...]``), that a terminal would act on (``ESC [2J`` clearing the screen, an OSC 52
clipboard write, a line break that fakes a line of output, the right-to-left override),
or that look like a card or a seat (``JD``, ``TH``, ``E``) go through every command that
shows them: each one must show the text as it is, escaped where it holds a control
character, and write no control character at all but its own line breaks.

The names with control characters cannot come in any more (``new`` and the files refuse
them); they are put into the database behind euchre-log's back, as a database written by
an older version would hold them.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from sqlalchemy import create_engine
from sqlalchemy.pool import NullPool

from euchre_log.render.words import message

from .conftest import SAMPLES, Cli, Database
from .helpers import reseal

MARKUP = {"N": "[/]", "E": "JD", "S": "[link=http://e.vil]x[/link]", "W": "[bold]x"}
LOOKALIKE = {"N": "E", "E": "TH", "S": "9C", "W": "AS"}
CONTROL = {
    "N": "clear\x1b[2J",
    "E": "clip\x1b]52;c;aGVsbG8=\x07",
    "S": "two\nlines",
    "W": "\u202eevil",
}
CONTROL_TITLE = "\x1b]0;pwned\x07Friday"
HOSTILE_NOTE = "[red]note\x1b[2J\nTrick 9: fake line \u202e"
SHOWN = {  # what a view shows of each control name: its escapes, as text
    "N": "clear\\x1b[2J",
    "E": "clip\\x1b]52;c;aGVsbG8=\\x07",
    "S": "two\\nlines",
    "W": "\\u202eevil",
}


def raw_controls(text: str) -> list[str]:
    """Every character of the output that a terminal would act on, or that hides itself:
    controls other than the line break, format characters (bidi overrides, zero-width),
    separators and lone surrogates."""
    return [
        repr(ch)
        for ch in text
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs") and ch not in "\n\u200c\u200d"
    ]


def log_with(sample: str, players: dict[str, str], **game: Any) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((SAMPLES / sample).read_text(encoding="utf-8"))
    doc["game"]["players"] = players
    doc["game"].update(game)
    return doc


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cli, Path]]:
    """A database of three games: 1 the renege dispute played by names that are Rich
    markup, 2 the family game by names that look like cards and seats, 3 a game whose
    names, title and notes hold control characters (stored as an older version would)."""
    folder = tmp_path_factory.mktemp("hostile")
    db = folder / "hostile.db"
    cli = Cli(db)
    dispute = log_with("renege-dispute.json", MARKUP, title="[/bold]", notes=HOSTILE_NOTE)
    dispute["hands"][0]["actions"].insert(0, {"type": "note", "text": HOSTILE_NOTE})
    (folder / "dispute.json").write_text(json.dumps(dispute), encoding="utf-8")
    family = log_with("family-game.json", LOOKALIKE, title="[link=http://e.vil]title[/link]")
    (folder / "family.json").write_text(json.dumps(family), encoding="utf-8")
    assert cli("import", str(folder / "dispute.json"), str(folder / "family.json")).exit_code == 0
    assert cli.json("new", "--players", "A,B,C,D", "--dealer", "W")["id"] == 3
    script = "9h o 9s\nah 9d jh 9h\nrenege E 1 by N\nnote " + HOSTILE_NOTE.replace("\n", " ")
    script += "\npenalty NS 1 [bold]table talk\x1b[31m\n"
    assert cli("record", "3", input=script).exit_code == 0
    with sqlite3.connect(db) as con:
        for seat, name in CONTROL.items():
            con.execute(
                "UPDATE player SET name = ? WHERE id = "
                "(SELECT player_id FROM game_seat WHERE game_id = 3 AND seat = ?)",
                (name, seat),
            )
        con.execute(
            "UPDATE game SET title = ?, notes = ? WHERE id = 3", (CONTROL_TITLE, HOSTILE_NOTE)
        )
    # Sealed again with those names, as an older euchre-log would have stored them.
    engine = create_engine(f"sqlite:///{db}", poolclass=NullPool)
    reseal(engine, 3)
    engine.dispose()
    yield cli, folder


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A console wide enough that no table cuts a name short, as a pipe gets."""
    from euchre_log.cli import console as console_module

    plain = terminal(width=250, no_color=True, color_system=None)
    monkeypatch.setattr(console_module, "console", lambda: plain)


def terminal(**options: Any) -> Console:
    """A console like the one the commands print to (``cli.console``), with ``options``."""
    from euchre_log.cli import console as console_module

    make = getattr(console_module, "make_console", None)
    return make(**options) if make is not None else Console(highlight=False, **options)


def shown(cli: Cli, *args: str, input: str | None = None) -> str:
    """Everything a command wrote, standard output and error, after checking it holds no
    raw control character."""
    result = cli(*args, input=input)
    out = result.stdout + result.stderr
    assert raw_controls(out) == [], (args, raw_controls(out), out[-2000:])
    return out


VIEWS = [
    ("games",),
    ("games", "--json"),
    ("summary", "1"),
    ("summary", "2"),
    ("summary", "3"),
    ("summary", "3", "--json"),
    ("replay", "1"),
    ("replay", "2", "--hand", "1"),
    ("replay", "3"),
    ("replay", "3", "--json"),
    ("explain", "1"),
    ("explain", "3"),
    ("explain", "3", "--json"),
    ("review", "1"),
    ("review", "3"),
    ("review", "3", "--json"),
    ("stats",),
    ("stats", "--json"),
    ("stats", "--format", "csv"),
    ("stats", "--player", "[/]"),
    ("stats", "--player", CONTROL["N"]),
    ("export", "1"),
    ("export", "3"),
    ("export", "3", "--format", "csv"),
    ("export", "3", "--format", "egn"),
    ("export", "3", "--format", "html"),
    ("export", "1", "--format", "html"),
    ("verify",),
    ("verify", "--json"),
    ("rules", "--set", "target=\x1b[2J"),
    ("rules", "--preset", "[/]\x1b[2J"),
    ("new", "--players", "A\x1b[2J,B,C,D"),
    ("new", "--players", "A,B,C,D", "--title", "x\x1b]52;c;aGk=\x07"),
]


@pytest.mark.parametrize("args", VIEWS, ids=[" ".join(v)[:40] for v in VIEWS])
def test_no_view_writes_a_control_character(hostile: tuple[Cli, Path], args: tuple[str]) -> None:
    cli, _ = hostile
    shown(cli, *args)


def test_markup_in_names_and_titles_is_shown_as_written(hostile: tuple[Cli, Path]) -> None:
    cli, _ = hostile
    listing = shown(cli, "games")
    assert "[/bold]" in listing and "[/] & [link=http://e.vil]x[/link]" in listing
    assert "JD & [bold]x" in listing and "[link=http://e.vil]title[/link]" in listing
    summary = shown(cli, "summary", "1")
    assert "Game 1: [/bold]" in summary and "N [/]" in summary and "W [bold]x" in summary
    replay = shown(cli, "replay", "1")
    assert "[link=http://e.vil]x[/link] (South)" in replay and "[/] (North)" in replay
    assert "http://e.vil" in shown(cli, "explain", "1")
    stats = shown(cli, "stats")
    assert "[link=http://e.vil]x[/link]" in stats and "[bold]x" in stats
    assert "[bold]x" in shown(cli, "stats", "--player", "[bold]x")


@pytest.mark.parametrize("width", [50, 80])
def test_the_narrow_and_short_layouts_show_names_as_text(
    hostile: tuple[Cli, Path], monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    """The stacked layouts (below 60 columns) and the short tables (80) take names the
    same way as the wide ones: as text, escaped, never markup."""
    from euchre_log.cli import console as console_module

    cli, _ = hostile
    narrow = terminal(width=width, no_color=True, color_system=None)
    monkeypatch.setattr(console_module, "console", lambda: narrow)
    for args in (("games",), ("summary", "1"), ("replay", "1"), ("explain", "1")):
        assert "[bold]x" in shown(cli, *args), args
    for args in (("summary", "3"), ("replay", "3"), ("explain", "3"), ("stats",), ("review", "3")):
        shown(cli, *args)
    assert "clear\\x1b[2J" in shown(cli, "summary", "3")


def test_a_link_in_a_name_is_no_link_on_a_terminal(
    hostile: tuple[Cli, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a colour terminal Rich turns ``[link=...]`` markup into an OSC 8 hyperlink: the
    commands' console writes the name instead, in no escape but colours."""
    from euchre_log.cli import console as console_module

    cli, _ = hostile
    terminal = console_module.make_console(force_terminal=True, color_system="truecolor", width=160)
    monkeypatch.setattr(console_module, "console", lambda: terminal)
    for args in (("games",), ("summary", "1"), ("replay", "1"), ("explain", "1"), ("stats",)):
        text = cli(*args).stdout
        assert "\x1b]" not in text, args  # no hyperlink, no other operating system command
        assert "[link=http://e.vil]" in text, args


def test_control_characters_are_shown_escaped(hostile: tuple[Cli, Path]) -> None:
    cli, _ = hostile
    for args in (("games",), ("summary", "3"), ("replay", "3"), ("explain", "3")):
        flat = shown(cli, *args).replace("\n", "")
        for name in SHOWN.values():
            assert name in flat, (args, name)
    assert "\\x1b]0;pwned\\x07Friday" in shown(cli, "summary", "3")
    replay = shown(cli, "replay", "3")
    assert "Note: [red]note\\x1b[2J Trick 9: fake line \\u202e" in replay  # as written
    assert "Penalty: NS +1 ([bold]table talk\\x1b[31m)." in replay  # the reason too
    page = shown(cli, "export", "3", "--format", "html")
    assert "\\x1b]0;pwned\\x07Friday" in page
    # JSON carries the names themselves, as escapes that only a program reads.
    data = json.loads(cli("summary", "3", "--json").stdout)
    assert data["players"] == CONTROL and data["title"] == CONTROL_TITLE
    log = json.loads(cli("export", "3").stdout)
    assert log["game"]["players"] == CONTROL


def test_a_multi_line_note_cannot_fake_a_line_of_output(hostile: tuple[Cli, Path]) -> None:
    cli, _ = hostile
    out = shown(cli, "replay", "1")
    assert "Note: [red]note\\x1b[2J\n      Trick 9: fake line \\u202e" in out
    assert not any(line.startswith("Trick 9") for line in out.splitlines())


def test_the_recorder_shows_names_as_text_piped_and_in_json(hostile: tuple[Cli, Path]) -> None:
    cli, _ = hostile
    out = shown(cli, "record", "3", input="show\n")
    assert SHOWN["W"] in out and SHOWN["N"] in out and "Game 3 saved" in out
    answers = shown(cli, "record", "3", "--json", input="note \x1b[2J\u202e\n")
    last = json.loads(answers.splitlines()[-1])
    assert last["ok"] is True and last["added"] == 1
    assert "Note: \\x1b[2J\\u202e" in shown(cli, "replay", "3")


def test_check_import_export_copy_say_paths_and_titles_as_text(
    hostile: tuple[Cli, Path], tmp_path: Path
) -> None:
    cli, _ = hostile
    odd = tmp_path / "odd\x1b[2J\u202e.json"
    odd.write_text(json.dumps(log_with("renege-dispute.json", MARKUP, title="[/bold]")))
    out = shown(cli, "check", str(odd))
    assert "odd\\x1b[2J\\u202e.json: [/bold]" in out
    assert "N [/]" in out and "E JD" in out
    out = shown(cli, "check", "--json", str(odd))
    assert json.loads(out)["games"][0]["error"] is None
    target = tmp_path / "out\x1b[2J.json"
    assert "out\\x1b[2J.json" in shown(cli, "export", "3", "-o", str(target))
    other = Cli(tmp_path / "other.db")
    assert "odd\\x1b[2J\\u202e.json: stored as game" in shown(other, "import", str(odd))
    bad = tmp_path / "bad\x1b[2J.json"
    bad.write_text("{", encoding="utf-8")
    assert "bad\\x1b[2J.json: rejected" in shown(other, "import", str(bad))
    copied = shown(cli, "copy", "--from", str(cli.db), "--to", str(tmp_path / "copy.db"))
    assert "\\x1b]0;pwned\\x07Friday" in copied and "[/bold]" in copied


# --- Cards, seats and names ---------------------------------------------------------------


def test_a_name_that_looks_like_a_card_stays_a_name(hostile: tuple[Cli, Path]) -> None:
    cli, _ = hostile
    replay = shown(cli, "replay", "1")
    assert "JD (East)" in replay and "J♦ (East)" not in replay
    explain = shown(cli, "explain", "1")
    assert "JD (East) showed out of ♥ (trump) on trick 1 (played 9♦)" in explain
    assert "J♦ (East)" not in explain
    family = shown(cli, "replay", "2", "--hand", "1")
    assert "TH (East)" in family and "10♥ (East)" not in family
    assert "9C (South)" in family and "9♣ (South)" not in family
    assert "AS (West)" in family and "A♠ (West)" not in family
    assert "E (North)" in family


def test_message_draws_the_engines_cards_and_puts_names_in_as_text() -> None:
    players = {"N": "Ann", "E": "JD", "S": "TH", "W": "[/]"}
    text = message("E played 9D on a trump lead while holding JD", players)
    assert text.plain == "JD (East) played 9♦ on a trump lead while holding J♦"
    card_spans = [text.plain[s.start : s.end] for s in text.spans]
    assert card_spans == ["9♦", "J♦"]  # the name is no card, and no style
    assert message("S led; W followed", players).plain == "TH (South) led; [/] (West) followed"


def test_the_recorder_names_a_card_lookalike_as_a_name(cli: Cli) -> None:
    """The renege of the dispute: its flag line names East, a player called JD."""
    cli("new", "--players", "Ann,JD,TH,Dan", "--dealer", "W")
    script = "9h o 9s\nah 9d jh 9h\nac qc 9c jc\nkd ad td th\n"
    out = cli("record", "1", input=script).stdout
    assert "RENEGE on trick 1: E (JD) played 9♦ on a trump lead (hearts) while holding 10♥" in out
    assert "S (TH) wins" in out and "J♦)" not in out and "10♥)" not in out


# --- JSON and the text helper-------------------------------------------------------------


def test_json_output_escapes_what_a_terminal_would_act_on() -> None:
    from euchre_log.formats.text import json_text

    data = {"name": "a\x1b[2J\x9b\u202e\u2028\U000e0041\udcff é ♥ 👨\u200d👩"}
    text = json_text(data)
    assert raw_controls(text) == []
    assert "é ♥ 👨\u200d👩" in text  # what a terminal only shows stays as it is
    assert json.loads(text) == data


def test_visible_escapes_each_control_and_leaves_the_rest() -> None:
    from euchre_log.formats.text import visible

    assert visible("Ann") == "Ann"
    assert visible("a\x1b[2Jb\x07\x00") == "a\\x1b[2Jb\\x07\\x00"
    assert visible("\u202eevil\u200b") == "\\u202eevil\\u200b"
    assert visible("one\ntwo") == "one\\ntwo"
    assert visible("one\ntwo\r", newlines=True) == "one\ntwo\\r"
    assert visible("Zoë ♥ 😀 [/]") == "Zoë ♥ 😀 [/]"


def test_markup_and_control_names_list_on_every_backend(any_db: Database) -> None:
    """The issue's report: after one game by ``[/]``, games and stats exited 3 for every
    game, on SQLite and on PostgreSQL."""
    cli = Cli(any_db)
    cli("new", "--players", ",".join(MARKUP[s] for s in "NESW"), "--title", "[/bold]")
    cli("new", "--players", "A,B,C,D")
    any_db.sql("UPDATE player SET name = :name WHERE name = 'A'", name="clear\x1b[2J\u202e")
    for args in (
        ("games",),
        ("stats",),
        ("summary", "1"),
        ("summary", "2"),
        ("stats", "-f", "csv"),
    ):
        out = shown(cli, *args)
        assert "euchre-log: internal error" not in out
    assert "[/bold]" in shown(cli, "games") and "clear\\x1b[2J\\u202e" in shown(cli, "stats")
