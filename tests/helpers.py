"""Small builders shared by the tests: games from recorder tokens, logs from dicts; and the
checks that tell a crash of euchre-log from a verdict or a refusal."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from typer.testing import Result as TyperResult

from euchre_log.engine import Rules
from euchre_log.engine.cards import parse_seat
from euchre_log.engine.game import HandResult
from euchre_log.recorder.grammar import Session


def session(
    script: str,
    rules: dict[str, Any] | None = None,
    dealer: str = "W",
    initial: tuple[int, int] = (0, 0),
) -> Session:
    """Record a game from recorder tokens, one line per line of ``script``."""
    s = Session(Rules.build(rules or {}), parse_seat(dealer), initial)
    for line in script.strip().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            s.feed(line)
    return s


def result(
    script: str, rules: dict[str, Any] | None = None, dealer: str = "W", hand: int = -1
) -> HandResult:
    """The result of one hand (the last by default) of a scripted game."""
    return session(script, rules, dealer).game.results()[hand]


def flags(r: HandResult) -> list[tuple[str, str | None, int | None]]:
    """(kind, seat letter, trick) of each flag."""
    return [(f.kind, None if f.seat is None else "NESW"[f.seat], f.trick) for f in r.flags]


def log(
    hands: list[dict[str, Any]], rules: dict[str, Any] | None = None, **game: Any
) -> dict[str, Any]:
    """A euchre-log/1 document around some hands."""
    info: dict[str, Any] = {"players": {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}}
    if rules is not None:
        info["rules"] = rules
    info.update(game)
    return {"format": "euchre-log/1", "game": info, "hands": hands}


# Seed 001's ordering-up example, completed (see sample_logs/seed001-ordering-up.json):
# West deals, 9H turned up, North orders, West discards 9S, North leads AH.
ORDER_UP_DEAL = """
deal N ah kh qh td 9c
deal E th as ks jc 9d
deal S jh ac kd qs ts
deal W ad kc qc jd 9s
"""
ORDER_UP_PLAY = """
9h o 9s
ah th jh 9h
ac qc 9c jc
kd ad td 9d
kc kh ks ts
qh as qs jd
"""


def tokens_from_log(doc: Mapping[str, Any]) -> list[str]:
    """The recorder lines that enter a euchre-log/1 game, one line per hand phase."""
    lines: list[str] = []
    expected_dealer: str | None = None
    for hand in doc["hands"]:
        for seat, cards in (hand.get("deal") or {}).items():
            lines.append(f"deal {seat} " + " ".join(cards))
        if expected_dealer is not None and hand["dealer"] != expected_dealer:
            lines.append(f"dealer {hand['dealer']}")
        lines.append(hand["upcard"])
        words: list[str] = []
        for a in hand["actions"]:
            t = a["type"]
            if t == "pass":
                words.append("p")
            elif t == "order":
                words.append("o!" if a.get("alone") else "o")
            elif t == "call":
                words.append(a["suit"].lower() + ("!" if a.get("alone") else ""))
            elif t == "discard":
                words.append(a["card"] or "?")
            elif t == "defend_alone":
                words.append(f"defend {a['seat']}")
            elif t == "play":
                words.append(a["card"])
            elif t == "benny_suit":
                words.append(a["suit"].lower())
            elif t == "blind_double_loner":
                words.append(f"blind {a['seat']}")
            elif t == "partners_best":
                words.append(f"swap {a['seat']} {a.get('gave') or '?'} {a.get('received') or '?'}")
            elif t in ("farmers_hand", "throw_in"):
                if words:
                    lines.append(" ".join(words))
                    words = []
                if t == "farmers_hand":
                    got = " for " + " ".join(a["received"]) if a.get("received") else ""
                    lines.append(f"farmer {a['seat']} " + " ".join(a["shown"]) + got)
                else:
                    lines.append(f"throw {a['seat']} {a['hand']} " + " ".join(a["shown"]))
            else:
                if words:
                    lines.append(" ".join(words))
                    words = []
                if t == "renege_call":
                    lines.append(
                        f"renege {a['accused']} {a['trick']} "
                        + " ".join(a.get("shown", []))
                        + f" by {a['seat']}"
                    )
                elif t == "penalty":
                    lines.append(
                        f"penalty {a['team']} {a['points']} {a.get('reason', '')}".rstrip()
                    )
                elif t == "note":
                    lines.append("note " + a["text"])
        if words:
            lines.append(" ".join(words))
        expected_dealer = "NESW"[("NESW".index(hand["dealer"]) + 1) % 4]
    return lines


# --------------------------------------------------------------------------------------------
# Telling a crash from a rejection
# --------------------------------------------------------------------------------------------

DOCUMENTED_EXIT_CODES: Final = (0, 1, 2)
"""What euchre-log exits with when it handled what it was given: 0 all clean, 1 something
was flagged (check) or found broken (verify, copy), 2 something was refused. An unhandled
exception is none of these: ``cli.app.main`` turns it into exit 3 and "internal error" (or a
traceback and exit 1 under EUCHRE_LOG_DEBUG), and Click's test runner into exit 1 with the
exception in ``result.exception``, which is why an exit code alone proves nothing."""

INTERNAL_ERROR: Final = "euchre-log: internal error"
"""How ``cli.app.main`` starts the message of an unhandled exception."""


def _describe(args: Sequence[str] | None, code: int | None, out: str, err: str) -> str:
    shown = "euchre-log " + " ".join(args) if args else "euchre-log"
    return f"{shown}\nexit code: {code}\nstdout:\n{out[-3000:]}\nstderr:\n{err[-3000:]}"


def assert_handled(
    result: TyperResult | subprocess.CompletedProcess[str],
    args: Sequence[str] | None = None,
    codes: Sequence[int] = DOCUMENTED_EXIT_CODES,
) -> None:
    """Fail the test unless euchre-log handled its input: it ended with one of ``codes``,
    by its own decision, and printed no traceback and no "internal error".

    ``result`` is what Click's ``CliRunner.invoke`` returns (an exception other than
    ``SystemExit`` there is a crash: its traceback goes into the failure message) or a
    finished subprocess of the real console script.
    """
    if isinstance(result, subprocess.CompletedProcess):
        code, out, err = result.returncode, result.stdout or "", result.stderr or ""
        if args is None and isinstance(result.args, list):  # the whole command line
            args = [str(a) for a in result.args]
            if args[1:3] == ["-m", "euchre_log"]:
                args = args[3:]
        crashed = "Traceback (most recent call last)" in err or INTERNAL_ERROR in err
        if crashed or code not in codes:
            raise AssertionError(
                "euchre-log crashed or ended with an undocumented exit code:\n"
                + _describe(args, code, out, err)
            )
        return
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        tb = "".join(traceback.format_exception(*result.exc_info)) if result.exc_info else repr(exc)
        raise AssertionError(
            f"euchre-log crashed ({type(exc).__name__}: {exc}):\n{tb}\n"
            + _describe(args, result.exit_code, result.stdout, result.stderr)
        )
    if result.exit_code not in codes or INTERNAL_ERROR in result.stderr:
        raise AssertionError(
            "euchre-log ended with an undocumented exit code:\n"
            + _describe(args, result.exit_code, result.stdout, result.stderr)
        )


def report_exit_code(report: dict[str, Any]) -> int:
    """The exit code LOG_FORMAT.md gives a euchre-log-check/1 report: 2 when a file was
    rejected, else 1 when anything was flagged, else 0."""
    games = report["games"]
    if any(g["error"] is not None for g in games):
        return 2
    if any(h["flags"] for g in games for h in g["hands"]):
        return 1
    return 0


def assert_verdict(
    result: TyperResult | subprocess.CompletedProcess[str],
    args: Sequence[str] | None = None,
) -> dict[str, Any]:
    """``check --json``'s answer, after making sure it is a verdict and not a crash: the
    command handled its input, printed a whole euchre-log-check/1 report, and its exit code
    is the one that report calls for (so an exit 1 comes with a flag, an exit 2 with an
    error). Returns the report."""
    assert_handled(result, args)
    if isinstance(result, subprocess.CompletedProcess):
        code, out, err = result.returncode, result.stdout, result.stderr
    else:
        code, out, err = result.exit_code, result.stdout, result.stderr
    try:
        report: dict[str, Any] = json.loads(out)
    except json.JSONDecodeError as exc:
        raise AssertionError(
            f"check --json printed no whole report ({exc}):\n" + _describe(args, code, out, err)
        ) from None
    assert report.get("format") == "euchre-log-check/1", _describe(args, code, out, err)
    for game in report["games"]:
        if game["error"] is not None:  # a rejection says why, and gives no verdict
            assert game["error"]["message"] and game["hands"] == [], game
    expected = report_exit_code(report)
    assert code == expected, (
        f"exit code {code}, but the report calls for {expected}:\n"
        + _describe(args, code, out, err)
    )
    return report


def journal(conn: Any, game_id: int) -> list[Any]:
    """A game's journal as the chain covers it (``journal.Row``: seq, hand, kind, text,
    time, tag, whole), read with plain SQL."""
    from sqlalchemy import text

    from euchre_log.store.journal import decoded

    return decoded(
        conn.execute(
            text("SELECT * FROM action WHERE game_id = :g ORDER BY seq"), {"g": game_id}
        ).all()
    )


def head_at(engine: Any, game_id: int, seq: int) -> str:
    """The hash of a game's entry ``seq``, worked out from its genesis as a forger with
    euchre-log's code would (schema 5 keeps it in no row but a hand's start)."""
    from sqlalchemy import text

    from euchre_log.store.journal import chain

    with engine.connect() as conn:
        uid = conn.execute(text("SELECT uid FROM game WHERE id = :g"), {"g": game_id}).scalar()
        rows = journal(conn, game_id)
    return str(dict(zip((r.seq for r in rows), chain(str(uid), rows), strict=True))[seq])


def rewrite_journal(conn: Any, game_id: int, rows: list[Any]) -> dict[str, str]:
    """Store ``rows`` (``journal.Row``, their texts perhaps edited) as a game's journal,
    every tag and hash worked out again from its genesis: what a forger with the code
    does. Returns each entry's old hash (worked out from the journal before) and new."""
    from sqlalchemy import text

    from euchre_log.store.journal import Logged, chain, stored

    uid = str(conn.execute(text("SELECT uid FROM game WHERE id = :g"), {"g": game_id}).scalar())
    old = chain(uid, journal(conn, game_id))
    new = chain(uid, rows)
    for r, digest in zip(rows, new, strict=True):
        row = stored(game_id, Logged(r.seq, r.hand, r.kind, r.text, r.time, digest))
        conn.execute(
            text(
                "UPDATE action SET data = :d, time_us = :t, tag = :x, hash = :h"
                " WHERE game_id = :g AND seq = :s"
            ),
            {"d": row[4], "t": row[5], "x": row[6], "h": row[7], "g": game_id, "s": r.seq},
        )
    return dict(zip(old, new, strict=True))


