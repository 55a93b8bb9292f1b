"""Three fuzz families that tell a crash from a rejection (``helpers.assert_handled``):
whatever comes in, euchre-log answers with a verdict or a refusal in words (exit 0, 1 or
2), never an internal error, and loses nothing it had stored.

- recorder bytes: random bytes and random tokens piped into ``record``, plain and
  ``--json`` (non-UTF-8, NUL, control characters, long lines, a BOM, CR LF);
- command-line arguments: random values for every option and argument of every command
  (huge and negative numbers, other digits, unicode, controls, empty, lone surrogates as
  a shell passes bytes that are not UTF-8);
- rows changed by hand: one random change to one row of a real database (an action's
  data, an undo's target, a first dealer, the rules, a seat, a cached result...), then
  every command that reads.

Each family runs a few hundred inputs in tens of seconds, with a fixed seed, and prints
how many it tried and how each ended (``pytest -s`` shows it).
"""

from __future__ import annotations

import collections
import json
import os
import random
import shutil
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner, Result

from euchre_log.cli.app import app

from .conftest import SAMPLES
from .helpers import assert_handled, tokens_from_log

RUNNER = CliRunner()
SEED = int(os.environ.get("EUCHRE_LOG_FUZZ_SEED", "0"))
"""Added to each family's seed: set it to explore other inputs (CI runs 0)."""
SCALE = float(os.environ.get("EUCHRE_LOG_FUZZ_SCALE", "1"))
"""How many inputs, as a multiple of each family's default."""


def count(n: int) -> int:
    return max(1, int(n * SCALE))


def call(
    args: Sequence[str], input: bytes | str | None = None, columns: str | None = None
) -> Result:
    """Run euchre-log in-process, at ``columns`` (the natural width when None); the test
    fails here if it crashed."""
    result = RUNNER.invoke(app, list(args), input=input, env={"COLUMNS": columns})
    assert_handled(result, list(args))
    return result


def tally(name: str, outcomes: collections.Counter[int]) -> None:
    total = sum(outcomes.values())
    codes = ", ".join(f"exit {code}: {n}" for code, n in sorted(outcomes.items()))
    print(f"\n{name}: {total} inputs, no crash ({codes})")


# --- Recorder bytes --------------------------------------------------------------------------

TOKENS = [
    *[
        "p",
        "o",
        "o!",
        "c",
        "d",
        "h",
        "s",
        "h!",
        "?",
        "alone",
        "undo",
        "show",
        "help",
        "quit",
        "end",
        "t3",
        "tricks",
        "claim",
    ],
    *[
        "9h",
        "th",
        "10d",
        "j♦",
        "♠q",
        "ah",
        "kc",
        "qs",
        "js",
        "9c",
        "bj",
        "7c",
        "ak9q",
        "ahthjh",
        "ppo",
    ],
    *[
        "renege",
        "E",
        "2",
        "by",
        "N",
        "penalty",
        "NS",
        "-3",
        "note",
        "defend",
        "W",
        "deal",
        "dealer",
        "farmer",
        "throw",
        "nines",
        "swap",
    ],
    "blind",
    "for",
    "zz",
    "🂡",
    "\x1b[2J",
    "\x1b]52;c;aGk=\x07",
    "\u202e",
    "[/]",
    "[bold]",
    "\x00",
    "\x7f",
    "\x85",
    "9" * 60,
    "-" + "9" * 30,
    "٣",
]
OPENINGS = [b"9h o 9s", b"9h p p p p c", b"undo", b"show", b"9h o! 9s", b"deal N ah kh qh td 9c"]
RAW = [b"\xff", b"\xe9", b"\xc3", b"\xed\xa0\x80", b"\r", b"\x00", b"\xef\xbb\xbf", b"\x1b"]


def recorder_input(rng: random.Random) -> bytes:
    """Lines of tokens, raw bytes mixed in; now and then random bytes or a huge line."""
    roll = rng.random()
    if roll < 0.1:
        return rng.randbytes(rng.randrange(1, 400))
    if roll < 0.13:
        return b"note " + b"x" * rng.choice((9_990, 10_001, 50_000)) + b"\n9h\n"
    lines = [rng.choice(OPENINGS)] if rng.random() < 0.5 else []
    for _ in range(rng.randrange(1, 10)):
        words = [rng.choice(TOKENS).encode() for _ in range(rng.randrange(1, 7))]
        if rng.random() < 0.15:
            words.insert(rng.randrange(len(words) + 1), rng.choice(RAW))
        lines.append(b" ".join(words))
    return b"\n".join(lines) + rng.choice((b"\n", b"", b"\r\n"))


