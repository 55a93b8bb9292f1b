"""Recompute each game's hash chain and caches, and say what was changed behind the
tool's back.

Every journal entry's hash is ``SHA-256(previous hash | seq | hand | kind | time | data)``;
a row keeps the first 32 bits of it (``tag``), and the header and each hand's start the
whole of it (``journal``). ``verify`` works the chain out again from the game's genesis:
an edited entry no longer matches its tag; a removed entry leaves a gap; an inserted or
reordered one matches nowhere, or matches the place it was recorded at; the game's head,
each hand's head and the heads the register recorded catch a change at the end of the
game or of a hand. After a break the chain cannot be followed to the next entry, so it is
taken up again at the next hand's start, whose row keeps its whole hash.

The chain starts from the game's header (entry 0; for a game stored before schema 4, the
entry the upgrade appended), which holds the rules, the starting score, the first dealer
and the players by seat: a change to any of them on the game row, its seats or its
players disagrees with the header. The register (``store.registry``) names every game the
database has held, with its id, its source and its players' names exactly as stored, so a
game deleted whole, renumbered, swapped with another or relabelled is reported. The caches
that ``games``, ``stats`` and ``import`` read (hands, flags, the game's summary, its
content hash, the keys of its cached reviews) are recomputed from the journal and
compared.

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
from .journal import HEADER, Row, chain, chain_hash, decoded, genesis, journal_rows, tag
from .read import _replayed
from .schema import GAME_T, HAND_T, REGISTRY_T, REVIEW_T

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
    rows = decoded(journal_rows(conn, game_id))
    if registration is not None:
        start = 0 if registration.header_seq == 0 else 1
    else:
        start = 0 if rows and rows[0].seq == 0 else 1
    problems, hashes = _chain(game, rows, start)
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
        p for p in _header(conn, game, rows, hashes, registration) if (p.kind, p.seq) not in said
    )
    if registration is not None:
        problems.extend(_registration(conn, game, registered, _sealed_players(rows)))
    if chain_whole:
        problems.extend(_checkpoints(game, rows, hashes, registered))
    if chain_whole and not problems:
        problems.extend(_hand_heads(conn, game_id, rows, hashes))
    if not problems:
        problems.extend(_caches(conn, game, rows, hashes))
    return problems


def _sealed_players(rows: Sequence[Row]) -> dict[str, Any] | None:
    """The players by seat the game's (first) header holds, if it can be read."""
    header = next((r for r in rows if r.kind == HEADER), None)
    data = None if header is None else _json_of(header.text)
    players = data.get("players") if isinstance(data, dict) else None
    return players if isinstance(players, dict) else None


def _registration(
    conn: Connection, game: Any, registered: Sequence[Any], sealed: Mapping[str, Any] | None
) -> list[Problem]:
    """How a game's id, source and players' names differ from what the register last
    recorded of them (schema 5 on: a row of schema 4 names neither source nor players).
    A seat whose player is another person than the header's (``sealed``) is the header
    check's to report; this one sees a name changed in its spelling alone."""
    last = next(
        (r for r in reversed(registered) if r.event != registry.CHECKPOINT),
        None,
    )
    if last is None:
        return []
    out: list[Problem] = []

    def problem(message: str) -> None:
        out.append(Problem(game.id, HEADER_KIND, None, None, None, message))

    if last.game_id != game.id:
        problem(
            f"game {game.id} is registered as game {last.game_id} (uid {game.uid}): its id "
            "was changed outside euchre-log (games renumbered or swapped)"
        )
    if last.source is not None and last.source != game.source:
        problem(
            f"its source is {game.source!r}, but the register of games recorded "
            f"{last.source!r}: changed outside euchre-log"
        )
    if last.players is not None:
        recorded = _json_of(last.players)
        recorded = recorded if isinstance(recorded, dict) else {}
        seats = players_of(conn, [game.id])[game.id]
        for seat in "NESW":
            now_, then = seats.get(seat), recorded.get(seat)
            header = None if sealed is None else sealed.get(seat)
            if (
                isinstance(now_, str)
                and isinstance(header, str)
                and player_key(now_) != player_key(header)
            ):
                continue  # another person: said by the header's check
            if now_ != then:
                problem(
                    f"the {seat} seat's player is named {_quoted(now_)}, but the register of "
                    f"games recorded {_quoted(then)}: a player's name or a seat was changed "
                    "outside euchre-log"
                )
    return out


