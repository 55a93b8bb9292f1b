"""A game as one self-contained HTML page: the replay people share in a family chat.

``game_html`` turns one or more games into a single page that needs nothing else: its
style sheet and script are inline, it loads no font, image or script, and a Content
Security Policy in the page forbids any request at all, so it works offline from a chat
attachment. The page holds the game's head (title, date, players by seat and partnership,
the rules in words, the result), the score as an inline SVG step chart, the hand-by-hand
table, and every hand drawn as the table: the four seats with their cards (as dealt where
the record shows them, or worked out from the play), the bidding, then trick by trick with
each trick's winner, the flags with their proof in words, notes, renege calls, penalties
and the variants' actions. The sentences are the replay and dispute views' own
(``render.replay``, ``render.explain``), turned into HTML.

Progressive enhancement: without JavaScript (and when printed) the page shows every trick
of every hand one after the other. The script only adds a step control to each hand
(Previous and Next buttons, the arrow keys, the step announced in a live region) and
hides what belongs to the other steps.

Everything a user typed (names, titles, notes, reasons) is data: it is escaped wherever
it goes, and the page embeds no JSON. Cards are text, never pictures: a screen reader
says "ace of hearts", and a suit is always its symbol, never only a colour.

Open-hand review (a hook, filled in elsewhere): ``GamePage.review`` takes a ``Review``,
per-play marks (``?`` gave away a trick, ``??`` the points too, in hindsight...) shown beside
the card in its trick,
and a par sentence per hand shown under the hand. Nothing here judges the play.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape

from rich.text import Text

from .. import __version__
from ..engine import actions as A
from ..engine.cards import (
    BENNY,
    CARD_SYMBOLS,
    EFFECTIVE_SUIT,
    RANK_NAMES,
    SEAT_LETTERS,
    SEAT_NAMES,
    SEATS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Seat,
    cards_of,
    left_of,
    partner_of,
)
from ..engine.flags import FALSE, RENEGE, UPHELD, Flag
from ..engine.game import GameState, HandResult
from ..engine.hand import THROW_IN_RULES, HandState
from ..engine.rules import PRESET_SOURCES, Rules
from ..formats.text import visible
from .explain import renege_proof, verdict
from .replay import (
    action_sentence,
    bid_words,
    bids,
    exchanged,
    maker_action,
    picked_up,
    result_sentence,
    stages,
    trick_cards,
    tricks_after,
    trump_words,
    upcard_line,
)
from .summary import milestones, outcome_line
from .tables import FLAG_WORDS, OUTCOME_WORDS, points_text, score_text, seat_name
from .words import hand_cards, label, message, person, suit_words, team_label

# ---------------------------------------------------------------------------
# The review hook

MARK_WORDS = {
    # The open-hand review's marks say what the card did with every card face up, not a
    # label: "a mistake" is the fair review's word, and the two may differ for one card.
    "??": "gave away a trick and the points, in hindsight",
    "?": "gave away a trick, in hindsight",
    "?!": "a dubious play",
    "!?": "an interesting play",
    "!": "a good play",
    "!!": "an excellent play",
}
"""The marks a review may put beside a play, and what a screen reader says for each."""


@dataclass(frozen=True, slots=True)
class PlayMark:
    """A review's mark beside one play: ``symbol`` from ``MARK_WORDS``, and why, in words."""

    symbol: str
    why: str | None = None

    def __post_init__(self) -> None:
        if self.symbol not in MARK_WORDS:
            raise ValueError(
                f"{self.symbol!r} is not a review mark: the marks are " + ", ".join(MARK_WORDS)
            )


@dataclass(frozen=True, slots=True)
class Review:
    """The reviews of a game, for the export to show (computed elsewhere).

    ``fair`` is keyed as ``marks`` is: the fair review's label of that play (``a
    mistake``) and what would have scored more, in words (``A♠ scores +0.3 on average
    over the 840 ways the other hands could lie``), shown first.

    ``marks`` is keyed by ``(hand number from 1, trick 1..5, seat 0..3)``: the play that
    seat made to that trick gets the mark beside its card. ``par`` is keyed by hand number:
    a sentence shown under that hand, e.g. "Par: NS take 3 tricks with best play (made,
    NS +1); the play lost one." Both are optional and may cover any hands.
    """

    marks: Mapping[tuple[int, int, int], PlayMark] = field(default_factory=dict)
    par: Mapping[int, str] = field(default_factory=dict)
    fair: Mapping[tuple[int, int, int], tuple[str, str]] = field(default_factory=dict)


# ---------------------------------------------------------------------------
# What a page shows


@dataclass(frozen=True, slots=True)
class GamePage:
    """One game of the page, with the facts its log or its row in the store gives."""

    game: GameState
    players: Mapping[str, str]
    title: str | None = None
    date: str | None = None
    notes: str | None = None
    source: str | None = None  # where it comes from, said under the title: "game 2"
    review: Review | None = None


# ---------------------------------------------------------------------------
# Cards and sentences as HTML

SUIT_CLASS = ("sc", "sd", "sh", "ss")
_SYMBOL_CARD = {sym: c for c, sym in enumerate(CARD_SYMBOLS)}
_SUIT_SYMBOL = {sym: s for s, sym in enumerate(SUIT_SYMBOLS)}


def card_words(c: int) -> str:
    """A card as a screen reader should say it: ``nine of hearts``, ``the Benny``."""
    if c == BENNY:
        return "the Benny"
    return f"{RANK_NAMES[c & 7]} of {SUIT_NAMES[c >> 3]}"


def card_html(c: int) -> str:
    """A card as text: ``9♥`` on screen, "nine of hearts" to a screen reader; hearts and
    diamonds red, but the symbol always says the suit."""
    # The commonest markup of the page, so it is written tersely: the second <i> is the
    # visually hidden text (the style sheet's "b>i+i").
    cls = "bj" if c == BENNY else SUIT_CLASS[c >> 3]
    return f"<b class={cls}><i aria-hidden=true>{CARD_SYMBOLS[c]}</i><i>{card_words(c)}</i></b>"


def suit_html(s: int, *, named: bool = False) -> str:
    """A suit's symbol; a screen reader hears its name (unless the name follows anyway)."""
    if named:
        return f'<span class="{SUIT_CLASS[s]}" aria-hidden="true">{SUIT_SYMBOLS[s]}</span>'
    return (
        f'<span class="{SUIT_CLASS[s]}"><i aria-hidden="true">{SUIT_SYMBOLS[s]}</i>'
        f'<i class="sr">{SUIT_NAMES[s]}</i></span>'
    )


