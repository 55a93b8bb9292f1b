"""The database tables as SQLAlchemy Core, generated from the SQLModel models of
``schema.py`` by ``python3 -m euchre_log.store.codegen``. Do not edit: change the models
and run that command (``tests/test_tables.py`` fails while this file is stale).

The store reads and writes through these ``Table`` objects, so that a command imports
neither SQLModel nor SQLAlchemy's ORM; the migrations and Alembic's comparisons use the
models themselves.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

SCHEMA_VERSION = 4
"""``schema.SCHEMA_VERSION``: the schema this code reads and writes."""

metadata = MetaData()

META_T = Table(
    "meta",
    metadata,
    Column("key", String(50), primary_key=True),
    Column("value", String(200), nullable=False),
)

PLAYER_T = Table(
    "player",
    metadata,
    Column("id", Integer(), primary_key=True),
    Column("name", String(100), nullable=False),
    Column("key", String(100), nullable=False, unique=True),
)

GAME_T = Table(
    "game",
    metadata,
    Column("id", Integer(), primary_key=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("title", String(500)),
    Column("date", String(100)),
    Column("notes", String(10000)),
    Column("rules", String(), nullable=False),
    Column("first_dealer", String(1), nullable=False),
    Column("initial_ns", Integer(), nullable=False, default=0),
    Column("initial_ew", Integer(), nullable=False, default=0),
    Column("created_at", String(40), nullable=False),
    Column("updated_at", String(40), nullable=False),
    Column("source", String(20), nullable=False, default="recorded"),
    Column("status", String(20), nullable=False, default="in progress"),
    Column("score_ns", Integer(), nullable=False, default=0),
    Column("score_ew", Integer(), nullable=False, default=0),
    Column("winner", String(2)),
    Column("hands", Integer(), nullable=False, default=0),
    Column("last_seq", Integer(), nullable=False, default=0),
    Column("head_hash", String(64)),
    Column("content_hash", String(64), index=True),
)

SEAT_T = Table(
    "game_seat",
    metadata,
    Column("game_id", Integer(), ForeignKey("game.id"), primary_key=True),
    Column("seat", String(1), primary_key=True),
    Column("player_id", Integer(), ForeignKey("player.id"), nullable=False, index=True),
)

REGISTRY_T = Table(
    "game_registry",
    metadata,
    Column("seq", Integer(), primary_key=True, autoincrement=False),
    Column("game_id", Integer(), nullable=False),
    Column("game_uid", String(32), nullable=False, index=True),
    Column("event", String(20), nullable=False),
    Column("header_seq", Integer()),
    Column("header_hash", String(64)),
    Column("last_seq", Integer()),
    Column("head_hash", String(64)),
    Column("created_at", String(40), nullable=False),
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
)

ACTION_T = Table(
    "action",
    metadata,
    Column("id", Integer(), primary_key=True),
    Column("game_id", Integer(), ForeignKey("game.id"), nullable=False),
    Column("seq", Integer(), nullable=False),
    Column("hand", Integer(), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("data", String(), nullable=False),
    Column("created_at", String(40), nullable=False),
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
    UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),
)

HAND_T = Table(
    "hand",
    metadata,
    Column("id", Integer(), primary_key=True),
    Column("game_id", Integer(), ForeignKey("game.id"), nullable=False),
    Column("number", Integer(), nullable=False),
    Column("dealer", String(1), nullable=False),
    Column("upcard", String(2), nullable=False),
    Column("trump", String(1)),
    Column("maker", String(1)),
    Column("bid_round", Integer()),
    Column("alone", Boolean(), nullable=False, default=False),
    Column("defender", String(1)),
    Column("tricks_ns", Integer(), nullable=False, default=0),
    Column("tricks_ew", Integer(), nullable=False, default=0),
    Column("points_ns", Integer(), nullable=False, default=0),
    Column("points_ew", Integer(), nullable=False, default=0),
    Column("outcome", String(20), nullable=False),
    Column("score_ns", Integer(), nullable=False, default=0),
    Column("score_ew", Integer(), nullable=False, default=0),
    Column("flags", Integer(), nullable=False, default=0),
    Column("head_hash", String(64)),
    UniqueConstraint("game_id", "number", name="uq_hand_game_number"),
    Index(
        "ix_hand_stats",
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
    ),
)

FLAG_T = Table(
    "flag",
    metadata,
    Column("id", Integer(), primary_key=True),
    Column("game_id", Integer(), ForeignKey("game.id"), nullable=False),
    Column("hand", Integer(), nullable=False),
    Column("kind", String(40), nullable=False),
    Column("seat", String(1)),
    Column("trick", Integer()),
    Column("accused", String(1)),
    Column("message", String(), nullable=False),
    Index("ix_flag_game_hand", "game_id", "hand"),
)

REVIEW_T = Table(
    "hand_review",
    metadata,
    Column("game_id", Integer(), ForeignKey("game.id"), primary_key=True),
    Column("number", Integer(), primary_key=True),
    Column("head_hash", String(64), primary_key=True),
    Column("version", String(20), nullable=False),
    Column("analysed", Boolean(), nullable=False),
    Column("dd_tricks", Integer()),
    Column("tricks", Integer()),
    Column("par_tricks", Integer()),
    Column("plays_n", Integer(), nullable=False, default=0),
    Column("plays_e", Integer(), nullable=False, default=0),
    Column("plays_s", Integer(), nullable=False, default=0),
    Column("plays_w", Integer(), nullable=False, default=0),
    Column("choices_n", Integer(), nullable=False, default=0),
    Column("choices_e", Integer(), nullable=False, default=0),
    Column("choices_s", Integer(), nullable=False, default=0),
    Column("choices_w", Integer(), nullable=False, default=0),
    Column("good_n", Integer(), nullable=False, default=0),
    Column("good_e", Integer(), nullable=False, default=0),
    Column("good_s", Integer(), nullable=False, default=0),
    Column("good_w", Integer(), nullable=False, default=0),
    Column("cost_n", Integer(), nullable=False, default=0),
    Column("cost_e", Integer(), nullable=False, default=0),
    Column("cost_s", Integer(), nullable=False, default=0),
    Column("cost_w", Integer(), nullable=False, default=0),
)

TABLES = [META_T, PLAYER_T, GAME_T, SEAT_T, REGISTRY_T, ACTION_T, HAND_T, FLAG_T, REVIEW_T]
