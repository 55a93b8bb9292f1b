"""Fingerprints: the short form of a game's head that players keep outside the database."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_log.formats.fingerprint import FingerprintError, fingerprint, parse_fingerprint

from .conftest import SAMPLES, Cli, Database

PATTERN = r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}"


@given(st.binary())
def test_a_fingerprint_reads_back_however_it_is_typed(data: bytes) -> None:
    mark = fingerprint(hashlib.sha256(data).hexdigest())
    assert len(mark) == 19
    assert parse_fingerprint(mark) == mark
    assert parse_fingerprint(mark.lower().replace("-", " ")) == mark
    assert parse_fingerprint(mark.replace("0", "O").replace("1", "l")) == mark


@pytest.mark.parametrize("text", ["", "ABCD-EFGH-JKMN-PQR", "ABCD-EFGH-JKMN-PQRSU", "ABCD!EFGH"])
def test_what_is_not_a_fingerprint_is_refused_in_words(text: str) -> None:
    with pytest.raises(FingerprintError, match="is not a fingerprint"):
        parse_fingerprint(text)


def test_the_recorder_summary_and_verify_show_the_same_fingerprint(cli: Cli, db: Database) -> None:
    game = cli.json("new", "--players", "Ann,Bob,Cat,Dan", "--dealer", "W", "--score", "9-0")["id"]
    # NS need one point: a march by N ends the game.
    result = cli("record", str(game), input="9h o 9s\nah th jh 9h\n")
    assert result.exit_code == 0
    summary = cli.json("summary", str(game))
    mark = summary["fingerprint"]
    verified = json.loads(cli("verify", "--json").stdout)
    assert verified["records"] == [
        {"game": game, "last_entry": summary["last_entry"], "fingerprint": mark, "reopened": []}
    ]
    assert f"Fingerprint {mark} (the record up to its entry" in cli("summary", str(game)).stdout
    assert cli("verify", str(game), "--fingerprint", mark.lower()).exit_code == 0
    # An entry added since: the old fingerprint still matches the record up to it.
    assert cli("record", str(game), input="ks\n").exit_code == 0
    later = cli("verify", str(game), "--fingerprint", mark)
    assert later.exit_code == 0
    assert "is as it was; 1 entry was added since (entry" in later.stdout
    wrong = cli("verify", str(game), "--fingerprint", "7K3Q-M9XD-A2PW-TR4H")
    assert wrong.exit_code == 1 and "NO MATCH" in wrong.stdout
    assert cli("verify", str(game), "--fingerprint", "7K3Q").exit_code == 2
    assert cli("verify", "--fingerprint", mark).exit_code == 2


def test_the_recorder_says_the_fingerprint_when_the_game_ends(cli: Cli, db: Database) -> None:
    from euchre_log.cli.record import goodbye
    from euchre_log.recorder.recording import Recorder
    from euchre_log.store.access import open_store

    cli.json("import", str(SAMPLES / "classic-game.json"))  # finished
    store = open_store(str(db))
    try:
        said = goodbye(Recorder(store, 1))
    finally:
        store.close()
    mark = cli.json("summary", "1")["fingerprint"]
    assert f"Its fingerprint is {mark}" in said
    assert f"euchre-log verify 1 --fingerprint {mark}" in said


def test_an_export_carries_its_seals_fingerprint(cli: Cli, db: Database, tmp_path: Path) -> None:
    cli.json("import", str(SAMPLES / "renege-dispute.json"))
    out = tmp_path / "game.json"
    written = cli("export", "1", "-o", str(out), "--json")
    doc = json.loads(out.read_text())
    seal = doc["game"]["fingerprint"]
    assert seal == fingerprint(doc["game"]["head_hash"])
    assert json.loads(written.stdout)["fingerprint"] == seal
    assert cli("check", str(out)).exit_code == 1  # read, with its renege flag
    result = cli("verify", "1", "--fingerprint", seal)
    assert result.exit_code == 0 and "is the seal of an export of it" in result.stdout
    # A file whose fingerprint is not its content's is refused, like a broken head_hash.
    del doc["game"]["head_hash"]
    doc["game"]["players"]["E"] = "Zoe"  # the renege charged to another player
    doc["game"]["fingerprint"] = seal
    out.write_text(json.dumps(doc))
    refused = cli("check", str(out))
    assert refused.exit_code == 2 and "its fingerprint" in refused.output
