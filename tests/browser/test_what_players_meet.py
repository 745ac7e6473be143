"""What every player meets, in Chromium: Abort stays until you have moved, a
refused tournament form comes back filled in, Button Men's lines stay on the board (390 px
phone too), TV keeps the players' names when it switches, the 404 page is plain, and no
page breaks the Content-Security-Policy (the API docs load with the internet cut off)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import assert_no_sideways_scroll, open_lobby, press, sign_up, start_match
from tests.webapp.helpers import store_played, wait_for
from webapp.accounts.identity import Identity
from webapp.matches import services
from webapp.matches.models import Match, PendingChoice

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Where a person's screenshots go when SCREENSHOTS is set (to look at, not compared).
SHOTS = os.environ.get("SCREENSHOTS")
BOTH = pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def match_of(url: str) -> int:
    return int(re.search(r"/matches/(\d+)/", url)[1])


def csp_watch(page) -> list[str]:
    """Every console message that reports a Content-Security-Policy violation."""
    found: list[str] = []
    page.on(
        "console",
        lambda msg: found.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    return found


# ----- abort ---------------------------------------------------------------------------


@BOTH
def test_abort_stays_after_the_ais_blind_choice_until_you_move(new_page, phone):
    page = new_page(phone, csp=True)
    url = start_match(page, "footsies", agents={1: "footsies-bayesian"})
    match_id = match_of(url)
    # The AI chooses at once; its hidden choice is not your move.
    wait_for(lambda: PendingChoice.objects.filter(match_id=match_id, seat=1).exists())
    page.reload()
    page.wait_for_selector("#match[data-conn=live]")
    abort = page.locator("#abort")
    expect(abort).to_be_visible()
    shot(page, f"abort-after-ai-choice-{'phone' if phone else 'desktop'}")
    press(page, abort)
    expect(page.locator("#match")).to_have_attribute("data-status", "aborted")
    assert Match.objects.get(pk=match_id).status == Match.Status.ABORTED


def test_abort_goes_once_you_have_moved(new_page):
    page = new_page(csp=True)
    url = start_match(page, "footsies", agents={1: "footsies-bayesian"})
    match_id = match_of(url)
    wait_for(lambda: PendingChoice.objects.filter(match_id=match_id, seat=1).exists())
    expect(page.locator("#abort")).to_be_visible()
    press(page, page.locator("button.move[data-move=B]"))
    expect(page.locator("#abort")).to_be_hidden()
    expect(page.get_by_role("button", name="Resign")).to_be_visible()


# ----- the tournament form -------------------------------------------------------------


def test_a_refused_tournament_form_comes_back_as_filled_in(new_page):
    page = new_page(csp=True)
    sign_up(page, "tess")

    page.goto("/tournaments/new/")
    page.fill("input[name=name]", "Friday ladder")
    page.select_option("#t-game", "octagon")
    rows = page.locator("#entrants .entrant")
    rows.nth(0).locator("select.entrant-agent").select_option("mcts")
    rows.nth(0).locator("input[data-param=iterations]").fill("1000000000")  # over its limit
    rows.nth(1).locator("select.entrant-agent").select_option("octagon-greedy")
    page.select_option("#t-format", "duplicate")
    page.fill("input[name=games_per_pairing]", "6")
    page.fill("input[name=seed]", "friday-7")
    page.locator("#submit-tournament").click()

    expect(page.locator(".notice.error, .messages .error").first).to_contain_text("limit")
    assert page.input_value("input[name=name]") == "Friday ladder"
    assert page.input_value("#t-game") == "octagon"
    assert page.input_value("#t-format") == "duplicate"
    assert page.input_value("input[name=games_per_pairing]") == "6"
    assert page.input_value("input[name=seed]") == "friday-7"
    expect(rows).to_have_count(2)
    assert rows.nth(0).locator("select.entrant-agent").input_value() == "mcts"
    assert rows.nth(0).locator("input[data-param=iterations]").input_value() == "1000000000"
    assert rows.nth(1).locator("select.entrant-agent").input_value() == "octagon-greedy"
    shot(page, "tournament-form-refused")


# ----- Button Men's lines --------------------------------------------------------------


@BOTH
def test_button_mens_last_move_and_rounds_stay_on_the_board(new_page, phone):
    # Long names make the longest lines: the rounds line carries both.
    match = store_played("buttonmen", ["buttonmen-mc", "buttonmen-em"], "lines-1")
    page = new_page(phone, csp=True)
    # The last rounds' moves: the round lines are drawn and the last move is long.
    for ply in (match.ply - 1, match.ply // 2):
        page.goto(f"/matches/{match.pk}/replay/?ply={ply}")
        page.wait_for_selector("#bm-last tspan")
        board = page.locator(".bm-board").bounding_box()
        for line in ("#bm-last", "#bm-rounds", "#bm-round", "#bm-status"):
            if not page.locator(line).count():
                continue
            box = page.locator(line).bounding_box()
            assert box["x"] >= board["x"] - 0.5, (line, ply, box, board)
            assert box["x"] + box["width"] <= board["x"] + board["width"] + 0.5, (
                line,
                ply,
                box,
                board,
            )
        if phone:
            assert_no_sideways_scroll(page)
    expect(page.locator("#bm-rounds")).to_contain_text("R")
    shot(page, f"buttonmen-lines-{'phone' if phone else 'desktop'}")


# ----- TV --------------------------------------------------------------------------------


def watch(specs: list[str], who: str) -> Match:
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(agent_spec=s) for s in specs],
        options={"rounds": 99, "max_turns": 50},
        pace=0.8,
        created_by=who,
    )
    return services.create_match(plan)


def test_tv_keeps_the_players_names_when_it_switches_matches(new_page):
    first = watch(["footsies-counter", "random"], "guest:tv-1")
    page = new_page(csp=True)
    page.goto("/tv/")
    screen = page.locator("#tv-footsies")
    expect(screen.locator(".tv-players")).to_contain_text("footsies-counter")
    second = watch(["footsies-nash", "footsies-bayesian"], "guest:tv-2")
    services.abort_match(first.pk, Identity(key="guest:tv-1", name="tv"))
    expect(screen).to_have_attribute("data-match-id", str(second.pk), timeout=60_000)
    players = screen.locator(".tv-players")
    expect(players).to_contain_text("footsies-nash")
    expect(players).to_contain_text("footsies-bayesian")
    expect(players.get_by_role("link", name="open the match")).to_have_attribute(
        "href", f"/matches/{second.pk}/"
    )
    shot(page, "tv-after-switch")
    services.abort_match(second.pk, Identity(key="guest:tv-2", name="tv"))


# ----- the 404 page and the Content-Security-Policy -----------------------------------------


@BOTH
def test_an_unknown_address_shows_a_plain_page(new_page, phone):
    page = new_page(phone, csp=True)
    for path, words in (
        ("/nonexistent/", "There is nothing at this address."),
        ("/matches/987654/", "There is no such match."),
    ):
        response = page.goto(path)
        assert response.status == 404
        expect(page.get_by_role("heading", name="Not found")).to_be_visible()
        expect(page.locator("main")).to_contain_text(words)
        text = page.locator("body").inner_text()
        assert "tried" not in text and "URLconf" not in text and "matches the given" not in text
        if phone:
            assert_no_sideways_scroll(page)
    shot(page, f"not-found-{'phone' if phone else 'desktop'}")


def test_no_page_breaks_the_content_security_policy(new_page):
    finished = store_played("octagon", ["random", "random"], "csp-1")
    page = new_page(csp=True)
    violations = csp_watch(page)
    url = start_match(page, "footsies", agents={1: "footsies-bayesian"})  # its socket is live
    press(page, page.locator("button.move[data-move=A]"))
    expect(page.locator("#match")).not_to_have_attribute("data-seq", "0")  # the move went
    for path in (
        "/",
        "/play/dicewars/",
        "/games/octagon/",
        "/tv/",
        "/matches/",
        f"/matches/{finished.pk}/replay/?ply=3",
        "/analyse/octagon/",
        "/tournaments/",
        "/tournaments/new/",
        "/leaderboards/footsies/",
        "/players/random/",
        "/accounts/login/",
        "/seeks/",
        "/matches/your-turn/",
        "/notify/open/not-a-link/",
        "/nonexistent/",
        url,
    ):
        page.goto(path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("typeof window.DiceArena") == "object", path  # scripts ran
    assert violations == [], violations


def test_the_api_docs_load_with_the_internet_cut_off(new_page, web_server):
    page = new_page(csp=True)
    violations = csp_watch(page)
    outside: list[str] = []

    def only_ours(route):
        if route.request.url.startswith(web_server):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_ours)
    page.goto("/api/docs")
    expect(page.locator("#swagger-ui .info .title")).to_contain_text("Dice Arena")
    expect(page.locator("#swagger-ui .opblock").first).to_be_visible()
    assert outside == [] and violations == [], (outside, violations)
    shot(page, "api-docs-offline")


# ----- Footsies' lobby ------------------------------------------------------------------


@BOTH
def test_watching_footsies_starts_from_a_watchable_pairing(new_page, phone):
    page = new_page(phone, csp=True)
    open_lobby(page, "footsies")
    form = page.locator("#new-match")
    opponent = form.locator("select[name=agent1]")
    from webapp.matches.lobby import DEFAULT_OPPONENT

    friendly = DEFAULT_OPPONENT["footsies"]  # one of the levels listed beside the form
    assert opponent.input_value() == friendly
    form.locator("input[name=mode][value=watch]").check()
    assert form.locator("select[name=agent0]").input_value() == "footsies-bayesian"
    assert opponent.input_value() == "footsies-nash"
    press(page, form.locator("details.options summary"))
    assert form.locator("[name=opt_max_turns]").input_value() == "20"
    shot(page, f"footsies-lobby-watch-{'phone' if phone else 'desktop'}")
    form.locator("input[name=mode][value=ai]").check()
    assert opponent.input_value() == friendly  # back to the friendly opponent
    opponent.select_option("footsies-counter")  # a person's pick stays
    form.locator("input[name=mode][value=watch]").check()
    assert opponent.input_value() == "footsies-counter"
    press(page, form.get_by_role("button", name="Start the match"))
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(pk=match_of(page.url))
    assert [s.agent_spec for s in match.seats.order_by("index")] == [
        "footsies-bayesian",
        "footsies-counter",
    ]
    assert match.options["max_turns"] == 20


# ----- the status line during a roll -----------------------------------------------------


def test_the_status_never_reads_to_move_with_nobody_to_move(new_page):
    page = new_page()
    start_match(page, "dicewars", mode="watch", agents={0: "dicewars-naive", 1: "dicewars-naive"})
    # Every text the status line takes while battles are fought and rolled.
    page.evaluate(
        """() => { window.__said = [];
        const status = document.getElementById('status');
        new MutationObserver(() => window.__said.push(status.textContent))
          .observe(status, {childList: true, characterData: true, subtree: true}); }"""
    )
    # Two naive players attack at once; on a machine at load 12 the first battles took
    # over 120 s to come (the worker and the browser wait for a core).
    wait_for(lambda: "the dice are rolling…" in page.evaluate("window.__said"), timeout=300)
    said = page.evaluate("window.__said")
    assert not [s for s in said if s.strip() in ("to move", "choose", "")], said
    shot(page, "dicewars-status")
