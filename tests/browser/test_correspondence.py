"""A correspondence game between two people (two browser contexts, two accounts): each
move e-mails the other player (the web server's and worker's mails go to files in tests),
the signed link in the mail opens the game, and the tab title says "(1) Your turn"."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.browser.pages import press, sign_up, start_match
from tests.webapp.helpers import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


#: A deadline for a mail to arrive (the worker sends it): generous, as the other waits of
#: the browser tests; it costs nothing when met.
MAIL_WAIT_S = 90


def mails_to(address: str) -> list[str]:
    folder = Path(settings.EMAIL_FILE_PATH)
    found = [p.read_text() for p in sorted(folder.glob("*.log"))] if folder.exists() else []
    return [m for m in found if f"To: {address}" in m]


def link_in(mail: str) -> str:
    return re.search(r"http://testserver(/notify/open/\S+/)", mail).group(1)


def account(new_page, name: str):
    page = new_page()
    sign_up(page, name)
    page.goto("/accounts/settings/")
    page.fill("#id_email", f"{name}@example.org")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#saved")).to_be_visible()
    return page


def test_each_move_mails_the_other_player_and_the_link_opens_the_game(new_page):
    alice = account(new_page, "alice-cc")
    bob = account(new_page, "bob-cc")
    url = start_match(alice, "dicewars", mode="friend", clock="1d")
    bob.goto(url)
    bob.get_by_role("button", name="Take the open seat").click()
    bob.wait_for_selector("#match[data-conn=live]")
    expect(alice.locator("#clocks .clock-label")).to_contain_text("1 day a move")

    # Who moves first is the dice's (Dice Wars' order of play comes from the seed): that
    # player's turn e-mail came when Bob sat down, and their move mails the other.
    pages = {"alice-cc": alice, "bob-cc": bob}

    def first_mailed() -> str | None:
        return next((name for name in pages if mails_to(f"{name}@example.org")), None)

    mover = wait_for(first_mailed, MAIL_WAIT_S)
    other = next(name for name in pages if name != mover)
    first = mails_to(f"{mover}@example.org")
    assert "Subject: Your turn: Dice Wars" in first[0]
    assert not mails_to(f"{other}@example.org")  # one mail: the player whose turn it is
    moving, waiting = pages[mover], pages[other]
    expect(moving.locator("#dw-end")).to_be_visible()
    press(moving, moving.locator("#dw-end"))
    mail = wait_for(lambda: mails_to(f"{other}@example.org"), MAIL_WAIT_S)[0]
    assert f"{mover} moved" in mail

    # The link opens the game for the other player, whose tab says it is their turn.
    waiting.goto("/")
    waiting.goto(link_in(mail))
    waiting.wait_for_url(url)
    waiting.wait_for_selector("#match[data-conn=live]")
    expect(waiting).to_have_title(re.compile(r"^\(1\) Your turn · "))
    press(waiting, waiting.locator("#dw-end"))
    wait_for(lambda: len(mails_to(f"{mover}@example.org")) == 2, MAIL_WAIT_S)
    expect(waiting).not_to_have_title(re.compile(r"Your turn"), timeout=40_000)
