"""A hand replayed as it lay on the table: its setup, then each trick as a diagram.

North sits at the top of each diagram, South at the bottom, West and East at the sides.
A hand is a list of *screens*: the setup (bidding by seat, trump and makers, the discard,
each seat's hand as dealt where it is known), then one screen per trick with its lead,
its winner, the trick count and any flag about it, and the result under the last trick.
``replay --step`` shows one screen at a time; otherwise they print one after the other.
An open-hand review may add ``Marks``: ``?``/``??`` beside the cards that cost a trick,
its sentences under their tricks, and its par line under the setup (``render.review``
makes them; without them a hand is drawn exactly as before).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..engine import actions as A
from ..engine.cards import (
    BENNY,
    EAST,
    EFFECTIVE_SUIT,
    NORTH,
    SEATS,
    SOUTH,
    TEAM_NAMES,
    WEST,
    Seat,
    left_of,
    partner_of,
)
from ..engine.flags import RENEGE, Flag
from ..engine.game import GameState, HandResult
from ..engine.hand import HandState
from ..engine.knowledge import DEALT, DEDUCED, SeatKnowledge, discard_of, knowledge
from ..formats.text import block, visible
from . import cards as rc
from .fit import NARROW, Fields, Fitted
from .tables import FLAG_WORDS
from .words import card_row, label, message, person, suit_words, team_label

ORDER_SENTENCE = {
    "ordered up": "ordered it up",
    "assisted": "assisted",
    "took it up": "took it up",
}
MARKS_WIDTH = len("10♦ (led, wins)")


@dataclass(frozen=True, slots=True)
class Marks:
    """What a review adds to a drawn hand: ``cards`` puts a mark (``?``, ``??``) beside
    the card a seat played to a trick, keyed by (trick 1..5, seat); ``tricks`` are
    sentences shown under a trick (keyed by trick 1..5); ``setup`` lines are shown under
    the deal and the bidding; ``fair`` says the fair review's lines are among them."""

    cards: Mapping[tuple[int, int], str] = field(default_factory=dict)
    tricks: Mapping[int, Sequence[Text]] = field(default_factory=dict)
    setup: Sequence[RenderableType] = ()
    fair: bool = False  # whether the fair review's lines are among them


NO_MARKS = Marks()


@dataclass(frozen=True, slots=True)
class Screen:
    """One step of a replay: which hand, which trick (0 for the setup), and what to draw."""

    hand: int  # the hand's number, from 1
    trick: int  # 0 for the setup, then 1..5
    body: RenderableType
    caption: str  # where this is, for the --step footer: "Hand 2 of 13, trick 3 of 5"


# ---------------------------------------------------------------------------
# Reading a hand's record


def bids(hand: HandState) -> list[tuple[int, int, A.Action]]:
    """(round, seat, action) of every bid, in order; round is 1 or 2."""
    out: list[tuple[int, int, A.Action]] = []
    passes = 0
    for a in hand.actions:
        if isinstance(a, A.Pass):
            out.append((1 if passes < 4 else 2, a.seat, a))
            passes += 1
        elif isinstance(a, A.Order):
            out.append((1, a.seat, a))
        elif isinstance(a, A.Call):
            out.append((2, a.seat, a))
    return out


def bid_words(hand: HandState, action: A.Action) -> Text:
    """``pass``, ``ordered up``, ``named ♠ alone``."""
    if isinstance(action, A.Order):
        return Text(hand.order_words(action.seat) + (" alone" if action.alone else ""))
    if isinstance(action, A.Call):
        out = Text("named ")
        out.append_text(rc.suit(action.suit))
        if action.alone:
            out.append(" alone")
        return out
    return Text("pass", style="dim")


def maker_action(hand: HandState) -> A.Action | None:
    """The action that fixed trump: an order, a call or a blind double loner."""
    for a in reversed(hand.actions):
        if isinstance(a, (A.Order, A.Call, A.BlindDoubleLoner)):
            return a
    return None


