"""The JSON of ``review --json``: the euchre-log-review/1 document of REVIEW.md, as data.

The dictionaries follow ``outputs.ReviewOut`` (the schema ``review``); a test validates
them. Cards are written as the file format writes them (``AH``, ``TD``), seats as
``N E S W``, suits as ``C D H S`` and teams as ``NS``/``EW``. The fields REVIEW.md
names are exactly its own; the others (a play's ``legal`` and ``mark``, a hand's
``best_calls``, ``called_best``, ``makers_could_make``, ``defenders_could_euchre`` and
``claim``, a game's ``title``, the document's ``rejected``) are added beside them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES
from ..engine.review import BestCall, HandReview, PlayReview, player_totals
from .outputs import REVIEW_FORMAT


def _teams(points: tuple[int, int]) -> dict[str, int]:
    return {"NS": points[0], "EW": points[1]}


def play_dict(p: PlayReview) -> dict[str, Any]:
    """One graded card."""
    return {
        "trick": p.trick,
        "seat": SEAT_LETTERS[p.seat],
        "card": CARD_TEXT[p.card],
        "dd_before": p.dd_before,
        "dd_after": p.dd_after,
        "cost": p.cost,
        "best": [CARD_TEXT[c] for c in p.best],
        "legal": p.legal,
        "mark": p.mark or None,
    }


def best_call_dict(b: BestCall) -> dict[str, Any]:
    """What par says a team's best call was."""
    return {
        "trumps": [SUIT_LETTERS[s] for s in b.suits],
        "tricks": b.tricks,
        "points": _teams(b.points),
        "alone": [{"seat": SEAT_LETTERS[seat], "trump": SUIT_LETTERS[s]} for seat, s in b.alone],
        "alone_points": _teams(b.alone_points) if b.alone and b.alone_points else None,
    }


def hand_dict(r: HandReview) -> dict[str, Any]:
    """One hand's review; every field but ``number``, ``analysed`` and ``reason`` is null
    when the hand is not analysed."""
    out: dict[str, Any] = {"number": r.number, "analysed": r.analysed, "reason": r.reason}
    if not r.analysed or r.trump is None or r.maker is None or r.plays is None:
        out.update(
            dict.fromkeys(
                (
                    "trump",
                    "maker",
                    "alone",
                    "defender_alone",
                    "tricks",
                    "dd_tricks",
                    "dd_points",
                    "par",
                    "plays",
                    "best_calls",
                    "called_best",
                    "makers_could_make",
                    "defenders_could_euchre",
                    "claim",
                )
            )
        )
        return out
    out.update(
        {
            "trump": SUIT_LETTERS[r.trump],
            "maker": SEAT_LETTERS[r.maker],
            "alone": r.alone,
            "defender_alone": None if r.defender_alone is None else SEAT_LETTERS[r.defender_alone],
            "tricks": r.tricks,
            "dd_tricks": r.dd_tricks,
            "dd_points": None if r.dd_points is None else _teams(r.dd_points),
            "par": None
            if r.par is None
            else {SUIT_LETTERS[p.suit]: _teams(p.tricks) for p in r.par},
            "plays": [play_dict(p) for p in r.plays],
            "best_calls": None
            if r.best_calls is None
            else {TEAM_NAMES[b.team]: best_call_dict(b) for b in r.best_calls},
            "called_best": r.makers_called_best,
            "makers_could_make": r.makers_could_make,
            "defenders_could_euchre": r.defenders_could_euchre,
            "claim": None
            if r.claimed is None
            else {"seat": SEAT_LETTERS[r.claimed], "tricks": r.claimed_tricks},
        }
    )
    return out


def players_dict(
    reviews: Iterable[HandReview], players: Mapping[str, str]
) -> dict[str, dict[str, Any]]:
    """Each seat's plays, choices, tricks given away and accuracy over the analysed hands."""
    return {
        SEAT_LETTERS[t.seat]: {
            "name": players.get(SEAT_LETTERS[t.seat], ""),
            "plays": t.plays,
            "choices": t.choices,
            "cost_tricks": t.cost_tricks,
            "accuracy": t.accuracy,
        }
        for t in player_totals(reviews)
    }


def game_dict(
    source: str | int,
    title: str | None,
    players: Mapping[str, str],
    reviews: Sequence[HandReview],
) -> dict[str, Any]:
    """One game's review: ``source`` is the file it was read from, or a stored game's id."""
    head: dict[str, Any] = {"game": source} if isinstance(source, int) else {"file": source}
    return {
        **head,
        "title": title,
        "hands": [hand_dict(r) for r in reviews],
        "players": players_dict(reviews, players),
    }


def review_document(
    games: Sequence[dict[str, Any]], rejected: Sequence[dict[str, Any]] = ()
) -> dict[str, Any]:
    """The whole euchre-log-review/1 document."""
    return {"format": REVIEW_FORMAT, "games": list(games), "rejected": list(rejected)}


__all__ = [
    "best_call_dict",
    "game_dict",
    "hand_dict",
    "play_dict",
    "players_dict",
    "review_document",
]
