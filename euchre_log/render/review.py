"""The fair review and the open-hand review as a person reads them: a few lines per
hand, and each player's accuracy per game.

The fair review comes first (``fair_lines``): each card that cost points on average,
judged by what its player could see, with its label and what would have scored more
("Trick 2: E Bob K♠: a mistake (−0.6): A♠ scores +0.3 on average over the 840 ways the
other hands could lie"), exact or sampled, and each bid beside the expected points of
every call the bidder could have made. Then, named as hindsight, the open-hand review.

Per hand: the par by trump suit in words ("hearts: NS 4 tricks, 1 point; spades: EW
march"), what best play from the first card gives against what was played, whether the
makers could have made it and the defenders could have euchred it, each card that gave
away a trick with the cards that would have kept it ("Trick 3: S Cat K♠? gave away a
trick; A♠ keeps NS at 4."), and what par says the best call was beside the call made.
The same review also marks the hands ``replay``, ``explain`` and the HTML export draw
(``marks`` and ``page_review``).

Everything here is hindsight, and says so: with every card face up the review knows what
no player could know at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..engine.cards import SUIT_LETTERS, SUIT_NAMES, TEAM_NAMES
from ..engine.fair import (
    BIDS_FAVOUR,
    BIDS_PASS,
    BidInfo,
    FairReview,
    PlayInfo,
    fair_player_totals,
)
from ..engine.fair import HINDSIGHT as FAIR_LIMITS
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.review import (
    COSTLY_POINTS,
    BestCall,
    HandReview,
    ParSuit,
    PlayReview,
    player_totals,
)
from ..engine.scoring import trick_points
from . import cards as rc
from .fit import NARROW, Fitted
from .html import PlayMark, Review
from .replay import Marks
from .words import label

HINDSIGHT = (
    "Open-hand review: every card face up, both sides playing their best. This is "
    "hindsight: at the table nobody sees the other hands, so it judges the play and the "
    "bidding by what no player could know."
)
LEGEND = (
    "Tricks are the makers' with best play from that moment on. ? marks a card that gave "
    "away a trick, ?? one that also changed the hand's points."
)
MARK_STYLE = "bold yellow"
FAIR_INTRO = (
    "Fair review: each card judged by what its player could see (its own cards, the "
    "cards played, the upcard, who showed out of a suit; bids, signals and habits are "
    "not read as information), over the ways the other hands could lie, in the hand's "
    "points for the player's side. A card is an inaccuracy when another scored 0.2 "
    "points more on average, a mistake from 0.5, a blunder from 1."
)
LABEL_STYLE = {"inaccuracy": "yellow", "mistake": "bold yellow", "blunder": "bold red"}


# ---------------------------------------------------------------------------
# Words


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _tricks(n: int) -> str:
    """``a trick``, ``2 tricks``."""
    return "a trick" if n == 1 else f"{n} tricks"


def points_words(points: tuple[int, int]) -> str:
    """``NS +1``, ``EW +2``, or ``no points``."""
    said = [f"{TEAM_NAMES[t]} {points[t]:+d}" for t in (0, 1) if points[t]]
    return ", ".join(said) if said else "no points"


def hand_points(hand: HandState, tricks: int) -> tuple[int, int]:
    """What the makers taking ``tricks`` scores under the hand's rules (NS, EW)."""
    return trick_points(
        hand.rules,
        hand.maker & 1,
        tricks,
        alone=hand.alone,
        defended_alone=hand.defender >= 0,
        blind=hand.blind,
    )[0]


def _cards(cards: Iterable[int]) -> Text:
    """Cards in their colours, joined with ``or``."""
    cards = list(cards)
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" or " if i == len(cards) - 1 else ", ")
        out.append_text(rc.card(c))
    return out


def _suits(suits: Iterable[int]) -> Text:
    """Suit symbols in their colours, joined with ``or``."""
    suits = list(suits)
    out = Text()
    for i, s in enumerate(suits):
        if i:
            out.append(" or " if i == len(suits) - 1 else ", ")
        out.append_text(rc.suit(s))
    return out


