"""Every match explained, in the browser: the replay page asks a real worker for
the analysis, draws the win-probability timeline (a click or a key moves the replay),
marks the labelled moves, and says each seat's luck and accuracy in words."""

from __future__ import annotations

import json
import os
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import assert_no_sideways_scroll, press
from webapp.matches.models import Analysis

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Set to a folder to keep screenshots of the analysed replay (docs/img/ takes them).
SHOTS = os.environ.get("DICEARENA_SHOTS")


def _store(game: str, specs: list[str], seed: str, options: dict | None = None) -> int:
    from tests.webapp.helpers import store_played

    return store_played(game, specs, seed, options).pk


def stored_match(game: str, specs: list[str], seed: str, options: dict | None = None) -> int:
    # In a thread of its own: Playwright's loop runs in this one (see test_accessibility).
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_store, game, specs, seed, options).result()


def analysis_of(match_id: int) -> dict:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: Analysis.objects.get(match_id=match_id).result).result()


def analyse_on_the_page(page, match_id: int) -> None:
    """Open the replay, press "Analyse this match", wait for the worker's answer."""
    page.goto(f"/matches/{match_id}/replay/")
    expect(page.locator("#analysis-status")).to_have_text("Not analysed yet.")
    press(page, page.get_by_role("button", name="Analyse this match"))
    expect(page.locator("#timeline")).to_be_visible(timeout=120_000)
    expect(page.locator("#analysis")).to_have_attribute("data-status", "done")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_timeline_draws_and_clicking_it_moves_the_replay(new_page, phone):
    # A Dice Wars match whose analysis (8 playouts a position, no time limit: the same
    # on any machine) labels blunders: random against the naive player.
    match_id = stored_match("dicewars", ["random", "dicewars-naive"], "t4")
    page = new_page(phone=phone)
    analyse_on_the_page(page, match_id)
    result = analysis_of(match_id)
    last = len(result["plies"])

    # One line per seat, and the cursor at the end where the replay opened.
    assert page.locator("#timeline polyline").count() == 2
    expect(page.locator("#ply")).to_have_text(str(last))
    expect(page.locator("#timeline")).to_have_attribute("aria-valuenow", str(last))

    # Click a point a third of the way along: the replay goes to that ply.
    timeline = page.locator("#timeline")
    timeline.scroll_into_view_if_needed()
    box = timeline.bounding_box()
    target = last // 3
    # The plot runs from x = 34 to 8 short of the units the SVG is wide.
    units = float(timeline.get_attribute("viewBox").split()[2])
    x = box["width"] * (34 + (units - 34 - 8) * target / last) / units
    timeline.click(position={"x": x, "y": box["height"] / 2})
    expect(page.locator("#ply")).to_have_text(str(target))
    expect(page.locator("#log li.current")).to_have_attribute("data-ply", str(target))
    expect(page.locator("#analysis-here")).to_contain_text(f"Ply {target}:")

    # By keyboard: the timeline takes the focus, the arrows step one ply each.
    page.locator("#timeline").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#ply")).to_have_text(str(target + 1))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#ply")).to_have_text(str(target - 1))
    page.keyboard.press("Home")
    expect(page.locator("#ply")).to_have_text("0")

    # The labelled moves are marked in the move list, blunders in words.
    labelled = [
        (row["ply"], d["label"]) for row in result["plies"] for d in row["decisions"] if d["label"]
    ]
    assert any(label == "blunder" for _, label in labelled)
    expect(page.locator("#log .move-mark")).to_have_count(len(labelled))
    ply, label = next(x for x in labelled if x[1] == "blunder")
    mark = page.locator(f'#log li[data-ply="{ply + 1}"] .move-mark')
    expect(mark).to_have_text("?? blunder")
    # Going to the blunder says what it lost and what was best.
    press(page, page.locator(f'#log li[data-ply="{ply + 1}"]'))
    expect(page.locator("#analysis-here .verdict.blunder")).to_contain_text("best was")
    expect(page.locator("#analysis-here")).not_to_contain_text(re.compile(r"\b[Ss]eat \d\b"))

    # Luck and accuracy in words for both seats.
    seats = page.locator(".analysis-seats li")
    expect(seats).to_have_count(2)
    for i in range(2):
        expect(seats.nth(i)).to_contain_text(re.compile(r"dice were worth [+−±][0-9.]+ points"))
        expect(seats.nth(i)).to_contain_text(re.compile(r"Accuracy \d+ %"))
    assert_no_sideways_scroll(page)
    if not phone:  # axe on the replay page with its analysis drawn
        from tests.browser.test_accessibility import problems

        assert problems(page) == []
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.goto(f"/matches/{match_id}/replay/?ply={ply + 1}")
        expect(page.locator("#timeline")).to_be_visible()
        page.screenshot(
            path=str(Path(SHOTS) / f"analysis-{'phone' if phone else 'desktop'}.png"),
            full_page=True,
        )


