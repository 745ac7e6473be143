"""A person plays a whole Button Men match against the random agent in Chromium by
clicking dice on the board, a spectator follows it, then the replay steps back and forth."""

import os
import random
import re
from pathlib import Path

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

YOU = 0
MAX_TURNS = 150
FINISHED_OR_MINE = (
    "document.querySelector('#match').dataset.status === 'finished'"
    " || !!document.querySelector('.bm-board[data-mine=\"1\"]')"
)


def choose_swing(page, rng) -> str:
    sizes = page.locator("#bm-swing option").evaluate_all("options => options.map(o => o.value)")
    size = rng.choice(sizes)
    page.locator("#bm-swing").select_option(size)
    press(page, page.locator("#bm-choose"))
    return f"swing:{size}"


def attack(page, rng, screenshot=None) -> str:
    """Select own dice among the highlighted ones until the selection captures a
    highlighted opposing die, then click that die. Every highlighted die keeps the
    selection part of some legal attack, so this ends."""
    mine = page.locator(f".bm-die.seat-{YOU}.can-select")
    press(page, mine.nth(rng.randrange(mine.count())))
    while True:
        picked = page.locator(f".bm-die.seat-{YOU}.selected")
        values = [int(v) for v in picked.evaluate_all("dice => dice.map(d => d.dataset.value)")]
        # The selection and its sum are shown while it is built.
        expect(page.locator("#bm-status")).to_contain_text(str(sum(values)))
        targets = page.locator(f".bm-die.seat-{1 - YOU}.target")
        more = page.locator(f".bm-die.seat-{YOU}.can-select")
        if targets.count() and (not more.count() or rng.random() < 0.7):
            if screenshot:
                page.locator(".board-wrap").screenshot(path=screenshot)
            target = targets.nth(rng.randrange(targets.count()))
            move = target.get_attribute("data-move")
            value = int(target.get_attribute("data-value"))
            # One die is a power attack, several dice sum exactly: a skill attack.
            if len(values) == 1:
                assert move.startswith("power:") and values[0] >= value
            else:
                assert move.startswith("skill:") and sum(values) == value
            press(page, target)
            return move
        press(page, more.nth(rng.randrange(more.count())))


def play_turn(page, rng, turn: int) -> str:
    if page.locator("#bm-choose").count():
        return choose_swing(page, rng)
    if page.locator("#bm-pass").count():
        # Pass is offered only when no die of yours can capture.
        assert page.locator(f".bm-die.seat-{YOU}.can-select").count() == 0
        press(page, page.locator("#bm-pass"))
        return "pass"
    # SCREENSHOTS=<dir> keeps a picture of an attack in the making, for the docs.
    shots = os.environ.get("SCREENSHOTS")
    return attack(page, rng, Path(shots) / "buttonmen.png" if shots and turn == 3 else None)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_it_plays_a_button_men_match_by_clicking_dice_and_replays_it(new_page, phone):
    rng = random.Random(2024)
    player = new_page(phone)
    # One round decides the match, so it stays short.
    match_url = start_match(
        player, "buttonmen", agents={1: "random"}, seat=YOU, options={"rounds_to_win": "1"}
    )

    watcher = new_page()
    watcher.goto(match_url)
    watcher.wait_for_selector("#match[data-conn=live]")
    expect(watcher.locator(".bm-board .bm-panel")).to_have_count(2)

    moves = []
    for turn in range(MAX_TURNS):
        player.wait_for_function(FINISHED_OR_MINE)
        if player.locator("#match[data-status=finished]").count():
            break
        # Both fighters are drawn with their recipes.
        assert player.locator(".bm-panel .bm-recipe").count() == 2
        if turn == 1:
            # A spectator is offered nothing to click.
            assert (
                watcher.locator(".bm-die.can-select, .bm-die.target, #controls button").count() == 0
            )
        before = seq_of(player)
        moves.append(play_turn(player, rng, turn))
        player.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    else:
        pytest.fail("the match did not end")

    assert any(m.startswith("swing:") for m in moves)
    assert any(m.startswith(("power:", "skill:")) for m in moves)
    assert_no_sideways_scroll(player)
    final = player.locator("#final-result").inner_text()
    assert "won" in final or "draw" in final
    expect(player.locator("#bm-status")).to_contain_text(re.compile("win the match|wins the match"))
    assert player.locator(".bm-die.can-select, #controls button").count() == 0
    seq = seq_of(player)
    watcher.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) === {seq}")
    expect(watcher.locator("#final-result")).to_have_text(final)
    expect(watcher.locator("#bm-status")).to_have_text(final.replace(" won", " wins the match"))

    # The replay: step back and forth; the board follows.
    press(player, player.locator("#replay-link"))
    player.wait_for_url(re.compile(r"/replay/"))
    last = int(player.locator("#last").inner_text())
    assert last == seq
    ply = player.locator("#ply")
    expect(ply).to_have_text(str(last))
    # The replay has no "you": it names the winner.
    expect(player.locator("#bm-status")).to_have_text(final.replace(" won", " wins the match"))
    player.keyboard.press("ArrowLeft")
    expect(ply).to_have_text(str(last - 1))
    expect(player.locator("#bm-status")).not_to_contain_text("wins the match")
    press(player, player.locator("#first"))
    expect(ply).to_have_text("0")
    press(player, player.locator("#next"))
    expect(ply).to_have_text("1")
    player.keyboard.press("ArrowRight")
    expect(ply).to_have_text("2")
    press(player, player.locator("#prev"))
    expect(ply).to_have_text("1")
    assert player.locator(".bm-die.can-select, .bm-die.target").count() == 0
    press(player, player.locator("#end"))
    expect(ply).to_have_text(str(last))
    expect(player.locator("#bm-last")).to_have_text(re.compile(r"\S"))

    # The match page offers a rematch with the seats swapped; that one is resigned.
    rematch_and_resign(player, match_url)
