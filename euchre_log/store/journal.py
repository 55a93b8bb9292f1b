"""The journal: every entry of every game, in order, chained by SHA-256.

An entry is a hand's start (``kind = "deal"``), an action of the file format, or an
``undo`` that takes back an earlier entry; it is stored as canonical JSON, never updated
and never deleted. A game's chain starts from its header (``kind = "header"``, entry 0,
hand 0): the rules, the starting score, the first dealer and the players by seat, which a
verdict depends on as much as on the cards. A game stored before schema 4 got its header
from the upgrade, after the entries it already had (``migrations/versions/rev0004``).
This module is the journal's codec (entries to rows and back), its hashing, and its bulk
append; ``store.games`` builds the game operations on it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, SEAT_LETTERS
from ..engine.record import Entry, StartHand
from ..formats.reader import CARD_INDEX, SEAT_INDEX, LogError, action_from_dict, shared_actions
from ..formats.writer import action_dict
from .db import StoreError

if TYPE_CHECKING:  # SQLAlchemy is imported by the functions that write or query
    from sqlalchemy import Connection
    from sqlalchemy.exc import IntegrityError


class GameMovedOn(StoreError):
    """Another writer added to the game since it was loaded; reload and try again."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def canonical(obj: Any) -> str:
    """The one JSON text of a value that the hash chain covers."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def genesis(uid: str) -> str:
    """The hash a game's chain starts from."""
    return hashlib.sha256(f"euchre-log game {uid}".encode()).hexdigest()


HEADER = "header"
"""The kind of a game's header entry."""
HEADER_VERSION = 1


def header_data(
    players: Mapping[str, str],
    rules: dict[str, Any],
    initial_score: tuple[int, int],
    first_dealer: str,
) -> dict[str, Any]:
    """What a game's header entry holds: everything a verdict depends on besides the
    entries (``rules`` as the game row stores them; ``first_dealer`` a seat letter)."""
    return {
        "header": HEADER_VERSION,
        "players": {s: players[s] for s in SEAT_LETTERS if s in players},
        "rules": rules,
        "initial_score": {"NS": initial_score[0], "EW": initial_score[1]},
        "first_dealer": first_dealer,
    }


def header_row(uid: str, data: dict[str, Any], stamp: str) -> tuple[Any, ...]:
    """A new game's header as a journal row ``(seq, hand, kind, data, created_at,
    prev_hash, hash)``: entry 0 of hand 0, chained to the game's genesis."""
    text_ = canonical(data)
    prev = genesis(uid)
    return (0, 0, HEADER, text_, stamp, prev, chain_hash(prev, 0, 0, HEADER, stamp, text_))


def chain_hash(
    prev: str,
    seq: int,
    hand: int,
    kind: str,
    created_at: str,
    data: str,
    _sha256: Any = hashlib.sha256,
) -> str:
    """SHA-256 over an entry's canonical encoding and the hash before it."""
    digest: str = _sha256(f"{prev}|{seq}|{hand}|{kind}|{created_at}|{data}".encode()).hexdigest()
    return digest


# ---------------------------------------------------------------------------
# Entries as stored data


def entry_data(entry: Entry) -> tuple[str, dict[str, Any]]:
    """(kind, data) of an entry, as the journal stores it."""
    if isinstance(entry, StartHand):
        data: dict[str, Any] = {
            "dealer": SEAT_LETTERS[entry.dealer],
            "upcard": CARD_TEXT[entry.upcard],
        }
        if entry.deal:
            data["deal"] = {
                SEAT_LETTERS[s]: [CARD_TEXT[c] for c in cards]
                for s, cards in sorted(entry.deal.items())
            }
        if entry.kitty:
            data["kitty"] = [CARD_TEXT[c] for c in entry.kitty]
        return "deal", data
    return entry.TYPE, action_dict(entry)


# A game uses a few hundred distinct actions (4 seats x 24 cards...): each is encoded once.
_ACTION_TEXT: dict[A.Action, tuple[str, str]] = {}
# The reader shares one object per play, pass and order (they are immutable); their texts
# are found by identity, which is cheaper than hashing the action's fields.
_SHARED_TEXT: dict[int, tuple[str, str]] = {
    id(a): (a.TYPE, canonical(action_dict(a))) for a in shared_actions()
}


