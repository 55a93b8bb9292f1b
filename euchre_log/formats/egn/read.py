"""Read EGN games (``.egn``) and matches (``.emn``) into euchre-log/1 documents, every deal
played through the engine.

A file is first validated whole (``shape``): what is read here is of the right shape, and
each deal is then played through the engine, which says what is wrong with the play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Final

from pydantic import TypeAdapter, ValidationError

from ...engine import actions as A
from ...engine.cards import (
    BENNY,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SEAT_LETTERS,
    SEAT_NAMES,
    SEATS,
    SPADES,
    Card,
    Seat,
    Suit,
    suit_of,
)
from ...engine.flags import IllegalAction
from ...engine.game import GameState
from ...engine.hand import DISCARD, PLAY, HandState
from ..models import LOG_FORMAT, ActionModel
from ..reader import LogError, describe_errors, engine_action
from ..writer import game_info, hand_dict
from .annotations import alternative_note, split_annotation, tagged_json
from .cards import parse_egn_card
from .notation import DATE_LINE, EGN_FILE_TYPE, EMN_FILE_TYPE, GAME_ID_LINE, RULES_LINE
from .rules import rules_from_egn
from .shape import (
    TEXT_CHARS,
    TITLE_CHARS,
    TOKEN_CHARS,
    AlternativeLine,
    Bidding,
    Deal,
    EgnGame,
    EmnMatch,
    Metadata,
    Player,
    TrickPlay,
    validate_egn,
)
from .source import check_size
from .words import shown

_CALL_SUITS: Final = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}

# Action types that EGN records in its own fields; every other action travels as an annotation.
_EGN_NATIVE: Final = frozenset(
    {"pass", "order", "call", "discard", "defend_alone", "partners_best", "play"}
)
# Where an annotation of ours may say it goes, besides right after its call or play: after
# the deal (before any call) or after an action that EGN keeps in a field of its own.
_ANCHORS: Final = (
    "deal",
    "defend_alone",
    "discard",
    *(f"partners_best {seat}" for seat in SEAT_LETTERS),
)

_ACTION_ADAPTER: TypeAdapter[Any] = TypeAdapter(ActionModel)


@dataclass
class _DealExtras:
    """Annotations and analysis of one deal, sorted by where they go."""

    ncalls: int
    nplays: int
    start: list[A.Action] = field(default_factory=list)
    after_call: dict[int, list[A.Action]] = field(default_factory=dict)
    after_defend: list[A.Action] = field(default_factory=list)
    after_discard: list[A.Action] = field(default_factory=list)
    after_exchange: dict[int, list[A.Action]] = field(default_factory=dict)
    after_play: dict[int, list[A.Action]] = field(default_factory=dict)
    kitty: list[int] | None = None
    club_take_up: bool = False

    def put(self, item: A.Action, after: str | None, step: str, key: int) -> None:
        """An annotation's action: where it says it goes, or else after its call or play."""
        if after == "deal":
            self.start.append(item)
        elif after == "defend_alone":
            self.after_defend.append(item)
        elif after == "discard":
            self.after_discard.append(item)
        elif after is not None and after.startswith("partners_best "):
            self.after_exchange.setdefault("NESW".index(after[-1]), []).append(item)
        elif step == "call":
            self.after_call_number(key, item)
        else:
            self.after_play_number(key, item)

    def put_line(self, note: A.Note, branch: int) -> None:
        """An analysis line's note, where its branch (a call or play counted from 0) starts."""
        if branch <= 0:
            self.start.append(note)
        elif branch < self.ncalls:
            self.after_call.setdefault(branch - 1, []).append(note)
        elif branch == self.ncalls or self.nplays == 0:
            self.after_discard.append(note)
        else:
            self.after_play_number(branch - self.ncalls - 1, note)

    def after_call_number(self, key: int, item: A.Action) -> None:
        if self.ncalls == 0:
            self.start.append(item)
        else:
            self.after_call.setdefault(min(key, self.ncalls - 1), []).append(item)

    def after_play_number(self, key: int, item: A.Action) -> None:
        if self.nplays == 0:
            self.after_discard.append(item)
        else:
            self.after_play.setdefault(min(key, self.nplays - 1), []).append(item)