def trump_words(hand: HandState) -> str:
    """How the maker fixed trump: ``ordered it up``, ``assisted``, ``named it``..."""
    a = maker_action(hand)
    if isinstance(a, A.Order):
        return ORDER_SENTENCE.get(hand.order_words(a.seat), "ordered it up")
    if isinstance(a, A.BlindDoubleLoner):
        return "declared a blind double loner"
    return "named it"


def picked_up(hand: HandState) -> bool:
    """True when the dealer took the upcard into their hand (a round-one order)."""
    return any(isinstance(a, A.Order) for a in hand.actions)


def upcard_text(c: int) -> Text:
    """``the 9♥``, or ``the Benny``."""
    if c == BENNY:
        return Text("the Benny", style="magenta")
    out = Text("the ")
    out.append_text(rc.card(c))
    return out


def upcard_line(hand: HandState, players: Mapping[str, str]) -> Text | None:
    """What became of the upcard: picked up and what was discarded, or turned down."""
    dealer = person(hand.dealer, players)
    if picked_up(hand):
        line = Text(f"{dealer} picked up ")
        line.append_text(upcard_text(hand.upcard))
        if not any(isinstance(a, A.Discard) for a in hand.actions):
            line.append("; the discard is not recorded yet.")
            return line
        discard, how = discard_of(hand)
        if discard is None:
            line.append(" and discarded a card nobody saw.")
        else:
            line.append(" and discarded ")
            line.append_text(rc.card(discard))
            line.append(" (worked out from the play)." if how == "deduced" else ".")
        return line
    if sum(1 for r, _, a in bids(hand) if r == 1 and isinstance(a, A.Pass)) >= 4:
        line = Text(f"{dealer} turned ")
        line.append_text(upcard_text(hand.upcard))
        line.append(" down.")
        return line
    return None


def stages(hand: HandState) -> dict[int, list[A.Action]]:
    """The actions other than bids and plays, by the trick they followed: -1 before the
    bidding, 0 after it but before the play, k during or after trick k.

    A renege call, penalty or note recorded during or after trick k is shown under it.
    """
    out: dict[int, list[A.Action]] = {}
    size = max(hand.trick_size, 1)
    plays = 0
    bid = False
    for a in hand.actions:
        if isinstance(a, A.Play):
            plays += 1
        elif isinstance(a, (A.Pass, A.Order, A.Call)):
            bid = True
        elif not isinstance(a, (A.Discard, A.DefendAlone, A.BlindDoubleLoner)):
            k = (0 if bid else -1) if plays == 0 else (plays + size - 1) // size
            out.setdefault(k, []).append(a)
    return out


def trick_cards(hand: HandState, k: int) -> list[tuple[Seat, int]]:
    """(seat, card) of trick ``k`` (0-based), in the order they were played."""
    if k >= len(hand.leaders):
        return []
    seat = hand.leaders[k]
    out = []
    for _ in range(4):
        c = hand.cards_at[k * 4 + seat]
        if c >= 0:
            out.append((seat, c))
        seat = left_of(seat)
    return out


def tricks_after(hand: HandState, k: int) -> tuple[int, int]:
    """Tricks won by NS and EW after trick ``k`` (0-based)."""
    won = hand.winners[: k + 1]
    ns = sum(1 for w in won if w & 1 == 0)
    return ns, len(won) - ns


def unrecorded_words(hand: HandState, a: A.Tricks) -> str:
    """``Not recorded card by card: tricks 3 to 5, NS 2 and EW 1``."""
    first = hand.trick + 1
    if first == 1:
        span = "the whole hand"
    elif first == 5:
        span = "trick 5"
    else:
        span = f"tricks {first} to 5"
    return f"Not recorded card by card: {span}, NS {a.ns} and EW {a.ew}"


