"""A person plays Pig, the seventh game, against an AI in Chromium from the home page:
with the keyboard's R and H on a desktop, by tapping Roll and Hold on a 390 px phone, to
the end of a quick 20-point race; the board names the players and shows the die and the
points at stake; then steps through the replay."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    assert_no_sideways_scroll,
    is_phone,
    press,
    seq_of,
    start_match,
    wait_for_our_turn_or_the_end,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: A person's plain habit: roll until this much is at stake, then hold.
HOLD_AT = 8


def stake(page) -> int:
    text = page.locator(".pig-seat.to-move .pig-plus").all_inner_texts()
    return int(re.search(r"\d+", text[0])[0]) if text else 0


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_it_plays_and_replays_a_pig_race(new_page, phone):
    page = new_page(phone)
    problems: list[str] = []
    page.on(
        "console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None
    )
    page.on("pageerror", lambda e: problems.append(str(e)))
    match_url = start_match(page, "pig", agents={1: "pig-hold10"}, seat=0, options={"goal": "20"})

    me = page.locator(".pig-seat[data-seat='0']")
    expect(me).to_contain_text("(you)")
    expect(page.locator(".pig-seat[data-seat='1']")).to_contain_text("pig-hold10")
    expect(page.locator("#board")).not_to_contain_text(re.compile(r"[Ss]eat \d"))
    expect(page.locator(".pig-die")).to_have_attribute("aria-label", "no roll yet")
    for _ in range(200):
        if page.locator("#match[data-status=finished]").count():
            break
        before = seq_of(page)
        move = "hold" if stake(page) >= HOLD_AT else "roll"
        if phone:
            press(page, page.locator(f"button[data-move={move}]"))
        else:
            page.keyboard.press(move[0])  # R rolls, H holds
        wait_for_our_turn_or_the_end(page, before, ".pig-moves button")
        face = page.locator(".pig-die").get_attribute("aria-label")
        assert re.fullmatch(r"the die shows [1-6]|the die is rolling|no roll yet", face), face
        if phone and before < 4:
            assert_no_sideways_scroll(page)
    else:
        pytest.fail("the race did not end")

    final = page.locator("#final-result").inner_text()
    assert "won" in final or "lost" in final
    winner = page.locator(".pig-seat.won")
    expect(winner).to_have_count(1)
    assert int(winner.locator(".pig-score b").inner_text()) >= 20
    expect(page.locator(".pig-status")).to_contain_text("wins")
    assert page.locator(".pig-moves button").count() == 0
    seq = seq_of(page)

    press(page, page.locator("#replay-link"))
    page.wait_for_url(re.compile(r"/replay/"))
    ply = page.locator("#ply")
    assert int(ply.inner_text()) == seq
    press(page, page.locator("#first"))
    expect(ply).to_have_text("0")
    expect(page.locator(".pig-seat[data-seat='0'] .pig-score b")).to_have_text("0")
    page.keyboard.press("ArrowRight")
    expect(ply).to_have_text("1")
    press(page, page.locator("#end"))
    expect(page.locator(".pig-seat.won")).to_have_count(1)
    assert page.locator(".pig-moves button").count() == 0  # replays only show
    if is_phone(page):
        assert_no_sideways_scroll(page)
    page.goto(match_url)
    assert not problems, problems