class _GameReader:
    """Reads one validated EGN game into a euchre-log/1 document."""

    def __init__(self, egn: EgnGame, fallback_title: str, prefix: str) -> None:
        self.egn = egn
        self.fallback_title = fallback_title
        self.prefix = prefix  # "game 2: " inside a match file

    def fail(self, message: str, hand: int | None = None, action: int | None = None) -> LogError:
        """A ``LogError`` for this game (prefixed with its number inside a match file)."""
        return LogError(self.prefix + message, hand, action)

    def read(self, players_override: list[str] | None, more_notes: list[str]) -> dict[str, Any]:
        meta = self.egn.metadata
        notes, extra_rules, date = self.description(meta)
        notes += self.other_notes(meta)
        notes += more_notes
        players = self.players(meta.players, players_override)
        rules = rules_from_egn(meta.ruleset, extra_rules)
        initial = meta.initial_score or (0, 0)
        game = GameState(rules, initial)
        hands = [
            _DealReader(self, n, deal).read(game) for n, deal in enumerate(self.egn.deals, start=1)
        ]
        self.check_final_score(meta.final_score, game.score)
        info = game_info(
            players,
            rules,
            title=meta.title or self.fallback_title[:TITLE_CHARS] or None,
            date=date,
            initial_score=initial,
            notes=self.joined(notes),
        )
        return {"format": LOG_FORMAT, "game": info, "hands": hands}

    def description(self, meta: Metadata) -> tuple[list[str], dict[str, Any], str | None]:
        """The description's lines as notes, the rule options its rules line carries, and
        the date (from the metadata, or a date line EGN's schema would not take)."""
        notes: list[str] = []
        extra_rules: dict[str, Any] = {}
        date = meta.date
        for line in meta.description.split("\n") if meta.description is not None else ():
            if line.startswith(RULES_LINE):
                found = tagged_json(line[len(RULES_LINE) :])
                if isinstance(found, dict):
                    extra_rules.update(found)
                    continue
            if line.startswith(DATE_LINE) and not date:
                date = line[len(DATE_LINE) :]
                continue
            notes.append(line)
        return notes, extra_rules, date

    def other_notes(self, meta: Metadata) -> list[str]:
        """What else the file says about the game: its id, the teams' names, a video."""
        notes = []
        if meta.game_id:
            notes.append(GAME_ID_LINE + meta.game_id)
        if meta.team_names is not None:
            notes.append(f"Teams: {meta.team_names[0]} (NS), {meta.team_names[1]} (EW)")
        if self.egn.video_url:
            notes.append(f"Video: {self.egn.video_url}")
        return notes

    def joined(self, notes: list[str]) -> str | None:
        text = "\n".join(notes).strip("\n")
        if len(text) > TEXT_CHARS:
            raise self.fail(
                f"the description and the game's other notes (its id, teams, video) come to "
                f"{len(text)} characters; euchre-log keeps at most {TEXT_CHARS}"
            )
        return text or None

    def players(self, given: list[Player] | None, override: list[str] | None) -> dict[str, str]:
        names: list[str] = []
        if override is not None:
            names = override
        elif given is not None:
            names = [p.name or "" for p in given]
        if len(names) > 4:
            raise self.fail(
                f"the EGN file names {len(names)} players; euchre-log records four-player games"
            )
        names = names + [""] * (4 - len(names))
        out = {SEAT_LETTERS[i]: names[i] or f"Player {i}" for i in range(4)}
        seen: dict[str, int] = {}
        for i, name in enumerate(out.values()):
            key = name.casefold()
            if key in seen:
                raise self.fail(
                    f"the EGN file gives {name!r} two seats ({SEAT_NAMES[seen[key]]} and "
                    f"{SEAT_NAMES[i]}); euchre-log needs four different players"
                )
            seen[key] = i
        return out

    def check_final_score(self, stated: tuple[int, int] | None, score: tuple[int, int]) -> None:
        if stated is not None and stated != score:
            raise self.fail(
                f"the file's finalScore is {stated[0]}-{stated[1]}, but the deals as "
                f"played give NS {score[0]}, EW {score[1]}"
            )


