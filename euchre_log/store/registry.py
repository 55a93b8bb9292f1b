"""The database's register of its games: one chained row per game it ever stored.

A game's own chain proves its entries, but a game deleted whole (its row, seats, journal
and caches) leaves no broken link behind, and a game's last entries cut off with its head
hash set back to the new last one leave a chain that is whole. So every game stored
(created, imported, copied, or found by an upgrade) gets a row in ``game_registry``,
chained by SHA-256 like a game's journal, with its id here, its header entry's place and
hash, the game's head at that moment (its last entry and that entry's hash), and (schema
5 on) its source and its players by seat exactly as stored; and each time a game starts a
hand or ends, a ``checkpoint`` row records its head again. ``verify`` reports a registered
game that is gone, a game that is not registered, a game whose id, source or players'
names are not the ones registered (renumbered, swapped, edited), a game whose journal no
longer holds a head the register recorded (entries cut off), and any row of the register
changed, removed or inserted.

``meta.registry_head`` keeps the register's last seq and hash, and a check over both
(``head_check``): a value no row holds, so that setting the head back to an earlier row
(removing the newest game whole with its rows of the register) takes working out a hash,
not copying stored values.

What it cannot catch: entries cut off after the game's last checkpoint (within the hand
being played), or a register rewritten as a whole with its hashes recomputed: there is no
secret in any of these hashes. A fingerprint taken at the table catches both.

Rows are appended in the writer's transaction, after ``lock`` (on PostgreSQL, where
writers do not queue, two games stored at once take turns for their rows).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, insert, select, text

from .schema import REGISTRY_T

REGISTRY_LOCK = 0x6575_6368_7267
"""The PostgreSQL advisory lock that writers adding games to the register queue on."""
HEAD_KEY = "registry_head"
"""The ``meta`` key of the register's head: ``"SEQ HASH"``."""
CREATED, IMPORTED, COPIED, UPGRADED = "created", "imported", "copied", "upgraded"
CHECKPOINT = "checkpoint"
"""A register row that records a game's head again (at a new hand, at its end)."""


def genesis() -> str:
    """The hash the register's chain starts from."""
    return hashlib.sha256(b"euchre-log game registry").hexdigest()


def row_hash(
    prev: str,
    seq: int,
    game_id: int,
    uid: str,
    event: str,
    header_seq: int | None,
    header_hash: str | None,
    last_seq: int | None,
    head_hash: str | None,
    created_at: str,
    source: str | None = None,
    players: str | None = None,
) -> str:
    """SHA-256 over a register row and the hash before it. A row that names a source or
    players (schema 5 on) covers them too; a checkpoint, and a row of schema 4, does not."""
    line = (
        f"{prev}|{seq}|{game_id}|{uid}|{event}|{header_seq}|{header_hash}|{last_seq}|"
        f"{head_hash}|{created_at}"
    )
    if source is not None or players is not None:
        line += f"|{source}|{players}"
    return hashlib.sha256(line.encode()).hexdigest()


def head_check(seq: int, digest: str) -> str:
    """The check ``meta.registry_head`` keeps beside the register's last seq and hash."""
    return hashlib.sha256(f"euchre-log registry head|{seq}|{digest}".encode()).hexdigest()


def players_text(players: Mapping[str, str]) -> str:
    """A game's players by seat as a register row keeps them: canonical JSON, the names
    exactly as stored."""
    return json.dumps(
        {s: players[s] for s in "NESW" if s in players},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


@dataclass(frozen=True, slots=True)
class Registered:
    """A game to add to the register: its id and uid, how it came (or ``CHECKPOINT``),
    its header's seq and hash (None for a checkpoint), its head (its last entry's seq and
    hash), and its source and players as stored (None for a checkpoint)."""

    game_id: int
    uid: str
    event: str
    header_seq: int | None
    header_hash: str | None
    last_seq: int | None
    head_hash: str | None
    source: str | None = None
    players: Mapping[str, str] | None = None


def lock(conn: Connection) -> None:
    """Take the register's turn (PostgreSQL) before a transaction adds games; SQLite's
    writers already queue. Take it first, before any other row is written, so that two
    writers never wait on each other's rows in turn."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": REGISTRY_LOCK})


def head(conn: Connection) -> tuple[int, str, str | None] | None:
    """The register's head as ``meta`` keeps it: (last seq, its hash, the check); None
    if unset or unreadable. The check is None in a head written before schema 5."""
    row = conn.execute(text("SELECT value FROM meta WHERE key = :k"), {"k": HEAD_KEY}).first()
    if row is None:
        return None
    parts = str(row[0]).split(" ")
    try:
        seq = int(parts[0])
    except ValueError:
        return None
    if len(parts) == 2:
        return seq, parts[1], None
    if len(parts) == 3:
        return seq, parts[1], parts[2]
    return None


def set_head(conn: Connection, seq: int, digest: str) -> None:
    """Keep the register's head in ``meta``, with its check."""
    conn.execute(text("DELETE FROM meta WHERE key = :k"), {"k": HEAD_KEY})
    conn.execute(
        text("INSERT INTO meta (key, value) VALUES (:k, :v)"),
        {"k": HEAD_KEY, "v": f"{seq} {digest} {head_check(seq, digest)}"},
    )


def register(conn: Connection, games: list[Registered], stamp: str) -> None:
    """Append games to the register (after ``lock``), in the writer's transaction.

    The chain goes on from the head ``meta`` keeps, not from the table's last row: a row
    removed behind euchre-log's back stays a broken link for ``verify`` to report."""
    if not games:
        return
    found = head(conn)
    if found is None:
        last = conn.execute(
            select(REGISTRY_T.c.seq, REGISTRY_T.c.hash).order_by(REGISTRY_T.c.seq.desc()).limit(1)
        ).first()
        seq, prev = (0, genesis()) if last is None else (int(last[0]), str(last[1]))
    else:
        seq, prev, _ = found
    rows: list[dict[str, Any]] = []
    for g in games:
        seq += 1
        players = None if g.players is None else players_text(g.players)
        digest = row_hash(
            prev,
            seq,
            g.game_id,
            g.uid,
            g.event,
            g.header_seq,
            g.header_hash,
            g.last_seq,
            g.head_hash,
            stamp,
            g.source,
            players,
        )
        rows.append(
            {
                "seq": seq,
                "game_id": g.game_id,
                "game_uid": g.uid,
                "event": g.event,
                "header_seq": g.header_seq,
                "header_hash": g.header_hash,
                "last_seq": g.last_seq,
                "head_hash": g.head_hash,
                "created_at": stamp,
                "prev_hash": prev,
                "hash": digest,
                "source": g.source,
                "players": players,
            }
        )
        prev = digest
    conn.execute(insert(REGISTRY_T), rows)
    set_head(conn, seq, prev)
