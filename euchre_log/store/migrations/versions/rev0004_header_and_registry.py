"""Schema 4: each game's chain covers its header, the database registers its games, and
each game keeps its content hash.

Up to schema 3 a game's hash chain covered its entries only: its rules, starting score and
seats could be changed with plain SQL and ``verify`` still found the record intact, and a
game deleted whole left no trace. This revision:

- adds ``game.content_hash`` (what was played, for ``import`` to recognise a game it holds
  already); it is filled by the rebuild of the cached results that follows every upgrade
  (``access.open_store``), which this revision asks for by resetting ``meta.judged_by``;
- gives every stored game a header entry (``kind = "header"``, hand 0) holding its rules,
  starting score, first dealer and players by seat, appended to its chain after the
  entries it already has (entry N + 1; entry 0 for a game without entries), so that its
  head covers them from now on. Nothing already in the journal is rewritten: every old
  entry keeps its hash, and a change made to it before the upgrade still shows;
- leaves alone a game whose chain is already broken (an entry's hash, a link, the count
  or the head does not match): it gets no header, so ``verify`` goes on reporting exactly
  what it found before, and says the game could not be sealed;
- creates ``game_registry``, the chain of the games the database holds, with one row per
  game (``event = "upgraded"``, its header's seq and hash and its head, which is its
  header; or none of them for a game left unsealed), its head in ``meta.registry_head``.

The hashing is written out here, as it was when this revision was written, so that the
upgrade never changes with later code.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None

SEATS = "NESW"


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _genesis(uid: str) -> str:
    return hashlib.sha256(f"euchre-log game {uid}".encode()).hexdigest()


def _chain_hash(prev: str, seq: int, hand: int, kind: str, created_at: str, data: str) -> str:
    return hashlib.sha256(f"{prev}|{seq}|{hand}|{kind}|{created_at}|{data}".encode()).hexdigest()


def _registry_hash(
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
) -> str:
    line = (
        f"{prev}|{seq}|{game_id}|{uid}|{event}|{header_seq}|{header_hash}|{last_seq}|"
        f"{head_hash}|{created_at}"
    )
    return hashlib.sha256(line.encode()).hexdigest()


REGISTRY_GENESIS = hashlib.sha256(b"euchre-log game registry").hexdigest()


def _intact(game: Any, rows: Sequence[Any]) -> bool:
    """Whether a game's chain is whole: entries 1 to N, each hash its own, each linked to
    the one before (the first to the game's genesis), N the game's count and the last
    hash its head."""
    prev = _genesis(game.uid)
    for expected, r in enumerate(rows, start=1):
        if r.seq != expected or r.prev_hash != prev:
            return False
        if _chain_hash(r.prev_hash, r.seq, r.hand, r.kind, r.created_at, r.data) != r.hash:
            return False
        prev = r.hash
    return game.last_seq == len(rows) and (game.head_hash or _genesis(game.uid)) == prev


def _rules(text_: str) -> dict[str, Any] | None:
    try:
        rules = json.loads(text_)
    except ValueError:
        return None
    return rules if isinstance(rules, dict) else None


def upgrade() -> None:
    """Add the content hash and the register, seal every intact game with a header, and
    record schema 4."""
    op.add_column("game", sa.Column("content_hash", sa.String(64), nullable=True))
    op.create_index("ix_game_content_hash", "game", ["content_hash"])
    registry = op.create_table(
        "game_registry",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("game_uid", sa.String(32), nullable=False),
        sa.Column("event", sa.String(20), nullable=False),
        sa.Column("header_seq", sa.Integer),
        sa.Column("header_hash", sa.String(64)),
        sa.Column("last_seq", sa.Integer),
        sa.Column("head_hash", sa.String(64)),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
    )
    op.create_index("ix_game_registry_game_uid", "game_registry", ["game_uid"])
    conn = op.get_bind()
    stamp = datetime.now(UTC).isoformat(timespec="microseconds")
    games = conn.execute(
        sa.text(
            "SELECT id, uid, rules, first_dealer, initial_ns, initial_ew, last_seq, head_hash"
            " FROM game ORDER BY id"
        )
    ).all()
    seats: dict[int, dict[str, str]] = {}
    for game_id, seat, name in conn.execute(
        sa.text(
            "SELECT s.game_id, s.seat, p.name FROM game_seat s JOIN player p ON p.id = s.player_id"
        )
    ):
        seats.setdefault(int(game_id), {})[str(seat)] = str(name)
    headers: list[dict[str, Any]] = []
    registered: list[dict[str, Any]] = []
    prev_row, seq = REGISTRY_GENESIS, 0
    for game in games:
        rows = conn.execute(
            sa.text(
                "SELECT seq, hand, kind, data, created_at, prev_hash, hash FROM action"
                " WHERE game_id = :g ORDER BY seq"
            ),
            {"g": game.id},
        ).all()
        rules = _rules(game.rules)
        header_seq: int | None = None
        header_hash: str | None = None
        if rules is not None and _intact(game, rows):
            players = seats.get(int(game.id), {})
            data = _canonical(
                {
                    "header": 1,
                    "players": {s: players[s] for s in SEATS if s in players},
                    "rules": rules,
                    "initial_score": {"NS": game.initial_ns, "EW": game.initial_ew},
                    "first_dealer": game.first_dealer,
                }
            )
            header_seq = game.last_seq + 1 if rows else 0
            prev = rows[-1].hash if rows else _genesis(game.uid)
            header_hash = _chain_hash(prev, header_seq, 0, "header", stamp, data)
            headers.append(
                {
                    "game_id": game.id,
                    "seq": header_seq,
                    "hand": 0,
                    "kind": "header",
                    "data": data,
                    "created_at": stamp,
                    "prev_hash": prev,
                    "hash": header_hash,
                }
            )
        seq += 1
        digest = _registry_hash(
            prev_row,
            seq,
            game.id,
            game.uid,
            "upgraded",
            header_seq,
            header_hash,
            header_seq,
            header_hash,
            stamp,
        )
        registered.append(
            {
                "seq": seq,
                "game_id": game.id,
                "game_uid": game.uid,
                "event": "upgraded",
                "header_seq": header_seq,
                "header_hash": header_hash,
                "last_seq": header_seq,
                "head_hash": header_hash,
                "created_at": stamp,
                "prev_hash": prev_row,
                "hash": digest,
            }
        )
        prev_row = digest
    if headers:
        conn.execute(
            sa.text(
                "INSERT INTO action (game_id, seq, hand, kind, data, created_at, prev_hash, hash)"
                " VALUES (:game_id, :seq, :hand, :kind, :data, :created_at, :prev_hash, :hash)"
            ),
            headers,
        )
        conn.execute(
            sa.text("UPDATE game SET last_seq = :seq, head_hash = :hash WHERE id = :game_id"),
            [{"game_id": h["game_id"], "seq": h["seq"], "hash": h["hash"]} for h in headers],
        )
    if registered:
        op.bulk_insert(registry, registered)
    op.execute("DELETE FROM meta WHERE key IN ('registry_head', 'judged_by')")
    conn.execute(
        sa.text("INSERT INTO meta (key, value) VALUES ('registry_head', :v)"),
        {"v": f"{seq} {prev_row}"},
    )
    # The cached results are rebuilt when the database is next opened (content_hash with
    # them): judgement 0 is older than any engine's.
    op.execute("INSERT INTO meta (key, value) VALUES ('judged_by', '0')")
    op.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")


def downgrade() -> None:
    """Back to schema 3 (euchre-log itself never goes back): the register and the content
    hash go; the header entries stay in the journal, where schema 3 code cannot read them."""
    op.drop_table("game_registry")
    op.drop_index("ix_game_content_hash", "game")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("content_hash")
    op.execute("DELETE FROM meta WHERE key = 'registry_head'")
    op.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