def rich_html(text: Text) -> str:
    """A sentence of the terminal views as HTML: escaped text, with its cards and suits
    (the spans ``render.cards`` coloured) as ``card_html`` and ``suit_html``.

    Only a span that is exactly a card or a suit symbol becomes one, so a name that looks
    like a card stays text.
    """
    plain = text.plain
    spans = [(s.start, s.end, str(s.style)) for s in text.spans]
    if text.style:  # a card or a suit on its own: ``render.cards`` styles the whole text
        spans.insert(0, (0, len(plain), str(text.style)))
    pieces: dict[int, tuple[int, str]] = {}
    for start, end, style in spans:
        piece = plain[start:end]
        if start in pieces or not piece:
            continue
        if piece in _SYMBOL_CARD:
            if piece == "BJ" and "magenta" not in style:
                continue
            pieces[start] = (end, card_html(_SYMBOL_CARD[piece]))
        elif piece[:1] in _SUIT_SYMBOL:
            s = _SUIT_SYMBOL[piece[0]]
            rest = piece[1:]
            if not rest:  # a symbol alone; a screen reader hears its name unless it follows
                named = plain.startswith(" " + SUIT_NAMES[s], end)
                pieces[start] = (end, suit_html(s, named=named))
            elif rest == " " + SUIT_NAMES[s]:  # "♥ hearts", as ``suit_words`` gives it
                pieces[start] = (end, suit_html(s, named=True) + escape(rest))
    out: list[str] = []
    pos = 0
    for start in sorted(pieces):
        if start < pos:
            continue
        end, markup = pieces[start]
        out.append(escape(plain[pos:start]))
        out.append(markup)
        pos = end
    out.append(escape(plain[pos:]))
    return "".join(out)


def text_html(value: str) -> str:
    """User text (a note, a title) as HTML: escaped, its line breaks kept."""
    return "<br>".join(escape(line) for line in value.splitlines()) if value else ""


def _attr(value: str) -> str:
    return escape(value, quote=True)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------------------
# The rules in words


def rules_words(rules: Rules) -> tuple[str, list[str]]:
    """A heading for the rules (the preset and its source) and one sentence per rule."""
    if rules.preset:
        source = PRESET_SOURCES[rules.preset]
        head = f"{source[0].upper()}{source[1:]} (the {rules.preset} preset)"
        base = Rules.build({"preset": rules.preset}, check_supported=False)
        if rules != base:
            head += ", with changes"
    else:
        head = "The rules"
    out = [f"Playing to {rules.target} points."]
    out.append(
        {
            24: "A 24-card deck: nines up to aces.",
            25: "A 25-card deck: the Benny (the joker) is the highest trump.",
            32: "A 32-card deck: sevens up to aces.",
        }[rules.deck]
    )
    out.append(
        "Makers score 1 for three or four tricks and 2 for all five (4 alone"
        + (", 8 for a blind double loner" if rules.blind_double_loner else "")
        + "); makers who are euchred give the defenders 2"
        + (" (4 if the defenders take all five: super-euchre)" if rules.super_euchre else "")
        + "."
    )
    if rules.stick_the_dealer:
        out.append("Stick the dealer: if everyone passes twice, the dealer must name trump.")
    else:
        out.append("If everyone passes twice, the hand is passed out and the deal moves on.")
    if rules.defend_alone:
        out.append(
            "An opponent of a lone hand may defend alone, their partner sitting out; "
            f"euchring the lone hand that way scores {rules.defend_alone_points}."
        )
    lead = "the dealer" if rules.loner_lead == "left_of_dealer" else "the lone player"
    out.append(f"Against a lone hand, the player left of {lead} leads.")
    if rules.canadian_loner:
        out.append("Canadian loner: the dealer's partner who orders up must go alone.")
    if rules.club_euchre:
        out.append("Club euchre: a club turned up makes the dealer take it up, with no bidding.")
    if rules.farmers_hand == "three_card":
        out.append(
            "Farmer's hand: a player holding three 9s or three 10s may swap them for the "
            "kitty's hidden cards."
        )
    elif rules.farmers_hand == "five_card":
        out.append(
            "Farmer's hand: a player with no trump may swap the whole hand for the undealt cards."
        )
    if rules.throw_ins:
        names = "; ".join(f"{n.replace('-', ' ')} ({THROW_IN_RULES[n]})" for n in rules.throw_ins)
        out.append(f"These poor hands may be shown and thrown in for a new deal: {names}.")
    if rules.partners_best:
        out.append("Partner's best: a lone player and their partner exchange one card before play.")
    if rules.blind_double_loner:
        out.append(
            "Blind double loner: a lone hand declared before looking, on the turned card, "
            "worth 8 for a march."
        )
    vs_alone = rules.renege_points_vs_alone
    if rules.renege_penalty == "deduct":
        out.append(
            f"An upheld renege costs the guilty side {rules.renege_points} points "
            f"({vs_alone} when the other side went alone)."
        )
    else:
        out.append(
            f"An upheld renege gives the innocent side {rules.renege_points} points "
            f"({vs_alone} when they went alone)."
        )
    return head, out


# ---------------------------------------------------------------------------
# The score chart


def score_chart_svg(
    scores: Sequence[tuple[int, int]],
    target: int,
    *,
    initial: tuple[int, int] = (0, 0),
    labels: tuple[str, str] = ("NS", "EW"),
    ident: str = "chart",
) -> str:
    """The running score as an inline SVG step chart: one step per hand, North-South a
    solid line, East-West a dashed one (each also in its colour), side by side where the
    teams stand level, and the target dotted."""
    ns = [initial[0], *(s[0] for s in scores)]
    ew = [initial[1], *(s[1] for s in scores)]
    n = len(scores)
    top = max(target, *ns, *ew)
    bottom = min(0, *ns, *ew)
    width, height = 480, 250
    left, right, upper, lower = 30, 14, 24, 74
    plot_w, plot_h = width - left - right, height - upper - lower
    span = max(top - bottom, 1)

    def x(i: float) -> float:
        return round(left + plot_w * i / (n + 0.6), 1)

    def y(v: float) -> float:
        return round(upper + plot_h * (top - v) / span, 1)

    def path(series: list[int], dy: float) -> str:
        d = f"M{x(0)} {y(series[0]) + dy:g}"
        for i in range(1, len(series)):
            d += f"H{x(i)}V{y(series[i]) + dy:g}"
        return d + f"H{x(n + 0.6)}"

    every = 1 if span <= 12 else (2 if span <= 24 else 5)
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{ident}-t {ident}-d">',
        f'<title id="{ident}-t">The score, hand by hand</title>',
        f'<desc id="{ident}-d">{escape(labels[0])}: '
        + ", ".join(map(str, ns))
        + f". {escape(labels[1])}: "
        + ", ".join(map(str, ew))
        + f". The target is {target}.</desc>",
    ]
    for v in range(bottom, top + 1):
        if v % every and v not in (target, bottom):
            continue
        parts.append(
            f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y(v)}" y2="{y(v)}"/>'
        )
        parts.append(f'<text class="ax" x="{left - 5}" y="{y(v) + 4}" text-anchor="end">{v}</text>')
    parts.append(
        f'<line class="target" x1="{left}" x2="{width - right}" y1="{y(target)}" y2="{y(target)}"/>'
        f'<text class="ax" x="{left + 4}" y="{y(target) - 5}">target {target}</text>'
    )
    label_every = 1 if n <= 20 else (2 if n <= 40 else 5)
    base = height - lower
    for i in range(0, n + 1):
        if i % label_every == 0:
            parts.append(
                f'<text class="ax" x="{x(i)}" y="{base + 16}" text-anchor="middle">{i}</text>'
            )
    parts.append(
        f'<text class="ax" x="{(left + width - right) / 2:g}" y="{base + 32}" '
        'text-anchor="middle">hand</text>'
    )
    parts.append(f'<path class="ns" d="{path(ns, -1.5)}"/>')
    parts.append(f'<path class="ew" d="{path(ew, 1.5)}"/>')
    ly = base + 48
    parts.append(f'<line class="ns" x1="{left}" x2="{left + 28}" y1="{ly}" y2="{ly}"/>')
    parts.append(f'<text x="{left + 34}" y="{ly + 4}">{escape(labels[0])}</text>')
    parts.append(f'<line class="ew" x1="{left}" x2="{left + 28}" y1="{ly + 18}" y2="{ly + 18}"/>')
    parts.append(f'<text x="{left + 34}" y="{ly + 22}">{escape(labels[1])}</text>')
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------------------
# One game


