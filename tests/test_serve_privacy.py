"""The privacy rule of SERVE.md, as a property: with the cards a seat entered for itself
changed and everything public kept (the upcard, every bid, every card played, the cards
the table entered), every other token's answers, to its lines and to ``GET /api/state``,
are the same bytes. The hand below has North (the dealer) and East enter their own deals
on their phones, North discard on its own, and the table enter South's and West's cards;
Hypothesis picks the cards North and East hold unseen (and North's discard) from those no
one has shown. Until the hand ends, nothing another phone receives may depend on them."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_log.engine.cards import CARD_TEXT, deck, parse_card

from .serve_helpers import Phones

UPCARD = "9H"
# Two tricks, every card public: E leads, N (the dealer) takes the first and leads again.
N_PLAYS = ["AS", "KS"]
E_PLAYS = ["QS", "JS"]
PLAYS = [
    ("E", "qs"),
    ("T", "ts"),  # S, entered by the table
    ("T", "9s"),  # W
    ("N", "as"),
    ("N", "ks"),
    ("E", "js"),
    ("T", "ac"),
    ("T", "kc"),
]
SHOWN = {UPCARD, *N_PLAYS, *E_PLAYS, "TS", "9S", "AC", "KC"}
UNSEEN = [CARD_TEXT[c] for c in deck(24) if CARD_TEXT[c] not in SHOWN]
"""The cards that no one shows in the hand: North's and East's unseen cards come from these."""

Hidden = tuple[list[str], str, list[str]]  # North's unseen two, its discard, East's three


def hidden_cards() -> st.SearchStrategy[tuple[Hidden, Hidden, Hidden]]:
    """A hand's unseen cards, then the same with North's changed, then with East's
    changed: each a deal that fits the hand, drawn from one shuffle of the unseen cards."""

    def three(p: list[str]) -> tuple[Hidden, Hidden, Hidden]:
        first: Hidden = (p[0:2], p[2], p[3:6])
        return first, (p[6:8], p[8], p[3:6]), (p[0:2], p[2], p[9:12])

    return st.permutations(UNSEEN).map(three)


def play(db: Path, hidden: Hidden) -> dict[str, list[str]]:
    """Play the hand with these unseen cards; every body each token received, in order."""
    n_rest, discard, e_rest = hidden
    phones = Phones(db)
    bodies: dict[str, list[str]] = {w: [] for w in ("T", "N", "E", "S", "W")}

    def step(who: str, line: str) -> None:
        answer = phones.post(who, line)
        assert answer.status_code == 200, (who, line, answer.text)
        bodies[who].append(answer.text)
        for w in bodies:
            bodies[w].append(phones.client.get("/api/state", headers=phones.auth(w)).text)

    n_deal = " ".join(c.lower() for c in [*N_PLAYS, discard, *n_rest])
    e_deal = " ".join(c.lower() for c in [*E_PLAYS, *e_rest])
    step("E", f"deal E {e_deal}")  # typed ahead of the hand, on East's phone
    step("N", UPCARD.lower())
    step("N", f"deal N {n_deal}")  # after the upcard, before North's first card
    for who in ("E", "S", "W"):
        step(who, "p")
    step("N", "o")  # the dealer takes the upcard up
    step("N", discard.lower())  # and puts one down: its own, hidden
    for who, line in PLAYS:
        step(who, line)
    phones.close()
    return bodies


@settings(max_examples=5, deadline=None)
@given(deals=hidden_cards())
def test_no_other_token_sees_a_difference_in_a_seats_own_cards(
    deals: tuple[Hidden, Hidden, Hidden],
) -> None:
    import tempfile

    first, north_changed, east_changed = deals
    with tempfile.TemporaryDirectory() as folder:
        a = play(Path(folder) / "a.db", first)
        b = play(Path(folder) / "b.db", north_changed)
        for who in ("T", "E", "S", "W"):
            assert a[who] == b[who], who
        c = play(Path(folder) / "c.db", east_changed)
        for who in ("T", "N", "S", "W"):
            assert a[who] == c[who], who
        # And the test can fail: each seat itself sees its own cards.
        assert a["N"] != b["N"] and a["E"] != c["E"]


def test_a_call_shows_the_accused_cards_and_its_verdict_to_everyone(tmp_path: Path) -> None:
    phones = Phones(tmp_path / "call.db")
    phones.ok("E", "deal E ah kh qh td 9c")
    phones.ok("N", "9s")
    for who in ("E", "S", "W", "N"):
        phones.ok(who, "p")
    phones.ok("E", "h")  # hearts
    phones.ok("S", "deal S ac kc qc jc tc")
    phones.ok("E", "9c")  # E leads a club
    phones.ok("S", "tc")
    phones.ok("T", "9d")  # W
    # North has no deal entered: it plays the A♥? It is in E's hand, unseen by N: refused
    # in words that do not say where it is.
    refused = phones.post("N", "ah")
    assert refused.status_code == 422
    assert refused.json()["error"]["message"] == "'ah': another seat entered that card"
    phones.ok("N", "js")
    # E followed with 9♣ having... nothing wrong: a call on E is judged false, at once.
    before = phones.state("W")
    assert before["calls"] == [] and "my_cards" in before
    answer = phones.ok("W", "renege E 1")
    state = phones.state("W")
    assert [c["accused"] for c in state["calls"]] == ["E"]
    assert state["calls"][0]["status"] == "false"
    assert answer["flags"] and answer["flags"][0]["kind"] == "false_renege_call"
    # S's own deal stays S's: W's view has no flag or card of it.
    assert all(f.get("accused") != "S" for f in state["flags"])
    assert parse_card("ac") >= 0
    phones.close()