def par_words(par: ParSuit) -> str:
    """``hearts: NS 4 tricks, 1 point`` or ``spades: EW march``: the side that takes
    three or more, as if it had named that trump."""
    side = 0 if par.tricks[0] >= 3 else 1
    n = par.tricks[side]
    said = "march" if n == 5 else f"{n} tricks, 1 point"
    return f"{SUIT_NAMES[par.suit]}: {TEAM_NAMES[side]} {said}"


def par_text(par: Sequence[ParSuit]) -> Text:
    """``Par (as dealt, nobody alone): clubs: EW 3 tricks, 1 point; ...``."""
    out = Text("Par", style="bold")
    out.append(" (as dealt, nobody alone): " + "; ".join(par_words(p) for p in par) + ".")
    return out


def _play_words(p: PlayReview, players: Mapping[str, str]) -> Text:
    """``S Cat A♣?``: who played the card, with its mark."""
    out = Text(label(p.seat, players) + " ")
    out.append_text(rc.card(p.card))
    if p.mark:
        out.append(p.mark, style=MARK_STYLE)
    return out


def _moment(r: HandReview, index: int, players: Mapping[str, str]) -> Text:
    """``from the first card``, or ``after S Cat's A♣ on trick 2`` (the play before the
    value ``index`` of ``r.values``)."""
    if index == 0 or r.plays is None:
        return Text("from the first card")
    p = r.plays[index - 1]
    out = Text(f"after {label(p.seat, players)}'s ")
    out.append_text(rc.card(p.card))
    out.append(f" on trick {p.trick}")
    return out


def could_text(r: HandReview, players: Mapping[str, str]) -> Text:
    """``Makers could make it: yes, from the first card. Defenders could euchre it: no.``"""
    values = r.values or ()
    out = Text()
    makes = next((k for k, v in enumerate(values) if v >= 3), None)
    euchres = next((k for k, v in enumerate(values) if v <= 2), None)
    for i, (who, first) in enumerate(
        (("Makers could make it", makes), ("Defenders could euchre it", euchres))
    ):
        if i:
            out.append(" ")
        out.append(f"{who}: ")
        if first is None:
            out.append("no.")
        else:
            out.append("yes, ")
            out.append_text(_moment(r, first, players))
            out.append(".")
    return out


def outcome_text(hand: HandState, r: HandReview) -> Text:
    """``Best play from the first card: NS 4 tricks (NS +1). As played: 3 (NS +1).``"""
    assert r.maker is not None and r.dd_tricks is not None and r.tricks is not None
    team = TEAM_NAMES[r.maker & 1]
    out = Text("Best play", style="bold")
    out.append(
        f" from the first card: {team} {_plural(r.dd_tricks, 'trick')} "
        f"({points_words(hand_points(hand, r.dd_tricks))}). As played: {r.tricks} "
        f"({points_words(hand_points(hand, r.tricks))})."
    )
    return out


def costly_text(
    hand: HandState,
    r: HandReview,
    p: PlayReview,
    players: Mapping[str, str],
    *,
    trick: bool = True,
) -> Text:
    """``Trick 3: S Cat K♠? gave away a trick; A♠ keeps NS at 4.`` (without the trick
    when ``trick`` is false: the sentence is then shown under its trick)."""
    assert r.maker is not None
    out = Text(f"Trick {p.trick}: " if trick else "")
    out.append_text(_play_words(p, players))
    out.append(f" gave away {_tricks(p.cost)}")
    if p.mark == COSTLY_POINTS:
        before, after = hand_points(hand, p.dd_before), hand_points(hand, p.dd_after)
        out.append(f" and the points ({points_words(after)}, not {points_words(before)})")
    out.append("; ")
    out.append_text(_cards(p.best))
    out.append(f" {'keeps' if len(p.best) == 1 else 'keep'} {TEAM_NAMES[r.maker & 1]} at ")
    out.append(f"{p.dd_before}.")
    return out


