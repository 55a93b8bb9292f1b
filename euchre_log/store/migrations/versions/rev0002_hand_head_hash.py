"""Schema 2: each hand keeps its head hash, the hash of its last journal entry.

Issue 7 asks that "each hand and each game keeps its head hash". The game row has kept
its head since schema 1; this adds ``hand.head_hash`` and fills it for every stored hand
from the journal: the ``hash`` of the entry with the highest ``seq`` among the game's
entries of that hand (undos included, as the chain records them). From schema 2 on,
``store/games.py`` writes it with every hand it caches, and ``verify`` checks it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None

_HEADS = sa.text(
    "SELECT a.game_id, a.hand, a.hash FROM action a"
    " JOIN (SELECT game_id, hand, MAX(seq) AS seq FROM action GROUP BY game_id, hand) last"
    " ON a.game_id = last.game_id AND a.seq = last.seq"
)
"""Each (game, hand)'s last entry's hash: one pass over the journal, whatever its size."""


def upgrade() -> None:
    """Add ``hand.head_hash``, fill it from the journal, and record schema 2."""
    op.add_column("hand", sa.Column("head_hash", sa.String(64), nullable=True))
    conn = op.get_bind()
    heads = [
        {"g": game_id, "n": hand, "h": digest}
        for game_id, hand, digest in conn.execute(_HEADS).all()
    ]
    if heads:
        conn.execute(
            sa.text("UPDATE hand SET head_hash = :h WHERE game_id = :g AND number = :n"), heads
        )
    op.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")


def downgrade() -> None:
    """Back to schema 1: drop the column (euchre-log itself never goes back)."""
    with op.batch_alter_table("hand") as batch:
        batch.drop_column("head_hash")
    op.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
