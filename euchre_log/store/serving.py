"""What ``serve`` keeps with a game beside its journal (schema 6): the links' tokens, the
lines the phones sent by their ids, and the cards a seat entered for itself.

The journal stays the one record of the game: these rows say only who may see which of
its cards on a phone, which links open it, and which answer a retried request gets.
SQLAlchemy Core, as the rest of the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import and_, delete, func, insert, select

from .schema import LINK_T, PRIVATE_T, REQUEST_T

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from .db import Store

PENDING = "pending"
"""The kind of a deal typed ahead of the next hand (its hand is 0)."""
DEAL = "deal"
DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Private:
    """Cards a seat entered for itself: its ``kind`` (deal, discard, pending), the hand
    (0 for pending), the seat's letter and the cards in the file notation."""

    hand: int
    seat: str
    kind: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Answered:
    """A request already answered: the game's last entry then, how many entries it
    changed, and its answer (JSON text)."""

    seq: int
    entries: int
    answer: str


def links(store: Store, game_id: int) -> dict[str, str]:
    """The game's tokens by who holds them (T, N, E, S, W); empty if it has none yet."""
    with store.reading() as conn:
        rows = conn.execute(
            select(LINK_T.c.who, LINK_T.c.token).where(LINK_T.c.game_id == game_id)
        ).all()
    return {r.who: r.token for r in rows}


def set_links(store: Store, game_id: int, tokens: Mapping[str, str]) -> None:
    """Give the game these tokens, in place of any it had."""
    with store.writing() as conn:
        conn.execute(delete(LINK_T).where(LINK_T.c.game_id == game_id))
        conn.execute(
            insert(LINK_T), [{"game_id": game_id, "who": w, "token": t} for w, t in tokens.items()]
        )


def answered(store: Store, game_id: int, who: str, request_id: str) -> Answered | None:
    """The answer a request id of ``who`` got, if it was accepted before."""
    with store.reading() as conn:
        row = conn.execute(
            select(REQUEST_T.c.seq, REQUEST_T.c.entries, REQUEST_T.c.answer).where(
                REQUEST_T.c.game_id == game_id,
                REQUEST_T.c.who == who,
                REQUEST_T.c.request_id == request_id,
            )
        ).first()
    return None if row is None else Answered(row.seq, row.entries, row.answer)


def remember(
    conn: Connection, game_id: int, who: str, request_id: str, seq: int, entries: int, answer: str
) -> None:
    """Keep a request's answer, on the connection of the line's own transaction."""
    conn.execute(
        insert(REQUEST_T).values(
            game_id=game_id,
            who=who,
            request_id=request_id,
            seq=seq,
            entries=entries,
            answer=answer,
        )
    )


def quiet_lines(store: Store, game_id: int) -> int:
    """How many accepted lines stored no journal entry (a deal typed ahead, its undo):
    with the journal's last entry, what a state's ``version`` counts."""
    with store.reading() as conn:
        found = conn.execute(
            select(func.count())
            .select_from(REQUEST_T)
            .where(REQUEST_T.c.game_id == game_id, REQUEST_T.c.entries == 0)
        ).scalar_one()
    return int(found)


def last_maker(store: Store, game_id: int) -> tuple[str, int] | None:
    """Who sent the last line that changed the journal, and the last entry after it."""
    with store.reading() as conn:
        row = conn.execute(
            select(REQUEST_T.c.who, REQUEST_T.c.seq)
            .where(REQUEST_T.c.game_id == game_id, REQUEST_T.c.entries > 0)
            .order_by(REQUEST_T.c.seq.desc())
            .limit(1)
        ).first()
    return None if row is None else (row.who, row.seq)


def privates(store: Store, game_id: int) -> list[Private]:
    """Every row of cards kept private in the game."""
    with store.reading() as conn:
        return privates_in(conn, game_id)


def privates_in(conn: Connection, game_id: int) -> list[Private]:
    rows = conn.execute(select(PRIVATE_T).where(PRIVATE_T.c.game_id == game_id)).all()
    return [Private(r.hand, r.seat, r.kind, tuple(r.cards.split())) for r in rows]


def set_privates(conn: Connection, game_id: int, rows: list[Private]) -> None:
    """Make the game's private rows these, on the line's own connection: only the rows
    that change are written."""
    old = set(privates_in(conn, game_id))
    new = set(rows)
    for gone in old - new:
        conn.execute(
            delete(PRIVATE_T).where(
                and_(
                    PRIVATE_T.c.game_id == game_id,
                    PRIVATE_T.c.hand == gone.hand,
                    PRIVATE_T.c.seat == gone.seat,
                    PRIVATE_T.c.kind == gone.kind,
                )
            )
        )
    for row in new - old:
        conn.execute(
            insert(PRIVATE_T).values(
                game_id=game_id,
                hand=row.hand,
                seat=row.seat,
                kind=row.kind,
                cards=" ".join(row.cards),
            )
        )
