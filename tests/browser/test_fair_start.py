"""A fair start between people: a rated seek is taken while its poster is away on
another page; the taker (on a phone) sees the rule and the countdown of their own first
move, makes it, then watches the poster's window run out — a real window, waited for —
and the game is aborted on every page: no result, no rating change. And the stakes:
a friend invited to a casual game sees it said on the match page and the card."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import assert_no_sideways_scroll, shot, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The web server's first-move window: short, so the test waits a real one.
WINDOW_S = 8


@pytest.fixture
def web_settings() -> dict:
    return {"DICEARENA_FIRST_MOVE_S": WINDOW_S}


def post_seek(page, game: str, clock: str, rated: bool = True) -> None:
    page.goto("/seeks/")
    page.locator("#seek-game").select_option(game)
    page.locator("#seek-clock").select_option(clock)
    if rated:
        page.locator("#seek-rated").check()
    page.get_by_role("button", name="Post a seek").click()
    expect(page.locator("tr.seek", has_text=clock)).to_contain_text("waiting")


def test_a_first_move_that_never_comes_aborts_the_game_and_moves_no_rating(new_page):
    from webapp.leaderboards.models import Competitor, RatingChange

    ann = new_page()
    sign_up(ann, "ann")
    post_seek(ann, "footsies", "5+3")
    ann.goto("/leaderboards/")  # away, browsing something else

    ben = new_page(phone=True)
    sign_up(ben, "ben")
    ben.goto("/seeks/")
    ben.locator("tr.seek", has_text="ann").get_by_role("button", name="Accept").tap()
    ben.wait_for_url(re.compile(r"/matches/\d+/$"))
    ben.wait_for_selector("#match[data-conn=live]")
    url = ben.url

    # Footsies: both choose at once, so both windows run. The rule is said, and ben
    # counts down his own first move and ann's.
    expect(ben.locator("#stakes")).to_have_text("Rated game")
    fair = ben.locator("#first-move")
    expect(fair).to_be_visible()
    expect(ben.locator("#first-move-rule")).to_contain_text(
        f"each side has {WINDOW_S} seconds for its first move"
    )
    expect(ben.locator("#first-move-left")).to_contain_text(
        re.compile(r"Move within 0:0\d or the game is aborted")
    )
    expect(ben.locator("#first-move-left")).to_contain_text("ann must move within")
    assert_no_sideways_scroll(ben)
    shot(ben, "fair-start-phone")
    # The clocks stand still meanwhile: the first move costs no time.
    expect(ben.locator("#clocks .clock.running")).to_have_count(0)

    ben.locator("button.move[data-move=A]").tap()
    expect(ben.locator("#first-move-left")).not_to_contain_text("Move within")
    expect(ben.locator("#first-move-left")).to_contain_text("ann must move within")

    # ann never comes: her window runs out, and the game is aborted, not lost.
    expect(ben.locator("#match")).to_have_attribute("data-status", "aborted", timeout=60_000)
    expect(ben.locator("#game-over h2")).to_have_text("Match aborted")
    expect(ben.locator("#game-over")).to_contain_text("ann did not make a first move in time")
    expect(ben.locator("#card-no-result")).to_contain_text("No result")
    expect(ben.locator("#final-reason")).to_contain_text("did not make a first move")
    expect(fair).to_be_hidden()
    shot(ben, "fair-start-aborted-phone")

    ann.goto(url)
    expect(ann.locator("#game-over h2")).to_have_text("Match aborted")
    expect(ann.locator("#game-over .rating-row")).to_have_count(0)
    # Nobody's rating moved, and neither profile counts a game.
    assert not RatingChange.objects.exists()
    assert not Competitor.objects.filter(key__startswith="user:", games__gt=0).exists()
    ann.goto("/players/ann/")
    expect(ann.locator(".stat-box", has_text="Finished matches")).to_contain_text("0")
    expect(ann.locator("table.matches").first).to_contain_text("No finished matches yet")


def test_a_casual_invite_says_so_on_the_match_page_and_the_card(new_page):
    from webapp.leaderboards.models import RatingChange

    ann = new_page()
    sign_up(ann, "ann")
    ann.goto("/play/octagon/")
    form = ann.locator("#new-match")
    form.locator("input[name=mode][value=friend]").check()
    form.locator("input[name=stakes][value=casual]").check()
    form.get_by_role("button", name="Start the match").click()
    ann.wait_for_url(re.compile(r"/matches/\d+/$"))
    ben = new_page(phone=True)
    sign_up(ben, "ben")
    ben.goto(ann.url)
    ben.get_by_role("button", name="Take the open seat").tap()
    ben.wait_for_selector("#match[data-conn=live]")
    for page in (ann, ben):
        expect(page.locator("#stakes")).to_have_text("Casual game: no rating changes")
    ann.get_by_role("button", name="Resign").click()
    ann.get_by_role("button", name="Yes, resign").click()
    for page in (ann, ben):
        expect(page.locator("#rating-note")).to_have_text("Casual game: no rating changes.")
        expect(page.locator("#game-over .rating-row")).to_have_count(0)
    assert not RatingChange.objects.exists()
