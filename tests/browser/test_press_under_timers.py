"""Nothing a person can press is rebuilt under the pointer by a timer: the clocks' *+15 s*
button takes real presses (the mouse held down 40–100 ms, a finger held on a phone, the
keyboard's Tab then Enter or Space), and the focus stays on it while the clocks tick;
the game-over card keeps its buttons while it fills in the rating change."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.pages import place_a_piece, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: How long each press holds the button down (ms): a person's click, not a robot's.
HOLDS = (40, 55, 70, 85, 100, 60, 45, 95)
GIFT_MS = 15_000


def left_ms(page, seat: int) -> int:
    return int(page.locator(f"#clock-{seat}").get_attribute("data-left-ms"))


def seated_friend(new_page, phone: bool = False):
    """I (seat 0, to move first) invite a friend, who sits down, and each makes a first
    move (until then a first-move window runs, not the clocks): my clock runs, the
    friend's waits, so every gift I give shows on the friend's clock exactly."""
    me = new_page(phone=phone)
    url = start_match(me, "octagon", mode="friend", options={"preset": "small"}, clock="5+3")
    friend = new_page()
    friend.goto(url)
    friend.get_by_role("button", name="Take the open seat").click()
    friend.wait_for_selector("#match[data-conn=live]")
    place_a_piece(me)
    place_a_piece(friend)
    expect(me.locator("#clock-0")).to_have_class(re.compile(r"\brunning\b"))
    me.wait_for_selector("#clock-1 .give-time")
    return me, friend


def wait_for_gifts(page, seat: int, before: int, gifts: int) -> None:
    """Until the seat's (stopped) clock shows ``gifts`` gifts more than ``before`` (a
    deadline with room for a busy machine), then how many arrived is checked."""
    try:
        page.wait_for_function(
            "([seat, want]) => Number(document.querySelector(`#clock-${seat}`).dataset.leftMs) >= want",
            arg=[seat, before + gifts * GIFT_MS],
            timeout=20_000,
        )
    except PlaywrightTimeout:
        pass
    arrived = (left_ms(page, seat) - before) / GIFT_MS
    assert arrived == gifts, f"{arrived:g} of {gifts} presses arrived"


def centre(page, selector: str) -> tuple[float, float]:
    """Where a person aims: the middle of the button, scrolled into sight."""
    box = page.evaluate(
        """sel => { const el = document.querySelector(sel); el.scrollIntoView({ block: "center" });
          const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""",
        selector,
    )
    return box[0], box[1]


def test_held_mouse_presses_on_the_gift_button_all_arrive(new_page):
    me, friend = seated_friend(new_page)
    before = left_ms(friend, 1)
    assert left_ms(me, 1) == before == 300_000
    x, y = centre(me, "#clock-1 .give-time")
    me.mouse.move(x, y)
    for hold in HOLDS:
        me.mouse.down()
        me.wait_for_timeout(hold)  # the press a person makes, while the clocks tick
        me.mouse.up()
        me.wait_for_timeout(150)
    # Every press arrived: the friend's clock (stopped: it is my move) has them all, on
    # both pages.
    wait_for_gifts(friend, 1, before, len(HOLDS))
    wait_for_gifts(me, 1, before, len(HOLDS))


def test_the_keyboard_tabs_to_the_gift_button_and_keeps_its_focus(new_page):
    me, friend = seated_friend(new_page)
    before = left_ms(friend, 1)
    # Tab from the top of the page until the button has the focus, as a person does.
    me.locator("body").focus()
    for _ in range(60):
        me.keyboard.press("Tab")
        if me.evaluate("document.activeElement.matches('#clock-1 .give-time')"):
            break
    else:
        raise AssertionError("Tab never reached the +15 s button")
    # The clocks tick ten times a second meanwhile: the focus stays where it was.
    me.wait_for_timeout(1200)
    assert me.evaluate("document.activeElement.matches('#clock-1 .give-time')")
    me.keyboard.press("Enter")
    wait_for_gifts(friend, 1, before, 1)
    me.wait_for_timeout(400)
    assert me.evaluate("document.activeElement.matches('#clock-1 .give-time')")
    me.keyboard.press(" ")
    wait_for_gifts(friend, 1, before, 2)
    wait_for_gifts(me, 1, before, 2)
    assert me.evaluate("document.activeElement.matches('#clock-1 .give-time')")


def test_held_taps_on_a_phone_all_arrive(new_page):
    me, friend = seated_friend(new_page, phone=True)
    before = left_ms(friend, 1)
    x, y = centre(me, "#clock-1 .give-time")
    touch = me.context.new_cdp_session(me)
    point = [{"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}]
    for hold in HOLDS[:5]:
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        me.wait_for_timeout(hold)  # a finger on the glass
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        me.wait_for_timeout(350)  # apart enough not to be a double tap
    wait_for_gifts(friend, 1, before, 5)
    wait_for_gifts(me, 1, before, 5)


def test_the_game_over_card_keeps_its_buttons_while_it_fills_in(new_page):
    """The card asks again (twice, 1.5 s apart) while the rating is not settled yet: the
    button a person is on stays the same button, focus and all. A slow rating worker is
    what makes it ask again; here the server's answers go through unchanged except that
    the first two lose the settled rating note, as a page sees while the worker is late."""
    page = new_page()
    answers = {"n": 0}

    def late_rating(route):
        response = route.fetch()
        data = response.json()
        answers["n"] += data.get("status") == "finished"
        if data.get("status") == "finished" and answers["n"] <= 2:
            data["rating_note"] = ""
            data["ratings"] = []
        route.fulfill(response=response, json=data)

    page.route(re.compile(r"/matches/\d+/summary\.json$"), late_rating)
    start_match(page, "footsies")
    page.get_by_role("button", name="Resign").click()
    page.locator("#resign-confirm").get_by_role("button", name="Yes, resign").click()
    card = page.locator("#game-over")
    expect(card.locator("#rematch")).to_be_visible()
    # The person is on the Rematch button (mouse over it, keyboard focus in it).
    page.locator("#rematch").focus()
    page.evaluate(
        "() => { window.pressing = ['rematch', 'new-opponent', 'card-replay']"
        ".map((id) => document.getElementById(id)); }"
    )
    expect(card).to_have_attribute("data-filled", "2")  # filled in three times
    # The very elements the person is on are still there, the focus too.
    assert page.evaluate("window.pressing.map((el) => el.isConnected)") == [True] * 3
    assert page.evaluate("document.activeElement.id") == "rematch"
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").split("/")[-1] != "" and "/matches/" in url)


def test_a_tournament_page_redraws_around_the_button_being_pressed(new_page):
    """A people's tournament page draws itself again when someone joins: the maker's
    buttons stay the elements they are pressing."""
    from tests.browser.test_people_tournament import make_tournament

    maker = new_page()
    url = make_tournament(maker, {"#people-rounds": "3"})
    expect(maker.locator("#people-list li")).to_have_count(1)
    maker.locator("#withdraw").focus()
    maker.evaluate(
        "() => { window.pressing = ['withdraw', 'start']"
        ".map((id) => document.getElementById(id)); }"
    )
    friend = new_page(phone=True)
    friend.goto(url)
    friend.locator("#join").tap()
    expect(maker.locator("#people-list li")).to_have_count(2)  # redrawn by itself
    expect(maker.locator("#start")).to_be_enabled()
    assert maker.evaluate("window.pressing.map((el) => el.isConnected)") == [True, True]
    assert maker.evaluate("document.activeElement.id") == "withdraw"


def test_the_move_buttons_stay_through_a_heartbeat_and_the_other_sides_choice(new_page):
    """A Footsies turn between two people: the heartbeat's resync and the friend's blind
    choice arriving leave my move buttons the same elements, under my pointer."""
    me = new_page()
    url = start_match(me, "footsies", mode="friend")
    friend = new_page(phone=True)
    friend.goto(url)
    friend.get_by_role("button", name="Take the open seat").click()
    friend.wait_for_selector("#match[data-conn=live]")
    me.wait_for_selector("button.move[data-move=A]")
    me.evaluate("() => { window.pressing = [...document.querySelectorAll('button.move')]; }")
    x, y = centre(me, "button.move[data-move=A]")
    me.mouse.move(x, y)
    me.mouse.down()  # holding Attack down while the frames come
    # The page's heartbeat: a hello, answered by a resync ("synced").
    seq = me.evaluate("DiceArena.currentSocket.seq")
    me.evaluate("DiceArena.currentSocket.hello()")
    me.wait_for_function("() => DiceArena.currentSocket.helloAt === null")
    friend.locator("button.move[data-move=B]").tap()
    expect(me.locator("#notice")).to_have_text("The other side has chosen.")
    assert me.evaluate("window.pressing.every((el) => el.isConnected)")
    me.mouse.up()  # the press lands: my Attack against the friend's Block
    me.wait_for_function(f"() => DiceArena.currentSocket.seq > {seq}")
    expect(me.locator("#last-clash")).to_contain_text("Attack")