def action_sentence(hand: HandState, a: A.Action, players: Mapping[str, str]) -> Text:
    """An action that is not a bid or a card played, in words: a renege call, a penalty,
    a note, or a variant's action (the Benny, a farmer's hand, a throw-in...)."""
    if isinstance(a, A.Tricks):
        return Text(unrecorded_words(hand, a) + ".")
    who = person(a.seat, players) if a.seat is not None else "The table"
    out = Text(f"{who} ")
    match a:
        case A.RenegeCall(seat, accused, trick, shown):
            text = (
                f"{person(seat, players)} called a renege on {person(accused, players)} "
                f"for trick {trick}"
            )
            if not shown:
                return Text(text + ".")
            out = Text(text + "; they showed ")
            out.append_text(card_row(shown, hand.trump))
            out.append(".")
        case A.Penalty(_, team, points, reason):
            why = f" ({visible(reason)})" if reason else ""
            return Text(f"Penalty: {TEAM_NAMES[team]} {points:+d}{why}.")
        case A.Note(seat, text):
            said = f"{person(seat, players)}: " if seat is not None else ""
            # The note as written: its cards are not drawn, its lines stay lines, indented.
            return Text(f"Note: {said}" + block(text, " " * len("Note: ")), style="italic")
        case A.BennySuit(_, suit):
            out = Text(f"{who}, the dealer, turned up the Benny and named ")
            out.append_text(suit_words(suit))
            out.append(" as the suit on offer.")
        case A.BlindDoubleLoner():
            out.append("declared a blind double loner: the turned card's suit is trump, alone.")
        case A.Claim(seat):
            left = 5 - hand.trick
            out.append(
                f"showed their cards and claimed the rest: {left} trick"
                f"{'s' if left != 1 else ''} for {team_label(seat & 1, players)}"
            )
            if hand.claimed == seat and not hand.claim_known:
                out.append(" (not every card still held is known, so it was not checked)")
            out.append(".")
        case A.FarmersHand(_, shown, received):
            out.append("called a farmer's hand, giving up ")
            out.append_text(card_row(shown, sort=False))
            out.append(" for ")
            out.append_text(_cards_or(list(received), "cards nobody saw"))
            out.append(".")
        case A.ThrowIn(_, name, shown):
            out.append(f"threw the hand in ({name.replace('-', ' ')}), showing ")
            out.append_text(card_row(shown, sort=False))
            out.append(".")
        case A.PartnersBest(_, gave, received):
            out.append("passed ")
            out.append_text(_cards_or([gave], "a card nobody saw"))
            out.append(" to their partner and got back ")
            out.append_text(_cards_or([received], "a card nobody saw"))
            out.append(".")
        case A.Tricks():  # said above: it has no seat
            raise AssertionError("unreachable")
        case A.Pass() | A.Order() | A.Call() | A.Discard() | A.DefendAlone() | A.Play():
            from .live import describe  # the bids and plays have their own views

            words = describe(a, hand, players, symbols=True)
            words.append(".")
            return words
        case _:
            assert_never(a)
    return out


def _cards_or(cards: Sequence[int | None], unseen: str) -> Text:
    known = [c for c in cards if c is not None]
    return card_row(known, sort=False) if known else Text(unseen)


def exchanged(hand: HandState) -> set[int]:
    """Seats whose cards changed hands before the play (a farmer's hand, partner's best):
    the cards they played are not the cards they were dealt."""
    seats: set[int] = set()
    for a in hand.actions:
        if isinstance(a, A.FarmersHand):
            seats.add(a.seat)
        elif isinstance(a, A.PartnersBest):
            seats.update((a.seat, partner_of(a.seat)))
    return seats


