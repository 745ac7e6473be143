"""A person plays Footsies against the counter player in Chromium, a spectator follows
live and survives a dropped connection, then both step through the replay."""

import json
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

MAX_TURNS = 80


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_it_plays_watches_and_replays_a_footsies_match(new_page, phone):
    player = new_page(phone)
    # Best of three: at least two exchanges, so the replay has steps to take.
    match_url = start_match(
        player, "footsies", agents={1: "footsies-counter"}, options={"rounds": "3"}
    )
    assert player.locator("#seed").inner_text().startswith("revealed")

    watcher = new_page()
    watcher.goto(match_url)
    watcher.wait_for_selector("#match[data-conn=live]")
    assert watcher.locator("button.move").count() == 0  # spectators only watch

    moves = ["A", "B", "G", "DP"]
    for turn in range(MAX_TURNS):
        if player.locator("#match[data-status=finished]").count():
            break
        before = seq_of(player)
        if turn == 2:
            # The spectator's connection drops; it must catch up on reconnect.
            watcher.evaluate("DiceArena.currentSocket.ws.close()")
        press(player, player.locator(f"button.move[data-move={moves[turn % 4]}]"))
        player.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
        # Both sides' moves are revealed and resolved on the board.
        assert "vs" in player.locator("#last-clash").text_content()
        if turn == 4:
            watcher.reload()  # a reload resumes from the stored state
            watcher.wait_for_selector("#match[data-conn=live]")
    else:
        pytest.fail("the match did not end")

    assert_no_sideways_scroll(player)
    final = player.locator("#final-result").inner_text()
    assert "won" in final or "draw" in final
    seq = seq_of(player)
    watcher.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) === {seq}")
    expect(watcher.locator("#final-result")).to_have_text(final)
    assert watcher.locator("#log li").count() == player.locator("#log li").count() == seq
    # Blocks and hit flags are shown for both sides.
    assert player.locator(".fighter.seat-0 .blocks").count() == 1
    assert player.locator(".fighter.seat-1 .blocks").count() == 1
    seed = player.locator("#seed").inner_text()
    assert re.fullmatch(r"[0-9a-f]{32}", seed)

    # The replay: step back and forth with buttons and arrow keys; the URL carries it.
    press(player, player.locator("#replay-link"))
    player.wait_for_url(re.compile(r"/replay/"))
    last = int(player.locator("#last").inner_text())
    assert last == seq
    assert int(player.locator("#ply").inner_text()) == last
    ply = player.locator("#ply")
    player.keyboard.press("ArrowLeft")
    expect(ply).to_have_text(str(last - 1))
    assert f"ply={last - 1}" in player.url
    press(player, player.locator("#first"))
    expect(ply).to_have_text("0")
    player.keyboard.press("ArrowRight")
    expect(ply).to_have_text("1")
    press(player, player.locator("#next"))
    expect(ply).to_have_text("2")
    assert "ply=2" in player.url
    press(player, player.locator("#prev"))
    expect(ply).to_have_text("1")

    # A link with the turn in it opens the replay at that turn.
    watcher.goto(player.url.split("?")[0] + "?ply=1")
    assert watcher.locator("#ply").inner_text() == "1"
    assert watcher.locator("#log li.current").count() == 1

    # The match record downloads as JSON.
    with player.expect_download() as download:
        press(player, player.locator("#download"))
    record = json.loads(open(download.value.path()).read())
    assert len(record["record"]["history"]) == seq
    assert record["match"]["seed"] == seed

    # The recent matches page lists it with its result and replay link.
    player.goto("/matches/")
    match_id = match_url.rstrip("/").split("/")[-1]
    row = player.locator("tr", has=player.locator(f"a[href='/matches/{match_id}/']"))
    assert row.locator(".replay-link").count() == 1
    assert ("won" in row.inner_text()) or ("draw" in row.inner_text())

    # The match page offers a rematch with the seats swapped; that one is resigned.
    rematch_and_resign(player, match_url)
