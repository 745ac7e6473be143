"""A person plays a whole Dice Wars match against the random agent in Chromium by
clicking territories on the map, then steps through its replay; a four-player match
shows four owners on the map."""

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
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The lobby's turn cap: a match still undecided after this many turns ends ranked by
#: territories, then dice, so the test has a bound whatever the dice do.
MAX_TURNS = 12
#: More of the person's actions than a 12-turn match can take.
MAX_ACTIONS = 200
#: Set to a path to save a picture of the match in progress (docs/img/dicewars.png).
SCREENSHOT = os.environ.get("DICEWARS_SCREENSHOT")
#: The person's battle before which it is taken: a few turns in, the map is mixed.
PICTURE_AT = 6

# The match is finished, or events up to `before` have arrived and the person may act.
SETTLED = """(before) => {
  const match = document.querySelector('#match');
  if (match.dataset.status === 'finished') return true;
  const board = document.querySelector('#board .dw');
  return Number(match.dataset.seq) >= before && board !== null && Number(board.dataset.legal) > 0;
}"""

# The person's legal sources, each with its dice and its targets' dice.
SOURCES = """() => [...document.querySelectorAll('.dw-territory.dw-source')].map((g) => ({
  t: Number(g.dataset.t),
  dice: Number(g.dataset.dice),
  targets: g.dataset.targets.split(' ').map((t) => [
    Number(t), Number(document.querySelector(`.dw-territory[data-t="${t}"]`).dataset.dice)]),
}))"""

# The faces shown for each side of the last battle, and the totals printed beside them.
BATTLE = """() => [...document.querySelectorAll('#dw-battle .dw-faces')].map((row) => ({
  faces: [...row.querySelectorAll('.dw-face')].map((f) => Number(f.dataset.face)),
  total: row.querySelector('.dw-total').textContent,
}))"""


def start_dicewars(page, players: int = 2, max_turns: int | None = None) -> str:
    return start_match(
        page,
        "dicewars",
        players=players,
        seat=0,
        agents={i: "random" for i in range(1, players)},
        options={"max_turns": str(max_turns)} if max_turns is not None else None,
    )


def greedy_attack(sources, rng):
    """(source, target, attacking dice, defending dice) of the attack with the most dice
    to spare, ties broken at random; None when every attack would be from behind or
    level: then the person ends the turn."""
    options = [(s["t"], t, s["dice"], d) for s in sources for t, d in s["targets"]]
    rng.shuffle(options)
    best = max(options, key=lambda o: o[2] - o[3], default=None)
    return best if best and best[2] > best[3] else None


def touch_territory(page, t: int) -> None:
    """Tap (or click) a territory where a person aims: on its dice stack."""
    label = page.locator(f".dw-label[data-t='{t}']")
    label.scroll_into_view_if_needed()
    box = label.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if is_phone(page):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def attack(page, source: int, target: int, picture: str | None = None) -> None:
    """Tap the source, see its targets light up, tap the target; ``picture`` is a
    path to save the page at with the choice on the map."""
    touch_territory(page, source)
    expect(page.locator(f".dw-territory[data-t='{source}']")).to_have_class(
        re.compile("dw-selected")
    )
    expect(page.locator(f".dw-territory[data-t='{target}']")).to_have_class(re.compile("dw-target"))
    if picture:
        page.screenshot(path=picture, full_page=True)
    touch_territory(page, target)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_it_plays_a_dicewars_match_by_clicking_and_replays_it(new_page, phone):
    page = new_page(phone)
    match_url = start_dicewars(page, max_turns=MAX_TURNS)
    rng = random.Random(7)
    battles = 0
    page.wait_for_function(SETTLED, arg=0)
    for _ in range(MAX_ACTIONS):
        if page.locator("#match[data-status=finished]").count():
            break
        before = seq_of(page)
        choice = greedy_attack(page.evaluate(SOURCES), rng)
        if choice is None:
            press(page, page.locator("#dw-end"))
        else:
            source, target, dice, defending = choice
            attack(page, source, target, SCREENSHOT if battles == PICTURE_AT else None)
        # Two events follow every click: the move and the dice (or the reinforcement).
        page.wait_for_function(SETTLED, arg=before + 2)
        if choice is not None:
            # The panel shows exactly the dice both sides rolled, and their totals.
            rolled = page.evaluate(BATTLE)
            assert [len(side["faces"]) for side in rolled] == [dice, defending]
            assert [side["total"] for side in rolled] == [
                f"= {sum(side['faces'])}" for side in rolled
            ]
            battles += 1
    else:
        pytest.fail("the match did not end")

    assert battles > 0
    final = page.locator("#final-result").inner_text()
    assert "won" in final or "draw" in final
    result = page.locator("#dw-result")
    expect(result).to_contain_text(re.compile("wins|Draw"))
    assert page.locator("#dw-end").count() == 0  # nothing to click once it is over
    rows = page.locator(".dw-player")
    assert rows.count() == 2
    winners = rows.locator(".dw-state").all_text_contents().count("winner")
    assert winners == (1 if "won" in final else 0)
    # The replay shows the same verdict (its seat names lack "(you)").
    verdict = re.search(r"(wins|Draw).*", result.text_content())[0]
    seq = seq_of(page)

    # The replay: the map is drawn from the first ply on, and stepping redraws it.
    assert_no_sideways_scroll(page)
    press(page, page.locator("#replay-link"))
    page.wait_for_url(re.compile(r"/replay/"))
    ply = page.locator("#ply")
    last = int(page.locator("#last").inner_text())
    assert last == seq and int(ply.inner_text()) == last
    expect(page.locator("#dw-result")).to_contain_text(verdict)
    page.keyboard.press("ArrowLeft")
    expect(ply).to_have_text(str(last - 1))
    expect(page.locator("#dw-result")).to_have_count(0)
    press(page, page.locator("#first"))
    expect(ply).to_have_text("0")
    expect(page.locator(".dw-territory")).to_have_count(0)  # before the map is drawn
    page.keyboard.press("ArrowRight")
    expect(ply).to_have_text("1")
    assert page.locator(".dw-territory").count() >= 29
    press(page, page.locator("#next"))
    expect(ply).to_have_text("2")
    press(page, page.locator("#prev"))
    expect(ply).to_have_text("1")
    press(page, page.locator("#end"))
    expect(ply).to_have_text(str(last))
    assert page.locator(".dw-label.dw-source").count() == 0  # replays only show

    # The match page offers a rematch with the seats swapped; that one is resigned.
    rematch_and_resign(page, match_url)


