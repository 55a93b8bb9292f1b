"""Recompute each game's hash chain and caches, and say what was changed behind the
tool's back.

Every journal entry carries ``hash = SHA-256(prev_hash | seq | hand | kind | time | data)``,
and the game row keeps the head, as each cached hand keeps its own (its last entry's hash).
An edit to an entry breaks its own hash; a removed, inserted or reordered entry breaks the
links; the heads catch a change at the end of the game or of a hand.

The chain starts from the game's header (entry 0; for a game stored before schema 4, the
entry the upgrade appended), which holds the rules, the starting score, the first dealer
and the players by seat: a change to any of them on the game row, its seats or its
players disagrees with the header. The register (``store.registry``) names every game the
database has held, so a game deleted whole is reported. The caches that ``games``,
``stats`` and ``import`` read (hands, flags, the game's summary, its content hash, the keys
of its cached reviews) are recomputed from the journal and compared.

All of this is evidence against an edit made without recomputing hashes. Whoever can
rewrite the database can also recompute every hash from scratch (there is no secret in
them); a fingerprint taken at the table (``match_fingerprint``) is what catches that.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, select

from ..formats.fingerprint import fingerprint
from ..formats.reader import LogError, parse_json_bytes
from . import registry
from .db import Store, StoreError
from .games import cache_differences, player_key, players_of
from .journal import HEADER, chain_hash, genesis, journal_rows
from .read import _replayed
from .schema import ACTION_T, GAME_T, HAND_T, REGISTRY_T, REVIEW_T

CHANGED = "changed"
REMOVED = "removed"
INSERTED = "inserted"
REORDERED = "reordered"
HEAD = "head"
HEADER_KIND = "header"
CACHE = "cache"


@dataclass(frozen=True, slots=True)
class Problem:
    """One break in a game's record: what kind, where, and a sentence saying it."""

    game: int | None  # None: the register of games, not one game
    kind: str
    seq: int | None
    hand: int | None
    action: int | None  # the entry's place among its hand's entries, from 1
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "entry": self.seq,
            "hand": self.hand,
            "action": self.action,
            "message": self.message,
        }


def _json_of(text_: Any) -> Any:
    """A row's JSON text parsed with the reader's limits (depth, number size); None when
    it is not JSON, or not text, any more."""
    if not isinstance(text_, str):
        return None
    try:
        return parse_json_bytes(text_.encode("utf-8", "surrogatepass"))
    except (LogError, ValueError, RecursionError):
        return None


def _describe(data: str) -> str:
    obj = _json_of(data)
    if obj is None:
        return str(data)[:80]
    if isinstance(obj, dict):
        return " ".join(f"{k}={v}" for k, v in obj.items() if k != "type")[:100]
    return str(obj)[:80]


def _registered(conn: Connection, uid: str) -> list[Any]:
    """A game's rows in the register, in order: its registration, then its checkpoints."""
    return list(
        conn.execute(
            select(REGISTRY_T).where(REGISTRY_T.c.game_uid == uid).order_by(REGISTRY_T.c.seq)
        ).all()
    )


def verify_game(
    conn: Connection, game_id: int, registered: Sequence[Any] | None = None
) -> list[Problem]:
    """Every problem in one game's record, in the order of its entries: its chain, its
    header, its place in the register, the heads the register recorded, then (when all
    of that is whole) its caches.

    ``registered`` are the game's register rows when the caller has read them already
    (empty: the game is not registered); by default they are read here."""
    game = conn.execute(select(GAME_T).where(GAME_T.c.id == game_id)).first()
    if game is None:
        return [_gone(conn, game_id)]
    if registered is None:
        registered = _registered(conn, game.uid)
    registration = next((r for r in registered if r.event != registry.CHECKPOINT), None)
    rows = conn.execute(
        select(ACTION_T).where(ACTION_T.c.game_id == game_id).order_by(ACTION_T.c.seq)
    ).all()
    if registration is not None:
        start = 0 if registration.header_seq == 0 else 1
    else:
        start = 0 if rows and rows[0].seq == 0 else 1
    problems = _chain(game, rows, start)
    chain_whole = not problems
    if registration is None:
        problems.append(
            Problem(
                game_id,
                INSERTED,
                None,
                None,
                None,
                f"game {game_id} is not in the database's register of games: it was put "
                "in outside euchre-log",
            )
        )
    said = {(p.kind, p.seq) for p in problems}
    problems.extend(
        p for p in _header(conn, game, rows, registration) if (p.kind, p.seq) not in said
    )
    if chain_whole:
        problems.extend(_checkpoints(game, rows, registered))
    if chain_whole and not problems:
        problems.extend(_hand_heads(conn, game_id, rows))
    if not problems:
        problems.extend(_caches(conn, game, rows))
    return problems