_STAND_IN = "\ue000{}\ue001"  # private-use characters around a seat letter
_STAND_INS = re.compile("\ue000[NESW]\ue001")


class _Game:
    """One game being drawn: its state, its names and the id prefix of its elements."""

    def __init__(self, page: GamePage, prefix: str, level: int) -> None:
        self.page = page
        self.game = page.game
        self.players = dict(page.players)
        # The sentences of the terminal views get stand-ins for the names, swapped for the
        # escaped names once the sentence is HTML: a player called "JD" stays a name
        # instead of becoming the jack of diamonds where a sentence's cards are marked up.
        self.marked = {
            letter: _STAND_IN.format(letter)
            if person(seat, self.players) != SEAT_NAMES[seat]  # a name, not "North"
            else name
            for seat, letter in enumerate(SEAT_LETTERS)
            if (name := self.players.get(letter))
        }
        self.names = {
            _STAND_IN.format(letter): escape(name) for letter, name in self.players.items()
        }
        self.prefix = prefix
        self.level = level  # the heading level of the game's title
        self.results = self.game.results()
        self.review = page.review or Review()

    def h(self, depth: int, inner: str, attrs: str = "") -> str:
        """A heading ``depth`` levels below the game's title."""
        n = min(self.level + depth, 6)
        return f"<h{n}{attrs}>{inner}</h{n}>"

    def hand_id(self, number: int) -> str:
        return f"{self.prefix}hand-{number}"

    def text(self, text: Text) -> str:
        """A sentence built with ``self.marked`` as HTML, with the real names in it."""
        out = rich_html(text)
        return _STAND_INS.sub(lambda m: self.names[m.group(0)], out) if "\ue000" in out else out


def _head(g: _Game) -> str:
    page, game, players = g.page, g.game, g.players
    title = page.title or page.source or "A game of Euchre"
    out = ['<header class="head">', g.h(0, text_html(title))]
    meta = [escape(x) for x in (page.date, page.source) if x and x != title]
    hands = len(game.hands)
    meta.append(f"{hands} hand" + ("" if hands == 1 else "s"))
    out.append(f'<p class="meta">{" · ".join(meta)}</p>')
    out.append('<dl class="teams">')
    for team, (a, b) in enumerate(((0, 2), (1, 3))):
        out.append(
            f'<div class="t{team}"><dt>{"North-South" if team == 0 else "East-West"}</dt>'
            f"<dd>{escape(person(a, players))} &amp; {escape(person(b, players))}</dd></div>"
        )
    out.append("</dl>")
    if game.hands:
        first = game.hands[0].dealer
        out.append(f'<p class="meta">First dealer: {escape(person(first, players))}.</p>')
    result = outcome_line(game, g.marked)
    out.append(f'<p class="result"><strong>{g.text(result)}</strong></p>')
    moments = milestones(game, g.marked)
    if moments:
        out.append('<ul class="moments">')
        out.extend(f"<li>{g.text(m)}</li>" for m in moments)
        out.append("</ul>")
    if game.initial_score != (0, 0):
        ns, ew = game.initial_score
        out.append(f'<p class="meta">The record starts at NS {ns}, EW {ew}.</p>')
    if page.notes:
        out.append(f'<p class="notes">{text_html(page.notes)}</p>')
    head, rules = rules_words(game.rules)
    out.append('<details class="rules" open>')
    out.append(f"<summary>{escape(head)}</summary><ul>")
    out.extend(f"<li>{escape(r)}</li>" for r in rules)
    out.append("</ul></details>")
    out.append("</header>")
    return "".join(out)


_SHORT_HEADINGS = ("Dealer", "Up", "Trump", "Maker", "", "Tricks", "Result", "Points", "Score")
"""The cells' headings on a phone, after the hand's number ("alone" says itself)."""


