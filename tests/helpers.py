"""Small builders shared by the tests: games from recorder tokens, logs from dicts."""

from __future__ import annotations

from typing import Any

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


def tokens_from_log(doc: dict[str, Any]) -> list[str]:
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