def _checkpoints(game: Any, rows: Sequence[Any], registered: Sequence[Any]) -> list[Problem]:
    """The heads the register recorded for a game (when it was stored, started a hand or
    ended) that its journal no longer holds: entries cut off, the head hash set back."""
    hashes = {r.seq: r.hash for r in rows}
    last = rows[-1].seq if rows else 0
    out: list[Problem] = []
    for reg in registered:
        if reg.last_seq is None or reg.head_hash is None:
            continue
        when = f"on {str(reg.created_at)[:10]}"
        if reg.last_seq not in hashes:
            out.append(
                Problem(
                    game.id,
                    REMOVED,
                    last + 1,
                    None,
                    None,
                    f"the register of games recorded its record up to entry {reg.last_seq} "
                    f"({when}), but it now ends at entry {last}: the last entries were "
                    "cut off and its head hash set back outside euchre-log",
                )
            )
            return out
        if hashes[reg.last_seq] != reg.head_hash:
            out.append(
                Problem(
                    game.id,
                    CHANGED,
                    reg.last_seq,
                    None,
                    None,
                    f"entry {reg.last_seq} is not the one the register of games recorded "
                    f"({when}): the record was rewritten, its hashes recomputed, outside "
                    "euchre-log",
                )
            )
            return out
    return out


def _gone(conn: Connection, game_id: int) -> Problem:
    """The problem of a game id that is not in the database: deleted, if the register
    knows it."""
    found = conn.execute(
        select(REGISTRY_T)
        .where(REGISTRY_T.c.game_id == game_id, REGISTRY_T.c.event != registry.CHECKPOINT)
        .order_by(REGISTRY_T.c.seq.desc())
        .limit(1)
    ).first()
    if found is None:
        return Problem(game_id, REMOVED, None, None, None, f"game {game_id} is not in the database")
    return _deleted(found)


def _deleted(reg: Any) -> Problem:
    how = {
        registry.CREATED: "created",
        registry.IMPORTED: "imported",
        registry.COPIED: "copied in",
        registry.UPGRADED: "found by the upgrade to schema 4",
    }.get(reg.event, reg.event)
    return Problem(
        reg.game_id,
        REMOVED,
        None,
        None,
        None,
        f"game {reg.game_id} ({how} on {reg.created_at[:10]}, uid {reg.game_uid}) is in the "
        "database's register of games but no longer in the database: it was deleted "
        "outside euchre-log",
    )