def claim_text(r: HandReview, players: Mapping[str, str]) -> Text | None:
    """``S Cat claimed the last 3 tricks: best play from there gives NS 4 in all, the
    claim 5.``"""
    if r.claimed is None or r.claimed_tricks is None or r.maker is None:
        return None
    values = r.values or ()
    best = values[-1] if values else None
    team = TEAM_NAMES[r.maker & 1]
    out = Text(f"{label(r.claimed, players)} claimed the last {_plural(r.claimed_tricks, 'trick')}")
    if best is None or best == r.tricks:
        out.append(f"; best play from there agrees ({team} {best} in all).")
    else:
        out.append(f": best play from there gives {team} {best} in all, the claim {r.tricks}.")
    return out


def _best_call_words(b: BestCall, players: Mapping[str, str]) -> Text:
    """``♥ (4 tricks, 1 point)``, ``S Cat alone in ♣ or ♥ (a lone march, 4 points)``."""
    if b.alone and b.alone_points:
        out = Text()
        seats = sorted({seat for seat, _ in b.alone})
        for i, seat in enumerate(seats):
            if i:
                out.append(", or ")
            out.append(f"{label(seat, players)} alone in ")
            out.append_text(_suits(s for x, s in b.alone if x == seat))
        out.append(f" (a lone march, {b.alone_points[b.team]} points)")
        return out
    if b.tricks < 3:
        return Text(f"pass (no trump makes: {_plural(b.tricks, 'trick')} at best)")
    out = _suits(b.suits)
    out.append(" (march, 2 points)" if b.tricks == 5 else f" ({b.tricks} tricks, 1 point)")
    return out


def bidding_text(hand: HandState, r: HandReview, players: Mapping[str, str]) -> Text | None:
    """The call made beside what par says each side's best call was."""
    if r.best_calls is None or r.maker is None or r.trump is None:
        return None
    out = Text("Bidding", style="bold")
    out.append(f" (hindsight): {label(r.maker, players)} made ")
    out.append_text(rc.suit(r.trump))
    out.append(" trump" + (" alone" if r.alone else "") + ". Par's best for ")
    makers = r.maker & 1
    for i, team in enumerate((makers, 1 - makers)):
        b = r.best_calls[team]
        if i:
            out.append("; for ")
        out.append(f"{TEAM_NAMES[team]}: ")
        out.append_text(_best_call_words(b, players))
        if team == makers and r.makers_called_best:
            out.append(", the call made")
    out.append(".")
    return out


# ---------------------------------------------------------------------------
# The fair review in words


MINUS = "\u2212"


def signed(x: Fraction | float, places: int = 1) -> str:
    """``+0.3``, ``−0.6`` (a true minus sign), ``0.0``: rounded half away from zero."""
    q = Fraction(x)
    scale = 10**places
    units = int(abs(q) * scale + Fraction(1, 2))
    if units == 0:
        return f"{0:.{places}f}"
    sign = "+" if q > 0 else MINUS
    return f"{sign}{units // scale}.{units % scale:0{places}d}" if places else f"{sign}{units}"


def _ways(info: PlayInfo) -> str:
    """``the 840 ways the other hands could lie`` or ``a sample of 200 of the 31,500
    ways the other hands could lie``."""
    ways = "way" if info.worlds == 1 else "ways"
    if info.exact:
        return f"the {info.worlds:,} {ways} the other hands could lie"
    return f"a sample of {info.solved:,} of the {info.worlds:,} {ways} the other hands could lie"


