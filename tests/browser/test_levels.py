"""A person picks a named level in the lobby, sees what it is measured to be, and plays
the agent behind it."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import assert_no_sideways_scroll, open_lobby, press, seq_of, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: A folder to save a picture of the lobby's levels in (for the docs), if set.
SHOTS = os.environ.get("DICEARENA_SHOTS")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_person_picks_the_best_level_and_plays_its_agent(new_page, phone):
    page = new_page(phone)
    open_lobby(page, "footsies")
    table = page.locator("#levels table")
    expect(table.locator("tbody tr")).to_have_count(4)
    best = table.locator("tr[data-level=best]")
    expect(best.locator("code.level-spec")).to_have_text("footsies-best")
    expect(best.locator(".level-rating")).to_have_text("not yet rated")
    expect(best.locator(".level-thinking")).to_have_text("not yet measured")
    # Choosing the level in the opponent list says the same under it.
    page.locator("select[name=agent1]").select_option("level:best")
    help_text = page.locator("#agent1-help")
    expect(help_text).to_contain_text("Rating: not yet rated")
    expect(help_text).to_contain_text("Speed: not yet measured")
    if phone:
        assert_no_sideways_scroll(page)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        shot = Path(SHOTS) / f"levels-{'phone' if phone else 'desktop'}.png"
        page.screenshot(path=str(shot), full_page=True)

    start_match(page, "footsies", agents={1: "level:best"})
    expect(page.locator("#seats")).to_contain_text("footsies-best")
    before = seq_of(page)
    press(page, page.locator("button.move[data-move=B]"))
    # The level's agent answered: the exchange resolved.
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_lobby_shows_the_head_to_head_ladder_readably(new_page, phone):
    from webapp.matches.levels import ladder_rows

    page = new_page(phone)
    open_lobby(page, "dicewars")
    steps = page.locator("#levels ol.ladder li")
    rows = ladder_rows("dicewars")
    expect(steps).to_have_count(len(rows))
    for shown, row in zip(range(len(rows)), rows, strict=True):
        expect(steps.nth(shown).locator(".ladder-text")).to_have_text(row.text)
        expect(steps.nth(shown).locator("meter")).to_be_visible()
    if phone:
        assert_no_sideways_scroll(page)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.locator("#levels").screenshot(
            path=str(Path(SHOTS) / f"ladder-{'phone' if phone else 'desktop'}.png")
        )