def _chain(game: Any, rows: Sequence[Any], start: int) -> list[Problem]:
    """The breaks in a game's hash chain, which starts at entry ``start`` (0: the header)."""
    game_id = game.id
    problems: list[Problem] = []
    by_hash = {r.hash: r for r in rows}
    place: dict[int, int] = {}
    counts: dict[int, int] = {}
    for r in rows:
        counts[r.hand] = counts.get(r.hand, 0) + 1
        place[r.seq] = counts[r.hand]

    def problem(kind: str, r: Any, message: str) -> None:
        where = (
            f"its header, entry {r.seq}"
            if r.kind == HEADER
            else f"hand {r.hand}, entry {r.seq} ({_describe(r.data)})"
        )
        problems.append(
            Problem(game_id, kind, r.seq, r.hand, place.get(r.seq), f"{where}: {message}")
        )

    origin_hash = genesis(game.uid)
    prev = origin_hash
    expected_seq = start
    reported_links: set[int] = set()
    for r in rows:
        if r.seq > expected_seq:
            one = r.seq == expected_seq + 1
            first = "its header (entry 0)" if expected_seq == 0 else f"entry {expected_seq}"
            missing = first if one else f"{first} to entry {r.seq - 1}"
            problems.append(
                Problem(
                    game_id,
                    REMOVED,
                    expected_seq,
                    r.hand,
                    None,
                    f"hand {r.hand}: {missing} before entry {r.seq} "
                    f"{'is' if one else 'are'} missing: removed outside euchre-log",
                )
            )
            reported_links.add(r.seq)
        elif r.seq < expected_seq:
            problem(
                INSERTED,
                r,
                "it comes before the game's first entry: it was put in outside euchre-log",
            )
            reported_links.add(r.seq)
        expected_seq = r.seq + 1
        own = chain_hash(r.prev_hash, r.seq, r.hand, r.kind, r.created_at, r.data)
        if own != r.hash:
            # Was it moved? Its link says which entry it was recorded after.
            before = by_hash.get(r.prev_hash)
            origin = start if r.prev_hash == origin_hash else (before.seq + 1 if before else -1)
            if (
                origin >= 0
                and chain_hash(r.prev_hash, origin, r.hand, r.kind, r.created_at, r.data) == r.hash
            ):
                problem(
                    REORDERED,
                    r,
                    f"it was recorded as entry {origin}: entries were reordered outside euchre-log",
                )
            else:
                problem(CHANGED, r, "its content or time was changed outside euchre-log")
        elif r.prev_hash != prev and r.seq not in reported_links:
            before = by_hash.get(r.prev_hash)
            if before is not None and before.seq != r.seq - 1:
                problem(
                    REORDERED,
                    r,
                    f"it was recorded after entry {before.seq}, but now stands elsewhere: entries were reordered",
                )
            elif before is None and r.prev_hash != origin_hash:
                problem(
                    INSERTED,
                    r,
                    "it does not follow any recorded entry: it was inserted outside euchre-log",
                )
            else:
                problem(
                    CHANGED, r, "the entry before it was changed or replaced outside euchre-log"
                )
        prev = r.hash
    if not rows:
        if game.last_seq > 0:
            problems.append(
                Problem(
                    game_id,
                    REMOVED,
                    None,
                    None,
                    None,
                    f"the game recorded {game.last_seq} entries but none remain: they were "
                    "removed outside euchre-log",
                )
            )
        return problems  # an empty game's missing header is the header's problem
    last_seq = rows[-1].seq
    if game.last_seq > last_seq:
        problems.append(
            Problem(
                game_id,
                REMOVED,
                last_seq + 1,
                None,
                None,
                f"the game recorded {game.last_seq} entries but only {last_seq} remain: the "
                "last were removed outside euchre-log",
            )
        )
    elif game.last_seq < last_seq:
        extra = rows[-1]
        problem(
            INSERTED,
            extra,
            f"the game recorded only {game.last_seq} entries: this one was added outside euchre-log",
        )
    elif (game.head_hash or origin_hash) != prev and not problems:
        problems.append(
            Problem(
                game_id,
                HEAD,
                None,
                None,
                None,
                "the game's head hash does not match its last entry: the record was rewritten outside euchre-log",
            )
        )
    return problems


