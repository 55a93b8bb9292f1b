"""Reading games from the store: one game replayed through the engine, and the list.

The commands that only read (``games``, ``summary``, ``replay``, ``explain``, ``export``)
come here: SQLAlchemy Core over the tables of ``schema.py``, in one read transaction.
``store.games`` holds the writing, and re-exports these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.cards import SEAT_LETTERS, parse_seat
from ..engine.game import GameState
from ..engine.record import GameRecord
from ..engine.rules import Rules, RulesError
from ..formats.reader import LogError, parse_json_bytes
from .codec import time_text
from .db import Store, StoreError
from .journal import REOPEN, effective_entries, genesis, journal_rows

if TYPE_CHECKING:
    from sqlalchemy import Connection


class NoSuchGame(StoreError):
    """A game id that is not in the database."""


@dataclass
class StoredGame:
    """A game as stored: its facts, its effective entries, and the engine's state."""

    id: int
    uid: str
    title: str | None
    date: str | None
    notes: str | None
    players: dict[str, str]
    rules: Rules
    first_dealer: int
    initial_score: tuple[int, int]
    status: str
    last_seq: int
    head_hash: str | None
    record: GameRecord
    seqs: list[int]  # the sequence number of each entry of ``record.history``
    reopened: list[tuple[int, str]] = field(default_factory=list)
    """Each time the game was reopened after it was won (``record --reopen``): the
    journal entry and its time (ISO text)."""

    @property
    def game(self) -> GameState:
        return self.record.game

    @property
    def fingerprint(self) -> str:
        """The fingerprint of the record's head (``formats.fingerprint``): what
        ``verify GAME --fingerprint`` checks the record against later."""
        from ..formats.fingerprint import fingerprint

        return fingerprint(self.head_hash or genesis(self.uid))


def _by_seat(pairs: Any) -> dict[str, str]:
    """Players by seat, in seat order, from (seat, name) rows."""
    found = {seat: name for seat, name in pairs}
    return {s: found[s] for s in SEAT_LETTERS if s in found}


MAX_GAME_ID = 2**63 - 1
"""The largest id a database can hold (a 64-bit integer): a larger number names no game."""
MAX_SCORE = 10**9
"""A stored starting score beyond this either way was not written by euchre-log."""
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


class BrokenGame(StoreError):
    """A stored game that cannot be read back: a row changed or removed by another
    program. The message names the game and what is wrong."""


def rules_from_row(text_: str) -> Rules:
    """A game's stored rules; ``StoreError`` when they are not a rules object any more."""
    try:
        data = parse_json_bytes(text_.encode("utf-8", "surrogatepass"))
    except LogError as exc:
        raise StoreError(f"the stored rules cannot be read: they are {exc.message}") from None
    if not isinstance(data, dict):
        raise StoreError("the stored rules cannot be read: they are not a JSON object of options")
    try:
        return Rules.build(data)
    except RulesError as exc:
        raise StoreError(f"the stored rules cannot be read: {exc}") from None


def load_game(store: Store, game_id: int) -> StoredGame:
    """Read a game and replay its entries through the engine."""
    if not 1 <= game_id <= MAX_GAME_ID:
        raise NoSuchGame(f"there is no game {game_id} (euchre-log games lists them)")
    from sqlalchemy import select

    from .schema import GAME_T

    with store.reading() as conn:
        found = conn.execute(select(GAME_T).where(GAME_T.c.id == game_id)).first()
        if found is None:
            raise NoSuchGame(f"there is no game {game_id} (euchre-log games lists them)")
        players = players_of(conn, [game_id])[game_id]
        rows = journal_rows(conn, game_id)
    return _replayed(found, players, rows)


def _replayed(
    row: Any, players: dict[str, str], rows: list[Any], *, seats: bool = True
) -> StoredGame:
    """A game row and its journal, replayed through the engine; ``BrokenGame`` naming the
    game and what is wrong when a row was changed so that it no longer reads (``seats``:
    the four seats must be there too)."""
    game_id = row.id

    def broken(what: str) -> BrokenGame:
        return BrokenGame(f"game {game_id} cannot be read: {what} (euchre-log verify {game_id})")

    try:
        rules = rules_from_row(row.rules)
    except StoreError as exc:
        raise broken(str(exc)) from None
    try:
        first = parse_seat(str(row.first_dealer))
    except ValueError:
        raise broken(f"its first dealer is {row.first_dealer!r}, not a seat") from None
    score = (row.initial_ns, row.initial_ew)
    if not all(isinstance(x, int) and abs(x) <= MAX_SCORE for x in score):
        raise broken(f"its starting score is {score[0]!r}-{score[1]!r}")
    missing = [s for s in SEAT_LETTERS if s not in players]
    if seats and missing:
        raise broken("nobody sits " + " or ".join(SEAT_WORDS[s] for s in missing))
    record = GameRecord(rules, first, score)
    try:
        live = effective_entries(rows)
    except LogError as exc:
        raise broken(f"its journal {exc.message}") from None
    try:
        record.replay([e for _, e in live])
    except Exception as exc:  # the engine refuses what is stored: it was changed by hand
        raise StoreError(f"game {game_id}'s stored record does not replay: {exc}") from None
    return StoredGame(
        id=row.id,
        uid=row.uid,
        title=row.title,
        date=row.date,
        notes=row.notes,
        players=players,
        rules=rules,
        first_dealer=first,
        initial_score=score,
        status=row.status,
        last_seq=row.last_seq,
        head_hash=row.head_hash,
        record=record,
        seqs=[s for s, _ in live],
        reopened=[(r.seq, time_text(r.time_us)) for r in rows if r.kind == REOPEN],
    )


