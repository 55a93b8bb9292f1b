"""Schema 3: ``hand_review``, each hand's open-hand review, cached for stats.

The review of a hand (the makers' tricks with best play, every card graded) takes a few
milliseconds of search, so ``stats`` computes it once and keeps it. A row is keyed by
(game, hand number, the hand's head hash): when the hand's journal changes, so does its
head, and the old row no longer matches the ``hand`` row that ``stats`` joins it to. The
table starts empty: ``stats`` fills it on demand. Nothing else changes.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None

SEAT_COLUMNS = [
    f"{what}_{seat}" for what in ("plays", "choices", "good", "cost") for seat in "nesw"
]


def upgrade() -> None:
    """Create ``hand_review`` (empty) and record schema 3."""
    op.create_table(
        "hand_review",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("head_hash", sa.String(64), primary_key=True),
        sa.Column("version", sa.String(20), nullable=False),
        sa.Column("analysed", sa.Boolean, nullable=False),
        sa.Column("dd_tricks", sa.Integer),
        sa.Column("tricks", sa.Integer),
        sa.Column("par_tricks", sa.Integer),
        *(sa.Column(name, sa.Integer, nullable=False) for name in SEAT_COLUMNS),
    )
    op.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")


def downgrade() -> None:
    """Back to schema 2: drop the cache (euchre-log itself never goes back)."""
    op.drop_table("hand_review")
    op.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
