"""A person signs up, submits a tournament from the form, watches the progress bar move
as the worker plays, opens one game's replay and the leaderboard."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_submits_watches_and_browses_a_tournament(new_page):
    page = new_page()
    sign_up(page, "tess")

    page.goto("/tournaments/new/")
    page.select_option("#t-game", "footsies")
    rows = page.locator("#entrants .entrant")
    expect(rows).to_have_count(2)
    rows.nth(0).locator("select.entrant-agent").select_option("montecarlo")
    rows.nth(0).locator("input[data-param=playouts]").fill("800")
    rows.nth(1).locator("select.entrant-agent").select_option("footsies-counter")
    assert "Simple-Minded" in rows.nth(1).locator(".entrant-desc").inner_text()
    # The lobby's rules (first to 3 of 5 rounds), which rate the AIs; the write-up's one
    # round would leave the leaderboard as it is (the page says so).
    page.locator("fieldset[data-game=footsies] [name=opt_rounds]").fill("5")
    page.locator("fieldset[data-game=footsies] [name=opt_max_turns]").fill("20")
    page.fill("input[name=games_per_pairing]", "60")
    page.fill("input[name=seed]", "browser-1")
    page.locator("#submit-tournament").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    expect(page.locator("#t-rules")).to_contain_text("rules as the lobby plays them")

    # Record every width the progress bar takes while the worker plays (games heavy
    # enough to span several of the workers' time-sized batches and progress pushes,
    # which go out at most once a second: 60 games of ~150 ms, 9 s on a quiet machine).
    page.evaluate(
        """() => { window.__widths = [];
        const bar = document.getElementById('progress-bar');
        new MutationObserver(() => window.__widths.push(parseFloat(bar.style.width)))
          .observe(bar, {attributes: true}); }"""
    )
    page.wait_for_function(
        "document.querySelector('#tournament').dataset.status === 'finished'", timeout=300_000
    )
    widths = page.evaluate("window.__widths")
    assert any(0 < w < 100 for w in widths), widths  # it moved through the middle
    page.wait_for_selector("#standings tbody tr")
    expect(page.locator("#standings tbody tr")).to_have_count(2)
    assert "60 of 60" in page.locator("#progress-text").inner_text()

    page.locator("#games .replay-link").first.click()
    page.wait_for_url(re.compile(r"/replay/"))
    expect(page.locator("#ply")).not_to_have_text("")
    page.keyboard.press("ArrowLeft")

    page.goto("/leaderboards/footsies/")
    expect(page.locator("table.leaderboard")).to_contain_text("footsies-counter")
    expect(page.locator("table.leaderboard")).to_contain_text("montecarlo:playouts=800")


def test_a_swiss_tournament_plays_its_rounds_on_the_worker_and_ranks_by_points(new_page):
    page = new_page()
    sign_up(page, "swiss")

    page.goto("/tournaments/new/")
    page.select_option("#t-game", "footsies")
    for _ in range(3):
        page.locator("#add-entrant").click()
    rows = page.locator("#entrants .entrant")
    expect(rows).to_have_count(5)
    for i, agent in enumerate(
        ["random", "footsies-counter", "footsies-nash", "footsies-bayesian", "random"]
    ):
        rows.nth(i).locator("select.entrant-agent").select_option(agent)
    page.select_option("#t-format", "swiss")
    page.fill("input[name=rounds]", "3")
    page.fill("input[name=games_per_pairing]", "2")
    page.fill("input[name=seed]", "browser-swiss")
    page.locator("#submit-tournament").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    expect(page.locator("#t-round")).to_contain_text("of 3")

    # Each round is made on the worker when the one before is over; the page follows.
    # The page draws itself again once the tournament is finished: the standings it then
    # draws are the final ones (loadedStatus is what the server said at load).
    page.wait_for_function(
        "document.querySelector('#tournament').dataset.loadedStatus === 'finished'",
        timeout=300_000,
    )
    expect(page.locator("#standings tbody tr")).to_have_count(5)
    expect(page.locator("#t-round")).to_have_text("round 3 of 3")
    points = [float(p) for p in page.locator("#standings .swiss-points").all_inner_texts()]
    assert points == sorted(points, reverse=True) and sum(points) == 9  # 2 tables + 1 bye, x3
    assert "12 of 12" in page.locator("#progress-text").inner_text()