def _hand_table(g: _Game) -> str:
    game, players = g.game, g.players
    cols = (
        "Hand",
        "Dealer",
        "Up",
        "Trump",
        "Maker",
        "Alone",
        "Tricks NS-EW",
        "Result",
        "Points",
        "Score NS-EW",
    )
    out = [
        '<section class="summary">',
        g.h(1, "Hand by hand", f' id="{g.prefix}table-h"'),
        f'<div class="scroll" role="region" aria-labelledby="{g.prefix}table-h" tabindex="0">',
        '<table class="hands"><thead><tr>',
    ]
    out.extend(f'<th scope="col">{c}</th>' for c in cols)
    out.append("</tr></thead><tbody>")
    for hand, result in zip(game.hands, g.results, strict=True):
        alone = ""
        if result.alone:
            alone = "alone"
            if result.defender_alone is not None:
                alone += f" v {SEAT_LETTERS[result.defender_alone]}"
        flag = ""
        if result.flags:
            flag = ' <span class="fl" title="flagged">!<span class="sr"> flagged</span></span>'
        outcome = OUTCOME_WORDS.get(result.outcome, result.outcome)
        trump = suit_html(result.trump) if result.trump is not None else "-"
        cells = (
            escape(seat_name(result.dealer, players)),
            card_html(hand.upcard),
            trump,
            escape(seat_name(result.maker, players)),
            alone,
            score_text(result.tricks) if result.trump is not None else "-",
            escape(outcome),
            escape(points_text(result.points)),
            score_text(result.score_after),
        )
        out.append(
            f'<tr class="o-{escape(result.outcome)}">'
            f'<th scope="row"><a href="#{g.hand_id(result.number)}">{result.number}</a>{flag}</th>'
            # Each cell names its column, for the phone's layout: a hand a card, a cell a
            # "heading value" pair (the table's own head is out of sight there).
            + "".join(
                f'<td data-h="{_SHORT_HEADINGS[i]}">{cell}</td>' for i, cell in enumerate(cells)
            )
            + "</tr>"
        )
    out.append("</tbody></table></div>")
    flags = [(r, f) for r in g.results for f in r.flags]
    if flags:
        out.append('<ul class="flags">')
        for r, f in flags:
            where = f"Hand {r.number}" + (f", trick {f.trick}" if f.trick is not None else "")
            out.append(
                f'<li><a href="#{g.hand_id(r.number)}">{where}</a>: '
                f"<strong>{escape(FLAG_WORDS.get(f.kind, f.kind.upper()))}</strong> "
                f"{g.text(message(_sentence(f.message), g.marked))}</li>"
            )
        out.append("</ul>")
    out.append("</section>")
    return "".join(out)


# -- a hand


def _start_cards(hand: HandState, seat: Seat) -> tuple[list[tuple[int, int | None]], int]:
    """The cards the seat held when the play began, as far as the record shows them:
    (card, the trick it was played on or None), and how many cards are not known."""
    played = [(hand.cards_at[t * 4 + seat], t + 1) for t in range(5)]
    known: list[tuple[int, int | None]] = [(c, t) for c, t in played if c >= 0]
    held = set(cards_of(hand.known_cards(seat))) - {c for c, _ in known}
    known.extend((c, None) for c in held)
    return known, max(0, 5 - len(known))


def _seat_how(hand: HandState, seat: Seat, cards: list[tuple[int, int | None]]) -> str:
    """How the seat's cards are known, in a few words."""
    if seat in exchanged(hand) and len(cards) == 5 and all(t for _, t in cards):
        return "after the exchange, from the play"
    deal = set(hand.deal.get(seat, ()))
    dealt = bool(deal) and all(
        c in deal or (c == hand.upcard and seat == hand.dealer) for c, _ in cards
    )
    if dealt:
        return "as dealt (recorded)"
    if any(isinstance(a, A.ThrowIn) and a.seat == seat for a in hand.actions):
        return "shown when the hand was thrown in"
    if len(cards) == 5 and all(t for _, t in cards):
        return "worked out from the play"
    if not cards:
        return ""
    return "as far as the record shows"


def _seat_note(hand: HandState, seat: Seat) -> str:
    """How an active seat's cards are known, or that they are not."""
    cards, _ = _start_cards(hand, seat)
    if not cards:
        return "cards not known" if hand.finished else "cards not known yet"
    return _seat_how(hand, seat, cards)


def _shared_note(hand: HandState) -> str | None:
    """The seats' common ``_seat_note``, said once for the hand instead of per seat."""
    notes = {_seat_note(hand, s) for s in SEATS if hand.active(s)}
    return notes.pop() if len(notes) == 1 else None


def _seat_box(g: _Game, hand: HandState, seat: Seat, shared: str | None) -> str:
    players = g.players
    letter = SEAT_LETTERS[seat]
    roles = []
    if seat == hand.dealer:
        roles.append("dealer")
    if seat == hand.maker:
        roles.append("maker, alone" if hand.alone else "maker")
    if seat == hand.defender:
        roles.append("defends alone")
    active = hand.active(seat)
    if not active:
        roles.append("sits out")
    name = players.get(letter) or SEAT_NAMES[seat]
    who = f'<strong>{escape(name)}</strong> <span class="sn">{SEAT_NAMES[seat]}</span>'
    if roles:
        who += f' <span class="role">{escape(", ".join(roles))}</span>'
    out = [f'<div class="seat {letter.lower()}" data-seat="{letter}">', f'<p class="who">{who}</p>']
    cards, unknown = _start_cards(hand, seat)
    trump = hand.trump if hand.trump >= 0 else None
    if not active and not cards:
        out.append("</div>")
        return "".join(out)
    if cards:
        order = hand_cards([c for c, _ in cards], trump)
        when = dict(cards)
        items = []
        for c in order:
            t = when[c]
            up = seat == hand.dealer and c == hand.upcard and picked_up(hand)
            attrs = f' data-t="{t}"' if t else ""
            if up:
                attrs += ' class="up"'
            extra = ' <i class="tag">up<i class="sr">card, picked up</i></i>' if up else ""
            items.append(f"<li{attrs}>{card_html(c)}{extra}</li>")
        if active and unknown and unknown < 5:
            items.extend(
                '<li class="u"><i aria-hidden="true">?</i><i class="sr">a card not seen</i></li>'
                for _ in range(unknown)
            )
        out.append('<ul class="cards">' + "".join(items) + "</ul>")
    notes = []
    if active:
        how = _seat_note(hand, seat)
        if how and how != shared:
            notes.append(how)
        if len(cards) > 5:
            notes.append("one of these may be the card discarded unseen")
    if notes:
        out.append(f'<p class="how">{escape("; ".join(notes))}</p>')
    out.append("</div>")
    return "".join(out)


def _mid(hand: HandState, players: Mapping[str, str]) -> str:
    """The middle of the table at the deal: the upcard, and what became of it."""
    out = [
        '<div class="mid"><p class="lbl">Upcard</p>',
        f'<p class="upc">{card_html(hand.upcard)}</p>',
    ]
    if picked_up(hand):
        out.append(f'<p class="lbl">picked up by {escape(person(hand.dealer, players))}</p>')
    elif sum(1 for r, _, a in bids(hand) if r == 1 and isinstance(a, A.Pass)) >= 4:
        out.append('<p class="lbl">turned down</p>')
    out.append("</div>")
    return "".join(out)


def _bidding(hand: HandState, players: Mapping[str, str]) -> str:
    said = bids(hand)
    if not said:
        return ""
    two = any(r == 2 for r, _, _ in said)
    out = ['<table class="bids"><thead><tr><th scope="col">Seat</th><th scope="col">Round one</th>']
    if two:
        out.append('<th scope="col">Round two</th>')
    out.append("</tr></thead><tbody>")
    seat = left_of(hand.dealer)
    for _ in range(4):
        name = escape(label(seat, players)) + (" (dealer)" if seat == hand.dealer else "")
        cells = []
        for r in (1, 2) if two else (1,):
            words = [bid_words(hand, a) for rr, s, a in said if rr == r and s == seat]
            cells.append(
                f'<td class="{"ps" if words and words[0].plain == "pass" else "bd"}">'
                f"{rich_html(words[0]) if words else ''}</td>"
            )
        out.append(f'<tr><th scope="row">{name}</th>{"".join(cells)}</tr>')
        seat = left_of(seat)
    out.append("</tbody></table>")
    return "".join(out)


