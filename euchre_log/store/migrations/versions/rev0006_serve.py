"""Schema 6: what ``euchre-log serve`` keeps with a game.

Three new tables, empty; nothing else changes:

- ``serve_link``: the game's tokens, the table's and each seat's, so that a server started
  again prints the same links and no phone has to scan again;
- ``serve_request``: each line a phone sent, by the id the phone gave it, with the answer
  it got, so that a double tap or a retry (even after a restart) records nothing more;
- ``serve_private``: the cards a seat entered for itself (its deal, the dealer's own
  discard, a deal typed ahead of the next hand), which the other phones may not see until
  the hand ends.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables of ``serve`` (empty) and record schema 6."""
    op.create_table(
        "serve_link",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("who", sa.String(1), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
    )
    op.create_table(
        "serve_request",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("who", sa.String(1), primary_key=True),
        sa.Column("request_id", sa.String(100), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("entries", sa.Integer, nullable=False),
        sa.Column("answer", sa.String, nullable=False),
    )
    op.create_table(
        "serve_private",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("hand", sa.Integer, primary_key=True),
        sa.Column("seat", sa.String(1), primary_key=True),
        sa.Column("kind", sa.String(10), primary_key=True),
        sa.Column("cards", sa.String(40), nullable=False),
    )
    op.execute("UPDATE meta SET value = '6' WHERE key = 'schema_version'")


def downgrade() -> None:
    """Back to schema 5: drop the tables of ``serve`` (euchre-log itself never goes back)."""
    for name in ("serve_private", "serve_request", "serve_link"):
        op.drop_table(name)
    op.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