class _DealReader:
    """Plays one validated deal through the engine, in the order a table plays it."""

    def __init__(self, game: _GameReader, n: int, deal: Deal) -> None:
        self.game = game
        self.n = n  # the deal's number, from 1: the hand's
        self.deal = deal
        self.bidding: Bidding | None = deal.bidding
        self.play: TrickPlay | None = deal.play
        self.calls: list[str] = self.bidding.calls if self.bidding else []
        self.tricks: list[list[str]] = self.play.tricks if self.play else []
        self.trump: Suit | None = None  # as the calls name it, for R and L cards
        self.actions: list[A.Action] = []
        self.hand: HandState | None = None

    def fail(self, message: str, action: int | None = None) -> LogError:
        return self.game.fail(message, self.n, action)

    # -- the deal

    def read(self, game: GameState) -> dict[str, Any]:
        self.trump = self.trump_of_calls()
        state = self.deal.initial_state
        upcard = self.card(state.up_card, f"deal {self.n}, the upcard")
        dealt = self.dealt_cards()
        extras = self.extras()
        kitty = extras.kitty if extras.kitty is not None else self.kitty_cards()
        try:
            hand = game.start_hand(
                Seat(state.dealer), upcard, deal=dealt or None, kitty=tuple(kitty)
            )
        except IllegalAction as exc:
            raise self.fail(f"deal {self.n}: {exc}") from None
        self.hand = hand
        self.extra(extras.start, "before the first call")
        self.bids(hand, extras)
        self.defend_alone(extras)
        self.discard(hand)
        self.extra(extras.after_discard, "after the bidding")
        self.exchanges(hand, extras)
        self.plays(hand, extras)
        return hand_dict(hand.dealer, hand.upcard, self.actions, deal=dealt, kitty=kitty)

    def do(self, action: A.Action, place: str) -> None:
        assert self.hand is not None
        try:
            self.hand.apply(action)
        except IllegalAction as exc:
            raise self.fail(f"deal {self.n}, {place}: {exc}", len(self.actions)) from None
        self.actions.append(action)

    def extra(self, items: list[A.Action], place: str) -> None:
        for item in items:
            self.do(item, place)

    def card(self, token: Any, where: str) -> Card:
        """A card of the deal (``R`` and ``L`` are the bowers of the trump the calls name)."""
        return self.card_of(token, where, self.trump)

    def card_of(self, token: Any, where: str, trump: Suit | None) -> Card:
        try:
            return parse_egn_card(token, trump)
        except ValueError as exc:
            raise self.fail(f"{where}: {exc}") from None

    # -- what was dealt

    def trump_of_calls(self) -> Suit | None:
        """The trump the calls name (for R and L cards), or None; checked again by play."""
        for i, call in enumerate(self.calls):
            if call == "Order" and i < 4:
                return self.upcard_suit()
            if len(call) == 1 and call.lower() in _CALL_SUITS:
                return _CALL_SUITS[call.lower()]
        return None

    def upcard_suit(self) -> Suit | None:
        up = self.deal.initial_state.up_card
        if up.strip() in ("R", "L"):
            raise self.fail(
                f"deal {self.n}: the upcard is written {up!r}, but a bower can only be "
                "named once trump is known; write the jack itself"
            )
        try:
            c = parse_egn_card(up)
        except ValueError:
            return None  # reported when the upcard is read
        return None if c == BENNY else suit_of(c)

    def dealt_cards(self) -> dict[Seat, tuple[int, ...]]:
        dealt: dict[Seat, tuple[int, ...]] = {}
        for seat, cards in enumerate(self.deal.initial_state.player_cards or ()):
            if all(c == "" for c in cards):
                continue  # this seat's hand was not recorded
            where = f"deal {self.n}, {SEAT_NAMES[seat]}'s dealt cards"
            dealt[SEATS[seat]] = tuple(self.card(c, where) for c in cards)
        return dealt

    def kitty_cards(self) -> list[int]:
        cards = self.deal.initial_state.kitty or ()
        return [self.card(c, f"deal {self.n}, the kitty") for c in cards if c != ""]

    # -- the bidding

    def bids(self, hand: HandState, extras: _DealExtras) -> None:
        alone = bool(self.bidding and self.bidding.is_alone)
        if self.play is not None and self.play.is_alone:
            alone = True  # EGN 1.0 kept the flag on the play phase as well
        made = False
        padding = 0
        if extras.club_take_up:
            if self.calls[:4] != ["Pass", "Pass", "Pass", "Order"]:
                raise self.fail(
                    f"deal {self.n}: the file marks a club taken up under club euchre, but its "
                    "calls are not three passes and the dealer's Order"
                )
            padding = 3  # written only to put the dealer's Order in its place
        for i, call in enumerate(self.calls):
            if i < padding:
                continue
            seat = SEATS[(hand.dealer + 1 + i) % 4]
            place = f"call {i + 1} ({SEAT_LETTERS[seat]})"
            action = self.call(call, seat, alone, place)
            self.do(action, place)
            made = made or not isinstance(action, A.Pass)
            self.extra(extras.after_call.get(i, []), place)
        if alone and not made and not hand.alone:
            raise self.fail(f"deal {self.n}: isAlone is set, but nobody named trump")

    def call(self, call: str, seat: Seat, alone: bool, place: str) -> A.Action:
        if call == "Pass":
            return A.Pass(seat)
        if call == "Order":
            return A.Order(seat, alone)
        if len(call) == 1 and call.lower() in _CALL_SUITS:
            return A.Call(seat, _CALL_SUITS[call.lower()], alone)
        if call == "n":
            why = "no-trump bids have no equivalent in euchre-log"
        elif call == "x":
            why = "an unknown call ('x') cannot be checked"
        else:
            why = "EGN's calls are Pass, Order, or a suit: s, h, d, c"
        raise self.fail(f"deal {self.n}, {place}: {call!r}: {why}")

    def defend_alone(self, extras: _DealExtras) -> None:
        defender = self.bidding.alone_defender if self.bidding else None
        if defender is None and self.play is not None:
            defender = self.play.alone_defender
        if defender is not None and defender != -1:
            self.do(A.DefendAlone(Seat(defender)), f"aloneDefender ({SEAT_LETTERS[defender]})")
        self.extra(extras.after_defend, "after the defender's call")

    def discard(self, hand: HandState) -> None:
        discard = self.bidding.discard if self.bidding else None
        if hand.phase == DISCARD and discard is not None and discard.strip().upper() in ("", "XX"):
            discard = None  # written as unknown: the same as leaving it out
        if hand.phase == DISCARD or discard is not None:
            # Out of turn, the engine says why not.
            shown = None if discard is None else self.card(discard, f"deal {self.n}, the discard")
            self.do(A.Discard(hand.dealer, shown), "the discard")

    def exchanges(self, hand: HandState, extras: _DealExtras) -> None:
        for exchange in self.partners_best(hand):
            self.do(exchange, f"cardExchanges ({SEAT_LETTERS[exchange.seat]})")
            self.extra(extras.after_exchange.pop(exchange.seat, []), "after partner's best")
        for items in extras.after_exchange.values():  # keyed to an exchange that isn't there
            self.extra(items, "after the bidding")

    def partners_best(self, hand: HandState) -> list[A.PartnersBest]:
        """Partner's best from ``cardExchanges``: one card between a lone player and partner."""
        lone = [s for s in (hand.maker if hand.alone else -1, hand.defender) if s >= 0]
        found: dict[int, list[Card | None]] = {}  # lone seat -> [gave, received]
        entries = (self.bidding.card_exchanges if self.bidding else None) or []
        for i, entry in enumerate(entries, start=1):
            where = f"deal {self.n}, card exchange {i}"
            sender, receiver, cards = entry.sender, entry.receiver, entry.cards
            if not (
                sender is not None
                and receiver is not None
                and 0 <= sender < 4
                and 0 <= receiver < 4
                and (sender + 2) % 4 == receiver
            ):
                raise self.fail(
                    f"{where}: only partner's best (a card between a lone player and their "
                    "partner) has an equivalent in euchre-log; exchanges with the kitty "
                    "(farmer's hand, going under) do not"
                )
            if cards is None or len(cards) > 1:
                what = "none" if cards is None else f"{len(cards)} cards"
                raise self.fail(f"{where}: partner's best passes one card, not {what}")
            seat = receiver if receiver in lone else sender
            if seat not in lone:
                raise self.fail(
                    f"{where}: {SEAT_LETTERS[sender]} and {SEAT_LETTERS[receiver]} exchange "
                    "cards, but neither plays alone"
                )
            slot = found.setdefault(seat, [None, None])
            if cards:
                slot[1 if seat == receiver else 0] = self.card_of(cards[0], where, hand.trump)
        return [A.PartnersBest(Seat(seat), gave, got) for seat, (gave, got) in found.items()]

    # -- the tricks

    def plays(self, hand: HandState, extras: _DealExtras) -> None:
        if len(self.tricks) > 5:
            raise self.fail(f"deal {self.n} has {len(self.tricks)} tricks; a hand has five")
        j = 0  # cards played in the deal: annotations are keyed by it
        for t, trick in enumerate(self.tricks):
            last = t == len(self.tricks) - 1
            if not trick and last:
                break
            self.check_trick(hand, t, trick, last)
            for k, token in enumerate(trick):
                place = f"trick {t + 1}, card {k + 1}"
                c = self.card(token, f"deal {self.n}, {place}")
                if hand.phase != PLAY:
                    raise self.fail(
                        f"deal {self.n}, {place}: {token} is played, but {hand.expected()}"
                    )
                self.do(A.Play(hand.turn, c), place)
                self.extra(extras.after_play.get(j, []), f"after {place}")
                j += 1

    def check_trick(self, hand: HandState, t: int, trick: list[str], last: bool) -> None:
        """A trick has a card from each seat that plays, from the seat that leads."""
        if hand.phase != PLAY:
            raise self.fail(
                f"deal {self.n}, trick {t + 1}: cards are played, but {hand.expected()}"
            )
        size = hand.trick_size
        out = [s for s in SEATS if not hand.active(s)]
        why = (
            f" ({' and '.join(SEAT_LETTERS[s] for s in out)} {'sits' if len(out) == 1 else 'sit'} out)"
            if out
            else ""
        )
        if len(trick) > size:
            raise self.fail(
                f"deal {self.n}, trick {t + 1} has {len(trick)} cards, but {size} seats "
                f"play this hand{why}"
            )
        if len(trick) < size and not last:
            raise self.fail(
                f"deal {self.n}, trick {t + 1} has only {len(trick)} cards, but {size} seats "
                f"play this hand{why} and another trick follows"
            )
        lead = self.play.initial_lead if self.play else None
        if t == 0 and lead is not None and lead != hand.turn:
            raise self.fail(
                f"deal {self.n}, trick 1: the file says {SEAT_LETTERS[lead]} leads, but under "
                f"these rules ({hand.rules.loner_lead.replace('_', ' ')} for a lone hand) "
                f"{SEAT_LETTERS[hand.turn]} leads"
            )

    # -- annotations and analysis

    def extras(self) -> _DealExtras:
        out = _DealExtras(len(self.calls), sum(len(t) for t in self.tricks))
        tables = (
            ("call", self.bidding.call_annotations if self.bidding else None),
            ("play", self.play.play_annotations if self.play else None),
        )
        for step, table in tables:
            for key in sorted(table or {}, key=int):
                for text in (table or {})[key]:
                    self.annotation(text, step, int(key), out)
        for i, line in enumerate(self.deal.alternative_lines or (), start=1):
            out.put_line(A.Note(None, self.line_note(line, i)), line.branch_index)
        return out

    def line_note(self, line: AlternativeLine, i: int) -> str:
        text = alternative_note(line, len(self.calls))
        if len(text) > TEXT_CHARS:
            raise self.fail(
                f"deal {self.n}, alternative line {i} is too long to keep as a note: "
                f"{len(text)} characters, and a note holds at most {TEXT_CHARS}"
            )
        return text

    def annotation(self, text: str, step: str, key: int, out: _DealExtras) -> None:
        """Sort one annotation: a marker, the kitty, or an action for its place."""
        readable, data = split_annotation(text)
        where = f"deal {self.n}, the annotation on {step} {key}"
        if data == {"clubTakeUp": True}:
            out.club_take_up = True
        elif data is not None and "kitty" in data and "type" not in data:
            cards = data["kitty"]
            if not isinstance(cards, list) or not all(
                isinstance(c, str) and len(c) <= TOKEN_CHARS for c in cards
            ):
                raise self.fail(f"{where}: the kitty should be a list of cards")
            out.kitty = [self.card_of(c, f"{where}, the kitty", None) for c in cards]
        elif data is None or "alternativeLine" in data:
            out.put(A.Note(None, text), None, step, key)
        else:
            after = data.pop("after", None)
            if after not in (None, *_ANCHORS):
                raise self.fail(f"{where}: {shown(after)} is not a place in a deal")
            out.put(self.tagged_action(readable, data, where), after, step, key)

    def tagged_action(self, readable: str, data: dict[str, Any], where: str) -> A.Action:
        """The action an annotation of ours carries."""
        kind = data.get("type")
        if kind == "note":
            data["text"] = readable
        if not isinstance(kind, str) or kind in _EGN_NATIVE or kind not in A.ACTION_TYPES:
            raise self.fail(
                f"{where}: a euchre-log annotation carries a note, a renege call, a penalty "
                f"or a variant's action, not {shown(kind)} (EGN records bids, the discard, "
                "defending alone and plays itself)"
            )
        try:
            model = _ACTION_ADAPTER.validate_python(data)
        except ValidationError as exc:
            message, _, _ = describe_errors(exc.errors(), within_action=True)
            raise self.fail(f"{where}: {message}") from None
        return engine_action(model)


