"""The HTML export without a browser: the command and its refusals, what the page may
contain (escaped data, no request of any kind, unique ids), its size, and the review hook.

``tests/test_html_browser.py`` drives the same pages in Chromium.
"""

from __future__ import annotations

import base64
import hashlib
import re
import sqlite3
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from euchre_log.engine.rules import Rules
from euchre_log.formats.load import load_games
from euchre_log.render.html import (
    CSS,
    SCRIPT,
    GamePage,
    PlayMark,
    Review,
    card_html,
    game_html,
    rules_words,
)

from .conftest import ROOT, SAMPLES, Cli

SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))
HOSTILE = "</script><script>alert(1)</script>"
MATCH = ROOT / "tests/corpora/egn/combination examples/MotE W5 Match.emn"


class Page(HTMLParser):
    """Every start tag of a page with its attributes, and the text of its script and style."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.raw: dict[str, list[str]] = {"script": [], "style": []}
        self._in: str | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in self.raw:
            self._in = tag

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            self.raw[self._in].append(data)

    def ids(self) -> list[str]:
        return [a["id"] for _, a in self.tags if a.get("id")]  # type: ignore[misc]


def page_of(path: Path) -> str:
    pages = [
        GamePage(item.game, item.players, title=item.title, source=path.name)
        for item in load_games(path)
    ]
    return game_html(pages)


def refused(result: Any, words: str) -> None:
    """Exit 2, a message on stderr saying ``words``, and no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert words in result.stderr, result.stderr
    assert "Traceback" not in result.output


# --- The command ------------------------------------------------------------------------


