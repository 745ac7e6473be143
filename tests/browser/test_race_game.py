"""The test-only race (tests/racegame) in Chromium, as a new game is met by a person: a web
server and a worker with the race installed through its manifest's slots alone (what a
real game puts in its own files), the home page's link to its lobby, a match against
its default agent played to the end by pressing the renderer's move buttons, and the
replay stepped through."""

import re

import pytest
from playwright.sync_api import expect

from tests import racegame
from tests.browser.pages import press, start_match, wait_for_our_turn_or_the_end
from tests.racegame.install import install_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RACE = racegame.SLUG
#: Called in the forked server and worker before they serve (tests/forkserver.py).
SETUP = "tests.racegame.install:install_in_process"


@pytest.fixture
def web_server(transactional_db, fork_server, log_dir, monkeypatch, settings):
    """This module's site: the usual forked server and worker, each with the race."""
    from tests.stack import wait_ready

    install_site(monkeypatch, settings)  # this process reads the race's matches too
    worker = fork_server.worker(setup=SETUP)
    web, url = fork_server.web(setup=SETUP)
    try:
        wait_ready(worker)
        wait_ready(web, url)
        yield url
    finally:
        web.stop()
        worker.stop()


def test_a_person_runs_the_race_from_the_home_page_and_replays_it(new_page):
    page = new_page()
    match_url = start_match(page, RACE)  # home page → "Play Race" → the lobby's form
    # Its own renderer draws the track; its keys help is the race's.
    expect(page.locator("#board .race-track li")).to_have_count(2)
    seq = -1
    for _ in range(200):
        wait_for_our_turn_or_the_end(page, seq, "#board button.move")
        seq = int(page.locator("#match").get_attribute("data-seq"))
        if page.locator("#match").get_attribute("data-status") == "finished":
            break
        # A step always gets nearer the finish; a roll risks a 1.
        step = page.locator("#board button.move[data-move=step]")
        press(page, step if step.count() else page.locator("#board button.move").first)
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")
    expect(page.locator("#game-over h2")).to_have_text(re.compile("You won|You lost"))
    assert page.locator("#board button.move").count() == 0  # nobody moves once it is over

    # The replay: from the first position to the last, by button and by key.
    press(page, page.locator("#replay-link"))
    page.wait_for_url(re.compile(r"/replay/"))
    ply = page.locator("#ply")
    last = int(page.locator("#last").inner_text())
    assert last >= 1
    expect(ply).to_have_text(str(last))
    press(page, page.locator("#first"))
    expect(ply).to_have_text("0")
    expect(page.locator("#board .race-track li").first).to_contain_text("square 0")
    page.keyboard.press("ArrowRight")
    expect(ply).to_have_text("1")
    press(page, page.locator("#end"))
    expect(ply).to_have_text(str(last))
    assert page.locator("#board button.move").count() == 0
    assert match_url.rstrip("/").split("/")[-1] in page.url
