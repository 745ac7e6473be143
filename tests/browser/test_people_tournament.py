"""Tournaments for four people, in four browser contexts (one a phone): made and joined
from the pages, started by the maker, every game played live. A Swiss over three rounds,
each round paired by itself and shown on the open pages; an arena whose players are
paired again as they finish, until its window closes. Standings at the end."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from webapp.tournaments.models import Tournament

from .pages import assert_no_sideways_scroll, press

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def visit(page, url: str) -> None:
    """Go to ``url``. A tournament page redraws itself when someone joins or a game
    ends, which may cut a navigation short: then go again."""
    for _ in range(3):
        try:
            page.goto(url)
            return
        except PlaywrightError:
            continue
    page.goto(url)


def my_game_link(page, tournament_url: str) -> str | None:
    """The link under "Your game is on", if any. The page redraws itself when a game
    ends elsewhere, which may land between loading and reading it: then read again."""
    for _ in range(3):
        try:
            page.goto(tournament_url)
            page.wait_for_selector("#people-list")
            links = page.locator("#your-game a")
            return links.first.get_attribute("href") if links.count() else None
        except PlaywrightError:
            continue
    raise AssertionError("the tournament page kept redrawing itself")


def resign_my_game(page, tournament_url: str) -> bool:
    """Open the tournament page; if this person's game is on, go to it and resign.
    True when there was a game to resign."""
    href = my_game_link(page, tournament_url)
    if href is None:
        return False
    visit(page, href)
    page.wait_for_selector("#match[data-conn=live]")
    press(page, page.get_by_role("button", name="Resign"))
    press(page, page.locator("#resign-confirm").get_by_role("button", name="Yes, resign"))
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")
    return True


def play_round(players: list, tournament_url: str) -> None:
    """In each pairing the later entrant resigns (the maker, entrant 0, never does).
    Later entrants go first, so each pairing's loser resigns before its winner looks;
    once both games are over the next round starts at once, so stop there."""
    resigned = 0
    for page in reversed(players[1:]):
        if resigned < 2 and resign_my_game(page, tournament_url):
            resigned += 1
    assert resigned == 2


def make_tournament(maker, fields: dict[str, str], format: str = "swiss") -> str:
    """From the home page, the maker makes an Octagon tournament for people on a 5+3
    clock (``fields``: more inputs to fill); its page's address."""
    maker.goto("/")
    maker.get_by_role("link", name="Tournaments").first.click()
    maker.locator("#new-people-tournament").click()
    maker.locator("#people-game").select_option("octagon")
    maker.locator("#people-format").select_option(format)
    for field, value in fields.items():
        maker.locator(field).fill(value)
    maker.locator("#people-clock").select_option("5+3")
    maker.get_by_role("button", name="Make the tournament").click()
    maker.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    return maker.url


def join_from(new_page, url: str, phone: int) -> list:
    """Three more people join from their own browsers (the ``phone``-th on a phone)."""
    others = [new_page(phone=(i == phone)) for i in range(3)]
    for page in others:
        visit(page, url)
        press(page, page.locator("#join"))
        expect(page.locator("#withdraw")).to_be_visible()
    return others


def finished_standings(new_page, url: str, leader: str):
    """A newcomer opens the finished tournament's page: the leader tops the standings."""
    watcher = new_page()
    watcher.goto(url)
    expect(watcher.locator("#t-status")).to_have_text(re.compile("finished"))
    expect(watcher.locator("#standings tbody tr").first).to_contain_text(leader)
    return watcher


def test_a_swiss_of_four_people_over_three_rounds(new_page):
    maker = new_page()
    url = make_tournament(maker, {"#people-rounds": "3"})
    others = join_from(new_page, url, phone=0)
    # Every join is in (no page redraws itself now): the phone's page fits its width.
    visit(others[0], url)
    expect(others[0].locator("#people-list li")).to_have_count(4)
    assert_no_sideways_scroll(others[0])
    visit(maker, url)
    expect(maker.locator("#people-list li")).to_have_count(4)
    names = maker.locator("#people-list li").all_inner_texts()
    maker.locator("#start").click()
    expect(maker.locator("#your-game a")).to_be_visible()
    expect(maker.locator("#in-play li")).to_have_count(2)

    players = [maker, *others]
    play_round(players, url)
    # The maker's page, left open since the start, shows each new round and its games
    # by itself (the tournament's socket says a round began; the page redraws).
    for round_ in (2, 3):
        expect(maker.locator("#t-round")).to_have_text(f"round {round_} of 3")
        expect(maker.locator("#in-play li")).to_have_count(2)
        expect(maker.locator("#your-game a")).to_be_visible()
        play_round(players, url)
    watcher = finished_standings(new_page, url, names[0])
    first = watcher.locator("#standings tbody tr").first
    expect(first.locator(".swiss-points")).to_have_text("3")
    # Four people, three rounds, no one met twice: the points are 3, 2, 1, 0.
    points = watcher.locator("#standings .swiss-points").all_inner_texts()
    assert points == ["3", "2", "1", "0"], points


def test_an_arena_of_four_people_pairs_them_as_they_finish_until_its_window_closes(new_page):
    maker = new_page()
    url = make_tournament(maker, {"#people-minutes": "5"}, format="arena")
    expect(maker.locator("#tournament")).to_contain_text("runs 5 minutes once started")
    others = join_from(new_page, url, phone=1)
    visit(maker, url)
    expect(maker.locator("#people-list li")).to_have_count(4)
    names = maker.locator("#people-list li").all_inner_texts()
    maker.locator("#start").click()
    expect(maker.locator("#t-left")).to_contain_text(re.compile(r"\d:\d\d left"))
    expect(maker.locator("#in-play li")).to_have_count(2)

    players = [maker, *others]
    # First games: 0 v 1 and 2 v 3, the later entrant resigns. Those done first wait
    # for the others (no rematch at once); then winners meet winners, on the open page.
    play_round(players, url)
    # Entrant 3 resigned and stayed on the match page: its game-over card shows the next
    # game by itself once the other game ends and the arena pairs them again.
    expect(others[2].locator("#next-game")).to_be_visible()
    expect(others[2].locator("#card-tournament")).to_be_visible()
    expect(maker.locator("#progress-text")).to_have_text("2 games played")
    expect(maker.locator("#in-play li")).to_have_count(2)
    expect(maker.locator("#your-game a")).to_be_visible()
    # The window closes now (as if five minutes had passed): the games on still count.
    tournament_id = int(re.search(r"/tournaments/(\d+)/", url).group(1))
    Tournament.objects.filter(pk=tournament_id).update(ends_at=timezone.now())
    play_round(players, url)

    watcher = finished_standings(new_page, url, names[0])
    # Entrant 0 won twice (2 + 2), entrants 1 and 2 once, entrant 3 never.
    points = watcher.locator("#standings .arena-points").all_inner_texts()
    assert points == ["4", "2", "2", "0"], points
    assert_no_sideways_scroll(others[1])