def _flag_html(g: _Game, hand: HandState, flag: Flag) -> str:
    """A flag with its proof in words: the dispute view's sentence for a renege, the
    engine's own for the rest."""
    words = FLAG_WORDS.get(flag.kind, flag.kind.replace("_", " ").upper())
    where = f" on trick {flag.trick}" if flag.trick is not None else ""
    if flag.kind == RENEGE:
        body = g.text(renege_proof(hand, flag, g.marked))
    else:
        body = g.text(message(_sentence(flag.message), g.marked))
    return (
        f'<p class="flag"><strong><span aria-hidden="true">⚑ </span>{escape(words)}{where}:'
        f"</strong> {body}</p>"
    )


def _call_verdict(hand: HandState, a: A.RenegeCall) -> str:
    """What became of a renege call: upheld, false, or not proven by the record."""
    for v in hand.calls:
        if v.call is not a:
            continue
        if v.status == UPHELD:
            if v.penalised:
                return "The call was upheld: the renege penalty replaces the hand's score."
            return "The call was upheld (the penalty was already applied)."
        if v.status == FALSE:
            return "The call was false (see the flag on that trick)."
        return "Nothing recorded proves or disproves it: no penalty."
    return ""


def _action_html(g: _Game, hand: HandState, a: A.Action) -> str:
    """A note, renege call, penalty or variant action as a paragraph."""
    body = g.text(action_sentence(hand, a, g.marked))
    if isinstance(a, A.Note):
        return f'<p class="note">{body}</p>'
    if isinstance(a, A.RenegeCall):
        said = _call_verdict(hand, a)
        return f'<p class="call">{body}{" " + escape(said) if said else ""}</p>'
    if isinstance(a, A.Penalty):
        return f'<p class="pen">{body}</p>'
    return f'<p class="var">{body}</p>'


def _deal_block(g: _Game, index: int, shared: str | None) -> str:
    """The deal and the bidding: what the replay's first screen says, as HTML."""
    hand = g.game.hands[index]
    players = g.players
    out = ['<div class="deal">', g.h(2, "The deal and the bidding")]
    if shared:
        out.append(f'<p class="how">Every player\'s cards: {escape(shared)}.</p>')
    staged = stages(hand)
    marked = g.marked
    out.extend(_action_html(g, hand, a) for a in staged.get(-1, []))
    out.append(_bidding(hand, players))
    upcard = upcard_line(hand, marked)
    if upcard is not None and not picked_up(hand):
        out.append(f"<p>{g.text(upcard)}</p>")
    if hand.trump >= 0 and hand.maker >= 0:
        line = Text("Trump ")
        line.append_text(suit_words(hand.trump))
        line.append(f": {person(hand.maker, marked)} {trump_words(hand)}")
        if hand.alone and not isinstance(maker_action(hand), A.BlindDoubleLoner):
            line.append(" alone")
        line.append(f", so {team_label(hand.maker & 1, marked)} are the makers")
        if hand.alone:
            line.append(f"; {person(partner_of(hand.maker), marked)} sits out")
        line.append(".")
        out.append(f'<p class="trump">{g.text(line)}</p>')
    if upcard is not None and picked_up(hand):
        out.append(f"<p>{g.text(upcard)}</p>")
    if hand.defender >= 0:
        out.append(
            f"<p>{escape(person(hand.defender, players))} defends alone; "
            f"{escape(person(partner_of(hand.defender), players))} sits out.</p>"
        )
    if hand.kitty:
        trump = hand.trump if hand.trump >= 0 else None
        kitty = " ".join(card_html(c) for c in hand_cards(hand.kitty, trump))
        out.append(f"<p>Kitty under the upcard: {kitty}</p>")
    out.extend(_flag_html(g, hand, f) for f in hand.result_flags() if f.trick is None)
    out.extend(_action_html(g, hand, a) for a in staged.get(0, []))
    if not hand.leaders:
        out.append(_result_html(g, index))
    out.append("</div>")
    return "".join(out)


def _result_html(g: _Game, index: int) -> str:
    result: HandResult = g.results[index]
    return f'<p class="res">{g.text(result_sentence(result, g.marked))}</p>'


def _trick(g: _Game, index: int, k: int) -> str:
    """Trick ``k`` (0-based): its sentence, flags and notes, and its cards as the table."""
    hand = g.game.hands[index]
    players = g.players
    number = hand.number
    cards = trick_cards(hand, k)
    played = dict(cards)
    leader = hand.leaders[k]
    winner = hand.winners[k] if k < len(hand.winners) else None
    reneged = {
        f.seat for f in hand.flags if f.kind == RENEGE and f.trick == k + 1 and f.seat is not None
    }
    head = Text()
    if cards:
        lead_seat, led = cards[0]
        head.append(f"{person(lead_seat, g.marked)} led ")
        head.append_text(_card_text(led))
        if hand.trump >= 0 and EFFECTIVE_SUIT[hand.trump][led] == hand.trump:
            head.append(" (trump)")
    if winner is not None:
        ns, ew = tricks_after(hand, k)
        head.append(f"; {person(winner, g.marked)} won it.")
        tally = f"Tricks NS {ns}, EW {ew}."
    else:
        head.append("; not finished.")
        tally = ""
    tx = [
        g.h(2, f"Trick {k + 1}"),
        f"<p>{g.text(head)}" + (f" <strong>{tally}</strong>" if tally else "") + "</p>",
    ]
    tx.extend(_flag_html(g, hand, f) for f in hand.result_flags() if f.trick == k + 1)
    tx.extend(_action_html(g, hand, a) for a in stages(hand).get(k + 1, []))
    marks = []
    for seat, c in cards:
        fair = g.review.fair.get((number, k + 1, seat))
        if fair is not None:
            marks.append(
                f'<p class="rv">What {escape(person(seat, players))} could see: '
                f'{card_html(c)} was <strong class="lb">{escape(fair[0])}</strong>'
                f"{escape(fair[1])}</p>"
            )
    for seat, c in cards:
        mark = g.review.marks.get((number, k + 1, seat))
        if mark is not None:
            # With the reason given, the reason says what the card did; without it, the
            # mark's own words do.
            why = f": {escape(mark.why)}" if mark.why else f" ({MARK_WORDS[mark.symbol]})"
            marks.append(
                f'<p class="rv">Hindsight, every card face up: {escape(person(seat, players))} '
                f'played {card_html(c)} <span class="mk">{escape(mark.symbol)}</span>{why}</p>'
            )
    tx.extend(marks)
    if k == len(hand.leaders) - 1:
        tx.append(_result_html(g, index))

    cells = []
    for seat in SEATS:
        letter = SEAT_LETTERS[seat]
        classes = ["p", letter.lower()]
        tags = []
        if seat == leader and seat in played:
            classes.append("lead")
            tags.append("led")
        if seat == winner:
            classes.append("win")
            tags.append("wins")
        if seat in reneged:
            classes.append("rng")
            tags.append("renege")
        name = g.players.get(letter) or SEAT_NAMES[seat]
        body = f'<i class="nm">{escape(name)}</i>'
        if not hand.active(seat):
            body += '<i class="out">sits out</i>'
        elif seat in played:
            c = played[seat]
            body += card_html(c)
            mark = g.review.marks.get((number, k + 1, seat))
            if mark is not None:
                body += (
                    f'<i class="mk" title="{_attr(MARK_WORDS[mark.symbol])}">'
                    f'<i aria-hidden="true">{escape(mark.symbol)}</i>'
                    f'<i class="sr"> ({MARK_WORDS[mark.symbol]})</i></i>'
                )
        else:
            body += '<i class="out">·<i class="sr">not played</i></i>'
        if tags:
            body += f'<i class="tag"> {", ".join(tags)}</i>'
        cells.append(f'<div class="{" ".join(classes)}">{body}</div>')
    cells.append(f'<div class="tn" aria-hidden="true">{k + 1}</div>')
    return (
        f'<li class="trick" data-t="{k + 1}">'
        f'<div class="tx">{"".join(tx)}</div>'
        f'<div class="tg">{"".join(cells)}</div></li>'
    )