def _header(conn: Connection, game: Any, rows: Sequence[Any], registered: Any) -> list[Problem]:
    """The problems with a game's header: missing, not the registered one, or saying
    other rules, another starting score, first dealer or other players than the game's."""
    game_id = game.id
    headers = [r for r in rows if r.kind == HEADER]

    def problem(message: str, kind: str = HEADER_KIND, seq: int | None = None) -> Problem:
        return Problem(game_id, kind, seq, 0 if seq is not None else None, None, message)

    out: list[Problem] = []
    if registered is not None and registered.header_seq is None:
        if not headers:
            return [
                problem(
                    "it has no header: its record was already broken when the database was "
                    "upgraded to schema 4 (see the problems above), so its rules, starting "
                    "score and seats could not be sealed"
                )
            ]
        return [
            problem(
                f"entry {r.seq} is a header the register does not know of: it was put in "
                "outside euchre-log",
                INSERTED,
                r.seq,
            )
            for r in headers
        ]
    expected_seq = None if registered is None else registered.header_seq
    header = next((r for r in headers if r.seq == expected_seq), None)
    if header is None and expected_seq is None and headers:
        header = headers[0]
    for r in headers:
        if r is not header:
            out.append(
                problem(
                    f"entry {r.seq} is a second header: it was put in outside euchre-log",
                    INSERTED,
                    r.seq,
                )
            )
    if header is None:
        where = f" (entry {expected_seq})" if expected_seq is not None else ""
        out.append(
            problem(
                f"its header{where}, which holds its rules, starting score and seats, is "
                "missing: removed outside euchre-log",
                REMOVED,
                expected_seq,
            )
        )
        return out
    if registered is not None and registered.header_hash != header.hash:
        out.append(
            problem(
                f"its header (entry {header.seq}) is not the one the register of games "
                "holds: it was rewritten outside euchre-log",
                HEADER_KIND,
                header.seq,
            )
        )
    data = _json_of(header.data)
    if not isinstance(data, dict):
        return [
            *out,
            problem(f"its header (entry {header.seq}) cannot be read", CHANGED, header.seq),
        ]
    out.extend(
        problem(f"{message}: changed outside euchre-log", HEADER_KIND, None)
        for message in _header_differences(conn, game, data)
    )
    return out


def _header_differences(conn: Connection, game: Any, data: Mapping[str, Any]) -> list[str]:
    """How the game row and its seats differ from what its header says."""
    out: list[str] = []
    rules = _json_of(game.rules)
    sealed = data.get("rules")
    if rules != sealed:
        if isinstance(rules, dict) and isinstance(sealed, dict):
            changed = sorted(k for k in set(rules) | set(sealed) if rules.get(k) != sealed.get(k))
            said = ", ".join(
                f"{k} is {json.dumps(rules.get(k))} (the header: {json.dumps(sealed.get(k))})"
                for k in changed
            )
        else:
            said = "they are not the ones the header holds"
        out.append(f"its rules are not the ones it was recorded by: {said}")
    score = data.get("initial_score") or {}
    if (game.initial_ns, game.initial_ew) != (score.get("NS"), score.get("EW")):
        out.append(
            f"its starting score is NS {game.initial_ns}, EW {game.initial_ew}, but its header "
            f"says NS {score.get('NS')}, EW {score.get('EW')}"
        )
    if game.first_dealer != data.get("first_dealer"):
        out.append(
            f"its first dealer is {game.first_dealer}, but its header says "
            f"{data.get('first_dealer')}"
        )
    sealed_players = data.get("players") or {}
    seats = players_of(conn, [game.id])[game.id]
    for seat in "NESW":
        now_, then = seats.get(seat), sealed_players.get(seat)
        if (now_ is None) != (then is None) or (
            now_ is not None and then is not None and player_key(now_) != player_key(then)
        ):
            out.append(
                f"the {seat} seat holds {now_ or 'nobody'}, but its header says "
                f"{then or 'nobody'} (a seat or a player's name was changed)"
            )
    return out


def _hand_heads(conn: Connection, game_id: int, rows: Sequence[Any]) -> list[Problem]:
    """A problem for each cached hand whose head hash is not its last entry's hash."""
    last: dict[int, str] = {}
    for r in rows:
        last[r.hand] = r.hash
    cached = conn.execute(
        select(HAND_T.c.number, HAND_T.c.head_hash)
        .where(HAND_T.c.game_id == game_id)
        .order_by(HAND_T.c.number)
    )
    return [
        Problem(
            game_id,
            HEAD,
            None,
            number,
            None,
            f"hand {number}'s head hash does not match its last entry: the record was "
            "rewritten outside euchre-log",
        )
        for number, head in cached
        if head != last.get(number)
    ]


