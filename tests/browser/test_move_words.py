"""Every notice a person reads words a move the way the game's players do ("Sent:
Attack …", "Sent: Power attack: your d20 showing 12 captures …"), never by its code
("A", "power:3>0", "9>8", "3,4,2,N", "place:0:1:0") — also while offline."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import press, seq_of, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: A move's code in any game: "kind:..." (Button Men, the battler), "9>8" (Dice Wars),
#: "3,4,2,N" (Octagon), or a bare Footsies letter after "Sent:".
RAW = re.compile(r"\b[a-z]+:[\w,=>:]+|\b\d+>\d+\b|\b\d+,\d+,\d,[A-Z]+\b|Sent: (A|B|G|DP) ")

RECORD = """() => {
  window.notices = [];
  const el = document.getElementById('notice');
  new MutationObserver(() => { if (el.textContent) window.notices.push(el.textContent); })
    .observe(el, { childList: true, characterData: true, subtree: true });
}"""

#: Until the board offers this person a move (or the match is over).
MY_TURN = """() => document.querySelector('#match').dataset.status !== 'active'
  || document.querySelector('#controls button, #controls select, #board .oct-cell.legal')"""


def notices(page) -> list[str]:
    return page.evaluate("window.notices")


def first_move(page, slug: str) -> None:
    """The first move the board offers, made the way a person makes it."""
    page.wait_for_function(MY_TURN)
    if slug == "footsies":
        press(page, page.locator("button.move[data-move=A]"))
    elif slug == "octagon":
        page.locator("svg.oct-board .oct-cell.legal").first.click()
    elif page.locator("#bm-choose").count():
        press(page, page.locator("#bm-choose"))  # Button Men: the swing size first
    elif page.locator("#move-list").count():
        select = page.locator("#move-list")
        select.select_option(index=0)
        press(page, page.locator("#move-list-play"))
    else:
        press(page, page.locator("#controls button").first)  # pass, end the turn


@pytest.mark.parametrize(
    "slug,words",
    [
        ("footsies", "Sent: Attack …"),
        ("buttonmen", re.compile(r"Sent: (Swing size|Power attack|Skill attack|Pass)")),
        ("dicewars", re.compile(r"Sent: (From \d+ \(|End turn)")),
        ("octagon", re.compile(r"Sent: a \d-piece .* at row \d+, column \d+ …")),
        ("dungeon", re.compile(r"Sent: \w")),
    ],
)
def test_the_sent_notice_words_the_move(new_page, slug, words):
    page = new_page(phone=slug == "buttonmen")
    start_match(page, slug)
    page.evaluate(RECORD)
    before = seq_of(page)
    first_move(page, slug)
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    sent = [n for n in notices(page) if n.startswith("Sent")]
    assert sent, notices(page)
    for text in sent:
        assert not RAW.search(text), text
        assert (words == text) if isinstance(words, str) else words.match(text), text


def test_offline_the_waiting_move_is_worded_too(new_page):
    page = new_page()
    start_match(page, "footsies", agents={1: "random"}, options={"rounds": "5"})
    page.evaluate(RECORD)
    page.context.set_offline(True)
    page.evaluate("DiceArena.currentSocket.ws.close()")
    expect(page.locator("#match")).not_to_have_attribute("data-conn", "live")
    before = seq_of(page)
    press(page, page.locator("button.move[data-move=B]"))
    expect(page.locator("#notice")).to_have_text(
        "Offline: Block will be sent when the connection is back."
    )
    page.context.set_offline(False)
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.seq) > {before}")
    assert not [n for n in notices(page) if RAW.search(n)], notices(page)
