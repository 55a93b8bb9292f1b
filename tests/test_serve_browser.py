"""The phones' page in a real browser: Debian's Chromium, driven by Playwright as the HTML
export's tests drive it, at 390 x 844. Four browser contexts are the four seats' phones: each
taps its five cards, then its bids and its cards, one seat reneges after the page asks
"play it anyway?", and an opponent's call (two taps) upholds it at once. Then a hand kept by
a scorekeeper alone on the table's link. Every page is checked to load nothing from
anywhere but the server, and to raise no error.

``EUCHRE_LOG_UPDATE_PICTURES=1`` rewrites the README's picture of a phone,
``sample_logs/serve-phone.png``.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .conftest import SAMPLES, Cli
from .test_serve_process import Served

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

WIDTH, HEIGHT = 390, 844  # a phone held upright
PICTURE = SAMPLES / "serve-phone.png"
UPDATE_PICTURES = bool(os.environ.get("EUCHRE_LOG_UPDATE_PICTURES"))
DEALS = {
    "N": ["AS", "KS", "QS", "9D", "TD"],
    "E": ["AH", "KH", "QH", "JH", "9C"],
    "S": ["AC", "KC", "QC", "JC", "TC"],
    "W": ["JS", "TS", "AD", "KD", "QD"],
}


class Phone:
    """One seat's (or the table's) page, with what it tried beyond the server recorded."""

    def __init__(self, browser: Browser, served: Served, who: str) -> None:
        self.context = browser.new_context(
            viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=2
        )
        self.page: Page = self.context.new_page()
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.page.on(
            "request",
            lambda r: None if r.url.startswith(served.url) else self.outside.append(r.url),
        )
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.goto(f"{served.url}#t={served.info['tokens'][who]}")
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click(timeout=15_000)
        self.settled()

    def button(self, name: str, within: str = "#act") -> None:
        self.page.locator(within).get_by_role("button", name=name, exact=True).click(timeout=15_000)
        self.settled()

    def settled(self) -> None:
        """Counted, once the page has its answer (it takes one tap at a time)."""
        self.taps += 1
        self.page.locator("body:not(.busy)").wait_for(timeout=15_000)

    def card(self, grid: str, card: str) -> None:
        self.tap(f'{grid} button[data-card="{card}"]')

    def clean(self) -> None:
        assert self.outside == [] and self.errors == [], (self.outside, self.errors)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    db = tmp_path / "phones.db"
    assert Cli(db)("new", "--players", "Ann,Bob,Cat,<b>Dan</b>", "--dealer", "N").exit_code == 0
    found = Served(db)
    yield found
    found.stop(signal.SIGTERM)


@pytest.mark.slow
def test_four_phones_play_a_hand_with_a_renege_a_call_upholds(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    phones = {who: Phone(browser, served, who) for who in "NESW"}
    n, e, s, w = (phones[x] for x in "NESW")
    # A name is text on the page, never markup.
    assert "<b>Dan</b>" in w.page.locator("#whoami").inner_text()
    for who, phone in phones.items():
        for card in DEALS[who]:
            phone.card("#dealGrid", card)
        phone.button("These are my cards", "#dealRow")
    n.card("#upGrid", "9S")  # the dealer turns up the nine of spades
    e.button("Pass", "#bidRow")
    s.button("Pass", "#bidRow")
    w.button("Pass", "#bidRow")
    n.button("Pick it up", "#bidRow")  # the dealer takes it up: spades
    n.card("#hand", "9D")  # and puts down the nine of diamonds
    e.card("#hand", "9C")  # E leads a club
    # S holds clubs but taps the J♣, the left bower (a spade now): the page asks first.
    s.page.wait_for_selector('#hand button.card.follows[data-card="AC"]')
    jack = s.page.locator('#hand button[data-card="JC"]')
    assert "follows" not in (jack.get_attribute("class") or "")
    s.card("#hand", "JC")
    assert "does not follow" in s.page.locator("#confirmText").inner_text()
    s.tap("#confirmYes")
    w.card("#hand", "QD")
    n.card("#hand", "TD")
    if UPDATE_PICTURES:
        s.page.wait_for_timeout(300)
        s.page.screenshot(path=str(PICTURE))
    s.page.screenshot(path=str(tmp_path / "seat-south.png"))
    # The renege is S's own secret until someone calls it: E calls, in two taps.
    assert "RENEGE" not in e.page.locator("#flags").inner_text().upper()
    e.button("S", "#renegeRow")
    e.button("1", "#renegeRow")
    e.page.locator("#flags .flag").first.wait_for(timeout=15_000)
    # The sentences name cards as the table says them, never in the file's notation.
    shown = e.page.locator("#flags").inner_text()
    assert "J♣" in shown and "JC" not in shown, shown
    state = served.http.get("/api/state", headers=served.auth("W")).json()
    assert [c["status"] for c in state["calls"]] == ["upheld"]
    assert state["to_act"] is None and state["score"]["EW"] > 0
    for phone in phones.values():
        expect(phone.page.locator("#score")).to_contain_text(f"EW {state['score']['EW']}")
        phone.clean()
    taps = {who: p.taps for who, p in phones.items()}
    assert sum(taps.values()) == 4 * 6 + 1 + 4 + 1 + 4 + 1 + 2  # deals, upcard, bids, discard...


@pytest.mark.slow
def test_a_scorekeeper_keeps_a_whole_hand_on_the_table_link(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    table = Phone(browser, served, "table")
    table.card("#upGrid", "9S")
    for _ in range(4):
        table.button("Pass", "#bidRow")
    table.button("Call ♣", "#bidRow")  # E names clubs in round two
    plays = ["9D", "TD", "JD", "QD", "9H", "TH", "JH", "QH", "TS", "QS", "KS", "AS"]
    plays += ["9C", "TC", "QC", "KC", "KD", "AD", "KH", "AH"]
    for card in plays:
        table.card("#cardGrid", card)
    expect(table.page.locator("#last")).to_contain_text("Last hand")
    state = served.http.get("/api/state", headers=served.auth("table")).json()
    assert state["hand"] == 1 and state["to_act"] is None
    assert state["score"]["NS"] + state["score"]["EW"] > 0
    assert table.page.locator("#upGrid").count() == 1  # the next hand's upcard, to tap
    table.page.set_viewport_size({"width": 1200, "height": 900})
    table.page.screenshot(path=str(tmp_path / "table-wide.png"))
    table.clean()
    assert table.taps == 1 + 4 + 1 + 20
