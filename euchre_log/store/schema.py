"""The database tables.

The ``action`` table is the source of truth: every entry of every game, in order, never
updated and never deleted. An entry is a hand's start (``kind = "deal"``), an action of
the file format, or an ``undo`` that takes back an earlier entry. Each carries a SHA-256
hash chained to the one before it in the same game.

``hand`` and ``flag`` are caches of what the engine derives from those entries. They are
rebuilt on every write and are never authoritative; stats read them with SQL. Each hand
keeps its head hash (that of its last entry), as the game keeps the head of its chain.

Each game's chain starts from a header entry (``kind = "header"``, schema 4 on) that holds
its rules, starting score, first dealer and players by seat, and ``game_registry`` keeps a
chain of its own over every game the database has held, so that a deleted game shows.
``game.content_hash`` identifies a game by what was played (``games.content_hash``), so
that ``import`` recognises a game it already holds; a recorder line clears it (rehashing a
long game on every line would slow the recorder down) and ``import`` works it out again.

``hand_review`` caches each hand's open-hand review, computed when ``stats`` first needs
it. A row is keyed by the game, the hand's number and the hand's head hash: the moment the
hand's journal changes (an entry added or undone), its head changes and the row no longer
matches, so a stale review is never read.

The tables are created and changed only by the migrations in ``migrations/``, which
``db.connect`` applies when it opens a database of an older schema; a new database gets
them from these models in one go (``migrate.create``). These models are the one
definition of the tables: the store reads and writes them with SQLAlchemy Core, through
the ``Table`` objects at the end of this module.
"""

from __future__ import annotations

from typing import Optional

from sqlalchemy import BigInteger, Index, LargeBinary, Table, UniqueConstraint
from sqlmodel import Field, SQLModel

SCHEMA_VERSION = 6
"""The schema this code reads and writes. Bump it when the tables change, and add the
migration that brings a database from the version before (``migrations/versions/``)."""


class Meta(SQLModel, table=True):
    """Key-value facts about the database itself, such as its schema version."""

    key: str = Field(primary_key=True, max_length=50)
    value: str = Field(max_length=200)


class Player(SQLModel, table=True):
    """A person, shared by name across games so that stats can follow them."""

    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    key: str = Field(max_length=100, unique=True, description="The name folded for matching.")


class Game(SQLModel, table=True):
    """A game: its rules, its title, and a summary cached from its entries."""

    id: Optional[int] = Field(default=None, primary_key=True)
    uid: str = Field(
        max_length=32, unique=True, description="Stable identity; seeds the hash chain."
    )
    title: Optional[str] = Field(default=None, max_length=500)
    date: Optional[str] = Field(default=None, max_length=100)
    notes: Optional[str] = Field(default=None, max_length=10000)
    rules: str = Field(description="The rules as JSON: every option's value and the preset.")
    first_dealer: str = Field(max_length=1)
    initial_ns: int = 0
    initial_ew: int = 0
    created_at: str = Field(max_length=40)
    updated_at: str = Field(max_length=40)
    source: str = Field(default="recorded", max_length=20)
    # Cached from the entries by the engine:
    status: str = Field(default="in progress", max_length=20)
    score_ns: int = 0
    score_ew: int = 0
    winner: Optional[str] = Field(default=None, max_length=2)
    hands: int = 0
    last_seq: int = 0
    head_hash: Optional[str] = Field(default=None, max_length=64)
    content_hash: Optional[str] = Field(
        default=None,
        max_length=64,
        index=True,
        description="What was played: players, rules, starting score, deals and actions "
        "(schema 4 on); import finds a game it already holds by it.",
    )


class GameSeat(SQLModel, table=True):
    """Who sat where in a game."""

    __tablename__ = "game_seat"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    seat: str = Field(primary_key=True, max_length=1)
    player_id: int = Field(foreign_key="player.id", index=True)


