"""Leaving an arena under way, as four people in four browsers (one a phone) do it: one
pauses (not paired, their game under way still counts), comes back with Resume and is
paired at once; another withdraws while playing (a double press does nothing more), is
not paired again and keeps their points. Every open tournament page shows it by itself."""

import re

import pytest
from playwright.sync_api import expect

from .pages import assert_no_sideways_scroll, press
from .test_people_tournament import join_from, make_tournament, resign_my_game, visit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_in_a_running_arena_one_pauses_and_resumes_and_another_withdraws(new_page):
    maker = new_page()
    url = make_tournament(maker, {"#people-minutes": "30"}, format="arena")
    phone, bea, cal = join_from(new_page, url, phone=0)  # entrants 1 (a phone), 2 and 3
    visit(maker, url)
    expect(maker.locator("#people-list li")).to_have_count(4)
    names = maker.locator("#people-list li").all_inner_texts()
    maker.locator("#start").click()
    expect(maker.locator("#in-play li")).to_have_count(2)  # 0 v 1 and 2 v 3

    # The phone's player must leave for a while: Pause, from the tournament page.
    visit(phone, url)
    press(phone, phone.locator("#pause"))
    expect(phone.locator("#my-entry")).to_contain_text("You are paused")
    expect(phone.locator("#resume")).to_be_visible()
    expect(phone.locator("#pause")).to_have_count(0)
    assert_no_sideways_scroll(phone)
    # The maker's page, open since the start, says so by itself.
    expect(maker.locator("#people-list li").nth(1)).to_contain_text("paused")

    # The game under way still counts: the phone's player resigns it, then Cal his.
    assert resign_my_game(phone, url)
    assert resign_my_game(cal, url)
    # The maker (2 points) meets Bea (2); the paused player is not paired; Cal waits.
    expect(maker.locator("#in-play li")).to_have_count(1)
    expect(maker.locator("#in-play li")).to_contain_text(names[2])
    visit(phone, url)
    expect(phone.locator("#my-entry")).to_contain_text("You are paused")
    expect(phone.locator("#your-game")).to_have_count(0)

    # Back: Resume pairs them at once with whoever is free (Cal), on every open page.
    press(phone, phone.locator("#resume"))
    expect(phone.locator("#your-game a")).to_be_visible()
    expect(maker.locator("#in-play li")).to_have_count(2)
    expect(maker.locator("#in-play")).to_contain_text(re.compile(re.escape(names[3])))
    assert_no_sideways_scroll(phone)

    # Bea must stop, mid-game: Withdraw (pressed twice in a hurry: once is what counts).
    visit(bea, url)
    bea.locator("#withdraw").dblclick()
    expect(bea.locator("#my-entry")).to_contain_text("You have withdrawn")
    expect(bea.locator("#my-entry")).to_contain_text("your game under way still counts")
    expect(bea.locator("#withdraw")).to_have_count(0)
    expect(bea.locator("#join")).to_have_text("Join again")
    expect(maker.locator("#people-list li").nth(2)).to_contain_text("withdrawn")
    # Her game still counts: she resigns it. She is not paired again; the maker, free,
    # waits for the phone's game with Cal to end.
    assert resign_my_game(bea, url)
    expect(maker.locator("#progress-text")).to_have_text("3 games played")
    expect(maker.locator("#in-play li")).to_have_count(1)
    expect(maker.locator("#waiting")).to_be_visible()
    visit(bea, url)
    expect(bea.locator("#your-game")).to_have_count(0)
    row = bea.locator("#standings tbody tr", has_text=names[2])
    expect(row).to_contain_text("withdrawn")
    expect(row.locator(".arena-points")).to_have_text("2")  # her points stay
