"""The HTML export in a real browser: Debian's Chromium, driven by Playwright.

Every sample log's page and a stored game's page are loaded with every request outside
the page itself blocked and recorded, then stepped through hand by hand with the keyboard
and the buttons; at each step the cards on the table are checked against the engine's
record (worked out here from ``HandState``, not from the page's generator). The narrow
layout (390 px), the wide one (1280 px), print and a browser without JavaScript are
checked too, and screenshots of each are saved under ``$EUCHRE_LOG_ARTIFACTS`` (or a
temporary folder; the run prints which).

Chromium is ``$EUCHRE_LOG_CHROMIUM``, or ``chromium`` on the PATH (Debian's package:
``apt-get install chromium``; ``playwright install`` is not used). Playwright starts it
with a fresh profile of its own. Without Playwright or Chromium the tests skip, saying
why, except in CI (``CI`` set), where they fail. ``EUCHRE_LOG_UPDATE_PICTURES=1`` rewrites
the README's picture, ``sample_logs/family-game.png``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from euchre_log.engine.cards import CARD_SYMBOLS, SEAT_LETTERS, Seat, card_name, cards_of
from euchre_log.engine.hand import HandState
from euchre_log.formats.load import load_games

from .conftest import ROOT, SAMPLES, Cli

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Dialog, FloatRect, Page, Request, Route

SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))
PICTURE = SAMPLES / "family-game.png"
UPDATE_PICTURES = bool(os.environ.get("EUCHRE_LOG_UPDATE_PICTURES"))


@pytest.fixture(scope="module")
def artifacts(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: ``$EUCHRE_LOG_ARTIFACTS``, or a temporary folder."""
    named = os.environ.get("EUCHRE_LOG_ARTIFACTS")
    folder = Path(named) if named else tmp_path_factory.mktemp("html-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # say it now, past the output capture
            reporter.write_line(f"\nHTML export screenshots: {folder}")
    return folder


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every sample log exported as a page through the command, and the family game also
    imported and exported by its id (``stored``)."""
    folder = tmp_path_factory.mktemp("html-pages")
    cli = Cli(folder / "games.db")
    out: dict[str, Path] = {}
    for path in SAMPLE_FILES:
        target = folder / f"{path.stem}.html"
        result = cli("export", str(path), "--format", "html", "-o", str(target))
        assert result.exit_code == 0, result.output
        out[path.name] = target
    assert cli("import", str(SAMPLES / "family-game.json")).exit_code == 0
    out["stored.db"] = folder / "games.db"
    out["stored"] = folder / "stored.html"
    result = cli("export", "1", "--format", "html", "-o", str(out["stored"]))
    assert result.exit_code == 0, result.output
    return out


# --- A page with everything it did recorded ---------------------------------------------


@dataclass
class Watched:
    """A loaded page, and what it tried: requests beyond its own file, console errors,
    uncaught exceptions and dialogs (an ``alert`` that escaping failed to stop)."""

    page: Page
    url: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def clean(self) -> None:
        assert self.requests == [self.url], self.requests
        assert self.errors == [], self.errors
        assert self.dialogs == [], self.dialogs


Opener = Callable[..., Watched]


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Opener]:
    """Open a page file in a fresh browser context (closed after the test)."""
    contexts: list[BrowserContext] = []

    def opener(path: Path, *, width: int = 1280, height: int = 900, js: bool = True) -> Watched:
        context = browser.new_context(
            viewport={"width": width, "height": height}, java_script_enabled=js
        )
        contexts.append(context)
        return watch(context.new_page(), path)

    yield opener
    for context in contexts:
        context.close()


def watch(page: Page, path: Path) -> Watched:
    """Load the page with every request but its own file blocked, and record what it tried."""
    url = path.resolve().as_uri()
    seen = Watched(page, url)

    def route(r: Route, request: Request) -> None:
        if request.url == url:
            r.continue_()
        else:
            r.abort()

    page.route("**/*", route)
    page.on("request", lambda r: seen.requests.append(r.url))
    page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.errors.append(str(e)))

    def dialog(d: Dialog) -> None:
        seen.dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dialog)
    page.goto(url)
    return seen


# --- The cards the engine says are on the table -----------------------------------------


def symbols(cards: Sequence[int]) -> list[str]:
    return sorted(CARD_SYMBOLS[c] for c in cards)


def seat_cards(hand: HandState, seat: int, step: int) -> list[str]:
    """The cards the seat still holds at ``step`` (0 the deal, k after trick k), as far as
    the record shows them, and a ``?`` for each card it cannot show."""
    held = cards_of(hand.held[seat])  # known, never played
    if not hand.active(Seat(seat)):
        return symbols(held)
    plays = [hand.cards_at[t * 4 + seat] for t in range(5)]
    later = [c for t, c in enumerate(plays) if t >= step and c >= 0]
    known = sum(1 for c in plays if c >= 0) + len(held)
    unseen = 5 - known if 0 < 5 - known < 5 else 0
    return sorted(symbols([*later, *held]) + ["?"] * unseen)


def trick_cells(hand: HandState, trick: int) -> dict[str, str]:
    """What each seat's place in trick ``trick`` (1..5) shows."""
    out = {}
    for seat in range(4):
        c = hand.cards_at[(trick - 1) * 4 + seat]
        if not hand.active(Seat(seat)):
            out[SEAT_LETTERS[seat]] = "sits out"
        else:
            out[SEAT_LETTERS[seat]] = CARD_SYMBOLS[c] if c >= 0 else "·"
    return out


READ_HAND = """
(h) => {
  const shown = e => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const face = e => { const i = e.querySelector("i[aria-hidden]"); return (i ? i.textContent : e.textContent).trim(); };
  const seats = {};
  for (const s of h.querySelectorAll(".seat"))
    seats[s.dataset.seat] = [...s.querySelectorAll(".cards li")].filter(shown).map(face);
  const tricks = [...h.querySelectorAll(".trick")].filter(t => shown(t.querySelector(".tg")));
  const cells = {};
  let winner = null;
  for (const t of tricks) for (const p of t.querySelectorAll(".tg .p")) {
    const seat = [..."nesw"].find(x => p.classList.contains(x)).toUpperCase();
    const card = p.querySelector("b > i[aria-hidden]");
    cells[seat] = card ? card.textContent : p.querySelector(".out").textContent.replace("not played", "");
    if (p.classList.contains("win")) winner = seat;
  }
  const pos = h.querySelector(".pos");
  return {seats, cells, winner, tricks: tricks.map(t => +t.dataset.t),
          deal: shown(h.querySelector(".deal")), step: h.dataset.step === undefined ? null : +h.dataset.step,
          shownPos: pos.children[0].textContent, said: pos.children[1].textContent};
}
"""


def check_step(watched: Watched, hid: str, hand: HandState, step: int) -> dict[str, Any]:
    """The table of hand ``hid`` shows the engine's cards for ``step``."""
    got: dict[str, Any] = watched.page.locator(f"#{hid}").evaluate(READ_HAND)
    where = f"{hid} step {step}"
    assert got["step"] == step, where
    for seat in range(4):
        letter = SEAT_LETTERS[seat]
        shown = sorted(got["seats"][letter])
        assert shown == sorted(seat_cards(hand, seat, step)), f"{where} seat {letter}"
    if step == 0:
        assert got["deal"] and got["tricks"] == [] and got["cells"] == {}, where
    else:
        assert not got["deal"] and got["tricks"] == [step], where
        assert got["cells"] == trick_cells(hand, step), where
        won = hand.winners[step - 1] if step - 1 < len(hand.winners) else None
        assert got["winner"] == (None if won is None else SEAT_LETTERS[won]), where
    steps = 1 + len(hand.leaders)
    assert got["shownPos"].endswith(f"step {step + 1} of {steps}"), got["shownPos"]
    return got


def disabled(watched: Watched, hid: str, which: str) -> bool:
    value = watched.page.locator(f"#{hid} .{which}").get_attribute("aria-disabled")
    return value == "true"


# --- The tests --------------------------------------------------------------------------


@pytest.mark.parametrize("name", [p.name for p in SAMPLE_FILES])
def test_every_sample_page_steps_through_every_hand_with_the_keyboard(
    open_page: Opener, exported: dict[str, Path], name: str
) -> None:
    watched = open_page(exported[name])
    page = watched.page
    assert "js" in (page.locator("html").get_attribute("class") or "")
    (loaded,) = load_games(SAMPLES / name)
    for hand in loaded.game.hands:
        hid = f"hand-{hand.number}"
        steps = 1 + len(hand.leaders)
        assert page.locator(f"#{hid} .stepper").is_visible()
        check_step(watched, hid, hand, 0)
        page.locator(f"#{hid} .next").focus()
        for step in range(1, steps):
            page.keyboard.press("ArrowRight")
            check_step(watched, hid, hand, step)
        page.keyboard.press("ArrowRight")  # past the end: stays on the last step
        check_step(watched, hid, hand, steps - 1)
        assert disabled(watched, hid, "next")
        page.keyboard.press("Home")
        check_step(watched, hid, hand, 0)
        assert disabled(watched, hid, "prev")
    watched.clean()


def test_a_stored_games_page_steps_with_the_buttons_and_says_where_it_is(
    open_page: Opener, exported: dict[str, Path]
) -> None:
    from euchre_log.store.access import open_store
    from euchre_log.store.games import load_game

    store = open_store(str(exported["stored.db"]))
    try:
        game = load_game(store, 1).game
    finally:
        store.close()
    watched = open_page(exported["stored"])
    page = watched.page
    assert "game 1" in page.locator("header .meta").first.inner_text()
    hand = game.hands[2]  # a lone hand defended alone: two seats sit out
    hid = "hand-3"
    status = page.locator(f"#{hid}").get_by_role("status")
    assert status.count() == 1
    assert disabled(watched, hid, "prev") and not disabled(watched, hid, "next")
    nxt = page.locator(f"#{hid}").get_by_role("button", name="Next", exact=True)
    prev = page.locator(f"#{hid}").get_by_role("button", name="Previous", exact=True)
    for step in range(1, 6):
        nxt.click()
        got = check_step(watched, hid, hand, step)
        assert got["said"].startswith(f"Hand 3, trick {step} of 5: ")
        leader = hand.leaders[step - 1]
        led = card_name(hand.cards_at[(step - 1) * 4 + leader]).removeprefix("the ")
        assert f" led {led}" in got["said"], got["said"]  # the card in words
        assert got["said"].endswith(f"(step {step + 1} of 6)")
    assert disabled(watched, hid, "next")
    for step in range(4, -1, -1):
        prev.click()
        check_step(watched, hid, hand, step)
    assert status.inner_text().startswith("The deal")
    # The arrow keys work wherever the focus is in the hand; other hands stay put.
    prev.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    check_step(watched, hid, hand, 2)
    page.keyboard.press("ArrowLeft")
    check_step(watched, hid, hand, 1)
    page.keyboard.press("End")
    check_step(watched, hid, hand, 5)
    check_step(watched, "hand-2", game.hands[1], 0)
    watched.clean()


def test_cards_are_read_out_as_words_and_the_controls_are_labelled(
    open_page: Opener, exported: dict[str, Path]
) -> None:
    watched = open_page(exported["renege-dispute.json"])
    page = watched.page
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").count() == 1
    north = page.locator("#hand-1 .seat.n .cards").aria_snapshot()
    assert "king of hearts" in north and "♥" not in north, north
    trick = page.locator("#hand-1 .stepper")
    snapshot = trick.aria_snapshot()
    assert 'button "Previous"' in snapshot and 'button "Next"' in snapshot, snapshot
    page.locator("#hand-1 .next").click()
    diagram = page.locator("#hand-1 .trick.on .tg").aria_snapshot()
    assert "ace of hearts" in diagram and "led" in diagram and "wins" in diagram, diagram
    assert "renege" in diagram  # East's 9♦: not shown by colour alone
    flag = page.locator("#hand-1 .trick.on .flag").inner_text()
    assert flag.startswith("⚑ RENEGE on trick 1:") and "10♥" in flag
    watched.clean()


def test_the_narrow_layout_fits_a_phone(
    open_page: Opener, exported: dict[str, Path], artifacts: Path
) -> None:
    watched = open_page(exported["family-game.json"], width=390, height=844)
    page = watched.page
    page.screenshot(path=artifacts / "family-390-top.png")
    hid = "hand-6"
    page.locator(f"#{hid} .next").click()
    page.locator(f"#{hid} .next").click()
    page.locator(f"#{hid}").scroll_into_view_if_needed()
    page.locator(f"#{hid}").screenshot(path=artifacts / "family-390-hand-6-trick-2.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width} px wide"
    for sel in (".seat.n", ".seat.e", ".seat.s", ".seat.w", ".trick.on .tg", ".stepper"):
        box = page.locator(f"#{hid} {sel}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (sel, box)
    watched.clean()


HAND_ROWS = """
() => [...document.querySelectorAll(".hands tbody tr")].map(tr => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.width]; };
  const cell = h => { const c = tr.querySelector(`td[data-h="${h}"]`); return [c.textContent, box(c)]; };
  return {row: tr.querySelector("th").textContent, result: cell("Result"),
          points: cell("Points"), score: cell("Score"), first: box(tr.querySelector("th"))};
})
"""


@pytest.mark.parametrize("name", ["family-game.json", "renege-dispute.json"])
def test_on_a_phone_the_hand_table_shows_every_result_without_scrolling_sideways(
    open_page: Opener, exported: dict[str, Path], artifacts: Path, name: str
) -> None:
    """At 390 x 844 the hand table scrolled sideways, hiding the result, the points and
    the score: each hand is a card now, its values beside their headings."""
    watched = open_page(exported[name], width=390, height=844)
    page = watched.page
    page.locator(".summary").screenshot(path=artifacts / f"{Path(name).stem}-390-hands.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    region = page.locator(".summary .scroll")
    assert region.evaluate("e => e.scrollWidth <= e.clientWidth")
    rows = page.evaluate(HAND_ROWS)
    assert len(rows) == len(load_games(SAMPLES / name)[0].game.hands)
    for row in rows:
        for what in ("result", "points", "score"):
            text, (left, right, _, width) = row[what]
            assert width > 0 and left >= 0 and right <= 390, (row["row"], what, row[what])
            assert text.strip(), (row["row"], what)
    watched.clean()


def test_on_a_wide_screen_the_hand_table_is_a_table(
    open_page: Opener, exported: dict[str, Path], artifacts: Path
) -> None:
    watched = open_page(exported["family-game.json"], width=1200, height=900)
    page = watched.page
    page.locator(".summary").screenshot(path=artifacts / "family-game-1200-hands.png")
    assert page.locator(".hands thead").is_visible()
    for row in page.evaluate(HAND_ROWS):  # one line a hand: every cell beside the number
        tops = {row["first"][2], *(row[w][1][2] for w in ("result", "points", "score"))}
        assert len(tops) == 1, row
        assert row["score"][1][1] <= 1200
    watched.clean()


def test_the_wide_layout_draws_the_table(
    open_page: Opener, exported: dict[str, Path], artifacts: Path
) -> None:
    watched = open_page(exported["family-game.json"], width=1280, height=900)
    page = watched.page
    page.screenshot(path=artifacts / "family-1280-top.png")
    hid = "hand-6"
    page.locator(f"#{hid} .next").click()
    page.locator(f"#{hid} .next").click()
    page.locator(f"#{hid}").screenshot(path=artifacts / "family-1280-hand-6-trick-2.png")

    def box(sel: str) -> FloatRect:
        found = page.locator(f"#{hid} {sel}").bounding_box()
        assert found is not None, sel
        return found

    n, e, s, w, mid = (
        box(x) for x in (".seat.n", ".seat.e", ".seat.s", ".seat.w", ".trick.on .tg")
    )
    assert n["y"] + n["height"] <= mid["y"] <= s["y"]  # North above the trick, South below
    assert w["x"] + w["width"] <= mid["x"] and mid["x"] + mid["width"] <= e["x"]
    watched.clean()


def test_print_shows_every_trick_of_every_hand_and_no_buttons(
    open_page: Opener, exported: dict[str, Path], artifacts: Path
) -> None:
    watched = open_page(exported["family-game.json"], width=900)
    page = watched.page
    page.locator("#hand-1 .next").click()  # a stepped hand prints whole too
    page.emulate_media(media="print")
    (loaded,) = load_games(SAMPLES / "family-game.json")
    total = sum(len(h.leaders) for h in loaded.game.hands)
    assert page.locator(".trick .tg:visible").count() == total
    assert page.locator(".stepper:visible").count() == 0
    assert page.locator("button:visible").count() == 0
    assert page.locator(".deal:visible").count() == len(loaded.game.hands)
    for hand in loaded.game.hands:
        got = page.locator(f"#hand-{hand.number}").evaluate(READ_HAND)
        for seat in range(4):
            assert sorted(got["seats"][SEAT_LETTERS[seat]]) == sorted(seat_cards(hand, seat, 0))
    page.locator("#hand-1").screenshot(path=artifacts / "family-print-hand-1.png")
    page.pdf(path=str(artifacts / "family-print.pdf"))
    watched.clean()


def test_without_javascript_the_page_shows_everything(
    open_page: Opener, exported: dict[str, Path], artifacts: Path
) -> None:
    watched = open_page(exported["renege-dispute.json"], js=False)
    page = watched.page
    assert page.locator(".stepper:visible").count() == 0
    assert page.locator(".trick .tg:visible").count() == 5
    (loaded,) = load_games(SAMPLES / "renege-dispute.json")
    got = page.locator("#hand-1").evaluate(READ_HAND)
    for seat in range(4):
        shown = sorted(got["seats"][SEAT_LETTERS[seat]])
        assert shown == sorted(seat_cards(loaded.game.hands[0], seat, 0))
    page.screenshot(path=artifacts / "renege-dispute-no-js.png", full_page=True)
    watched.clean()


def test_hostile_names_run_nothing_in_an_unfinished_game(open_page: Opener, tmp_path: Path) -> None:
    """Names, a title and a note that try to run script are only text; the hand stops in
    the middle of trick 3, so the table shows cards nobody has seen yet as ``?``."""
    from euchre_log.store.access import open_store
    from euchre_log.store.games import load_game

    db = tmp_path / "hostile.db"
    cli = Cli(db)
    hostile = "</script><script>alert(1)</script>"
    assert (
        cli(
            "new",
            "--players",
            f'Ann,{hostile},Cat" onmouseover="alert(2),<img src=x onerror=alert(3)>',
            "--title",
            "<svg onload=alert(4)>",
            "--dealer",
            "W",
        ).exit_code
        == 0
    )
    # Line separators in a title are refused now; a database from before may hold them.
    with sqlite3.connect(db) as con:
        con.execute("UPDATE game SET title = ?", ("<svg onload=alert(4)>\u2028\u2029",))
    assert (
        cli(
            "record", "1", input="9h o 9s\nah 9d jh 9h\nnote </script><b>hi</b>\nac qc 9c\n"
        ).exit_code
        == 0
    )
    out = tmp_path / "hostile.html"
    assert cli("export", "1", "-f", "html", "-o", str(out)).exit_code == 0
    store = open_store(str(db))
    try:
        hand = load_game(store, 1).game.hands[0]
    finally:
        store.close()
    watched = open_page(out)
    page = watched.page
    check_step(watched, "hand-1", hand, 0)
    for step in (1, 2):
        page.locator("#hand-1 .next").click()
        check_step(watched, "hand-1", hand, step)
    assert disabled(watched, "hand-1", "next")
    page.hover("#hand-1 .seat.s")
    assert page.locator("h1").inner_text().startswith("<svg onload=alert(4)>")
    assert hostile in page.locator(".teams").inner_text()
    assert page.locator("img, svg[onload], b:text('hi')").count() == 0
    watched.clean()


def test_the_readme_picture_is_the_family_game_in_the_browser(
    open_page: Opener, exported: dict[str, Path], artifacts: Path
) -> None:
    """The picture README.md shows: hand 6 of the family game at its second trick."""
    watched = open_page(exported["family-game.json"], width=860, height=900)
    page = watched.page
    hid = "hand-6"
    page.locator(f"#{hid} .next").click()
    page.locator(f"#{hid} .next").click()
    shot = artifacts / "family-game.png"
    page.locator(f"#{hid}").screenshot(path=shot)
    if UPDATE_PICTURES:
        shutil.copyfile(shot, PICTURE)
    assert PICTURE.exists(), f"{PICTURE} is missing: run with EUCHRE_LOG_UPDATE_PICTURES=1"
    assert "sample_logs/family-game.png" in (ROOT / "README.md").read_text(encoding="utf-8")
    watched.clean()
