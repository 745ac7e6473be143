"""A person picks two roster buttons in the lobby — one with X and Y swing dice, one with
option dice — chooses both swing sizes on the board, and plays the match to its end
against the random agent; surrender is offered and concedes a round. Buttons with the
skills that ask their own questions (Auxiliary dice before the first round, a Turbo die's
new size after it attacks, trip attacks) are played from their own lists."""

import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import open_lobby, press, seq_of
from tests.browser.test_buttonmen import FINISHED_OR_MINE, MAX_TURNS, play_turn

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(page, fighters, options):
    open_lobby(page, "buttonmen")
    form = page.locator("#new-match")
    form.locator("input[name=mode][value=ai]").check()
    form.locator("select[name=seat]").select_option("0")
    form.locator("select[name=agent1]").select_option("random")
    press(page, form.locator("details.options summary"))
    pickers = form.locator("input[name=opt_fighters]")
    expect(pickers).to_have_count(2)
    for i, name in enumerate(fighters):
        pickers.nth(i).fill(name)
    for name, value in options.items():
        field = form.locator(f"[name=opt_{name}]")
        if value is True:
            field.check()
        else:
            field.fill(value)
    press(page, form.get_by_role("button", name="Start the match"))
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_selector("#match[data-conn=live]")


def choose_all(page, rng) -> str:
    """One value per select (a swing letter or an option die), then Choose."""
    picks = page.locator(".bm-controls select")
    values = []
    for i in range(picks.count()):
        options = picks.nth(i).locator("option").evaluate_all("o => o.map(x => x.value)")
        values.append(rng.choice(options))
        picks.nth(i).select_option(values[-1])
    press(page, page.locator("#bm-choose"))
    return "swing:" + ",".join(values)


def test_a_person_plays_two_roster_buttons_picked_in_the_lobby(new_page):
    rng = random.Random(19)
    page = new_page()
    start(page, ["Mike Young", "Lady Luck"], {"rounds_to_win": "1"})
    expect(page.locator(".bm-panel .bm-recipe", has_text="X X Y Y")).to_have_count(1)
    expect(page.locator(".bm-panel .bm-recipe", has_text="7/13 7/13")).to_have_count(1)
    moves = []
    for turn in range(MAX_TURNS):
        page.wait_for_function(FINISHED_OR_MINE)
        if page.locator("#match[data-status=finished]").count():
            break
        before = seq_of(page)
        if page.locator("#bm-choose").count():
            # Mike Young chooses an X and a Y size: two selects.
            expect(page.locator(".bm-controls select")).to_have_count(2)
            moves.append(choose_all(page, rng))
        else:
            moves.append(play_turn(page, rng, turn))
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    else:
        pytest.fail("the match did not end")
    assert re.fullmatch(r"swing:\d+,\d+", moves[0])
    final = page.locator("#final-result").inner_text()
    assert "won" in final or "draw" in final


def test_surrender_concedes_a_round_from_the_board(new_page):
    page = new_page()
    start(page, ["Lady Luck", "Avis"], {"rounds_to_win": "2", "surrender": True})
    rng = random.Random(3)
    for _ in range(MAX_TURNS):
        page.wait_for_function(FINISHED_OR_MINE)
        before = seq_of(page)
        if page.locator("#bm-surrender").count():
            press(page, page.locator("#bm-surrender"))
            page.wait_for_function(
                f"Number(document.querySelector('#match').dataset.seq) > {before}"
            )
            break
        if page.locator("#bm-choose").count():
            choose_all(page, rng)
        else:
            play_turn(page, rng, 1)
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    else:
        pytest.fail("surrender was never offered")
    # The round went to the other side; the match goes on.
    expect(page.locator("#match")).not_to_have_attribute("data-status", "finished")


#: The lists the board shows for the skills that are not a click on a die.
SKILL_LISTS = {"auxiliary": "#move-list", "turbo": "#move-list", "trip": "#move-list-trip"}


def skill_list(page) -> str | None:
    """Which skill's list is on the board now, if any."""
    heading = page.locator(".move-list-label").all_inner_texts()
    for text in heading:
        if text.startswith("Auxiliary dice"):
            return "auxiliary"
        if text.startswith("Turbo dice"):
            return "turbo"
    return "trip" if page.locator("#move-list-trip").count() else None


def test_auxiliary_turbo_and_trip_dice_are_played_from_the_board(new_page):
    rng = random.Random(7)
    page = new_page()
    # Zeppo's X swing die is a Turbo die; King Arthur brings an Auxiliary d20, of which
    # Zeppo is offered a copy.
    start(page, ["Zeppo", "King Arthur"], {"rounds_to_win": "1"})
    seen = set()
    for turn in range(MAX_TURNS):
        page.wait_for_function(FINISHED_OR_MINE)
        if page.locator("#match[data-status=finished]").count():
            break
        before = seq_of(page)
        kind = skill_list(page)
        if kind in ("auxiliary", "turbo"):
            seen.add(kind)
            choices = page.locator(f"{SKILL_LISTS[kind]} option")
            if kind == "auxiliary":
                assert sorted(choices.all_inner_texts()) == [
                    "Play with the Auxiliary dice",
                    "Play without them",
                ]
                page.locator(SKILL_LISTS[kind]).select_option("auxiliary:yes")
            else:
                texts = choices.all_inner_texts()
                assert all(t.startswith("Resize your X=") for t in texts), texts
                values = choices.evaluate_all("o => o.map(x => x.value)")
                page.locator(SKILL_LISTS[kind]).select_option(rng.choice(values))
            press(page, page.locator(f"{SKILL_LISTS[kind]}-play"))
        elif page.locator("#bm-choose").count():
            choose_all(page, rng)
        else:
            play_turn(page, rng, turn)
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    else:
        pytest.fail("the match did not end")
    assert "auxiliary" in seen
    assert (
        "won" in page.locator("#final-result").inner_text()
        or "draw" in page.locator("#final-result").inner_text()
    )


def test_a_trip_attack_is_picked_from_its_own_list(new_page):
    rng = random.Random(11)
    page = new_page()
    # Three rounds to win: a round whose trip die is taken before Charity attacks (the
    # dice come from a fresh seed each match) is followed by another.
    start(page, ["Charity", "Prudence"], {"rounds_to_win": "3"})
    for turn in range(MAX_TURNS):
        page.wait_for_function(FINISHED_OR_MINE)
        if page.locator("#match[data-status=finished]").count():
            pytest.fail("no trip attack was ever offered")
        before = seq_of(page)
        if page.locator("#move-list-trip").count():
            texts = page.locator("#move-list-trip option").all_inner_texts()
            assert all(t.startswith("Trip attack: your d4 showing") for t in texts), texts
            press(page, page.locator("#move-list-trip-play"))
            page.wait_for_function(
                f"Number(document.querySelector('#match').dataset.seq) > {before}"
            )
            # The move list says what happened in the game's words.
            expect(page.locator("#log")).to_contain_text("trip-attacks")
            return
        if page.locator("#bm-choose").count():
            choose_all(page, rng)
        else:
            play_turn(page, rng, turn)
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    pytest.fail("no trip attack was ever offered")
