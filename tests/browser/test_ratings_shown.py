"""Ratings as people meet them, in Chromium: the lobby's levels are picked from their rows
(mouse, touch, keyboard) with the preselected opponent one of them; the game-over card
writes provisional ratings with a "?" and says why a game moved no rating to whoever
looks; a finished AI-against-AI page offers no Abort."""

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import expect

from agents.levels import levels
from tests.browser.pages import (
    assert_no_sideways_scroll,
    open_lobby,
    press,
    seq_of,
    sign_up,
    start_match,
    wait_for_our_turn_or_the_end,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: A folder to save pictures in (for the docs and the report), if set.
SHOTS = os.environ.get("DICEARENA_SHOTS")


def shot(page, name: str, locator=None) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        (locator or page).screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def level_button(page, name: str):
    return page.locator(f"#levels tr[data-level={name}] button.level-pick")


def expect_chosen(page, game: str, name: str) -> None:
    """The form holds the level, and only its row is marked chosen."""
    expect(page.locator("select[name=agent1]")).to_have_value(f"level:{name}")
    for lv in levels(game):
        expect(level_button(page, lv.name)).to_have_attribute(
            "aria-pressed", "true" if lv.name == name else "false"
        )


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_level_row_sets_the_opponent_and_the_preselected_one_is_listed(new_page, phone):
    call_command("seed_ratings")
    page = new_page(phone)
    game = "footsies"
    open_lobby(page, game)
    found = levels(game)
    # The opponent the form starts with is one of the levels listed beside it, marked.
    preselected = page.locator("select[name=agent1]").input_value()
    assert preselected in [lv.value for lv in found]
    expect_chosen(page, game, preselected.removeprefix("level:"))
    other = next(lv for lv in reversed(found) if lv.value != preselected)
    press(page, level_button(page, other.name))
    expect_chosen(page, game, other.name)
    # The choice is said beside the rows, with a way to start at once (a phone's form is
    # a screen above).
    status = page.locator("#level-picked")
    expect(status).to_contain_text(f"Your opponent: {other.title} ({other.spec})")
    start = status.get_by_role("button", name=f"Start the match against {other.title}")
    expect(start).to_be_visible()
    # A tap on the row itself (not only its button) picks it too.
    first = found[0]
    press(page, page.locator(f"#levels tr[data-level={first.name}] .level-thinking"))
    expect_chosen(page, game, first.name)
    if phone:
        assert_no_sideways_scroll(page)
    shot(page, f"lobby-levels-{'phone' if phone else 'desktop'}", page.locator("#levels"))
    press(page, status.get_by_role("button", name=f"Start the match against {first.title}"))
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    expect(page.locator("#seats")).to_contain_text(first.spec)


def test_the_level_rows_are_picked_from_the_keyboard(new_page):
    page = new_page()
    game = "dicewars"
    open_lobby(page, game)
    found = levels(game)
    button = level_button(page, found[0].name)
    button.focus()
    page.keyboard.press("Enter")
    expect_chosen(page, game, found[0].name)
    # Tab walks the rows (each row's rating link, then the next level's button).
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('level-pick')"):
            break
    focused = page.evaluate("document.activeElement.closest('tr').dataset.level")
    assert focused == found[1].name
    page.keyboard.press("Space")
    expect_chosen(page, game, found[1].name)
    # Picking a level from "Play a friend" makes it your opponent: back to the AI.
    page.locator("input[name=mode][value=friend]").check()
    level_button(page, found[2].name).focus()
    page.keyboard.press("Enter")
    expect(page.locator("input[name=mode][value=ai]")).to_be_checked()
    expect_chosen(page, game, found[2].name)


def play_footsies_to_the_end(page) -> None:
    for _ in range(80):
        if page.locator("#match[data-status=finished]").count():
            return
        before = seq_of(page)
        press(page, page.locator("button.move[data-move=B]"))
        wait_for_our_turn_or_the_end(page, before, "button.move")
    pytest.fail("the match did not end")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_game_over_card_marks_provisional_ratings_and_says_why_by_who_looks(new_page, phone):
    call_command("seed_ratings")
    beginner = levels("footsies")[0]
    # Signed in, against a level on the lobby's rules: rated, with the "?" of a newcomer.
    player = new_page(phone)
    sign_up(player, "rated-ann")
    start_match(player, "footsies", agents={1: beginner.value})
    play_footsies_to_the_end(player)
    card = player.locator("#game-over")
    rows = card.locator("tr.rating-row")
    expect(rows).to_have_count(2)
    mine = rows.filter(has_text="rated-ann")
    expect(mine).to_contain_text(re.compile(r"1500\? → \d+\?"))
    # The level stands on its ladder's games: settled, no "?".
    level_row = rows.filter(has_text=beginner.spec)
    expect(level_row).to_contain_text(re.compile(r"\d → \d"))
    expect(level_row).not_to_contain_text("?")
    expect(card).not_to_contain_text("Sign up")
    shot(player, f"card-rated-{'phone' if phone else 'desktop'}", card)
    # The same on the leaderboard and the profile: one way to write a rating.
    player.goto("/leaderboards/footsies/")
    expect(player.locator("table.leaderboard")).to_contain_text(re.compile(r"\d+\?"))
    # A guest is told why, and what to do about it.
    guest = new_page(phone)
    start_match(guest, "footsies", agents={1: beginner.value})
    play_footsies_to_the_end(guest)
    note = guest.locator("#rating-note")
    expect(note).to_contain_text("you played as a guest")
    expect(note).to_contain_text("Sign up")
    # Casual rules (one round) against an AI: the signed-in player is told that, not to
    # sign up.
    start_match(player, "footsies", agents={1: beginner.value}, options={"rounds": "1"})
    play_footsies_to_the_end(player)
    note = player.locator("#rating-note")
    expect(note).to_contain_text("lobby's rules")
    expect(player.locator("#game-over")).not_to_contain_text("Sign up")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_finished_ai_against_ai_page_offers_no_abort(new_page, phone):
    from webapp.matches import services

    page = new_page(phone)
    sign_up(page, "watcher-bea")
    user = get_user_model().objects.get(username="watcher-bea")
    # Started by her, slow enough to open its page while it plays.
    plan = services.MatchPlan(
        game="footsies",
        seats=[
            services.SeatPlan(agent_spec="footsies-best"),
            services.SeatPlan(agent_spec="random"),
        ],
        options={"rounds": 5, "max_turns": 20},
        pace=0.6,
        created_by=f"user:{user.pk}",
    )
    match = services.create_match(plan)
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#match[data-conn=live]")
    abort = page.get_by_role("button", name="Abort this match")
    expect(abort).to_be_visible()
    expect(page.locator("#match")).to_have_attribute("data-status", "finished", timeout=120_000)
    expect(abort).to_be_hidden()
    expect(page.get_by_role("button", name=re.compile("Abort|Resign"))).to_have_count(0)
    # Why the ratings stayed where they were.
    expect(page.locator("#rating-note")).to_contain_text("demonstration")
    shot(page, f"watch-finished-{'phone' if phone else 'desktop'}", page.locator(".match-head"))
