"""A person picks "Fair random matchup" in the Button Men lobby, on a desktop and on a
390 px phone: the match starts with two buttons the button study puts near 50 %, and
the match page says why they were drawn, without sideways scrolling."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    assert_no_sideways_scroll,
    assert_within_the_screens_width,
    is_phone,
    open_lobby,
    press,
    shot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WHY = re.compile(r"within 45–55 %: (.+?) against (.+?): (measured|estimated) (\d+) % – (\d+) %")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_fair_random_matchup_is_drawn_and_explained(new_page, phone):
    page = new_page(phone=phone)
    open_lobby(page, "buttonmen")
    form = page.locator("#new-match")
    form.locator("input[name=mode][value=ai]").check()
    press(page, form.locator("details.options summary"))
    choice = form.get_by_label("Fair random matchup")
    expect(choice).to_be_visible()
    expect(form.locator("#fair-help")).to_contain_text("45–55 %")
    if is_phone(page):
        assert_within_the_screens_width(page, form.locator("#fair-choice"))
        assert_no_sideways_scroll(page)
    choice.check()
    shot(page, f"fair-lobby-{'phone' if phone else 'desktop'}")
    press(page, form.get_by_role("button", name="Start the match"))
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_selector("#match[data-conn=live]")
    note = page.locator(".messages li").filter(has_text="A fair random matchup")
    expect(note).to_contain_text("button study")
    found = WHY.search(note.inner_text())
    assert found, note.inner_text()
    a, b, _, ours, theirs = found.groups()
    assert 45 <= int(ours) <= 55 and int(ours) + int(theirs) == 100
    # The board plays the two buttons the note names.
    expect(page.locator("#board")).to_contain_text(a)
    expect(page.locator("#board")).to_contain_text(b)
    shot(page, f"fair-match-{'phone' if phone else 'desktop'}")
    if is_phone(page):
        assert_within_the_screens_width(page, note)
        assert_no_sideways_scroll(page)