def result_pieces(result: HandResult, players: Mapping[str, str]) -> list[Text]:
    """The sentences of ``result_sentence``: what happened, the points, the score."""
    out = Text()
    outcome = result.outcome
    if outcome == "passed_out":
        out.append("Everyone passed twice: the hand is passed out and the deal moves on.")
    elif outcome == "renege_penalty":
        out.append("A renege call was upheld: the hand's tricks do not count.")
    elif outcome == "thrown_in":
        out.append("The hand was thrown in: no points, and the deal moves on.")
    elif outcome == "incomplete":
        out.append("The record stops here: the hand is not finished.", style="yellow")
    elif result.maker is not None and outcome in ("made", "march", "euchred"):
        who = person(result.maker, players) + (" went alone and" if result.alone else "")
        took = result.tricks[result.maker & 1]
        if outcome == "march":
            out.append(f"{who} marched, taking all 5 tricks.", style="green")
        elif outcome == "made":
            out.append(f"{who} made it with {took} tricks.")
        else:
            s = "" if took == 1 else "s"
            out.append(f"{who} was euchred, taking only {took} trick{s}.", style="yellow")
    else:
        out.append(f"Outcome: {outcome.replace('_', ' ')}.")
    pieces = [out]
    gained = [f"{TEAM_NAMES[t]} {result.points[t]:+d}" for t in (0, 1) if result.points[t]]
    if gained:
        pieces.append(Text(", ".join(gained) + "."))
    ns, ew = result.score_after
    pieces.append(Text(f"Score NS {ns}, EW {ew}.", style="bold"))
    return pieces


def result_sentence(result: HandResult, players: Mapping[str, str]) -> Text:
    """``Ann (North) made it with 3 tricks: NS +1. Score NS 1, EW 0.``"""
    first, *rest = result_pieces(result, players)
    sentence = first.copy()
    for piece in rest:  # each piece a text of one style, the space before it in that style
        sentence.append(" " + piece.plain, style=piece.style)
    return sentence


def result_view(result: HandResult, players: Mapping[str, str]) -> Fields:
    """``result_sentence`` for the terminal: a line breaks between its sentences where it
    can, so that the score is never split (``Score NS\n1, EW 1.``)."""
    return Fields(result_pieces(result, players), sep=" ")


def flag_text(flag: Flag, players: Mapping[str, str]) -> Text:
    """``RENEGE on trick 1: Bob (East) played 9♦ ...``, in red."""
    where = f" on trick {flag.trick}" if flag.trick is not None else ""
    out = Text(FLAG_WORDS.get(flag.kind, flag.kind.upper()) + where + ": ", style="bold red")
    out.append_text(message(sentence(flag.message), players))
    return out


def sentence(text: str) -> str:
    """The text with a full stop at its end."""
    return text if text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------------------
# The setup


def _dealt_cell(hand: HandState, seat: Seat, k: SeatKnowledge, say_how: bool) -> Text:
    trump = hand.trump if hand.trump >= 0 else None
    if k.dealt is not None and k.dealt_how == DEDUCED and seat in exchanged(hand):
        out = card_row(k.dealt, trump)
        out.append("  after the exchange", style="dim")
        return out
    if k.dealt is not None:
        out = card_row(k.dealt, trump)
        if k.unknown_dealt:
            out.append(f" + {k.unknown_dealt} unseen", style="dim")
        if say_how:
            out.append("  recorded" if k.dealt_how == DEALT else "  from the play", style="dim")
        return out
    if not hand.active(seat):
        return Text("sits out", style="dim")
    return Text("not known" if hand.finished else "not known yet", style="dim")