def reseal(engine: Any, game_id: int) -> None:
    """Seal a game again after its seats, players or rules were changed with plain SQL:
    its header rewritten to match, every hash of its chain recomputed, the heads its hands
    and the register keep moved along, the register's rows of it given the names as now
    stored, and the register's own chain recomputed.

    What a forger with euchre-log's code can do (``verify`` then finds the game intact:
    the README says so), and how a test stands up a game as an older euchre-log stored it,
    with names today's refuses at the door."""
    from sqlalchemy import text

    from euchre_log.store import registry
    from euchre_log.store.games import rejudge
    from euchre_log.store.journal import canonical, header_data

    with engine.begin() as conn:
        game = conn.execute(text("SELECT * FROM game WHERE id = :g"), {"g": game_id}).one()
        players = {
            str(seat): str(name)
            for seat, name in conn.execute(
                text(
                    "SELECT s.seat, p.name FROM game_seat s JOIN player p ON p.id = s.player_id"
                    " WHERE s.game_id = :g"
                ),
                {"g": game_id},
            )
        }
        header = canonical(
            header_data(
                players,
                json.loads(game.rules),
                (game.initial_ns, game.initial_ew),
                game.first_dealer,
            )
        )
        rows = [
            r._replace(text=header) if r.kind == "header" else r for r in journal(conn, game_id)
        ]
        moved = rewrite_journal(conn, game_id, rows)
        conn.execute(
            text("UPDATE game SET head_hash = :h WHERE id = :g"),
            {"h": moved[game.head_hash], "g": game_id},
        )
        for old, new in moved.items():
            conn.execute(
                text("UPDATE hand SET head_hash = :n WHERE game_id = :g AND head_hash = :o"),
                {"n": new, "o": old, "g": game_id},
            )
        names = registry.players_text(players)
        last = registry.genesis()
        seq = 0
        for r in conn.execute(text("SELECT * FROM game_registry ORDER BY seq")).all():
            header_hash = moved.get(r.header_hash, r.header_hash) if r.header_hash else None
            head_hash = moved.get(r.head_hash, r.head_hash) if r.head_hash else None
            mine = r.game_id == game_id and r.players is not None
            listed = names if mine else r.players
            digest = registry.row_hash(
                last,
                r.seq,
                r.game_id,
                r.game_uid,
                r.event,
                r.header_seq,
                header_hash,
                r.last_seq,
                head_hash,
                r.created_at,
                r.source,
                listed,
            )
            conn.execute(
                text(
                    "UPDATE game_registry SET header_hash = :hh, head_hash = :h, prev_hash = :p,"
                    " hash = :x, players = :n WHERE seq = :s"
                ),
                {
                    "hh": header_hash,
                    "h": head_hash,
                    "p": last,
                    "x": digest,
                    "n": listed,
                    "s": r.seq,
                },
            )
            last, seq = digest, r.seq
        registry.set_head(conn, seq, last)
        rejudge(conn)  # the content hash, by the players' new names


