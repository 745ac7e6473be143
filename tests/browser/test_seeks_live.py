"""The seeks list updates by itself (pushed on the person socket): a phone left on
/seeks/ sees a seek appear when someone posts it, vanish when someone else takes it or
its poster cancels it, with no reload; on the 390 px screen each seek's Accept is in
reach, not hidden in a table that scrolls sideways, and a tap on it starts the match
(the poster's page, on /seeks/ too, opens it by itself)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    assert_no_sideways_scroll,
    assert_within_the_screens_width,
    shot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def post_seek(page, game: str, clock: str) -> None:
    page.goto("/seeks/")
    page.locator("#seek-game").select_option(game)
    page.locator("#seek-clock").select_option(clock)
    page.get_by_role("button", name="Post a seek").click()
    expect(page.locator("tr.seek", has_text=clock)).to_contain_text("waiting")


def test_the_list_follows_posts_takes_and_cancels_and_the_phone_reaches_accept(new_page):
    phone = new_page(phone=True)
    phone.goto("/seeks/")  # a first visit: no identity yet, the list is followed anyway
    expect(phone.locator("#seek-rows")).to_contain_text("No open seeks")
    phone.wait_for_selector("html[data-me=live]")
    phone.wait_for_timeout(21_000)  # left idle: the socket must still carry the pushes

    poster = new_page()
    post_seek(poster, "octagon", "5+3")
    row = phone.locator("tr.seek", has_text="5+3")
    expect(row).to_have_count(1)  # appeared without a reload
    expect(phone.locator("#seek-rows")).not_to_contain_text("No open seeks")

    # Someone else takes it: it goes from the phone's list.
    taker = new_page()
    taker.goto("/seeks/")
    taker.locator("tr.seek", has_text="5+3").get_by_role("button", name="Accept").click()
    taker.wait_for_url(re.compile(r"/matches/\d+/$"))
    poster.wait_for_url(taker.url)  # the poster's seeks page opened it by itself
    expect(row).to_have_count(0)

    # A second seek, cancelled by its poster: it comes and goes.
    post_seek(poster, "buttonmen", "10+5")
    expect(phone.locator("tr.seek", has_text="10+5")).to_have_count(1)
    poster.locator("tr.seek", has_text="10+5").get_by_role("button", name="Cancel").click()
    expect(phone.locator("tr.seek", has_text="10+5")).to_have_count(0)

    # A third, taken from the phone: Accept is on the 390 px screen, and works.
    post_seek(poster, "footsies", "3+2")
    accept = phone.locator("tr.seek", has_text="3+2").get_by_role("button", name="Accept")
    expect(accept).to_be_visible()
    assert_no_sideways_scroll(phone)
    assert_within_the_screens_width(phone, accept)
    box = accept.bounding_box()
    assert min(box["width"], box["height"]) >= 44, box  # a thumb can hit it
    shot(phone, "seeks-live-phone")
    accept.tap()
    phone.wait_for_url(re.compile(r"/matches/\d+/$"))
    poster.wait_for_url(phone.url)
    phone.wait_for_selector("#match[data-conn=live]")