def _quoted(name: Any) -> str:
    return "nobody" if name is None else repr(name)


def _checkpoints(
    game: Any, rows: Sequence[Row], hashes: dict[int, str], registered: Sequence[Any]
) -> list[Problem]:
    """The heads the register recorded for a game (when it was stored, started a hand or
    ended) that its journal no longer holds: entries cut off, the head hash set back."""
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


MOVED_WITHIN = 64
"""How far from its place an entry is looked for when it does not fit there: a moved
entry is said to be moved within this many entries; further, it is said to be changed."""


def _chain(game: Any, rows: Sequence[Row], start: int) -> tuple[list[Problem], dict[int, str]]:
    """The breaks in a game's hash chain, which starts at entry ``start`` (0: the header),
    and the hash of each entry the chain could be followed to (every one when whole)."""
    game_id = game.id
    problems: list[Problem] = []
    hashes: dict[int, str] = {}
    place: dict[int, int] = {}
    counts: dict[int, int] = {}
    for r in rows:
        counts[r.hand] = counts.get(r.hand, 0) + 1
        place[r.seq] = counts[r.hand]

    def problem(kind: str, r: Row, message: str) -> None:
        where = (
            f"its header, entry {r.seq}"
            if r.kind == HEADER
            else f"hand {r.hand}, entry {r.seq} ({_describe(r.text)})"
        )
        problems.append(
            Problem(game_id, kind, r.seq, r.hand, place.get(r.seq), f"{where}: {message}")
        )

    prev: str | None = genesis(game.uid)  # None: lost after a break, until a hand's start
    expected_seq = start
    for i, r in enumerate(rows):
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
            prev = None
        elif r.seq < expected_seq:
            problem(
                INSERTED,
                r,
                "it comes before the game's first entry: it was put in outside euchre-log",
            )
            prev = None
        expected_seq = r.seq + 1
        if prev is None:  # the chain is lost: taken up again at a row that keeps its hash
            if r.whole is not None and tag(r.whole) == r.tag:
                hashes[r.seq] = prev = r.whole
            continue
        digest = chain_hash(prev, r.seq, r.hand, r.kind, r.time, r.text)
        if tag(digest) == r.tag and r.whole in (None, digest):
            hashes[r.seq] = prev = digest
            continue
        moved = _moved_here(prev, r.seq, rows, i)
        if moved is not None:
            problem(
                REORDERED,
                moved,
                f"it was recorded as entry {r.seq}: entries were reordered outside euchre-log",
            )
        else:
            problem(CHANGED, r, "its content or time was changed outside euchre-log")
        # What follows cannot be checked from here: its hashes hang on this one's.
        prev = None
        if r.whole is not None and tag(r.whole) == r.tag and moved is None:
            hashes[r.seq] = prev = r.whole
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
        return problems, hashes  # an empty game's missing header is the header's problem
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
    elif not problems and (game.head_hash or genesis(game.uid)) != hashes.get(last_seq):
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
    return problems, hashes


def _moved_here(prev: str, seq: int, rows: Sequence[Row], i: int) -> Row | None:
    """The entry, among those near place ``i``, that was recorded as entry ``seq`` right
    after the hash ``prev`` (it fits there and nowhere else), if one is."""
    for j in range(max(0, i - MOVED_WITHIN), min(len(rows), i + MOVED_WITHIN + 1)):
        r = rows[j]
        if j != i and tag(chain_hash(prev, seq, r.hand, r.kind, r.time, r.text)) == r.tag:
            return r
    return None


def _header(
    conn: Connection, game: Any, rows: Sequence[Row], hashes: dict[int, str], registered: Any
) -> list[Problem]:
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
    if registered is not None and registered.header_hash != (
        hashes.get(header.seq) or header.whole
    ):
        out.append(
            problem(
                f"its header (entry {header.seq}) is not the one the register of games "
                "holds: it was rewritten outside euchre-log",
                HEADER_KIND,
                header.seq,
            )
        )
    data = _json_of(header.text)
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


