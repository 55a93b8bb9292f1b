"""Entry at the pace of the table: score-only hands and tricks recorded without their cards.

The ``tricks`` action (LOG_FORMAT.md): "the rest of the hand was not recorded card by
card: from the current trick boundary on, NS took NS tricks and EW took EW". Scored
exactly as a played hand, by seed 000's table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_log.engine.actions import Tricks
from euchre_log.engine.cards import SEATS, SOUTH, Seat
from euchre_log.engine.flags import IllegalAction
from euchre_log.recorder.grammar import EntryError, Session

from .conftest import Cli
from .helpers import log, session


@pytest.mark.parametrize(
    ("script", "outcome", "points"),
    [
        # 000: "Partnership making trump wins 3 or 4 tricks: partnership scores 1 point"
        ("9h p o tricks 4", "made", (0, 1)),
        ("9h p o t3", "made", (0, 1)),
        # "Partnership making trump wins 5 tricks: partnership scores 2 points"
        ("9h p o t5", "march", (0, 2)),
        # "Partnership is euchred: opponents score 2 points"
        ("9h p o t2", "euchred", (2, 0)),
        # "Lone hand wins 3 or 4 tricks: 1 point"; "Lone hand wins 5 tricks: 4 points"
        ("9h p o! t4", "made", (0, 1)),
        ("9h p o! t5", "march", (0, 4)),
        # "Lone hand is euchred: opponents score 2 points"
        ("9h p o! t0", "euchred", (2, 0)),
        # A team named: North-South took 1 of the 5, so East-West (the makers) took 4.
        ("9h p o tricks NS 1", "made", (0, 1)),
    ],
)
def test_a_score_only_hand_scores_as_a_played_hand(
    script: str, outcome: str, points: tuple[int, int]
) -> None:
    (r,) = session(script).game.results()
    assert (r.outcome, r.points) == (outcome, points)
    assert sum(r.tricks) == 5


def test_a_score_only_hand_defended_alone_scores_the_lone_defender_s_4() -> None:
    """000: "Lone hand is euchred when opponent defends alone: opponents score 4"."""
    (r,) = session("9h p o! defend N t1", {"preset": "family"}).game.results()
    assert (r.outcome, r.points, r.defender_alone) == ("euchred", (4, 0), 0)


def test_tricks_after_some_played_tricks_count_the_rest() -> None:
    s = session("9h o 9s\nah th jh 9h\ntricks 2")  # NS (makers) took trick 1 and 2 more
    (r,) = s.game.results()
    assert r.tricks == (3, 2) and r.outcome == "made" and r.points == (1, 0)
    hand = s.game.hands[0]
    assert hand.unrecorded == 4 and hand.finished
    assert hand.actions[-1] == Tricks(2, 2)


def test_the_recorder_puts_in_the_unseen_discard_of_a_score_only_hand() -> None:
    s = session("9h o tricks 4")
    actions = s.game.hands[0].actions
    assert [a.TYPE for a in actions] == ["order", "discard", "tricks"]


def test_tricks_are_refused_where_they_cannot_be() -> None:
    s = session("9h o 9s\nah th")
    with pytest.raises(EntryError, match="trick 1 is under way"):
        s.feed("tricks 3")
    with pytest.raises(EntryError, match="cannot take 6 tricks: only 5 remain"):
        session("9h o 9s").feed("t6")
    with pytest.raises(EntryError, match="once trump is made"):
        session("9h p").feed("tricks 3")
    hand = session("9h o 9s").game.hands[0]
    with pytest.raises(IllegalAction, match="they add up to 4 and 5 tricks remain"):
        hand.apply(Tricks(3, 1))
    with pytest.raises(IllegalAction, match="discards first"):
        session("9h o").game.hands[0].apply(Tricks(3, 2))


def test_a_renege_call_pending_when_the_rest_goes_without_cards_is_unresolved() -> None:
    s = session("9h o 9s\nah 9d jh 9h\nrenege E 1\ntricks 2")
    (r,) = s.game.results()
    assert [f.kind for f in r.flags] == ["unresolved_renege_call"]
    assert r.outcome == "made"


MIXED = """9h p o tricks 4
9c p p p p
d t2
ah o 9s
ac kc 9c jc
tricks EW 1
"""


def test_a_game_of_score_only_and_partly_recorded_hands_goes_everywhere(
    cli: Cli, tmp_path: Path
) -> None:
    assert cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W").exit_code == 0
    recorded = cli("record", input=MIXED)
    assert recorded.exit_code == 0, recorded.output
    assert "E (Bob) made it with 4 tricks (without the cards)." in recorded.stdout
    summary = json.loads(cli("summary", "1", "--json").stdout)
    assert [(h["outcome"], h["points"]) for h in summary["hands"]] == [
        ("made", {"NS": 0, "EW": 1}),
        ("euchred", {"NS": 2, "EW": 0}),
        ("made", {"NS": 1, "EW": 0}),
    ]
    replay = cli("replay", "1").stdout
    assert "Not recorded card by card: the whole hand, NS 1 and EW 4." in replay
    assert "Not recorded card by card: tricks 2 to 5, NS 3 and EW 1." in replay
    stats = cli.json("stats")
    bob = next(p for p in stats["players"] if p["name"] == "Bob")
    assert (bob["calls"], bob["made"], bob["euchred"]) == (2, 1, 1)
    # JSON, EGN and CSV exports; the JSON and the EGN import back equal.
    for fmt in ("json", "egn"):
        out = tmp_path / f"game.{fmt}"
        assert cli("export", "1", "--format", fmt, "-o", str(out)).exit_code == 0
        answer = cli.json("import", "--allow-duplicates", str(out))  # game 1 holds it
        (item,) = answer["imported"]
        again = json.loads(cli("summary", str(item["id"]), "--json").stdout)
        assert again["hands"] == summary["hands"], fmt
    csv_text = cli("export", "1", "--format", "csv").stdout
    assert csv_text.count("\n") == 4  # a header and three hands


def test_a_file_with_a_tricks_action_is_read_and_checked() -> None:
    from euchre_log.formats.reader import LogError, play_log, read_log

    actions: list[dict[str, Any]] = [
        {"type": "pass", "seat": "N"},
        {"type": "order", "seat": "E"},
        {"type": "discard", "seat": "W", "card": None},
        {"type": "tricks", "NS": 0, "EW": 5},
    ]
    game = play_log(read_log(log([{"dealer": "W", "upcard": "9H", "actions": actions}])))
    (r,) = game.results()
    assert (r.outcome, r.points) == ("march", (0, 2))
    actions[-1] = {"type": "tricks", "NS": 1, "EW": 5}
    with pytest.raises(LogError, match=r"hand 1, action 3: .*add up to 6"):
        play_log(read_log(log([{"dealer": "W", "upcard": "9H", "actions": actions}])))


# --- Claims -------------------------------------------------------------------------

from euchre_log.engine.actions import Claim, Play  # noqa: E402
from euchre_log.engine.cards import CARD_TEXT, parse_card  # noqa: E402
from euchre_log.engine.game import GameState  # noqa: E402
from euchre_log.engine.rules import Rules  # noqa: E402

from .brute import NEVER, Brute, masks_to_sets  # noqa: E402
from .helpers import ORDER_UP_DEAL  # noqa: E402


def test_a_good_claim_scores_the_rest_for_the_claimers() -> None:
    """Seed 001's ordering-up deal, hearts trump, every hand shown. After trick 4 (N's K♥
    wins) N leads Q♥ and W still holds J♦, the left bower: W's claim of the last trick
    is good whatever N leads."""
    s = session(ORDER_UP_DEAL + "9h o 9s\nah th jh 9h\nac qc 9c jc\nkd ad td 9d\nkc kh ks ts")
    s.feed("claim W")
    (r,) = s.game.results()
    assert r.flags == () and r.tricks == (3, 2) and r.outcome == "made"
    hand = s.game.hands[0]
    assert hand.claim_known and hand.claimed == 3 and hand.unrecorded == 1


def test_a_claim_the_other_side_could_beat_is_flagged_with_the_play_that_beats_it() -> None:
    # After trick 3 (W's A♦ wins) W leads; W still holds J♦, the left bower: N's claim of
    # the last two tricks fails to J♦, whatever N-S do.
    s = session(ORDER_UP_DEAL + "9h o 9s\nah th jh 9h\nac qc 9c jc\nkd ad td 9d\nclaim N")
    (r,) = s.game.results()
    (flag,) = r.flags
    assert (flag.kind, flag.seat, flag.trick) == ("bad_claim", 0, 4)
    assert flag.message == (
        "N claimed the rest of the tricks, but W could win trick 4 with JD (the left bower, "
        "a heart)"
    )
    assert r.tricks == (4, 1)  # scored as claimed, as tables do when nobody objects


def test_a_claim_whose_cards_are_not_all_known_is_not_checked() -> None:
    s = session("9h o 9s\nah th jh 9h\nclaim S")
    hand = s.game.hands[0]
    (r,) = s.game.results()
    assert r.flags == () and not hand.claim_known and r.outcome == "march"
    assert "it was not checked" in session_replay(s)


def session_replay(s: Any) -> str:
    from rich.console import Console

    from euchre_log.render.replay import action_sentence

    hand = s.game.hands[0]
    console = Console(width=200, record=True)
    console.print(action_sentence(hand, hand.actions[-1], {}))
    return console.export_text()


def test_claims_are_refused_where_they_cannot_be() -> None:
    with pytest.raises(EntryError, match="trick 1 is under way"):
        session("9h o 9s\nah").feed("claim S")
    with pytest.raises(EntryError, match="sits out"):
        session("9h o! 9s").feed("claim S")


def _random_claims(seed: int) -> list[tuple[GameState, int]]:
    """Hands dealt at random with every deal shown, played legally to a random trick
    boundary, then claimed by a random playing seat."""
    import random

    from euchre_log.engine.simulate import random_hand

    rng = random.Random(seed)
    rules = Rules.build({"preset": "family"})
    out = []
    for _ in range(40):
        dealt = random_hand(rng, rules, Seat(rng.randrange(4)))
        game = GameState(rules)
        hand = game.start_hand(
            dealt.dealer,
            dealt.upcard,
            deal=dict(zip(SEATS, dealt.hands, strict=True)),
            kitty=dealt.kitty,
        )
        stop = rng.randrange(0, 5)
        for action in dealt.actions:
            if hand.trump >= 0 and hand.trick == stop and not hand.trick_pos and hand.phase == 3:
                break
            hand.apply(action)
        if hand.phase != 3 or hand.trick_pos:
            continue
        seats = [s for s in range(4) if hand.active(Seat(s))]
        out.append((game, rng.choice(seats)))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_claims_are_judged_exactly_as_a_brute_force_search_judges_them(seed: int) -> None:
    """Every claim against the separate brute force of tests/brute.py: the claim is bad
    exactly when the other side can win a trick against the claimers' best play, and the
    flag names the first trick they can force."""
    for game, claimer in _random_claims(seed):
        hand = game.hands[0]
        if hand.slack[hand.dealer]:
            continue  # an unseen discard: the claim cannot be checked, tested above
        hands = [hand.possible_cards(Seat(s)) if hand.active(Seat(s)) else 0 for s in range(4)]
        brute = Brute(hand.trump, hand.sitting)
        first = brute.first_loss(masks_to_sets(hands), hand.turn, (), claimer & 1)
        hand.apply(Claim(Seat(claimer)))
        assert hand.claim_known
        flags = [f for f in hand.flags if f.kind == "bad_claim"]
        if first == NEVER:
            assert flags == []
        else:
            (flag,) = flags
            assert flag.trick == hand.trick + first, (flag.message, CARD_TEXT[flag.card or 0])
            assert flag.accused is not None and flag.accused & 1 != claimer & 1


def test_the_recorder_claims_for_the_seat_on_lead_by_default() -> None:
    s = session(ORDER_UP_DEAL + "9h o 9s\nah th jh 9h\nclaim")
    hand = s.game.hands[0]
    assert hand.claimed == 2  # S won trick 1 and leads
    assert Play(SOUTH, parse_card("ac")) not in hand.actions


# --- The recorder at the table -------------------------------------------------------


def test_a_card_typed_after_trick_3_is_said_as_what_it_was_stored_as(cli: Cli) -> None:
    """A line that looks like the next hand's upcard, typed while tricks remain, is stored
    as a play only because it is one, and the recorder says so plainly."""
    assert cli("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W").exit_code == 0
    script = "9h o 9s\nah th jh 9h\nac qc 9c jc\nkd ad td 9d\nkc\n"
    result = cli("record", input=script)
    assert result.exit_code == 0, result.output
    assert "Trick 4 so far: W (Dan) led K♣; N (Ann) to play." in result.stdout


def test_record_never_resumes_an_imported_game_unless_named(cli: Cli) -> None:
    from .conftest import SAMPLES

    cli.json("import", str(SAMPLES / "renege-called-mid-hand.json"))  # not won: in progress
    result = cli("record", input="9c\n")
    assert result.exit_code == 2 and "an imported game is resumed only when named" in result.stderr
    listed = cli.json("games")["games"]
    assert listed[0]["source"] == "imported"
    assert "(imported)" in cli("games").stdout
    named = cli("record", "1", input="show\n")
    assert named.exit_code == 0, named.output


def test_summary_without_a_number_shows_the_last_game_finished_or_not(cli: Cli) -> None:
    from .conftest import SAMPLES

    cli.json("import", str(SAMPLES / "family-game.json"))  # finished: EW won
    shown = cli("summary")
    assert shown.exit_code == 0 and "won 10-8 after 13 hands" in shown.stdout


def test_resume_and_show_say_the_bidding_the_tricks_and_the_open_calls() -> None:
    from rich.console import Console

    from euchre_log.render.live import resume

    s = session("9h p o 9s\nah 9d jh 9h\nrenege E 1\nac qc")
    console = Console(width=100, record=True)
    for line in resume(s, {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}, flags=True):
        console.print(line)
    text = console.export_text()
    assert "Hand 1, the bidding: N (Ann) passed; E (Bob) assisted; W (Dan) discarded 9S." in text
    assert "Trick 1: " in text and "Trick 2 so far: S (Cat) led A♣, W (Dan) Q♣" in text
    assert "E (Bob) for trick 1: not proven yet" in text


@pytest.mark.parametrize("width", [80, 50])
def test_the_status_header_fits_the_terminal(width: int) -> None:
    """At 80 columns, and on a phone's 50: the header breaks between its pieces, never
    inside one."""
    from rich.console import Console

    from euchre_log.render.live import status

    players = {"N": "Annabelle", "E": "Bartholomew", "S": "Catherine", "W": "Daniella"}
    s = session("9h p o! defend N 9s\nah", {"preset": "family"}, initial=(8, 9))
    console = Console(width=width, record=True)
    console.print(status(s, players))
    lines = console.export_text().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= width, lines
    header = " ".join(line.strip() for line in lines[:3])
    assert "trump ♥ by E (Bartholomew) alone" in header and "score NS 8, EW 9" in header


def test_the_rules_prompt_describes_the_presets_in_plain_words() -> None:
    from euchre_log.engine.rules import Rules
    from euchre_log.render.words import rules_in_brief

    assert rules_in_brief(Rules.build({"preset": "family"})) == (
        "stick-the-dealer off, defending alone worth 4, a renege costs 2 (4 against a lone "
        "hand), to 10"
    )
    assert "a renege costs 2, to 10" in rules_in_brief(Rules.build({"preset": "canadian"}))


def test_one_hand_is_one_hand(cli: Cli, tmp_path: Path) -> None:
    from .conftest import SAMPLES

    result = cli("import", str(SAMPLES / "seed001-ordering-up.json"))
    assert "(1 hand, score NS 1, EW 0)" in result.stdout


def test_a_finished_game_is_not_offered_for_resuming(cli: Cli) -> None:
    from euchre_log.recorder.recording import Recorder
    from euchre_log.store.access import open_store

    from .conftest import SAMPLES

    cli.json("import", str(SAMPLES / "family-game.json"))
    from euchre_log.cli.record import goodbye

    store = open_store(str(cli.db))
    try:
        assert "Resume with" not in goodbye(Recorder(store, 1))
    finally:
        store.close()


# --- Fewer keystrokes, nothing guessed -------------------------------------------------


def test_scripts_in_the_old_grammar_record_the_same_games() -> None:
    """Every sample game, typed the way the grammar always took it (one token per bid and
    card, the last trick typed out, deals where recorded), records the same actions, the
    cards the recorder would fill in being taken as typed."""
    from euchre_log.engine.cards import parse_seat
    from euchre_log.formats.load import load_games

    from .conftest import SAMPLES
    from .helpers import tokens_from_log

    for path in sorted(SAMPLES.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        (loaded,) = load_games(path)
        rules = loaded.game.rules
        dealer = parse_seat(doc["hands"][0]["dealer"])
        score = doc["game"].get("initial_score", {})
        s = Session(rules, dealer, (score.get("NS", 0), score.get("EW", 0)))
        for line in tokens_from_log(doc):
            s.feed(line)
        assert [h.actions for h in s.game.hands] == [h.actions for h in loaded.game.hands], (
            path.name
        )


def test_the_shortest_forms_of_the_keystroke_benchmark_give_every_hand_back() -> None:
    """benchmarks/keystrokes.py: bid runs, card runs, ranks and the filled-in last trick
    must record exactly the hand they stand for (the benchmark would count a guess)."""
    from benchmarks.keystrokes import after, before, hands, keystrokes, replays, score_only

    checked = 0
    for hand in hands():
        if not hand.name.endswith(".json", 0, hand.name.index(" hand")):
            continue  # the sample games; the EGN corpus runs in the benchmark itself
        sb, pb = before(hand)
        sa, pa = after(hand, with_deal=False)
        assert replays(hand, sb + pb, False) and replays(hand, sa + pa, False), hand.name
        assert replays(hand, score_only(hand), False), hand.name
        assert keystrokes(sa + pa) < keystrokes(sb + pb)
        if hand.deal is not None:
            da, dp = after(hand, with_deal=True)
            assert replays(hand, da + dp, True), hand.name
        checked += 1
    assert checked > 20


def test_a_card_by_its_rank_is_taken_only_when_the_record_says_which() -> None:
    """Seed 001's deal: N holds one ace (A♥), so ``a`` is A♥, and E one ten. A rank the
    seat does not hold is refused, and without the deal a rank alone is refused: the record
    cannot say which card it was."""
    s = session(ORDER_UP_DEAL + "9h o 9s")
    s.feed("a t")  # N A♥, E 10♥ (E's only ten)
    assert [a.card for a in s.game.hands[0].actions[-2:]] == [  # type: ignore[union-attr]
        parse_card("ah"),
        parse_card("th"),
    ]
    with pytest.raises(EntryError, match="which nine\\? E's hand is not known"):
        session("9h o 9s\nah").feed("9")
    with pytest.raises(EntryError, match="S holds no nine that the record knows of"):
        session(ORDER_UP_DEAL + "9h o 9s\nah th").feed("9")  # S: JH AC KD QS TS


@pytest.mark.parametrize(
    ("token", "apart"),
    [("kt9ha", "kt 9h a"), ("ahk", "ah k"), ("q10d", "q 10d"), ("9hkq", "9h kq")],
)
def test_a_run_mixing_ranks_alone_and_whole_cards_is_refused_saying_why(
    token: str, apart: str
) -> None:
    s = session("deal N ah kh qh td 9c\n9h o 9s")
    with pytest.raises(EntryError) as refused:
        s.feed(token)
    said = str(refused.value)
    assert said.startswith(f"{token!r} mixes cards by rank alone (")
    assert "a run is all ranks alone (like kt9) or all cards with their suits" in said
    assert said.endswith(f"Type them apart: {apart}")


def test_a_token_that_is_no_run_at_all_is_still_not_a_card() -> None:
    with pytest.raises(EntryError, match="'akx' is not a card to play"):
        session("9h o 9s").feed("akx")
