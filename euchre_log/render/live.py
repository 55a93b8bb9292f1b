"""What the recorder shows: the table's state before each prompt, the prompt, and a
sentence for each trick, hand and flag as it happens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ..engine import actions as A
from ..engine.cards import (
    CARD_TEXT,
    EAST,
    NORTH,
    SEAT_LETTERS,
    SEAT_NAMES,
    SEATS,
    SOUTH,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    TEAM_NAMES,
    WEST,
    Seat,
    left_of,
    partner_of,
)
from ..engine.flags import PENDING, UPHELD, CallVerdict, Flag
from ..engine.game import GameState
from ..engine.hand import DISCARD, NAMING, PLAY, ROUND_ONE, ROUND_TWO, HandState
from ..engine.record import Entry, StartHand
from ..formats.text import visible
from ..recorder.grammar import Fed, Session
from . import cards as rc
from .tables import FLAG_WORDS, OUTCOME_WORDS
from .words import seats_named


def who(seat: int, players: Mapping[str, str]) -> str:
    """``E (Bob)``: the name as a view shows it (``visible``)."""
    letter = SEAT_LETTERS[seat]
    name = players.get(letter)
    return f"{letter} ({visible(name)})" if name else SEAT_NAMES[seat]


def describe(
    entry: Entry, hand: HandState | None, players: Mapping[str, str], *, symbols: bool = False
) -> Text:
    """An entry in words: ``E (Bob) played 9C``; cards in canonical form, or as coloured
    symbols with ``symbols``. Names, notes and reasons go in as text, never read for
    cards."""

    def say(*parts: str | Text) -> Text:
        return rc.sentence(*parts, symbols=symbols)

    match entry:
        case StartHand(dealer, upcard):
            return say(Text(who(dealer, players)), f" dealt, turning up {CARD_TEXT[upcard]}")
        case A.Note(by, text):
            note = Text(visible(text))
            return (
                say("note: ", note)
                if by is None
                else say("note by ", Text(who(by, players)), ": ", note)
            )
        case A.Penalty(_, team, points, reason):
            return say(f"penalty: {TEAM_NAMES[team]} {points:+d} (", Text(visible(reason)), ")")
        case A.Tricks(ns, ew):
            return say(f"the rest of the hand without its cards: tricks NS {ns}, EW {ew}")
    seat = Text(who(entry.seat, players))
    match entry:
        case A.Play(_, card):
            return say(seat, f" played {CARD_TEXT[card]}")
        case A.Pass():
            return say(seat, " passed")
        case A.Order(s, alone):
            words = hand.order_words(s) if hand is not None else "ordered up"
            return say(seat, f" {words}" + (" alone" if alone else ""))
        case A.Call(_, suit, alone):
            return say(seat, f" named {SUIT_NAMES[suit]}" + (" alone" if alone else ""))
        case A.Discard(_, card):
            return say(seat, " discarded " + ("(unseen)" if card is None else CARD_TEXT[card]))
        case A.DefendAlone():
            return say(seat, " defended alone")
        case A.Claim():
            return say(seat, " claimed the rest of the tricks")
        case A.RenegeCall(_, accused, trick, shown):
            also = ", who showed " + " ".join(CARD_TEXT[c] for c in shown) if shown else ""
            return say(
                seat,
                " called a renege on ",
                Text(who(accused, players)),
                f" for trick {trick}{also}",
            )
        case A.BennySuit(_, suit):
            return say(seat, f" named {SUIT_NAMES[suit]} for the Benny")
        case A.BlindDoubleLoner():
            return say(seat, " declared a blind double loner")
        case A.FarmersHand(_, shown, received):
            got = " ".join(CARD_TEXT[c] for c in received) or "unseen cards"
            return say(
                seat,
                " called a farmer's hand: " + " ".join(CARD_TEXT[c] for c in shown) + f" for {got}",
            )
        case A.ThrowIn(_, name, shown):
            return say(seat, f" threw in ({name}): " + " ".join(CARD_TEXT[c] for c in shown))
        case A.PartnersBest(_, gave, received):
            g = "?" if gave is None else CARD_TEXT[gave]
            r = "?" if received is None else CARD_TEXT[received]
            return say(seat, f" swapped {g} with their partner for {r}")
        case A.Note() | A.Penalty() | A.Tricks() | StartHand():  # said above
            raise AssertionError("unreachable")
        case _:
            assert_never(entry)


class Flow:
    """Pieces of a line joined by `` · ``, broken between pieces (never inside one) to fit
    the terminal: the status header reads the same at 120 columns and on a phone's 50."""

    def __init__(self, *pieces: Text) -> None:
        self.pieces = [p for p in pieces if p.plain]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for piece in self.pieces:
            if line.plain and len(line.plain) + 3 + len(piece.plain) > width:
                yield line
                line = Text()
            if line.plain:
                line.append(" · ")
            line.append_text(piece)
        if line.plain:
            yield line