def fair_play_text(info: PlayInfo, players: Mapping[str, str], *, trick: bool = True) -> Text:
    """``Trick 2: E Bob K♠: a mistake (−0.6): A♠ scores +0.3 on average over the 840
    ways the other hands could lie (K♠ −0.3).`` A sampled value gives its standard error
    (``−0.6 ± 0.1``) and says it is a sample."""
    out = Text(f"Trick {info.trick}: " if trick else "")
    out.append(label(info.seat, players) + " ")
    out.append_text(rc.card(info.card))
    out.append(": ")
    out.append(
        f"{'an' if info.label == 'inaccuracy' else 'a'} {info.label}",
        LABEL_STYLE.get(info.label or "", ""),
    )
    err = "" if info.exact else f" \u00b1 {info.se:.2f}"
    out.append(f" ({signed(-info.loss)}{err}): ")
    ev = info.ev
    out.append_text(_cards(info.best))
    out.append(f" {'scores' if len(info.best) == 1 else 'score'} {signed(ev[info.best[0]])} ")
    out.append(f"on average over {_ways(info)} (")
    out.append_text(rc.card(info.card))
    out.append(f" {signed(ev[info.card])}).")
    return out


def reviewed_text(
    game_id: int, review: HandReview, fair: FairReview, players: Mapping[str, str]
) -> Text:
    """What ``record --review`` says when a hand's reviews are done: the labelled cards
    by what their players could see, then how many cards the open-hand review marks, and
    where to read them. ``Hand 3 reviewed: W Dan A♥ a blunder, S Cat 9♦ a mistake; 1 card
    gave away a trick with every card face up (euchre-log review 7 shows why).``"""
    out = Text(f"Hand {fair.number} reviewed: ")
    if fair.plays is None:
        out.append(f"not by what each player could see ({fair.reason})")
    else:
        labelled = [i for i in fair.plays if i.label is not None]
        if not labelled:
            out.append(
                "by what each player could see, every card was within 0.2 points of "
                "the best on average"
            )
        for k, info in enumerate(labelled):
            out.append(", " if k else "")
            out.append(label(info.seat, players) + " ")
            out.append_text(rc.card(info.card))
            out.append(
                f" {'an' if info.label == 'inaccuracy' else 'a'} {info.label}",
                LABEL_STYLE.get(info.label or "", ""),
            )
    marked = sum(1 for p in review.plays or () if p.mark)
    if review.analysed:
        out.append(
            f"; {_plural(marked, 'card')} gave away a trick with every card face up"
            if marked
            else "; with every card face up, no card gave away a trick"
        )
    out.append(f" (euchre-log review {game_id} shows why).")
    return out


def call_words(call: str) -> str:
    """``order``, ``order alone``, ``hearts``, ``hearts alone``: a call as REVIEW.md
    names it (``order_alone``, ``H_alone``), in words."""
    base, _, alone = call.partition("_")
    if base in SUIT_LETTERS:
        base = SUIT_NAMES[SUIT_LETTERS.index(base)]
    return f"{base} alone" if alone else base


BID_VERBS = {"pass": "passed", "order": "ordered up", "call": "called"}


def fair_bid_text(b: BidInfo, players: Mapping[str, str]) -> Text:
    """``E Bob passed: order +0.4, order alone −1.2 (± 0.1 over 200 deals).``"""
    out = Text(f"{label(b.seat, players)} {BID_VERBS.get(b.action, b.action)}")
    if b.action == "call" and b.call is not None:
        out.append(" " + call_words(b.call))
    elif b.call == "order_alone":
        out.append(" alone")
    if not b.options:
        out.append(": no call was open to them.")
        return out
    out.append(": " + ", ".join(f"{call_words(o.call)} {signed(o.ev)}" for o in b.options))
    if not b.exact:
        worst = max(o.se for o in b.options)
        out.append(f" (\u00b1 {worst:.2f} over {b.solved:,} deals)")
    out.append(".")
    return out


