"""The journal: every entry of every game, in order, chained by SHA-256.

An entry is a hand's start (``kind = "deal"``), an action of the file format, or an
``undo`` that takes back an earlier entry; it is never updated and never deleted. A
game's chain starts from its header (``kind = "header"``, entry 0, hand 0): the rules, the
starting score, the first dealer and the players by seat, which a verdict depends on as
much as on the cards. A game stored before schema 4 got its header from the upgrade,
after the entries it already had (``migrations/versions/rev0004``).

Each entry's hash is ``SHA-256(previous hash | seq | hand | kind | time | JSON)`` over its
canonical JSON and its time as ISO text; a row of the ``action`` table keeps that entry in
a few bytes instead (schema 5, ``codec``): its JSON and time compactly, the first 32 bits
of its hash (``tag``, which says which entry a change is in), and the whole hash only on
the header and each hand's start (``hash``). Every other hash is worked out again from
the game's start when it is needed (``chain``): ``verify`` and a fingerprint trust none.
This module is the journal's rows (entries to rows and back), its hashing, and its bulk
append; ``store.games`` builds the game operations on it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, SEAT_LETTERS
from ..engine.record import Entry, StartHand
from ..formats.reader import CARD_INDEX, SEAT_INDEX, LogError, action_from_dict, shared_actions
from ..formats.writer import action_dict
from .codec import canonical as canonical
from .codec import decode, decode_text, encode, time_us
from .db import StoreError

if TYPE_CHECKING:  # SQLAlchemy is imported by the functions that write or query
    from sqlalchemy import Connection
    from sqlalchemy.exc import IntegrityError


class GameMovedOn(StoreError):
    """Another writer added to the game since it was loaded; reload and try again."""


def now() -> str:
    """The time now, as the chain covers it: ISO 8601 text in microseconds, UTC."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


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


def header_row(uid: str, data: dict[str, Any], stamp: str) -> Logged:
    """A new game's header: entry 0 of hand 0, chained to the game's genesis."""
    text_ = canonical(data)
    prev = genesis(uid)
    return Logged(0, 0, HEADER, text_, stamp, chain_hash(prev, 0, 0, HEADER, stamp, text_))


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


class Logged(NamedTuple):
    """An entry as the chain covers it: its place, its kind, its canonical JSON, its time
    as text, and its hash (hex)."""

    seq: int
    hand: int
    kind: str
    text: str
    time: str
    hash: str


CHECKPOINT_KINDS = frozenset((HEADER, "deal"))
"""The entries whose row keeps its whole hash: the header and each hand's start, from
which ``verify`` follows the chain again after a break."""


def tag(digest: str) -> int:
    """The first 32 bits of a hash (hex), as the signed integer an ``action`` row keeps
    (a 32-bit column on every database)."""
    value = int(digest[:8], 16)
    return value - 0x1_0000_0000 if value >= 0x8000_0000 else value


def stored(game_id: int, entry: Logged) -> tuple[Any, ...]:
    """An entry as a row of ``action``, in ``_ROW_COLUMNS`` order."""
    code, us = encode(entry.kind, entry.text, entry.time)
    whole = bytes.fromhex(entry.hash) if entry.kind in CHECKPOINT_KINDS else None
    return (game_id, entry.seq, entry.hand, entry.kind, code, us, tag(entry.hash), whole)


class Row(NamedTuple):
    """A row of ``action`` decoded: the entry as the chain covers it, and what the row
    keeps of its hash (``whole``: the hash itself, only on a checkpoint)."""

    seq: int
    hand: int
    kind: str
    text: str
    time: str
    tag: int
    whole: str | None


def decoded(rows: Iterable[Any]) -> list[Row]:
    """Rows of ``action`` (``seq, hand, kind, data, time_us, tag, hash``) decoded."""
    out = []
    for r in rows:
        text_, time = decode(r.kind, r.data, r.time_us)
        whole = None if r.hash is None else bytes(r.hash).hex()
        out.append(Row(r.seq, r.hand, r.kind, text_, time, r.tag, whole))
    return out