def joined(parts: Sequence[Text], between: str = "; ") -> Text:
    """Sentences joined into one line."""
    return Text(between).join(parts)


def _header(session: Session, players: Mapping[str, str]) -> Flow:
    game = session.game
    ns, ew = game.score
    hand = session.hand
    score = Text(f"score NS {ns}, EW {ew}")
    if hand is None:
        return Flow(
            Text(f"Score NS {ns} · EW {ew}", style="bold"), Text(f"playing to {game.rules.target}")
        )
    upcard = Text("upcard ")
    upcard.append_text(rc.card(hand.upcard))
    pieces = [
        Text(f"Hand {hand.number}", style="bold"),
        Text(f"{who(hand.dealer, players)} deals"),
        upcard,
        score,
    ]
    if hand.trump >= 0:
        trump = Text("trump ")
        trump.append_text(rc.suit(hand.trump))
        trump.append(f" by {who(hand.maker, players)}")
        if hand.alone:
            trump.append(" alone", style="bold")
        if hand.defender >= 0:
            trump.append(f", {SEAT_LETTERS[hand.defender]} defends alone")
        pieces += [trump, Text(f"tricks NS {hand.tricks[0]}, EW {hand.tricks[1]}")]
    return Flow(*pieces)


def _bids(hand: HandState, players: Mapping[str, str]) -> Text | None:
    if hand.phase not in (NAMING, ROUND_ONE, ROUND_TWO, DISCARD):
        return None
    said = [
        describe(a, hand, players)
        for a in hand.actions
        if not isinstance(a, (A.Play, A.Note, A.Discard))
    ]
    if not said:
        return None
    out = Text("Bidding: ", style="dim")
    out.append_text(joined(said))
    return out


def trick_cards(hand: HandState, k: int) -> list[tuple[Seat, int]]:
    """(seat, card) of trick ``k`` (0-based) in the order they were played."""
    if k >= len(hand.leaders):
        return []
    leader = hand.leaders[k]
    out, seat = [], leader
    for _ in range(4):
        c = hand.cards_at[k * 4 + seat]
        if c >= 0 and hand.active(seat):
            out.append((seat, c))
        seat = left_of(seat)
    return out


def table_layout(
    hand: HandState, k: int, players: Mapping[str, str], winner: int | None = None
) -> Table:
    """A trick laid out as the table: North at the top, South at the bottom."""
    played = dict(trick_cards(hand, k))
    leader = hand.leaders[k] if k < len(hand.leaders) else None

    def cell(seat: Seat) -> Text:
        t = Text(who(seat, players) + ": ", style="dim" if not hand.active(seat) else "")
        if not hand.active(seat):
            t.append("sits out", style="dim")
        elif seat in played:
            t.append_text(rc.card(played[seat]))
            if seat == leader:
                t.append(" (led)", style="dim")
            if seat == winner:
                t.append(" ◀ wins", style="bold green")
        else:
            t.append("·", style="dim")
        return t

    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="left")
    grid.add_column(justify="center")
    grid.add_column(justify="right")
    grid.add_row("", cell(NORTH), "")
    grid.add_row(cell(WEST), "", cell(EAST))
    grid.add_row("", cell(SOUTH), "")
    return grid


def resume(session: Session, players: Mapping[str, str], *, flags: bool = False) -> list[Text]:
    """Where the hand being played stands, for a recorder that resumes it (and ``show``):
    the bidding, the tricks played so far, the trick on the table, and with ``flags`` the
    flags raised and the renege calls still open."""
    hand = session.game.current if flags else session.hand
    if hand is None:
        return []
    out: list[Text] = []
    said = [
        describe(a, hand, players)
        for a in hand.actions
        if isinstance(a, (A.Pass, A.Order, A.Call, A.BennySuit, A.BlindDoubleLoner, A.Discard))
    ]
    if said:
        line = Text(f"Hand {hand.number}, the bidding: ", style="dim")
        line.append_text(joined(said))
        line.append(".")
        out.append(line)
    out.extend(trick_line(hand, k, players) for k in range(len(hand.winners)))
    if hand.phase == PLAY and hand.trick_pos:
        out.append(trick_so_far(hand, players))
    if flags:
        out.extend(flag_line(f, players) for f in hand.result_flags())
        out.extend(pending_line(v, players) for v in hand.pending_calls())
    return out


