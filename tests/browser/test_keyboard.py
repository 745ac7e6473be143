"""A whole match played with the keyboard alone: from the home page to the lobby by Tab
and Enter, the lobby form by keys, then every placement of The Octagon Theory by moving
over the board with the arrow keys; every focused control shows a visible focus ring."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import seq_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARROWS = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]


def focused(page, selector: str) -> bool:
    return page.evaluate(
        "sel => !!document.activeElement && document.activeElement.matches(sel)", selector
    )


def tab_to(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    pytest.fail(f"Tab never reached {selector}")


def focus_ring_shown(page) -> bool:
    """The focused element draws an outline (or, on a board, a stroke in the focus colour)."""
    return page.evaluate(
        """() => {
          const el = document.activeElement;
          const css = getComputedStyle(el);
          return (css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0)
            || (el instanceof SVGElement && parseFloat(css.strokeWidth) >= 3);
        }"""
    )


def test_it_plays_an_octagon_match_with_the_keyboard_alone(new_page):
    page = new_page()
    page.goto("/")
    tab_to(page, "a.play-link[href='/play/octagon/']")
    assert focus_ring_shown(page)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile("/play/octagon/$"))
    # The smallest board keeps the test short: open the rules options, pick "small".
    tab_to(page, "details.options summary")
    page.keyboard.press("Enter")
    tab_to(page, "#opt_preset")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#opt_preset")).to_have_value("small")
    tab_to(page, "#start")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_selector("#match[data-conn=live]")

    # Red places first: onto the board, then arrows and Enter.
    tab_to(page, ".oct-cell[tabindex='0']")
    assert focus_ring_shown(page)
    placements = 0
    for turn in range(40):
        if page.locator("#match[data-status=finished]").count():
            break
        page.wait_for_function(
            "document.querySelector('#match').dataset.status === 'finished'"
            " || document.querySelectorAll('.oct-cell.legal').length > 0"
        )
        if page.locator("#match[data-status=finished]").count():
            break
        if turn % 3 == 1:
            page.keyboard.press("2")  # a 2-piece, when there is one left
        page.keyboard.press("e")  # turn it a step
        # Walk the board until the focus is on a cell where a piece can go.
        for step in range(60):
            if focused(page, ".oct-cell.legal"):
                break
            page.keyboard.press(ARROWS[(step // 6) % 4])
        else:
            pytest.fail("no free cell reached with the arrow keys")
        # The ghost shows the piece on the focused cell before it is placed.
        where = page.evaluate("document.activeElement.dataset.cell")
        expect(page.locator(f".oct-ghost[data-cell='{where}']")).to_have_count(1)
        before = seq_of(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"Number(document.querySelector('#match').dataset.seq) >= {before + 1}"
        )
        placements += 1
        # The focus stays on the board for the next placement, or goes to the result.
        page.wait_for_function(
            "document.activeElement.classList.contains('oct-cell')"
            " || document.activeElement.id === 'game-over-title'"
        )
    else:
        pytest.fail("the match did not end")
    # The last placement ended the match: the focus is on the result, not lost.
    expect(page.locator("#game-over-title")).to_be_focused()

    assert placements == 10  # half of the small board's 20 placements
    expect(page.locator("#final-result")).to_have_text(re.compile("won|draw"))
    expect(page.locator("#game-over h2")).to_have_text(re.compile("You won|You lost|Draw"))
    # The game-over card is reachable by keyboard too.
    tab_to(page, "#rematch")
    assert focus_ring_shown(page)