def chain(uid: str, rows: Sequence[Row]) -> list[str]:
    """Each row's hash, worked out from the game's genesis (trusting nothing stored)."""
    prev = genesis(uid)
    out = []
    sha256 = hashlib.sha256
    for r in rows:
        prev = sha256(f"{prev}|{r.seq}|{r.hand}|{r.kind}|{r.time}|{r.text}".encode()).hexdigest()
        out.append(prev)
    return out


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


_ROW_COLUMNS = ("game_id", "seq", "hand", "kind", "data", "time_us", "tag", "hash")


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


_ENTRIES: dict[tuple[str, str], Entry] = {}
"""The entries of the codes seen: a game is a few hundred distinct plays and bids, and
entries are immutable, so each is parsed once."""


class NotAnEntry(LogError):
    """A row of the journal that holds no JSON object at all."""

    def __init__(self, text_: str) -> None:
        super().__init__(f"holds {_shown(text_)}, which is not an entry")


def entry_of(kind: str, code: str) -> Entry:
    """The entry a row's kind and code hold; ``LogError`` when they hold none."""
    found = _ENTRIES.get((kind, code))
    if found is not None:
        return found
    text_ = decode_text(kind, code)
    try:
        data = json.loads(text_)
    except (TypeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise NotAnEntry(text_)
    entry = entry_from_data(kind, data)
    if len(code) < 8 and len(_ENTRIES) < 20000:  # a play or a bid, not a deal or a note
        _ENTRIES[(kind, code)] = entry
    return entry


def undone_seq(code: str) -> Any:
    """The entry an undo's code takes back (whatever it holds, for a message if it is no
    entry number)."""
    if code.isdigit():
        return int(code)
    try:
        data = json.loads(decode_text("undo", code))
    except (TypeError, ValueError, RecursionError):
        return code
    return data.get("undoes") if isinstance(data, dict) else data


REOPEN = "reopen"
"""The kind of the entry ``record --reopen`` makes: a won game opened for undo again."""
META_KINDS = frozenset((HEADER, REOPEN))
"""Journal entries that are no entry of a hand: the header, and a won game reopened."""


def effective_entries(rows: Iterable[Any]) -> list[tuple[int, Entry]]:
    """Replay the journal's undos: the entries that still stand, with their seqs (the
    game's header and a reopening are not entries of its hands). ``rows`` are rows of
    ``action`` (``seq``, ``kind``, ``data``)."""
    live: list[tuple[int, Entry]] = []
    for row in rows:
        kind = row.kind
        if kind in META_KINDS:
            continue
        if kind == "undo":
            target = undone_seq(row.data)
            if not live or live[-1][0] != target:
                raise LogError(
                    f"entry {row.seq} takes back entry {_shown(target)}, which is not the last "
                    "one standing"
                )
            live.pop()
            continue
        try:
            live.append((row.seq, entry_of(kind, row.data)))
        except NotAnEntry as exc:
            raise LogError(f"entry {row.seq} {exc.message}") from None
        except LogError as exc:
            raise LogError(f"entry {row.seq}: {exc.message}") from None
    return live


def standing_texts(rows: Iterable[Any]) -> list[tuple[str, str]]:
    """The (kind, canonical JSON) of the entries that still stand, in order, from rows of
    ``action``: ``effective_entries`` without making the entries. ``LogError`` when an
    undo takes back what is not the last entry standing."""
    live: list[tuple[Any, str, str]] = []
    for row in rows:
        kind = row.kind
        if kind in META_KINDS:
            continue
        if kind == "undo":
            target = undone_seq(row.data)
            if not live or live[-1][0] != target:
                raise LogError(f"entry {row.seq} takes back entry {_shown(target)}")
            live.pop()
            continue
        live.append((row.seq, kind, row.data))
    return [(kind, decode_text(kind, code)) for _, kind, code in live]


def _shown(value: Any) -> str:
    """A stored value quoted in a message, cut short."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def journal_rows(conn: Connection, game_id: int) -> list[Any]:
    """A game's rows of ``action``, every column, in order."""
    from sqlalchemy import select

    from .schema import ACTION_T

    return list(
        conn.execute(
            select(ACTION_T).where(ACTION_T.c.game_id == game_id).order_by(ACTION_T.c.seq)
        ).all()
    )


def hand_heads(conn: Connection, game_id: int, uid: str) -> dict[int, str]:
    """Each hand's head hash, the hash of the game's last journal entry of that hand,
    worked out from the game's genesis (``uid``)."""
    rows = decoded(journal_rows(conn, game_id))
    return {r.hand: digest for r, digest in zip(rows, chain(uid, rows), strict=True)}


def _is_seq_clash(exc: IntegrityError) -> bool:
    """Whether a refused insert broke the journal's unique (game, seq)."""
    words = str(exc.orig).lower()
    return "action_pkey" in words or "action.game_id, action.seq" in words


def append_journal(
    conn: Connection,
    game_id: int,
    last_seq: int,
    head: str,
    ops: Iterable[tuple[str, Any, int]],
) -> tuple[list[int], str, str, list[str]]:
    """Append entries (``("add", entry, hand)``), undos (``("undo", seq, hand)``) and
    other journal entries (``(kind, data, hand)``, such as a reopening) after entry
    ``last_seq`` whose hash is ``head``, in one bulk insert.

    Returns the new sequence numbers, the new head hash, the time stamp they carry and
    each new entry's hash.
    Raises ``GameMovedOn`` when another writer took one of the sequence numbers first.
    """
    from sqlalchemy.exc import IntegrityError

    seq, prev, stamp = last_seq, head, now()
    rows: list[tuple[Any, ...]] = []
    seqs, hashes = [], []
    for op, value, hand_no in ops:
        seq += 1
        if op == "add":
            kind, text_ = entry_text(value)
        elif op == "undo":
            kind, text_ = "undo", canonical({"undoes": value})
        else:
            kind, text_ = op, canonical(value)
        digest = chain_hash(prev, seq, hand_no, kind, stamp, text_)
        rows.append(stored(game_id, Logged(seq, hand_no, kind, text_, stamp, digest)))
        seqs.append(seq)
        hashes.append(digest)
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
    return seqs, prev, stamp, hashes


def chain_entries(
    uid: str, header: dict[str, Any], hands: Iterable[list[Entry]], stamp: str
) -> tuple[list[tuple[Any, ...]], list[tuple[str, str]], dict[int, str], str]:
    """A new game's whole journal: its rows of ``action`` without their game id (``seq,
    hand, kind, data, time_us, tag, hash``) for its header (entry 0) and each hand's
    entries (from hand 1); the (kind, canonical JSON) of each entry after the header;
    each hand's head hash; and the game's head.
    """
    first = header_row(uid, header, stamp)
    prev, seq = first.hash, 0
    rows: list[tuple[Any, ...]] = [stored(0, first)[1:]]
    texts: list[tuple[str, str]] = []
    add, note = rows.append, texts.append
    heads: dict[int, str] = {}
    shared = _SHARED_TEXT.get
    sha256 = hashlib.sha256
    us = time_us(stamp)
    # A season's import is hundreds of thousands of entries: ``entry_text``,
    # ``chain_hash`` and ``stored`` are written out here (tests/test_store.py checks the
    # result against them), which saves three calls an entry.
    for number, entries in enumerate(hands, start=1):
        for entry in entries:
            seq += 1
            known = shared(id(entry))
            kind, text_ = known if known is not None else entry_text(entry)
            digest = sha256(f"{prev}|{seq}|{number}|{kind}|{stamp}|{text_}".encode()).hexdigest()
            if us is None or kind in CHECKPOINT_KINDS:
                add(stored(0, Logged(seq, number, kind, text_, stamp, digest))[1:])
            else:
                code = encode(kind, text_, stamp)[0]
                add((seq, number, kind, code, us, tag(digest), None))
            note((kind, text_))
            prev = digest
        heads[number] = prev
    return rows, texts, heads, prev
