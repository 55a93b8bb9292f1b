"""Keystrokes to record a hand, before and after the entry shortcuts.

    python3 -m benchmarks.keystrokes            # every sample game and the EGN corpus
    python3 -m benchmarks.keystrokes --verbose  # and each hand's two scripts

For every hand of a fixed set of recorded games (the preset sample games and the real
tournament games of the EGN corpus), it writes the shortest token script each grammar
allows and counts its keystrokes (characters, a space between tokens, Enter at the end of
each line):

- *before*: the grammar as it was: one token per bid, card and discard (``p p o 9s ah th``);
- *after*: several bids in one token (``ppo``), a hand's cards in one token
  (``ahthjh9h...``), and, with the deal recorded, each card by its rank alone when the
  record says which (``atj9...``) and the last trick filled in;
- *score-only*: the bidding and ``t4`` (the makers' tricks), no cards at all.

Each script is fed to the recorder (``recorder.grammar.Session``, filling in after each
line as the live recorder does) and must give back the hand's exact result, so a shortcut
that guessed would fail here rather than count. It prints figures; it asserts nothing
about speed or counts (the targets are in the entry issue: a full hand without ``deal``
<= 55, the play with ``deal`` <= 35, a score-only hand <= 14).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from euchre_log.engine.actions import Play  # noqa: E402
from euchre_log.engine.cards import CARD_TEXT, SEATS, Seat, parse_card  # noqa: E402
from euchre_log.engine.knowledge import knowledge  # noqa: E402
from euchre_log.engine.rules import Rules  # noqa: E402
from euchre_log.engine.text import parse_line  # noqa: E402
from euchre_log.formats.load import load_games  # noqa: E402
from euchre_log.recorder.grammar import RANK_WORDS, Session  # noqa: E402

GAMES = [
    ROOT / "sample_logs" / f"{name}-game.json"
    for name in ("classic", "family", "north-american", "canadian")
]
EGN = ROOT / "tests" / "corpora" / "egn"
RANK_KEYS = {"seven": "7", "eight": "8", "nine": "9", "ten": "t", "jack": "j"}
RANK_KEYS.update({"queen": "q", "king": "k", "ace": "a"})
PLAIN = {"pass", "order", "call", "discard", "play", "defend_alone"}


@dataclass(frozen=True)
class Hand:
    """One hand to enter: its record, the game's rules, and the full deal if known."""

    name: str
    rules: Rules
    dealer: int
    upcard: int
    actions: list[dict[str, Any]]
    deal: dict[Seat, tuple[int, ...]] | None
    result: tuple[Any, ...]


def keystrokes(lines: list[str]) -> int:
    """Characters typed, with Enter at the end of each line."""
    return sum(len(line) + 1 for line in lines)


def _bid(a: dict[str, Any]) -> str:
    if a["type"] == "pass":
        return "p"
    if a["type"] == "order":
        return "o!" if a.get("alone") else "o"
    return str(a["suit"]).lower() + ("!" if a.get("alone") else "")


def before(hand: Hand) -> tuple[list[str], list[str]]:
    """The old grammar's shortest form: (setup lines, play lines)."""
    setup = [f"{CARD_TEXT[hand.upcard].lower()}"]
    words: list[str] = []
    for a in hand.actions:
        t = a["type"]
        if t in ("pass", "order", "call"):
            words.append(_bid(a))
        elif t == "discard":
            words.append((a["card"] or "?").lower())
        elif t == "defend_alone":
            words.append(f"defend {a['seat'].lower()}")
    setup[0] += " " + " ".join(words) if words else ""
    plays = [a["card"].lower() for a in hand.actions if a["type"] == "play"]
    return setup, [" ".join(plays)] if plays else []


def after(hand: Hand, with_deal: bool) -> tuple[list[str], list[str]]:
    """The new grammar's shortest form: bids run together, cards in one token, ranks when
    the record says which card, the last trick left to the recorder."""
    bids = "".join(_bid(a) for a in hand.actions if a["type"] in ("pass", "order", "call"))
    setup = [CARD_TEXT[hand.upcard].lower() + (" " + bids if bids else "")]
    for a in hand.actions:
        if a["type"] == "discard":
            setup[0] += " " + (a["card"] or "?").lower()
        elif a["type"] == "defend_alone":
            setup[0] += f" defend {a['seat'].lower()}"
    session = _session(hand, with_deal)
    session.feed(setup[0])
    lines: list[list[tuple[str, str]]] = [[]]
    plays = [a for a in hand.actions if a["type"] == "play"]
    for k, a in enumerate(plays):
        current = session.hand
        if current is None or sum(current.plays_made(s) for s in SEATS) > k:
            continue  # filled in already
        if session.forced() is not None:
            # The live recorder plays what the record proves after a line: end the line.
            session.fill_forced()
            lines.append([])
            continue
        card = parse_card(a["card"])
        text = fed = CARD_TEXT[card].lower()
        if with_deal:
            rank = RANK_WORDS[card & 7]
            hand_state = session.hand
            assert hand_state is not None
            try:
                if parse_line(rank, hand_state) == (Play(hand_state.turn, card),):
                    text, fed = RANK_KEYS[rank], rank  # q alone would be quit: fed as a word
            except ValueError:
                pass
        lines[-1].append((text, CARD_TEXT[card].lower()))
        session.feed(fed)
    return setup, [_join(line) for line in lines if line]