SCRIPTS = [
    (doc["hands"][0]["dealer"], tokens_from_log(doc))
    for doc in (json.loads(p.read_text(encoding="utf-8")) for p in sorted(SAMPLES.glob("*.json")))
    if not doc["game"].get("rules") or doc["game"]["rules"] == {"preset": "classic"}
]


def mutated_script(rng: random.Random) -> tuple[str, bytes]:
    """A real game's recorder lines (its first dealer, the lines), cut short, with one
    line changed: a token replaced, or bytes put in."""
    dealer, lines = rng.choice(SCRIPTS)
    lines = list(lines[: rng.randrange(1, len(lines) + 1)])
    k = len(lines) - 1 if rng.random() < 0.5 else rng.randrange(len(lines))
    words = lines[k].split()
    words[rng.randrange(len(words))] = rng.choice(TOKENS)
    data = [line.encode() for line in lines]
    data[k] = " ".join(words).encode()
    if rng.random() < 0.3:
        data[k] += rng.choice(RAW)
    return dealer, b"\n".join(data) + b"\n"


@pytest.mark.slow
def test_fuzz_recorder_bytes(tmp_path: Path) -> None:
    db = str(tmp_path / "rec.db")
    rng = random.Random(2026 + SEED)
    outcomes: collections.Counter[int] = collections.Counter()
    games = []
    for dealer in "NESW":
        made = call(
            ["--db", db, "new", "--players", "Ann,Bob,Cat,Dan", "--dealer", dealer, "--json"]
        )
        games.append(json.loads(made.stdout)["id"])
    for i in range(count(120)):
        game = str(rng.choice(games))
        data = recorder_input(rng)
        if i % 3 == 0:  # a real game, changed in one place, into a game of its own
            dealer, data = mutated_script(rng)
            made = call(["--db", db, "new", "--players", "A,B,C,D", "--dealer", dealer, "--json"])
            game = str(json.loads(made.stdout)["id"])
            games.append(int(game))
        as_json = i % 2 == 1
        args = ["--db", db, "record", game, *(["--json"] if as_json else [])]
        result = call(args, input=data)
        outcomes[result.exit_code] += 1
        if as_json:  # every answer is a line of JSON, a refusal the last
            answers = [json.loads(line) for line in result.stdout.splitlines()]
            assert answers and answers[0]["line"] == 0
            assert all(a["ok"] for a in answers[:-1])
            assert answers[-1]["ok"] == (result.exit_code == 0)
        elif result.exit_code == 2:  # a refusal names the line and stored nothing of it
            assert "line " in result.stderr, result.stderr
    assert outcomes[0] > 0 and outcomes[2] > count(45)
    for game in games[:: max(1, len(games) // 40)]:  # the games still read; records intact
        assert call(["--db", db, "replay", str(game)]).exit_code in (0, 2)
        assert call(["--db", db, "summary", str(game), "--json"]).exit_code == 0
    assert call(["--db", db, "verify"]).exit_code == 0
    tally("recorder bytes", outcomes)


# --- Command-line arguments -------------------------------------------------------------------

VALUES = [
    "",
    " ",
    "0",
    "1",
    "-1",
    "2",
    "10-0",
    "9-9",
    "999999999-0",
    str(2**63),
    str(2**64),
    "-" + str(2**63),
    "9" * 30,
    "9" * 5000,
    "1e3",
    "٣",
    "²",
    "Zoë",
    "Zoe\u0308",
    "[/]",
    "[bold]x",
    "[link=http://e.vil]x[/link]",
    ":smile:",
    "\x1b[2J",
    "a\nb",
    "\u202eevil",
    "\udcff",
    "x" * 600,
    "N",
    "W",
    "X",
    "json",
    "csv",
    "html",
    "egn",
    "family",
    "target=11",
    "target=" + "9" * 5000,
    "target=\x1b",
    "target",
    "=",
    "A,B,C,D",
    "A,B,C",
    "A,A,B,C",
    ",,,",
    "today",
    "yesterday",
    "2026-02-30",
    "2026-11-27",
    "/dev/zero",
    "/dev/null",
    "-",
    ".",
    "..",
    "/",
    "missing.json",
    "game.json",
    "sqlite:///",
    "sqlite:////nonexistent/dir/x.db",
    "nope://x",
    "1,2,3",
    "3,",
    "-5",
    "--",
]


LONG_RUNNING = {"serve"}
"""Commands that run until stopped: a line of valid arguments starts a web server that
never returns. Their refusals are tested where they are stopped on purpose
(``test_serve_process.py``)."""


def every_command() -> list[tuple[str, list[Any]]]:
    root = typer.main.get_command(app)
    commands = root.commands.items()  # type: ignore[attr-defined]
    return [(name, list(cmd.params)) for name, cmd in commands if name not in LONG_RUNNING]


def cli_arguments(rng: random.Random, name: str, params: list[Any]) -> list[str]:
    """A command line: the command, then random values for a random few of its options
    and arguments (a flag is given or not)."""
    args = [name]
    for param in params:
        if param.name in ("help",) or rng.random() < 0.5:
            continue
        if param.param_type_name == "argument":
            args += [rng.choice(VALUES) for _ in range(rng.randrange(1, 3))]
            continue
        flag = rng.choice(param.opts)
        if param.is_flag:
            args.append(flag)
        else:
            args += [flag, rng.choice(VALUES)]
    return args


@pytest.mark.slow
def test_fuzz_command_line_arguments(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # files the commands write land here
    db = tmp_path / "args.db"
    (tmp_path / "game.json").write_text((SAMPLES / "renege-dispute.json").read_text())
    call(["--db", str(db), "import", str(SAMPLES / "family-game.json")])
    call(["--db", str(db), "new", "--players", "Ann,Bob,Cat,Dan"])
    rng = random.Random(63 + SEED)
    outcomes: collections.Counter[int] = collections.Counter()
    commands = every_command()
    for _ in range(count(300)):
        name, params = rng.choice(commands)
        args = cli_arguments(rng, name, params)
        root = ["--db", rng.choice(VALUES)] if rng.random() < 0.1 else ["--db", str(db)]
        result = call([*root, *args], input="")
        outcomes[result.exit_code] += 1
    assert outcomes[2] > count(48) and outcomes[0] > count(10)
    tally("command-line arguments", outcomes)


# --- Rows changed by hand ----------------------------------------------------------------------

GARBAGE = [
    None,
    "",
    "x",
    "X",
    "{",
    "[]",
    "[1, 2]",
    "{}",
    "null",
    '"text"',
    "1e999",
    "9" * 5000,
    "[" * 5000 + "]" * 5000,
    '{"undoes": 1}',
    '{"undoes": "x"}',
    '{"undoes": null}',
    '{"type": "play", "seat": "N"}',
    '{"type": "play", "seat": "Q", "card": "AH"}',
    '{"type": "play", "seat": "N", "card": "ZZ"}',
    '{"type": "penalty", "seat": "N", "team": "NS", "points": 99999999}',
    '{"type": "note", "text": "\\u001b[2J"}',
    '{"type": "renege_call", "seat": "N", "accused": "E", "trick": "one"}',
    '{"dealer": "W", "upcard": "9H", "deal": {"N": ["AH", "AH"]}}',
    '{"dealer": "W", "upcard": 9}',
    '{"preset": "family", "target": "\\u00b2"}',
    '{"preset": ["x"]}',
    '{"target": 0}',
    '{"target": 100000000000000}',
    -1,
    0,
    2**62,
    -(2**62),
    3.5,
    "clear\x1b[2J",
    "\u202eevil",
    "a\x00b",
]
CHANGES = [
    ("action", "data"),
    ("action", "data"),
    ("action", "data"),
    ("action", "kind"),
    ("action", "seq"),
    ("action", "hand"),
    ("game", "rules"),
    ("game", "first_dealer"),
    ("game", "initial_ns"),
    ("game", "title"),
    ("game", "score_ew"),
    ("game", "status"),
    ("game", "hands"),
    ("game_seat", "seat"),
    ("game_seat", "player_id"),
    ("player", "name"),
    ("player", "key"),
    ("hand", "score_ns"),
    ("hand", "maker"),
    ("hand", "outcome"),
    ("hand", "bid_round"),
    ("flag", "message"),
    ("flag", "seat"),
]
DELETIONS = ["game_seat", "action", "hand", "player", "meta"]


def populated(folder: Path) -> Path:
    db = folder / "base.db"
    call(["--db", str(db), "import", str(SAMPLES / "renege-dispute.json")])
    call(["--db", str(db), "import", str(SAMPLES / "family-game.json")])
    call(["--db", str(db), "new", "--players", "Eve,Fay,Gus,Hal", "--dealer", "W"])
    script = "9h o 9s\nah th jh 9h\nundo\n9h\nnote hi\npenalty EW 1 talk\n"
    call(["--db", str(db), "record", "3"], input=script)
    return db


def _row_keys(con: sqlite3.Connection, table: str) -> tuple[str, list[tuple[object, ...]]]:
    """A WHERE clause that picks one row of ``table``, and the values of every row for it:
    by its primary key (the journal is a table WITHOUT ROWID), else by its rowid."""
    info = con.execute(f"PRAGMA table_info({table})").fetchall()
    key = [row[1] for row in sorted(info, key=lambda r: r[5]) if row[5]] or ["rowid"]
    rows = con.execute(f"SELECT {', '.join(key)} FROM {table}").fetchall()
    return " AND ".join(f"{k} = ?" for k in key), rows


def change_a_row(db: Path, rng: random.Random) -> str:
    """One change to one row, as another program would make it; what was changed."""
    with sqlite3.connect(db) as con:
        if rng.random() < 0.15:
            table = rng.choice(DELETIONS)
            where, rows = _row_keys(con, table)
            if rows:
                con.execute(f"DELETE FROM {table} WHERE {where}", rng.choice(rows))
            return f"a row of {table} deleted"
        table, column = rng.choice(CHANGES)
        where, rows = _row_keys(con, table)
        value = rng.choice(GARBAGE)
        try:
            con.execute(
                f"UPDATE {table} SET {column} = ? WHERE {where}", (value, *rng.choice(rows))
            )
        except sqlite3.DatabaseError:  # a constraint refused it: no change
            return "nothing"
        return f"{table}.{column} = {value!r:.40}"


READERS = [
    ["games"],
    ["games", "--json"],
    ["stats"],
    ["stats", "--json"],
    ["stats", "-f", "csv"],
    ["summary", "{g}"],
    ["summary", "{g}", "--json"],
    ["replay", "{g}"],
    ["replay", "{g}", "--json"],
    ["explain", "{g}", "-n", "1"],
    ["export", "{g}"],
    ["export", "{g}", "-f", "csv"],
    ["export", "{g}", "-f", "egn"],
    ["export", "{g}", "-f", "html"],
    ["record", "{g}"],
]


@pytest.mark.slow
def test_fuzz_rows_changed_by_hand(tmp_path: Path) -> None:
    base = populated(tmp_path)
    rng = random.Random(1729 + SEED)
    outcomes: collections.Counter[int] = collections.Counter()
    refusals = 0
    for i in range(count(20)):
        db = tmp_path / f"changed{i % 4}.db"
        shutil.copy(base, db)
        what = change_a_row(db, rng)
        for reader in READERS:
            game = str(rng.choice((1, 2, 3)))
            args = ["--db", str(db), *(a.replace("{g}", game) for a in reader)]
            # Every layout: the natural width, the short table (80) and the narrow one (50).
            result = call(args, input="", columns=rng.choice((None, "80", "50")))
            outcomes[result.exit_code] += 1
            if result.exit_code == 2 and reader[0] not in ("games", "stats"):
                refusals += 1
                assert result.stderr.startswith("euchre-log: "), (what, args, result.stderr)
                assert len(result.stderr.splitlines()) == 1, (what, result.stderr)
    assert refusals > count(20)  # most changes make some reading command refuse the game
    tally("rows changed by hand", outcomes)
