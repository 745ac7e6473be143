"""A rematch between people is an offer the other accepts or declines (lichess's way):
two people (one on a 390 px phone) end a game; one offers a rematch, and the other's
card asks them. Accepted, both pages go to the new game, seats swapped, and the offerer's
page away on the home page hears it too; declined, both cards say so; when the one asked
leaves for another page, the offer lapses on the offerer's card."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import assert_no_sideways_scroll, press, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def an_ended_game(new_page):
    """ann (desktop) posts a seek, ben (phone) takes it and resigns: both on the card."""
    ann = new_page()
    ann.goto("/seeks/")
    ann.locator("#seek-game").select_option("footsies")
    ann.locator("#seek-clock").select_option("3+2")
    ann.get_by_role("button", name="Post a seek").click()
    expect(ann.locator("tr.seek", has_text="3+2")).to_contain_text("waiting")
    ben = new_page(phone=True)
    ben.goto("/seeks/")
    ben.locator("tr.seek", has_text="3+2").get_by_role("button", name="Accept").tap()
    ben.wait_for_url(re.compile(r"/matches/\d+/$"))
    ann.wait_for_url(ben.url)  # the seeks page opens it by itself
    for page in (ann, ben):
        page.wait_for_selector("#match[data-conn=live]")
    press(ben, ben.get_by_role("button", name="Resign"))
    press(ben, ben.get_by_role("button", name="Yes, resign"))
    for page in (ann, ben):
        expect(page.locator("#game-over h2")).to_have_text(re.compile("You (won|lost)"))
    return ann, ben


def seat_of(page) -> str:
    return page.locator("#seats li.you").get_attribute("data-seat")


def test_an_offer_accepted_takes_both_pages_to_the_rematch(new_page):
    ann, ben = an_ended_game(new_page)
    url, ann_seat = ann.url, seat_of(ann)
    away = ann.context.new_page()  # another page of ann's, elsewhere on the site
    away.goto("/")
    away.wait_for_selector("html[data-me=live]")

    ann.locator("#rematch").click()
    expect(ann.locator("#rematch-state")).to_contain_text("You offered a rematch; waiting for")
    expect(ann.locator("#rematch-left")).to_have_text(re.compile(r"^0:[0-5]\d$|^1:00$"))
    # No game has started: ann's card only waits, and so does everything else.
    expect(ann).to_have_url(url)

    state = ben.locator("#rematch-state")
    expect(state).to_contain_text("offers a rematch")
    expect(ben.locator("#notice")).to_contain_text("offers a rematch")
    accept = ben.locator("#rematch-accept")
    expect(accept).to_be_visible()
    assert_no_sideways_scroll(ben)
    shot(ben, "rematch-offer-phone")
    shot(ann, "rematch-offered-desktop")
    accept.tap()

    # Both pages go to the one new game, seats swapped.
    ben.wait_for_url(lambda u: u.rstrip("/") != url.rstrip("/") and "/matches/" in u)
    ann.wait_for_url(ben.url)
    for page in (ann, ben):
        page.wait_for_selector("#match[data-conn=live]")
    assert seat_of(ann) != ann_seat
    # ann's page elsewhere hears of the new game too.
    expect(away.locator("#new-game")).to_be_visible()
    path = re.sub(r"^https?://[^/]+", "", ben.url)
    expect(away.locator("#new-game-link")).to_have_attribute("href", path)


def test_an_offer_declined_says_so_on_both_cards_and_starts_nothing(new_page):
    ann, ben = an_ended_game(new_page)
    url = ann.url
    ann.locator("#rematch").click()
    ben.locator("#rematch-decline").tap()
    for page in (ann, ben):
        expect(page.locator("#rematch-state")).to_contain_text("Rematch declined")
    expect(ann.locator("#rematch-state")).to_contain_text("declined")
    expect(ann.locator("#rematch")).to_have_text("Offer a rematch again")
    expect(ben.locator("#rematch-accept")).to_have_count(0)
    for page in (ann, ben):
        expect(page).to_have_url(url)


def test_the_offer_lapses_when_the_one_asked_leaves_the_page(new_page):
    ann, ben = an_ended_game(new_page)
    url = ann.url
    ann.locator("#rematch").click()
    expect(ben.locator("#rematch-accept")).to_be_visible()
    ben.goto("/")  # away, somewhere else
    expect(ann.locator("#rematch-state")).to_contain_text("The rematch offer lapsed")
    expect(ann.locator("#rematch-state")).to_contain_text("left the match")
    shot(ann, "rematch-lapsed-desktop")
    # Coming back later, ben finds it lapsed: nothing to accept.
    ben.goto(url)
    expect(ben.locator("#rematch-state")).to_contain_text("lapsed")
    expect(ben.locator("#rematch-accept")).to_have_count(0)
