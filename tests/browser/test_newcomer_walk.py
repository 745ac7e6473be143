"""What a newcomer meets, in Chromium on a desktop and on a 390 x 844 phone: stepping
through a replay keeps the board where it is (the move list scrolls its own box), the
phone's navigation folds behind a Menu button that keyboards and screen readers can use,
and Button Men's lines say everything or end with "…", keep every round so far, and
break its score down into parts that add up (Poison dice count against)."""

from __future__ import annotations

import os
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import assert_no_sideways_scroll, is_phone, press

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOTH = pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
#: Where screenshots go when SCREENSHOTS is set (to look at, not compared).
SHOTS = os.environ.get("SCREENSHOTS")


def shot(page, name: str, full_page: bool = False) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        suffix = "phone" if is_phone(page) else "desktop"
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{suffix}.png"), full_page=full_page)


def stored(game: str, specs: list[str], seed: str, options: dict | None = None) -> int:
    # In a thread of its own: Playwright's loop runs in this one (see test_accessibility).
    from tests.webapp.helpers import store_played

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: store_played(game, specs, seed, options).pk).result()


# ----- the replay ----------------------------------------------------------------------

#: Where the current move sits in the move list's own box (both as the screen shows them).
CURRENT_IN_LIST = """() => {
  const list = document.getElementById('log').getBoundingClientRect();
  const li = document.querySelector('#log li.current');
  if (!li) return null;
  const r = li.getBoundingClientRect();
  return { inside: r.top >= list.top - 1 && r.bottom <= list.bottom + 1, ply: Number(li.dataset.ply),
           listScroll: document.getElementById('log').scrollTop };
}"""


@BOTH
def test_stepping_through_a_replay_keeps_the_board_where_it_is(new_page, phone):
    match_id = stored("buttonmen", ["buttonmen-mc", "random"], "walk-replay")
    page = new_page(phone=phone)
    page.goto(f"/matches/{match_id}/replay/?ply=0")
    page.wait_for_selector("#board *")
    forward = page.locator("#next")
    forward.scroll_into_view_if_needed()
    top = page.evaluate("window.scrollY")
    board = page.locator("#board").bounding_box()
    scrolled = []
    for step in range(1, 41):
        press(page, forward)
        expect(page.locator("#ply")).to_have_text(str(step))
        where = page.evaluate(CURRENT_IN_LIST)
        # The page stays put (the board and ▶ under the thumb); the list follows.
        assert page.evaluate("window.scrollY") == top, f"the page scrolled at step {step}"
        assert where and where["ply"] == step and where["inside"], (step, where)
        scrolled.append(where["listScroll"])
    assert scrolled[-1] > 0  # the list's own box did scroll to keep up
    assert page.locator("#board").bounding_box()["y"] == board["y"]
    # The keyboard's arrows too.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#ply")).to_have_text("41")
    assert page.evaluate("window.scrollY") == top
    assert page.evaluate(CURRENT_IN_LIST)["inside"]
    shot(page, "replay-stepped")
    # Opening a replay at a late position does not scroll the page down to the list.
    page.goto(f"/matches/{match_id}/replay/?ply=60")
    page.wait_for_selector("#board *")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate(CURRENT_IN_LIST)["inside"]


# ----- the phone's navigation ------------------------------------------------------------

LINKS = ("Play", "TV", "Matches", "Tournaments", "Leaderboards", "Seeks")


def test_the_phone_menu_opens_and_closes_by_keyboard(new_page):
    page = new_page(phone=True)
    page.goto("/")
    menu = page.get_by_role("button", name="Menu")
    nav = page.get_by_role("navigation", name="Main")
    # One line: the name and the Menu button; the links folded away, the page below it.
    expect(menu).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(nav.get_by_role("link", name="Tournaments")).to_be_hidden()
    bar = page.locator(".topbar").bounding_box()
    assert bar["height"] <= 60, bar
    shot(page, "nav-closed")
    # Keyboard: Tab to the button (after the skip link and the site's name), Enter opens.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(menu).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    for name in LINKS:
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(nav.get_by_role("link", name="Play", exact=True)).to_be_focused()  # focus moved in
    assert_no_sideways_scroll(page)
    shot(page, "nav-open")
    page.keyboard.press("Tab")
    expect(nav.get_by_role("link", name="TV", exact=True)).to_be_focused()
    # Escape closes it and gives the focus back to the button.
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_focused()
    expect(nav.get_by_role("link", name="TV", exact=True)).to_be_hidden()
    # Space opens it too; a tap on a link goes there.
    page.keyboard.press(" ")
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.get_by_role("link", name="Tournaments", exact=True).tap()
    page.wait_for_url(re.compile(r"/tournaments/$"))
    expect(page.get_by_role("button", name="Menu")).to_have_attribute("aria-expanded", "false")
    # Tabbing out past the last link folds it away again.
    page.get_by_role("button", name="Menu").tap()
    last = nav.locator("a, button").last
    last.focus()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Menu")).to_have_attribute("aria-expanded", "false")


def test_the_desktop_shows_the_links_and_no_menu_button(new_page):
    page = new_page()
    page.goto("/")
    expect(page.locator("#nav-toggle")).to_be_hidden()
    nav = page.get_by_role("navigation", name="Main")
    for name in LINKS:
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert page.locator(".topbar").bounding_box()["height"] <= 60


