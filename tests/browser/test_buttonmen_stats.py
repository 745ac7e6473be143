"""The button statistics on a phone: the list (sorted by win rate from its form), a
button's page and the matchups fit 390 px without sideways scrolling, under the
site's Content-Security-Policy."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import assert_no_sideways_scroll, press

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_statistics_pages_fit_a_phone(new_page):
    page = new_page(phone=True, csp=True)
    page.goto("/games/buttonmen/buttons/")
    expect(page.locator(".bm-study")).to_contain_text("played by")
    assert_no_sideways_scroll(page)
    page.locator("select[name=sort]").select_option("rate")
    press(page, page.get_by_role("button", name="Search"))
    page.wait_for_url(re.compile(r"sort=rate"))
    assert_no_sideways_scroll(page)
    # The first button is the best of the study; its page has the figures.
    press(page, page.locator(".bm-roster tbody a").first)
    expect(page.locator("#bm-stats")).to_contain_text("Win rate")
    expect(page.locator("#bm-stats")).to_contain_text("First-mover advantage")
    assert_no_sideways_scroll(page)
    page.goto("/games/buttonmen/matchups/")
    expect(page.locator(".bm-matrix").first).to_be_visible()
    assert_no_sideways_scroll(page)