def status(session: Session, players: Mapping[str, str]) -> RenderableType:
    """The state a player wants before entering the next thing."""
    parts: list[RenderableType] = [_header(session, players)]
    hand = session.hand
    if hand is not None:
        bids = _bids(hand, players)
        if bids is not None:
            parts.append(bids)
        if hand.phase == PLAY and (hand.trick_pos or hand.trick):
            k = hand.trick if hand.trick_pos else hand.trick - 1
            if hand.trick_pos:
                parts.append(Text(f"Trick {k + 1}:", style="bold"))
                parts.append(table_layout(hand, k, players))
    return Group(*parts)


def prompt(session: Session, players: Mapping[str, str]) -> str:
    """Whose turn it is and what they may do, ending in ``> ``. What it offers is what
    the engine's ``HandState.can`` allows now: the seats that may defend alone, the
    suits that may be named, a pass only where passing is allowed."""
    hand = session.hand
    if hand is None:
        if session.game.winner is not None:
            return "The game is over. undo, note, renege, penalty or quit > "
        dealer = session.dealer_for_next_hand()
        n = len(session.game.hands) + 1
        return f"Hand {n}: {who(dealer, players)} deals. Upcard? > "
    seat = hand.to_act()
    assert seat is not None
    name = who(seat, players)
    if hand.phase == NAMING:
        return f"{name}, dealer: the Benny is up; name the suit on offer (c d h s) > "
    if hand.phase == ROUND_ONE and hand.club_forced:
        return f"{name}, dealer: a club is up; take it up (o, o! alone) > "
    if hand.phase == ROUND_ONE:
        verb = {hand.dealer: "take it up", partner_of(hand.dealer): "assist"}.get(
            seat, "order it up"
        )
        suit = SUIT_SYMBOLS[hand.offered_suit()]
        # Under the Canadian loner the dealer's partner may only assist alone.
        how = "o, o! alone" if hand.can(A.Order(seat, False)) else "o! alone"
        blind = "; blind for a blind double loner" if hand.can(A.BlindDoubleLoner(seat)) else ""
        return f"{name}: pass (p) or {verb} {suit} ({how}{blind}) > "
    if hand.phase == ROUND_TWO:
        banned = SUIT_SYMBOLS[hand.offered_suit()]
        letters = [SUIT_LETTERS[s].lower() for s in SUITS if hand.can(A.Call(seat, s, False))]
        named = f"{' '.join(letters)}, {letters[0]}! alone" if letters else "c d h s"
        if hand.can(A.Pass(seat)):
            return f"{name}: pass (p) or name trump, not {banned} ({named}) > "
        return f"{name}, dealer: stuck, so name trump, not {banned} ({named}) > "
    if hand.phase == DISCARD:
        defend = _defenders(hand)
        extra = f" (or defend {defend} alone)" if defend else ""
        return f"{name}, dealer: discard (a card, or ? if unseen){extra} > "
    return f"{name} to play{_play_hint(hand, seat)} > "


def _defenders(hand: HandState) -> str:
    """``N/S``: the seats that may defend alone now (the lone hand's opponents, where the
    rules allow it), or an empty string."""
    return "/".join(SEAT_LETTERS[s] for s in SEATS if hand.can(A.DefendAlone(s)))


def _play_hint(hand: HandState, seat: Seat) -> str:
    hints = []
    if hand.trick_pos:
        led = hand.led
        hints.append(f"follow {SUIT_SYMBOLS[led]} if able")
        if hand.showed_out(seat, led):
            hints.append(f"showed out of {SUIT_SYMBOLS[led]} already")
    else:
        hints.append("leads")
    if hand.knows_hand(seat):
        from ..engine.cards import CARD_SYMBOLS

        legal = [a.card for a in hand.legal_actions() if isinstance(a, A.Play)]
        hints.append("holds " + " ".join(CARD_SYMBOLS[c] for c in sorted(legal)))
    if not hand.trick and not hand.trick_pos and (defend := _defenders(hand)):
        hints.append(f"or defend {defend} alone first")
    return " (" + "; ".join(hints) + ")"


