"""A rating is written one way wherever it shows ("1623", "1623?" while provisional), and
a finished game that moved no rating says why, in words for whoever looks."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from webapp.accounts.identity import Identity
from webapp.leaderboards.models import Competitor, points
from webapp.leaderboards.rating import rate_finished_matches
from webapp.matches import services
from webapp.matches.models import Match
from webapp.seeks import services as seeks

from .helpers import lobby_rules

pytestmark = pytest.mark.django_db

#: How every page writes a provisional rating (the ``rating`` filter's markup).
PROVISIONAL = r'{}<abbr class="prov" title="provisional[^"]*">\?</abbr>'


@pytest.fixture(autouse=True)
def ai_moves_here(settings, monkeypatch):
    # The AI's choices below are the test's own: no worker, no instant reply.
    settings.DICEARENA_INSTANT_MOVES = 0
    monkeypatch.setattr(services, "schedule_ai", lambda match_id: None)


def person(name: str) -> tuple[Identity, object]:
    user = get_user_model().objects.create_user(name, password="x-long-pass-123")
    return Identity(key=f"user:{user.pk}", name=name, user_id=user.pk), user


def won_against(who: Identity, spec: str = "random", options=None) -> Match:
    """``who`` blocks every Dragon Punch of ``spec`` until the match is over."""
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(identity=who), services.SeatPlan(agent_spec=spec)],
        options=lobby_rules("footsies") if options is None else options,
        created_by=who.key,
    )
    match = services.create_match(plan, schedule=False)
    while not match.is_over:
        services.submit_move(match.pk, 1, match.ply, "DP", as_agent=True)
        services.submit_move(match.pk, 0, match.ply, "B", identity=who)
        match.refresh_from_db()
    rate_finished_matches()
    return match


def test_the_game_over_card_writes_a_newcomers_ratings_with_a_question_mark(client):
    call_command("seed_ratings")
    carol, user = person("carol")
    match = won_against(carol)
    client.force_login(user)
    data = client.get(f"/matches/{match.pk}/summary.json").json()
    rows = {r["name"]: r for r in data["ratings"]}
    mine, level = rows["carol"], rows["random"]
    assert mine["before_text"] == f"{mine['before']}?" and mine["after_text"] == f"{mine['after']}?"
    # A level stands on its ladder's games: no "?".
    assert level["before_text"] == str(level["before"])
    assert data["rating_note"] == ""


def test_seeks_profiles_leaderboards_and_levels_write_the_question_mark(client):
    carol, user = person("carol")
    Competitor.objects.create(
        game="octagon", key=carol.key, kind="person", name="carol", user=user, mu=27.0, games=3
    )
    seeks.create_seek(seeks.SeekPlan(game="octagon", clock="5+3", rated=True), carol)
    shown = rf"{points(27.0)}"
    page = client.get("/seeks/").content.decode()
    assert re.search(PROVISIONAL.format(shown), page), "seeks"
    assert seeks.as_json(seeks.open_seeks()[0])["rating_text"] == f"{shown}?"
    page = client.get("/players/carol/").content.decode()
    assert re.search(PROVISIONAL.format(shown), page), "profile"
    page = client.get("/leaderboards/octagon/").content.decode()
    assert re.search(PROVISIONAL.format(shown), page), "leaderboard"
    # A level played a few times on the site, with no ladder behind it, is provisional
    # in the lobby too.
    Competitor.objects.create(
        game="dungeon", key="agent:random", kind="agent", name="random", mu=24.0, games=2
    )
    page = client.get("/play/dungeon/").content.decode()
    assert re.search(PROVISIONAL.format(points(24.0)), page), "lobby"


def test_a_game_that_moved_no_rating_says_why_to_whoever_looks(client):
    dora, user = person("dora")
    guest = Identity(key="guest:gus", name="gus")

    # A guest's game: the guest is told to sign up, a signed-in player why not.
    match = won_against(guest)
    session = client.session
    session["guest_key"] = "gus"
    session.save()
    note = client.get(f"/matches/{match.pk}/summary.json").json()["rating_note"]
    assert "you played as a guest" in note and "Sign up" in note
    client.force_login(user)
    note = client.get(f"/matches/{match.pk}/summary.json").json()["rating_note"]
    assert "guest" in note and "Sign up" not in note

    # A signed-in player on other rules than the lobby's: not told to sign up.
    match = won_against(dora, options={"rounds": 1})
    note = client.get(f"/matches/{match.pk}/summary.json").json()["rating_note"]
    assert "lobby's rules" in note and "Sign up" not in note

    # AIs playing each other for a visitor: a demonstration.
    plan = services.MatchPlan(
        game="footsies",
        seats=[
            services.SeatPlan(agent_spec="random"),
            services.SeatPlan(agent_spec="footsies-mcts"),
        ],
        options=lobby_rules("footsies"),
        created_by=dora.key,
    )
    from webapp.matches import autoplay

    match = autoplay.play_out(services.create_match(plan, schedule=False).pk)
    rate_finished_matches()
    note = client.get(f"/matches/{match.pk}/summary.json").json()["rating_note"]
    assert "demonstration" in note and "Sign up" not in note

    # Rated: no note.
    match = won_against(dora)
    data = client.get(f"/matches/{match.pk}/summary.json").json()
    assert data["ratings"] and data["rating_note"] == ""
