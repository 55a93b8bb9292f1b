"""Stats as tables: every player and partnership, or one person in detail, and as CSV."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.cards import SUIT_LETTERS, SUIT_NAMES
from ..formats.text import visible
from . import cards as rc
from .fit import NARROW, Fitted

RELATIVE_WORDS = {
    "left_of_dealer": "Left of the dealer (bids first)",
    "dealer_partner": "The dealer's partner",
    "right_of_dealer": "Right of the dealer",
    "dealer": "The dealer",
}
ROUND_WORDS = {"1": "Round one (ordered the upcard)", "2": "Round two (named a suit)"}
NOTE = "Make % = made ÷ (made + euchred). euchre-log stats --help defines every column."
REVIEW_NOTE = (
    "Fair accuracy = choices (two or more legal cards) that found a best card by what the "
    "player could see ÷ those choices, over the hands review has worked out. Open-hand "
    "review: every card face up, which is hindsight no player has at the table. "
    "Accuracy = choices that gave nothing away ÷ choices."
)
# The cards played (--json's plays) make way for the fair accuracy: at 80 columns the
# table holds eight columns, and the choices say more than the plays.
REVIEW_HEADS = (
    "Hands",
    "Choices",
    "Tricks\ngiven",
    "Fair\naccuracy",
    "Accuracy",
    "Makeable,\nnot made",
    "Avoidable\neuchres",
)


def accuracy_text(value: float | None) -> str:
    """``87.5%``, or ``-`` without choices."""
    return "-" if value is None else f"{value:.1f}%"


def _review_cells(r: Mapping[str, Any]) -> list[str]:
    return [
        str(r["hands"]),
        str(r["choices"]),
        str(r["tricks_given"]),
        accuracy_text(r["fair_accuracy"]),
        accuracy_text(r["accuracy"]),
        str(r["makeable_not_made"]),
        str(r["avoidable_euchres"]),
    ]


def review_table(rows: list[tuple[str, Mapping[str, Any]]], title: str) -> Table:
    """One row per player or partnership: the open-hand review's counts, and the fair
    accuracy beside the open-hand one."""
    t = _table(title)
    t.add_column("")
    for head in REVIEW_HEADS:
        t.add_column(head, justify="right")
    for who, r in rows:
        t.add_row(Text(visible(who)), *_review_cells(r))
    return t


def coverage_line(doc: Mapping[str, Any]) -> Text | None:
    """``Reviewed 12 of 13 hands (1 could not be analysed).``"""
    cover = doc.get("review")
    if not cover:
        return None
    out = Text(
        f"{cover['analysed']} of {cover['hands']} hands analysed with every card face up",
        style="dim",
    )
    if cover["missing"]:
        out.append(f"; {cover['missing']} not reviewed yet", style="dim")
    out.append(".", style="dim")
    return out


def percent(made: int, euchred: int) -> str:
    """``67%``, or ``-`` when no call was played out."""
    played = made + euchred
    return "-" if played == 0 else f"{round(100 * made / played)}%"


def _table(title: str | None = None) -> Table:
    return Table(
        title=title,
        title_justify="left",
        title_style="bold",
        show_edge=False,
        pad_edge=False,
        header_style="bold",
    )


def scope_line(doc: Mapping[str, Any]) -> Text:
    """``5 games, 17 hands`` and the filters that chose them."""
    f = doc["filters"]
    games, hands = doc["games"], doc["hands"]
    out = Text(
        f"Stats over {games} game{'' if games == 1 else 's'}, "
        f"{hands} hand{'' if hands == 1 else 's'}",
        style="bold",
    )
    said = []
    if f.get("player"):
        said.append(f"{visible(f['player'])}'s games")
    if f.get("since"):
        said.append(f"since {f['since']}")
    if f.get("games"):
        said.append("games " + ", ".join(str(g) for g in f["games"]))
    if said:
        out.append(" (" + "; ".join(said) + ")")
    return out


def players_table(players: list[dict[str, Any]]) -> Table:
    """One row per player: games, wins, hands, points, and the defending counts."""
    t = _table("Players")
    t.add_column("Player")
    for head in (
        "Games",
        "Won",
        "Hands",
        "Points",
        "Euchres\ndefending",
        "Defended\nalone",
        "Reneges",
    ):
        t.add_column(head, justify="right")
    for p in players:
        t.add_row(
            Text(visible(p["name"])),
            *(
                str(p[k])
                for k in (
                    "games",
                    "wins",
                    "hands",
                    "points",
                    "euchres_as_defender",
                    "defended_alone",
                    "reneges",
                )
            ),
        )
    return t


def makers_table(players: list[dict[str, Any]]) -> Table:
    """One row per player: the calls they made and how they came out."""
    t = _table("Making trump")
    t.add_column("Player")
    for head in ("Calls", "Made", "Marches", "Euchred", "Make %", "Alone", "Alone\nmarches"):
        t.add_column(head, justify="right")
    for p in players:
        t.add_row(
            Text(visible(p["name"])),
            *(str(p[k]) for k in ("calls", "made", "marches", "euchred")),
            percent(p["made"], p["euchred"]),
            str(p["alone_calls"]),
            str(p["alone_marches"]),
        )
    return t


MAX_PAIRS = 30
"""The partnerships a table shows: a club of 24 players has 276 pairs; --json has all."""


def partnerships_table(
    pairs: list[dict[str, Any]], title: str = "Partnerships", limit: int = MAX_PAIRS
) -> Table:
    """One row per pair of partners, those who played most together first."""
    ranked = sorted(pairs, key=lambda p: (-p["games"], -p["wins"], p["players"]))
    if len(ranked) > limit:
        title += f" (the {limit} that played most together, of {len(ranked)}; --json has all)"
        ranked = ranked[:limit]
    t = _table(title)
    t.add_column("Partners")
    for head in (
        "Games",
        "Won",
        "Hands",
        "Calls",
        "Made",
        "Euchred",
        "Make %",
        "Points\nfor",
        "Points\nagainst",
    ):
        t.add_column(head, justify="right")
    for p in ranked:
        t.add_row(
            Text(" & ".join(visible(name) for name in p["players"])),
            *(str(p[k]) for k in ("games", "wins", "hands", "calls", "made", "euchred")),
            percent(p["made"], p["euchred"]),
            str(p["points_for"]),
            str(p["points_against"]),
        )
    return t


def _calls_row(t: Table, label: Text | str, c: Mapping[str, int]) -> None:
    t.add_row(
        label,
        str(c["calls"]),
        str(c["made"]),
        str(c["marches"]),
        str(c["euchred"]),
        percent(c["made"], c["euchred"]),
    )


def calls_table(p: Mapping[str, Any]) -> Table:
    """A person's calls by bidding round, trump suit and seat relative to the dealer."""
    t = _table("Making trump")
    t.add_column("")
    for head in ("Calls", "Made", "Marches", "Euchred", "Make %"):
        t.add_column(head, justify="right")
    _calls_row(t, Text("All calls", style="bold"), p)
    t.add_section()
    for key, words in ROUND_WORDS.items():
        _calls_row(t, words, p["by_round"][key])
    t.add_section()
    for s, letter in enumerate(SUIT_LETTERS):
        label = Text("Trump ")
        label.append_text(rc.suit(s))
        label.append(f" {SUIT_NAMES[s]}")
        _calls_row(t, label, p["by_trump"][letter])
    t.add_section()
    for key, words in RELATIVE_WORDS.items():
        _calls_row(t, words, p["by_seat"][key])
    return t


