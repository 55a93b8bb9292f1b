"""Schema 5: a compact journal, a register that covers each game's id, source and players,
content hashes by the rules' values, and room for whole reviews in the review cache.

Up to schema 4 a journal row cost about 235 bytes, 90% of the file: two 64-character hex
hashes (its own and the one before it), a 32-character ISO time and the entry's JSON. This
revision, all in one transaction:

- rewrites ``action`` (the journal) compactly, every entry kept exactly: its JSON and its
  time as ``store.codec`` encodes them (``N9H`` for a play, microseconds for the time;
  decoding gives back the very texts the chain covers), of its hash the first 32 bits
  (``tag``), and the whole hash on the header and each hand's start only. The tags and
  hashes are the ones the rows held, not worked out again, so an entry changed before the
  upgrade still shows to ``verify``, and a fingerprint given out before it still
  verifies: the chain is the same chain. The key is (game, seq), without a rowid;
- adds the game's ``source`` and its players' names exactly as stored to the register,
  and registers every game again with them (event ``upgraded``), so that a game
  renumbered, swapped with another, relabelled or with a player renamed (``BOB``, a
  trailing space) no longer passes ``verify``; the register's head in ``meta`` gets a
  check beside it, so that setting it back to an earlier row takes working out a hash;
- clears every content hash, which the command that upgraded works out again as soon as
  the upgrade has committed: from the rules' values, without the preset's name, which a
  game's own EGN export cannot carry;
- keys ``hand_review`` also on the review's ``method`` (``open``, the open-hand review;
  a fair review's options will make others) and gives it ``data``, the whole review as
  JSON, so that ``review GAME`` reads what it computed before.

SQLite gives the space of the old journal back to the disk afterwards (``VACUUM``, in
``db.py``, once the upgrade has committed). The register's hashing is written out here, as
it was when this revision was written, so that the upgrade never changes with later code;
the journal's encoding is ``store.codec``'s, whose stored forms never change meaning.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

from euchre_log.store.codec import encode

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None

SEATS = "NESW"
CHECKPOINT_KINDS = ("header", "deal")
GAMES_AT_A_TIME = 200
"""Games converted per batch: the journal of a club's history is never all in memory."""
REVIEW_SEATS = [
    f"{what}_{seat}" for what in ("plays", "choices", "good", "cost") for seat in "nesw"
]


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
    source: str | None,
    players: str | None,
) -> str:
    line = (
        f"{prev}|{seq}|{game_id}|{uid}|{event}|{header_seq}|{header_hash}|{last_seq}|"
        f"{head_hash}|{created_at}"
    )
    if source is not None or players is not None:
        line += f"|{source}|{players}"
    return hashlib.sha256(line.encode()).hexdigest()


def _head_check(seq: int, digest: str) -> str:
    return hashlib.sha256(f"euchre-log registry head|{seq}|{digest}".encode()).hexdigest()


REGISTRY_GENESIS = hashlib.sha256(b"euchre-log game registry").hexdigest()


def _is_hash(value: Any) -> bool:
    if not isinstance(value, str) or len(value) != 64:
        return False
    try:
        bytes.fromhex(value)
    except ValueError:
        return False
    return True


def _tag(stored: Any) -> int:
    """The tag of a row's stored hash; of a value that is no hash (changed outside
    euchre-log), a tag that no chain gives, so that the change goes on showing."""
    digest = (
        stored
        if _is_hash(stored)
        else hashlib.sha256(f"not a hash {stored!r}".encode()).hexdigest()
    )
    value = int(digest[:8], 16)
    return value - 0x1_0000_0000 if value >= 0x8000_0000 else value


def _journal_columns() -> list[Any]:
    return [
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.String, nullable=False),
        sa.Column("time_us", sa.BigInteger, nullable=False),
        sa.Column("tag", sa.Integer, nullable=False),
        sa.Column("hash", sa.LargeBinary),
    ]


def _convert(row: Any) -> dict[str, Any]:
    """A schema 4 journal row in the compact form, keeping all it held."""
    kind = str(row.kind)
    data = row.data if isinstance(row.data, str) else json.dumps(row.data)
    stamp = row.created_at if isinstance(row.created_at, str) else str(row.created_at)
    code, us = encode(kind, data, stamp)
    whole = bytes.fromhex(row.hash) if kind in CHECKPOINT_KINDS and _is_hash(row.hash) else None
    return {
        "game_id": row.game_id,
        "seq": row.seq,
        "hand": row.hand,
        "kind": kind,
        "data": code,
        "time_us": us,
        "tag": _tag(row.hash),
        "hash": whole,
    }


def _rename_primary_key(conn: Any, table: str, old: str) -> None:
    """PostgreSQL names a table's key after the table it was made for."""
    if conn.dialect.name == "postgresql":
        op.execute(f'ALTER TABLE "{table}" RENAME CONSTRAINT "{old}_pkey" TO "{table}_pkey"')


