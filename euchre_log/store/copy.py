"""Copy games from one database to another, their hash chains intact.

A game is copied whole: its row (same ``uid``, times, score and head hash), its seats, every
journal entry exactly as stored (same ``seq``, times, data and hashes, undos included) and
its cached hands and flags. Only the row ids change, since the target numbers its own
games. Players are matched by their folded name (``games.player_key``), and added to the
target when it does not know them.

- A game whose ``uid`` the target already holds is skipped, never duplicated: copying
  again after an interruption, or into a database that already has some of the games,
  copies only the rest.
- A game whose chain is broken in the source (``verify`` finds a problem) is refused:
  copying it would launder the tampering into a fresh database.
- Each game is copied in a transaction of its own, registered in the target's register of
  games (``store.registry``, event ``copied``, with its header and head), and its chain is
  verified in the target before that transaction commits; an interrupted copy leaves
  whole games only.
- A game the target cannot store (PostgreSQL refuses a NUL byte in text, which SQLite
  keeps) is refused, saying where, and the copy goes on with the next game: one odd row
  never stops the rest, however often the copy is run again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, insert, select
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError

from . import registry
from .db import Store, StoreError, database_error
from .games import NoSuchGame, player_ids, stored_names
from .journal import HEADER, now
from .schema import ACTION_T, FLAG_T, GAME_T, HAND_T, PLAYER_T, SEAT_T
from .verify import verify_game


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one source game: copied (and its id in the target), skipped
    because the target has it already, or refused because its record is broken."""

    status: str  # "copied", "skipped" or "refused"
    game: int
    uid: str
    title: str | None
    hands: int
    entries: int
    target: int | None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The outcome as ``copy --json`` prints it."""
        return {
            "status": self.status,
            "game": self.game,
            "uid": self.uid,
            "title": self.title,
            "hands": self.hands,
            "entries": self.entries,
            "target_game": self.target,
            "reason": self.reason,
        }


@dataclass
class CopyReport:
    """Every source game's outcome, in the order they were copied."""

    outcomes: list[Outcome] = field(default_factory=list)

    def of(self, status: str) -> list[Outcome]:
        """The outcomes of one status: ``copied``, ``skipped`` or ``refused``."""
        return [o for o in self.outcomes if o.status == status]


class CopyStopped(StoreError):
    """The copy stopped at one game (a database failed, or the game is not in the
    source): the games before it were copied whole, that one and the rest not at all."""

    def __init__(self, game: int, report: CopyReport, reason: str) -> None:
        super().__init__(reason)
        self.game = game
        self.report = report


@dataclass
class _Game:
    """One game as read from the source: every row that belongs to it."""

    row: dict[str, Any]
    players: dict[str, str]  # seat -> name
    actions: list[dict[str, Any]]
    hands: list[dict[str, Any]]
    flags: list[dict[str, Any]]


def _rows(conn: Connection, table: Any, game_column: Any, game_id: int, order: Any) -> list[Any]:
    """One game's rows of a table, each as a dict of every column."""
    query = select(table).where(game_column == game_id).order_by(order)
    return [dict(r._mapping) for r in conn.execute(query)]


def _read(conn: Connection, game_id: int) -> _Game:
    """Everything the source stores of one game."""
    row = conn.execute(select(GAME_T).where(GAME_T.c.id == game_id)).first()
    if row is None:
        raise NoSuchGame(f"there is no game {game_id} in the source database")
    seats = conn.execute(
        select(SEAT_T.c.seat, PLAYER_T.c.name)
        .join(PLAYER_T, PLAYER_T.c.id == SEAT_T.c.player_id)
        .where(SEAT_T.c.game_id == game_id)
    )
    return _Game(
        row=dict(row._mapping),
        players={seat: name for seat, name in seats},
        actions=_rows(conn, ACTION_T, ACTION_T.c.game_id, game_id, ACTION_T.c.seq),
        hands=_rows(conn, HAND_T, HAND_T.c.game_id, game_id, HAND_T.c.number),
        flags=_rows(conn, FLAG_T, FLAG_T.c.game_id, game_id, FLAG_T.c.id),
    )


def _without_id(rows: list[dict[str, Any]], game_id: int) -> list[dict[str, Any]]:
    """Rows for the target: their own ids dropped (the target numbers them), its game id."""
    return [{**{k: v for k, v in r.items() if k != "id"}, "game_id": game_id} for r in rows]


def _existing(conn: Connection, uid: str) -> int | None:
    """The id of the game with this uid in a database, if it holds it."""
    found = conn.execute(select(GAME_T.c.id).where(GAME_T.c.uid == uid)).first()
    return None if found is None else int(found[0])


class _AlreadyThere(Exception):
    """The target holds the game already, as game ``target``."""

    def __init__(self, target: int) -> None:
        self.target = target


