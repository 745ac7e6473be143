"""Once a match has ended, every game's own status line says how it ended: after a
resignation, an abort or a loss on time, no board still says "X to move"."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import press, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What a board says while a match goes on: whose move it is (an Octagon stock's "15 to
#: place" counts pieces, not turns).
STILL_PLAYING = re.compile(r"to move|(?<!\d )to place|'s turn|Your turn|▶", re.IGNORECASE)


def board_text(page) -> str:
    return page.locator("#board").text_content() or ""


def resign(page) -> None:
    press(page, page.get_by_role("button", name="Resign"))
    press(page, page.locator("#resign-confirm").get_by_role("button", name="Yes, resign"))
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")


@pytest.mark.parametrize("slug", ["dicewars", "buttonmen", "octagon", "dungeon", "footsies"])
def test_after_a_resignation_the_board_says_so(new_page, slug):
    page = new_page(phone=slug == "dicewars")
    start_match(page, slug)
    resign(page)
    page.wait_for_function("() => /resigned/.test(document.querySelector('#board').textContent)")
    text = board_text(page)
    assert "resigned" in text and not STILL_PLAYING.search(text), text


def test_dice_wars_between_people_says_who_lost_on_time(new_page):
    me = new_page()
    url = start_match(me, "dicewars", mode="friend", clock="0.1+0")  # 6 seconds
    friend = new_page(phone=True)
    friend.goto(url)
    friend.get_by_role("button", name="Take the open seat").click()
    # Each makes a first move (until then a first-move window runs, not the clocks); then
    # my 6 seconds run out.
    ended: set[int] = set()
    for _ in range(300):  # whoever the dice made first, then the other
        for i, page in enumerate((me, friend)):
            if i not in ended and page.locator("#dw-end").count():
                press(page, page.locator("#dw-end"))
                ended.add(i)
        if len(ended) == 2:
            break
        me.wait_for_timeout(100)
    assert len(ended) == 2, "the first moves were never offered"
    for page in (me, friend):
        expect(page.locator("#final-reason")).to_contain_text("lost on time", timeout=60_000)
        page.wait_for_function(
            "() => /lost on time/.test(document.querySelector('#board').textContent)"
        )
        text = board_text(page)
        assert not STILL_PLAYING.search(text), text
    # A page opened afterwards says the same.
    late = new_page()
    late.goto(url)
    expect(late.locator("#board")).to_contain_text("lost on time")
    assert not STILL_PLAYING.search(board_text(late))
