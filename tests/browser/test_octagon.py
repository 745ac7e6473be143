"""A person plays The Octagon Theory against the random agent in Chromium by picking a
piece from the palette, turning it and clicking a cell, to the end; then steps through
the replay."""

import os
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    assert_no_sideways_scroll,
    is_phone,
    press,
    rematch_and_resign,
    seq_of,
    start_match,
    wait_for_our_turn_or_the_end,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The small board: 20 placements, 10 of them ours.
TURNS = 20
# Set OCTAGON_SCREENSHOT=docs/img/octagon.png to refresh the picture in the docs.
SCREENSHOT = os.environ.get("OCTAGON_SCREENSHOT")


def turn_piece(page, rng: random.Random, turn: int) -> None:
    """Turn the piece in hand a few steps, by button, key or mouse wheel in turn."""
    facing = page.locator("#oct-facing")
    if page.locator("#oct-rotate-cw").is_disabled():
        return  # the 8-piece pushes all ways
    for _ in range(rng.randrange(4)):
        before = facing.inner_text()
        way = 0 if is_phone(page) else turn % 3
        if way == 0:
            press(page, page.locator("#oct-rotate-cw"))
        elif way == 1:
            page.keyboard.press("q")
        else:
            page.locator("svg.oct-board .oct-cell.legal").first.hover()
            page.mouse.wheel(0, 100)
        # A 4-piece alternates + and x; every other piece shows a new set of arrows.
        expect(facing).not_to_have_text(before)


