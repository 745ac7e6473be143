"""A seek accepted from the seeks page: one person posts "Button Men, 5+3", another
(a second browser context) accepts it, and both pages land in the same clocked match."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_seek_posted_by_one_person_is_accepted_by_another(new_page):
    poster = new_page()
    poster.goto("/seeks/")
    poster.locator("#seek-game").select_option("buttonmen")
    poster.locator("#seek-clock").select_option("5+3")
    poster.get_by_role("button", name="Post a seek").click()
    row = poster.locator("tr.seek", has_text="5+3")
    expect(row).to_contain_text("waiting")

    other = new_page()
    other.goto("/")
    other.get_by_role("link", name="Seeks").click()
    other.locator("tr.seek", has_text="5+3").get_by_role("button", name="Accept").click()
    other.wait_for_url(re.compile(r"/matches/\d+/$"))
    other.wait_for_selector("#match[data-conn=live]")

    # The poster's page follows by itself, to the same match, with the clocks.
    poster.wait_for_url(other.url)
    poster.wait_for_selector("#match[data-conn=live]")
    expect(poster.locator("#clocks .clock-label")).to_contain_text("5+3")
    expect(other.locator("#seats li.you")).to_have_count(1)
    expect(poster.locator("#seats li.you")).to_have_count(1)
    assert poster.locator("#seats li.you").get_attribute("data-seat") != other.locator(
        "#seats li.you"
    ).get_attribute("data-seat")


def test_a_dice_wars_seek_filled_by_three_people_and_one_ai(new_page):
    poster = new_page()
    poster.goto("/seeks/")
    poster.locator("#seek-game").select_option("dicewars")
    poster.locator("#seek-players").fill("4")
    poster.locator("#seek-clock").select_option("3d")
    poster.get_by_role("button", name="Post a seek").click()
    row = poster.locator("tr.seek", has_text="dicewars")
    expect(row.locator(".seek-seats")).to_have_text("1/4")

    joiners = []
    for _ in range(2):
        page = new_page()
        page.goto("/seeks/")
        page.locator("tr.seek", has_text="dicewars").get_by_role("button", name="Join").click()
        expect(page.locator("tr.seek", has_text="dicewars")).to_contain_text("joined, waiting")
        joiners.append(page)
    poster.reload()
    expect(row.locator(".seek-seats")).to_have_text("3/4")

    poster.get_by_role("button", name="Fill the rest with AI").click()
    poster.wait_for_url(re.compile(r"/matches/\d+/$"))
    poster.wait_for_selector("#match[data-conn=live]")
    expect(poster.locator("#seats li")).to_have_count(4)
    expect(poster.locator("#seats li .tag", has_text="AI")).to_have_count(1)
    # Those who joined are taken to the match by their pages.
    for page in joiners:
        page.wait_for_url(poster.url)
        page.wait_for_selector("#match[data-conn=live]")
        expect(page.locator("#seats li.you")).to_have_count(1)
    expect(poster.locator("#clocks .clock-label")).to_contain_text("3 days a move")