def test_the_game_over_cards_analysis_link_leads_to_it(new_page):
    match_id = stored_match("footsies", ["random", "footsies-counter"], "g1", {"rounds": 3})
    page = new_page()
    page.goto(f"/matches/{match_id}/analysis/")
    # The replay page (which adds the position to its address) at its analysis.
    expect(page).to_have_url(re.compile(rf"/matches/{match_id}/replay/\?ply=\d+#analysis$"))
    expect(page.get_by_role("heading", name="Analysis")).to_be_visible()
    press(page, page.get_by_role("button", name="Analyse this match"))
    expect(page.locator("#timeline")).to_be_visible(timeout=120_000)
    # Footsies has no dice: nobody's luck is blamed.
    expect(page.locator(".analysis-seats li").first).to_contain_text("no dice to blame")


def test_the_why_panel_is_in_words_with_raw_json_and_graphml_one_click_away(new_page):
    # dicewars-ste4 weighs every attack with its odds: ply 1 is its first attack.
    match_id = stored_match("dicewars", ["dicewars-ste4", "dicewars-best"], "w3")
    page = new_page()
    page.goto(f"/matches/{match_id}/replay/?ply=2")
    panel = page.locator("#thinking")
    expect(panel.locator(".decision h3")).to_contain_text("weighed")
    expect(panel.locator("ol.candidates li").first).to_contain_text("attacks territory")
    expect(panel.locator("ol.candidates li").first).to_contain_text("wins the battle")
    # What a person reads: words, never JSON.
    assert "{" not in panel.inner_text()
    # Pointing at a candidate lights up its two territories on the map.
    panel.locator("ol.candidates li").first.hover()
    expect(page.locator("#board .cand-hover")).not_to_have_count(0)
    page.mouse.move(0, 0)
    expect(page.locator("#board .cand-hover")).to_have_count(0)
    from tests.browser.test_accessibility import problems

    assert problems(page) == []
    # The raw figures, one click away.
    raw = panel.locator("details.raw-thinking")
    expect(raw.locator("pre")).to_be_hidden()
    raw.locator("summary").click()
    expect(raw.locator("pre")).to_be_visible()
    expect(raw.locator("pre")).to_contain_text("{")
    # GraphML downloads (a one-level tree of its candidates: ste4 builds no search tree).
    with page.expect_download() as info:
        panel.get_by_role("link", name="Download as GraphML").click()
    download = info.value
    assert download.suggested_filename.endswith(".graphml")
    text = Path(download.path()).read_text()
    assert text.startswith("<?xml") and "graphml" in text and "<node" in text
    with page.expect_download() as info:
        panel.get_by_role("link", name="Download as JSON").click()
    assert '"thinking"' in Path(info.value.path()).read_text()

    # The match page's "why?" shows the same words.
    page.goto(f"/matches/{match_id}/")
    page.locator("#log li[data-ply='1'] button.why").click()
    expect(page.locator("#thinking ol.candidates li").first).to_contain_text("attacks territory")
    assert "{" not in page.locator("#thinking").inner_text()


def _event_move(match_id: int, ply: int) -> dict:
    from webapp.matches.models import Event

    return Event.objects.get(match_id=match_id, ply=ply).move


