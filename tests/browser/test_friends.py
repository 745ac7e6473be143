"""Play a friend: the invite link with its copy button, the open challenge a friend
joins in one click from the home page, the creator's page updating as they sit down, and
a resignation both pages see; a guest who signs up mid-match plays on in it as the account."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import sign_up, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_friend_joins_an_open_challenge_and_both_pages_follow(new_page):
    me = new_page()
    url = start_match(me, "octagon", mode="friend", options={"preset": "small"})
    invite = me.locator("#invite")
    expect(invite).to_be_visible()
    assert me.locator("#invite-url").input_value() == url
    me.get_by_role("button", name="Copy the link").click()
    expect(me.locator("#copy-done")).to_have_text(re.compile(r"\S"))
    expect(me.locator("#seats li[data-seat='1'] .seat-name")).to_have_text("open seat")

    friend = new_page(phone=True)
    friend.goto("/")
    challenge = friend.locator("#open-challenges .open-match", has_text="The Octagon Theory")
    challenge.get_by_role("button", name=re.compile("Join")).tap()
    friend.wait_for_url(url)
    friend.wait_for_selector("#match[data-conn=live]")
    expect(friend.locator("#seats li.you")).to_have_attribute("data-seat", "1")
    name = friend.locator("#seats li.you .seat-name").inner_text()

    # The creator's page learns it without a reload: the invite goes, the name appears.
    expect(invite).to_be_hidden()
    expect(me.locator("#seats li[data-seat='1'] .seat-name")).to_have_text(name)
    expect(me.locator("#notice")).to_contain_text("sat down")

    # The friend resigns; both pages show the result.
    friend.get_by_role("button", name="Resign").tap()
    friend.get_by_role("button", name="Yes, resign").tap()
    expect(friend.locator("#game-over h2")).to_have_text("You lost")
    expect(me.locator("#game-over h2")).to_have_text("You won")
    expect(me.locator("#final-reason")).to_contain_text(f"{name} resigned")


def test_a_guests_match_is_kept_after_signing_up_in_the_same_browser(new_page):
    """A guest plays a friend, signs up mid-match in the same browser, and plays on in
    that match as the account; the friend's page shows the new name."""
    me = new_page()
    url = start_match(me, "octagon", mode="friend", options={"preset": "small"})
    guest = me.locator("#seats li.you .seat-name").inner_text()
    assert guest.startswith("Guest")
    friend = new_page()
    friend.goto(url)
    friend.locator("#join").click()
    friend.wait_for_selector("#match[data-conn=live]")
    expect(friend.locator("#seats li:not(.you) .seat-name")).to_have_text(guest)

    sign_up(me, "keeper")
    me.goto(url)
    me.wait_for_selector("#match[data-conn=live]")
    # The seat is the account's now: its name, "(you)", and the moves are offered to it.
    expect(me.locator("#seats li.you .seat-name")).to_have_text("keeper")
    expect(me.locator("#match")).to_have_attribute("data-status", "active")
    friend.reload()
    friend.wait_for_selector("#match[data-conn=live]")
    expect(friend.locator("#seats li:not(.you) .seat-name")).to_have_text("keeper")
    # The account resigns the match the guest began: it is theirs to end.
    me.get_by_role("button", name="Resign").click()
    me.locator("#resign-confirm").get_by_role("button", name="Yes, resign").click()
    expect(friend.locator("#match")).to_have_attribute("data-status", "finished")
