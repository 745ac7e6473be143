"""What the browser tests read off Dice Arena's pages, and how they get to a match: from
the home page by the links a person sees."""

from __future__ import annotations

import os
import re

from playwright.sync_api import expect

import games


def seq_of(page) -> int:
    """How many events the match page has applied (its socket's sequence number)."""
    return int(page.locator("#match").get_attribute("data-seq") or 0)


def wait_for_our_turn_or_the_end(page, before: int, legal: str) -> None:
    """Until the page has applied an event after ``before`` and either the match is over
    or the board offers a move (``legal``: the CSS selector of the game's legal moves)."""
    page.wait_for_function(
        """([before, legal]) => Number(document.querySelector('#match').dataset.seq) > before
          && (document.querySelector('#match').dataset.status === 'finished'
              || document.querySelectorAll(legal).length > 0)""",
        arg=[before, legal],
    )


def is_phone(page) -> bool:
    return (page.viewport_size or {}).get("width", 1280) < 600


def press(page, locator) -> None:
    """A tap on a touch screen, a click elsewhere: what a person does to press it."""
    if is_phone(page):
        locator.tap()
    else:
        locator.click()


def assert_no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth"), f"{page.url} is {width} px wide"


def shot(page, name: str) -> None:
    """With SCREENSHOTS=<folder>, a picture of the page there, to look at."""
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def assert_within_the_screens_width(page, locator) -> None:
    """The element is on screen once scrolled to, up and down: nothing of it lies to
    the side, in a box that scrolls sideways or off the page."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    width = page.evaluate("window.innerWidth")
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)


#: Board pieces held to the size a thumb can hit (44 px). Octagon cells and Dice Wars
#: territories are drawn as large as a 390 px screen allows; a tap on them is checked to
#: land (the tests tap them), and the move list is their full-size equivalent.
TOUCH_TARGETS = (
    "#controls button, #controls select, #board [role=button]:not(.oct-cell):not(.dw-territory)"
)


def assert_touch_targets(page) -> None:
    sizes = page.evaluate(
        """sel => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
          .map((e) => { const r = e.getBoundingClientRect();
            return [e.id || e.getAttribute('class') || e.tagName, r.width, r.height]; })""",
        TOUCH_TARGETS,
    )
    small = [s for s in sizes if min(s[1], s[2]) < 44]
    assert not small, f"touch targets under 44 px: {small}"


def open_lobby(page, slug: str) -> None:
    """Home page → the game's "Play" link → its lobby."""
    page.goto("/")
    title = games.get(slug).title
    press(page, page.get_by_role("link", name=f"Play {title}", exact=True))
    page.wait_for_url(re.compile(f"/play/{slug}/$"))
    expect(page.get_by_role("heading", name=f"Play {title}")).to_be_visible()


def start_match(
    page,
    slug: str,
    mode: str = "ai",
    agents: dict[int, str] | None = None,
    seat: int | None = None,
    players: int | None = None,
    options: dict[str, str] | None = None,
    clock: str | None = None,
) -> str:
    """Start a match from the home page through the lobby form, as a person fills it in;
    returns the match page's URL once its socket is live. ``clock`` picks a time control
    (playing a friend); one the list lacks is added to it, as a script could send it."""
    open_lobby(page, slug)
    form = page.locator("#new-match")
    form.locator(f"input[name=mode][value={mode}]").check()
    if clock is not None:
        select = form.locator("select[name=clock]")
        select.evaluate(
            "(s, v) => { if (![...s.options].some(o => o.value === v)) s.add(new Option(v, v)); }",
            clock,
        )
        select.select_option(clock)
    if players is not None:
        form.locator("input[name=players]").fill(str(players))
    if seat is not None:
        form.locator("select[name=seat]").select_option(str(seat))
    for index, spec in (agents or {}).items():
        form.locator(f"select[name=agent{index}]").select_option(spec)
    if options:
        press(page, form.locator("details.options summary"))
        for name, value in options.items():
            field = form.locator(f"[name=opt_{name}]")
            if field.evaluate("f => f.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    if is_phone(page):
        assert_no_sideways_scroll(page)
    press(page, form.get_by_role("button", name="Start the match"))
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_selector("#match[data-conn=live]")
    if is_phone(page):
        page.wait_for_selector("#board *")
        assert_no_sideways_scroll(page)
        assert_touch_targets(page)
    return page.url


def rematch_and_resign(page, match_url: str) -> str:
    """Back on a finished match: the game-over card offers a rematch with the seats
    swapped; take it, then resign the rematch through its confirmation. Returns the
    rematch's URL."""
    page.goto(match_url)
    card = page.locator("#game-over")
    expect(card.locator("h2")).to_have_text(re.compile("You won|You lost|Draw"))
    before = page.locator("#seats li.you").get_attribute("data-seat")
    press(page, card.get_by_role("button", name=re.compile("Rematch")))
    page.wait_for_url(lambda url: url.rstrip("/") != match_url.rstrip("/") and "/matches/" in url)
    page.wait_for_selector("#match[data-conn=live]")
    assert page.locator("#seats li.you").get_attribute("data-seat") != before  # swapped
    if is_phone(page):
        assert_no_sideways_scroll(page)
    press(page, page.get_by_role("button", name="Resign"))
    confirm = page.locator("#resign-confirm")
    expect(confirm).to_be_visible()
    press(page, confirm.get_by_role("button", name="Yes, resign"))
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")
    expect(page.locator("#game-over h2")).to_have_text("You lost")
    expect(page.locator("#final-reason")).to_contain_text("resigned")
    expect(page.locator("#player-actions")).to_be_hidden()
    return page.url


def sign_up(page, username: str, password: str = "a-long-pass-123") -> None:
    """Make an account from the sign-up page and wait until the site has signed it in."""
    page.goto("/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(lambda url: "/accounts/signup/" not in url)


def place_a_piece(page) -> None:
    """The first piece there is onto the first free cell (on a phone a first tap aims,
    a second places)."""
    before = seq_of(page)
    press(page, page.locator("button.oct-kind:not([disabled])").first)
    cell = page.locator("svg.oct-board .oct-cell.legal").first
    press(page, cell)
    if is_phone(page):
        press(page, cell)
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