def person_view(doc: Mapping[str, Any]) -> RenderableType:
    """One player in detail: the counts in words, calls by round, suit and seat, and
    their partnerships."""
    p = doc["players"][0]
    head = Text(visible(p["name"]), style="bold")
    head.append(f": {p['games']} game{'' if p['games'] == 1 else 's'}, {p['wins']} won")
    if p["games"]:
        head.append(f" ({round(100 * p['wins'] / p['games'])}%)")
    head.append(
        f"; {p['hands']} hand{'' if p['hands'] == 1 else 's'} dealt; "
        f"{p['points']} point{'' if p['points'] == 1 else 's'} for their side."
    )
    facts = _table()
    facts.add_column("")
    facts.add_column("", justify="right")
    facts.show_header = False
    for label, value in (
        ("Calls (fixed trump)", p["calls"]),
        ("  made", p["made"]),
        ("  marched", p["marches"]),
        ("  euchred", p["euchred"]),
        ("Went alone", p["alone_calls"]),
        ("  marched alone", p["alone_marches"]),
        ("Defended alone", p["defended_alone"]),
        ("Euchred the makers, defending", p["euchres_as_defender"]),
        ("Reneges flagged", p["reneges"]),
    ):
        facts.add_row(label, str(value))
    parts: list[RenderableType] = [scope_line(doc), head, Text(""), facts, Text("")]
    parts.append(Fitted(calls_table(p), below=NARROW))
    if doc["partnerships"]:
        parts.append(Text(""))
        parts.append(
            Fitted(partnerships_table(doc["partnerships"], "With each partner"), below=NARROW)
        )
    if p.get("review") is not None:
        rows = [(p["name"], p["review"])]
        rows += [
            ("with " + next(n for n in q["players"] if n != p["name"]), q["review"])
            for q in doc["partnerships"]
            if q.get("review") is not None
        ]
        parts.append(Text(""))
        parts.append(Fitted(review_table(rows, "Review"), below=NARROW))
        cover = coverage_line(doc)
        if cover is not None:
            parts.append(cover)
    parts.append(Text(""))
    parts.append(Text(NOTE, style="dim"))
    if p.get("review") is not None:
        parts.append(Text(REVIEW_NOTE, style="dim"))
    return Group(*parts)