class GameRegistry(SQLModel, table=True):
    """The database's own record of the games it holds, chained like a game's journal
    (schema 4 on): a row per game stored, and a checkpoint of its head each time it starts
    a hand or ends; never updated and never deleted. Its head is ``meta.registry_head``."""

    __tablename__ = "game_registry"
    seq: int = Field(
        primary_key=True,
        sa_column_kwargs={"autoincrement": False},
        description="1, 2, 3... over the whole database.",
    )
    game_id: int = Field(description="The game's id here (not a foreign key: it outlives it).")
    game_uid: str = Field(max_length=32, index=True)
    event: str = Field(
        max_length=20, description="created, imported, copied, upgraded or checkpoint."
    )
    header_seq: Optional[int] = Field(
        default=None,
        description="The seq of the game's header entry; null if it has none, or for a checkpoint.",
    )
    header_hash: Optional[str] = Field(default=None, max_length=64)
    last_seq: Optional[int] = Field(
        default=None, description="The game's last entry then (null: a game left unsealed)."
    )
    head_hash: Optional[str] = Field(
        default=None, max_length=64, description="That entry's hash: the game's head then."
    )
    created_at: str = Field(max_length=40)
    prev_hash: str = Field(max_length=64)
    hash: str = Field(max_length=64)
    source: Optional[str] = Field(
        default=None,
        max_length=20,
        description="The game's source then (schema 5 on; null on a checkpoint).",
    )
    players: Optional[str] = Field(
        default=None,
        description="The game's players by seat then, exactly as stored, as JSON (schema 5 "
        "on; null on a checkpoint).",
    )


class Action(SQLModel, table=True):
    """One entry of a game's record: a hand's start, an action, an undo, or the header.

    Compact (schema 5, ``codec``): the entry's canonical JSON in a few characters, its
    time in microseconds, and of its chained hash only the first 32 bits (``tag``), but
    on the header and each hand's start the whole of it. ``journal`` works out every
    other hash again from the game's start."""

    __table_args__ = {"sqlite_with_rowid": False}  # the key is the row: no rowid beside it
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    seq: int = Field(
        primary_key=True,
        sa_column_kwargs={"autoincrement": False},
        description="0 (the header), 1, 2, 3... within the game; two writers cannot share one.",
    )
    hand: int = Field(description="The hand number the entry belongs to (0: the header).")
    kind: str = Field(max_length=20)
    data: str = Field(description="The entry's canonical JSON, compactly (store/codec.py).")
    time_us: int = Field(
        sa_type=BigInteger, description="When it was stored: microseconds since 1970, UTC."
    )
    tag: int = Field(description="The first 32 bits of the entry's hash, signed.")
    hash: Optional[bytes] = Field(
        default=None,
        sa_type=LargeBinary,
        description="The entry's whole hash, on the header and each hand's start only.",
    )