def flag_line(flag: Flag, players: Mapping[str, str] | None = None) -> Text:
    """``RENEGE on trick 1: E (Bob) played 9♦ on a trump lead...``, in red: the players
    named as every other line names them."""
    where = f" on trick {flag.trick}" if flag.trick is not None else ""
    line = Text(FLAG_WORDS.get(flag.kind, flag.kind.upper()) + where + ": ", style="bold red")
    if players:
        line.append_text(seats_named(flag.message, lambda seat: who(seat, players)))
    else:
        line.append_text(rc.message(flag.message))
    return line


def trick_so_far(hand: HandState, players: Mapping[str, str]) -> Text:
    """``Trick 4 so far: W (Dan) led 9♠, N (Ann) 10♠; E (Bob) to play.``: a trick that a
    line began or added to, said plainly, so that a card typed as the next hand's upcard
    by mistake is seen for what it was stored as."""
    k = hand.trick
    line = Text(f"Trick {k + 1} so far: ", style="bold")
    for n, (seat, c) in enumerate(trick_cards(hand, k)):
        line.append(("" if n == 0 else ", ") + who(seat, players) + (" led " if n == 0 else " "))
        line.append_text(rc.card(c))
    nxt = hand.to_act()
    if nxt is not None:
        line.append(f"; {who(nxt, players)} to play.")
    return line


def trick_line(hand: HandState, k: int, players: Mapping[str, str]) -> Text:
    """``Trick 2: S (Cat) wins. N A♣, E J♣, S ...``."""
    winner = hand.winners[k]
    line = Text(f"Trick {k + 1}: ", style="bold")
    line.append(f"{who(winner, players)} wins", style="green")
    line.append(" —")
    for seat, c in trick_cards(hand, k):
        line.append(f" {SEAT_LETTERS[seat]} ")
        line.append_text(rc.card(c))
    line.append(
        f"  (tricks NS {sum(1 for w in hand.winners[: k + 1] if w & 1 == 0)}, "
        f"EW {sum(1 for w in hand.winners[: k + 1] if w & 1)})"
    )
    return line


def hand_line(game: GameState, index: int, players: Mapping[str, str]) -> Text:
    """The result of a finished hand and the running score."""
    hand = game.hands[index]
    r = game.results()[index]
    line = Text(f"Hand {r.number}: ", style="bold")
    if r.maker is None:
        line.append("passed out.")
    elif r.outcome == "renege_penalty":
        line.append("renege penalty; the hand's tricks do not count.")
    else:
        made = r.tricks[r.maker & 1]
        maker = who(r.maker, players) + (" alone" if r.alone else "")
        verb = {
            "march": "marched, taking all 5 tricks",
            "made": f"made it with {made} tricks",
            "euchred": f"was euchred, taking {made} trick{'s' if made != 1 else ''}",
        }.get(r.outcome, OUTCOME_WORDS.get(r.outcome, r.outcome))
        line.append(f"{maker} {verb}")
        if hand.claimed >= 0:
            claim = f"{SEAT_LETTERS[hand.claimed]} claimed the last {hand.unrecorded}"
            line.append(f" ({claim}{', a bad claim' if hand.claim_known and r.flags else ''}).")
        elif hand.unrecorded == 5:
            line.append(" (without the cards).")
        elif hand.unrecorded:
            line.append(f" (the last {hand.unrecorded} without their cards).")
        else:
            line.append(".")
    gained = [f"{TEAM_NAMES[t]} {r.points[t]:+d}" for t in (0, 1) if r.points[t]]
    if gained:
        line.append(" " + ", ".join(gained) + ".")
    line.append(f" Score NS {r.score_after[0]}, EW {r.score_after[1]}.", style="bold")
    return line


@dataclass(frozen=True, slots=True)
class Marks:
    """Where the game stood before a line: what ``report`` compares with to say what the
    line did."""

    hands: int
    tricks: int  # tricks played in the last hand
    actions: int  # actions in the last hand
    winner: int | None

    @classmethod
    def of(cls, session: Session) -> Marks:
        game = session.game
        last = game.current
        if last is None:
            return cls(0, 0, 0, game.winner)
        return cls(len(game.hands), last.trick, len(last.actions), game.winner)


def call_words(v: CallVerdict, players: Mapping[str, str]) -> str:
    """``N (Ann) called a renege on E (Bob) for trick 1``."""
    a = v.call
    return (
        f"{who(a.seat, players)} called a renege on {who(a.accused, players)} for trick {a.trick}"
    )