def _caches(conn: Connection, game: Any, rows: Sequence[Any]) -> list[Problem]:
    """Each cache of a game (hands, flags, its summary, its content hash, its cached
    reviews' keys) that disagrees with its journal, replayed by today's engine."""
    game_id = game.id
    players = players_of(conn, [game_id])[game_id]
    try:
        stored = _replayed(game, players, journal_rows(conn, game_id))
    except (StoreError, LogError, ValueError) as exc:
        return [Problem(game_id, CHANGED, None, None, None, str(exc))]
    out = [
        Problem(
            game_id,
            CACHE,
            None,
            d.hand,
            None,
            f"{d.message}: the cache that games and stats read was changed outside euchre-log",
        )
        for d in cache_differences(conn, game, stored.game, players)
    ]
    states = {(r.hand, r.hash) for r in rows}
    for number, head in conn.execute(
        select(REVIEW_T.c.number, REVIEW_T.c.head_hash)
        .where(REVIEW_T.c.game_id == game_id)
        .order_by(REVIEW_T.c.number)
    ):
        if (number, head) not in states:
            out.append(
                Problem(
                    game_id,
                    CACHE,
                    None,
                    number,
                    None,
                    f"a cached review of hand {number} is keyed to a state its record never "
                    "had: the cache that stats reads was changed outside euchre-log",
                )
            )
    return out


def _register(conn: Connection, rows: Sequence[Any]) -> list[Problem]:
    """The breaks in the register's own chain, and a head that is not its last row."""
    out: list[Problem] = []

    def problem(kind: str, seq: int | None, message: str) -> None:
        out.append(Problem(None, kind, seq, None, None, f"the register of games: {message}"))

    prev, expected = registry.genesis(), 1
    by_hash = {r.hash: r for r in rows}
    for r in rows:
        where = f"entry {r.seq} (game {r.game_id})"
        if r.seq > expected:
            missing = (
                f"entry {expected} is"
                if r.seq == expected + 1
                else f"entries {expected} to {r.seq - 1} are"
            )
            problem(REMOVED, expected, f"{missing} missing: removed outside euchre-log")
        own = registry.row_hash(
            r.prev_hash,
            r.seq,
            r.game_id,
            r.game_uid,
            r.event,
            r.header_seq,
            r.header_hash,
            r.last_seq,
            r.head_hash,
            r.created_at,
        )
        if own != r.hash:
            problem(CHANGED, r.seq, f"{where} was changed outside euchre-log")
        elif r.prev_hash != prev and r.seq <= expected:
            if r.prev_hash in by_hash:
                problem(REORDERED, r.seq, f"{where} was moved outside euchre-log")
            else:
                problem(
                    REMOVED,
                    r.seq,
                    f"the entry before {where} was removed or replaced outside euchre-log",
                )
        elif r.prev_hash != prev and r.prev_hash not in by_hash:
            pass  # said above, as missing entries
        prev, expected = r.hash, r.seq + 1
    kept = registry.head(conn)
    last = (rows[-1].seq, rows[-1].hash) if rows else (0, registry.genesis())
    if kept is None:
        problem(HEAD, None, "its head is missing from the database: removed outside euchre-log")
    elif kept != last and not out:
        if kept[0] > last[0]:
            problem(
                REMOVED,
                last[0] + 1,
                f"it held {kept[0]} entries but only {last[0]} remain: the last were removed "
                "outside euchre-log",
            )
        else:
            problem(
                HEAD, None, "its head does not match its last entry: rewritten outside euchre-log"
            )
    return out


