"""Recording a stored game: each accepted line is committed before the next prompt.

``Recorder.feed`` applies a line through the grammar (all or nothing), works out what it
added and what it took back, and appends exactly that to the game's journal in one
transaction. If the write fails, the in-memory state is put back, so what the recorder
shows is always what is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.flags import Flag
from ..engine.record import Entry, StartHand
from ..engine.text import TABLE, Speaker
from ..store.db import Store
from ..store.games import StoredGame, append, load_game
from ..store.games import reopen as reopen_game
from ..store.journal import GameMovedOn
from .grammar import EntryError, Fed, Session

if TYPE_CHECKING:
    from sqlalchemy import Connection


@dataclass
class Line:
    """What one line did: the grammar's result, the entries it added and those it took back."""

    fed: Fed
    added: list[Entry] = field(default_factory=list)
    undone: list[Entry] = field(default_factory=list)


class Refused(EntryError):
    """A line refused under ``--strict`` because it would raise a flag."""

    def __init__(self, message: str, flags: list[Flag]) -> None:
        super().__init__(message)
        self.flags = flags


class Recorder:
    """A stored game being recorded."""

    def __init__(
        self,
        store: Store,
        game_id: int,
        *,
        strict: bool = False,
        fill: bool = True,
        reopen: bool = False,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.strict = strict
        self.fill_cards = fill
        self.stored: StoredGame = load_game(store, game_id)
        # A won game's entries are taken back only once it is reopened, which the record
        # keeps (``store.games.reopen``); ``StoreError`` if it is not won.
        self.reopened = reopen
        if reopen:
            seq, head = reopen_game(store, game_id, self.stored.last_seq, self.stored.game)
            self.stored.last_seq, self.stored.head_hash = seq, head
        self.session = self._session()

    def _session(self) -> Session:
        session = Session.of(self.stored.record, fill=self.fill_cards)
        session.closed_when_won = not self.reopened
        return session

    def reload(self) -> None:
        """Read the game again from the store (after another recorder moved it on)."""
        self.stored = load_game(self.store, self.game_id)
        self.session = self._session()

    def feed(
        self,
        line: str,
        speaker: Speaker = TABLE,
        also: Callable[[Connection, int, Line], None] | None = None,
    ) -> Line:
        """Apply and store one line, said by ``speaker`` (the table unless a seat says it
        for itself, as on its phone). Raises ``EntryError`` (nothing stored) or
        ``GameMovedOn`` (nothing stored; the recorder has reloaded the game). ``also``
        writes what belongs with the line's entries in their transaction (``append``),
        given the connection, the game's last entry after them and what the line did; it
        is not called for a line that stores no entry."""
        return self._store(lambda session: session.feed(line, speaker), also)

    def fill(self) -> Line:
        """Play and store every card the record proves (the last trick, when every
        remaining card is known), as the live recorder does after each line."""
        return self._store(lambda session: session.fill_forced())

    def _store(
        self,
        change: Callable[[Session], Fed],
        also: Callable[[Connection, int, Line], None] | None = None,
    ) -> Line:
        session = self.session
        saved = session.checkpoint()
        old_history = saved.history
        old_count = len(session.game.hands)
        old_seqs = self.stored.seqs
        fed = change(session)
        if self.strict and fed.flags:
            session.rollback(saved)
            words = "; ".join(f.message for f in fed.flags)
            raise Refused(
                f"refused under --strict, because it would be flagged: {words}", fed.flags
            )
        new_history = session.history
        common = _common_prefix(old_history, new_history)
        old_hands = _tail_hands(old_history, old_count, common)
        new_hands = _tail_hands(new_history, len(session.game.hands), common)
        ops: list[tuple[str, Any, int]] = []
        for i in range(len(old_history) - 1, common - 1, -1):
            ops.append(("undo", old_seqs[i], old_hands[i - common]))
        for i in range(common, len(new_history)):
            ops.append(("add", new_history[i], new_hands[i - common]))
        result = Line(
            fed,
            added=list(new_history[common:]),
            undone=list(reversed(old_history[common:])),
        )
        if not ops:
            return result
        try:
            hook = None if also is None else lambda conn, seq: also(conn, seq, result)
            seqs, head = append(
                self.store, self.game_id, self.stored.last_seq, ops, session.game, hook
            )
        except GameMovedOn:
            self.reload()
            raise
        except BaseException:
            session.rollback(saved)
            raise
        added = [s for (op, _, _), s in zip(ops, seqs, strict=True) if op == "add"]
        self.stored.seqs = old_seqs[:common] + added
        self.stored.last_seq = seqs[-1]
        self.stored.head_hash = head
        return result


def _common_prefix(old: list[Entry], new: list[Entry]) -> int:
    """How many entries the two histories share from the start. A line nearly always
    only adds: the old history is then the new one's start, which one comparison of
    lists (by identity first, in C) confirms at any length; an undo differs only near
    the end, which is found stepping back from it."""
    n = len(old)
    if len(new) >= n and new[:n] == old:
        return n
    # An undo (and what was typed after it) differs at the end: step back from there to
    # the last place the two agree, and confirm the whole prefix in C, so that an undo
    # late in a long game costs no walk over all of it.
    k = min(n, len(new))
    while k > 0 and old[k - 1] is not new[k - 1] and old[k - 1] != new[k - 1]:
        k -= 1
    if old[:k] == new[:k]:
        return k
    common = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        common += 1
    return common


def _tail_hands(history: list[Entry], hands: int, start: int) -> list[int]:
    """The hand number of each entry of ``history[start:]``, counted back from the end:
    the last entry belongs to hand ``hands`` (as many as the history starts), and each
    hand's start begins its hand. What ``GameRecord.hand_numbers`` gives for the tail,
    without a pass over the whole game."""
    out = [0] * (len(history) - start)
    for i in range(len(history) - 1, start - 1, -1):
        out[i - start] = hands
        if history[i].__class__ is StartHand:
            hands -= 1
    return out