def _card_text(c: int) -> Text:
    """A card as the terminal views append it: a span of its own (see ``rich_html``)."""
    from . import cards as rc

    return rc.card(c)


def _hand_section(g: _Game, index: int) -> str:
    hand = g.game.hands[index]
    players = g.players
    number = hand.number
    hid = g.hand_id(number)
    tricks = len(hand.leaders)
    steps = 1 + tricks
    sub = Text(f"{label(hand.dealer, g.marked)} deals, upcard ")
    sub.append_text(_card_text(hand.upcard))
    if hand.trump >= 0 and hand.maker >= 0:
        sub.append(" · trump ")
        sub.append_text(suit_words(hand.trump))
        sub.append(f" by {label(hand.maker, g.marked)}")
        if hand.alone:
            sub.append(" alone")
    first = f"Hand {number}: the deal and the bidding"
    status = (
        f'<p class="pos" role="status"><span aria-hidden="true">The deal · step 1 of {steps}</span>'
        f'<span class="sr">{escape(first)} (step 1 of {steps})</span></p>'
    )
    out = [
        f'<section class="hand" id="{hid}" aria-labelledby="{hid}-h" '
        f'data-steps="{steps}" data-n="{number}" data-say="{_attr(first)}">',
        g.h(1, f"Hand {number} of {len(g.game.hands)}", f' id="{hid}-h"'),
        f'<p class="sub">{g.text(sub)}</p>',
        f'<div class="stepper" role="group" aria-label="Step through hand {number}" hidden>'
        '<button type="button" class="prev"><span aria-hidden="true">◀ </span>Previous</button>'
        + status
        + '<button type="button" class="next">Next<span aria-hidden="true"> ▶</span></button>'
        "</div>",
        '<div class="board">',
    ]
    shared = _shared_note(hand)
    out.extend(_seat_box(g, hand, seat, shared) for seat in SEATS)
    out.append(_mid(hand, players))
    out.append(_deal_block(g, index, shared))
    if tricks:
        out.append('<ol class="tricks">')
        out.extend(_trick(g, index, k) for k in range(tricks))
        out.append("</ol>")
    out.append("</div>")
    if hand.result_flags() or any(isinstance(a, A.RenegeCall) for a in hand.actions):
        out.append(f'<p class="verdict">{g.text(verdict(hand, g.marked))}</p>')
    par = g.review.par.get(number)
    if par:
        out.append(f'<p class="par"><strong>Par</strong> (open-hand review): {escape(par)}</p>')
    out.append("</section>")
    return "".join(out)


def shown(page: GamePage) -> GamePage:
    """The page's user text as every view shows it (``formats.text.visible``): a control
    character in a name, title or note is written out, never put in the page (where
    escaping alone would leave it). A note keeps its line breaks."""
    return replace(
        page,
        players={seat: visible(name) for seat, name in page.players.items()},
        title=visible(page.title) or None,
        date=visible(page.date) or None,
        notes=visible(page.notes, newlines=True) or None,
        source=visible(page.source) or None,
    )


def game_article(page: GamePage, *, prefix: str = "", level: int = 1) -> str:
    """One game as an ``<article>``: head, chart, hand table and every hand.

    ``prefix`` starts every element id (several games on one page); ``level`` is the
    heading level of the game's title.
    """
    g = _Game(shown(page), prefix, level)
    game = g.game
    out = [f'<article class="game" id="{prefix.rstrip("-") or "game"}">', _head(g)]
    if game.hands:
        out.append('<section class="score">')
        out.append(g.h(1, "The score, hand by hand"))
        out.append(
            score_chart_svg(
                game.scores(),
                game.rules.target,
                initial=game.initial_score,
                labels=(team_label(0, g.players), team_label(1, g.players)),
                ident=f"{prefix}chart",
            )
        )
        out.append("</section>")
        out.append(_hand_table(g))
    out.extend(_hand_section(g, i) for i in range(len(game.hands)))
    out.append("</article>")
    return "".join(out)


# ---------------------------------------------------------------------------
# The page


def _csp_hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


CSP_FORMAT = (
    "default-src 'none'; img-src data:; style-src {style}; script-src {script}; "
    "base-uri 'none'; form-action 'none'"
)
"""The page's Content Security Policy: nothing may load, and only its own style sheet and
script (by hash) may run, so even a name that slipped past the escaping could not run."""