def _join(pieces: list[tuple[str, str]]) -> str:
    """Cards and ranks run together into as few tokens as the grammar reads back: a run of
    ranks stays a run of ranks, a run of cards a run of cards. A queen by its rank alone
    would be ``q`` (quit), so a lone one is written as its card."""
    runs: list[tuple[str, list[tuple[str, str]]]] = []
    for short, full in pieces:
        kind = "rank" if len(short) == 1 else "card"
        if runs and runs[-1][0] == kind:
            runs[-1][1].append((short, full))
        else:
            runs.append((kind, [(short, full)]))
    out = []
    for kind, run in runs:
        if kind == "rank" and len(run) == 1 and run[0][0] == "q":
            out.append(run[0][1])
        else:
            out.append("".join(short for short, _ in run))
    return " ".join(out)


def score_only(hand: Hand) -> list[str]:
    setup, _ = after(hand, with_deal=False)
    line = setup[0].split()
    words = [w for w in line if w != "?"]  # the recorder puts in the unseen discard
    maker_team = _result_maker_team(hand)
    tricks = hand.result[1][maker_team]
    return [" ".join(words) + f" t{tricks}"]


def _result_maker_team(hand: Hand) -> int:
    maker = hand.result[0]
    return int(maker) & 1


def _session(hand: Hand, with_deal: bool) -> Session:
    session = Session(hand.rules, Seat(hand.dealer))
    if with_deal and hand.deal:
        for seat, cards in hand.deal.items():
            session.feed(f"deal {'NESW'[seat]} " + " ".join(CARD_TEXT[c] for c in cards))
    return session


def replays(hand: Hand, lines: list[str], with_deal: bool) -> bool:
    """Does the script give back the hand's result, the live recorder filling in?"""
    session = _session(hand, with_deal)
    try:
        for line in lines:
            session.feed(line)
            session.fill_forced()
    except ValueError:
        return False
    (r,) = session.game.results()
    return (r.maker, r.tricks, r.points, r.outcome) == hand.result


def hands() -> Iterator[Hand]:
    """Every plain hand (bids, a discard, plays) of the sample games and the EGN corpus
    that was played out, with the deal worked out from the play."""
    paths = [*GAMES, *sorted(EGN.rglob("*.egn"))]
    for path in paths:
        try:
            loaded_games = load_games(path)
        except ValueError:
            continue  # the corpus keeps some broken files, for the reader's tests
        for loaded in loaded_games:
            game = loaded.game
            for k, state in enumerate(game.hands):
                doc = [dict(a) for a in json.loads(json.dumps(loaded.log.hands[k].actions))]
                if state.outcome not in ("made", "march", "euchred") or any(
                    a["type"] not in PLAIN for a in doc
                ):
                    continue
                if state.flags:
                    continue
                deal: dict[Seat, tuple[int, ...]] = {}
                for seat in knowledge(state):
                    if seat.dealt is not None and len(seat.dealt) == 5:
                        deal[seat.seat] = seat.dealt
                r = game.results()[k]
                yield Hand(
                    f"{path.name} hand {k + 1}",
                    game.rules,
                    state.dealer,
                    state.upcard,
                    doc,
                    deal if len(deal) == sum(state.active(s) for s in SEATS) else None,
                    (r.maker, r.tricks, r.points, r.outcome),
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print each hand's scripts")
    args = parser.parse_args()
    rows: dict[str, list[int]] = {k: [] for k in ("full_b", "full_a", "deal_b", "deal_a", "so")}
    failures = 0
    count = 0
    for hand in hands():
        count += 1
        sb, pb = before(hand)
        sa, pa = after(hand, with_deal=False)
        checks = [
            replays(hand, sb + pb, False),
            replays(hand, sa + pa, False),
            replays(hand, score_only(hand), False),
        ]
        rows["full_b"].append(keystrokes(sb + pb))
        rows["full_a"].append(keystrokes(sa + pa))
        rows["so"].append(keystrokes(score_only(hand)))
        if hand.deal is not None:
            _, db_play = before(hand)
            da_setup, da_play = after(hand, with_deal=True)
            checks.append(replays(hand, da_setup + da_play, True))
            rows["deal_b"].append(keystrokes(db_play))
            rows["deal_a"].append(keystrokes(da_play))
        if not all(checks):
            failures += 1
            print(f"{hand.name}: a script does not give the hand back: {checks}")
        if args.verbose:
            print(hand.name, sb + pb, "|", sa + pa, "|", score_only(hand))
    print(f"Keystrokes per hand, over {count} hands of the sample games and the EGN corpus")
    print(f"(median, with the 90th percentile; {failures} script(s) failed to replay)")
    table = [
        ("a full hand, no deal recorded", rows["full_b"], rows["full_a"], "<= 55"),
        ("the play, with the deal recorded", rows["deal_b"], rows["deal_a"], "<= 35"),
        ("a score-only hand", rows["full_b"], rows["so"], "<= 14"),
    ]
    print(f"{'':36} {'before':>14} {'after':>14}   target")
    for label, b, a, target in table:
        print(f"{label:36} {_fmt(b):>14} {_fmt(a):>14}   {target}")


def _fmt(values: list[int]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"{statistics.median(values):g} ({p90})"


if __name__ == "__main__":
    main()
