"""The JSON of ``review --json``: the euchre-log-review/1 document of REVIEW.md, as data.

The dictionaries follow ``outputs.ReviewOut`` (the schema ``review``); a test validates
them. Cards are written as the file format writes them (``AH``, ``TD``), seats as
``N E S W``, suits as ``C D H S`` and teams as ``NS``/``EW``. The fields REVIEW.md
names are exactly its own; the others (a play's ``legal`` and ``mark``, a hand's
``best_calls``, ``called_best``, ``makers_could_make``, ``defenders_could_euchre`` and
``claim``, a game's ``title``, the document's ``rejected``) are added beside them.

The fair review (REVIEW.md, "What each player could see") adds ``info`` to each play,
``info_reason``, ``bids`` and ``bids_reason`` to each hand and ``info_choices``,
``info_loss`` and ``info_accuracy`` to each player, from the hand's ``FairReview``
(``engine.fair``); values are rounded here, and only here, for show (``fair.rounded``).
A hand reviewed without it (``review --no-fair``) has them null, with the reasons saying so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES
from ..engine.fair import BidInfo, FairReview, PlayInfo, fair_player_totals, rounded
from ..engine.review import BestCall, HandReview, PlayReview, player_totals
from .outputs import REVIEW_FORMAT


def _teams(points: tuple[int, int]) -> dict[str, int]:
    return {"NS": points[0], "EW": points[1]}


NOT_ASKED = "the fair review was not asked for (review --no-fair)"
"""The ``info_reason`` and ``bids_reason`` of a hand reviewed without the fair review."""


def info_dict(i: PlayInfo) -> dict[str, Any]:
    """One card's fair review (REVIEW.md's ``info``), rounded to 2 decimals."""
    return {
        "worlds": i.worlds,
        "exact": i.exact,
        "solved": i.solved,
        "ev": {CARD_TEXT[v.card]: rounded(v.ev) for v in i.values},
        "best": [CARD_TEXT[c] for c in i.best],
        "loss": rounded(i.loss),
        "se": rounded(i.se),
        "label": i.label,
    }


def bid_dict(b: BidInfo) -> dict[str, Any]:
    """One bid and the expected points of every call the seat could make then."""
    return {
        "seat": SEAT_LETTERS[b.seat],
        "action": b.action,
        "call": b.call,
        "options": {o.call: {"ev": rounded(o.ev), "se": rounded(o.se)} for o in b.options},
        "worlds": b.worlds,
        "exact": b.exact,
        "solved": b.solved,
    }


def play_dict(p: PlayReview, info: PlayInfo | None = None) -> dict[str, Any]:
    """One graded card, with its fair review when there is one."""
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
        "info": None if info is None else info_dict(info),
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


def _fair_fields(fair: FairReview | None) -> dict[str, Any]:
    """A hand's ``info_reason``, ``bids`` and ``bids_reason``."""
    if fair is None:
        return {"info_reason": NOT_ASKED, "bids": None, "bids_reason": NOT_ASKED}
    return {
        "info_reason": fair.reason,
        "bids": None if fair.bids is None else [bid_dict(b) for b in fair.bids],
        "bids_reason": fair.bids_reason,
    }


def hand_dict(r: HandReview, fair: FairReview | None = None) -> dict[str, Any]:
    """One hand's review, with its fair review (``fair``; None when not asked for);
    every open-hand field but ``number``, ``analysed`` and ``reason`` is null when the
    hand is not analysed."""
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
        out.update(_fair_fields(fair))
        return out
    infos: Sequence[PlayInfo | None] = [None] * len(r.plays)
    if fair is not None and fair.plays is not None and len(fair.plays) == len(r.plays):
        infos = fair.plays
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
            "plays": [play_dict(p, i) for p, i in zip(r.plays, infos, strict=True)],
            "best_calls": None
            if r.best_calls is None
            else {TEAM_NAMES[b.team]: best_call_dict(b) for b in r.best_calls},
            "called_best": r.makers_called_best,
            "makers_could_make": r.makers_could_make,
            "defenders_could_euchre": r.defenders_could_euchre,
            "claim": None
            if r.claimed is None
            else {"seat": SEAT_LETTERS[r.claimed], "tricks": r.claimed_tricks},
            **_fair_fields(fair),
        }
    )
    return out


def players_dict(
    reviews: Iterable[HandReview],
    players: Mapping[str, str],
    fair: Iterable[FairReview | None] = (),
) -> dict[str, dict[str, Any]]:
    """Each seat's plays, choices, tricks given away and accuracy over the analysed
    hands, and its fair review's choices, loss and accuracy over the hands it covers."""
    totals = fair_player_totals(f.plays for f in fair if f is not None and f.plays is not None)
    return {
        SEAT_LETTERS[t.seat]: {
            "name": players.get(SEAT_LETTERS[t.seat], ""),
            "plays": t.plays,
            "choices": t.choices,
            "cost_tricks": t.cost_tricks,
            "accuracy": t.accuracy,
            "info_choices": f.choices,
            "info_loss": rounded(f.loss),
            "info_accuracy": f.accuracy,
        }
        for t, f in zip(player_totals(reviews), totals, strict=True)
    }


def game_dict(
    source: str | int,
    title: str | None,
    players: Mapping[str, str],
    reviews: Sequence[HandReview],
    fair: Sequence[FairReview | None] | None = None,
) -> dict[str, Any]:
    """One game's review: ``source`` is the file it was read from, or a stored game's id;
    ``fair`` the fair review of each hand (None: not asked for)."""
    head: dict[str, Any] = {"game": source} if isinstance(source, int) else {"file": source}
    fairs = list(fair) if fair is not None else [None] * len(reviews)
    return {
        **head,
        "title": title,
        "hands": [hand_dict(r, f) for r, f in zip(reviews, fairs, strict=True)],
        "players": players_dict(reviews, players, fairs),
    }


def review_document(
    games: Sequence[dict[str, Any]], rejected: Sequence[dict[str, Any]] = ()
) -> dict[str, Any]:
    """The whole euchre-log-review/1 document."""
    return {"format": REVIEW_FORMAT, "games": list(games), "rejected": list(rejected)}


__all__ = [
    "NOT_ASKED",
    "best_call_dict",
    "bid_dict",
    "game_dict",
    "hand_dict",
    "info_dict",
    "play_dict",
    "players_dict",
    "review_document",
]