def _journal(conn: Any) -> None:
    """Rewrite ``action`` compactly, game by game."""
    op.create_table("action5", *_journal_columns(), sqlite_with_rowid=False)
    new = sa.table("action5", *(sa.column(c.name) for c in _journal_columns()))
    # Rows whose game is gone (deleted outside euchre-log, foreign keys off) are left
    # behind: they belong to no game, and the register still names the game deleted.
    ids = [int(i) for i in conn.execute(sa.text("SELECT id FROM game ORDER BY id")).scalars()]
    for start in range(0, len(ids), GAMES_AT_A_TIME):
        part = ids[start : start + GAMES_AT_A_TIME]
        rows = conn.execute(
            sa.text(
                "SELECT game_id, seq, hand, kind, data, created_at, hash FROM action"
                " WHERE game_id IN :ids ORDER BY game_id, seq"
            ).bindparams(sa.bindparam("ids", expanding=True)),
            {"ids": part},
        ).all()
        if rows:
            conn.execute(sa.insert(new), [_convert(r) for r in rows])
    op.drop_table("action")
    op.rename_table("action5", "action")
    _rename_primary_key(conn, "action", "action5")


def _reviews(conn: Any) -> None:
    """Key ``hand_review`` also on the method, with room for the whole review."""
    op.create_table(
        "hand_review5",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("head_hash", sa.String(64), primary_key=True),
        sa.Column("method", sa.String(40), primary_key=True),
        sa.Column("version", sa.String(20), nullable=False),
        sa.Column("data", sa.String),
        sa.Column("analysed", sa.Boolean, nullable=False),
        sa.Column("dd_tricks", sa.Integer),
        sa.Column("tricks", sa.Integer),
        sa.Column("par_tricks", sa.Integer),
        *(sa.Column(name, sa.Integer, nullable=False) for name in REVIEW_SEATS),
    )
    columns = [
        "game_id",
        "number",
        "head_hash",
        "version",
        "analysed",
        "dd_tricks",
        "tricks",
        "par_tricks",
        *REVIEW_SEATS,
    ]
    names = ", ".join(columns)
    op.execute(
        f"INSERT INTO hand_review5 ({names}, method) SELECT {names}, 'open' FROM hand_review"
    )
    op.drop_table("hand_review")
    op.rename_table("hand_review5", "hand_review")
    _rename_primary_key(conn, "hand_review", "hand_review5")


def _register(conn: Any) -> None:
    """Register every game again, with its id, source and players as stored."""
    op.add_column("game_registry", sa.Column("source", sa.String(20), nullable=True))
    op.add_column("game_registry", sa.Column("players", sa.String, nullable=True))
    stamp = datetime.now(UTC).isoformat(timespec="microseconds")
    kept = conn.execute(sa.text("SELECT value FROM meta WHERE key = 'registry_head'")).scalar()
    seq, prev = 0, REGISTRY_GENESIS
    parts = str(kept or "").split(" ")
    if len(parts) >= 2 and parts[0].isdigit():
        seq, prev = int(parts[0]), parts[1]
    first: dict[str, tuple[Any, Any]] = {}
    for uid, header_seq, header_hash in conn.execute(
        sa.text(
            "SELECT game_uid, header_seq, header_hash FROM game_registry"
            " WHERE event != 'checkpoint' ORDER BY seq"
        )
    ):
        first.setdefault(str(uid), (header_seq, header_hash))
    seats: dict[int, dict[str, str]] = {}
    for game_id, seat, name in conn.execute(
        sa.text(
            "SELECT s.game_id, s.seat, p.name FROM game_seat s JOIN player p ON p.id = s.player_id"
        )
    ):
        seats.setdefault(int(game_id), {})[str(seat)] = str(name)
    rows: list[dict[str, Any]] = []
    for game in conn.execute(
        sa.text("SELECT id, uid, source, last_seq, head_hash FROM game ORDER BY id")
    ):
        seq += 1
        by_seat = seats.get(int(game.id), {})
        players = json.dumps(
            {s: by_seat[s] for s in SEATS if s in by_seat},
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )
        header_seq, header_hash = first.get(str(game.uid), (None, None))
        digest = _registry_hash(
            prev,
            seq,
            game.id,
            game.uid,
            "upgraded",
            header_seq,
            header_hash,
            game.last_seq,
            game.head_hash,
            stamp,
            game.source,
            players,
        )
        rows.append(
            {
                "seq": seq,
                "game_id": game.id,
                "game_uid": game.uid,
                "event": "upgraded",
                "header_seq": header_seq,
                "header_hash": header_hash,
                "last_seq": game.last_seq,
                "head_hash": game.head_hash,
                "created_at": stamp,
                "prev_hash": prev,
                "hash": digest,
                "source": game.source,
                "players": players,
            }
        )
        prev = digest
    if rows:
        registry = sa.table("game_registry", *(sa.column(c) for c in rows[0]))
        for start in range(0, len(rows), 1000):
            conn.execute(sa.insert(registry), rows[start : start + 1000])
    op.execute("DELETE FROM meta WHERE key = 'registry_head'")
    conn.execute(
        sa.text("INSERT INTO meta (key, value) VALUES ('registry_head', :v)"),
        {"v": f"{seq} {prev} {_head_check(seq, prev)}"},
    )


def upgrade() -> None:
    """The compact journal, the register's new columns and rows, the cleared content
    hashes and the review cache's new key, then schema 5."""
    conn = op.get_bind()
    _journal(conn)
    _reviews(conn)
    _register(conn)
    # Worked out again, from the rules' values, right after the upgrade commits
    # (``access.open_store``, ``games.fill_content_hashes``).
    op.execute("UPDATE game SET content_hash = NULL")
    op.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")


def downgrade() -> None:
    """Not supported: schema 4's journal kept the hashes this one leaves out, which would
    have to be worked out again (euchre-log itself never goes back)."""
    raise NotImplementedError("euchre-log does not downgrade a database from schema 5")
