"""TV by push: a TV page left idle for 20 s and more puts a Footsies match of a few
seconds on its screen as it starts (another person started it to watch, on a phone),
and shows its end; with its TV socket down, the page falls back to asking."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import start_match
from webapp.accounts.identity import Identity
from webapp.matches import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Longer than every idle timeout on the way (redis-py's 5 s, proxies' 20 s).
IDLE_MS = 21_000

#: Every match a screen has had on, in order (its data-match-id as it changed).
RECORD_TUNES = """(id) => {
  const el = document.getElementById(id);
  window.tuned = [];
  new MutationObserver(() => window.tuned.push(Number(el.dataset.matchId)))
    .observe(el, { attributes: true, attributeFilter: ['data-match-id'] });
}"""


def test_an_idle_tv_page_shows_a_short_footsies_match_as_it_starts(new_page):
    tv = new_page()
    tv.goto("/tv/")
    expect(tv.locator(".tv-grid")).to_have_attribute("data-tv", "live")
    tv.evaluate(RECORD_TUNES, "tv-footsies")
    tv.wait_for_timeout(IDLE_MS)  # nobody touches the TV page meanwhile

    # Someone else watches a short match: first to one round of at most 3 turns.
    phone = new_page(phone=True)
    url = start_match(phone, "footsies", mode="watch", options={"rounds": "1", "max_turns": "3"})
    match_id = int(re.search(r"/matches/(\d+)/", url).group(1))
    expect(phone.locator("#match")).to_have_attribute("data-status", "finished")

    # The TV had it on (it may have ended before the screen's socket opened: its end
    # is on the screen then), and says it is over.
    tv.wait_for_function("(id) => window.tuned.includes(id)", arg=match_id)
    screen = tv.locator("#tv-footsies")
    expect(screen).to_have_attribute("data-match-id", str(match_id))
    expect(screen).to_have_attribute("data-over", "1")
    expect(screen.locator(".tv-status")).to_contain_text("This match is over")
    expect(screen.locator("#game-over-text")).to_have_text(re.compile(r"wins|Draw"))
    expect(screen.locator("a.tv-open")).to_have_attribute("href", f"/matches/{match_id}/")
    assert tv.evaluate("window.tuned") == [match_id]
    expect(tv.locator(".tv-grid")).to_have_attribute("data-tv", "live")  # never polled


def test_with_its_socket_down_tv_asks_which_match_is_on(new_page):
    tv = new_page()
    tv.route_web_socket(re.compile(r"/ws/tv/$"), lambda ws: ws.close())
    tv.goto("/tv/")
    expect(tv.locator(".tv-grid")).to_have_attribute("data-tv", "polling")
    who = Identity(key="guest:tv-fallback", name="tv")
    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(agent_spec="random"), services.SeatPlan(agent_spec="random")],
        pace=0.8,
        created_by=who.key,
    )
    match = services.create_match(plan)
    # Within a poll (15 s) and room for a busy machine.
    expect(tv.locator("#tv-octagon")).to_have_attribute(
        "data-match-id", str(match.pk), timeout=60_000
    )
    services.abort_match(match.pk, who)
    expect(tv.locator("#tv-octagon")).to_have_attribute("data-over", "1")