def game_html(pages: Sequence[GamePage], *, title: str | None = None) -> str:
    """The whole page for one or more games: self-contained, no request of any kind."""
    if not pages:
        raise ValueError("a page needs at least one game")
    pages = [shown(p) for p in pages]
    title = visible(title) or None
    if len(pages) == 1:
        page = pages[0]
        body = game_article(page)
        heading = page.title or page.source or "A game of Euchre"
        if page.date:
            heading += f" ({page.date})"
    else:
        heading = title or f"{len(pages)} games"
        body = f"<h1>{escape(heading)}</h1>" + "".join(
            game_article(p, prefix=f"g{i}-", level=2) for i, p in enumerate(pages, start=1)
        )
    csp = CSP_FORMAT.format(style=_csp_hash(CSS), script=_csp_hash(SCRIPT))
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        f'<meta name="generator" content="euchre-log {__version__}">'
        f"<title>{escape(heading)} · Euchre</title>"
        '<link rel="icon" href="data:,">'
        f"<style>{CSS}</style></head>\n"
        f"<body><main>{body}</main>"
        "<footer><p>Written by euchre-log from the game's record: every card, flag and score "
        "is the rules engine's. Use the arrow keys or the buttons to step through a hand; "
        "printing shows every trick.</p></footer>"
        f"<script>{SCRIPT}</script></body></html>\n"
    )


# ---------------------------------------------------------------------------
# The style sheet and the script

CSS = """
:root{--fg:#1b1b1b;--bg:#fff;--mut:#5c5c5c;--red:#c0162b;--line:#cfcfcf;--box:#f3f4f2;
--felt:#e4efe7;--win:#0b6b2f;--ns:#1f5fbf;--ew:#c2410c;--flag:#a5001c;--card:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#e9e9e9;--bg:#141414;--mut:#a9a9a9;
--red:#ff7686;--line:#4a4a4a;--box:#202020;--felt:#1b2a20;--win:#6fdc97;--ns:#86b6ff;
--ew:#ffa266;--flag:#ff8095;--card:#2a2a2a}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:var(--fg);background:var(--bg)}
main,footer{max-width:62rem;margin:0 auto;padding:.75rem 1rem}
footer{color:var(--mut);font-size:.85rem}
h1{font-size:1.6rem;margin:.5rem 0 .25rem}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
h3,h4{font-size:1rem;margin:.25rem 0}
.head>:first-child{font-size:1.6rem;margin:.5rem 0 .25rem}
.game>section>:first-child{font-size:1.25rem;margin:1.5rem 0 .5rem}
p{margin:.3rem 0}a{color:inherit}
.sr,b>i+i{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
clip:rect(0 0 0 0);white-space:nowrap;border:0}
.sd,.sh{color:var(--red)}.bj{color:#8a2be2}
i{font-style:normal}b{white-space:nowrap}
.meta,.sub,.how,.lbl,.sn,.role{color:var(--mut)}
.teams{display:flex;flex-wrap:wrap;gap:.25rem 2rem;margin:.5rem 0}
.teams div{display:flex;gap:.5rem}.teams dt{font-weight:700}.teams dd{margin:0}
.result{font-size:1.1rem}.moments{margin:.25rem 0;padding-left:1.25rem}
.rules{margin:.5rem 0;background:var(--box);border-radius:6px;padding:.4rem .75rem}
.rules summary{cursor:pointer;font-weight:600}.rules ul{margin:.25rem 0;padding-left:1.25rem}
.notes{white-space:normal;border-left:3px solid var(--line);padding-left:.5rem}
.chart{width:100%;max-width:40rem;height:auto;display:block}
.chart text{fill:currentColor;font-size:13px}.chart .ax{fill:var(--mut)}
.chart .grid{stroke:var(--line);stroke-width:.5}
.chart .target{stroke:var(--mut);stroke-width:1.5;stroke-dasharray:2 3}
.chart .ns,.chart .ew{fill:none;stroke-width:3}
.chart .ns{stroke:var(--ns)}.chart .ew{stroke:var(--ew);stroke-dasharray:7 4}
.scroll{overflow-x:auto}
table{border-collapse:collapse}
.hands{font-size:.9rem;white-space:nowrap}
.hands th,.hands td{padding:.2rem .5rem;border-bottom:1px solid var(--line);text-align:left}
.hands thead th{border-bottom:2px solid var(--fg)}
.o-euchred td:nth-child(8){font-weight:700}.o-march td:nth-child(8){color:var(--win);font-weight:700}
.fl,.flag strong{color:var(--flag);font-weight:700}.fl{margin-left:.2rem}
.flags{padding-left:1.25rem}
.hand{border-top:2px solid var(--line);margin-top:1.5rem;padding-top:.25rem}
.stepper{display:flex;align-items:center;gap:.5rem;margin:.5rem 0;position:sticky;top:0;
background:var(--bg);padding:.3rem 0;z-index:1}
.stepper[hidden]{display:none}
.stepper .pos{flex:1;text-align:center;font-size:.9rem;margin:0}
button{font:inherit;padding:.4rem .8rem;border:1px solid var(--fg);border-radius:6px;
background:var(--box);color:var(--fg);cursor:pointer;min-height:2.5rem}
button[aria-disabled=true]{opacity:.4;cursor:default}
button:focus-visible{outline:3px solid var(--ns);outline-offset:2px}
.board{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);gap:.5rem;
grid-template-areas:"n n n" "w m e" "s s s" "d d d" "t t t";background:var(--felt);
border-radius:10px;padding:.6rem}
.seat{background:var(--box);border-radius:8px;padding:.35rem .5rem;min-width:0}
.seat.n{grid-area:n;justify-self:center}.seat.s{grid-area:s;justify-self:center}
.seat.w{grid-area:w;justify-self:end}.seat.e{grid-area:e;justify-self:start}
.who{margin:0}.sn,.role{font-size:.8rem}
.cards{list-style:none;margin:.2rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
.cards li{border:1px solid var(--line);border-radius:4px;background:var(--card);
padding:.05rem .3rem;min-width:2.4rem;text-align:center}
.cards .u{color:var(--mut)}.cards .up{border-color:var(--fg);border-width:2px}
.tag{font-size:.75rem;color:var(--mut);font-weight:400}
.how{font-size:.8rem;margin:.15rem 0 0}
.mid{grid-area:m;align-self:center;text-align:center;padding:.25rem .5rem}
.mid p{margin:0}.upc{font-size:1.5rem}.lbl{font-size:.8rem}
.deal{grid-area:d;background:var(--bg);border-radius:8px;padding:.4rem .6rem}
.bids th,.bids td{padding:.1rem .75rem .1rem 0;text-align:left}.bids td.ps{color:var(--mut)}
.tricks{grid-area:t;list-style:none;margin:0;padding:0;display:grid;gap:.5rem;
grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
.trick{background:var(--bg);border-radius:8px;padding:.4rem .6rem;display:flex;
flex-direction:column;gap:.3rem;break-inside:avoid}
.tx p{margin:.2rem 0}.trick .tg{margin-top:auto}
.tg{display:grid;grid-template-columns:repeat(3,minmax(3.3rem,auto));
grid-template-areas:". n ." "w x e" ". s .";gap:.2rem;justify-content:center;align-items:center}
.p{text-align:center;border:1px solid var(--line);border-radius:6px;background:var(--card);
padding:.1rem .3rem;min-height:2.6rem}
.p.n{grid-area:n}.p.e{grid-area:e}.p.s{grid-area:s}.p.w{grid-area:w}
.tn{grid-area:x;text-align:center;color:var(--mut);font-size:.8rem}
.nm{display:block;font-size:.7rem;color:var(--mut);line-height:1.1;max-width:5.5rem;
overflow:hidden;text-overflow:ellipsis;white-space:nowrap;margin:0 auto}
.p b{font-size:1.15rem}.p .tag{display:block;line-height:1}
.p.win{border:2px solid var(--win);box-shadow:0 0 0 1px var(--win)}
.p.win .tag{color:var(--win);font-weight:700}.p.rng .tag{color:var(--flag);font-weight:700}
.out{color:var(--mut);font-size:.8rem}
.mk,.rv .mk{color:var(--flag);font-weight:700;margin-left:.1rem}
.flag,.call,.pen,.note,.var,.rv,.verdict,.par{font-size:.92rem}
.note{font-style:italic}.res{font-weight:600}
.verdict,.par{margin:.5rem .25rem}
@media screen{
.js .board{grid-template-areas:"n n n" "w m e" "s s s" "x x x" "d d d"}
.js .hand:not(.at0) .mid,.js .hand:not(.at0) .deal,.js .trick:not(.on){display:none}
.js .tricks,.js .trick.on{display:contents}
.js .trick .tg{grid-area:m}.js .trick .tx{grid-area:x;background:var(--bg);border-radius:8px;
padding:.4rem .6rem}
.js .cards li.gone{display:none}
}
@media (max-width:500px){
main{padding:.5rem}h1{font-size:1.35rem}
.hands,.hands tbody{display:block;white-space:normal}
.hands thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.hands tr{display:flex;flex-wrap:wrap;gap:0 .9rem;padding:.3rem 0;
border-bottom:1px solid var(--line)}
.hands th,.hands td{border:0;padding:0}
.hands th[scope=row]{flex-basis:100%;font-weight:700}
.hands th[scope=row]::before{content:"Hand ";font-weight:400;color:var(--mut)}
.hands td[data-h]:not([data-h=""])::before{content:attr(data-h) " ";color:var(--mut);
font-size:.8rem;font-weight:400}
.hands td:empty{display:none}
.board{padding:.35rem;gap:.35rem}
.seat{padding:.3rem}.cards li{min-width:2.1rem;padding:0 .15rem}
.tg{grid-template-columns:repeat(3,minmax(2.9rem,auto))}
.stepper button{padding:.4rem .55rem}
}
@media print{
body{font-size:11pt;color:#000;background:#fff}
:root{--fg:#000;--bg:#fff;--mut:#444;--box:#f3f3f3;--felt:#fff;--card:#fff;--line:#999}
*{print-color-adjust:exact;-webkit-print-color-adjust:exact}
.stepper,footer{display:none!important}
.rules{background:none}
.hand{break-before:page;border:0}
.board{border:1px solid #999}
.tricks{grid-template-columns:repeat(3,1fr)}
a{text-decoration:none}
}
""".strip()
"""The page's style sheet: the table on a green baize, a narrower layout below 500 px (the
hand table a card a hand, each value beside its heading, nothing scrolled sideways), a
dark scheme, and a print sheet that shows every trick of every hand and no buttons. Under
``.js`` (set by the script) and on screen only, a hand shows one step at a time."""