def _first_move(match_id: int) -> dict:
    return _event_move(match_id, 0)


def test_the_perspective_switch_hides_the_opponents_footsies_choice_until_the_reveal(new_page):
    match_id = stored_match("footsies", ["footsies-counter", "footsies-nash"], "p1", {"rounds": 3})
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(_first_move, match_id).result()
    names = {"G": "Grab", "A": "Attack", "B": "Block", "DP": "Dodge"}
    page = new_page()
    page.goto(f"/matches/{match_id}/replay/?ply=0")
    choosing = page.locator("#choosing")
    # Everything: both blind choices of the first exchange, before they resolve.
    expect(choosing).to_contain_text("footsies-nash chooses")
    expect(choosing).to_contain_text("footsies-counter chooses")
    expect(page.locator('#log li[data-ply="1"]')).to_be_visible()

    # What footsies-counter (seat 0) saw: its own choice, not the opponent's.
    press(page, page.get_by_role("link", name="What footsies-counter saw"))
    expect(page.get_by_role("link", name="What footsies-counter saw")).to_have_attribute(
        "aria-current", "page"
    )
    expect(page.locator("#ply")).to_have_text("0")
    expect(choosing).to_contain_text("footsies-counter chooses " + names[first["0"]][:4])
    expect(choosing).to_contain_text("footsies-nash's choice is hidden until the reveal")
    # Nor is it in the move list before the reveal.
    expect(page.locator('#log li[data-ply="1"]')).to_be_hidden()
    # The reveal: one step on, both choices are known.
    page.locator("#next").click()
    expect(page.locator("#ply")).to_have_text("1")
    expect(page.locator('#log li[data-ply="1"]')).to_be_visible()
    expect(page.locator("#event-text")).to_contain_text(" vs ")
    # And back to everything, at the same position.
    press(page, page.get_by_role("link", name="Everything"))
    expect(page.locator("#ply")).to_have_text("1")
    expect(page.locator('#log li[data-ply="2"]')).to_be_visible()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_analyse_from_here_asks_an_agent_about_the_position(new_page, phone):
    match_id = stored_match("footsies", ["footsies-counter", "footsies-nash"], "h1", {"rounds": 3})
    page = new_page(phone=phone)
    page.goto(f"/matches/{match_id}/replay/?ply=0")
    page.locator("#next").click()
    expect(page.locator("#ply")).to_have_text("1")
    press(page, page.get_by_role("link", name="Analyse from here"))
    page.wait_for_url(re.compile(rf"/matches/{match_id}/position/1/$"))
    expect(page.get_by_role("heading", name="Analyse from here")).to_be_visible()
    expect(page.locator("#board *").first).to_be_attached()
    page.get_by_label("Agent").select_option("footsies-nash")
    page.get_by_label("Thinking time").fill("0.5")
    press(page, page.get_by_role("button", name="Analyse"))
    expect(page.locator("#thinking .why-played").first).to_contain_text(
        "Its choice:", timeout=60_000
    )
    expect(page.locator("#thinking .decision")).to_have_count(2)  # both choose blind
    assert "{" not in page.locator("#thinking").inner_text()
    assert_no_sideways_scroll(page)
    from tests.browser.test_accessibility import problems

    assert problems(page) == []


def test_a_search_agents_tree_can_be_explored(new_page):
    match_id = stored_match(
        "footsies", ["mcts:iterations=40", "footsies-nash"], "t1", {"rounds": 3}
    )
    page = new_page()
    page.goto(f"/matches/{match_id}/replay/?ply=1")
    explorer = page.locator("#thinking .tree-explorer")
    explorer.locator("summary").first.click()
    root = explorer.locator("ul > li > details").first
    root.locator("summary").first.click()
    # The first level: simultaneous exchanges with the seats named, with their figures.
    first = root.locator(":scope > ul > li").first
    expect(first).to_contain_text("simulated games won")
    expect(first).to_contain_text("mcts")
    assert "{" not in page.locator("#thinking").inner_text()
    if SHOTS:
        first.locator("summary").first.click()
        page.locator("#thinking").screenshot(path=str(Path(SHOTS) / "why-panel.png"))