def modules_after(
    args: Sequence[str], *packages: str
) -> tuple[list[str], subprocess.CompletedProcess[str]]:
    """Run ``euchre-log ARGS`` in a fresh interpreter, as a user would: the modules of
    ``packages`` (a package and everything below it) it imported by the end, and what it
    printed."""
    import ast
    import sys
    from pathlib import Path

    probe = (
        "import sys, runpy\n"
        f"sys.argv = ['euchre-log', *{list(args)!r}]\n"
        "try:\n"
        "    runpy.run_module('euchre_log', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"packages = {packages!r}\n"
        "loaded = sorted(m for m in sys.modules\n"
        "                if any(m == p or m.startswith(p + '.') for p in packages))\n"
        "print('LOADED', loaded, file=sys.stderr)\n"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True
    )
    line = next(x for x in out.stderr.splitlines() if x.startswith("LOADED"))
    return list(ast.literal_eval(line.removeprefix("LOADED "))), out


def built_wheel(tmp: Path, *, compiled: bool = False) -> Path:
    """The wheel pip builds from a copy of the project's source (as pip copies it), offline,
    with the setuptools (and, ``compiled``, the mypyc) installed here: with ``compiled``,
    ``EUCHRE_LOG_COMPILE=1`` as setup.py reads it. Returns the wheel's path."""
    from .conftest import ROOT

    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "euchre_log",
        src / "euchre_log",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"),
    )
    out = tmp / "dist"
    env = {k: v for k, v in os.environ.items() if k != "EUCHRE_LOG_COMPILE"}
    if compiled:
        env["EUCHRE_LOG_COMPILE"] = "1"
    built = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps"),
            *("--no-index", "--quiet", "--wheel-dir", str(out), str(src)),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (path,) = out.glob("euchre_log-*.whl")
    return path
