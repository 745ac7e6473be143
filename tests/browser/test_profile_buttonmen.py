"""A player's Button Men figures on their profile, in Chromium: the section's tables
(favourites, by button played, against buttons, by opponent) fit a 390 px phone without
sideways scrolling, and sit side by side on a desktop; a button's name links to its page."""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from playwright.sync_api import expect

from tests.browser.pages import (
    assert_no_sideways_scroll,
    assert_within_the_screens_width,
    press,
    shot,
)
from webapp.accounts.identity import Identity
from webapp.matches import services
from webapp.matches.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "The Flying Squirrel (unofficial)"  # the longest playable name: the widest row


def person(name: str) -> Identity:
    user = get_user_model().objects.create_user(name, password="a-long-pass-123")
    return Identity(key=f"user:{user.pk}", name=name, user_id=user.pk)


def finished(seats, fighters, loser: int | None) -> None:
    plans = [
        services.SeatPlan(identity=s)
        if isinstance(s, Identity)
        else services.SeatPlan(agent_spec=s)
        for s in seats
    ]
    match = services.create_match(
        services.MatchPlan(game="buttonmen", seats=plans, options={"fighters": fighters}),
        schedule=False,
    )
    with transaction.atomic():
        locked = services.lock_match(match.pk)
        if loser is None:
            services.do_abort(locked, "test")
        else:
            services.do_forfeit(locked, [loser], "test")
    assert Match.objects.get(pk=match.pk).is_over


@pytest.fixture
def players():
    alice, bob = person("alice"), person("bob")
    finished([alice, bob], [LONG, "Avis"], loser=1)
    finished([bob, alice], ["Magical Witch Critical Miss", LONG], loser=0)
    finished([alice, "buttonmen-mc"], ["Avis", "random"], loser=0)
    finished([alice, bob], ["Avis", "Hammer"], loser=None)  # aborted: no game
    person("carol")


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_button_men_figures_fit_the_screen(new_page, players, phone):
    page = new_page(phone=phone, csp=True)
    page.goto("/players/alice/")
    section = page.locator("#buttonmen-stats")
    expect(section).to_contain_text("3 finished matches: 2 won, 1 lost, 0 drawn (67 % won).")
    for box in ("#bm-favourites", "#bm-played", "#bm-faced", "#bm-opponents"):
        expect(page.locator(box)).to_be_visible()
        assert_within_the_screens_width(page, page.locator(box))
    expect(page.locator("#bm-opponents")).to_contain_text("AI Medium (buttonmen-mc)")
    first = page.locator("#bm-played tbody tr").first
    expect(first.locator("th")).to_have_text(LONG)
    expect(first.locator("td")).to_have_text(["2", "2–0–0", "100 %"])
    assert_no_sideways_scroll(page)
    shot(page, f"profile-buttonmen-{'phone' if phone else 'desktop'}")
    tops = [page.locator(b).bounding_box()["y"] for b in ("#bm-favourites", "#bm-played")]
    if phone:
        assert tops[1] > tops[0] + 40  # stacked
    else:
        assert abs(tops[1] - tops[0]) < 2  # side by side
    press(page, page.locator("#bm-played a", has_text=LONG))
    expect(page.locator("h1")).to_contain_text(LONG)

    page.goto("/players/carol/")
    expect(page.locator("#buttonmen-stats")).to_contain_text("No finished Button Men matches yet")
    assert_no_sideways_scroll(page)