def verify(store: Store, game_ids: list[int] | None = None) -> tuple[list[int], list[Problem]]:
    """Check the named games (all when None, with the register of games itself and the
    games it names that are gone): the games checked and every problem found."""
    with store.reading() as conn:
        present = {int(i): str(u) for i, u in conn.execute(select(GAME_T.c.id, GAME_T.c.uid))}
        register = conn.execute(select(REGISTRY_T).order_by(REGISTRY_T.c.seq)).all()
        by_uid: dict[str, list[Any]] = {}
        for r in register:
            by_uid.setdefault(r.game_uid, []).append(r)
        problems: list[Problem] = []
        if game_ids is None:
            ids = sorted(present)
            problems.extend(_register(conn, register))
            uids = set(present.values())
            gone = [
                r for r in register if r.game_uid not in uids and r.event != registry.CHECKPOINT
            ]
            problems.extend(_deleted(r) for r in gone)
            checked = sorted(set(ids) | {int(r.game_id) for r in gone})
        else:
            ids = checked = list(game_ids)
        for g in ids:
            if g in present:
                problems.extend(verify_game(conn, g, by_uid.get(present[g], [])))
            else:
                problems.append(_gone(conn, g))
    return checked, problems


# ---------------------------------------------------------------------------
# Fingerprints


@dataclass
class FingerprintMatch:
    """What a fingerprint says of a game: the entry whose state it is (``entry``), or
    that it is the seal of the game's content as an export carries it (``seal``), or
    neither. ``added`` are the entries recorded since the matched one."""

    game: int
    fingerprint: str
    last_entry: int
    entry: int | None = None
    seal: bool = False
    added: list[str] = field(default_factory=list)

    @property
    def matched(self) -> bool:
        return self.entry is not None or self.seal

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "fingerprint": self.fingerprint,
            "matched": "entry" if self.entry is not None else ("seal" if self.seal else None),
            "entry": self.entry,
            "added_since": len(self.added) if self.entry is not None else None,
            "last_entry": self.last_entry,
        }


def _added(r: Any) -> str:
    """An entry recorded after a fingerprint, in a few words."""
    if r.kind == HEADER:
        return f"entry {r.seq}: the header"
    return f"entry {r.seq}: {r.kind}"


def match_fingerprint(store: Store, game_id: int, wanted: str) -> FingerprintMatch:
    """Which state of a game's record has this (parsed) fingerprint.

    The chain is recomputed from the game's genesis over the entries as they are stored,
    without trusting any stored hash: a match at entry N proves that entries up to N are
    exactly those of the state the fingerprint was taken of, however the database was
    edited since. Failing that, the fingerprint may be the seal of an export of the
    game's current content (players, rules, starting score, deals and actions)."""
    from ..formats.seal import head_hash
    from .games import load_game

    with store.reading() as conn:
        game = conn.execute(select(GAME_T).where(GAME_T.c.id == game_id)).first()
        if game is None:
            from .games import NoSuchGame

            raise NoSuchGame(f"there is no game {game_id} (euchre-log games lists them)")
        rows = conn.execute(
            select(ACTION_T).where(ACTION_T.c.game_id == game_id).order_by(ACTION_T.c.seq)
        ).all()
    found = FingerprintMatch(game_id, wanted, rows[-1].seq if rows else 0)
    prev = genesis(game.uid)
    for k, r in enumerate(rows):
        prev = chain_hash(prev, r.seq, r.hand, r.kind, r.created_at, r.data)
        if fingerprint(prev) == wanted:
            found.entry = r.seq
            found.added = [_added(later) for later in rows[k + 1 :]]
            return found
    try:
        stored = load_game(store, game_id)
    except (StoreError, LogError, ValueError):
        return found
    seal = head_hash(stored.players, stored.rules, stored.initial_score, stored.game)
    found.seal = fingerprint(seal) == wanted
    return found


def record_fingerprint(head_hash: str | None, uid: str) -> str:
    """The fingerprint of a game's head (its genesis when it has no entry at all)."""
    return fingerprint(head_hash or genesis(uid))
