"""A new game reaches every open page of its player, pushed on the person socket: the
seeker browsing another game's lobby (idle for over 20 s) is taken to the game by
itself within moments of someone accepting; on the home page a notice says so with its
link, for the keyboard and screen readers, with a short sound that can be turned off."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    assert_no_sideways_scroll,
    assert_within_the_screens_width,
    shot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: How long a page may take to open a game pushed to it: 2 s is what people expect;
#: the margin is for a loaded 2-core machine. The time it took is printed (-s).
OPENS_WITHIN_MS = 6000


def errors_of(page) -> list[str]:
    """Console errors and uncaught exceptions of a page, as they happen."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: seen.append(str(e)))
    return seen


def post_seek(page, game: str, clock: str) -> None:
    page.goto("/seeks/")
    page.locator("#seek-game").select_option(game)
    page.locator("#seek-clock").select_option(clock)
    page.get_by_role("button", name="Post a seek").click()
    expect(page.locator("tr.seek", has_text=clock)).to_contain_text("waiting")


def accept_from_phone(new_page, clock: str):
    taker = new_page(phone=True)
    taker.goto("/seeks/")
    assert_no_sideways_scroll(taker)
    button = taker.locator("tr.seek", has_text=clock).get_by_role("button", name="Accept")
    assert_within_the_screens_width(taker, button)
    shot(taker, "seeks-phone")
    button.tap()
    taker.wait_for_url(re.compile(r"/matches/\d+/$"))
    return taker


def test_a_seek_taken_while_the_seeker_browses_another_lobby_opens_by_itself(new_page):
    seeker = new_page()
    problems = errors_of(seeker)
    post_seek(seeker, "footsies", "3+2")
    seeker.get_by_role("link", name="Play").first.click()
    seeker.goto("/play/buttonmen/")  # another game's lobby
    seeker.wait_for_selector("html[data-me=live]")
    seeker.wait_for_timeout(21_000)  # left idle: the socket must still carry the push

    taker = accept_from_phone(new_page, "3+2")
    accepted = time.monotonic()
    seeker.wait_for_url(taker.url, timeout=OPENS_WITHIN_MS)
    print(f"\nthe seeker's lobby opened the game {time.monotonic() - accepted:.2f} s after Accept")
    seeker.wait_for_selector("#match[data-conn=live]")
    expect(seeker.locator("#seats li.you")).to_have_count(1)
    assert not problems, problems


def test_away_on_the_home_page_a_notice_links_to_the_new_game_with_a_sound(new_page):
    seeker = new_page()
    problems = errors_of(seeker)
    post_seek(seeker, "footsies", "5+3")
    seeker.goto("/")
    seeker.wait_for_selector("html[data-me=live]")
    seeker.locator("main").click(position={"x": 5, "y": 5})  # someone at the page

    taker = accept_from_phone(new_page, "5+3")
    name = taker.locator("#seats li.you .seat-name").inner_text()
    notice = seeker.locator("#new-game")
    expect(notice).to_be_visible(timeout=OPENS_WITHIN_MS)
    assert notice.get_attribute("role") == "alert"  # said by screen readers
    expect(notice).to_contain_text(f"Your game is on: Footsies against {name}")
    expect(notice).to_contain_text("5+3")
    expect(seeker).to_have_url(re.compile(r"/$"))  # not taken away from what they do
    expect(seeker).to_have_title(re.compile(r"^\(1\) Your turn"))
    assert seeker.evaluate("document.documentElement.dataset.newGameSoundPlayed") == "played"
    shot(seeker, "new-game-notice")

    # The sound can be turned off, and the choice is kept (a guest: in the browser).
    sound = seeker.locator("#new-game-sound")
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    assert seeker.evaluate("localStorage.getItem('dicearena-new-game-sound')") == "off"

    # By keyboard: the link is in the tab order, Enter opens the game.
    link = seeker.locator("#new-game-link")
    link.focus()
    seeker.keyboard.press("Enter")
    seeker.wait_for_url(taker.url)
    seeker.wait_for_selector("#match[data-conn=live]")
    assert not problems, problems
