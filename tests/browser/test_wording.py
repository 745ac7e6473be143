"""What a newcomer reads, in Chromium: "an inaccuracy" (not "a inaccuracy"), a blind
swing choice with its chooser's name (not "a player"), an opinion of a position for a
named player (not "as seat 1"), an agent's rule in words (not "P_hold"), and a move
on its way in words (not "Sent swing:13")."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from tests.browser.pages import press, seq_of, start_match
from tests.browser.test_analysis import analyse_on_the_page, analysis_of, stored_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _first_decision(match_id: int, seat: int) -> int:
    """The ply of the first move ``seat``'s agent weighed (its why? is at ply + 1)."""
    from webapp.matches.models import Event

    events = Event.objects.filter(match_id=match_id, actor=seat).exclude(decisions={})
    return events.order_by("ply").first().ply


INTERNALS = re.compile(r"\ba inaccuracy\b|\ba player\b|\bas seat \d|P_hold|\bseat \d\b")


def test_the_analysis_says_an_inaccuracy(new_page):
    # Footsies is analysed exactly (no playouts): this match has one inaccuracy.
    match_id = stored_match("footsies", ["random", "footsies-counter"], "i1", {"rounds": 3})
    page = new_page()
    analyse_on_the_page(page, match_id)
    plies = analysis_of(match_id)["plies"]
    ply = next(
        i for i, row in enumerate(plies) for d in row["decisions"] if d["label"] == "inaccuracy"
    )
    press(page, page.locator(f'#log li[data-ply="{ply + 1}"]'))
    verdict = page.locator("#analysis-here .verdict.inaccuracy")
    expect(verdict).to_contain_text("'s move was an inaccuracy")
    assert not INTERNALS.search(page.locator("#analysis-here").inner_text())


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_blind_swing_choice_and_its_why_name_the_chooser(new_page, phone):
    match_id = stored_match("buttonmen", ["random", "buttonmen-mc"], "o1")
    page = new_page(phone=phone)
    # Before the reveal: both choosing blind, each with its name.
    page.goto(f"/matches/{match_id}/replay/?ply=1")
    choosing = page.locator("#choosing")
    expect(choosing).to_contain_text(re.compile(r"random sets the swing size to \d+"))
    expect(choosing).to_contain_text(re.compile(r"buttonmen-mc sets the swing size to \d+"))
    # What buttonmen-mc weighed: its sizes, each its own.
    page.goto(f"/matches/{match_id}/replay/?ply=2")
    panel = page.locator("#thinking")
    expect(panel.locator("ol.candidates li").first).to_contain_text(
        re.compile(r"buttonmen-mc sets the swing size to \d+")
    )
    assert not INTERNALS.search(panel.inner_text()), panel.inner_text()


def test_an_opinion_of_a_position_is_for_a_named_player_and_a_rule_is_in_words(new_page):
    match_id = stored_match("footsies", ["footsies-counter", "footsies-nash"], "h1", {"rounds": 3})
    page = new_page(phone=True)
    page.goto(f"/matches/{match_id}/position/1/")
    page.get_by_label("Agent").select_option("footsies-nash")
    page.get_by_label("Thinking time").fill("0.5")
    press(page, page.get_by_role("button", name="Analyse"))
    thinking = page.locator("#thinking")
    expect(thinking.locator(".decision").first).to_contain_text(
        "footsies-nash (for footsies-counter)", timeout=60_000
    )
    assert not INTERNALS.search(thinking.inner_text()), thinking.inner_text()
    # A Dice Wars agent's rule, in the why? panel of its first attack.
    match_id = stored_match("dicewars", ["dicewars-ste4", "dicewars-best"], "w3")
    with ThreadPoolExecutor(1) as pool:
        ply = pool.submit(_first_decision, match_id, 0).result()
    page.goto(f"/matches/{match_id}/replay/?ply={ply + 1}")
    panel = page.locator("#thinking")
    expect(panel).to_contain_text("take the territory and hold it")
    assert not INTERNALS.search(panel.inner_text()), panel.inner_text()


# Every text the match page's notice line shows, kept as it changes.
WATCH_NOTICES = """() => {
  window.noticesSeen = [];
  const el = document.getElementById('notice');
  new MutationObserver(() => window.noticesSeen.push(el.textContent))
    .observe(el, { childList: true, characterData: true, subtree: true });
}"""


def test_a_move_on_its_way_is_said_in_words_not_its_code(new_page):
    page = new_page(phone=True)
    start_match(page, "buttonmen", agents={1: "random"}, seat=0)
    page.wait_for_selector("#bm-choose")
    page.evaluate(WATCH_NOTICES)
    before = seq_of(page)
    press(page, page.locator("#bm-choose"))
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    seen = page.evaluate("window.noticesSeen")
    assert any(text.startswith("Sent: ") for text in seen), seen
    assert not any(re.search(r"\b[a-z]+:\d", text) for text in seen), seen  # "swing:13"