def _setup_stack(
    hand: HandState,
    players: Mapping[str, str],
    rows: Sequence[tuple[int, Sequence[Text], Text | None]],
    heading: str | None,
) -> RenderableType:
    """The bidding and the deal for a narrow screen: a seat a row, its bids on one line
    and its hand as dealt on the next."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column()
    dealt = any(cards is not None for _, _, cards in rows)
    how = (heading or "Hand as dealt").replace("Hand as dealt", "hand as dealt")
    grid.add_row(
        Text("Seat", style="bold"), Text("Bids" + (f"; {how}" if dealt else ""), style="bold")
    )
    for seat, bid_cells, cards in rows:
        name = Text(label(seat, players))
        if seat == hand.dealer:
            name = Group(name, Text("dealer", style="dim"))  # type: ignore[assignment]
        bids_said = [b for b in bid_cells if b.plain]
        line = Text(", ").join(bids_said) if bids_said else Text("-", style="dim")
        grid.add_row(name, line if cards is None else Group(line, cards))
    return grid


def setup_view(
    hand: HandState, players: Mapping[str, str], marks: Marks = NO_MARKS
) -> RenderableType:
    """The deal and the bidding: who dealt, the upcard, each seat's bids and hand as
    dealt, trump and the makers, the discard, any flag about the bidding, and the lines
    a review adds (``marks.setup``)."""
    parts: list[RenderableType] = []
    said = bids(hand)
    round_two = any(r == 2 for r, _, _ in said)
    known = knowledge(hand)
    early = stages(hand).get(-1, [])
    parts.extend(action_sentence(hand, a, players) for a in early)
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold", padding=(0, 2))
    table.add_column("Seat")
    table.add_column("Round one")
    if round_two:
        table.add_column("Round two")
    hows = {k.dealt_how for k in known if k.dealt is not None}
    common = hows.pop() if len(hows) == 1 else None
    heading = {DEALT: "Hand as dealt (recorded)", DEDUCED: "Hand as dealt (from the play)"}
    any_known = any(k.dealt is not None for k in known)
    if any_known:
        table.add_column(heading.get(common or "", "Hand as dealt"))
    rows: list[tuple[int, list[Text], Text | None]] = []
    seat = left_of(hand.dealer)
    for _ in range(4):
        name = Text(label(seat, players))
        if seat == hand.dealer:
            name.append(" (dealer)", style="dim")
        cells: list[Text] = [name]
        for r in (1, 2) if round_two else (1,):
            words = [bid_words(hand, a) for rr, s, a in said if rr == r and s == seat]
            cells.append(words[0] if words else Text(""))
        dealt = _dealt_cell(hand, seat, known[seat], common is None) if any_known else None
        table.add_row(*cells, *(() if dealt is None else (dealt,)))
        rows.append((seat, cells[1:], dealt))
        seat = left_of(seat)
    if said or any_known:
        parts.append(
            Fitted(
                table,
                lambda: _setup_stack(hand, players, rows, heading.get(common or "")),
                whole=("Round one", "Round two", *heading.values(), "Hand as dealt"),
                below=NARROW,
            )
        )

    upcard = upcard_line(hand, players)
    if upcard is not None and not picked_up(hand):
        parts.append(upcard)  # turned down before round two
    if hand.trump >= 0 and hand.maker >= 0:
        line = Text("Trump ")
        line.append_text(suit_words(hand.trump))
        line.append(f": {person(hand.maker, players)} {trump_words(hand)}")
        if hand.alone and not isinstance(maker_action(hand), A.BlindDoubleLoner):
            line.append(" alone", style="bold")
        line.append(f", so {team_label(hand.maker & 1, players)} are the makers")
        if hand.alone:
            line.append(f"; {person(partner_of(hand.maker), players)} sits out")
        line.append(".")
        parts.append(line)
    if upcard is not None and picked_up(hand):
        parts.append(upcard)  # picked up after the order
    if hand.defender >= 0:
        parts.append(
            Text(
                f"{person(hand.defender, players)} defends alone; "
                f"{person(partner_of(hand.defender), players)} sits out."
            )
        )
    if hand.kitty:
        line = Text("Kitty under the upcard: ")
        line.append_text(card_row(hand.kitty, hand.trump if hand.trump >= 0 else None))
        parts.append(line)
    parts.extend(flag_text(f, players) for f in hand.result_flags() if f.trick is None)
    parts.extend(action_sentence(hand, a, players) for a in stages(hand).get(0, []))
    parts.extend(marks.setup)
    return Group(*parts)


# ---------------------------------------------------------------------------
# A trick


def _cell(
    hand: HandState,
    k: int,
    seat: Seat,
    played: dict[Seat, int],
    leader: int | None,
    winner: int | None,
    reneged: set[int],
    players: Mapping[str, str],
    mark: str = "",
) -> Text:
    out = Text(label(seat, players) + "  ")
    if not hand.active(seat):
        out.append("sits out", style="dim")
        return out
    if seat not in played:
        out.append("·", style="dim")
        return out
    out.append_text(rc.card(played[seat]))
    if mark:
        out.append(mark, style="bold yellow")
    marks = []
    if seat == leader:
        marks.append(("led", "dim"))
    if seat == winner:
        marks.append(("wins", "bold green"))
    if seat in reneged:
        marks.append(("renege", "bold red"))
    if marks:
        out.append(" (")
        for i, (word, style) in enumerate(marks):
            if i:
                out.append(", ")
            out.append(word, style=style)
        out.append(")")
    return out


def trick_diagram(
    hand: HandState, k: int, players: Mapping[str, str], marks: Marks = NO_MARKS
) -> Table:
    """Trick ``k`` (0-based) as the table: North at the top, South at the bottom, with a
    review's marks beside the cards."""
    played = dict(trick_cards(hand, k))
    leader = hand.leaders[k] if k < len(hand.leaders) else None
    winner = hand.winners[k] if k < len(hand.winners) else None

    reneged = {
        f.seat for f in hand.flags if f.kind == RENEGE and f.trick == k + 1 and f.seat is not None
    }

    def cell(seat: Seat) -> Text:
        mark = marks.cards.get((k + 1, seat), "")
        return _cell(hand, k, seat, played, leader, winner, reneged, players, mark)

    # Widths from the names alone, so that the table stands still from trick to trick
    # (and room for a review's ?? when the hand has marks).
    extra = 2 if marks.cards else 0

    def width(*seats: int) -> int:
        return max(len(label(s, players)) for s in seats) + 2 + MARKS_WIDTH + extra

    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", min_width=width(3) + 2)
    grid.add_column(justify="left", min_width=width(0, 2))
    grid.add_column(justify="left", min_width=width(1))
    grid.add_row("", cell(NORTH), "")
    grid.add_row(cell(WEST), "", cell(EAST))
    grid.add_row("", cell(SOUTH), "")
    return grid