def latest_open_game(store: Store) -> int | None:
    """The most recently changed unfinished game that was being recorded here: an
    imported game is a finished record, however it ends, and is never resumed by default."""
    from sqlalchemy import select

    from .schema import GAME_T

    query = (
        select(GAME_T.c.id)
        .where(GAME_T.c.status == "in progress", GAME_T.c.source == "recorded")
        .order_by(GAME_T.c.updated_at.desc(), GAME_T.c.id.desc())
        .limit(1)
    )
    with store.reading() as conn:
        found = conn.execute(query).scalar()
    return None if found is None else int(found)


def latest_game(store: Store) -> int | None:
    """The most recently changed game, finished or not."""
    from sqlalchemy import select

    from .schema import GAME_T

    query = select(GAME_T.c.id).order_by(GAME_T.c.updated_at.desc(), GAME_T.c.id.desc()).limit(1)
    with store.reading() as conn:
        found = conn.execute(query).scalar()
    return None if found is None else int(found)


def players_of(conn: Connection, game_ids: Sequence[int]) -> dict[int, dict[str, str]]:
    """Each game's players by seat, in seat order (a seat nobody sits in is left out)."""
    from sqlalchemy import select

    from .schema import PLAYER_T, SEAT_T

    wanted = list(game_ids)
    found: dict[int, list[tuple[str, str]]] = {g: [] for g in wanted}
    for start in range(0, len(wanted), 500):  # a list of ids a database takes in one query
        query = (
            select(SEAT_T.c.game_id, SEAT_T.c.seat, PLAYER_T.c.name)
            .join(PLAYER_T, PLAYER_T.c.id == SEAT_T.c.player_id)
            .where(SEAT_T.c.game_id.in_(wanted[start : start + 500]))
        )
        for gid, seat, name in conn.execute(query):
            found[int(gid)].append((seat, name))
    return {g: _by_seat(pairs) for g, pairs in found.items()}


GAME_STATUS = {"in-progress": "in progress", "won": "finished"}
"""``games --status`` by the words a person types: the game's cached status."""


def list_games(
    store: Store,
    *,
    limit: int | None = None,
    player: int | None = None,
    since: str | None = None,
    status: str | None = None,
) -> tuple[list[dict[str, Any]], int]:
    """The games, newest first: id, date, title, players, score and status; at most
    ``limit`` of them (all when None), of one player's (an id), dated on or after
    ``since`` (YYYY-MM-DD; a game without such a date is left out), in one ``status``
    (``GAME_STATUS``'s words). Also how many games match in all."""
    from sqlalchemy import func, select

    from .schema import GAME_T, SEAT_T

    conds: list[Any] = []
    if player is not None:
        conds.append(GAME_T.c.id.in_(select(SEAT_T.c.game_id).where(SEAT_T.c.player_id == player)))
    if since is not None:
        # Only a date that starts YYYY-MM-DD counts ("2026-05-29" or EGN's
        # "2026-05-29T16:30"); other text a log file gave ("last Friday") is no date.
        conds += [GAME_T.c.date.like("____-__-__%"), GAME_T.c.date >= since]
    if status is not None:
        conds.append(GAME_T.c.status == GAME_STATUS[status])
    listed = select(GAME_T).where(*conds).order_by(GAME_T.c.id.desc())
    if limit is not None:
        listed = listed.limit(limit)
    with store.reading() as conn:
        rows = conn.execute(listed).all()
        total = (
            len(rows)
            if limit is None or len(rows) < limit
            else int(
                conn.execute(select(func.count()).select_from(GAME_T).where(*conds)).scalar_one()
            )
        )
        players = players_of(conn, [r.id for r in rows]) if rows else {}
    games = [
        {
            "id": r.id,
            "date": r.date,
            "title": r.title,
            "players": players.get(r.id, {}),
            "score": {"NS": r.score_ns, "EW": r.score_ew},
            "winner": r.winner,
            "hands": r.hands,
            "status": r.status,
            "source": r.source,
            "updated_at": r.updated_at,
        }
        for r in rows
    ]
    return games, total
