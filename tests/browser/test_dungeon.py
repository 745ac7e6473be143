"""A person fights the Frog in Chromium by clicking dice and equipment slots, to the end of
the battle, then steps back and forth through the replay."""

import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    assert_no_sideways_scroll,
    press,
    rematch_and_resign,
    seq_of,
    start_match,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A cap on the battle (both sides' turns) so a run of unlucky rolls still ends in a draw.
MAX_TURNS = 24
MAX_CLICKS = 400

YOUR_TURN_OR_OVER = (
    "document.querySelector('#match').dataset.status === 'finished'"
    " || document.querySelector('#controls button.end-turn') !== null"
)


def start_battle(page) -> str:
    return start_match(
        page,
        "dungeon",
        agents={1: "random"},
        seat=0,  # the Hero
        options={"enemy": "frog", "max_turns": str(MAX_TURNS)},
    )


def play_one_action(page, rng):
    """Put out a fire now and then, else place or unshock a random die, else end the turn."""
    fires = page.locator(".extinguish")
    dice = page.locator(".die.selectable")
    if fires.count() and rng.random() < 0.5:
        press(page, fires.nth(rng.randrange(fires.count())))
    elif dice.count():
        press(page, dice.nth(rng.randrange(dice.count())))
        expect(page.locator(".die.picked")).to_have_count(1)
        targets = page.locator(".slot.target, .card.unshock-target")
        expect(targets.first).to_be_visible()
        press(page, targets.nth(rng.randrange(targets.count())))
    else:
        press(page, page.locator("#controls button.end-turn"))


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_it_plays_a_dungeon_battle_by_clicking_and_replays_it(new_page, phone):
    page = new_page(phone)
    match_url = start_battle(page)
    board = page.locator("#board")
    # Both sides are drawn with HP, shield and poison, and their equipment as cards.
    expect(board.locator(".side.seat-0 .hp-text")).to_have_count(1)
    assert board.locator(".side.seat-0 .hp-text").text_content() == "24 / 24 HP"
    assert board.locator(".side.seat-1 .hp-text").text_content() == "12 / 12 HP"
    assert board.locator(".side.seat-0 .card").count() == 3
    assert board.locator(".side.seat-1 .card").count() == 2
    assert board.locator(".side.seat-0 .slot-rule").first.text_content() == "ANY"

    rng = random.Random(4)
    for _ in range(MAX_CLICKS):
        page.wait_for_function(YOUR_TURN_OR_OVER)
        if page.locator("#match[data-status=finished]").count():
            break
        assert "Hero's turn" in board.locator("#dungeon-turn").text_content()
        before = seq_of(page)
        play_one_action(page, rng)
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
        assert board.locator("#dungeon-last").text_content().strip()
    else:
        pytest.fail("the battle did not end")

    final = page.locator("#final-result").inner_text()
    assert "won" in final or "draw" in final
    over = board.locator("#dungeon-over").text_content()
    assert over == "Draw" if "draw" in final else over.endswith(" wins")
    expect(page.locator("#controls button")).to_have_count(0)
    seq = seq_of(page)

    # The replay: every position is drawn, with the event that led to it.
    assert_no_sideways_scroll(page)
    press(page, page.locator("#replay-link"))
    page.wait_for_url(re.compile(r"/replay/"))
    ply = page.locator("#ply")
    last = int(page.locator("#last").inner_text())
    assert last == seq
    expect(ply).to_have_text(str(last))
    assert board.locator("#dungeon-over").text_content() == over
    page.keyboard.press("ArrowLeft")
    expect(ply).to_have_text(str(last - 1))
    expect(board.locator("#dungeon-over")).to_have_count(0)
    press(page, page.locator("#first"))
    expect(ply).to_have_text("0")
    assert "the Hero moves first" in board.locator("#dungeon-last").text_content()
    page.keyboard.press("ArrowRight")
    expect(ply).to_have_text("1")
    assert board.locator(".die").count() == 3  # the Hero's first roll
    assert board.locator("#dungeon-last").text_content().startswith("chance: Hero rolls")
    press(page, page.locator("#next"))
    expect(ply).to_have_text("2")
    assert board.locator("#dungeon-last").text_content().startswith("last: Hero ")
    press(page, page.locator("#prev"))
    expect(ply).to_have_text("1")
    press(page, page.locator("#end"))
    expect(ply).to_have_text(str(last))
    # Spectators and replays get no move targets.
    assert board.locator(".die.selectable, .slot.target, .extinguish").count() == 0

    # The match page offers a rematch with the seats swapped; that one is resigned.
    rematch_and_resign(page, match_url)
