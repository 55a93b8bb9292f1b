"""``serve``'s HTTP interface as SERVE.md writes it: tokens (401), a seat acting for itself
only (403), refusals in the recorder's words (422), idempotent ids, two phones racing,
any byte sequence answered 4xx, never 500, and the game stored as if it had been typed."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_log.engine.cards import EAST, WEST
from euchre_log.engine.fair import SAMPLES, fair_review, hand_seed
from euchre_log.engine.review import review_hand
from euchre_log.engine.rules import Rules
from euchre_log.store.games import create_game
from euchre_log.store.read import load_game
from euchre_log.store.review_cache import cached, fair_cached

from .conftest import Cli, Database
from .helpers import ORDER_UP_DEAL, ORDER_UP_PLAY
from .serve_helpers import PLAYERS, Phones


@pytest.fixture
def phones(tmp_path: Path) -> Iterator[Phones]:
    found = Phones(tmp_path / "serve.db")
    yield found
    found.close()


def entries(phones: Phones) -> int:
    assert phones.game is not None
    return load_game(phones.store, phones.game).last_seq


# --- tokens ---------------------------------------------------------------------------


def test_a_request_without_a_valid_token_gets_401(phones: Phones) -> None:
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic x"}):
        for method, path in (("GET", "/api/state"), ("POST", "/api/lines"), ("GET", "/api/events")):
            got = phones.client.request(method, path, headers=headers, json={"line": "9h"})
            assert got.status_code == 401, (headers, path)
            assert got.json()["error"]["message"]
    assert entries(phones) == 0


def test_tokens_are_random_long_and_distinct(phones: Phones) -> None:
    tokens = list(phones.table.tokens.values())
    assert len(set(tokens)) == 5
    assert all(len(t) >= 22 for t in tokens)  # 128 bits in URL-safe base64 at the least


def test_the_page_needs_no_token_and_loads_nothing_from_elsewhere(phones: Phones) -> None:
    page = phones.client.get("/")
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    assert "http" not in page.text.split("<script>")[0].lower().replace("http-equiv", "")
    assert "access-control-allow-origin" not in {k.lower() for k in page.headers}


def test_another_host_name_is_refused(phones: Phones) -> None:
    got = phones.client.get("/api/state", headers={"host": "evil.example:8000", **phones.auth("T")})
    assert got.status_code == 400 and "own address" in got.json()["error"]["message"]


# --- who may do what ------------------------------------------------------------------


def test_a_seat_acts_for_itself_only(phones: Phones) -> None:
    phones.ok("N", "9h")  # the dealer's token turns up the card
    out_of_turn = phones.post("S", "p")
    assert out_of_turn.status_code == 403
    assert out_of_turn.json() == {
        "error": {"message": "'p': it is E's turn to pass or order up hearts"}
    }
    other = phones.post("N", "deal E ah kh qh td 9c")
    assert other.status_code == 403 and "you are N" in other.json()["error"]["message"]
    refused = phones.post("E", "x")
    assert refused.status_code == 422 and "'x'" in refused.json()["error"]["message"]
    assert entries(phones) == 1
    assert phones.ok("E", "p")["to_act"] == "S"


def test_only_the_dealer_or_the_table_turns_up_the_card(phones: Phones) -> None:
    got = phones.post("E", "9h")
    assert got.status_code == 403 and "N deals next" in got.json()["error"]["message"]
    assert phones.ok("T", "9h")["to_act"] == "E"


def test_a_refusal_never_names_a_card_another_seat_entered(phones: Phones) -> None:
    phones.ok("E", "deal E ah kh qh td 9c")
    phones.ok("N", "9s")
    for who in ("E", "S", "W"):
        phones.ok(who, "p")
    phones.ok("N", "o")  # the dealer picks up
    phones.ok("N", "9d")  # its discard: the dealer's own, and hidden
    got = phones.post("T", "ah")  # the table says E led the A♥ E entered: accepted
    assert got.status_code == 200
    refused = phones.post("S", "kh")
    assert refused.status_code == 422
    message = refused.json()["error"]["message"]
    assert "E" not in message.replace("'kh'", ""), message
    assert message == "'kh': another seat entered that card"
    # A seat that entered its cards is told what it entered, no more.
    mine = phones.post("E", "qh")
    assert mine.status_code == 403  # not its turn
    assert entries(phones) == load_game(phones.store, phones.game or 0).last_seq


def test_a_seat_undoes_its_own_last_tap_only(phones: Phones) -> None:
    phones.ok("N", "9h")
    phones.ok("E", "p")
    assert phones.post("S", "undo").status_code == 403
    assert phones.ok("E", "undo")["to_act"] == "E"
    phones.ok("E", "p")
    phones.ok("S", "p")
    assert phones.post("E", "undo").status_code == 403  # S acted since
    assert phones.ok("T", "undo")["to_act"] == "S"  # the table may undo anything


def test_legal_is_what_the_token_could_enter_now(phones: Phones) -> None:
    phones.ok("E", "deal E ah kh qh td 9c")
    phones.ok("N", "9s")
    state = phones.state("E")
    assert state["legal"] == ["p", "o", "o!"] and state["my_cards"] == [
        "AH",
        "KH",
        "QH",
        "TD",
        "9C",
    ]
    assert phones.state("S")["legal"] == []
    assert "my_cards" not in phones.state("T")
    for who in ("E", "S", "W", "N"):
        phones.ok(who, "p")
    phones.ok("E", "h")  # E names hearts
    state = phones.state("E")
    assert state["trump"] == "H" and state["to_act"] == "E"
    assert sorted(state["legal"]) == sorted(["9c", "td", "qh", "kh", "ah"])
    # The table sees every card E could hold as far as the public record shows.
    table = phones.state("T")
    assert "ah" in table["legal"] and "9s" not in table["legal"] and len(table["legal"]) == 23
    phones.ok("E", "9c")
    follows = phones.state("S")
    assert follows["trick"] == [{"seat": "E", "card": "9C"}]


# --- idempotency and races ---------------------------------------------------------------


def test_the_same_id_twice_records_once_and_answers_the_same(phones: Phones) -> None:
    first = phones.ok("N", "9h", id="tap-1")
    again = phones.ok("N", "9h", id="tap-1")
    assert first == again and entries(phones) == 1
    # Another token may use the same id: ids are each token's own.
    assert phones.ok("E", "p", id="tap-1")["to_act"] == "S"
    assert entries(phones) == 2


def test_ids_survive_a_restart(tmp_path: Path) -> None:
    phones = Phones(tmp_path / "serve.db")
    first = phones.ok("N", "9h", id="a")
    tokens = dict(phones.table.tokens)
    phones.close()
    again = Phones(tmp_path / "serve.db", game=1)
    assert again.table.tokens == tokens
    assert again.ok("N", "9h", id="a") == first
    assert entries(again) == 1
    again.close()


def test_a_refused_id_retried_gets_the_same_refusal(phones: Phones) -> None:
    phones.ok("N", "9h")
    first = phones.post("S", "p", id="early")
    assert first.status_code == 403
    phones.ok("E", "p")  # now it is S's turn, but a retry of that tap is that tap
    again = phones.post("S", "p", id="early")
    assert (again.status_code, again.json()) == (403, first.json())
    assert phones.ok("S", "p", id="later")["to_act"] == "W"


def test_a_deal_typed_ahead_on_a_phone_is_stored_at_once(tmp_path: Path) -> None:
    phones = Phones(tmp_path / "serve.db")
    answer = phones.ok("E", "deal E ah kh qh td 9c", id="d")
    assert answer["line"] == 1 and phones.state("E")["my_cards"] == ["AH", "KH", "QH", "TD", "9C"]
    assert phones.state("T")["dealt"] == ["E"] and "my_cards" not in phones.state("T")
    phones.close()
    again = Phones(tmp_path / "serve.db", game=1)  # a restart before the upcard
    assert again.state("E")["my_cards"] == ["AH", "KH", "QH", "TD", "9C"]
    again.ok("N", "9s")
    assert again.state("E")["legal"] == ["p", "o", "o!"]
    assert again.state("E")["my_cards"] == ["AH", "KH", "QH", "TD", "9C"]
    assert again.state("W")["dealt"] == ["E"]
    refused = again.post("T", "p p p o ah")  # the dealer discards E's card? hidden: refused
    assert refused.status_code == 422
    assert refused.json()["error"]["message"] == "'ah': another seat entered that card"
    # In the journal, as if typed: the hand's start holds E's deal.
    assert load_game(again.store, 1).record.game.hands[0].deal[EAST] == tuple(
        again.table.speaker("E").cards or ()
    )
    again.close()


def test_two_phones_tapping_at_once_one_wins(phones: Phones) -> None:
    phones.ok("N", "9h")
    phones.ok("E", "p")
    answers: list[Any] = []
    barrier = threading.Barrier(2)

    def tap(line: str) -> None:
        barrier.wait()
        answers.append(phones.post("S", line))

    threads = [threading.Thread(target=tap, args=(line,)) for line in ("p", "o")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 403], [a.text for a in answers]
    loser = next(a for a in answers if a.status_code == 403)
    said = loser.json()["error"]["message"]  # W's turn after a pass; the discard after "o"
    assert "W's turn" in said or "must discard first" in said, said
    assert entries(phones) == 3


# --- bytes ----------------------------------------------------------------------------------


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.one_of(
        st.binary(max_size=300),
        st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.builds(
            lambda line, id: json.dumps({"line": line, "id": id}).encode(),
            st.one_of(st.text(max_size=60), st.integers(), st.none(), st.lists(st.text())),
            st.one_of(st.text(max_size=120), st.integers(), st.none()),
        ),
    )
)
def test_any_bytes_get_a_4xx_with_a_sentence_or_an_answer(phones: Phones, body: bytes) -> None:
    before = entries(phones)
    got = phones.client.post("/api/lines", headers=phones.auth("T"), content=body)
    assert got.status_code < 500, got.text
    data = got.json()
    if got.status_code != 200:
        assert 400 <= got.status_code < 500 and data["error"]["message"]
        assert entries(phones) == before


def test_a_body_too_long_is_refused_unread(phones: Phones) -> None:
    got = phones.client.post(
        "/api/lines", headers=phones.auth("T"), content=b'{"line": "' + b"a" * 100_000 + b'"}'
    )
    assert got.status_code == 413 and "longer than" in got.json()["error"]["message"]
    deep = phones.client.post("/api/lines", headers=phones.auth("T"), content=b"[" * 50_000)
    assert deep.status_code == 400


# --- the same record as record's ---------------------------------------------------------

HAND = [
    ("E", "deal E ah kh qh td 9c"),
    ("N", "9s"),
    ("N", "deal N as ks qs js 9d"),
    ("E", "p"),
    ("S", "p"),
    ("W", "p"),
    ("N", "o"),
    ("N", "9d"),
    ("E", "ah"),
    ("T", "th"),
    ("T", "jh"),
    ("N", "9s"),
]


def _replayed(cli: Cli, game: int) -> dict[str, Any]:
    result = cli("replay", str(game), "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_a_game_served_reads_as_if_it_had_been_typed(tmp_path: Path) -> None:
    served = Phones(tmp_path / "served.db")
    for who, line in HAND:
        served.ok(who, line)
    served.close()
    typed = Cli(tmp_path / "typed.db")
    assert typed("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "N").exit_code == 0
    lines = "\n".join(line for _, line in HAND) + "\n"
    assert typed("record", "1", input=lines).exit_code == 0
    assert _replayed(Cli(tmp_path / "served.db"), 1) == _replayed(typed, 1)


def test_record_and_serve_on_one_game_stay_consistent(tmp_path: Path) -> None:
    db = tmp_path / "both.db"
    phones = Phones(db)
    phones.ok("N", "9h")
    cli = Cli(db)
    assert cli("record", "1", input="p\n").exit_code == 0  # E passes, typed in a terminal
    assert phones.table.refresh()
    assert phones.state("S")["to_act"] == "S"
    phones.ok("S", "p")
    assert cli("record", "1", input="p\n").exit_code == 0  # W, typed again
    answer = phones.ok("N", "p")  # the server reads the game again before the line
    assert answer["to_act"] == "E" and answer["expected"] == "it is E's turn to pass or name trump"
    assert load_game(phones.store, 1).last_seq == 5
    phones.close()


def test_serve_review_keeps_each_hand_s_reviews_as_it_ends(tmp_path: Path) -> None:
    """``serve --review``: a hand ended on the phones is reviewed on the server's own
    thread and kept for ``review``, exactly as ``review`` would work it out."""
    phones = Phones(tmp_path / "reviewed.db", dealer=WEST, review=True)
    for line in (ORDER_UP_DEAL + ORDER_UP_PLAY).splitlines():
        if line:
            phones.ok("T", line)
    waited = 0.0
    while not phones.reviewed and waited < 120:  # the server's poll keeps it
        time.sleep(0.1)
        waited += 0.1
    (done,) = phones.reviewed
    assert done.number == 1 and done.kept
    hand = load_game(phones.store, 1).game.hands[0]
    assert fair_cached(phones.store, 1, [1], SAMPLES)[1] == fair_review(hand, hand_seed(hand))
    assert cached(phones.store, 1, [1])[1] == review_hand(hand)
    assert phones.table.reviews is not None
    thread = phones.table.reviews._thread
    phones.close()
    thread.join(timeout=10)
    assert not thread.is_alive()  # stopping the server ends its reviews' thread


def test_a_game_started_on_the_table_s_link_is_reviewed_as_its_own(tmp_path: Path) -> None:
    phones = Phones(tmp_path / "started.db", new=False, review=True)
    assert phones.table.reviews is None  # no game yet
    body = {"players": {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}, "dealer": "W"}
    started = phones.client.post("/api/games", headers=phones.auth("T"), json=body)
    assert started.status_code == 200 and started.json()["game"] == 1
    first = phones.table.reviews
    assert first is not None and first.game_id == 1
    phones.table._open(create_game(phones.store, PLAYERS, Rules(), first_dealer=WEST, date=""))
    # The next game on the same links: a reviewer of its own, the last one's thread ended.
    assert phones.table.reviews is not first and phones.table.reviews.game_id == 2
    first._thread.join(timeout=10)
    assert not first._thread.is_alive()
    phones.close()


def test_without_review_the_server_reviews_nothing(phones: Phones) -> None:
    assert phones.table.reviews is None


def test_a_game_on_postgresql_too(any_db: Database) -> None:
    phones = Phones(any_db.target)
    for who, line in HAND[:8]:
        phones.ok(who, line, id=f"{who}{line}")
    assert phones.ok("N", "9d", id="N9d")["to_act"] == "E"  # the same id again: its answer
    assert phones.state("S")["to_act"] == "E"
    phones.close()