def test_button_men_swing_sizes_stay_secret_in_a_seats_view_until_the_reveal(new_page):
    match_id = stored_match("buttonmen", ["random", "buttonmen-mc"], "o1")
    with ThreadPoolExecutor(1) as pool:
        swing = pool.submit(_event_move, match_id, 1).result()
    assert set(swing) == {"0", "1"}, swing  # ply 1: both set their swing dice blind
    mine, theirs = swing["0"].split(":")[1], swing["1"].split(":")[1]
    page = new_page()
    page.goto(f"/matches/{match_id}/replay/?ply=1")
    choosing = page.locator("#choosing")
    expect(choosing).to_contain_text(f"random sets the swing size to {mine}")
    expect(choosing).to_contain_text(f"buttonmen-mc sets the swing size to {theirs}")
    page.goto(f"/matches/{match_id}/replay/?ply=1&view=0")
    expect(choosing).to_contain_text(f"random sets the swing size to {mine}")
    expect(choosing).to_contain_text("buttonmen-mc's choice is hidden until the reveal")
    assert f"size to {theirs}" not in choosing.inner_text()
    expect(page.locator('#log li[data-ply="2"]')).to_be_hidden()
    page.locator("#next").click()
    expect(page.locator('#log li[data-ply="2"]')).to_be_visible()


def test_the_position_editor_edits_shares_and_analyses(new_page):
    match_id = stored_match("footsies", ["footsies-counter", "footsies-nash"], "e1", {"rounds": 3})
    page = new_page()
    page.goto(f"/matches/{match_id}/position/1/")
    press(page, page.get_by_role("link", name="Edit this position"))
    page.wait_for_url(re.compile(r"/analyse/footsies/\?match="))
    text = page.locator("#position").input_value()
    edited = json.loads(text)
    edited["blocks"] = [0, 3]
    page.locator("#position").fill(json.dumps(edited, indent=1))
    press(page, page.get_by_role("button", name="Show this position"))
    page.wait_for_url(re.compile(r"/analyse/footsies/\?p="))
    share = page.locator("#share").input_value()
    assert "?p=" in share
    # The link alone opens the same position (nothing is stored).
    other = new_page()
    other.goto(share)
    assert json.loads(other.locator("#position").input_value())["blocks"] == [0, 3]
    # An agent's opinion of it, in words.
    press(other, other.get_by_role("button", name="Analyse"))
    expect(other.locator("#thinking .why-played").first).to_contain_text(
        "Its choice:", timeout=60_000
    )
    assert "{" not in other.locator("#thinking").inner_text()
    if SHOTS:
        other.screenshot(path=str(Path(SHOTS) / "position-editor.png"), full_page=True)
    # A broken edit is refused in words, and the text is kept to fix.
    other.locator("#position").fill('{"blocks": "many"}')
    press(other, other.get_by_role("button", name="Show this position"))
    expect(other.locator("#editor-error")).to_contain_text("not a position of Footsies")
    expect(other.locator("#position")).to_have_value('{"blocks": "many"}')
    from tests.browser.test_accessibility import problems

    assert problems(other) == []


def test_the_replay_names_the_players_in_its_log_and_why_panel(new_page):
    # The Octagon's own words say "Seat 0 places …": people read the players' names.
    match_id = stored_match("octagon", ["octagon-greedy", "random"], "n1", {"preset": "small"})
    page = new_page()
    page.goto(f"/matches/{match_id}/replay/?ply=1")
    seat_word = re.compile(r"\b[Ss]eat \d\b")
    expect(page.locator("#log li").first).to_contain_text("octagon-greedy places")
    expect(page.locator("#log")).not_to_contain_text(seat_word)
    expect(page.locator("#event-text")).to_contain_text("octagon-greedy")
    panel = page.locator("#thinking")
    expect(panel.locator("ol.candidates li").first).to_contain_text("octagon-greedy places")
    expect(panel.locator(".decision")).not_to_contain_text(seat_word)