class Hand(SQLModel, table=True):
    """A hand's result, cached from the entries by the engine."""

    __table_args__ = (
        UniqueConstraint("game_id", "number", name="uq_hand_game_number"),
        # Covers every column the stats read, in the order they group by: the stats
        # scan this index alone, never the table (store/stats.py).
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
    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    number: int
    dealer: str = Field(max_length=1)
    upcard: str = Field(max_length=2)
    trump: Optional[str] = Field(default=None, max_length=1)
    maker: Optional[str] = Field(default=None, max_length=1)
    bid_round: Optional[int] = None
    alone: bool = False
    defender: Optional[str] = Field(default=None, max_length=1)
    tricks_ns: int = 0
    tricks_ew: int = 0
    points_ns: int = 0
    points_ew: int = 0
    outcome: str = Field(max_length=20)
    score_ns: int = 0
    score_ew: int = 0
    flags: int = 0
    head_hash: Optional[str] = Field(
        default=None,
        max_length=64,
        description="The hash of the hand's last journal entry (schema 2 on).",
    )


class Flag(SQLModel, table=True):
    """An irregularity the engine found, cached for stats and listings."""

    __table_args__ = (Index("ix_flag_game_hand", "game_id", "hand"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    hand: int
    kind: str = Field(max_length=40)
    seat: Optional[str] = Field(default=None, max_length=1)
    trick: Optional[int] = None
    accused: Optional[str] = Field(default=None, max_length=1)
    message: str


class HandReview(SQLModel, table=True):
    """A hand's open-hand review, cached for stats (schema 3 on). Valid while the hand's
    ``head_hash`` is still this one and ``version`` is the review's (``review_cache``)."""

    __tablename__ = "hand_review"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    number: int = Field(primary_key=True, description="The hand's number in the game.")
    head_hash: str = Field(
        primary_key=True, max_length=64, description="The hand's head hash when reviewed."
    )
    method: str = Field(
        default="open",
        primary_key=True,
        max_length=40,
        description="Which review and its options (schema 5 on): open, the open-hand one.",
    )
    version: str = Field(
        max_length=20, description="The review's version and the engine judgement it used."
    )
    data: Optional[str] = Field(
        default=None,
        description="The whole review as versioned JSON (schema 5 on; null: only the counts).",
    )
    analysed: bool
    dd_tricks: Optional[int] = Field(
        default=None, description="The makers' tricks with best play from the first card."
    )
    tricks: Optional[int] = Field(default=None, description="The makers' tricks as played.")
    par_tricks: Optional[int] = Field(
        default=None, description="Par's tricks for the makers in the trump they named."
    )
    # Per seat (n e s w): cards played, choices (two or more legal cards), choices that
    # gave nothing away, and the tricks given away.
    plays_n: int = 0
    plays_e: int = 0
    plays_s: int = 0
    plays_w: int = 0
    choices_n: int = 0
    choices_e: int = 0
    choices_s: int = 0
    choices_w: int = 0
    good_n: int = 0
    good_e: int = 0
    good_s: int = 0
    good_w: int = 0
    cost_n: int = 0
    cost_e: int = 0
    cost_s: int = 0
    cost_w: int = 0


class ServeLink(SQLModel, table=True):
    """A secret of ``serve`` (schema 6 on): the token of the table (``who`` T) or of a
    seat (N, E, S, W) that a game's links carry, kept with the game so that a server
    started again prints the same links, and passed on to the game the table starts next."""

    __tablename__ = "serve_link"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    who: str = Field(primary_key=True, max_length=1, description="T (the table), N, E, S or W.")
    token: str = Field(max_length=64, description="The random token (URL-safe text).")


class ServeRequest(SQLModel, table=True):
    """A line ``serve`` accepted, by the id its phone gave it (schema 6 on): the same id
    from the same token again is answered from here and records nothing more."""

    __tablename__ = "serve_request"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    who: str = Field(primary_key=True, max_length=1, description="T, N, E, S or W.")
    request_id: str = Field(primary_key=True, max_length=100, description="The phone's id.")
    seq: int = Field(description="The game's last journal entry once the line was stored.")
    entries: int = Field(description="How many journal entries the line added or took back.")
    answer: str = Field(description="The answer given, as JSON.")


class ServePrivate(SQLModel, table=True):
    """Cards a seat entered for itself on its phone (schema 6 on), which the other phones
    may not see until the hand ends: its deal (``kind`` deal), the dealer's own discard
    (discard), or a deal typed ahead of the next hand (pending, ``hand`` 0, with its
    ``cards``, since the journal holds a deal only with its hand's start). The rows of a
    hand go once it ends: it is public from then on."""

    __tablename__ = "serve_private"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    hand: int = Field(primary_key=True, description="The hand's number; 0 for pending.")
    seat: str = Field(primary_key=True, max_length=1, description="N, E, S or W.")
    kind: str = Field(primary_key=True, max_length=10, description="deal, discard or pending.")
    cards: str = Field(max_length=40, description="The cards, in the file notation.")


TABLES = [
    Meta,
    Player,
    Game,
    GameSeat,
    GameRegistry,
    Action,
    Hand,
    Flag,
    HandReview,
    ServeLink,
    ServeRequest,
    ServePrivate,
]

# The tables as SQLAlchemy Core sees them: the store writes and reads with Core.
metadata = SQLModel.metadata
META_T: Table = Meta.__table__  # type: ignore[attr-defined]
ACTION_T: Table = Action.__table__  # type: ignore[attr-defined]
GAME_T: Table = Game.__table__  # type: ignore[attr-defined]
HAND_T: Table = Hand.__table__  # type: ignore[attr-defined]
FLAG_T: Table = Flag.__table__  # type: ignore[attr-defined]
SEAT_T: Table = GameSeat.__table__  # type: ignore[attr-defined]
PLAYER_T: Table = Player.__table__  # type: ignore[attr-defined]
REVIEW_T: Table = HandReview.__table__  # type: ignore[attr-defined]
REGISTRY_T: Table = GameRegistry.__table__  # type: ignore[attr-defined]
LINK_T: Table = ServeLink.__table__  # type: ignore[attr-defined]
REQUEST_T: Table = ServeRequest.__table__  # type: ignore[attr-defined]
PRIVATE_T: Table = ServePrivate.__table__  # type: ignore[attr-defined]
