"""Schema 1, the first released schema: the journal, the games, and their caches.

A database made by euchre-log before migrations existed has exactly these tables and
``meta.schema_version = 1`` but no ``alembic_version``; ``store/migrate.py`` stamps it
with this revision instead of running it. Keep this file as it is: it is what schema 1 was.

Revision ID: 0001
Revises: none
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables of schema 1 and record the version."""
    meta = op.create_table(
        "meta",
        sa.Column("key", sa.String(50), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("key", sa.String(100), nullable=False, unique=True),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("title", sa.String(500)),
        sa.Column("date", sa.String(100)),
        sa.Column("notes", sa.String(10000)),
        sa.Column("rules", sa.String, nullable=False),
        sa.Column("first_dealer", sa.String(1), nullable=False),
        sa.Column("initial_ns", sa.Integer, nullable=False),
        sa.Column("initial_ew", sa.Integer, nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("updated_at", sa.String(40), nullable=False),
        sa.Column("source", sa.String(20), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("score_ns", sa.Integer, nullable=False),
        sa.Column("score_ew", sa.Integer, nullable=False),
        sa.Column("winner", sa.String(2)),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("head_hash", sa.String(64)),
    )
    op.create_table(
        "game_seat",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("seat", sa.String(1), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("player.id"), nullable=False),
    )
    op.create_index("ix_game_seat_player_id", "game_seat", ["player_id"])
    op.create_table(
        "action",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.String, nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),
    )
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("dealer", sa.String(1), nullable=False),
        sa.Column("upcard", sa.String(2), nullable=False),
        sa.Column("trump", sa.String(1)),
        sa.Column("maker", sa.String(1)),
        sa.Column("bid_round", sa.Integer),
        sa.Column("alone", sa.Boolean, nullable=False),
        sa.Column("defender", sa.String(1)),
        sa.Column("tricks_ns", sa.Integer, nullable=False),
        sa.Column("tricks_ew", sa.Integer, nullable=False),
        sa.Column("points_ns", sa.Integer, nullable=False),
        sa.Column("points_ew", sa.Integer, nullable=False),
        sa.Column("outcome", sa.String(20), nullable=False),
        sa.Column("score_ns", sa.Integer, nullable=False),
        sa.Column("score_ew", sa.Integer, nullable=False),
        sa.Column("flags", sa.Integer, nullable=False),
        sa.UniqueConstraint("game_id", "number", name="uq_hand_game_number"),
    )
    op.create_index(
        "ix_hand_stats",
        "hand",
        [
            "game_id",
            "maker",
            "bid_round",
            "trump",
            "dealer",
            "outcome",
            "alone",
            "defender",
            "points_ns",
            "points_ew",
        ],
    )
    op.create_table(
        "flag",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("seat", sa.String(1)),
        sa.Column("trick", sa.Integer),
        sa.Column("accused", sa.String(1)),
        sa.Column("message", sa.String, nullable=False),
    )
    op.create_index("ix_flag_game_hand", "flag", ["game_id", "hand"])
    op.bulk_insert(meta, [{"key": "schema_version", "value": "1"}])


def downgrade() -> None:
    """Schema 1 is the first: there is nothing to go back to."""
    raise NotImplementedError("schema 1 is the first euchre-log schema")