def place_a_piece(page, rng: random.Random, turn: int) -> str:
    """Pick a piece with stock left, turn it, hover a highlighted cell, click it."""
    kinds = page.locator("button.oct-kind:not([disabled])")
    kind = kinds.nth(rng.randrange(kinds.count()))
    chosen = kind.get_attribute("data-kind")
    press(page, kind)
    expect(page.locator(f"button.oct-kind[data-kind='{chosen}']")).to_have_class(
        re.compile("selected")
    )
    turn_piece(page, rng, turn)
    cells = page.locator("svg.oct-board .oct-cell.legal")
    cell = cells.nth(rng.randrange(cells.count()))
    where = cell.get_attribute("data-cell")
    move = cell.get_attribute("data-move")
    assert move.startswith(f"{where},{chosen},")
    if is_phone(page):
        press(page, cell)  # a first tap aims; the second places
    else:
        cell.hover()
    # The piece in hand shows as a ghost on the aimed cell, with its arrows.
    ghost = page.locator(f".oct-ghost[data-cell='{where}'] .oct-piece[data-kind='{chosen}']")
    expect(ghost).to_have_count(1)
    assert ghost.locator(".oct-arrow").count() == int(chosen)
    press(page, page.locator(f"svg.oct-board .oct-cell[data-cell='{where}']"))
    return move


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_it_plays_and_replays_an_octagon_match(new_page, phone):
    rng = random.Random(2024)
    page = new_page(phone)
    if not phone:
        page.set_viewport_size({"width": 1280, "height": 1000})
    match_url = start_match(
        page, "octagon", agents={1: "random"}, seat=0, options={"preset": "small"}
    )

    board = page.locator("svg.oct-board")
    # The small board: 7 x 7 less the cut corners and the hole leaves 36 cells.
    assert page.locator(".oct-cell").count() == 36
    assert page.locator(".oct-hole").count() == 1
    assert page.locator(".oct-cut").count() == 12
    expect(page.locator("#oct-headline")).to_contain_text("placement 1 of 20")

    ours = []
    for turn in range(TURNS):
        if page.locator("#match[data-status=finished]").count():
            break
        before = seq_of(page)
        ours.append(place_a_piece(page, rng, turn))
        wait_for_our_turn_or_the_end(page, before, ".oct-cell.legal")
        # The log names our placement; the board rings the AI's answer and traces its pushes.
        r, c, kind = ours[-1].split(",")[:3]
        logged = page.locator("#log li").nth(before).inner_text()
        # One name per player: the log names the person, not "seat 0".
        assert f"places a {kind}-piece" in logged and f"at ({r},{c})" in logged
        assert "Seat 0" not in logged and logged.split(". ", 1)[1].startswith("Guest")
        assert page.locator(".oct-at:has(.oct-placed-ring)").get_attribute("data-owner") == "1"
        answer = page.locator("#log li").last.inner_text()
        assert (page.locator(".oct-trail").count() == 0) == ("nothing moves" in answer)
        if turn == 3 and phone:
            assert_no_sideways_scroll(page)
        elif turn == 3:
            # For the docs: a ghost on a cell, once the AI's placement has settled.
            page.locator(".oct-cell.legal").nth(5).hover()
            page.wait_for_function("document.getAnimations().length === 0")
            if SCREENSHOT:
                page.screenshot(path=SCREENSHOT)
    else:
        pytest.fail("the match did not end")

    assert len(ours) == TURNS // 2
    final = page.locator("#final-result").inner_text()
    assert "won" in final or "draw" in final
    seq = seq_of(page)
    assert seq == TURNS
    expect(page.locator("#oct-result")).to_contain_text(re.compile(r"wins \d+–\d+|[Dd]raw"))
    # The result fits on the board, on a phone too.
    inside = page.evaluate(
        """() => { const t = document.getElementById('oct-result').getBoundingClientRect();
        const b = document.querySelector('#board svg').getBoundingClientRect();
        return t.left >= b.left - 1 && t.right <= b.right + 1; }"""
    )
    assert inside, "the result line runs off the board"
    # Each player's name keeps clear of their score's digits.
    overlaps = page.evaluate(
        """() => [...document.querySelectorAll('.oct-player')].map((card) => {
          const n = card.querySelector('.oct-name').getBoundingClientRect();
          const s = card.querySelector('.oct-score').getBoundingClientRect();
          return n.right > s.left && n.bottom > s.top && s.bottom > n.top; })"""
    )
    assert overlaps and not any(overlaps), overlaps
    assert board.get_attribute("data-over") == "1"
    assert page.locator(".oct-cell.legal").count() == 0
    assert page.locator("button.oct-kind").count() == 0  # no palette once it is over
    # The scores on the cards count the pieces on the board.
    for seat in (0, 1):
        score = page.locator(f".oct-player.seat-{seat} .oct-score").text_content()
        assert int(score) == page.locator(f".oct-at[data-owner='{seat}']").count()
    # Each card shows the stock of all four kinds, the 1-piece's as unlimited.
    assert page.locator(".oct-player.seat-0 .oct-stock").count() == 4
    assert (
        page.locator(".oct-player.seat-1 .oct-stock[data-kind='1']").get_attribute("data-left")
        == "inf"
    )

    # The replay: step back and forth; the board follows the placements.
    press(page, page.locator("#replay-link"))
    page.wait_for_url(re.compile(r"/replay/"))
    ply = page.locator("#ply")
    assert int(page.locator("#last").inner_text()) == seq
    expect(ply).to_have_text(str(seq))
    expect(board).to_have_attribute("data-placements-made", str(seq))
    assert page.locator(".oct-cell.legal").count() == 0  # nobody places in a replay
    page.keyboard.press("ArrowLeft")
    expect(ply).to_have_text(str(seq - 1))
    expect(board).to_have_attribute("data-placements-made", str(seq - 1))
    expect(page.locator("#oct-headline")).to_contain_text(f"placement {seq} of 20")
    press(page, page.locator("#first"))
    expect(ply).to_have_text("0")
    assert page.locator(".oct-at").count() == 0
    expect(page.locator("#oct-last")).to_contain_text("No placement yet")
    page.keyboard.press("ArrowRight")
    expect(ply).to_have_text("1")
    expect(page.locator(".oct-at")).to_have_count(1)
    expect(page.locator("#oct-last")).to_contain_text(re.compile(r"Guest \S+ places a"))
    press(page, page.locator("#next"))
    expect(ply).to_have_text("2")
    expect(board).to_have_attribute("data-placements-made", "2")
    press(page, page.locator("#prev"))
    expect(ply).to_have_text("1")
    press(page, page.locator("#end"))
    expect(ply).to_have_text(str(seq))
    expect(page.locator("#oct-result")).to_contain_text(re.compile(r"wins \d+–\d+|[Dd]raw"))

    # The match page offers a rematch with the seats swapped; that one is resigned.
    rematch_and_resign(page, match_url)
