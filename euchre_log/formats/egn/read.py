"""Read EGN games (``.egn``) and matches (``.emn``) into euchre-log/1 documents, every deal
played through the engine."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Final

from pydantic import TypeAdapter, ValidationError

from ...engine import actions as A
from ...engine.cards import BENNY, SEAT_LETTERS, SEAT_NAMES
from ...engine.flags import IllegalAction
from ...engine.game import GameState
from ...engine.hand import DISCARD, PLAY, HandState
from ..models import LOG_FORMAT, ActionModel
from ..reader import LogError, engine_action
from ..writer import game_info, hand_dict
from .annotations import alternative_note, split_annotation
from .cards import parse_egn_card
from .notation import DATE_LINE, EGN_FILE_TYPE, EMN_FILE_TYPE, GAME_ID_LINE, RULES_LINE
from .rules import rules_from_egn

_VERSION: Final = re.compile(r"^1\.(\d+)(?:\.\d+)?$")

_CALL_SUITS: Final = {"c": 0, "d": 1, "h": 2, "s": 3}

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

# Fields EGN files carry that do not describe the game: a video's timings and screen layouts.
# EGN's own upgrade tool drops them too.
_PRESENTATION_KEYS: Final = frozenset(
    {"timings", "views", "viewSwitches", "layouts", "screens", "styleSettings"}
)

# The fields of EGN 1.0 to 1.4 (camelCase and 1.0's snake_case), by object.
_FILE_KEYS: Final = (
    frozenset(["fileType", "version", "metadata", "deals", "videoUrl"]) | _PRESENTATION_KEYS
)
_METADATA_KEYS: Final = frozenset(
    [
        "gameId",
        "matchId",
        "match_id",
        "title",
        "description",
        "date",
        "players",
        "initialScore",
        "initial_score",
        "finalScore",
        "ruleset",
        "teamNames",
    ]
)
_DEAL_KEYS: Final = frozenset(
    [
        "dealNumber",
        "initialState",
        "initial_state",
        "phases",
        "alternativeLines",
        "alternative_lines",
    ]
)
_STATE_KEYS: Final = frozenset(
    ["dealer", "upCard", "up_card", "playerCards", "player_cards", "kitty"]
)
_BIDDING_KEYS: Final = frozenset(
    [
        "phaseNumber",
        "phase_number",
        "type",
        "calls",
        "isAlone",
        "is_alone",
        "aloneDefender",
        "alone_defender",
        "discard",
        "cardExchanges",
        "card_exchanges",
        "callAnnotations",
        "calls_annotations",
    ]
)
_PLAY_KEYS: Final = frozenset(
    [
        "phaseNumber",
        "phase_number",
        "type",
        "tricks",
        "isAlone",
        "is_alone",
        "aloneDefender",
        "alone_defender",
        "initialLead",
        "initial_lead",
        "playAnnotations",
        "play_annotations",
        "tricks_annotations",
    ]
)


@dataclass
class _DealExtras:
    """Annotations and analysis of one deal, sorted by where they go."""

    start: list[A.Action] = field(default_factory=list)
    after_call: dict[int, list[A.Action]] = field(default_factory=dict)
    after_defend: list[A.Action] = field(default_factory=list)
    after_discard: list[A.Action] = field(default_factory=list)
    after_exchange: dict[int, list[A.Action]] = field(default_factory=dict)
    after_play: dict[int, list[A.Action]] = field(default_factory=dict)
    kitty: list[int] | None = None
    club_take_up: bool = False


def _pick(obj: Mapping[str, Any], *names: str) -> Any:
    for name in names:
        if name in obj:
            return obj[name]
    return None


class _GameReader:
    """Reads one EGN game (a dict) into a euchre-log/1 document."""

    def __init__(self, egn: Any, fallback_title: str, prefix: str) -> None:
        self.egn = egn
        self.fallback_title = fallback_title
        self.prefix = prefix  # "game 2: " inside a match file

    def fail(self, message: str, hand: int | None = None, action: int | None = None) -> LogError:
        """A ``LogError`` for this game (prefixed with its number inside a match file)."""
        return LogError(self.prefix + message, hand, action)

    def check_keys(
        self, obj: Mapping[str, Any], known: frozenset[str], what: str, n: int | None
    ) -> None:
        """Refuse a field that EGN 1.0 to 1.4 does not have: it could change the game."""
        for key in obj:
            if key not in known:
                raise self.fail(
                    f"{what} has the field {key!r}, which is not part of EGN 1.0 to 1.4; "
                    "euchre-log refuses what it cannot read faithfully",
                    n,
                )

    # -- the file and its metadata

    def read(self, players_override: list[str] | None, more_notes: list[str]) -> dict[str, Any]:
        egn = self.egn
        if not isinstance(egn, dict):
            raise self.fail("this EGN game is not a JSON object")
        if egn.get("fileType") != EGN_FILE_TYPE:
            raise self.fail(
                f"this is not an EGN game (its fileType is {egn.get('fileType')!r}, "
                f"not {EGN_FILE_TYPE!r})"
            )
        version = egn.get("version")
        m = _VERSION.match(version) if isinstance(version, str) else None
        if m is None or int(m.group(1)) > 4:
            raise self.fail(
                f"EGN version {version!r} is not supported: euchre-log reads versions 1.0 to 1.4"
            )
        self.check_keys(egn, _FILE_KEYS, "the file", None)
        meta = egn.get("metadata")
        if not isinstance(meta, dict):
            raise self.fail("the EGN file has no metadata object")
        self.check_keys(meta, _METADATA_KEYS, "the metadata", None)
        notes: list[str] = []
        extra_rules: dict[str, Any] = {}
        date = meta.get("date")
        description = meta.get("description")
        if isinstance(description, str):
            for line in description.split("\n"):
                if line.startswith(RULES_LINE):
                    try:
                        found = json.loads(line[len(RULES_LINE) :])
                    except ValueError:
                        found = None
                    if isinstance(found, dict):
                        extra_rules.update(found)
                        continue
                if line.startswith(DATE_LINE) and not date:
                    date = line[len(DATE_LINE) :]
                    continue
                notes.append(line)
        game_id = _pick(meta, "gameId", "matchId", "match_id")
        if isinstance(game_id, str) and game_id:
            notes.append(GAME_ID_LINE + game_id)
        teams = meta.get("teamNames")
        if isinstance(teams, list) and len(teams) == 2:
            notes.append(f"Teams: {teams[0]} (NS), {teams[1]} (EW)")
        video = egn.get("videoUrl")
        if isinstance(video, str) and video:
            notes.append(f"Video: {video}")
        notes.extend(more_notes)

        players = self.players(meta.get("players"), players_override)
        rules = rules_from_egn(meta.get("ruleset"), extra_rules)
        initial = self.score(_pick(meta, "initialScore", "initial_score"), "initialScore")

        deals = egn.get("deals")
        if not isinstance(deals, list):
            raise self.fail("the EGN file has no list of deals")
        game = GameState(rules, initial)
        hands = [self.deal(game, n, deal) for n, deal in enumerate(deals, start=1)]

        final = meta.get("finalScore")
        if final is not None:
            stated = self.score(final, "finalScore")
            if stated != game.score:
                raise self.fail(
                    f"the file's finalScore is {stated[0]}-{stated[1]}, but the deals as "
                    f"played give NS {game.score[0]}, EW {game.score[1]}"
                )
        title = meta.get("title") if isinstance(meta.get("title"), str) else None
        info = game_info(
            players,
            rules,
            title=title or self.fallback_title or None,
            date=date if isinstance(date, str) else None,
            initial_score=initial,
            notes="\n".join(notes).strip("\n") or None,
        )
        return {"format": LOG_FORMAT, "game": info, "hands": hands}

    def players(self, given: Any, override: list[str] | None) -> dict[str, str]:
        names: list[str] = []
        if override is not None:
            names = override
        elif given is not None:
            if not isinstance(given, list):
                raise self.fail("the EGN players should be a list of names")
            for p in given:
                name = p.get("name") if isinstance(p, dict) else p
                names.append(name.strip() if isinstance(name, str) else "")
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

    def score(self, value: Any, what: str) -> tuple[int, int]:
        if value is None:
            return (0, 0)
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.fail(f"the file's {what} should be two whole numbers, not {value!r}")
        return (value[0], value[1])

    # -- one deal

    def deal(self, game: GameState, n: int, deal: Any) -> dict[str, Any]:
        if isinstance(deal, str):
            raise self.fail(
                f"deal {n} is in EGN's packed binary form; expand it first "
                "(EGN's egn-convert tool can), then read the file again",
                n,
            )
        if not isinstance(deal, dict):
            raise self.fail(f"deal {n} is not a JSON object", n)
        self.check_keys(deal, _DEAL_KEYS, f"deal {n}", n)
        state = _pick(deal, "initialState", "initial_state")
        if not isinstance(state, dict):
            raise self.fail(f"deal {n} has no initialState", n)
        self.check_keys(state, _STATE_KEYS, f"deal {n}'s initialState", n)
        dealer = state.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise self.fail(
                f"deal {n}: the dealer should be a seat from 0 (North) to 3 (West), not {dealer!r}",
                n,
            )
        bidding, play = self.phases(deal.get("phases"), n)
        calls = bidding.get("calls", []) if bidding is not None else []
        if not isinstance(calls, list):
            raise self.fail(f"deal {n}: the calls should be a list", n)
        tricks = play.get("tricks", []) if play is not None else []
        if not isinstance(tricks, list) or not all(isinstance(t, list) for t in tricks):
            raise self.fail(f"deal {n}: the tricks should be a list of lists of cards", n)
        trump = self.trump_of(calls, state, n)

        upcard = self.card(_pick(state, "upCard", "up_card"), trump, f"deal {n}, the upcard", n)
        hands = _pick(state, "playerCards", "player_cards")
        dealt: dict[int, tuple[int, ...]] = {}
        if hands is not None:
            if not isinstance(hands, list) or len(hands) > 4:
                raise self.fail(f"deal {n}: playerCards should be a list of four hands", n)
            for seat, cards in enumerate(hands):
                if not isinstance(cards, list):
                    raise self.fail(f"deal {n}: {SEAT_NAMES[seat]}'s playerCards is not a list", n)
                if all(c == "" for c in cards):
                    continue  # this seat's hand was not recorded
                dealt[seat] = tuple(
                    self.card(c, trump, f"deal {n}, {SEAT_NAMES[seat]}'s dealt cards", n)
                    for c in cards
                )
        kitty: list[int] = []
        raw_kitty = state.get("kitty")
        if raw_kitty is not None:
            if not isinstance(raw_kitty, list):
                raise self.fail(f"deal {n}: the kitty should be a list of cards", n)
            kitty = [self.card(c, trump, f"deal {n}, the kitty", n) for c in raw_kitty if c != ""]

        nplays = sum(len(t) for t in tricks)
        extras = self.extras(deal, bidding, play, len(calls), nplays, n)
        if extras.kitty is not None:
            kitty = extras.kitty

        try:
            hand = game.start_hand(dealer, upcard, deal=dealt or None, kitty=tuple(kitty))
        except IllegalAction as exc:
            raise self.fail(f"deal {n}: {exc}", n) from None
        actions: list[A.Action] = []

        def do(action: A.Action, place: str) -> None:
            try:
                hand.apply(action)
            except IllegalAction as exc:
                raise self.fail(f"deal {n}, {place}: {exc}", n, len(actions)) from None
            actions.append(action)

        def extra(items: list[A.Action], place: str) -> None:
            for item in items:
                do(item, place)

        extra(extras.start, "before the first call")
        alone = bool(bidding.get("isAlone") or bidding.get("is_alone")) if bidding else False
        if play is not None and (play.get("isAlone") or play.get("is_alone")):
            alone = True  # EGN 1.0 kept the flag on the play phase as well
        made = False
        padding = 0
        if extras.club_take_up:
            if calls[:4] != ["Pass", "Pass", "Pass", "Order"]:
                raise self.fail(
                    f"deal {n}: the file marks a club taken up under club euchre, but its "
                    "calls are not three passes and the dealer's Order",
                    n,
                )
            padding = 3  # written only to put the dealer's Order in its place
        for i, call in enumerate(calls):
            if i < padding:
                continue
            seat = (dealer + 1 + i) % 4
            place = f"call {i + 1} ({SEAT_LETTERS[seat]})"
            do(self.call(call, seat, i, alone, place, n), place)
            if not isinstance(actions[-1], A.Pass):
                made = True
            extra(extras.after_call.get(i, []), place)
        if alone and not made and not hand.alone:
            raise self.fail(f"deal {n}: isAlone is set, but nobody named trump", n)

        defender = _pick(bidding or {}, "aloneDefender", "alone_defender")
        if defender is None and play is not None:
            defender = _pick(play, "aloneDefender", "alone_defender")
        if defender is not None and defender != -1:
            if isinstance(defender, bool) or not isinstance(defender, int) or not 0 <= defender < 4:
                raise self.fail(
                    f"deal {n}: aloneDefender should be a seat from 0 to 3 (or -1), "
                    f"not {defender!r}",
                    n,
                )
            do(A.DefendAlone(defender), f"aloneDefender ({SEAT_LETTERS[defender]})")
        extra(extras.after_defend, "after the defender's call")

        discard = bidding.get("discard") if bidding else None
        if hand.phase == DISCARD:
            shown = None
            if isinstance(discard, str) and discard.strip().upper() in ("", "XX"):
                discard = None  # written as unknown: the same as leaving it out
            if discard is not None:
                shown = self.card(discard, trump, f"deal {n}, the discard", n)
            do(A.Discard(hand.dealer, shown), "the discard")
        elif discard is not None:
            shown_card = self.card(discard, trump, f"deal {n}, the discard", n)
            do(A.Discard(hand.dealer, shown_card), "the discard")  # the engine says why not
        extra(extras.after_discard, "after the bidding")
        for exchange in self.exchanges(hand, bidding or {}, n):
            do(exchange, f"cardExchanges ({SEAT_LETTERS[exchange.seat]})")
            extra(extras.after_exchange.pop(exchange.seat, []), "after partner's best")
        for items in extras.after_exchange.values():  # keyed to an exchange that isn't there
            extra(items, "after the bidding")

        self.plays(hand, n, tricks, play, extras, do, trump)
        return hand_dict(hand.dealer, hand.upcard, actions, deal=dealt, kitty=kitty)

    def phases(self, phases: Any, n: int) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        if phases is None:
            return None, None
        if not isinstance(phases, list):
            raise self.fail(f"deal {n}: phases should be a list", n)
        bidding = play = None
        for ph in phases:
            kind = ph.get("type") if isinstance(ph, dict) else None
            if kind == "EUCHRE_BIDDING" and bidding is None:
                bidding = ph
                self.check_keys(ph, _BIDDING_KEYS, f"deal {n}'s bidding", n)
            elif kind in ("TRICK_PLAY", "TRICK_PLAY_PHASE") and play is None:
                play = ph
                self.check_keys(ph, _PLAY_KEYS, f"deal {n}'s trick play", n)
            else:
                raise self.fail(
                    f"deal {n}: a phase of type {kind!r} is not one euchre-log reads "
                    "(each deal has at most one EUCHRE_BIDDING and one TRICK_PLAY phase)",
                    n,
                )
        return bidding, play

    def exchanges(
        self, hand: HandState, bidding: Mapping[str, Any], n: int
    ) -> list[A.PartnersBest]:
        """Partner's best from ``cardExchanges``: one card between a lone player and partner."""
        raw = _pick(bidding, "cardExchanges", "card_exchanges")
        if not raw:
            return []
        if not isinstance(raw, list):
            raise self.fail(f"deal {n}: cardExchanges should be a list", n)
        lone = [s for s in (hand.maker if hand.alone else -1, hand.defender) if s >= 0]
        found: dict[int, list[int | None]] = {}  # lone seat -> [gave, received]
        for i, entry in enumerate(raw, start=1):
            where = f"deal {n}, card exchange {i}"
            sender = entry.get("sender") if isinstance(entry, dict) else None
            receiver = entry.get("receiver") if isinstance(entry, dict) else None
            cards = entry.get("cards") if isinstance(entry, dict) else None
            if not (
                isinstance(sender, int)
                and isinstance(receiver, int)
                and 0 <= sender < 4
                and 0 <= receiver < 4
                and (sender + 2) % 4 == receiver
            ):
                raise self.fail(
                    f"{where}: only partner's best (a card between a lone player and their "
                    "partner) has an equivalent in euchre-log; exchanges with the kitty "
                    "(farmer's hand, going under) do not",
                    n,
                )
            if not isinstance(cards, list) or len(cards) > 1:
                raise self.fail(f"{where}: partner's best passes one card, not {cards!r}", n)
            seat = receiver if receiver in lone else sender
            if seat not in lone:
                raise self.fail(
                    f"{where}: {SEAT_LETTERS[sender]} and {SEAT_LETTERS[receiver]} exchange "
                    "cards, but neither plays alone",
                    n,
                )
            slot = found.setdefault(seat, [None, None])
            if cards:
                c = self.card(cards[0], hand.trump, where, n)
                slot[1 if seat == receiver else 0] = c
        return [A.PartnersBest(seat, gave, got) for seat, (gave, got) in found.items()]

    def trump_of(self, calls: list[Any], state: Mapping[str, Any], n: int) -> int | None:
        """The trump the calls name (for R and L cards), or None; checked again by play."""
        for i, call in enumerate(calls):
            if call == "Order" and i < 4:
                up = _pick(state, "upCard", "up_card")
                if isinstance(up, str) and up.strip() in ("R", "L"):
                    raise self.fail(
                        f"deal {n}: the upcard is written {up!r}, but a bower can only be "
                        "named once trump is known; write the jack itself",
                        n,
                    )
                try:
                    c = parse_egn_card(up)
                except ValueError:
                    return None  # reported when the upcard is read
                return None if c == BENNY else c >> 3
            if isinstance(call, str) and call.lower() in _CALL_SUITS and len(call) == 1:
                return _CALL_SUITS[call.lower()]
        return None

    def card(self, token: Any, trump: int | None, where: str, n: int) -> int:
        try:
            return parse_egn_card(token, trump)
        except ValueError as exc:
            raise self.fail(f"{where}: {exc}", n) from None

    def call(self, call: Any, seat: int, i: int, alone: bool, place: str, n: int) -> A.Action:
        if call == "Pass":
            return A.Pass(seat)
        if call == "Order":
            return A.Order(seat, alone)
        if isinstance(call, str) and len(call) == 1 and call.lower() in _CALL_SUITS:
            return A.Call(seat, _CALL_SUITS[call.lower()], alone)
        if call == "n":
            why = "no-trump bids have no equivalent in euchre-log"
        elif call == "x":
            why = "an unknown call ('x') cannot be checked"
        else:
            why = "EGN's calls are Pass, Order, or a suit: s, h, d, c"
        raise self.fail(f"deal {n}, {place}: {call!r}: {why}", n)

    # -- annotations and analysis

    def extras(
        self,
        deal: Mapping[str, Any],
        bidding: Mapping[str, Any] | None,
        play: Mapping[str, Any] | None,
        ncalls: int,
        nplays: int,
        n: int,
    ) -> _DealExtras:
        out = _DealExtras()

        def place(item: A.Action, after: str | None, step: str, key: int) -> None:
            if after == "deal":
                out.start.append(item)
            elif after == "defend_alone":
                out.after_defend.append(item)
            elif after == "discard":
                out.after_discard.append(item)
            elif after is not None and after.startswith("partners_best "):
                out.after_exchange.setdefault("NESW".index(after[-1]), []).append(item)
            elif step == "call":
                if ncalls == 0:
                    out.start.append(item)
                else:
                    out.after_call.setdefault(min(key, ncalls - 1), []).append(item)
            elif nplays == 0:
                out.after_discard.append(item)
            else:
                out.after_play.setdefault(min(key, nplays - 1), []).append(item)

        for step, phase, names in (
            ("call", bidding, ("callAnnotations", "calls_annotations")),
            ("play", play, ("playAnnotations", "play_annotations", "tricks_annotations")),
        ):
            table = _pick(phase or {}, *names)
            if table is None:
                continue
            if not isinstance(table, dict):
                raise self.fail(f"deal {n}: {names[0]} should be an object", n)
            for key in sorted(table, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0)):
                if not key.isdigit():
                    raise self.fail(
                        f"deal {n}: {names[0]} has the key {key!r}; keys are "
                        f"{step} numbers counted from 0",
                        n,
                    )
                texts = table[key]
                if isinstance(texts, str):
                    texts = [texts]
                if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                    raise self.fail(f"deal {n}: {names[0]}[{key}] should be a list of strings", n)
                for text in texts:
                    if split_annotation(text)[1] == {"clubTakeUp": True}:
                        out.club_take_up = True
                        continue
                    kitty = self.kitty_annotation(text, n, step, int(key))
                    if kitty is not None:
                        out.kitty = kitty
                        continue
                    item, after = self.annotation(text, n, step, int(key))
                    place(item, after, step, int(key))

        lines = _pick(deal, "alternativeLines", "alternative_lines")
        if lines is not None:
            if not isinstance(lines, list):
                raise self.fail(f"deal {n}: alternativeLines should be a list", n)
            for line in lines:
                if not isinstance(line, dict) or not isinstance(line.get("branchIndex"), int):
                    raise self.fail(f"deal {n}: an alternative line has no branchIndex", n)
                b = line["branchIndex"]
                note = A.Note(None, alternative_note(line, ncalls))
                if b <= 0:
                    out.start.append(note)
                elif b < ncalls:
                    out.after_call.setdefault(b - 1, []).append(note)
                elif b == ncalls or nplays == 0:
                    out.after_discard.append(note)
                else:
                    out.after_play.setdefault(min(b - ncalls - 1, nplays - 1), []).append(note)
        return out

    def kitty_annotation(self, text: str, n: int, step: str, key: int) -> list[int] | None:
        """The kitty, when the annotation is one of ours that carries it."""
        _, data = split_annotation(text)
        if data is None or "kitty" not in data or "type" in data:
            return None
        where = f"deal {n}, the annotation on {step} {key}"
        cards = data["kitty"]
        if not isinstance(cards, list):
            raise self.fail(f"{where}: the kitty should be a list of cards", n)
        return [self.card(c, None, f"{where}, the kitty", n) for c in cards]

    def annotation(self, text: str, n: int, step: str, key: int) -> tuple[A.Action, str | None]:
        """The action an annotation stands for, and where it goes (None: at its key)."""
        readable, data = split_annotation(text)
        if data is None:
            return A.Note(None, text), None
        where = f"deal {n}, the annotation on {step} {key}"
        if "alternativeLine" in data:
            return A.Note(None, text), None
        after = data.pop("after", None)
        if after not in (None, *_ANCHORS):
            raise self.fail(f"{where}: {after!r} is not a place in a deal", n)
        kind = data.get("type")
        if kind == "note":
            data["text"] = readable
        if not isinstance(kind, str) or kind in _EGN_NATIVE:
            raise self.fail(
                f"{where}: a euchre-log annotation carries a note, a renege call, a penalty "
                f"or a variant's action, not {kind!r} (EGN records bids, the discard, "
                "defending alone and plays itself)",
                n,
            )
        try:
            model = _ACTION_ADAPTER.validate_python(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = ".".join(str(p) for p in first.get("loc", ())[1:])
            raise self.fail(f"{where}: {loc or 'the action'}: {first.get('msg')}", n) from None
        return engine_action(model), after

    # -- the tricks

    def plays(
        self,
        hand: HandState,
        n: int,
        tricks: list[list[Any]],
        play: Mapping[str, Any] | None,
        extras: _DealExtras,
        do: Callable[[A.Action, str], None],
        trump: int | None,
    ) -> None:
        if len(tricks) > 5:
            raise self.fail(f"deal {n} has {len(tricks)} tricks; a hand has five", n)
        lead = _pick(play or {}, "initialLead", "initial_lead")
        j = 0
        for t, trick in enumerate(tricks):
            if not trick and t == len(tricks) - 1:
                break
            if hand.phase != PLAY:
                raise self.fail(
                    f"deal {n}, trick {t + 1}: cards are played, but {hand.expected()}", n
                )
            size = hand.trick_size
            out = [s for s in range(4) if not hand.active(s)]
            why = (
                f" ({' and '.join(SEAT_LETTERS[s] for s in out)} "
                f"{'sits' if len(out) == 1 else 'sit'} out)"
                if out
                else ""
            )
            if len(trick) > size:
                raise self.fail(
                    f"deal {n}, trick {t + 1} has {len(trick)} cards, but {size} seats "
                    f"play this hand{why}",
                    n,
                )
            if len(trick) < size and t < len(tricks) - 1:
                raise self.fail(
                    f"deal {n}, trick {t + 1} has only {len(trick)} cards, but {size} seats "
                    f"play this hand{why} and another trick follows",
                    n,
                )
            if t == 0 and lead is not None and lead != hand.turn:
                lead_seat = (
                    SEAT_LETTERS[lead] if isinstance(lead, int) and 0 <= lead < 4 else repr(lead)
                )
                raise self.fail(
                    f"deal {n}, trick 1: the file says {lead_seat} leads, but under these "
                    f"rules ({hand.rules.loner_lead.replace('_', ' ')} for a lone hand) "
                    f"{SEAT_LETTERS[hand.turn]} leads",
                    n,
                )
            for k, token in enumerate(trick):
                place = f"trick {t + 1}, card {k + 1}"
                c = self.card(token, trump, f"deal {n}, {place}", n)
                if hand.phase != PLAY:
                    raise self.fail(
                        f"deal {n}, {place}: {token} is played, but {hand.expected()}", n
                    )
                do(A.Play(hand.turn, c), place)
                for item in extras.after_play.get(j, []):
                    do(item, f"after {place}")
                j += 1


def is_egn(data: Any) -> bool:
    """True when a parsed JSON document says it is an EGN game or an EMN match."""
    return isinstance(data, dict) and data.get("fileType") in (EGN_FILE_TYPE, EMN_FILE_TYPE)


def egn_to_logs(data: Any, file: str) -> list[dict[str, Any]]:
    """Convert a parsed EGN game (``.egn``) or EMN match (``.emn``) into euchre-log/1 documents.

    Every deal is played through the engine, so what comes out is checked: an impossible
    play, a card the engine can't place, a file that plays on after the game was won, or a
    stated ``finalScore`` that the play does not give raise ``LogError`` naming the deal
    (counted from 1, like our hands), the call or trick, and what is wrong. ``file`` names
    the file; its stem is the title of a game that has none.
    """
    stem = PurePath(file).stem if file else ""
    if not isinstance(data, dict):
        raise LogError("this is not an EGN file: it is not a JSON object")
    kind = data.get("fileType")
    if kind == EGN_FILE_TYPE:
        return [_GameReader(data, stem, "").read(None, [])]
    if kind != EMN_FILE_TYPE:
        raise LogError(
            f"this is not an EGN or EMN file (its fileType is {kind!r}, not "
            f"{EGN_FILE_TYPE!r} or {EMN_FILE_TYPE!r})"
        )
    version = data.get("version")
    if not isinstance(version, str) or not version.startswith("1."):
        raise LogError(f"EMN version {version!r} is not supported: euchre-log reads EMN 1.x")
    found = data.get("metadata")
    meta: dict[str, Any] = found if isinstance(found, dict) else {}
    registry: dict[str, str] = {}
    for p in meta.get("players") or []:
        if isinstance(p, dict) and isinstance(p.get("id"), str):
            name = p.get("name")
            registry[p["id"]] = name if isinstance(name, str) else p["id"]
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise LogError("the match file holds no games")
    match_title = meta.get("title") if isinstance(meta.get("title"), str) else stem
    out = []
    for k, entry in enumerate(games, start=1):
        prefix = f"game {k}: "
        if not isinstance(entry, dict) or not isinstance(entry.get("gameData"), dict):
            raise LogError(prefix + "the match's game has no gameData")
        ids = _pick(entry, "players", "playersOverride")
        override = None
        if isinstance(ids, list) and len(ids) == 4:
            override = [registry.get(i, i) if isinstance(i, str) else "" for i in ids]
        sub = entry["gameData"].get("metadata")
        sub_title = sub.get("title") if isinstance(sub, dict) else None
        reader = _GameReader(entry["gameData"], sub_title or f"{match_title} game {k}", prefix)
        out.append(reader.read(override, [f"Game {k} of the match {match_title!r}"]))
    return out
