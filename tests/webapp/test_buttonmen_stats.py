"""Button statistics on the site: the roster's pages and the API show the figures of a
study (the shipped one, or the latest finished study tournament), recounted here from
the study's own games; and a study runs as an ordinary tournament on the ``buttons``
grid."""

from __future__ import annotations

import html
import json
import re

import pytest

from agents.buttonstats import stats, study
from agents.buttonstats.__main__ import load
from webapp.tournaments import buttonstats, grid, playing, schedules, services
from webapp.tournaments.models import Tournament, TournamentGame

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]

# Three Soldiers and two buttons of another set, so there are two set matrices.
GAMES = [
    ["Avis", "Hammer", 0, 0],
    ["Hammer", "Avis", 0, 1],
    ["Avis", "Bauer", 1, 0],
    ["Bauer", "Avis", 1, 0],
    ["Hammer", "Bauer", 0, 0],
    ["Bauer", "Hammer", 1, 1],
    ["Buck Godot", "Agatha", 0, 1],
    ["Agatha", "Buck Godot", 1, 0],
    # Stark plays only outside its set: in the Soldiers' matrix it has no row.
    ["Stark", "Agatha", 0, 0],
    ["Agatha", "Stark", 0, 0],
]


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """A small study file in place of the shipped one."""
    path = tmp_path / "study.json"
    data = {"version": study.VERSION, "agent": "test-agent:x=1", "seed": "t", "made": "2026-01-02"}
    path.write_text(json.dumps({**data, "seconds": 1.5, "games": GAMES}))
    monkeypatch.setattr(buttonstats, "SHIPPED", path)
    buttonstats.shipped.cache_clear()
    yield stats.compute([stats.Game.from_json(g) for g in GAMES], min_games=2)
    buttonstats.shipped.cache_clear()


def text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def plain(page: str) -> str:
    """The page's words, tags taken out."""
    return re.sub(r"<[^>]+>", "", page)


def pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def test_the_list_shows_each_buttons_win_rate_and_interval(client, shipped):
    page = text(client.get("/games/buttonmen/buttons/", {"q": "avis"}))
    avis = shipped["Avis"]
    low, high = stats.wilson(avis.wins, avis.games)
    row = re.search(r"<tr><td><a [^>]*>Avis</a>.*?</tr>", page, re.S).group(0)
    assert f"{pct(avis.rate)} " in row and f"{pct(low)}–{pct(high)}" in row
    assert f"<td>{avis.games}</td>" in row
    assert "test-agent:x=1" in page and f"{len(GAMES)} games of 6 buttons" in page


def test_the_list_sorts_by_win_rate(client, shipped):
    page = text(client.get("/games/buttonmen/buttons/", {"sort": "rate", "playable": "1"}))
    listed = re.findall(r'<tr><td><a href="/games/buttonmen/buttons/[^"]+/">([^<]+)</a>', page)
    played = [n for n in listed if n in shipped]
    rates = [shipped[n].rate for n in played]
    assert len(played) == 6 and rates == sorted(rates, reverse=True)
    assert listed[:6] == played  # the buttons that played come first
    by_games = text(client.get("/games/buttonmen/buttons/", {"sort": "games"}))
    first = re.search(r'<tr><td><a href="/games/buttonmen/buttons/[^"]+/">([^<]+)</a>', by_games)
    assert shipped[first.group(1)].games == max(s.games for s in shipped.values())


def test_a_button_page_has_its_figures_fair_opponents_and_matchups(client, shipped):
    for name, figures in shipped.items():
        page = text(client.get(f"/games/buttonmen/buttons/{name}/"))
        words = plain(page)
        assert f"Win rate {pct(figures.rate)} ({figures.wins:g} of {figures.games} games" in words
        section = page[page.index('id="bm-stats"') :]
        for other in figures.fair:
            assert f'href="/games/buttonmen/buttons/{other}/"' in section
        for opponent, t in figures.matchups.items():
            assert re.search(
                rf">{re.escape(opponent)}</a></td><td>{t.games}</td><td>{t.wins:g}</td>", page
            )
        advantage = figures.first_advantage
        if advantage is not None:
            assert f"First-mover advantage: {100 * advantage:+.0f} points" in words
        else:
            assert "First-mover advantage: not measured yet" in words
    # A button that did not play says so.
    assert "has played no game in this study" in text(client.get("/games/buttonmen/buttons/Kith/"))


def test_the_matchups_page_draws_each_sets_matrix(client, shipped):
    page = text(client.get("/games/buttonmen/matchups/"))
    assert page.count('class="bm-matrix"') == 2
    hammer = shipped["Avis"].matchups["Hammer"]
    assert f'title="Avis won {hammer.wins:g} of {hammer.games} against Hammer"' in page
    one = text(client.get("/games/buttonmen/matchups/", {"set": "Soldiers"}))
    assert one.count('class="bm-matrix"') == 1 and "Agatha" not in one
    assert ">Stark</a></th>" not in one and ">Bauer</a></th>" in one
    # A set whose buttons never met: said, not an error; an unknown set is.
    vegas = text(client.get("/games/buttonmen/matchups/", {"set": "Las Vegas"}))
    assert "No two buttons of this set met" in vegas
    assert client.get("/games/buttonmen/matchups/", {"set": "No Such Set"}).status_code == 404