def trick_list(
    hand: HandState, k: int, players: Mapping[str, str], marks: Marks = NO_MARKS
) -> RenderableType:
    """Trick ``k`` (0-based) as a list for a narrow screen: a seat a line, North first,
    each seat's card with the same words as the diagram."""
    played = dict(trick_cards(hand, k))
    leader = hand.leaders[k] if k < len(hand.leaders) else None
    winner = hand.winners[k] if k < len(hand.winners) else None
    reneged = {
        f.seat for f in hand.flags if f.kind == RENEGE and f.trick == k + 1 and f.seat is not None
    }
    lines = [
        Text("  ").append_text(
            _cell(
                hand,
                k,
                seat,
                played,
                leader,
                winner,
                reneged,
                players,
                marks.cards.get((k + 1, seat), ""),
            )
        )
        for seat in SEATS
    ]
    return Group(*lines)


class TrickLayout:
    """A trick as the table diagram where it fits (and at ``NARROW`` columns or more),
    else as a list: a name too long for the diagram never cuts a card."""

    def __init__(self, hand: HandState, k: int, players: Mapping[str, str], marks: Marks):
        self.args = (hand, k, players, marks)

    def chosen(self, console: Console, options: ConsoleOptions) -> RenderableType:
        """The diagram, or the list when the diagram does not fit the width."""
        if options.max_width >= NARROW:
            diagram = trick_diagram(*self.args)
            if Measurement.get(console, options, diagram).maximum <= options.max_width:
                return diagram
        return trick_list(*self.args)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.chosen(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.chosen(console, options))


