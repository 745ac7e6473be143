"""axe-core (through axe-playwright-python) finds no serious or critical violation on any
page a person meets: home, lobbies, rules, every game's match and replay page, TV, the
match list, profiles, tournaments, leaderboards and Button Men's buttons; in light and in
dark mode; and on a 390 px phone with the navigation menu open."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from axe_playwright_python.sync_playwright import Axe

import games
from tests.browser.pages import start_match
from webapp.matches import autoplay, services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUGS = [g.slug for g in games.all()]
#: The phone's navigation menu, open (templates/base.html, static/js/nav.js).
PHONE_MENU = "#nav-toggle[aria-expanded=true] ~ nav a:visible"
AXE = Axe()


def problems(page) -> list[str]:
    """Serious and critical violations on the page as it stands, one line each."""
    found = []
    for v in AXE.run(page).response["violations"]:
        if v["impact"] in ("serious", "critical"):
            where = "; ".join(n["target"][0] for n in v["nodes"][:3])
            found.append(f"{page.url}: {v['id']} ({v['impact']}) at {where}: {v['help']}")
    return found


def check(page, url: str, ready: str = "main") -> list[str]:
    page.goto(url)
    page.wait_for_selector(ready)
    return problems(page)


def finished_match(slug: str):
    # In a thread of its own: Playwright's loop runs in this one, and a finished match
    # pushes to its page through async_to_sync, which refuses to run beside a loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_play_a_match, slug).result()


def _play_a_match(slug: str):
    game = games.get(slug)
    plan = services.MatchPlan(
        game=slug, seats=[services.SeatPlan(agent_spec="random")] * game.min_players
    )
    return autoplay.play_out(services.create_match(plan, schedule=False).pk)


def _small_tournament():
    from webapp.tournaments import services as tournaments

    return tournaments.create_tournament(
        tournaments.TournamentPlan(
            game="footsies", entrants=["random", "footsies-counter"], games_per_pairing=2
        )
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_site_pages_have_no_serious_violations(new_page, scheme):
    match = finished_match("footsies")
    with ThreadPoolExecutor(1) as pool:
        tournament = pool.submit(_small_tournament).result()
    page = new_page()
    page.emulate_media(color_scheme=scheme)
    urls = [
        "/",
        "/tv/",
        "/matches/",
        "/matches/?game=footsies&status=finished",
        "/matches/open/",
        "/matches/your-turn/",
        "/seeks/",
        "/players/footsies-counter/",
        "/tournaments/",
        f"/tournaments/{tournament.pk}/",
        "/leaderboards/",
        "/leaderboards/footsies/",
        "/accounts/login/",
        "/accounts/signup/",
        f"/matches/{match.pk}/",
        # The roster's search, with its Search button (4.31:1 in dark mode once).
        "/games/buttonmen/buttons/?q=poison",
    ]
    urls += [f"/play/{slug}/" for slug in SLUGS] + [f"/games/{slug}/" for slug in SLUGS]
    found = [p for url in urls for p in check(page, url)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_games_match_and_replay_pages_have_no_serious_violations(new_page, slug):
    page = new_page()
    # A match the person plays, so the board offers its moves, then a finished replay.
    start_match(page, slug)
    page.wait_for_selector("#board *")
    found = problems(page)
    page.emulate_media(color_scheme="dark")
    found += problems(page)
    match = finished_match(slug)
    found += check(page, f"/matches/{match.pk}/replay/", "#board *")
    page.emulate_media(color_scheme="light")
    found += problems(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_phone_menu_has_no_serious_violations(new_page, scheme):
    page = new_page(phone=True)
    page.emulate_media(color_scheme=scheme)
    found = []
    for url in ("/", "/games/buttonmen/buttons/?q=shadow"):
        found += check(page, url)  # the menu folded away
        page.get_by_role("button", name="Menu").tap()
        page.wait_for_selector(PHONE_MENU)
        found += problems(page)  # and open, its links over the dark bar
    assert not found, "\n".join(found)