def _write(conn: Connection, game: _Game) -> int:
    """Insert one game into the target; returns its id there."""
    uid = game.row["uid"]
    there = _existing(conn, uid)
    if there is not None:
        raise _AlreadyThere(there)
    registry.lock(conn)
    ids = player_ids(conn, [game.players[s] for s in sorted(game.players)])
    values = {k: v for k, v in game.row.items() if k != "id"}
    key = conn.execute(insert(GAME_T).values(**values)).inserted_primary_key
    assert key is not None
    new_id = int(key[0])
    conn.execute(
        insert(SEAT_T),
        [
            {"game_id": new_id, "seat": seat, "player_id": ids[name]}
            for seat, name in sorted(game.players.items())
        ],
    )
    for table, rows in ((ACTION_T, game.actions), (HAND_T, game.hands), (FLAG_T, game.flags)):
        if rows:
            conn.execute(insert(table), _without_id(rows, new_id))
    header = next((a for a in game.actions if a["kind"] == HEADER), None)
    names = stored_names(conn, ids.values())
    registry.register(
        conn,
        [
            registry.Registered(
                new_id,
                uid,
                registry.COPIED,
                None if header is None else header["seq"],
                None if header is None or header["hash"] is None else bytes(header["hash"]).hex(),
                values["last_seq"],
                values["head_hash"],
                values["source"],
                {seat: names[ids[name]] for seat, name in game.players.items()},
            )
        ],
        now(),
    )
    problems = verify_game(conn, new_id)
    if problems:  # never expected: the rows are the source's, byte for byte
        raise StoreError(f"game {game.row['id']} did not copy exactly: {problems[0].message}")
    return new_id


SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _nul_in(game: _Game) -> str | None:
    """Where a game's text holds a NUL byte (``"the name of the East player"``), or None."""
    for seat, name in sorted(game.players.items()):
        if "\x00" in name:
            return f"the name of the {SEAT_WORDS.get(seat, seat)} player"
    for key, value in game.row.items():
        if isinstance(value, str) and "\x00" in value:
            return f"its {key}"
    for table, rows in (("entry", game.actions), ("hand", game.hands), ("flag", game.flags)):
        for r in rows:
            if any(isinstance(v, str) and "\x00" in v for v in r.values()):
                number = r.get("seq", r.get("number", r.get("hand")))
                return f"its {table} {number}"
    return None


def copy_games(
    source: Store,
    target: Store,
    game_ids: list[int] | None = None,
    *,
    each: Callable[[Outcome], None] | None = None,
) -> CopyReport:
    """Copy the named games (all of them when None) from ``source`` into ``target``.

    ``each`` is called with every game's outcome as soon as it is known, for progress.
    Raises ``CopyStopped`` when a database fails (or a named game is not in the source):
    the games before that one were copied whole, that one and the rest not at all.
    """
    report = CopyReport()
    with source.reading() as conn:
        stored = [int(r[0]) for r in conn.execute(select(GAME_T.c.id).order_by(GAME_T.c.id))]
    ids = game_ids or stored
    missing = sorted(set(ids) - set(stored))
    if missing:
        which = ", ".join(map(str, missing))
        raise StoreError(
            f"there {'is no game' if len(missing) == 1 else 'are no games'} {which} in the "
            "source database (euchre-log games lists them)"
        )
    for game_id in ids:
        try:
            outcome = _copy_one(source, target, game_id)
        except _Failed as failed:
            raise CopyStopped(game_id, report, failed.reason) from None
        report.outcomes.append(outcome)
        if each is not None:
            each(outcome)
    return report


class _Failed(Exception):
    """A database failed while one game was being copied (its transaction rolled back)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _copy_one(source: Store, target: Store, game_id: int) -> Outcome:
    """Copy one game, or say why not; a failing database raises ``_Failed``."""
    try:
        with source.reading() as conn:
            game = _read(conn, game_id)
            problems = verify_game(conn, game_id)
    except StoreError as exc:
        raise _Failed(str(exc)) from None
    except DBAPIError as exc:
        raise _Failed(str(database_error(source.url, exc))) from None
    row = game.row
    facts: dict[str, Any] = {
        "game": game_id,
        "uid": row["uid"],
        "title": row["title"],
        "hands": row["hands"],
        "entries": len(game.actions),
    }
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        reason = f"verify finds its record broken: {problems[0].message}{more}"
        return Outcome("refused", target=None, reason=reason, **facts)
    if not target.is_sqlite:
        where = _nul_in(game)
        if where is not None:
            reason = f"{where} holds a NUL byte, which {target.engine.dialect.name} cannot store"
            return Outcome("refused", target=None, reason=reason, **facts)
    try:
        try:
            with target.writing() as conn:
                new_id = _write(conn, game)
            return Outcome("copied", target=new_id, **facts)
        except _AlreadyThere as there:
            there_id = there.target
        except DataError as exc:  # a value the target refuses; its transaction rolled back
            reason = f"the target cannot store it: {database_error(target.url, exc)}"
            return Outcome("refused", target=None, reason=reason, **facts)
        except IntegrityError:  # another copy stored the same game meanwhile
            with target.reading() as conn:
                found = _existing(conn, row["uid"])
            if found is None:
                raise
            there_id = found
    except StoreError as exc:
        raise _Failed(str(exc)) from None
    except DBAPIError as exc:
        raise _Failed(str(database_error(target.url, exc))) from None
    reason = f"the target already holds it, as game {there_id}"
    return Outcome("skipped", target=there_id, reason=reason, **facts)
