"""Games in the store: create, append entries, load, list, import, and the caches.

Every write goes through one transaction that appends entries to the journal
(``store.journal``: the ``action`` table, hash-chained) and rebuilds the game's cached
results from the engine's state. A writer states the last sequence number it has seen; if another writer
got there first, the write is refused with ``GameMovedOn`` and nothing is stored.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, SEAT_LETTERS, SUIT_LETTERS, TEAM_NAMES
from ..engine.game import GameState, hand_result
from ..engine.hand import HandState
from ..engine.limits import MAX_HANDS
from ..engine.record import StartHand
from ..engine.rules import Rules
from ..formats.reader import LogError
from ..formats.seal import sealed_rules
from ..formats.text import keyed_by_older_rule as older_rule
from ..formats.text import name_key, normal_name
from . import registry
from .db import Store, StoreError
from .journal import (
    REOPEN,
    GameMovedOn,
    append_journal,
    canonical,
    chain_entries,
    entry_text,
    genesis,
    hand_heads,
    header_data,
    header_row,
    insert_journal,
    insert_rows,
    journal_rows,
    now,
    standing_texts,
    stored,
)
from .read import MAX_GAME_ID as MAX_GAME_ID
from .read import MAX_SCORE as MAX_SCORE
from .read import BrokenGame as BrokenGame
from .read import NoSuchGame as NoSuchGame
from .read import StoredGame as StoredGame
from .read import _replayed
from .read import latest_game as latest_game
from .read import latest_open_game as latest_open_game
from .read import list_games as list_games
from .read import load_game as load_game
from .read import players_of as players_of
from .read import rules_from_row as rules_from_row
from .schema import FLAG_T, GAME_T, HAND_T, PLAYER_T, SEAT_T

MAX_HANDS_PER_GAME = MAX_HANDS
_GAME_INSERT = insert(GAME_T)


# ---------------------------------------------------------------------------
# Loading: ``store.read``, re-exported above; the writers' own read of a game's row


def _game_row(conn: Connection, game_id: int) -> Any:
    if not 1 <= game_id <= MAX_GAME_ID:
        raise NoSuchGame(f"there is no game {game_id} (euchre-log games lists them)")
    row = conn.execute(select(GAME_T).where(GAME_T.c.id == game_id)).first()
    if row is None:
        raise NoSuchGame(f"there is no game {game_id} (euchre-log games lists them)")
    return row


def replay_in(conn: Connection, game_id: int) -> StoredGame:
    """A game replayed through the engine, read in the caller's transaction (without
    its players: ``players`` is empty)."""
    return _replayed(_game_row(conn, game_id), {}, journal_rows(conn, game_id), seats=False)


def rejudge(conn: Connection) -> int:
    """Rebuild every game's cached results from its journal, as the engine judges it now.

    Run once when a database last judged by an older engine is opened (``access.open_store``):
    the journal is the truth, and the caches that ``games``, ``stats`` and ``import`` read
    (the hands, flags, the game's summary and its content hash) must agree with what
    ``summary`` and ``check`` derive from it. A game whose journal no longer replays is
    left as it is, for ``verify`` to report. Returns the games rebuilt.
    """
    done = 0
    games = conn.execute(select(GAME_T).order_by(GAME_T.c.id)).all()
    players = players_of(conn, [r.id for r in games]) if games else {}
    for row in games:
        try:
            stored = _replayed(row, {}, journal_rows(conn, row.id), seats=False)
        except (StoreError, LogError, ValueError):
            continue
        state = stored.game
        differences = cache_differences(conn, row, state, players[row.id], heads=True)
        if not differences and row.content_hash is not None:
            continue  # judged the same: leave the rows as they are
        if any(d.cache in ("hand", "flag") for d in differences):
            _write_cache(conn, row.id, state, heads=hand_heads(conn, row.id, row.uid))
        content = content_hash(players[row.id], state, (row.initial_ns, row.initial_ew))
        conn.execute(
            update(GAME_T)
            .where(GAME_T.c.id == row.id)
            .values(content_hash=content, **_game_summary(state))
        )
        done += 1
    return done


@dataclass(frozen=True, slots=True)
class CacheDifference:
    """A cached result that is not what the game's journal says: which cache (``hand``,
    ``flag``, ``game`` or ``content``), the hand it is about, and a sentence."""

    cache: str
    hand: int | None
    message: str


def _shown(value: Any) -> str:
    return "nothing" if value is None else str(value)


def cache_differences(
    conn: Connection,
    row: Any,
    state: GameState,
    players: Mapping[str, str],
    *,
    heads: bool = False,
) -> list[CacheDifference]:
    """Every cache of one game that disagrees with the engine's state replayed from its
    journal: what ``rejudge`` rebuilds and ``verify`` reports. Each hand's head hash is
    compared only with ``heads`` (``verify`` reports those apart, as broken heads)."""
    out: list[CacheDifference] = []
    expected_hands, expected_flags = _cache_rows(row.id, state, hand_heads(conn, row.id, row.uid))
    cached_hands = {
        int(r["number"]): r
        for r in conn.execute(select(HAND_T).where(HAND_T.c.game_id == row.id)).mappings()
    }
    expected = {int(h["number"]): h for h in expected_hands}
    for number in sorted(set(cached_hands) | set(expected)):
        have, want = cached_hands.get(number), expected.get(number)
        if have is None:
            out.append(CacheDifference("hand", number, f"hand {number}'s cached result is missing"))
            continue
        if want is None:
            out.append(
                CacheDifference(
                    "hand",
                    number,
                    f"there is a cached result for hand {number}, which its record does not have",
                )
            )
            continue
        wrong = [k for k, v in want.items() if (heads or k != "head_hash") and have[k] != v]
        if wrong:
            said = ", ".join(
                f"{k} {_shown(have[k])} (the record: {_shown(want[k])})" for k in wrong
            )
            out.append(
                CacheDifference("hand", number, f"hand {number}'s cached result says {said}")
            )
    have_flags = _cached(conn, FLAG_T, row.id, "id")
    want_flags = _comparable(expected_flags)
    if have_flags != want_flags:
        hands_of = {dict(f)["hand"] for f in set(have_flags).symmetric_difference(want_flags)} or {
            dict(f)["hand"] for f in have_flags + want_flags
        }
        for number in sorted(hands_of):
            n_have = sum(dict(f)["hand"] == number for f in have_flags)
            n_want = sum(dict(f)["hand"] == number for f in want_flags)
            out.append(
                CacheDifference(
                    "flag",
                    number,
                    f"hand {number}'s cached flags are not the ones its record raises "
                    f"({n_have} cached, {n_want} in the record)",
                )
            )
    summary = _game_summary(state)
    wrong = [k for k, v in summary.items() if getattr(row, k) != v]
    if wrong:
        said = ", ".join(
            f"{k} {_shown(getattr(row, k))} (the record: {_shown(summary[k])})" for k in wrong
        )
        out.append(CacheDifference("game", None, f"the game's cached summary says {said}"))
    content = content_hash(players, state, (row.initial_ns, row.initial_ew))
    if row.content_hash is not None and row.content_hash != content:  # None: not worked out
        out.append(
            CacheDifference(
                "content",
                None,
                "its content hash, by which import recognises the game, is not its record's",
            )
        )
    return out


def content_hash(
    players: Mapping[str, str], state: GameState, initial_score: tuple[int, int]
) -> str:
    """What was played, as one SHA-256: the players (by their folded names), the rules as
    the export's seal covers them, the starting score, and every hand's deal and actions.

    Titles, dates, notes on the game, times and undone entries are not part of it: two
    games with the same content are the same game, however they came into the database.
    ``import`` finds a game it already holds by it (``game.content_hash``, set by every
    write but a recorder line, which clears it for ``fill_content_hashes``). It hashes
    the journal's own texts of the entries, so it costs a few microseconds per entry.
    """
    texts = (entry_text(e) for hand in state.hands for e in _hand_entries(hand))
    return _content_digest(players, state.rules, initial_score, texts)


def _content_digest(
    players: Mapping[str, str],
    rules: Rules,
    initial_score: tuple[int, int],
    texts: Iterable[tuple[str, str]],
) -> str:
    """``content_hash`` from the journal texts (kind, data) of the hands' entries, in
    order: ``prepare`` has them already, in the chain it makes."""
    digest = hashlib.sha256()
    start = {
        "players": {s: player_key(players.get(s, "")) for s in SEAT_LETTERS},
        "rules": content_rules(rules),
        "initial_score": list(initial_score),
    }
    digest.update(canonical(start).encode())
    digest.update("".join(f"\n{kind}|{text_}" for kind, text_ in texts).encode())
    return digest.hexdigest()


def content_rules(rules: Rules) -> dict[str, Any]:
    """The rules as the content hash covers them: their values, the way the seal covers
    them, without the preset's name. A game's own EGN export, which cannot carry the name,
    is then the same game; so is a game whose rules were given option by option."""
    return {k: v for k, v in sealed_rules(rules).items() if k != "preset"}


def _hand_entries(hand: HandState) -> list[Any]:
    """A hand as the journal's entries: its start, then its actions."""
    return [StartHand(hand.dealer, hand.upcard, dict(hand.deal), hand.kitty), *hand.actions]