SCRIPT = """
(function(){"use strict";
var d=document,root=d.documentElement;
if(!d.querySelectorAll||!root.classList)return;
root.classList.add("js");
function hands(){return d.querySelectorAll(".hand[data-steps]");}
function words(e){var t="",n;for(n=e.firstChild;n;n=n.nextSibling)t+=n.nodeType===3?n.nodeValue:
n.nodeType===1&&n.getAttribute("aria-hidden")!=="true"?words(n):"";return t;}
function show(h,i,say){
var n=+h.getAttribute("data-steps");i=Math.max(0,Math.min(n-1,i));
h.setAttribute("data-step",String(i));h.classList.toggle("at0",i===0);
var ts=h.querySelectorAll(".trick"),cs=h.querySelectorAll(".cards li[data-t]"),j,label;
label=h.getAttribute("data-say");
for(j=0;j<ts.length;j++){var on=+ts[j].getAttribute("data-t")===i;ts[j].classList.toggle("on",on);
if(on)label="Hand "+h.getAttribute("data-n")+", trick "+i+" of 5: "+words(ts[j].querySelector(".tx p"));}
for(j=0;j<cs.length;j++)cs[j].classList.toggle("gone",+cs[j].getAttribute("data-t")<=i);
h.querySelector(".prev").setAttribute("aria-disabled",String(i===0));
h.querySelector(".next").setAttribute("aria-disabled",String(i===n-1));
if(say){var p=h.querySelector(".pos").children,at="step "+(i+1)+" of "+n;
p[0].textContent=(i?"Trick "+i:"The deal")+" \u00b7 "+at;p[1].textContent=label+" ("+at+")";}}
function step(h,k){var i=+h.getAttribute("data-step");
show(h,k==="home"?0:k==="end"?+h.getAttribute("data-steps")-1:i+k,true);}
var all=hands();
for(var j=0;j<all.length;j++){(function(h){
h.querySelector(".stepper").removeAttribute("hidden");
h.querySelector(".prev").addEventListener("click",function(){step(h,-1);});
h.querySelector(".next").addEventListener("click",function(){step(h,1);});
show(h,0,false);})(all[j]);}
function inView(){var y=innerHeight/2,list=hands(),k,r;
for(k=0;k<list.length;k++){r=list[k].getBoundingClientRect();if(r.top<=y&&r.bottom>=y)return list[k];}
return null;}
d.addEventListener("keydown",function(e){
if(e.altKey||e.ctrlKey||e.metaKey||e.shiftKey)return;
var k={ArrowLeft:-1,ArrowRight:1,Home:"home",End:"end"}[e.key];if(k===undefined)return;
var t=e.target,h=t&&t.closest?t.closest(".hand[data-steps]"):null;
if(!h){if(typeof k!=="number"||(t&&t!==d.body&&t!==root))return;h=inView();}
if(!h)return;e.preventDefault();step(h,k);});
})();
""".strip()
"""The page's script: it marks the page ``js``, shows each hand's step control, and moves
a hand one step at a time (Previous/Next, the arrow keys, Home and End where the focus is
in a hand, or the hand in the middle of the window), announcing each step (the trick's
sentence, its cards in words) in the hand's
live region. Without it every step shows at once."""