def is_egn(data: Any) -> bool:
    """True when a parsed JSON document says it is an EGN game or an EMN match."""
    return isinstance(data, dict) and data.get("fileType") in (EGN_FILE_TYPE, EMN_FILE_TYPE)


def _match_to_logs(match: EmnMatch, stem: str) -> list[dict[str, Any]]:
    meta = match.metadata
    registry = {p.id: p.name or p.id for p in meta.players or () if p.id is not None}
    match_title = meta.title if meta.title is not None else stem
    out = []
    for k, entry in enumerate(match.games, start=1):
        override = None
        if entry.player_ids is not None:
            override = [registry.get(i, i) for i in entry.player_ids]
        title = entry.game_data.metadata.title or f"{match_title} game {k}"
        reader = _GameReader(entry.game_data, title, f"game {k}: ")
        out.append(reader.read(override, [f"Game {k} of the match {match_title!r}"]))
    return out


def egn_to_logs(data: Any, file: str) -> list[dict[str, Any]]:
    """Convert a parsed EGN game (``.egn``) or EMN match (``.emn``) into euchre-log/1 documents.

    The file's shape is validated first (``shape``): a field of the wrong type, a list or a
    text too long, a field EGN does not have, all raise ``LogError`` naming the game, the
    deal and the field. Then every deal is played through the engine, so what comes out is
    checked: an impossible play, a card the engine can't place, a file that plays on after
    the game was won, or a stated ``finalScore`` that the play does not give raise
    ``LogError`` naming the deal (counted from 1, like our hands), the call or trick, and
    what is wrong. ``file`` names the file; its stem is the title of a game that has none.
    """
    stem = PurePath(file).stem if file else ""
    check_size(data)
    document = validate_egn(data)
    if isinstance(document, EgnGame):
        return [_GameReader(document, stem, "").read(None, [])]
    return _match_to_logs(document, stem)
