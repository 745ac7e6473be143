"""Open match pages in Chromium while Redis restarts under the web server: two moves
made meanwhile (by clicks, through the pages' own sockets) reach every page — both
players', one on a 390 px phone, and a spectator's — once Redis is back. The audit:
none of 10 pages had them within 25 s (they resynced only at a quiet socket's hello).
Real parts: the web server as ``make run`` starts it, a Redis server of this test's own
stopped and started again, Chromium."""

import time

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.pages import press, seq_of
from tests.stack import start_web
from tests.webapp.test_redis_restart import RestartableRedis
from webapp.accounts.identity import GUEST_KEY, Identity
from webapp.matches import services
from webapp.matches.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open(browser, url: str, match: Match, guest: str | None, phone: bool = False):
    """The match page in a browser context of its own (``guest``'s session, or a
    spectator with none)."""
    context = browser.new_context(base_url=url, bypass_csp=True, **(PHONE if phone else {}))
    context.set_default_timeout(60_000)
    if guest:
        store = SessionStore()
        store[GUEST_KEY] = guest
        store.save()
        cookie = {"name": settings.SESSION_COOKIE_NAME, "value": store.session_key, "url": url}
        context.add_cookies([cookie])
    page = context.new_page()
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#match[data-conn=live]")
    return page


def _move(page, move: str) -> None:
    press(page, page.locator(f"button.move[data-move={move}]"))


def test_moves_made_while_redis_restarts_reach_every_open_page(browser, log_dir, tmp_path):
    server = RestartableRedis(tmp_path)
    server.start()
    web, url = start_web(log_dir, {"REDIS_URL": server.url})
    contexts = []
    try:
        seats = [
            services.SeatPlan(identity=Identity(key=f"guest:{g}", name=g)) for g in ("ann", "ben")
        ]
        match = services.create_match(
            services.MatchPlan(game="footsies", seats=seats, options={"rounds": 3})
        )
        ann = _open(browser, url, match, "ann")
        ben = _open(browser, url, match, "ben", phone=True)
        watcher = _open(browser, url, match, None)
        pages = [ann, ben, watcher]
        contexts = [page.context for page in pages]
        server.stop()
        # Two moves, one by each, through their pages' sockets: stored, but no frame
        # about them can be published.
        _move(ann, "B")
        expect(ann.locator("#notice")).not_to_contain_text("will be sent")
        _move(ben, "G")
        stored = 0
        deadline = time.monotonic() + 60
        while stored == 0 and time.monotonic() < deadline:
            stored = Match.objects.get(pk=match.pk).ply
            time.sleep(0.1)
        assert stored >= 1
        time.sleep(3)  # Redis away a while, as in a restart
        server.start()
        back = time.monotonic()
        for page in pages:
            page.wait_for_function(
                f"Number(document.querySelector('#match').dataset.seq) >= {stored}",
                timeout=20_000,
            )
        print(
            f"\nall 3 pages (one a phone) had the moves made while Redis was away "
            f"{time.monotonic() - back:.1f} s after it was back"
        )
        assert [seq_of(page) for page in pages] == [stored] * 3
        for page in pages:
            expect(page.locator("#match")).to_have_attribute("data-conn", "live")
    finally:
        for context in contexts:
            context.close()
        web.stop()
        server.stop()