def test_export_html_of_a_stored_game_to_a_file_and_to_stdout(cli: Cli, tmp_path: Path) -> None:
    assert cli("import", str(SAMPLES / "family-game.json")).exit_code == 0
    out = tmp_path / "family.html"
    result = cli("export", "1", "--format", "html", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote game 1 to {out}\n"
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>")
    assert "Friday night at Mom&#x27;s" in text and "game 1" in text
    assert text.count('<section class="hand"') == 13
    printed = cli("export", "1", "-f", "html")
    assert printed.exit_code == 0
    assert printed.stdout == text


def test_export_html_of_a_log_file_needs_no_database(tmp_path: Path) -> None:
    db = tmp_path / "never.db"
    out = tmp_path / "dispute.html"
    result = Cli(db)("export", str(SAMPLES / "renege-dispute.json"), "-f", "html", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert not db.exists()
    text = out.read_text(encoding="utf-8")
    assert "The renege dispute" in text and "renege-dispute.json" in text
    assert "RENEGE on trick 1:" in text
    printed = Cli(db)("export", str(SAMPLES / "renege-dispute.json"), "-f", "html")
    assert printed.exit_code == 0 and printed.stdout == text


def test_export_refusals_exit_2_with_a_clear_message(cli: Cli, tmp_path: Path) -> None:
    refused(cli("export", "42", "-f", "html"), "there is no game 42")
    refused(cli("export", "nosuchfile.json", "-f", "html"), "neither a game id")
    refused(cli("export", str(tmp_path), "-f", "html"), "this is a folder, not a game log")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "euchre-log/1", "game": {}}', encoding="utf-8")
    refused(cli("export", str(bad), "-f", "html"), f"{bad}: rejected:")
    # A log file goes out as HTML only; the database formats need it imported.
    sample = str(SAMPLES / "renege-dispute.json")
    refused(cli("export", sample), "--format html only")
    refused(cli("export", sample, "-f", "csv"), "--format html only")
    # The page never overwrites the log it was drawn from.
    copy = tmp_path / "copy.json"
    copy.write_bytes((SAMPLES / "renege-dispute.json").read_bytes())
    refused(cli("export", str(copy), "-f", "html", "-o", str(copy)), "is the game log itself")
    assert copy.read_bytes() == (SAMPLES / "renege-dispute.json").read_bytes()
    # Output that cannot be written.
    refused(
        cli("export", sample, "-f", "html", "-o", str(tmp_path / "no" / "such" / "dir.html")),
        "cannot write",
    )
    refused(cli("export", sample, "-f", "html", "-o", str(tmp_path)), "cannot write")
    assert cli("import", sample).exit_code == 0
    refused(cli("export", "1", "-f", "html", "-o", str(tmp_path)), "cannot write")


def test_export_help_describes_the_html_page(cli: Cli) -> None:
    result = cli("export", "--help")
    assert result.exit_code == 0
    assert "html" in result.stdout and "game log file" in result.stdout


def test_a_match_file_draws_each_game_with_its_own_ids() -> None:
    text = page_of(MATCH)
    games = len(load_games(MATCH))
    assert games > 1
    for k in range(1, games + 1):
        assert f'id="g{k}-hand-1"' in text
    ids = Page(text).ids()
    assert len(ids) == len(set(ids))


# --- What a page may contain ------------------------------------------------------------


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_every_sample_page_is_self_contained_with_unique_ids(path: Path) -> None:
    text = page_of(path)
    page = Page(text)
    ids = page.ids()
    assert len(ids) == len(set(ids)), "duplicate ids"
    for tag, attrs in page.tags:
        assert tag not in ("img", "iframe", "object", "embed", "audio", "video", "form", "base")
        assert tag != "script" or not attrs, "only the page's own inline script"
        assert "src" not in attrs and "srcset" not in attrs and "style" not in attrs
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        href = attrs.get("href")
        assert href is None or href.startswith("#") or href == "data:,", href
        for name, value in attrs.items():
            if name.endswith("labelledby") and value:
                assert all(ref in ids for ref in value.split()), value
    assert [t for t, _ in page.tags].count("script") == 1
    assert [t for t, _ in page.tags].count("style") == 1
    assert "url(" not in CSS and "@import" not in CSS and "@font-face" not in CSS
    assert not re.search(r"\b(fetch|XMLHttpRequest|import\(|WebSocket|eval)\b", SCRIPT)


def test_the_policy_forbids_every_request_and_runs_only_the_pages_own_code() -> None:
    text = page_of(SAMPLES / "family-game.json")
    page = Page(text)
    (csp,) = [
        a["content"]
        for t, a in page.tags
        if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"
    ]
    assert csp is not None and "default-src 'none'" in csp

    def digest(source: str) -> str:
        b64 = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
        return f"'sha256-{b64}'"

    assert f"script-src {digest(''.join(page.raw['script']))};" in csp
    assert f"style-src {digest(''.join(page.raw['style']))};" in csp


def test_hostile_names_titles_and_notes_are_inert(cli: Cli, db: Path) -> None:
    cli(
        "new",
        "--players",
        f'Ann,{HOSTILE},Cat & "Co",Dan <b onmouseover=alert(3)>',
        "--title",
        "Friday <i>night</i></title><script>alert(4)</script>",
        "--dealer",
        "W",
    )
    # A line separator in a title is refused now; a database from before may hold one.
    with sqlite3.connect(db) as con:
        con.execute(
            "UPDATE game SET title = ?",
            ("Friday <i>night</i>\u2028</title><script>alert(4)</script>",),
        )
    script = (
        "9h o 9s\nah 9d jh 9h\n"
        "note <img src=x onerror=alert(2)> & </script>\n"
        "penalty NS 1 <script>alert(5)</script>\n"
    )
    assert cli("record", "1", input=script).exit_code == 0
    result = cli("export", "1", "-f", "html")
    assert result.exit_code == 0, result.output
    text = result.stdout
    page = Page(text)
    assert [t for t, _ in page.tags].count("script") == 1
    assert not any(t in ("img", "b", "i") and "onmouseover" in a for t, a in page.tags)
    assert not any(name.startswith("on") for _, a in page.tags for name in a)
    assert "alert(1)" in text  # shown, as text
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "<script>alert" not in text and "<img" not in text and "<b onmouseover" not in text
    assert "Friday &lt;i&gt;night&lt;/i&gt;" in text


def test_the_family_game_is_small() -> None:
    size = len(page_of(SAMPLES / "family-game.json").encode("utf-8"))
    assert size < 150_000, size  # 13 hands: 117 KB when this was written


# --- The pieces -------------------------------------------------------------------------


def test_a_card_is_text_a_screen_reader_says_in_words() -> None:
    assert card_html(2 * 8 + 7) == (
        "<b class=sh><i aria-hidden=true>A♥</i><i>ace of hearts</i></b>"
    )


def test_a_name_that_looks_like_a_card_stays_a_name() -> None:
    game = load_games(SAMPLES / "renege-dispute.json")[0]
    players = {"N": "A♥", "E": "TH", "S": "Cat", "W": "West"}
    text = game_html([GamePage(game.game, players)])
    assert "A♥ (North) led <b class=sh><i aria-hidden=true>A♥</i>" in text
    # The engine's sentences and the dispute view's, with names put in for the seats.
    assert "TH (East) played <b class=sd><i aria-hidden=true>9♦</i>" in text
    assert "TH (East) showed out of" in text
    assert "ten of hearts" in text  # the card TH is still a card where it is one
    # A seat whose "name" is its own is called by the seat's name alone.
    assert "West deals, upcard" in text and "West (West)" not in text


def test_the_rules_in_words() -> None:
    head, family = rules_words(Rules.build({"preset": "family"}))
    assert head.startswith("Family rules: classic, plus defending alone worth 4")
    assert "Playing to 10 points." in family
    assert any("defend alone" in r and "scores 4" in r for r in family)
    head, custom = rules_words(
        Rules.build(
            {
                "preset": "benny",
                "stick_the_dealer": True,
                "throw_ins": "nines-and-tens",
                "renege_penalty": "deduct",
            }
        )
    )
    assert head.endswith("with changes")
    assert any("Benny" in r for r in custom)
    assert any(r.startswith("Stick the dealer") for r in custom)
    assert any("nines and tens (only 9s and 10s)" in r for r in custom)
    assert any(r.startswith("An upheld renege costs the guilty side 2") for r in custom)


def test_the_review_hook_draws_marks_beside_plays_and_a_par_line() -> None:
    loaded = load_games(SAMPLES / "renege-dispute.json")[0]
    review = Review(
        marks={(1, 1, 1): PlayMark("??", "a <renege>"), (1, 2, 0): PlayMark("!")},
        par={1: "NS take 3 tricks with best play <par>"},
    )
    plain = game_html([GamePage(loaded.game, loaded.players)])
    assert 'class="mk"' not in plain and 'class="par"' not in plain
    text = game_html([GamePage(loaded.game, loaded.players, review=review)])
    # East's 9♦ on trick 1 and North's 9♣ on trick 2 carry their marks.
    assert re.search(
        r'<div class="p e rng"><i class="nm">Bob</i><b class=sd><i aria-hidden=true>9♦</i>'
        r"<i>nine of diamonds</i></b>"
        r'<i class="mk" title="gave away a trick and the points, in hindsight">',
        text,
    )
    # The open-hand mark is hindsight and says what the card did, never "a blunder": that
    # is the fair review's word, and the two reviews may judge one card differently.
    assert "Hindsight, every card face up: Bob (East) played" in text
    assert '<span class="mk">??</span>: a &lt;renege&gt;' in text
    assert "blunder" not in text and "mistake" not in text
    assert "(a good play)" in text
    assert "NS take 3 tricks with best play &lt;par&gt;" in text
    with pytest.raises(ValueError, match="not a review mark"):
        PlayMark("?!?")