def entry_text(entry: Entry) -> tuple[str, str]:
    """(kind, canonical JSON) of an entry: what the journal stores and the chain covers."""
    known = _SHARED_TEXT.get(id(entry))
    if known is not None:
        return known
    if entry.__class__ is not StartHand:
        known = _ACTION_TEXT.get(entry)  # type: ignore[arg-type]
        if known is not None:
            return known
    if isinstance(entry, StartHand):
        kind, data = entry_data(entry)
        return kind, canonical(data)
    found = (entry.TYPE, canonical(action_dict(entry)))
    if len(_ACTION_TEXT) < 20000 and not isinstance(entry, A.Note):  # notes are one-offs
        _ACTION_TEXT[entry] = found
    return found


_ROW_COLUMNS = ("game_id", "seq", "hand", "kind", "data", "created_at", "prev_hash", "hash")


def insert_journal(conn: Connection, rows: list[tuple[Any, ...]]) -> None:
    """Append journal rows (tuples in ``_ROW_COLUMNS`` order) with one bulk insert.

    The rows go straight to the driver's ``executemany``: a season's import is hundreds of
    thousands of rows, and building a parameter dict per row would double its cost.
    """
    if not rows:
        return
    from sqlalchemy import insert

    from .schema import ACTION_T

    style = conn.dialect.paramstyle
    if style in ("qmark", "format", "pyformat"):
        mark = "?" if style == "qmark" else "%s"
        sql = f"INSERT INTO action ({', '.join(_ROW_COLUMNS)}) VALUES ({', '.join([mark] * 8)})"
        conn.exec_driver_sql(sql, rows)
    else:
        conn.execute(insert(ACTION_T), [dict(zip(_ROW_COLUMNS, r, strict=True)) for r in rows])