def fair_lines(fair: FairReview | None, players: Mapping[str, str]) -> list[Text]:
    """The fair review of a hand in lines: a heading, each labelled card, and the bids;
    a line saying why when the hand has none."""
    if fair is None:
        return []
    out: list[Text] = []
    head = Text("What each player could see", style="bold")
    if fair.plays is None:
        head.append(f": no fair review of the play ({fair.reason}).")
        out.append(head)
    else:
        labelled = [i for i in fair.plays if i.label is not None]
        if labelled:
            head.append(":")
            out.append(head)
            out.extend(fair_play_text(i, players) for i in labelled)
        else:
            head.append(": every card was within 0.2 points of the best on average.")
            out.append(head)
        if any(i.discard_hidden for i in fair.plays):
            out.append(
                Text(
                    "The record does not show the dealer's discard: the dealer's view counts "
                    "it among the unseen cards.",
                    style="dim",
                )
            )
    if fair.bids:
        bids = Text("Bids", style="bold")
        bids.append(" (expected points of each call; a pass is not valued):")
        out.append(bids)
        out.extend(fair_bid_text(b, players) for b in fair.bids)
    return out


# ---------------------------------------------------------------------------
# The review's own view


def hand_head(hand: HandState, r: HandReview, players: Mapping[str, str]) -> Text:
    """``Hand 6 (S Cat dealt J♥): trump ♦ by E Bob alone; EW took 4 (EW +1).``"""
    out = Text(f"Hand {hand.number}", style="bold")
    out.append(f" ({label(hand.dealer, players)} dealt ")
    out.append_text(rc.card(hand.upcard))
    out.append(")")
    if not r.analysed:
        out.append(f": not analysed ({r.reason}).", style="dim")
        return out
    assert r.maker is not None and r.trump is not None and r.tricks is not None
    out.append(": trump ")
    out.append_text(rc.suit(r.trump))
    out.append(f" by {label(r.maker, players)}" + (" alone" if r.alone else ""))
    if r.defender_alone is not None:
        out.append(f", {label(r.defender_alone, players)} defending alone")
    team = TEAM_NAMES[r.maker & 1]
    out.append(f"; {team} took {r.tricks} ({points_words(hand_points(hand, r.tricks))}).")
    return out


def hand_review_view(
    hand: HandState,
    r: HandReview,
    players: Mapping[str, str],
    fair: FairReview | None = None,
) -> RenderableType:
    """One hand in a few lines (see the module docstring): the fair review first, then
    the open-hand review, as hindsight."""
    head = hand_head(hand, r, players)
    first = fair_lines(fair, players)
    if not r.analysed or r.plays is None:
        return Group(head, *(_indented(line) for line in first)) if first else head
    lines: list[Text] = []
    if first:
        lines.extend(first)
        lines.append(Text("Hindsight, every card face up:", style="bold"))
    if r.par is not None:
        lines.append(par_text(r.par))
    lines.append(outcome_text(hand, r))
    lines.append(could_text(r, players))
    lines.extend(costly_text(hand, r, p, players) for p in r.plays if p.cost)
    claim = claim_text(r, players)
    if claim is not None:
        lines.append(claim)
    bidding = bidding_text(hand, r, players)
    if bidding is not None:
        lines.append(bidding)
    return Group(head, *(_indented(line) for line in lines))


def _indented(line: RenderableType) -> Padding:
    """A line indented by two columns, wrapping under itself."""
    return Padding(line, (0, 0, 0, 2), expand=False)


