"""The table a server serves, without HTTP: tokens, lines applied for a token's seat, and
what each token may see (SERVE.md).

A ``Table`` holds the game's recorder (``recorder.recording.Recorder``, the same code and
journal as ``record``), the game's tokens, and the cards each seat entered for itself on
its phone (``store.serving``). Every answer it gives a token is worked out from the hand
as that token may see it (``engine.text.view_without``): the other seats' own deals and
the dealer's own discard left out until the hand ends. So the privacy rule is one place:
``view``. A line is read first against that view, with the token's ``Speaker``; only
then is it applied to the real record, and a refusal there, which only a hidden card can
cause, says no more than "another seat entered that card".

Every method takes the table's lock: two phones tapping at once are applied one after
the other, whole, and the second is read against what the first left.

With ``review`` (``serve --review``) each hand is reviewed as it ends, by the recorder's
``HandsAsTheyEnd`` on a thread of its own, and the reviews are kept by ``refresh``, which
the server calls a few times a second; ``on_reviewed`` hears of each one kept.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..engine import actions as A
from ..engine.cards import (
    CARD_TEXT,
    SEAT_LETTERS,
    SUIT_LETTERS,
    TEAM_NAMES,
    CardError,
    Seat,
    cards_of,
    deck,
    parse_card,
    parse_seat,
)
from ..engine.hand import HandState
from ..engine.text import (
    MAX_LINE,
    TABLE,
    Deal,
    Dealer,
    End,
    Meta,
    NotYours,
    Speaker,
    TextError,
    Undo,
    Upcard,
    choices,
    own_cards,
    parse_line,
    view_without,
)
from ..store import serving
from ..store.serving import DEAL, DISCARD, PENDING, Private

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ..engine.flags import Flag
    from ..recorder.recording import Line, Recorder
    from ..recorder.reviews import HandsAsTheyEnd, Reviewed
    from ..store.db import Store

WHO: Final = ("T", *SEAT_LETTERS)
"""Who holds a token: the table (T) and each seat."""
AHEAD: Final = "ahead"
"""The kind of a deal the table typed ahead of the next hand: public, but kept (as a
phone's own is) so that a server started again still has it."""
MAX_REFUSALS: Final = 1000
"""How many refused request ids a table remembers, the oldest forgotten first."""
TOKEN_BYTES: Final = 24
"""A token's random bytes: 192 bits, as URL-safe text of 32 characters."""


class Refused(Exception):
    """A request refused: the HTTP status it gets and a sentence saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def new_tokens() -> dict[str, str]:
    """Fresh random tokens for the table and each seat."""
    return {who: secrets.token_urlsafe(TOKEN_BYTES) for who in WHO}


@dataclass
class Outcome:
    """What a line did, as a table works it out while the line's entries are stored."""

    privates: list[Private]
    answer: dict[str, Any]


class Table:
    """One table: its game (None until the table token starts one), tokens and views."""

    def __init__(
        self,
        store: Store,
        game_id: int | None,
        *,
        new_links: bool = False,
        review: bool = False,
        on_reviewed: Callable[[Recorder, Sequence[Reviewed]], None] | None = None,
    ) -> None:
        self.store = store
        self.review = review
        self.reviews: HandsAsTheyEnd | None = None
        self.on_reviewed = on_reviewed
        self.lock = threading.RLock()
        self.recorder: Recorder | None = None
        self.tokens: dict[str, str] = {}
        self.privates: list[Private] = []
        self.quiet = 0
        self.maker: tuple[str, int] | None = None
        # The refusals given to request ids, so that a retry gets the first answer as an
        # accepted line's does (kept in memory only: a refused line stored nothing).
        self.refusals: OrderedDict[tuple[str, str], Refused] = OrderedDict()
        if game_id is None:
            self.tokens = new_tokens()
            return
        self._open(game_id)
        stored = serving.links(store, game_id)
        if new_links or set(stored) != set(WHO):
            stored = new_tokens()
            serving.set_links(store, game_id, stored)
        self.tokens = stored

    # ------------------------------------------------------------------ loading

    def _open(self, game_id: int) -> None:
        from ..recorder.recording import Recorder

        # fill=False: on a phone each seat taps its own last card, so that no card is
        # played for a seat before its turn shows it.
        self.recorder = Recorder(self.store, game_id, fill=False)
        if self.review:
            from ..recorder.reviews import HandsAsTheyEnd

            # The next game started on the same links gets a reviewer of its own: the
            # last game's reviews still being worked out are left to ``review``.
            if self.reviews is not None:
                self.reviews.close()
            self.reviews = HandsAsTheyEnd(self.store, game_id)
        self._load_extras()

    def _load_extras(self) -> None:
        recorder = self._recorder()
        game_id = recorder.game_id
        self.privates = serving.privates(self.store, game_id)
        self.quiet = serving.quiet_lines(self.store, game_id)
        self.maker = serving.last_maker(self.store, game_id)
        session = recorder.session
        ahead = [p for p in self.privates if p.kind in (PENDING, AHEAD)]
        if not ahead:
            return
        if session.hand is None:
            for row in ahead:
                session.pending_deal[parse_seat(row.seat)] = _cards(row.cards)
            return
        # The hand was started elsewhere (``record`` in a terminal) while deals typed
        # ahead on the phones waited: each goes into it as a deal entered late.
        for row in ahead:
            seat = parse_seat(row.seat)
            line = f"deal {row.seat} {' '.join(row.cards)}"
            speaker = Speaker(seat) if row.kind == PENDING else TABLE
            keep = [p for p in self.privates if p != row]
            if row.kind == PENDING:
                keep.append(Private(session.game.hands[-1].number, row.seat, DEAL, row.cards))

            def write(conn: Connection, seq: int, _: Line, keep: list[Private] = keep) -> None:
                serving.set_privates(conn, game_id, keep)

            try:
                recorder.feed(line, speaker, write)
                self.privates = keep
            except TextError:
                pass  # the seat played already, or the cards do not fit: the row stays
        self.privates = serving.privates(self.store, game_id)

    def _recorder(self) -> Recorder:
        if self.recorder is None:
            raise Refused(
                409, "no game is being served yet: the table's link starts one (players, dealer)"
            )
        return self.recorder

    def _over(self) -> bool:
        return self.recorder is not None and self.recorder.session.game.winner is not None

    def refresh(self) -> bool:
        """Read the game again if another writer (``record`` in a terminal) moved it on;
        True when it did. With ``review``, keep the reviews finished meanwhile too."""
        with self.lock:
            recorder = self.recorder
            if recorder is None:
                return False
            if self.reviews is not None:
                done = self.reviews.collect(recorder.session.game.hands)
                if done and self.on_reviewed is not None:
                    self.on_reviewed(recorder, done)
            from sqlalchemy import select

            from ..store.schema import GAME_T

            with self.store.reading() as conn:
                last = conn.execute(
                    select(GAME_T.c.last_seq).where(GAME_T.c.id == recorder.game_id)
                ).scalar_one()
            if last == recorder.stored.last_seq:
                return False
            before = self._finished_now()
            recorder.reload()
            self._load_extras()
            self._review_ended(before)
            return True

    def _finished_now(self) -> dict[int, str]:
        """With ``review``: the hands finished before a change (``finished_numbers``)."""
        if self.reviews is None or self.recorder is None:
            return {}
        from ..recorder.reviews import finished_numbers

        return finished_numbers(self.recorder.session.game.hands)

    def _review_ended(self, before: dict[int, str]) -> None:
        """With ``review``: queue the hands that a change finished."""
        if self.reviews is not None and self.recorder is not None:
            self.reviews.ended(before, self.recorder.session.game.hands)

    def close(self) -> None:
        """The server stops: a review being worked out is left to ``euchre-log review``."""
        with self.lock:
            if self.reviews is not None:
                self.reviews.close()

    # ------------------------------------------------------------------ tokens

    def who(self, authorization: str | None) -> str:
        """Who a request's ``Authorization: Bearer TOKEN`` header names; 401 otherwise.
        Every token is compared, in constant time, whichever matches."""
        if not authorization:
            raise Refused(401, "this needs the link's token: open the link the server printed")
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Refused(401, "the Authorization header must be: Bearer TOKEN")
        given = token.strip().encode("utf-8", "surrogateescape")
        found: str | None = None
        for who, known in self.tokens.items():
            if hmac.compare_digest(given, known.encode()):
                found = who
        if found is None:
            raise Refused(401, "that token opens no seat here: open the link the server printed")
        return found

    # ------------------------------------------------------------------ views

    @property
    def version(self) -> int:
        """Grows with every accepted line: the journal's last entry, and the lines that
        stored none."""
        if self.recorder is None:
            return 0
        return self.recorder.stored.last_seq + self.quiet

    def _hidden(self, who: str, hand: HandState) -> tuple[list[Seat], bool]:
        """The seats whose own deal ``who`` may not see in ``hand``, and whether the
        dealer's own discard is hidden from it."""
        if hand.finished or hand.number == self._recorder().session.ended:
            return [], False
        seats: list[Seat] = []
        discard = False
        for row in self.privates:
            if row.hand != hand.number or row.seat == who:
                continue
            if row.kind == DEAL:
                seats.append(parse_seat(row.seat))
            elif row.kind == DISCARD:
                discard = True
        return seats, discard

    def view(self, who: str) -> HandState | None:
        """The game's last hand as ``who`` may see it (None before the first)."""
        hand = self._recorder().session.game.current
        if hand is None:
            return None
        seats, discard = self._hidden(who, hand)
        if not seats and not discard:
            return hand
        return view_without(hand, seats, discard=discard)

    def speaker(self, who: str) -> Speaker:
        """Who says a line for ``who``, knowing its own cards as entered."""
        if who == "T":
            return TABLE
        seat = parse_seat(who)
        session = self._recorder().session
        hand = session.hand
        cards = hand.deal.get(seat) if hand is not None else session.pending_deal.get(seat)
        return Speaker(seat, cards)

    def state(self, who: str) -> dict[str, Any]:
        """``GET /api/state``: what ``who`` may see (SERVE.md)."""
        with self.lock:
            if self.recorder is None:
                return {
                    "version": 0,
                    "game": None,
                    "who": who,
                    "players": {},
                    "can_start": who == "T",
                    "legal": [],
                    "follows": [],
                    **({} if who == "T" else {"my_cards": []}),
                }
            return self._state(who)

    def _state(self, who: str) -> dict[str, Any]:
        from ..formats.results import flag_dict
        from ..render.live import describe, hand_line, trick_cards

        recorder = self._recorder()
        session = recorder.session
        game = session.game
        players = recorder.stored.players
        view = self.view(who)
        playing = session.hand is not None and view is not None
        speaker = self.speaker(who)
        ns, ew = game.score
        out: dict[str, Any] = {
            "version": self.version,
            "game": recorder.game_id,
            "who": who,
            "players": dict(players),
            "target": game.rules.target,
            "deck": [CARD_TEXT[c] for c in deck(game.rules.deck)],
            "hand": len(game.hands),
            "dealer": SEAT_LETTERS[view.dealer if playing and view else session.deals_next],
            "upcard": None,
            "trump": None,
            "maker": None,
            "alone": False,
            "to_act": None,
            "expected": _expected(session, view if playing else None),
            "score": {"NS": ns, "EW": ew},
            "trick": [],
            "last_trick": None,
            "tricks": {"NS": 0, "EW": 0},
            "winner": None if game.winner is None else TEAM_NAMES[game.winner],
            "bids": [],
            "flags": [],
            "calls": [],
            "dealt": [],
            "legal": [],
            "follows": [],
            "last_hand": None,
            "can_start": who == "T" and game.winner is not None,
            "can_deal": False,
            "tricks_seen": 0,
        }
        if view is not None:
            out["flags"] = [flag_dict(f) for f in view.flags]
            out["calls"] = [
                {
                    "seat": SEAT_LETTERS[v.call.seat],
                    "accused": SEAT_LETTERS[v.call.accused],
                    "trick": v.call.trick,
                    "status": v.status,
                    "penalised": v.penalised,
                }
                for v in view.calls
            ]
            k = len(view.winners)
            if view.trick_pos:
                out["trick"] = _trick(trick_cards(view, view.trick))
            if k:
                out["last_trick"] = {
                    "cards": _trick(trick_cards(view, k - 1)),
                    "winner": SEAT_LETTERS[view.winners[k - 1]],
                }
            out["tricks"] = {"NS": view.tricks[0], "EW": view.tricks[1]}
            out["tricks_seen"] = k + (1 if view.trick_pos else 0)
        if playing and view is not None:
            to_act = view.to_act()
            out["upcard"] = CARD_TEXT[view.upcard]
            out["to_act"] = None if to_act is None else SEAT_LETTERS[to_act]
            if view.trump >= 0:
                out["trump"] = SUIT_LETTERS[view.trump]
                out["maker"] = SEAT_LETTERS[view.maker]
                out["alone"] = bool(view.alone)
            out["bids"] = [
                describe(a, view, players).plain
                for a in view.actions
                if not isinstance(a, (A.Play, A.Note))
            ]
            out["dealt"] = [
                s for s in SEAT_LETTERS if parse_seat(s) in view.deal or s in self._own_deals()
            ]
            offered = choices(view, speaker)
            out["legal"] = [c.line for c in offered]
            out["follows"] = [c.line for c in offered if c.follows]
        elif session.pending_deal:
            out["dealt"] = [s for s in SEAT_LETTERS if parse_seat(s) in session.pending_deal]
        done = [h for h in game.hands if h.finished or h.number == session.ended]
        if done:
            out["last_hand"] = hand_line(game, len(done) - 1, players).plain
        if speaker.seat is not None:
            out["my_cards"] = self._my_cards(speaker, view if playing else None)
            out["can_deal"] = game.winner is None and (
                speaker.cards is None
                and (session.hand is None or not session.hand.plays_made(speaker.seat))
            )
        return out

    def _own_deals(self) -> set[str]:
        """The seats that entered their own deal on their phone, in the hand being played."""
        hand = self._recorder().session.hand
        number = hand.number if hand is not None else -1
        return {r.seat for r in self.privates if r.kind == DEAL and r.hand == number}

    def _my_cards(self, speaker: Speaker, view: HandState | None) -> list[str]:
        if speaker.cards is None or speaker.seat is None:
            return []
        if view is None:
            return [CARD_TEXT[c] for c in speaker.cards]
        mask = own_cards(view, speaker.seat, speaker.cards)
        order = [*speaker.cards, view.upcard]
        return [CARD_TEXT[c] for c in _ordered(cards_of(mask), order)]

    # ------------------------------------------------------------------ lines

    def post(self, who: str, line: Any, request_id: Any) -> dict[str, Any]:
        """``POST /api/lines``: apply ``line`` for ``who``; the answer, or ``Refused``."""
        if not isinstance(line, str):
            raise Refused(422, 'the body\'s line must be text, such as "ah" or "p"')
        if request_id is not None and (not isinstance(request_id, str) or not request_id):
            raise Refused(422, "the body's id must be text (a client-chosen id) or left out")
        if request_id is not None and len(request_id) > 100:
            raise Refused(422, "the body's id is longer than 100 characters")
        if len(line) > MAX_LINE:
            raise Refused(422, f"the line is longer than {MAX_LINE} characters")
        if not line.strip():
            raise Refused(422, 'the line is empty: send a token such as "ah" or "p"')
        with self.lock:
            recorder = self._recorder()
            if request_id is not None:
                seen = serving.answered(self.store, recorder.game_id, who, request_id)
                if seen is not None:
                    answer: dict[str, Any] = json.loads(seen.answer)
                    return answer
                refused = self.refusals.get((who, request_id))
                if refused is not None:
                    raise refused
            from ..store.journal import GameMovedOn

            self.refresh()
            for attempt in (1, 2):
                try:
                    return self._apply(who, line, request_id)
                except Refused as exc:
                    if request_id is not None and exc.status in (403, 422):
                        self.refusals[(who, request_id)] = exc
                        while len(self.refusals) > MAX_REFUSALS:
                            self.refusals.popitem(last=False)
                    raise
                except GameMovedOn as exc:
                    self._load_extras()  # the recorder has read the game again
                    if attempt == 2:
                        raise Refused(409, f"{exc}; nothing was stored: tap again") from None
            raise AssertionError("unreachable")  # pragma: no cover

    def _apply(self, who: str, line: str, request_id: str | None) -> dict[str, Any]:
        recorder = self._recorder()
        session = recorder.session
        game_id = recorder.game_id
        speaker = self.speaker(who)
        seat = speaker.seat
        playing = session.hand
        before = self.view(who) if playing is not None else None
        try:
            commands = parse_line(
                line, before, speaker, rules=session.rules, dealer=session.deals_next
            )
        except NotYours as exc:
            raise Refused(403, str(exc)) from None
        except TextError as exc:
            raise Refused(422, str(exc)) from None
        own_pending_undo = False
        for command in commands:
            if isinstance(command, Meta):
                raise Refused(
                    422, f"'{command.word}' is a word for the terminal recorder, not for a phone"
                )
            if isinstance(command, Dealer) and seat is not None and seat != session.deals_next:
                raise Refused(
                    403,
                    f"only the dealer's link or the table's says who deals: {SEAT_LETTERS[session.deals_next]} deals next",
                )
            if isinstance(command, End) and seat is not None:
                raise Refused(403, "only the table's link ends a hand")
            if (
                isinstance(command, Deal)
                and playing is None
                and command.seat in session.pending_deal
            ):
                raise Refused(
                    422, f"'deal': {SEAT_LETTERS[command.seat]}'s deal is entered already"
                )
            if isinstance(command, Undo) and seat is not None:
                own_pending_undo = self._seat_may_undo(who, seat)
        first_hand = before.number if before is not None else len(session.game.hands) + 1
        seen_before = list(before.flags) if before is not None else []
        if own_pending_undo:
            assert seat is not None
            del session.pending_deal[seat]
            return self._quiet(who, request_id, first_hand, seen_before)

        outcome: list[Outcome] = []

        def write(conn: Connection, seq: int, result: Line) -> None:
            rows = self._privates_after(who, commands)
            done = self._answer(who, rows, seq, first_hand, seen_before)
            done["added"], done["undone"] = len(result.added), len(result.undone)
            if request_id is not None:
                serving.remember(conn, game_id, who, request_id, seq, 1, json.dumps(done))
            serving.set_privates(conn, game_id, rows)
            outcome.append(Outcome(rows, done))

        from ..store.journal import GameMovedOn

        finished = self._finished_now()
        try:
            recorder.feed(line, speaker, write)
        except GameMovedOn:
            raise
        except NotYours as exc:
            raise Refused(403, str(exc)) from None
        except TextError as exc:
            # The line was accepted against what this token may see: what refused it is
            # a card another seat entered for itself, which the answer may not name.
            token = f"{exc.token!r}: " if exc.token else ""
            raise Refused(422, f"{token}another seat entered that card") from None
        self._review_ended(finished)
        if not outcome:  # the line stored no entry (a deal typed ahead, say)
            return self._quiet(who, request_id, first_hand, seen_before, commands)
        done = outcome[0]
        self.privates = done.privates
        self.maker = (who, recorder.stored.last_seq)
        return done.answer

    def _seat_may_undo(self, who: str, seat: int) -> bool:
        """Whether a seat's ``undo`` is allowed: its own deal typed ahead (True: the
        table takes back that alone), or its own last entry while no other has been made
        since and its hand is still being played (False: the recorder's undo). Else 403."""
        recorder = self._recorder()
        session = recorder.session
        if session.hand is None and seat in session.pending_deal:
            return True
        maker = self.maker
        if maker is None or maker != (who, recorder.stored.last_seq):
            raise Refused(
                403,
                "undo takes back your own last entry, and only while no other seat has "
                "entered anything since: ask the table's link to undo",
            )
        if session.hand is None:
            raise Refused(
                403,
                "that hand is over and public: only the table's link may undo back into it",
            )
        return False

    def _quiet(
        self,
        who: str,
        request_id: str | None,
        first_hand: int,
        seen_before: list[Flag],
        commands: tuple[Any, ...] = (),
    ) -> dict[str, Any]:
        """A line that stored no journal entry: what it changed is kept (a deal typed
        ahead), with its id, in one transaction."""
        recorder = self._recorder()
        rows = self._privates_after(who, commands)
        self.quiet += 1
        try:
            answer = self._answer(who, rows, recorder.stored.last_seq, first_hand, seen_before)
            answer["added"] = answer["undone"] = 0
            with self.store.writing() as conn:
                serving.set_privates(conn, recorder.game_id, rows)
                if request_id is not None:
                    serving.remember(
                        conn,
                        recorder.game_id,
                        who,
                        request_id,
                        recorder.stored.last_seq,
                        0,
                        json.dumps(answer),
                    )
        except BaseException:
            self.quiet -= 1
            raise
        self.privates = rows
        return answer

    def _privates_after(self, who: str, commands: tuple[Any, ...]) -> list[Private]:
        """The private rows once the line's commands are in the session: what this seat
        entered for itself added, and what the record no longer holds, what a call or a
        claim showed, and every row of a hand that ended, dropped."""
        session = self._recorder().session
        game = session.game
        hand = session.hand
        rows = list(self.privates)
        started = any(isinstance(c, Upcard) for c in commands)
        mine = who != "T"
        for command in commands:
            if isinstance(command, Deal):
                cards = tuple(CARD_TEXT[c] for c in command.cards)
                letter = SEAT_LETTERS[command.seat]
                if hand is None or (started and not _in_hand(hand, command.seat, command.cards)):
                    rows.append(Private(0, letter, PENDING if mine else AHEAD, cards))
                elif mine:
                    rows.append(Private(hand.number, letter, DEAL, cards))
        if started and hand is not None:
            # The deals typed ahead went into the new hand's start.
            moved = [r for r in rows if r.kind in (PENDING, AHEAD) and r.hand == 0]
            rows = [r for r in rows if r not in moved]
            rows += [
                Private(hand.number, r.seat, DEAL, r.cards) for r in moved if r.kind == PENDING
            ]
        if mine and hand is not None:
            for action in hand.actions:
                if (
                    isinstance(action, A.Discard)
                    and action.card is not None
                    and action.seat == parse_seat(who)
                    and any(isinstance(c, A.Discard) for c in commands)
                ):
                    rows.append(Private(hand.number, who, DISCARD, (CARD_TEXT[action.card],)))
        out = []
        current = game.current
        for row in rows:
            if row.kind in (PENDING, AHEAD):
                if hand is None and parse_seat(row.seat) in session.pending_deal:
                    out.append(row)
                continue
            if hand is None or current is None or row.hand != hand.number:
                continue  # the hand ended (it is public now) or was taken back
            seat = parse_seat(row.seat)
            if row.kind == DEAL:
                if hand.deal.get(seat) != _cards(row.cards):
                    continue
                shown = any(
                    (isinstance(a, A.RenegeCall) and a.accused == seat)
                    or (isinstance(a, A.Claim) and a.seat == seat)
                    for a in hand.actions
                )
                if shown:
                    continue  # a call shows the accused's cards; a claim, the claimer's
            if row.kind == DISCARD and not any(
                isinstance(a, A.Discard) and a.card is not None and CARD_TEXT[a.card] in row.cards
                for a in hand.actions
            ):
                continue
            out.append(row)
        return sorted(set(out), key=lambda r: (r.hand, r.seat, r.kind))

    def _answer(
        self,
        who: str,
        rows: list[Private],
        last_seq: int,
        first_hand: int,
        seen_before: list[Flag],
    ) -> dict[str, Any]:
        """The line's answer, as ``record --json`` gives it, filtered for ``who``: its
        flags are those the line added to what ``who`` may see."""
        from ..formats.results import flag_dict

        recorder = self._recorder()
        session = recorder.session
        game = session.game
        kept = self.privates
        self.privates = rows  # the view after the line, with the rows after it
        try:
            flags: list[Flag] = []
            for hand in game.hands:
                if hand.number < first_hand:
                    continue
                if hand is game.current:
                    view = self.view(who)
                    assert view is not None
                else:
                    view = hand
                earlier = seen_before if hand.number == first_hand else []
                flags += [f for f in view.flags if f not in earlier]
            playing = session.hand
            view_now = self.view(who) if playing is not None else None
        finally:
            self.privates = kept
        to_act = playing.to_act() if playing is not None else None
        ns, ew = game.score
        return {
            "line": last_seq + self.quiet,  # the version the line made
            "ok": True,
            "game": recorder.game_id,
            "added": 0,
            "undone": 0,
            "flags": [flag_dict(f) for f in flags],
            "hand": len(game.hands),
            "to_act": None if to_act is None else SEAT_LETTERS[to_act],
            "expected": _expected(session, view_now),
            "score": {"NS": ns, "EW": ew},
            "winner": None if game.winner is None else TEAM_NAMES[game.winner],
            "last_seq": last_seq,
        }

    # ------------------------------------------------------------------ games

    def start(self, who: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /api/games``: the table token starts a game (players, dealer, preset),
        as ``new`` does, or the next one with the same players and links once the game
        it serves is won."""
        import datetime

        from ..engine.limits import MAX_NAME
        from ..engine.rules import PRESETS, Rules, RulesError
        from ..formats.text import clean_name, name_key
        from ..store.games import create_game

        if who != "T":
            raise Refused(403, "only the table's link starts a game")
        with self.lock:
            recorder = self.recorder
            if recorder is not None and recorder.session.game.winner is None:
                raise Refused(
                    409, f"game {recorder.game_id} is still being played: finish it first"
                )
            names = body.get("players")
            if names is None and recorder is not None:
                names = dict(recorder.stored.players)
            if not isinstance(names, dict) or set(names) != set(SEAT_LETTERS):
                raise Refused(
                    422,
                    'players must name the four seats: {"N": ..., "E": ..., "S": ..., "W": ...}',
                )
            players: dict[str, str] = {}
            for seat_letter in SEAT_LETTERS:
                raw = names[seat_letter]
                if not isinstance(raw, str):
                    raise Refused(422, f"the name of {seat_letter} must be text")
                try:
                    name = clean_name(raw, f"the name of {seat_letter}")
                except ValueError as exc:
                    raise Refused(422, str(exc)) from None
                if not name:
                    raise Refused(422, f"give a name for {seat_letter}")
                if len(name) > MAX_NAME:
                    raise Refused(
                        422, f"the name of {seat_letter} is longer than {MAX_NAME} characters"
                    )
                if name_key(name) in {name_key(n) for n in players.values()}:
                    raise Refused(422, f"the name of {seat_letter} is another seat's already")
                players[seat_letter] = name
            dealer_word = body.get("dealer", "N")
            try:
                dealer = parse_seat(dealer_word) if isinstance(dealer_word, str) else None
            except CardError:
                dealer = None
            if dealer is None:
                raise Refused(422, "dealer must be N, E, S or W")
            preset = body.get("preset", "classic")
            if not isinstance(preset, str) or preset not in PRESETS:
                raise Refused(422, f"preset must be one of: {', '.join(PRESETS)}")
            try:
                rules = Rules.build({"preset": preset})
            except RulesError as exc:
                raise Refused(422, str(exc)) from None
            game_id = create_game(
                self.store,
                players,
                rules,
                first_dealer=dealer,
                date=datetime.date.today().isoformat(),
            )
            serving.set_links(self.store, game_id, self.tokens)
            self._open(game_id)
            return self._state(who)


# ---------------------------------------------------------------------- helpers


def _cards(texts: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in texts)


def _in_hand(hand: HandState, seat: Seat, cards: tuple[int, ...]) -> bool:
    return hand.deal.get(seat) == cards


def _ordered(cards: Sequence[int], order: Sequence[int]) -> list[int]:
    """``cards`` in the order of ``order`` (the seat's deal as entered, then the upcard)."""
    rank = {c: i for i, c in enumerate(order)}
    return sorted(cards, key=lambda c: rank.get(c, len(order)))


def _trick(cards: list[tuple[Seat, int]]) -> list[dict[str, str]]:
    return [{"seat": SEAT_LETTERS[s], "card": CARD_TEXT[c]} for s, c in cards]


def _expected(session: Any, view: HandState | None) -> str:
    """What the record waits for, in words, as ``who`` sees it."""
    if view is not None and not view.finished:
        return view.expected()
    if session.game.winner is not None:
        return "the game is over"
    return f"{SEAT_LETTERS[session.deals_next]} deals next: enter the upcard"