def _comparable(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [tuple(sorted(r.items())) for r in rows]


def _cached(conn: Connection, table: Any, game_id: int, order: str) -> list[tuple[Any, ...]]:
    """A game's cached rows, as ``_cache_rows`` would make them (without their ids)."""
    out = []
    for r in conn.execute(
        select(table).where(table.c.game_id == game_id).order_by(table.c[order])
    ).mappings():
        out.append(tuple(sorted((k, v) for k, v in r.items() if k != "id")))
    return out


# ---------------------------------------------------------------------------
# Writing


def player_key(name: str) -> str:
    """The name folded for matching: the same person whatever the case, the spacing, the
    invisible characters or the Unicode form ("Zoë" typed as one character or as "e" and
    a combining diaeresis)."""
    return name_key(name)


def keyed_by_older_rule(conn: Connection, keys: set[str]) -> dict[str, int]:
    """``formats.text.keyed_by_older_rule`` over the stored players."""
    rows = conn.execute(select(PLAYER_T.c.id, PLAYER_T.c.name, PLAYER_T.c.key))
    return older_rule(rows, keys)


def player_ids(conn: Connection, names: Iterable[str]) -> dict[str, int]:
    """Each name's player id, adding the players not yet known (matched by ``player_key``;
    a new player's name is stored normalised, ``normal_name``).

    The insert runs in a savepoint: should another writer add the same player at the same
    moment (possible on PostgreSQL, where writers do not queue), its row is used instead.
    """
    names = list(names)
    keys = {player_key(n) for n in names}
    found = conn.execute(select(PLAYER_T.c.key, PLAYER_T.c.id).where(PLAYER_T.c.key.in_(keys)))
    known: dict[str, int] = {str(k): int(v) for k, v in found.all()}
    if keys - known.keys():
        known.update(keyed_by_older_rule(conn, keys - known.keys()))
    out: dict[str, int] = {}
    for name in names:
        key = player_key(name)
        if key in known:
            out[name] = int(known[key])
            continue
        row = conn.execute(select(PLAYER_T.c.id).where(PLAYER_T.c.key == key)).first()
        if row is None:
            try:
                with conn.begin_nested():
                    pid = conn.execute(
                        insert(PLAYER_T).values(name=normal_name(name), key=key)
                    ).inserted_primary_key
                assert pid is not None
                out[name] = int(pid[0])
                known[key] = out[name]
                continue
            except IntegrityError:
                row = conn.execute(select(PLAYER_T.c.id).where(PLAYER_T.c.key == key)).one()
        out[name] = int(row[0])
    return out


def create_game(
    store: Store,
    players: dict[str, str],
    rules: Rules,
    *,
    first_dealer: int,
    title: str | None = None,
    date: str | None = None,
    notes: str | None = None,
    initial_score: tuple[int, int] = (0, 0),
    source: str = "recorded",
) -> int:
    """Create an empty game and return its id."""
    with store.writing() as conn:
        return _insert_game(
            conn,
            players,
            rules,
            first_dealer=first_dealer,
            title=title,
            date=date,
            notes=notes,
            initial_score=initial_score,
            source=source,
        )


def _insert_game(
    conn: Connection,
    players: dict[str, str],
    rules: Rules,
    *,
    first_dealer: int,
    title: str | None,
    date: str | None,
    notes: str | None,
    initial_score: tuple[int, int],
    source: str,
) -> int:
    """Insert an empty game: its row, its seats, its header (entry 0) and its place in
    the register."""
    registry.lock(conn)
    ids = player_ids(conn, [players[s] for s in SEAT_LETTERS])
    stamp, uid = now(), uuid.uuid4().hex
    header = header_row(uid, _header(players, rules, initial_score, first_dealer), stamp)
    names = stored_names(conn, ids.values())
    game_id = _insert_game_row(
        conn,
        rules,
        first_dealer=first_dealer,
        title=title,
        date=date,
        notes=notes,
        initial_score=initial_score,
        source=source,
        uid=uid,
        stamp=stamp,
        summary={
            "head_hash": header.hash,
            "content_hash": content_hash(players, GameState(rules, initial_score), initial_score),
        },
    )
    conn.execute(
        insert(SEAT_T),
        [{"game_id": game_id, "seat": s, "player_id": ids[players[s]]} for s in SEAT_LETTERS],
    )
    insert_journal(conn, [stored(game_id, header)])
    registry.register(
        conn,
        [
            registry.Registered(
                game_id,
                uid,
                registry.CREATED,
                0,
                header.hash,
                0,
                header.hash,
                source,
                {s: names[ids[players[s]]] for s in SEAT_LETTERS},
            )
        ],
        stamp,
    )
    return game_id


def stored_names(conn: Connection, ids: Iterable[int]) -> dict[int, str]:
    """Each player's name exactly as the database stores it, by id."""
    wanted = sorted(set(ids))
    out: dict[int, str] = {}
    for start in range(0, len(wanted), 500):
        rows = conn.execute(
            select(PLAYER_T.c.id, PLAYER_T.c.name).where(
                PLAYER_T.c.id.in_(wanted[start : start + 500])
            )
        )
        out.update({int(i): str(n) for i, n in rows})
    return out


def _header(
    players: Mapping[str, str], rules: Rules, initial_score: tuple[int, int], first_dealer: int
) -> dict[str, Any]:
    """A game's header entry, with its rules exactly as the game row stores them."""
    return header_data(
        players, json.loads(_rules_text(rules)), initial_score, SEAT_LETTERS[first_dealer]
    )


def _rules_text(rules: Rules) -> str:
    """The rules as the game row stores them."""
    return json.dumps(rules.to_dict())


def _insert_game_row(
    conn: Connection,
    rules: Rules | str,
    *,
    first_dealer: int,
    title: str | None,
    date: str | None,
    notes: str | None,
    initial_score: tuple[int, int],
    source: str,
    uid: str,
    stamp: str,
    summary: dict[str, Any] | None = None,
) -> int:
    """Insert a game row; ``summary`` overrides the empty game's cached fields (its head
    hash, and for an import its final score and last entry)."""
    fields: dict[str, Any] = {
        "status": "in progress",
        "score_ns": initial_score[0],
        "score_ew": initial_score[1],
        "winner": None,
        "hands": 0,
        "last_seq": 0,
        **(summary or {}),
    }
    result = conn.execute(
        _GAME_INSERT,
        {
            "uid": uid,
            "title": title,
            "date": date,
            "notes": notes,
            "rules": rules if isinstance(rules, str) else _rules_text(rules),
            "first_dealer": SEAT_LETTERS[first_dealer],
            "initial_ns": initial_score[0],
            "initial_ew": initial_score[1],
            "created_at": stamp,
            "updated_at": stamp,
            "source": source,
            **fields,
        },
    )
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def _cache_rows(
    game_id: int, state: GameState, heads: dict[int, str], first: int = 1
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The cached rows of the game's hands from hand ``first`` on, and of their flags."""
    hands, flags = [], []
    n = len(state.hands)
    # The running score: the last hand's alone is the game's score now (a recorder line
    # touches only the last hand, and need not sum the whole game's).
    scores = [state.score] if first == n else state.scores()[first - 1 :]
    for i in range(first - 1, n):
        hand = state.hands[i]
        r = hand_result(hand, scores[i - first + 1])
        bid_round = None
        if r.maker is not None:
            bid_round = 1 if any(isinstance(a, A.Order) for a in hand.actions) else 2
        hands.append(
            {
                "game_id": game_id,
                "number": r.number,
                "dealer": SEAT_LETTERS[r.dealer],
                "upcard": CARD_TEXT[hand.upcard],
                "trump": None if r.trump is None else SUIT_LETTERS[r.trump],
                "maker": None if r.maker is None else SEAT_LETTERS[r.maker],
                "bid_round": bid_round,
                "alone": r.alone,
                "defender": None if r.defender_alone is None else SEAT_LETTERS[r.defender_alone],
                "tricks_ns": r.tricks[0],
                "tricks_ew": r.tricks[1],
                "points_ns": r.points[0],
                "points_ew": r.points[1],
                "outcome": r.outcome,
                "score_ns": r.score_after[0],
                "score_ew": r.score_after[1],
                "flags": len(r.flags),
                "head_hash": heads.get(r.number),
            }
        )
        for f in r.flags:
            flags.append(
                {
                    "game_id": game_id,
                    "hand": r.number,
                    "kind": f.kind,
                    "seat": None if f.seat is None else SEAT_LETTERS[f.seat],
                    "trick": f.trick,
                    "accused": None if f.accused is None else SEAT_LETTERS[f.accused],
                    "message": f.message,
                }
            )
    return hands, flags


def _write_cache(
    conn: Connection,
    game_id: int,
    state: GameState,
    *,
    heads: dict[int, str],
    first: int = 1,
) -> None:
    """Replace the game's cached results by the engine's, each hand with its head hash
    (``heads``, by hand number). With ``first``, only the rows of hands ``first`` on are
    replaced: those before it stand.
    """
    conn.execute(delete(HAND_T).where(HAND_T.c.game_id == game_id, HAND_T.c.number >= first))
    conn.execute(delete(FLAG_T).where(FLAG_T.c.game_id == game_id, FLAG_T.c.hand >= first))
    hands, flags = _cache_rows(game_id, state, heads, first)
    if hands:
        conn.execute(insert(HAND_T), hands)
    if flags:
        conn.execute(insert(FLAG_T), flags)


def _game_summary(state: GameState) -> dict[str, Any]:
    ns, ew = state.score
    winner = state.winner
    return {
        "status": "finished" if winner is not None else "in progress",
        "score_ns": ns,
        "score_ew": ew,
        "winner": None if winner is None else TEAM_NAMES[winner],
        "hands": len(state.hands),
    }


def append(
    store: Store,
    game_id: int,
    expected_last_seq: int,
    ops: Sequence[tuple[str, Any, int]],
    state: GameState,
    also: Callable[[Connection, int], None] | None = None,
) -> tuple[list[int], str]:
    """Append entries (``("add", entry, hand)``) and undos (``("undo", seq, hand)``).

    ``also``, if given, writes what belongs with the entries in the same transaction
    (``serve``'s request ids), given the connection and the game's last sequence number
    after them: all of it is stored, or none.

    ``state`` is the engine's state after them; the caches are rebuilt from it, from the
    first hand the entries touch: a line at the table rewrites its own hand's row, not
    the whole game's, so that every line is stored as fast late in a long game as early.
    Returns the new entries' sequence numbers and the game's head hash after them. Raises
    ``GameMovedOn`` if the game's last sequence number is no longer ``expected_last_seq``:
    nothing is then stored.
    """
    if len(state.hands) > MAX_HANDS_PER_GAME:
        raise StoreError(f"a game may hold at most {MAX_HANDS_PER_GAME} hands")
    with store.writing() as conn:
        row = _game_row(conn, game_id)
        if row.last_seq != expected_last_seq:
            raise GameMovedOn(
                f"game {game_id} moved on: another recorder added to it since it was loaded "
                f"(entry {row.last_seq}, not {expected_last_seq})"
            )
        summary = _game_summary(state)
        # A new hand or the game's end is a checkpoint: the register records the head, so
        # that entries cut off before it (and the head hash set back) still show.
        checkpoint = summary["hands"] > row.hands or (
            summary["status"] == "finished" and row.status != "finished"
        )
        if checkpoint:
            registry.lock(conn)
        seqs, prev, stamp, hashes = append_journal(
            conn, game_id, row.last_seq, row.head_hash or genesis(row.uid), ops
        )
        seq = seqs[-1] if seqs else row.last_seq
        if checkpoint and seqs:
            registry.register(
                conn,
                [registry.Registered(game_id, row.uid, registry.CHECKPOINT, None, None, seq, prev)],
                stamp,
            )
        # The hands from the first one touched on: every one of them has an entry among
        # these (the undos take back the tail of the record, the adds make the new tail),
        # so each one's head hash is the last of its new entries.
        # (An entry of hand 0, such as a reopening, is no hand's.)
        first = min((hand for _, _, hand in ops if hand > 0), default=len(state.hands) + 1)
        heads = {hand: digest for hand, digest in zip([h for _, _, h in ops], hashes, strict=True)}
        _write_cache(conn, game_id, state, heads=heads, first=first)
        # The content hash covers every entry: rehashing a long game on each line would
        # make the recorder slower as the game grows. It is cleared here and worked out
        # again when ``import`` looks for the games it holds (``fill_content_hashes``).
        conn.execute(
            update(GAME_T)
            .where(GAME_T.c.id == game_id)
            .values(
                last_seq=seq,
                head_hash=prev,
                content_hash=None,
                updated_at=stamp,
                **summary,
            )
        )
        if also is not None:
            also(conn, seq)
    return seqs, prev


def reopen(store: Store, game_id: int, expected_last_seq: int, state: GameState) -> tuple[int, str]:
    """Record that a won game is opened again, so that its entries may be taken back
    (``record --reopen``): an entry of the journal (hand 0, no hand's), holding the
    winner and the score it was won with, which ``summary``, ``replay`` and ``verify``
    show. Returns its sequence number and the game's head after it; ``GameMovedOn`` as
    ``append``, and ``StoreError`` when the game is not won."""
    winner = state.winner
    if winner is None:
        raise StoreError(
            f"game {game_id} is not over, so there is nothing to reopen: record it as it is "
            f"(euchre-log record {game_id})"
        )
    ns, ew = state.score
    data = {"winner": TEAM_NAMES[winner], "score": {"NS": ns, "EW": ew}}
    seqs, head = append(store, game_id, expected_last_seq, [(REOPEN, data, 0)], state)
    return seqs[0], head


def import_game(
    store: Store, info: dict[str, Any], state: GameState, *, conn: Connection | None = None
) -> int:
    """Store a whole game read from a file, in one transaction; returns its id.

    ``info`` is the file's ``game`` object (players, rules, title...); ``state`` is the
    engine's state after every hand, which the reader has already validated.
    """
    return import_games(store, [(info, state)], conn=conn)[0]


@dataclass(frozen=True)
class Prepared:
    """A game read from a file, made ready to store: its uid, journal chain, content hash,
    cached summary and rows, as plain data, so that a worker process can make it
    (``prepare_files``) and the process that writes store it (``store_prepared``)."""

    info: Mapping[str, Any]
    """The file's ``game`` object: title, date, notes..."""
    uid: str
    stamp: str
    """When it was made ready: the time of its entries, its row and its registration."""
    players: dict[str, str]
    initial: tuple[int, int]
    first_dealer: int
    rules: str
    """The rules as the game row stores them."""
    chain: list[tuple[Any, ...]]
    """Its rows of ``action`` without their game id, the header first."""
    header_hash: str
    head: str
    content: str
    summary: dict[str, Any]
    hand_rows: list[dict[str, Any]]
    """The cached rows of its hands and flags, their ``game_id`` set as they are stored."""
    flag_rows: list[dict[str, Any]]

    @property
    def hands(self) -> int:
        return int(self.summary["hands"])

    @property
    def score(self) -> tuple[int, int]:
        return int(self.summary["score_ns"]), int(self.summary["score_ew"])


def prepare(info: Mapping[str, Any], state: GameState, stamp: str) -> Prepared:
    """A validated game made ready to store. The chain needs only the game's uid, so it is
    worked out before the game row, which then goes in complete (one insert, not an
    insert, a read-back and an update); the content hash is worked out from the chain's
    texts of the entries, not from the entries a second time."""
    if len(state.hands) > MAX_HANDS_PER_GAME:
        raise StoreError(
            f"a game may hold at most {MAX_HANDS_PER_GAME} hands; this one has {len(state.hands)}"
        )
    uid = uuid.uuid4().hex
    initial = _initial_score(info)
    first_dealer = state.hands[0].dealer if state.hands else 0
    players = {s: info["players"][s] for s in SEAT_LETTERS}
    header = _header(players, state.rules, initial, first_dealer)
    chain, texts, heads, prev = chain_entries(
        uid, header, (_hand_entries(h) for h in state.hands), stamp
    )
    content = _content_digest(players, state.rules, initial, texts)
    hand_rows, flag_rows = _cache_rows(0, state, heads)
    return Prepared(
        info=info,
        uid=uid,
        stamp=stamp,
        players=players,
        initial=initial,
        first_dealer=first_dealer,
        rules=_rules_text(state.rules),
        chain=chain,
        header_hash=bytes(chain[0][6]).hex(),
        head=prev,
        content=content,
        summary=_game_summary(state),
        hand_rows=hand_rows,
        flag_rows=flag_rows,
    )


@dataclass(frozen=True)
class FileRead:
    """A file read for ``import``: its games made ready to store, or why it was refused."""

    path: str
    games: list[Prepared]
    error: LogError | None = None


def prepare_files(paths: list[str], stamp: str) -> list[FileRead]:
    """``import``'s work on some files (``formats.parallel.ordered_map`` hands it out, to
    worker processes for many files): each file read, checked, played through the
    engine and its games made ready to store with ``stamp`` as the entries' time, or
    the reader's refusal."""
    from ..formats.load import load_games

    out = []
    for path in paths:
        try:
            loaded = load_games(path)
            games = [prepare(item.log.game.model_dump(), item.game, stamp) for item in loaded]
        except LogError as exc:
            out.append(FileRead(path, [], exc))
            continue
        except StoreError as exc:  # a game longer than the store takes
            out.append(FileRead(path, [], LogError(str(exc))))
            continue
        out.append(FileRead(path, games))
    return out


def import_games(
    store: Store,
    games: Sequence[tuple[Mapping[str, Any], GameState]],
    *,
    conn: Connection | None = None,
) -> list[int]:
    """Store many validated games in one transaction; returns their ids, in order.

    A season's import is thousands of games: apart from each game's own row (for its id),
    everything goes in with one bulk insert per table for the whole batch, the journal
    rows straight to the driver.
    """
    stamp = now()
    prepared = [prepare(info, state, stamp) for info, state in games]
    if conn is None:
        with store.writing() as c:
            return _store_prepared(c, prepared)
    return _store_prepared(conn, prepared)


def _store_prepared(conn: Connection, games: Sequence[Prepared]) -> list[int]:
    """Store games made ready by ``prepare``, in the caller's transaction."""
    if not games:
        return []
    registry.lock(conn)
    names = {g.players[s] for g in games for s in SEAT_LETTERS}
    ids_by_name = player_ids(conn, sorted(names))
    as_stored = stored_names(conn, ids_by_name.values())
    journal: list[tuple[Any, ...]] = []
    seats: list[dict[str, Any]] = []
    hand_rows: list[dict[str, Any]] = []
    flag_rows: list[dict[str, Any]] = []
    registered: list[registry.Registered] = []
    out: list[int] = []
    for g in games:
        chain, info = g.chain, g.info
        seq = chain[-1][0]
        game_id = _insert_game_row(
            conn,
            g.rules,
            first_dealer=g.first_dealer,
            title=info.get("title"),
            date=info.get("date"),
            notes=info.get("notes"),
            initial_score=g.initial,
            source="imported",
            uid=g.uid,
            stamp=g.stamp,
            summary={
                "last_seq": seq,
                "head_hash": g.head,
                "content_hash": g.content,
                **g.summary,
            },
        )
        out.append(game_id)
        seats.extend(
            {"game_id": game_id, "seat": s, "player_id": ids_by_name[g.players[s]]}
            for s in SEAT_LETTERS
        )
        journal.extend((game_id, *row) for row in chain)
        registered.append(
            registry.Registered(
                game_id,
                g.uid,
                registry.IMPORTED,
                0,
                g.header_hash,
                seq,
                g.head,
                "imported",
                {s: as_stored[ids_by_name[g.players[s]]] for s in SEAT_LETTERS},
            )
        )
        hand_rows.extend({**r, "game_id": game_id} for r in g.hand_rows)
        flag_rows.extend({**r, "game_id": game_id} for r in g.flag_rows)
    insert_rows(conn, SEAT_T, seats)
    insert_journal(conn, journal)
    insert_rows(conn, HAND_T, hand_rows)
    insert_rows(conn, FLAG_T, flag_rows)
    registry.register(conn, registered, games[0].stamp)  # an import's games share it
    return out


def store_prepared(
    store: Store, games: Sequence[Prepared], *, allow_duplicates: bool = False
) -> list[tuple[int, bool]]:
    """Store games made ready by ``prepare`` in one transaction, those this database
    holds already left out unless ``allow_duplicates``.

    A game is held already when a stored game has its content hash (``content_hash``:
    the same players, rules, starting score, deals and actions, whatever its title, date
    or notes, so a game's own export too), or when an earlier game of this same call
    has. Returns, for each game in order, its id and whether it was held already (the id
    is then the held game's). Run again after an import was killed part way, it stores
    only what the killed run had not committed.
    """
    with store.writing() as conn:
        registry.lock(conn)  # two imports of one file at once take turns (PostgreSQL)
        if allow_duplicates:
            return [(i, False) for i in _store_prepared(conn, games)]
        hashes = [g.content for g in games]
        fill_content_hashes(conn)
        found = stored_with_content(conn, hashes)
        first: dict[str, int] = {}
        fresh: list[int] = []
        for i, digest in enumerate(hashes):
            if digest not in found and digest not in first:
                first[digest] = i
                fresh.append(i)
        ids = _store_prepared(conn, [games[i] for i in fresh])
        new = dict(zip(fresh, ids, strict=True))
        out: list[tuple[int, bool]] = []
        for i, digest in enumerate(hashes):
            if i in new:
                out.append((new[i], False))
            else:
                out.append((found[digest] if digest in found else new[first[digest]], True))
        return out


def _initial_score(info: Mapping[str, Any]) -> tuple[int, int]:
    """A file's starting score, (0, 0) when it gives none."""
    score = info.get("initial_score") or {"NS": 0, "EW": 0}
    return (score["NS"], score["EW"])


def fill_content_hashes(conn: Connection) -> int:
    """Work out the content hash of every game whose hash is not known (a recorder line
    cleared it, see ``append``; the upgrade to schema 5 cleared them all), in the caller's
    transaction. It is worked out from the journal's texts of the entries that stand,
    which are what the engine's hands hold, without replaying the game; a game whose
    journal cannot be read is left for ``verify`` to report. Returns how many were filled."""
    ids = [
        int(i)
        for i in conn.execute(select(GAME_T.c.id).where(GAME_T.c.content_hash.is_(None))).scalars()
    ]
    filled = 0
    for start in range(0, len(ids), 500):
        part = ids[start : start + 500]
        players = players_of(conn, part)
        games = conn.execute(select(GAME_T).where(GAME_T.c.id.in_(part))).all()
        for row in games:
            try:
                rules = rules_from_row(row.rules)
                texts = standing_texts(journal_rows(conn, row.id))
            except (StoreError, LogError):
                continue
            digest = _content_digest(
                players.get(row.id, {}), rules, (row.initial_ns, row.initial_ew), texts
            )
            conn.execute(update(GAME_T).where(GAME_T.c.id == row.id).values(content_hash=digest))
            filled += 1
    return filled


def stored_with_content(conn: Connection, hashes: Iterable[str]) -> dict[str, int]:
    """The games this database holds with each of these content hashes (the lowest id
    when there are several): what ``import`` checks before storing a game again."""
    wanted = sorted(set(hashes))
    found: dict[str, int] = {}
    for start in range(0, len(wanted), 500):
        rows = conn.execute(
            select(GAME_T.c.content_hash, func.min(GAME_T.c.id))
            .where(GAME_T.c.content_hash.in_(wanted[start : start + 500]))
            .group_by(GAME_T.c.content_hash)
        )
        found.update({str(h): int(g) for h, g in rows})
    return found


def game_count(store: Store) -> int:
    with store.reading() as conn:
        return int(conn.execute(select(func.count()).select_from(GAME_T)).scalar_one())