def pending_line(v: CallVerdict, players: Mapping[str, str]) -> Text:
    """A call the record does not settle yet. It is judged on the line that proves or
    disproves it (often a later play), and one still open when the hand's record ends is
    unresolved: no penalty."""
    line = Text(call_words(v, players) + ": ", style="bold")
    line.append("not proven yet", style="yellow")
    line.append(
        ": it is judged as soon as the record proves or disproves it, at the latest when "
        "the hand ends."
    )
    return line


def verdict_lines(
    game: GameState, before: Marks, players: Mapping[str, str], shown: set[int]
) -> list[Text]:
    """The renege calls a line made or settled: upheld with the penalty, or not proven yet.

    False calls are flags, said by their flag line. ``shown`` collects the hands whose
    result line was printed, so that it is printed once.
    """
    out: list[Text] = []
    for i in range(max(before.hands - 1, 0), len(game.hands)):
        hand = game.hands[i]
        since = before.actions if i == before.hands - 1 else 0
        for v in hand.calls:
            made_now = v.index >= since
            decided_now = v.decided_at is not None and v.decided_at >= since
            if v.status == PENDING and made_now:
                out.append(pending_line(v, players))
            elif v.status == UPHELD and decided_now:
                line = Text(call_words(v, players) + ": ", style="bold")
                line.append("upheld", style="bold red")
                proof = hand.actions[v.decided_at] if v.decided_at is not None else None
                if v.decided_at != v.index and isinstance(proof, A.Play):
                    line.append(f", now that {who(proof.seat, players)} played ")
                    line.append_text(rc.card(proof.card))
                line.append(".")
                out.append(line)
                if v.penalised and i not in shown:
                    shown.add(i)
                    out.append(hand_line(game, i, players))
                    if not hand.finished:
                        out.append(
                            Text(
                                "The penalty settles the hand: enter the rest of its tricks, "
                                "or end to deal the next hand.",
                                style="dim",
                            )
                        )
    return out


def report(
    before: Marks,
    session: Session,
    added: Sequence[Entry],
    undone: Sequence[Entry],
    fed: Fed,
    players: Mapping[str, str],
) -> list[Text]:
    """Everything a line did, in sentences: what it took back, the tricks and hands it
    finished, the calls and penalties that changed a result, and the flags it raised."""
    out: list[Text] = []
    game = session.game
    # A deal entered after the upcard (or taken back) checks the hand again from its start:
    # its entries are taken back and recorded again, which is no news.
    again = {id(e) for e in undone} & {id(e) for e in added} if fed.dealt else set()
    for entry in undone:
        if id(entry) in again or (fed.dealt and isinstance(entry, StartHand)):
            continue
        took = Text("Took back: ", style="yellow")
        took.append_text(describe(entry, None, players, symbols=True))
        out.append(took)
    for seat, dealt in fed.dealt:
        if dealt is None:
            out.append(Text(f"Took back: {who(seat, players)}'s deal.", style="yellow"))
            continue
        line = Text(f"Dealt to {who(seat, players)}: ", style="bold")
        for k, c in enumerate(dealt):
            line.append(" " if k else "")
            line.append_text(rc.card(c))
        line.append(". The hand is checked again with them.")
        out.append(line)
    # A flag raised and then taken back by an undo on the same line is not news.
    standing = {id(f) for hand in game.hands for f in hand.flags}
    flags = [f for f in fed.flags if id(f) in standing]
    shown: set[int] = set()
    if fed.filled:
        line = Text("Filled in, as the record proves: ", style="cyan")
        for k, play in enumerate(fed.filled):
            line.append(("" if k == 0 else ", ") + f"{SEAT_LETTERS[play.seat]} ")
            line.append_text(rc.card(play.card))
        out.append(line)
    out.extend(narrate(before, session, (), players, fed.hands_finished, shown))
    for entry in added:
        if isinstance(entry, A.Penalty) and game.hands and id(entry) not in again:
            index = len(game.hands) - 1
            said = describe(entry, game.hands[index], players)
            said.append(".")
            said.stylize("bold")
            out.append(said)
            if game.hands[index].finished and index not in shown:
                shown.add(index)
                out.append(hand_line(game, index, players))
    last = game.current
    if (
        last is not None
        and last.phase == PLAY
        and last.trick_pos
        and any(isinstance(e, A.Play) for e in added)
    ):
        out.append(trick_so_far(last, players))
    out.extend(flag_line(f, players) for f in flags)
    out.extend(verdict_lines(game, before, players, shown))
    out.extend(game_over(game, before, players))
    if ("deal" in fed.meta or "dealer" in fed.meta) and session.hand is None:
        out.append(typed_ahead(session, players))
    if "end" in fed.meta and session.ended is not None:
        out.append(
            Text(
                f"Hand {session.ended} stops here: the renege penalty settles it. "
                f"{who(session.dealer_for_next_hand(), players)} deals next.",
                style="bold",
            )
        )
    return out