def test_the_api_lists_and_describes_buttons(client, shipped):
    data = client.get("/api/buttonmen/buttons", {"playable": "true"}).json()
    assert data["study"]["agent"] == "test-agent:x=1" and data["study"]["source"] == "shipped"
    rows = {row["name"]: row for row in data["buttons"]}
    assert all(row["playable"] for row in rows.values())
    for name, figures in shipped.items():
        assert rows[name]["stats"]["games"] == figures.games
        assert rows[name]["stats"]["win_rate"] == pytest.approx(figures.rate)
        assert rows[name]["stats"]["interval95"] == pytest.approx(list(figures.interval))
    assert rows["Kith"]["stats"] is None
    one = client.get("/api/buttonmen/buttons/avis").json()
    assert one["name"] == "Avis" and one["set"] == "Soldiers"
    assert one["stats"]["fair_opponents"] == shipped["Avis"].fair
    assert one["stats"]["matchups"]["Bauer"]["games"] == shipped["Avis"].matchups["Bauer"].games
    assert client.get("/api/buttonmen/buttons/Nobody At All").status_code == 404
    sets = client.get("/api/buttonmen/matchups").json()["sets"]
    assert sorted(len(s["buttons"]) for s in sets) == [2, 3]


def test_the_shipped_study_is_whole_and_honest():
    """The study in the repository: every playable button played, in both seats."""
    raw = load(buttonstats.SHIPPED)
    plan = study.plan(
        study.playable_names(), raw["per_button"], raw["seed"], study.sets(), raw["set_mates"]
    )
    # If the roster's playable buttons change, make the study again (docs/games/buttonmen.md).
    assert [(g.a, g.b) for g in raw["games"]] == [(f.a, f.b) for f in plan]
    assert set(buttonstats.shipped().table) == set(study.playable_names())
    assert raw["agent"] and raw["made"] and raw["seconds"] > 0


def test_a_study_runs_as_a_tournament_and_the_pages_then_show_it(
    client, monkeypatch, shipped, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)
    few = ["Avis", "Hammer", "Bauer", "Agatha"]
    monkeypatch.setattr(study, "playable_names", lambda: few)
    plan = services.TournamentPlan(
        game="buttonmen",
        entrants=["random", "random"],
        games_per_pairing=1,
        grid="buttons",
        seed="grid-test",
    )
    tournament = services.create_tournament(plan)
    fixtures = study.plan(few, 1, "grid-test", study.sets(), grid.BUTTON_SET_MATES)
    # Each button once drawn from all, once from its set (Agatha has no set-mate here).
    assert tournament.total_games == len(fixtures) == 2 * len(few) + 2 * 3
    stored = list(tournament.games.order_by("pk").values_list("options", "seed"))
    assert stored == [({"fighters": [f.a, f.b]}, f.seed) for f in fixtures]
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    with django_capture_on_commit_callbacks(execute=True):
        playing.play_for(tournament.pk, 60)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    done = TournamentGame.objects.filter(tournament=tournament, status="done")
    assert done.count() == len(fixtures)
    assert all(g.stats["first"] in (0, 1) for g in done)
    current = buttonstats.current()
    assert current.tournament_id == tournament.pk and len(current.games) == len(fixtures)
    # Each game's winner is the match's.
    for g in done.select_related("match"):
        winner = g.match.result["ranks"].index(1)
        assert stats.Game(*g.stats["fighters"], g.stats["first"], winner) in current.games
    page = text(client.get("/games/buttonmen/buttons/"))
    assert f"study tournament #{tournament.pk}" in page and "<code>random</code>" in page
    assert client.get("/api/buttonmen/buttons").json()["study"]["tournament"] == tournament.pk
    # One agent in both seats: the tournament's own pages still work.
    assert client.get(f"/tournaments/{tournament.pk}/").status_code == 200
    assert client.get(f"/tournaments/{tournament.pk}.json").status_code == 200


def test_the_weekly_study_is_scheduled_but_not_due_at_once():
    from django_celery_beat.models import PeriodicTask

    schedules.install_defaults()
    task = PeriodicTask.objects.get(name=schedules.BUTTON_STUDY["name"])
    kwargs = json.loads(task.kwargs)
    assert kwargs["spec"]["grid"] == "buttons" and task.last_run_at is None
    checked = services.check_tournament(services.TournamentPlan(**kwargs["spec"]))
    names = study.playable_names()
    # One opponent from the roster and one from its set: between 2 and 4 games a button.
    assert 2 * len(names) < checked.total_games <= 4 * len(names)
    assert checked.total_games == len(checked.fixtures)