def trick_view(
    game: GameState, index: int, k: int, players: Mapping[str, str], marks: Marks = NO_MARKS
) -> RenderableType:
    """Trick ``k`` (0-based) of hand ``index``: who led what, the diagram, who won, the
    trick count, the flags about it, a review's sentences about it, and the result under
    the hand's last trick."""
    hand = game.hands[index]
    parts: list[RenderableType] = []
    head = Text(f"Trick {k + 1}", style="bold")
    cards = trick_cards(hand, k)
    if cards:
        leader, led = cards[0]
        head.append(f": {person(leader, players)} led ")
        head.append_text(rc.card(led))
        if hand.trump >= 0 and EFFECTIVE_SUIT[hand.trump][led] == hand.trump:
            head.append(" (trump)")
    if k < len(hand.winners):
        ns, ew = tricks_after(hand, k)
        head.append(f"; {person(hand.winners[k], players)} won it.")
        head.append(f" Tricks NS {ns}, EW {ew}", style="bold")
    else:
        head.append("; not finished", style="yellow")
    parts.append(head)
    parts.append(TrickLayout(hand, k, players, marks))
    parts.extend(flag_text(f, players) for f in hand.result_flags() if f.trick == k + 1)
    parts.extend(action_sentence(hand, a, players) for a in stages(hand).get(k + 1, []))
    parts.extend(marks.tricks.get(k + 1, ()))
    if k == tricks_shown(hand) - 1:
        parts.append(result_view(game.results()[index], players))
    return Group(*parts)


def tricks_shown(hand: HandState) -> int:
    """How many tricks have at least one card: the trick screens of a hand."""
    return len(hand.leaders)


# ---------------------------------------------------------------------------
# Screens


def hand_title(game: GameState, index: int, players: Mapping[str, str]) -> Text:
    """``Hand 3 of 13 · E Bob deals · trump ♦ by N Ann alone``."""
    hand = game.hands[index]
    out = Text(f"Hand {hand.number} of {len(game.hands)}", style="bold reverse")
    out.append(f"  {label(hand.dealer, players)} deals, upcard ")
    out.append_text(rc.card(hand.upcard))
    if hand.trump >= 0 and hand.maker >= 0:
        out.append(" · trump ")
        out.append_text(rc.suit(hand.trump))
        out.append(f" by {label(hand.maker, players)}")
        if hand.alone:
            out.append(" alone")
    return out


def hand_screens(
    game: GameState, index: int, players: Mapping[str, str], marks: Marks = NO_MARKS
) -> list[Screen]:
    """The setup screen of hand ``index`` (0-based), then one screen per trick."""
    hand = game.hands[index]
    n = len(game.hands)
    title = hand_title(game, index, players)
    tricks = tricks_shown(hand)
    setup: list[RenderableType] = [title, setup_view(hand, players, marks)]
    if not tricks:
        setup.append(result_view(game.results()[index], players))
    screens = [Screen(hand.number, 0, Group(*setup), f"Hand {hand.number} of {n}: the deal")]
    for k in range(tricks):
        screens.append(
            Screen(
                hand.number,
                k + 1,
                Group(title, trick_view(game, index, k, players, marks)),
                f"Hand {hand.number} of {n}, trick {k + 1} of 5",
            )
        )
    return screens


def game_screens(
    game: GameState,
    players: Mapping[str, str],
    hands: Sequence[int] | None = None,
    marks: Mapping[int, Marks] | None = None,
) -> list[Screen]:
    """Every screen of the given hands (0-based indexes; all hands by default), with a
    review's marks by hand index."""
    out: list[Screen] = []
    for index in range(len(game.hands)) if hands is None else hands:
        out.extend(hand_screens(game, index, players, (marks or {}).get(index, NO_MARKS)))
    return out


def hand_view(
    game: GameState, index: int, players: Mapping[str, str], marks: Marks = NO_MARKS
) -> RenderableType:
    """A whole hand at once: the setup and every trick, for printing."""
    hand = game.hands[index]
    parts: list[RenderableType] = [
        hand_title(game, index, players),
        setup_view(hand, players, marks),
    ]
    tricks = tricks_shown(hand)
    for k in range(tricks):
        parts.append(Text(""))
        parts.append(trick_view(game, index, k, players, marks))
    if not tricks:
        parts.append(result_view(game.results()[index], players))
    return Group(*parts)