def _hand_heads(
    conn: Connection, game_id: int, rows: Sequence[Row], hashes: dict[int, str]
) -> list[Problem]:
    """A problem for each cached hand whose head hash is not its last entry's hash."""
    last: dict[int, str] = {}
    for r in rows:
        last[r.hand] = hashes[r.seq]
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


def _caches(
    conn: Connection, game: Any, rows: Sequence[Row], hashes: dict[int, str]
) -> list[Problem]:
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
    states = {(r.hand, hashes[r.seq]) for r in rows}
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
            r.source,
            r.players,
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
    elif kept[2] != registry.head_check(kept[0], kept[1]) and not out:
        # Set back by hand to an earlier row (the newest games removed with their rows of
        # the register): the check would have to be worked out again.
        problem(
            HEAD,
            None,
            f"its head (entry {kept[0]}) is not one euchre-log wrote: it was set back "
            "outside euchre-log, and the rows after it removed",
        )
    elif kept[:2] != last and not out:
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
    neither. ``added`` are the entries recorded since the matched one, and
    ``taken_back`` the entries up to it that undos among them took back."""

    game: int
    fingerprint: str
    last_entry: int
    entry: int | None = None
    seal: bool = False
    added: list[str] = field(default_factory=list)
    taken_back: list[int] = field(default_factory=list)
    """Entries at or before the matched one that an undo recorded since took back: the
    record no longer says what it said when the fingerprint was taken."""

    @property
    def matched(self) -> bool:
        """Whether the record still says what it said when the fingerprint was taken."""
        return (self.entry is not None and not self.taken_back) or self.seal

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "fingerprint": self.fingerprint,
            "matched": "seal"
            if self.seal
            else ("entry" if self.entry is not None and not self.taken_back else None),
            "entry": self.entry,
            "added_since": len(self.added) if self.entry is not None else None,
            "taken_back": self.taken_back,
            "last_entry": self.last_entry,
        }


def _undone(r: Row) -> int | None:
    """The entry an undo takes back (None for any other entry)."""
    if r.kind != "undo":
        return None
    data = _json_of(r.text)
    target = data.get("undoes") if isinstance(data, dict) else None
    return target if isinstance(target, int) else None


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
        rows = decoded(journal_rows(conn, game_id))
    found = FingerprintMatch(game_id, wanted, rows[-1].seq if rows else 0)
    for k, digest in enumerate(chain(game.uid, rows)):
        if fingerprint(digest) == wanted:
            found.entry = rows[k].seq
            later = rows[k + 1 :]
            found.added = [_added(r) for r in later]
            found.taken_back = sorted(
                {t for t in map(_undone, later) if t is not None and t <= found.entry}
            )
            return found
    try:
        stored = load_game(store, game_id)
    except (StoreError, LogError, ValueError):
        return found
    seal = head_hash(stored.players, stored.rules, stored.initial_score, stored.game)
    found.seal = fingerprint(seal) == wanted
    return found


def reopenings(store: Store, game_ids: list[int]) -> dict[int, list[int]]:
    """The entries at which each game was reopened after it was won (``record --reopen``)."""
    from .journal import REOPEN
    from .schema import ACTION_T

    out: dict[int, list[int]] = {}
    with store.reading() as conn:
        for start in range(0, len(game_ids), 500):
            rows = conn.execute(
                select(ACTION_T.c.game_id, ACTION_T.c.seq)
                .where(
                    ACTION_T.c.kind == REOPEN,
                    ACTION_T.c.game_id.in_(game_ids[start : start + 500]),
                )
                .order_by(ACTION_T.c.game_id, ACTION_T.c.seq)
            )
            for game_id, seq in rows:
                out.setdefault(int(game_id), []).append(int(seq))
    return out


def record_fingerprint(head_hash: str | None, uid: str) -> str:
    """The fingerprint of a game's head (its genesis when it has no entry at all)."""
    return fingerprint(head_hash or genesis(uid))
