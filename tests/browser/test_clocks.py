"""People's clocks in the browser: two people (two browser contexts) play a clocked
match; the clock ticks, survives a reload (the server owns the time), takes a gift of
+15 s, and a player whose time runs out loses on both pages."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import place_a_piece, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def left_ms(page, seat: int) -> int:
    return int(page.locator(f"#clock-{seat}").get_attribute("data-left-ms"))


def seated_friend(new_page, clock: str, started: bool = True):
    """Me and a friend in a clocked Octagon match; ``started``: each has made a first
    move (until then a first-move window runs, not the clocks: test_fair_start.py)."""
    me = new_page()
    url = start_match(me, "octagon", mode="friend", options={"preset": "small"}, clock=clock)
    friend = new_page()
    friend.goto(url)
    friend.get_by_role("button", name="Take the open seat").click()
    friend.wait_for_selector("#match[data-conn=live]")
    if started:
        place_a_piece(me)
        place_a_piece(friend)
    return me, friend, url


def test_the_clock_ticks_and_survives_a_reload(new_page):
    me, friend, url = seated_friend(new_page, "5+3")
    mine = me.locator("#clock-0")
    expect(mine).to_have_class(re.compile(r"\brunning\b"))
    expect(me.locator("#clocks .clock-label")).to_contain_text("5+3")
    first = left_ms(me, 0)
    # It ticks: the time shown goes down while nobody moves.
    me.wait_for_function(
        f"() => Number(document.querySelector('#clock-0').dataset.leftMs) < {first - 1500}"
    )
    shown = me.locator("#clock-0 .clock-time").inner_text()
    # Minutes and seconds, under the 5:00 it started from (a loaded machine may take a
    # while to get here, so not "4:5x" exactly).
    assert re.fullmatch(r"4:[0-5]\d", shown), shown
    before_reload = left_ms(me, 0)

    me.reload()
    me.wait_for_selector("#match[data-conn=live]")
    expect(me.locator("#clock-0")).to_have_class(re.compile(r"\brunning\b"))
    after_reload = left_ms(me, 0)
    # The server's time, not a fresh 5:00: no more than what was shown before the reload.
    assert after_reload <= before_reload, (before_reload, after_reload)
    me.wait_for_function(
        f"() => Number(document.querySelector('#clock-0').dataset.leftMs) < {after_reload - 1500}"
    )
    assert left_ms(me, 1) == 300_000  # the other clock waits

    # The friend gives me 15 seconds; both pages show it.
    was = left_ms(me, 0)
    friend.locator("#clock-0 .give-time").click()
    me.wait_for_function(
        f"() => Number(document.querySelector('#clock-0').dataset.leftMs) > {was + 10000}"
    )
    assert me.locator("#clock-1 .give-time").count() == 1  # I may give too
    assert me.locator("#clock-0 .give-time").count() == 0  # but not to myself


def test_a_player_whose_time_runs_out_loses_on_both_pages(new_page):
    me, friend, _ = seated_friend(new_page, "0.1+0")  # 6 seconds
    expect(me.locator("#final-reason")).to_contain_text("lost on time", timeout=60_000)
    expect(friend.locator("#final-reason")).to_contain_text("lost on time")
    expect(me.locator("#game-over h2")).to_have_text("You lost")
    expect(friend.locator("#game-over h2")).to_have_text("You won")
    expect(me.locator("#clock-0")).not_to_have_class(re.compile(r"\brunning\b"))


def test_a_clock_frame_is_aged_by_its_time_on_the_way_by_the_servers_clock(new_page):
    """A page counts a clock from when the server built the frame (its ``at``), by the
    server's clock as the pongs tell it. A page made to believe the server's clock is
    3 s ahead of its own takes 3 s more off every clock frame than a page that knows
    better: the aging is done, and by that clock."""
    me, friend, _ = seated_friend(new_page, "5+3")
    expect(me.locator("#clock-0")).to_have_class(re.compile(r"\brunning\b"))
    # A pong of no round trip (the surest kind) saying the server is 3 s ahead.
    me.evaluate("DiceArena.serverClock.sample(Date.now() + 3000, 0)")
    assert me.evaluate("DiceArena.serverClock.offset") > 2900
    # A fresh clock frame for both pages: the friend gives me 15 s.
    was = left_ms(friend, 0)
    friend.locator("#clock-0 .give-time").click()
    friend.wait_for_function(
        f"() => Number(document.querySelector('#clock-0').dataset.leftMs) > {was + 10000}"
    )
    me.wait_for_function(
        f"() => Number(document.querySelector('#clock-0').dataset.leftMs) > {was + 5000}"
    )
    # Read both as close together as the two pages allow: mine is about 3 s lower.
    gap = left_ms(friend, 0) - left_ms(me, 0)
    assert 2000 < gap < 4500, gap


def seconds(text: str) -> float:
    """ "0:17" or "0:07.3" as seconds."""
    minutes, rest = text.split(":")
    return 60 * int(minutes) + float(rest)


def test_a_banked_clock_shows_the_time_left_at_the_end_after_a_reload(new_page):
    me, friend, url = seated_friend(new_page, "20s/2m")
    mine = me.locator("#clock-0 .clock-time")
    # My move's own 20 s run down a few seconds, then the friend resigns.
    me.wait_for_function(
        "() => document.querySelector('#clock-0 .clock-time').textContent <= '0:17'"
    )
    friend.get_by_role("button", name="Resign").click()
    friend.locator("#resign-confirm").get_by_role("button", name="Yes, resign").click()
    expect(me.locator("#final-reason")).to_contain_text("resigned")
    expect(me.locator("#clock-0")).not_to_have_class(re.compile(r"\brunning\b"))
    at_the_end = seconds(mine.inner_text())
    assert at_the_end <= 17, at_the_end
    me.reload()
    me.wait_for_selector("#match[data-conn=live]")
    expect(me.locator("#clock-0 .clock-bank")).to_have_text("bank 2:00")
    # The server's stored figure of the end, not a fresh 0:20 (within the second the
    # page's own count and the server's may round apart).
    after = seconds(mine.inner_text())
    assert abs(after - at_the_end) <= 1, (at_the_end, after)
    friend.reload()
    assert abs(seconds(friend.locator("#clock-0 .clock-time").inner_text()) - at_the_end) <= 1