def accuracy_table(
    reviews: Iterable[HandReview],
    players: Mapping[str, str],
    fair: Sequence[FairReview | None] | None = None,
) -> Table:
    """Each player's plays over the analysed hands: choices, tricks given away, accuracy;
    with the fair review, the points lost on average and the fair accuracy first."""
    reviews = list(reviews)
    fair_totals = (
        None
        if fair is None
        else fair_player_totals(f.plays for f in fair if f is not None and f.plays is not None)
    )
    analysed = sum(1 for r in reviews if r.analysed)
    t = Table(
        title=f"Accuracy over {_plural(analysed, 'analysed hand')}",
        title_justify="left",
        title_style="bold",
        show_edge=False,
        pad_edge=False,
        header_style="bold",
    )
    t.add_column("Player")
    heads = ["Plays", "Choices", "Gave\nnothing", "Tricks\ngiven", "Accuracy"]
    if fair_totals is not None:
        heads = ["Fair\naccuracy", "Points\nlost", *heads]
    for head in heads:
        t.add_column(head, justify="right")
    for p in player_totals(reviews):
        good = p.choices - _costly_choices(reviews, p.seat)
        cells = [
            str(p.plays),
            str(p.choices),
            str(good),
            str(p.cost_tricks),
            "-" if p.accuracy is None else f"{p.accuracy:.1f}%",
        ]
        if fair_totals is not None:
            f = fair_totals[p.seat]
            lost = "-" if not f.choices else f"{float(f.loss):.1f}"
            cells = ["-" if f.accuracy is None else f"{f.accuracy:.1f}%", lost, *cells]
        t.add_row(Text(label(p.seat, players)), *cells)  # a name is data, never markup
    return t


def _costly_choices(reviews: Iterable[HandReview], seat: int) -> int:
    return sum(1 for r in reviews for p in r.plays or () if p.seat == seat and p.choice and p.cost)


ACCURACY_NOTE = (
    "Choices are plays with two or more legal cards; accuracy is the share of them that "
    "gave nothing away."
)
FAIR_ACCURACY_NOTE = (
    "Fair accuracy is the share of choices that found a best card by what the player "
    "could see (within 0.05 points); points lost is their sum of what the card cost on "
    "average. The other columns are hindsight, every card face up."
)


def game_review_view(
    title: str,
    game: GameState,
    reviews: Sequence[HandReview],
    players: Mapping[str, str],
    fair: Sequence[FairReview | None] | None = None,
) -> RenderableType:
    """A game's review: its title, each reviewed hand (its fair review first when
    ``fair`` gives them), and the players' accuracy."""
    by_number = {h.number: h for h in game.hands}
    fairs: Sequence[FairReview | None] = [None] * len(reviews) if fair is None else fair
    parts: list[RenderableType] = [Text(title, style="bold")]
    for r, f in zip(reviews, fairs, strict=True):
        parts.append(Text(""))
        parts.append(hand_review_view(by_number[r.number], r, players, f))
    parts.append(Text(""))
    parts.append(Fitted(accuracy_table(reviews, players, fair), below=NARROW))
    if fair is not None:
        parts.append(Text(FAIR_ACCURACY_NOTE, style="dim"))
    parts.append(Text(ACCURACY_NOTE, style="dim"))
    return Group(*parts)


def preamble(fair: bool = False) -> RenderableType:
    """What the review is, and that the open-hand part is hindsight: printed once,
    above the games; the fair review's own limits first when it is shown."""
    parts: list[RenderableType] = []
    if fair:
        parts.append(Text(FAIR_INTRO, style="italic"))
        parts.append(Text(f"{FAIR_LIMITS} {BIDS_PASS} {BIDS_FAVOUR}", style="dim"))
    parts += [Text(HINDSIGHT, style="italic"), Text(LEGEND, style="dim")]
    return Group(*parts)


# ---------------------------------------------------------------------------
# Marks for the views that draw the hands


def best_play_words(hand: HandState, r: HandReview) -> str:
    """``best play gives NS 4 tricks (NS +1); par as dealt: clubs: EW march; ...``"""
    assert r.maker is not None and r.dd_tricks is not None
    out = (
        f"best play gives {TEAM_NAMES[r.maker & 1]} {_plural(r.dd_tricks, 'trick')} "
        f"({points_words(hand_points(hand, r.dd_tricks))})"
    )
    if r.par is not None:
        out += "; par as dealt, " + "; ".join(par_words(p) for p in r.par)
    return out + "."


def summary_text(hand: HandState, r: HandReview) -> Text:
    """The review in one line, for the hands ``replay`` and ``explain`` draw:
    ``With every card face up (hindsight): best play gives NS 4 tricks (NS +1); ...``."""
    out = Text("With every card face up", style="bold")
    out.append(" (hindsight): " + best_play_words(hand, r))
    return out


