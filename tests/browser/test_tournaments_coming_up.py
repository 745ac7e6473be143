"""Scheduled events for people, as a desktop and a phone visitor meet them: the next ones
are listed under Coming up well before they start, each with a countdown that ticks and a
Join button; one nobody joined is cancelled at its time and its page says so (a normal
page, never an error); the one they joined starts and pairs them, on their open pages.
Real time windows, shortened: events every 30 s, announced 90 s ahead."""

import re
import time

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from webapp.tournaments import people, tasks
from webapp.tournaments.models import Tournament

from .pages import assert_no_sideways_scroll, press

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SPEC = {"game": "octagon", "format": "arena", "minutes": 1, "clock": "5+3", "name": "Quick arena"}


def test_the_next_events_are_listed_ahead_counted_down_joined_and_an_empty_one_cancelled(
    new_page,
):
    made = tasks.scheduled_people_tournament(SPEC, "Quick arena", every_s=30, lead_s=90)
    assert made.startswith("tournaments ")
    events = list(Tournament.objects.order_by("starts_at"))
    assert len(events) == 3
    first, last = events[0], events[-1]
    assert (last.starts_at - timezone.now()).total_seconds() > 60  # open a minute ahead

    desk, phone = new_page(), new_page(phone=True)
    desk.goto("/")
    desk.get_by_role("link", name="Tournaments").first.click()
    upcoming = desk.locator("#upcoming li.event")
    expect(upcoming).to_have_count(3)
    expect(desk.locator("#coming-up")).to_contain_text("arena")
    row = desk.locator(f'#upcoming li[data-id="{last.pk}"]')
    countdown = row.locator("[data-countdown]")
    expect(countdown).to_have_text(re.compile(r"^in \d:\d\d$"))
    shown = countdown.inner_text()
    expect(countdown).not_to_have_text(shown)  # it ticks
    press(desk, row.get_by_role("button", name="Join"))
    desk.wait_for_url(re.compile(rf"/tournaments/{last.pk}/$"))
    expect(desk.locator("#withdraw")).to_be_visible()
    expect(desk.locator("#t-starts [data-countdown]")).to_have_text(re.compile(r"^in \d:\d\d$"))
    expect(desk.locator("#t-starts")).to_contain_text("It runs 1 minute once started")

    phone.goto("/tournaments/")
    phone_row = phone.locator(f'#upcoming li[data-id="{last.pk}"]')
    expect(phone_row.locator("[data-countdown]")).to_have_text(re.compile(r"^in \d:\d\d$"))
    assert_no_sideways_scroll(phone)
    press(phone, phone_row.get_by_role("button", name="Join"))
    phone.wait_for_url(re.compile(rf"/tournaments/{last.pk}/$"))
    expect(phone.locator("#people-list li")).to_have_count(2)
    phone.goto("/tournaments/")
    expect(phone.locator(f'#upcoming li[data-id="{last.pk}"]')).to_contain_text("You are in")
    expect(phone.locator(f'#upcoming li[data-id="{last.pk}"]')).to_contain_text("2 joined")

    # The first one's time comes with nobody in it: the sweep cancels it, and its page
    # says what happened.
    time.sleep(max(0.0, (first.starts_at - timezone.now()).total_seconds()) + 0.5)
    people.start_due()
    phone.goto(f"/tournaments/{first.pk}/")
    expect(phone.locator("#t-what-happened")).to_contain_text(
        "Cancelled at its start time: fewer than two people had joined"
    )
    expect(phone.locator("#t-what-happened")).to_contain_text("No games were played")
    assert_no_sideways_scroll(phone)
    phone.goto("/tournaments/")
    expect(phone.locator(f'#upcoming li[data-id="{first.pk}"]')).to_have_count(0)

    # The one they joined starts (as if its minute had passed): it pairs them, and the
    # desktop page, left open, shows their game by itself.
    Tournament.objects.filter(pk=last.pk).update(starts_at=timezone.now())
    assert people.start_due()["started"] >= 1
    expect(desk.locator("#your-game a")).to_be_visible()
    expect(desk.locator("#t-status")).to_have_text("running")
    phone.goto("/tournaments/")
    expect(phone.locator(f'#on-now li[data-id="{last.pk}"]')).to_contain_text("You are in")


def test_a_guest_cancels_their_own_swiss_from_a_phone_and_its_page_says_so(new_page):
    maker, other = new_page(phone=True), new_page()
    maker.goto("/tournaments/")
    press(maker, maker.locator("#new-people-tournament"))
    maker.locator("#people-game").select_option("octagon")
    maker.locator("#people-clock").select_option("5+3")
    press(maker, maker.get_by_role("button", name="Make the tournament"))
    maker.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    url = maker.url
    other.goto(url)
    press(other, other.locator("#join"))
    expect(other.locator("#withdraw")).to_be_visible()
    # The maker, a guest, cancels it with the keyboard: focus the button, press Enter.
    maker.goto(url)
    maker.locator("#cancel").focus()
    maker.keyboard.press("Enter")
    expect(maker.locator("#t-what-happened")).to_contain_text("Cancelled by its maker")
    expect(maker.locator("#cancel")).to_have_count(0)
    assert_no_sideways_scroll(maker)
    # The other person's page, open all along, says so by itself; no Join or Withdraw.
    expect(other.locator("#t-what-happened")).to_contain_text("No games were played")
    expect(other.locator("#withdraw")).to_have_count(0)
    expect(other.locator("#join")).to_have_count(0)