def typed_ahead(session: Session, players: Mapping[str, str]) -> Text:
    """What a ``deal`` or ``dealer`` line noted for the next hand, which stores it with the
    upcard: ``Noted for hand 3: N (Ann) holds A♥ K♥ Q♥ 10♦ 9♣. Enter the upcard.``"""
    n = len(session.game.hands) + 1
    line = Text(f"Noted for hand {n}: ", style="bold")
    said = []
    if session.pending_dealer is not None:
        said.append(Text(f"{who(session.pending_dealer, players)} deals"))
    for seat, cards in sorted(session.pending_deal.items()):
        part = Text(f"{who(seat, players)} holds ")
        for k, c in enumerate(cards):
            if k:
                part.append(" ")
            part.append_text(rc.card(c))
        said.append(part)
    for k, part in enumerate(said):
        if k:
            line.append("; ")
        line.append_text(part)
    line.append(". Enter the upcard: it is stored with the hand.")
    return line


def game_over(game: GameState, before: Marks, players: Mapping[str, str]) -> list[Text]:
    """``Game over: NS (Ann & Cat) win 10-8.``, said once, on the line that won it."""
    won = game.winner_after()
    if won is None or before.winner is not None:
        return []
    team, at = won
    ns, ew = game.score
    a, b = ("N", "S") if team == 0 else ("E", "W")
    side = f"{TEAM_NAMES[team]} ({visible(players.get(a, a))} & {visible(players.get(b, b))})"
    hand = game.hands[at] if at >= 0 else None
    if hand is not None and not hand.finished:
        return [
            Text(
                f"Game over: {side} reached {game.rules.target} first ({ns}-{ew}), in the "
                f"middle of hand {hand.number}. The rest of that hand may still be recorded, "
                "but it cannot change the winner.",
                style="bold green",
            )
        ]
    mine, theirs = (ns, ew) if team == 0 else (ew, ns)
    return [Text(f"Game over: {side} win {mine}-{theirs}.", style="bold green")]


def narrate(
    before: Marks,
    session: Session,
    flags: Sequence[Flag],
    players: Mapping[str, str],
    finished: Sequence[int],
    shown: set[int] | None = None,
) -> list[Text]:
    """Sentences for what a line did: new hands, finished tricks and hands, flags.

    ``shown`` collects the hands whose result line was printed.
    """
    out: list[Text] = []
    game = session.game
    shown = set() if shown is None else shown
    n_before, t_before = before.hands, before.tricks
    for i in range(max(n_before - 1, 0), len(game.hands)):
        hand = game.hands[i]
        if i >= n_before:
            start = Text(f"Hand {hand.number}: ", style="bold")
            start.append(f"{who(hand.dealer, players)} deals; upcard ")
            start.append_text(rc.card(hand.upcard))
            out.append(start)
        first = t_before if i == n_before - 1 else 0
        for k in range(first, hand.trick):
            out.append(trick_line(hand, k, players))
        settled_before = hand.upheld_call and 0 <= hand.settled_at < before.actions
        if settled_before and i == n_before - 1:
            continue  # its penalty and score were said when the call was upheld
        if hand.finished and (i >= n_before or hand.number in finished) and i not in shown:
            shown.add(i)
            out.append(hand_line(game, i, players))
    out.extend(flag_line(f, players) for f in flags)
    return out


def waiting(session: Session) -> str | None:
    """What was typed ahead of the next hand and waits for its upcard, in words (``deal N
    AH KH QH TD 9C and dealer W (typed ahead of hand 3)``); None when nothing waits."""
    parts = [
        f"deal {SEAT_LETTERS[seat]} " + " ".join(CARD_TEXT[c] for c in cards)
        for seat, cards in sorted(session.pending_deal.items())
    ]
    if session.pending_dealer is not None:
        parts.append(f"dealer {SEAT_LETTERS[session.pending_dealer]}")
    if not parts:
        return None
    said = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    return f"{said} (typed ahead of hand {len(session.game.hands) + 1})"