def marks(
    hand: HandState,
    r: HandReview | None,
    players: Mapping[str, str],
    fair: FairReview | None = None,
    hint: str | None = None,
) -> Marks:
    """What a review adds to a drawn hand: the marks beside costly cards, their
    sentences under their tricks (without "Trick N:", which the trick's own heading
    says), and the par line under the setup. With the hand's fair review (``fair``),
    its labelled cards lead their tricks' sentences and its bids lead the setup; without
    one, ``hint`` (how to work it out) is said under the setup. Nothing for a hand that
    is not analysed."""
    if r is None or not r.analysed or r.plays is None:
        return Marks()
    cards: dict[tuple[int, int], str] = {(p.trick, p.seat): p.mark for p in r.plays if p.mark}
    tricks: dict[int, list[Text]] = {}
    setup: list[RenderableType] = []
    if fair is not None and fair.plays is not None:
        for info in fair.plays:
            if info.label is not None:
                tricks.setdefault(info.trick, []).append(fair_play_text(info, players, trick=False))
    if fair is not None:
        if fair.plays is None:
            setup.append(Text(f"No fair review of the play: {fair.reason}.", style="dim"))
        elif not any(i.label for i in fair.plays):
            setup.append(
                Text(
                    "What each player could see: every card was within 0.2 points of the "
                    "best on average."
                )
            )
        if fair.bids:
            bids = Text("Bids", style="bold")
            bids.append(" (what each player could see; a pass is not valued): ")
            for k, b in enumerate(fair.bids):
                if k:
                    bids.append(" ")
                bids.append_text(fair_bid_text(b, players))
            setup.append(bids)
    elif hint is not None:
        setup.append(Text(hint, style="dim"))
    for p in r.plays:
        if p.cost:
            tricks.setdefault(p.trick, []).append(costly_text(hand, r, p, players, trick=False))
    setup += [summary_text(hand, r), could_text(r, players)]
    return Marks(cards=cards, tricks=tricks, setup=setup, fair=fair is not None)


def page_review(
    game: GameState,
    reviews: Iterable[HandReview | None],
    players: Mapping[str, str],
    fair: Iterable[FairReview | None] = (),
) -> Review:
    """The HTML export's review: each labelled card of the fair reviews given, with what
    would have scored more; each costly card's mark with why in words, and each analysed
    hand's par line."""
    by_number = {h.number: h for h in game.hands}
    cards: dict[tuple[int, int, int], PlayMark] = {}
    par: dict[int, str] = {}
    labels: dict[tuple[int, int, int], tuple[str, str]] = {}
    for f in fair:
        if f is None or f.plays is None:
            continue
        for info in f.plays:
            if info.label is not None:
                said = fair_play_text(info, players, trick=False).plain
                # "S Cat K♠: a mistake (−0.6): ..." -> ("a mistake", " (−0.6): ...")
                rest = said.split(": ", 1)[1]
                word = rest.split(" (", 1)[0]
                labels[(f.number, info.trick, info.seat)] = (word, rest[len(word) :])
    for r in reviews:
        if r is None or not r.analysed or r.plays is None:
            continue
        hand = by_number[r.number]
        for p in r.plays:
            if p.mark:
                cards[(r.number, p.trick, p.seat)] = PlayMark(
                    p.mark, _plain_why(hand, r, p, players)
                )
        par[r.number] = (
            f"with every card face up (hindsight), {best_play_words(hand, r)} "
            + could_text(r, players).plain
        )
    return Review(marks=cards, par=par, fair=labels)


def _plain_why(hand: HandState, r: HandReview, p: PlayReview, players: Mapping[str, str]) -> str:
    """Why a card is marked, in plain words: ``gave away a trick; A♠ keeps NS at 4``."""
    text = costly_text(hand, r, p, players, trick=False).plain
    return "gave away " + text.split(" gave away ", 1)[1].removesuffix(".")
