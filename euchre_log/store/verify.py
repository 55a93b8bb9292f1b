"""Recompute each game's hash chain and say what was changed behind the tool's back.

Every journal entry carries ``hash = SHA-256(prev_hash | seq | hand | kind | time | data)``,
and the game row keeps the head, as each cached hand keeps its own (its last entry's hash).
An edit to an entry breaks its own hash; a removed, inserted or reordered entry breaks the
links; the heads catch a change at the end of the game or of a hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select

from .db import Store
from .journal import chain_hash, genesis
from .tables import ACTION_T, GAME_T, HAND_T

CHANGED = "changed"
REMOVED = "removed"
INSERTED = "inserted"
REORDERED = "reordered"
HEAD = "head"


@dataclass(frozen=True, slots=True)
class Problem:
    """One break in a game's record: what kind, where, and a sentence saying it."""

    game: int
    kind: str
    seq: int | None
    hand: int | None
    action: int | None  # the entry's place among its hand's entries, from 1
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "entry": self.seq,
            "hand": self.hand,
            "action": self.action,
            "message": self.message,
        }


def _describe(data: str) -> str:
    try:
        obj = json.loads(data)
    except ValueError:
        return data[:80]
    if isinstance(obj, dict):
        return " ".join(f"{k}={v}" for k, v in obj.items() if k != "type")[:100]
    return str(obj)[:80]


def verify_game(conn: Connection, game_id: int) -> list[Problem]:
    """Every problem in one game's chain, in the order of its entries."""
    game = conn.execute(select(GAME_T).where(GAME_T.c.id == game_id)).first()
    if game is None:
        return [
            Problem(game_id, REMOVED, None, None, None, f"game {game_id} is not in the database")
        ]
    rows = conn.execute(
        select(ACTION_T).where(ACTION_T.c.game_id == game_id).order_by(ACTION_T.c.seq)
    ).all()
    problems: list[Problem] = []
    by_hash = {r.hash: r for r in rows}
    place: dict[int, int] = {}
    counts: dict[int, int] = {}
    for r in rows:
        counts[r.hand] = counts.get(r.hand, 0) + 1
        place[r.seq] = counts[r.hand]

    def problem(kind: str, r: Any, message: str) -> None:
        where = f"hand {r.hand}, entry {r.seq} ({_describe(r.data)})"
        problems.append(
            Problem(game_id, kind, r.seq, r.hand, place.get(r.seq), f"{where}: {message}")
        )

    prev = genesis(game.uid)
    expected_seq = 1
    reported_links: set[int] = set()
    for r in rows:
        if r.seq > expected_seq:
            missing = (
                f"entry {expected_seq}"
                if r.seq == expected_seq + 1
                else f"entries {expected_seq} to {r.seq - 1}"
            )
            problems.append(
                Problem(
                    game_id,
                    REMOVED,
                    expected_seq,
                    r.hand,
                    None,
                    f"hand {r.hand}: {missing} before entry {r.seq} {'is' if r.seq == expected_seq + 1 else 'are'} missing: removed outside euchre-log",
                )
            )
            reported_links.add(r.seq)
        expected_seq = r.seq + 1
        own = chain_hash(r.prev_hash, r.seq, r.hand, r.kind, r.created_at, r.data)
        if own != r.hash:
            # Was it moved? Its link says which entry it was recorded after.
            before = by_hash.get(r.prev_hash)
            origin = 1 if r.prev_hash == genesis(game.uid) else (before.seq + 1 if before else -1)
            if (
                origin > 0
                and chain_hash(r.prev_hash, origin, r.hand, r.kind, r.created_at, r.data) == r.hash
            ):
                problem(
                    REORDERED,
                    r,
                    f"it was recorded as entry {origin}: entries were reordered outside euchre-log",
                )
            else:
                problem(CHANGED, r, "its content or time was changed outside euchre-log")
        elif r.prev_hash != prev and r.seq not in reported_links:
            before = by_hash.get(r.prev_hash)
            if before is not None and before.seq != r.seq - 1:
                problem(
                    REORDERED,
                    r,
                    f"it was recorded after entry {before.seq}, but now stands elsewhere: entries were reordered",
                )
            elif before is None and r.prev_hash != genesis(game.uid):
                problem(
                    INSERTED,
                    r,
                    "it does not follow any recorded entry: it was inserted outside euchre-log",
                )
            else:
                problem(
                    CHANGED, r, "the entry before it was changed or replaced outside euchre-log"
                )
        prev = r.hash
    last_seq = rows[-1].seq if rows else 0
    if game.last_seq > last_seq:
        problems.append(
            Problem(
                game_id,
                REMOVED,
                last_seq + 1,
                None,
                None,
                f"the game recorded {game.last_seq} entries but only {last_seq} remain: the last were removed outside euchre-log",
            )
        )
    elif game.last_seq < last_seq:
        extra = rows[-1]
        problem(
            INSERTED,
            extra,
            f"the game recorded only {game.last_seq} entries: this one was added outside euchre-log",
        )
    elif (game.head_hash or genesis(game.uid)) != prev and not problems:
        problems.append(
            Problem(
                game_id,
                HEAD,
                None,
                None,
                None,
                "the game's head hash does not match its last entry: the record was rewritten outside euchre-log",
            )
        )
    if not problems:
        problems.extend(_hand_heads(conn, game_id, rows))
    return problems


def _hand_heads(conn: Connection, game_id: int, rows: Sequence[Any]) -> list[Problem]:
    """A problem for each cached hand whose head hash is not its last entry's hash."""
    last: dict[int, str] = {}
    for r in rows:
        last[r.hand] = r.hash
    cached = conn.execute(
        select(HAND_T.c.number, HAND_T.c.head_hash)
        .where(HAND_T.c.game_id == game_id)
        .order_by(HAND_T.c.number)
    )
    return [
        Problem(
            game_id,
            HEAD,
            None,
            number,
            None,
            f"hand {number}'s head hash does not match its last entry: the record was "
            "rewritten outside euchre-log",
        )
        for number, head in cached
        if head != last.get(number)
    ]


def verify(store: Store, game_ids: list[int] | None = None) -> tuple[list[int], list[Problem]]:
    """Check the named games (all when None): the games checked and every problem found."""
    with store.reading() as conn:
        ids = game_ids or [
            int(r[0]) for r in conn.execute(select(GAME_T.c.id).order_by(GAME_T.c.id))
        ]
        problems = [p for g in ids for p in verify_game(conn, g)]
    return ids, problems