def insert_rows(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """Insert rows (dicts with the same keys) into a table with one bulk insert, straight
    to the driver when its parameters are positional, as ``insert_journal`` does: a
    season's import writes tens of thousands of hand rows."""
    if not rows:
        return
    style = conn.dialect.paramstyle
    if style not in ("qmark", "format", "pyformat"):
        from sqlalchemy import insert

        conn.execute(insert(table), rows)
        return
    columns = [col.name for col in table.columns if col.name in rows[0]]
    mark = "?" if style == "qmark" else "%s"
    sql = (
        f"INSERT INTO {table.name} ({', '.join(columns)}) "
        f"VALUES ({', '.join([mark] * len(columns))})"
    )
    conn.exec_driver_sql(sql, [tuple(r[c] for c in columns) for r in rows])


def entry_from_data(kind: str, data: dict[str, Any]) -> Entry:
    """The entry a journal row holds; raises ``LogError`` on data that is not an entry."""
    if kind == "deal":
        try:
            deal = {
                SEAT_INDEX[s]: tuple(CARD_INDEX[c] for c in cards)
                for s, cards in (data.get("deal") or {}).items()
            }
            kitty = tuple(CARD_INDEX[c] for c in data.get("kitty") or ())
            return StartHand(SEAT_INDEX[data["dealer"]], CARD_INDEX[data["upcard"]], deal, kitty)
        except (KeyError, TypeError, AttributeError):
            raise LogError(
                f"a hand's start holds {canonical(data)!r}, which is not a deal"
            ) from None
    return action_from_dict(data)


def effective_entries(rows: Iterable[Any]) -> list[tuple[int, Entry]]:
    """Replay the journal's undos: the entries that still stand, with their seqs (the
    game's header is not an entry of its hands)."""
    live: list[tuple[int, Entry]] = []
    for row in rows:
        if row.kind == HEADER:
            continue
        try:
            data = json.loads(row.data)
        except (TypeError, ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            raise LogError(f"entry {row.seq} holds {_shown(row.data)}, which is not an entry")
        if row.kind == "undo":
            target = data.get("undoes")
            if not live or live[-1][0] != target:
                raise LogError(
                    f"entry {row.seq} takes back entry {_shown(target)}, which is not the last "
                    "one standing"
                )
            live.pop()
            continue
        try:
            live.append((row.seq, entry_from_data(row.kind, data)))
        except LogError as exc:
            raise LogError(f"entry {row.seq}: {exc.message}") from None
    return live


def _shown(value: Any) -> str:
    """A stored value quoted in a message, cut short."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def journal_rows(conn: Connection, game_id: int) -> list[Any]:
    """A game's journal rows (seq, kind, data), in order."""
    from sqlalchemy import select

    from .schema import ACTION_T

    return list(
        conn.execute(
            select(ACTION_T.c.seq, ACTION_T.c.kind, ACTION_T.c.data)
            .where(ACTION_T.c.game_id == game_id)
            .order_by(ACTION_T.c.seq)
        ).all()
    )


def hand_heads(conn: Connection, game_id: int) -> dict[int, str]:
    """Each hand's head hash: the hash of the game's last journal entry of that hand."""
    from sqlalchemy import func, select

    from .schema import ACTION_T

    last = (
        select(ACTION_T.c.hand, func.max(ACTION_T.c.seq).label("seq"))
        .where(ACTION_T.c.game_id == game_id)
        .group_by(ACTION_T.c.hand)
        .subquery()
    )
    rows = conn.execute(
        select(ACTION_T.c.hand, ACTION_T.c.hash)
        .join(last, (ACTION_T.c.hand == last.c.hand) & (ACTION_T.c.seq == last.c.seq))
        .where(ACTION_T.c.game_id == game_id)
    )
    return {int(hand): str(digest) for hand, digest in rows}


def _is_seq_clash(exc: IntegrityError) -> bool:
    """Whether a refused insert broke the journal's unique (game, seq)."""
    words = str(exc.orig).lower()
    return "uq_action_game_seq" in words or "action.game_id, action.seq" in words


def append_journal(
    conn: Connection,
    game_id: int,
    last_seq: int,
    head: str,
    ops: Iterable[tuple[str, Any, int]],
) -> tuple[list[int], str, str, list[str]]:
    """Append entries (``("add", entry, hand)``) and undos (``("undo", seq, hand)``) after
    entry ``last_seq`` whose hash is ``head``, in one bulk insert.

    Returns the new sequence numbers, the new head hash, the time stamp they carry and
    each new row's hash.
    Raises ``GameMovedOn`` when another writer took one of the sequence numbers first.
    """
    from sqlalchemy.exc import IntegrityError

    seq, prev, stamp = last_seq, head, now()
    rows: list[tuple[Any, ...]] = []
    seqs = []
    for op, value, hand_no in ops:
        seq += 1
        if op == "undo":
            kind, text_ = "undo", canonical({"undoes": value})
        else:
            kind, text_ = entry_text(value)
        digest = chain_hash(prev, seq, hand_no, kind, stamp, text_)
        rows.append((game_id, seq, hand_no, kind, text_, stamp, prev, digest))
        seqs.append(seq)
        prev = digest
    if rows:
        try:
            insert_journal(conn, rows)
        except IntegrityError as exc:
            if not _is_seq_clash(exc):
                raise
            # Another writer took this sequence number first (on PostgreSQL, writers do
            # not queue): the unique (game, seq) refused ours.
            raise GameMovedOn(
                f"game {game_id} moved on: another recorder added to it at the same time"
            ) from None
    return seqs, prev, stamp, [r[-1] for r in rows]


def chain_entries(
    uid: str, header: dict[str, Any], hands: Iterable[list[Entry]], stamp: str
) -> tuple[list[tuple[Any, ...]], dict[int, str], str]:
    """A new game's whole journal: ``(seq, hand, kind, data, created_at, prev_hash, hash)``
    rows for its header (entry 0) and each hand's entries (from hand 1), each hand's head
    hash, and the game's head.
    """
    first = header_row(uid, header, stamp)
    prev, seq = first[-1], 0
    chain: list[tuple[Any, ...]] = [first]
    add = chain.append
    heads: dict[int, str] = {}
    shared = _SHARED_TEXT.get
    sha256 = hashlib.sha256
    # A season's import is hundreds of thousands of entries: ``entry_text`` and
    # ``chain_hash`` are written out here (tests/test_store.py checks the result against
    # them), which saves two calls an entry.
    for number, entries in enumerate(hands, start=1):
        for entry in entries:
            seq += 1
            known = shared(id(entry))
            kind, text_ = known if known is not None else entry_text(entry)
            digest = sha256(f"{prev}|{seq}|{number}|{kind}|{stamp}|{text_}".encode()).hexdigest()
            add((seq, number, kind, text_, stamp, prev, digest))
            prev = digest
        heads[number] = prev
    return chain, heads, prev