# ----- Button Men's lines ------------------------------------------------------------------

#: At every position of the replay: each panel's score and its caption's numbers, the
#: last-move line as drawn and in full, and the rounds so far as drawn.
EVERY_FRAME = """() => {
  const replay = window.DiceArena.replay;
  const out = [];
  for (let i = 0; i < replay.frames.length; i++) {
    replay.go(i);
    const last = document.getElementById('bm-last');
    const rounds = document.getElementById('bm-rounds');
    // A text's lines as drawn (one line of a text with no tspan).
    const lines = (el) => (el.querySelector('tspan') ? [...el.querySelectorAll('tspan')] : [el]).map((t) => t.textContent);
    const view = replay.frames[i].view;
    out.push({
      ply: i,
      panels: [...document.querySelectorAll('.bm-panel')].map((g) => {
        const caption = [...g.querySelectorAll('text.bm-label')].find((t) => t.textContent.includes(' in play'));
        const score = g.querySelector('.bm-score'); // none before the fighters are drawn
        return { score: score ? score.dataset.score : '', caption: caption ? lines(caption).join(' ') : null };
      }),
      // The whole text: the event's words with the players' names.
      last: lines(last), full: view.last ? window.DiceArena.withNames(view.last.text, replay.names) : 'The match begins.',
      rounds: rounds ? lines(rounds).join(' ') : null,
      roundsPlayed: view.rounds.length,
    });
  }
  return out;
}"""

CAPTION = re.compile(
    r"^(\d+) captured(?: − ½ × (\d+) poison)?(?: \+ | \+ )½ × (\d+) in play(?: − (\d+) poison)?$"
)


def adds_up(caption: str) -> float:
    """The score a caption's parts add up to under the rules: captured dice count their
    size, Poison ones minus half; dice in play half their size, Poison ones minus all."""
    m = CAPTION.match(caption)
    assert m, caption
    captured, poison_captured, in_play, poison_in_play = (int(g or 0) for g in m.groups())
    return captured - poison_captured / 2 + in_play / 2 - poison_in_play


@BOTH
def test_button_mens_score_parts_add_up_with_poison_dice(new_page, phone):
    # Dietrich: p(6) p(8) (20) (20) (X); Mickael: p(4) p(6) (8) (20) (X).
    match_id = stored(
        "buttonmen", ["random", "random"], "walk-poison", {"fighters": ["Dietrich", "Mickael"]}
    )
    page = new_page(phone=phone)
    page.goto(f"/matches/{match_id}/replay/?ply=0")
    page.wait_for_selector("#board *")
    frames = page.evaluate(EVERY_FRAME)
    checked = with_poison = 0
    for f in frames:
        for p in f["panels"]:
            if p["caption"] is None or p["score"] == "":
                continue
            assert adds_up(p["caption"]) == float(p["score"]), (f["ply"], p)
            checked += 1
            with_poison += "poison" in p["caption"]
    assert checked > 50 and with_poison > 50, (checked, with_poison)
    # A position with Poison dice captured and in play, to look at.
    ply = next(
        f["ply"]
        for f in frames
        if any((p["caption"] or "").count("poison") == 2 for p in f["panels"])
    )
    page.evaluate(f"window.DiceArena.replay.go({ply})")
    page.locator(".board-wrap").scroll_into_view_if_needed()
    shot(page, "buttonmen-poison")


@BOTH
def test_button_mens_lines_say_everything_or_end_with_an_ellipsis(new_page, phone):
    # Long names make the longest lines (the rounds line carries both), and five dice
    # a side with Poison ones the longest rolls ("… rolls Poison d6: 1, Poison d8: 2, …").
    match_id = stored(
        "buttonmen",
        ["buttonmen-mc", "buttonmen-em"],
        "lines-2",
        {"fighters": ["Dietrich", "Mickael"]},
    )
    page = new_page(phone=phone)
    page.goto(f"/matches/{match_id}/replay/?ply=0")
    page.wait_for_selector("#board *")
    frames = page.evaluate(EVERY_FRAME)
    cut = 0
    for f in frames:
        shown = " ".join(f["last"])
        if shown != f["full"]:
            # Cut after two lines: it says so, and what it shows is the start of the text.
            assert shown.endswith(" …"), (f["ply"], shown, f["full"])
            assert f["full"].startswith(shown[: -len(" …")]), (f["ply"], shown, f["full"])
            cut += 1
        if f["roundsPlayed"]:
            # Every round so far, round 1 first.
            numbers = [int(n) for n in re.findall(r"\bR(\d+) ", f["rounds"])]
            assert numbers == list(range(1, f["roundsPlayed"] + 1)), (f["ply"], f["rounds"])
    assert cut, "no line was long enough to be cut"
    assert max(f["roundsPlayed"] for f in frames) >= 3
    last = next(f["ply"] for f in reversed(frames) if f["roundsPlayed"] >= 3)
    page.evaluate(f"window.DiceArena.replay.go({last})")
    page.locator(".board-wrap").scroll_into_view_if_needed()
    if phone:
        assert_no_sideways_scroll(page)
    shot(page, "buttonmen-lines")
