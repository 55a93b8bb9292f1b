"""The dispute view: everything the record shows about one hand, as sentences.

It answers "did East renege on trick 2?" with yes or no and the proof, then lays out the
evidence a table reads aloud: each player's cards and how each one is known (dealt and
shown, picked up, played, shown with a renege call, or worked out from the play), and the
suits each player showed out of. An open-hand review's ``Marks`` (``render.review``) add
``?``/``??`` beside the cards that cost a trick, and a section with its par line and
sentences; without them the view is exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..engine import actions as A
from ..engine.cards import CARD_TEXT, EFFECTIVE_SUIT, SUIT_SYMBOLS, TEAM_NAMES, suit_of
from ..engine.flags import (
    RENEGE,
    UPHELD,
    Flag,
)
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.knowledge import (
    DEALT,
    DEDUCED,
    PLAYED,
    SHOWN,
    UPCARD,
    KnownCard,
    SeatKnowledge,
    discard_of,
    knowledge,
)
from ..formats.text import visible
from . import cards as rc
from .replay import (
    NO_MARKS,
    Marks,
    flag_text,
    maker_action,
    result_view,
    sentence,
    trump_words,
    unrecorded_words,
)
from .words import card_row, hand_cards, message, person, suit_words, team_label

INDENT = 2


def _indent(item: RenderableType, pad: tuple[int, int, int, int]) -> Padding:
    return Padding(item, pad, expand=False)


def _suit(hand: HandState, suit: int) -> str:
    """``♥`` or ``♥ (trump)``."""
    return SUIT_SYMBOLS[suit] + (" (trump)" if suit == hand.trump else "")


def _bower(hand: HandState, c: int) -> str:
    """``, the left bower, which counts as ♥`` for the left bower; else nothing."""
    if hand.trump >= 0 and suit_of(c) != hand.trump and EFFECTIVE_SUIT[hand.trump][c] == hand.trump:
        return f", the left bower, which counts as {SUIT_SYMBOLS[hand.trump]}"
    return ""


def _card(hand: HandState, c: int) -> str:
    """A card in canonical form, with a word on the left bower: ``JD (the left bower...)``."""
    bower = _bower(hand, c)
    return CARD_TEXT[c] + (f" ({bower[2:]})" if bower else "")


def renege_proof(hand: HandState, flag: Flag, players: Mapping[str, str]) -> Text:
    """``Bob (East) showed out of ♥ on trick 2 (played 9♣) but held K♥, which they
    played on trick 4.``"""
    if flag.seat is None or flag.played is None or flag.card is None or flag.led_suit is None:
        return message(flag.message, players)
    if "unseen discard" in flag.message:
        # Several cards of the suit, and a discard nobody saw: the engine's sentence says it.
        return message(sentence(flag.message), players)
    who = Text(person(flag.seat, players))
    text = (
        f" showed out of {_suit(hand, flag.led_suit)} on trick {flag.trick} "
        f"(played {CARD_TEXT[flag.played]}{_bower(hand, flag.played)}) "
        f"but held {CARD_TEXT[flag.card]}{_bower(hand, flag.card)}"
    )
    if flag.proof == "later_play":
        text += f", which they played on trick {flag.proof_trick}."
    elif flag.proof == "deal":
        text += ": it was dealt to them, as the recorded deal shows."
    elif flag.proof == "upcard":
        text += ": it was the upcard, which they had picked up as the dealer."
    elif flag.proof == "shown":
        text += ", which they showed when the renege was called."
    else:
        text += "."
    return rc.sentence(who, text)


def _trick_of(hand: HandState, play: A.Play) -> int:
    """The trick (1..5) on which a recorded play was made."""
    for t in range(5):
        if hand.cards_at[t * 4 + play.seat] == play.card:
            return t + 1
    return 0


def _call_verdicts(hand: HandState, players: Mapping[str, str]) -> list[Text]:
    """One sentence per upheld renege call; false and unresolved calls are flags, and the
    flag itself says why."""
    out = []
    for v in hand.calls:
        if v.status != UPHELD:
            continue
        a = v.call
        line = Text(
            f"{person(a.seat, players)} called a renege on {person(a.accused, players)} "
            f"for trick {a.trick}: "
        )
        line.append("upheld", style="bold")
        if v.decided_at is not None and v.decided_at != v.index:
            proof = hand.actions[v.decided_at]
            if isinstance(proof, A.Play):
                line.append_text(
                    rc.sentence(
                        " when ",
                        Text(person(proof.seat, players)),
                        f" played {CARD_TEXT[proof.card]}"
                        f"{_bower(hand, proof.card)} on trick {_trick_of(hand, proof)}",
                    )
                )
        if v.penalised:
            line.append(" — the proof is above.")
        else:
            line.append(" — the proof is above; the hand's penalty was already applied.")
        out.append(line)
    return out


def verdict(hand: HandState, players: Mapping[str, str]) -> Text:
    """``Yes: Bob (East) reneged on trick 1.`` or ``No renege is proven in this hand.``"""
    reneges = [f for f in hand.flags if f.kind == RENEGE and f.seat is not None]
    if reneges:
        said = "; ".join(
            f"{person(f.seat, players)} reneged on trick {f.trick}"
            for f in reneges
            if f.seat is not None
        )
        out = Text("Renege: ", style="bold red")
        out.append(f"yes. {said}.", style="bold")
        return out
    out = Text("Renege: ", style="bold")
    out.append("no renege is proven in this hand")
    if not hand.finished:
        out.append(" (the hand is not finished: a later play may still prove one)")
    out.append(".")
    return out


def _how(k: KnownCard, discard: int | None, finished: bool) -> str:
    """How a card is known, and what became of it. ``finished``: every card was played."""
    first = {
        DEALT: "dealt",
        UPCARD: "the upcard, which they picked up",
        PLAYED: "played",
        SHOWN: "shown with the renege call",
        DEDUCED: "worked out from the play",
    }[k.how]
    if k.how == PLAYED:
        return f"played on trick {k.played_on}"
    if k.played_on is not None:
        return f"{first}; played on trick {k.played_on}"
    if k.card == discard:
        return f"{first}; discarded"
    return f"{first}; {'never played' if finished else 'not played yet'}"


def _card_line(card: Text, how: str, width: int) -> Table:
    """A card (``width`` columns, its mark included) and how it is known: what wraps
    stays under the words, clear of the card."""
    grid = Table.grid()
    grid.add_column(min_width=width, no_wrap=True)
    grid.add_column()
    grid.add_row(card, Text(how))
    return grid


def seat_block(
    hand: HandState,
    k: SeatKnowledge,
    discard: tuple[int | None, str | None],
    players: Mapping[str, str],
    marks: Marks = NO_MARKS,
    over: bool | None = None,
) -> RenderableType:
    """One player's cards and how each is known (with a review's mark beside a card that
    cost a trick), then the suits they showed out of. ``over``: the hand is over and its
    cards not played never will be (by default, when its last card was played)."""
    if over is None:
        over = hand.finished
    trump = hand.trump if hand.trump >= 0 else None
    head = Text(person(k.seat, players), style="bold")
    if not k.active:
        head.append(" sat out this hand.")
        if k.dealt is None:
            return head
    if k.dealt is not None:
        head.append(": dealt " if k.active else " Dealt ")
        head.append_text(card_row(k.dealt, trump))
        if k.unknown_dealt:
            head.append(" and a card nobody saw, the discard")
        head.append(
            " (the deal was recorded)" if k.dealt_how == DEALT else " (worked out from the play)"
        )
    elif k.active:
        head.append(": the whole hand is not known")
    head.append(".")
    lines: list[RenderableType] = [head]
    card, card_how = discard
    listed = {x.card for x in k.cards}
    held = hand_cards([x.card for x in k.cards if x.played_on is None], trump)
    cards = sorted(
        k.cards, key=lambda x: (x.played_on or 9, held.index(x.card) if x.card in held else 0)
    )
    width = 6 if marks.cards else 4
    for x in cards:
        line = rc.card(x.card)
        mark = marks.cards.get((x.played_on, k.seat), "") if x.played_on else ""
        if mark:
            line.append(mark, style="bold yellow")
        how = _how(
            x,
            card if k.seat == hand.dealer else None,
            over and not hand.unrecorded,
        ) + (f" ({_bower(hand, x.card)[2:]})" if _bower(hand, x.card) else "")
        lines.append(_indent(_card_line(line, how, width), (0, 0, 0, INDENT)))
    unseen = any(isinstance(a, A.Discard) and a.card is None for a in hand.actions)
    if k.seat == hand.dealer and card is None and unseen:
        line = Text("?", style="dim")
        line.append("   discarded; nobody saw which card")
        lines.append(_indent(line, (0, 0, 0, INDENT)))
    if k.seat == hand.dealer and card is not None and card not in listed:
        line = rc.card(card)
        width = 6 if marks.cards else 4
        how = (
            "discarded (worked out: the dealer never played it)"
            if card_how == "deduced"
            else "discarded (recorded)"
        )
        lines.append(_indent(_card_line(line, how, width), (0, 0, 0, INDENT)))
    if k.active:
        if k.voids:
            for v in k.voids:
                line = Text(f"Showed out of {_suit(hand, v.suit)} on trick {v.trick}, playing ")
                line.append_text(rc.message(_card(hand, v.played)))
                line.append(".")
                lines.append(_indent(line, (0, 0, 0, INDENT)))
        elif any(
            hand.cards_at[t * 4 + k.seat] >= 0 and hand.leaders[t] != k.seat
            for t in range(len(hand.leaders))
        ):
            lines.append(_indent(Text("Followed suit every time.", style="dim"), (0, 0, 0, INDENT)))
    return Group(*lines)


def explain_view(
    game: GameState, index: int, players: Mapping[str, str], marks: Marks = NO_MARKS
) -> RenderableType:
    """The dispute view of hand ``index`` (0-based), with a review's marks when given."""
    hand = game.hands[index]
    result = game.results()[index]
    # Over: played out, settled by an upheld renege call, or followed by the next hand.
    over = hand.finished or hand.upheld_call or index < len(game.hands) - 1
    parts: list[RenderableType] = []

    deal = Text(f"{person(hand.dealer, players)} dealt and turned up ")
    deal.append_text(rc.card(hand.upcard))
    deal.append(".")
    if hand.trump >= 0 and hand.maker >= 0:
        action = maker_action(hand)
        alone = " alone" if hand.alone and not isinstance(action, A.BlindDoubleLoner) else ""
        deal.append(f" {person(hand.maker, players)} ")
        if isinstance(action, A.Call):
            deal.append("named ")
            deal.append_text(suit_words(hand.trump))
            deal.append(alone)
        else:
            deal.append(f"{trump_words(hand)}{alone}: trump ")
            deal.append_text(suit_words(hand.trump))
        deal.append(f"; {team_label(hand.maker & 1, players)} the makers.")
        if hand.defender >= 0:
            deal.append(f" {person(hand.defender, players)} defended alone.")
    parts.append(deal)
    parts.append(result_view(result, players))
    tricks = next((a for a in hand.actions if isinstance(a, A.Tricks)), None)
    if tricks is not None:
        parts.append(Text(unrecorded_words(hand, tricks) + ": what was played then is not known."))
    parts.append(Text(""))
    parts.append(verdict(hand, players))

    proofs: list[RenderableType] = []
    for f in hand.result_flags():
        if f.kind == RENEGE:
            line = Text(f"RENEGE on trick {f.trick}: ", style="bold red")
            line.append_text(renege_proof(hand, f, players))
            proofs.append(line)
        else:
            proofs.append(flag_text(f, players))
    proofs.extend(_call_verdicts(hand, players))
    for a in hand.actions:
        if isinstance(a, A.Penalty):
            reason = f" for {visible(a.reason)}" if a.reason else ""
            proofs.append(Text(f"Penalty{reason}: {TEAM_NAMES[a.team]} {a.points:+d}."))
    if proofs:
        parts.append(Text(""))
        parts.append(Text("Flags and calls", style="bold underline"))
        parts.extend(_indent(p, (0, 0, 0, INDENT)) for p in proofs)

    review: list[RenderableType] = list(marks.setup)
    for t in sorted(marks.tricks):
        review.extend(Text(f"Trick {t}: ").append_text(line) for line in marks.tricks[t])
    if review:
        parts.append(Text(""))
        heading = "Review: what each player could see, then hindsight" if marks.fair else ""
        parts.append(Text(heading or "Open-hand review", style="bold underline"))
        parts.extend(_indent(p, (0, 0, 0, INDENT)) for p in review)

    parts.append(Text(""))
    parts.append(Text("Each player's cards, and how each is known", style="bold underline"))
    disc = discard_of(hand)
    for k in knowledge(hand):
        block = seat_block(hand, k, disc, players, marks, over)
        parts.append(_indent(block, (0, 0, 0, INDENT)))
    return Group(*parts)
