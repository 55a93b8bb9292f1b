"""The recorder rewrites only the cached rows of the hands a line touches; after every line
they are exactly what a rebuild of the whole game's caches gives (the rows ``rejudge``
compares), undos across a hand's start included."""

from __future__ import annotations

import random
from pathlib import Path

from euchre_log.engine import Rules
from euchre_log.engine.cards import NORTH, Seat
from euchre_log.engine.record import StartHand
from euchre_log.engine.simulate import random_hand
from euchre_log.recorder import recording
from euchre_log.recorder.recording import Recorder
from euchre_log.store.access import open_store
from euchre_log.store.games import _cache_rows, _cached, _comparable, create_game
from euchre_log.store.journal import hand_heads
from euchre_log.store.schema import FLAG_T, HAND_T

from .helpers import tokens_from_log


def _lines(seed: int, hands: int) -> list[str]:
    """A script of ``hands`` random hands, one token a line, with undos here and there
    (each undone line typed again)."""
    from euchre_log.engine.game import GameState
    from euchre_log.formats.writer import game_info, log_dict

    rng = random.Random(seed)
    rules = Rules.build({"preset": "family", "target": 1000})
    state = GameState(rules)
    dealer = 0
    for _ in range(hands):
        dealt = random_hand(rng, rules, Seat(dealer))
        state.start_hand(dealt.dealer, dealt.upcard).extend(dealt.actions)
        dealer = (dealer + 1) % 4
    doc = log_dict(game_info(dict(zip("NESW", "ABCD", strict=True)), rules), state)
    out: list[str] = []
    typed: list[str] = []  # one entry a token
    for line in tokens_from_log(doc):
        words = [line] if line.startswith(("deal", "defend")) else line.split()
        for word in words:
            out.append(word)
            typed.append(word)
            if rng.random() < 0.08:
                out += ["undo", word]
            if rng.random() < 0.03 and len(typed) >= 2:
                out += ["undo", "undo", *typed[-2:]]  # back across a hand's start, maybe
    # Lines of one to three tokens: a line may end one hand and start the next.
    lines: list[str] = []
    i = 0
    while i < len(out):
        take = 1 if out[i] == "undo" or out[i].startswith(("deal", "defend")) else rng.randint(1, 3)
        group = []
        for word in out[i : i + take]:
            if word == "undo" or word.startswith(("deal", "defend")):
                break
            group.append(word)
        group = group or [out[i]]
        lines.append(" ".join(group))
        i += len(group)
    return lines


def test_the_cached_rows_after_each_line_are_those_of_a_whole_rebuild(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "c.db"))
    gid = create_game(
        store,
        dict(zip("NESW", ["A", "B", "C", "D"], strict=True)),
        Rules.build({"preset": "family", "target": 1000}),
        first_dealer=0,
    )
    rec = Recorder(store, gid, fill=False)
    checked = 0
    for n, line in enumerate(_lines(11, 12)):
        rec.feed(line)
        if n % 7 and line != "undo":
            continue
        with store.reading() as conn:
            uid = rec.stored.uid
            hands, flags = _cache_rows(gid, rec.session.game, hand_heads(conn, gid, uid))
            assert _cached(conn, HAND_T, gid, "number") == _comparable(hands), n
            assert _cached(conn, FLAG_T, gid, "id") == _comparable(flags), n
        checked += 1
    assert checked > 30
    store.close()


def test_the_tail_hand_numbers_are_the_records() -> None:
    rng = random.Random(3)
    history: list[object] = []
    hands = 0
    for _ in range(300):
        if rng.random() < 0.1:
            history.append(StartHand(NORTH, 1))
            hands += 1
        elif hands:
            history.append(object())
    numbers, n = [], 0
    for entry in history:
        n += isinstance(entry, StartHand)
        numbers.append(n)
    for start in (0, 1, 50, len(history) - 1, len(history)):
        assert recording._tail_hands(history, hands, start) == numbers[start:]  # type: ignore[arg-type]