def stats_view(doc: Mapping[str, Any], person: bool = False) -> RenderableType:
    """Every player and partnership, or (``person``) the one player in detail."""
    if not doc["players"]:
        return Group(scope_line(doc), Text("No games match, so there is nothing to count."))
    if person:
        return person_view(doc)
    parts: list[RenderableType] = [scope_line(doc), Text("")]
    parts.append(Fitted(players_table(doc["players"]), below=NARROW))
    parts.append(Text(""))
    parts.append(Fitted(makers_table(doc["players"]), below=NARROW))
    if doc["partnerships"]:
        parts.append(Text(""))
        parts.append(Fitted(partnerships_table(doc["partnerships"]), below=NARROW))
    if doc.get("review") is not None:
        parts.append(Text(""))
        parts.append(
            Fitted(
                review_table([(p["name"], p["review"]) for p in doc["players"]], "Review"),
                below=NARROW,
            )
        )
        pairs = sorted(doc["partnerships"], key=lambda p: (-p["games"], -p["wins"], p["players"]))
        if pairs:
            title = "Review, partnerships"
            if len(pairs) > MAX_PAIRS:
                title += f" (the {MAX_PAIRS} that played most together; --json has all)"
            parts.append(Text(""))
            parts.append(
                Fitted(
                    review_table(
                        [(" & ".join(q["players"]), q["review"]) for q in pairs[:MAX_PAIRS]],
                        title,
                    ),
                    below=NARROW,
                )
            )
        cover = coverage_line(doc)
        if cover is not None:
            parts.append(cover)
    parts.append(Text(""))
    parts.append(Text(NOTE, style="dim"))
    if doc.get("review") is not None:
        parts.append(Text(REVIEW_NOTE, style="dim"))
    return Group(*parts)