def test_it_starts_a_four_player_match_from_the_lobby(new_page):
    page = new_page()
    start_dicewars(page, players=4)
    expect(page.locator(".dw-player")).to_have_count(4)
    owners = page.evaluate(
        "() => [...document.querySelectorAll('.dw-territory')].map((g) => Number(g.dataset.owner))"
    )
    assert len(owners) >= 29
    assert set(owners) == {0, 1, 2, 3}


# Points of the person's dice stacks that stand over another territory (or the sea): the
# middle and four inner corners of each die's face and of the count, kept where no stack
# drawn later covers them.
OVERHANGS = """() => {
  const labels = [...document.querySelectorAll('.dw-label')];
  const parts = (label) => [...label.querySelectorAll('.dw-die-front, .dw-count-bg')]
    .map((p) => p.getBoundingClientRect());
  const inside = (r, x, y) => x > r.left && x < r.right && y > r.top && y < r.bottom;
  const topStack = (x, y) => labels.filter((l) => parts(l).some((r) => inside(r, x, y))).pop();
  const found = [];
  for (const label of document.querySelectorAll('.dw-label.dw-source')) {
    const t = Number(label.dataset.t);
    for (const r of parts(label)) {
      for (const [fx, fy] of [[.5, .5], [.25, .25], [.75, .25], [.25, .75], [.75, .75]]) {
        const x = r.left + r.width * fx, y = r.top + r.height * fy;
        if (topStack(x, y) !== label) continue;
        const under = document.elementsFromPoint(x, y).map((e) => e.closest('.dw-territory')).find(Boolean);
        if (!under || Number(under.dataset.t) !== t) found.push({ t, x, y, under: under ? Number(under.dataset.t) : null });
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_tap_on_a_dice_stack_picks_the_territory_it_stands_on(new_page, phone):
    page = new_page(phone)
    # A stack stands over a neighbour on nearly every map; a new match draws a new one.
    for _ in range(4):
        start_dicewars(page)
        page.wait_for_function(SETTLED, arg=0)
        page.locator(".dw-map").scroll_into_view_if_needed()
        overhangs = page.evaluate(OVERHANGS)
        if overhangs:
            break
        press(page, page.locator("#abort"))
        expect(page.locator("#match")).to_have_attribute("data-status", "aborted")
    else:
        pytest.fail("no map with a stack over a neighbour in four matches")
    # One point per stack: the tap picks the stack's territory, a second tap drops it.
    for spot in {o["t"]: o for o in overhangs}.values():
        territory = page.locator(f".dw-territory[data-t='{spot['t']}']")
        tap = page.touchscreen.tap if phone else page.mouse.click
        tap(spot["x"], spot["y"])
        expect(territory).to_have_class(re.compile("dw-selected"))
        if spot["under"] is not None:
            expect(page.locator(f".dw-territory[data-t='{spot['under']}']")).not_to_have_class(
                re.compile("dw-selected")
            )
        tap(spot["x"], spot["y"])
        expect(territory).not_to_have_class(re.compile("dw-selected"))
