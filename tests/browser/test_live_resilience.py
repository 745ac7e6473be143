"""Live play as time passes for a person, in Chromium: a page left idle longer than
every timeout in the chain still plays; a move made while the socket is down is kept
and sent after the reconnect; a move whose frame is lost is sent again; a black-holed
link is noticed within seconds — and every move is stored exactly once."""

import re
import time

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from playwright.sync_api import expect

from tests.browser.blackhole import BlackHole
from tests.browser.pages import seq_of
from webapp.accounts.identity import GUEST_KEY, Identity
from webapp.matches import services
from webapp.matches.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Longer than redis-py's 5 s socket timeout and a proxy's usual 20 s idle limit.
IDLE_S = 25


def _footsies_page(new_page, web_server: str, guest: str):
    """A Footsies match of this guest against the counter player, open in Chromium
    (``web_server``: the address the page is served from)."""
    store = SessionStore()
    store[GUEST_KEY] = guest
    store.save()
    page = new_page()
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": store.session_key,
                "url": web_server,
            }
        ]
    )
    me = Identity(key=f"guest:{guest}", name=guest)
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(identity=me), services.SeatPlan(agent_spec="footsies-counter")],
        options={"rounds": 3},
    )
    match = services.create_match(plan)
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#match[data-conn=live]")
    return page, match


def _play(page, move: str) -> int:
    before = seq_of(page)
    page.locator(f"button.move[data-move={move}]").click()
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    return seq_of(page)


def _stored_once(match, seq: int) -> None:
    plies = list(Event.objects.filter(match=match).values_list("ply", flat=True))
    assert plies == list(range(len(plies))) and len(plies) >= seq


def test_a_page_left_idle_still_plays(new_page, web_server):
    page, match = _footsies_page(new_page, web_server, "idler")
    _play(page, "A")
    page.wait_for_timeout(IDLE_S * 1000)
    expect(page.locator("#match")).to_have_attribute("data-conn", "live")
    seq = _play(page, "G")
    _stored_once(match, seq)


def test_a_move_made_while_offline_is_sent_after_the_reconnect(new_page, web_server):
    page, match = _footsies_page(new_page, web_server, "tunnel")
    before = seq_of(page)
    # The connection drops and stays down until the test lets it back (on a loaded
    # machine the click could otherwise come after the page's 250 ms reconnect).
    page.evaluate(
        """() => {
        const socket = DiceArena.currentSocket, open = socket.open.bind(socket);
        socket.open = () => { window.letBack = () => { delete socket.open; open(); }; };
        socket.ws.close();
    }"""
    )
    expect(page.locator("#match")).to_have_attribute("data-conn", "offline")
    # The person clicks before it is back.
    page.locator("button.move[data-move=B]").click()
    expect(page.locator("#notice")).to_contain_text("will be sent when the connection is back")
    page.wait_for_function("window.letBack !== undefined")
    page.evaluate("window.letBack()")
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    expect(page.locator("#match")).to_have_attribute("data-conn", "live")
    expect(page.locator("#notice")).not_to_contain_text("Offline")
    _stored_once(match, seq_of(page))
    # And the page goes on: the next move plays normally.
    _stored_once(match, _play(page, "DP"))


def test_a_lost_move_frame_is_sent_again(new_page, web_server):
    page, match = _footsies_page(new_page, web_server, "lossy")
    before = seq_of(page)
    # The first move frame vanishes on its way (as on a dying mobile link).
    page.evaluate(
        """() => {
        const ws = DiceArena.currentSocket.ws, send = ws.send.bind(ws);
        window.lossy = {ws, moveFrames: 0};
        ws.send = (data) => {
          if (data.includes('"move"') && window.lossy.moveFrames++ === 0) return;
          send(data);
        };
    }"""
    )
    page.locator("button.move[data-move=A]").click()
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    # Sent again on the same socket, not left hanging until some reconnect.
    assert page.evaluate("window.lossy.moveFrames") >= 2
    assert page.evaluate("DiceArena.currentSocket.ws === window.lossy.ws")
    _stored_once(match, seq_of(page))


def test_the_socket_closed_mid_move_stores_the_move_once(new_page, web_server):
    page, match = _footsies_page(new_page, web_server, "midway")
    for move in ("A", "B", "G"):
        before = seq_of(page)
        # The frame leaves, then the socket dies before any answer can arrive.
        page.evaluate(
            f"""() => {{
            document.querySelector('button.move[data-move={move}]').click();
            DiceArena.currentSocket.ws.close();
        }}"""
        )
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
        expect(page.locator("#match")).to_have_attribute("data-conn", "live")
        if page.locator("#match[data-status=finished]").count():
            break
    _stored_once(match, seq_of(page))


def test_a_black_holed_link_says_reconnecting_within_seconds_and_comes_back(browser, web_server):
    """No close, no error: the network just stops carrying bytes. The page used to say
    "connected" for 20 s; its pings now find out within seconds."""
    relay = BlackHole(web_server)
    context = browser.new_context(base_url=relay.url, bypass_csp=True)  # as new_page does
    context.set_default_timeout(20_000)
    try:
        page, match = _footsies_page(context.new_page, relay.url, "tunnelrat")
        # The lag is measured and shown while the link is good.
        expect(page.locator("#conn")).to_contain_text(" ms")
        relay.black_hole()
        started = time.monotonic()
        expect(page.locator("#match")).not_to_have_attribute("data-conn", "live", timeout=8000)
        noticed = time.monotonic() - started
        expect(page.locator("#conn")).to_contain_text(re.compile("slow|reconnecting"))
        expect(page.locator("#conn")).to_contain_text("reconnecting", timeout=8000)
        print(f"\nblack hole noticed after {noticed:.1f} s")
        relay.restore()
        expect(page.locator("#match")).to_have_attribute("data-conn", "live", timeout=30_000)
        _stored_once(match, _play(page, "B"))
    finally:
        context.close()
        relay.close()
