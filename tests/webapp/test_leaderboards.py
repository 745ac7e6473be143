"""Ratings: updated after every finished rated match; rebuild gives the same numbers."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from webapp.accounts.identity import Identity
from webapp.leaderboards.models import Competitor, RatedMatch, RatingChange
from webapp.leaderboards.rating import rate_finished_matches
from webapp.matches import services

from .helpers import ALICE, footsies_vs_ai, lobby_rules, rated_agents_match

pytestmark = pytest.mark.django_db


def agent_match(game, specs):
    """AIs against each other as a tournament plays them: rated."""
    return rated_agents_match(game, specs)


def snapshot():
    return sorted(
        (c.key, c.game, round(c.mu, 9), round(c.sigma, 9), c.games)
        for c in Competitor.objects.all()
    )


def test_finished_matches_move_ratings_and_a_rebuild_gives_the_same_numbers():
    call_command("seed_ratings")  # as `make run` starts: the levels from their ladders
    for i in range(6):
        agent_match(
            "footsies", ["random", "footsies-counter"] if i % 2 else ["footsies-counter", "random"]
        )
    agent_match("dicewars", ["random", "dicewars-naive", "dicewars-sdc", "random:"])
    rate_finished_matches()
    before = snapshot()
    assert {g for _, g, _, _, games in before if games} == {"footsies", "dicewars"}
    assert Competitor.objects.get(game="footsies", key="agent:random").games == 6
    # Dice Wars rates all four seats of a match at once.
    assert RatingChange.objects.filter(match__game="dicewars").count() == 4
    call_command("rebuild_ratings")
    assert snapshot() == before


@pytest.fixture(autouse=True)
def no_instant_replies(settings):
    # The agent's choices below are the test's: no instant reply in the person's request.
    settings.DICEARENA_INSTANT_MOVES = 0


def finish_against_ai(identity, options=None):
    """Block against Dragon Punch: the person wins each round in one exchange (on the
    lobby's rules unless ``options`` say otherwise)."""
    match = footsies_vs_ai(
        identity, opponent="random", options=lobby_rules("footsies") if options is None else options
    )
    while not match.is_over:
        services.submit_move(match.pk, 1, match.ply, "DP", as_agent=True)
        services.submit_move(match.pk, 0, match.ply, "B", identity=identity)
        match.refresh_from_db()
    assert match.result["ranks"] == [1, 2]
    return match


def test_guests_games_are_not_rated_but_registered_peoples_are():
    carol = get_user_model().objects.create_user("carol", password="x-long-pass-123")
    person = Identity(key=f"user:{carol.pk}", name="carol", user_id=carol.pk)
    guest_match = finish_against_ai(ALICE)
    person_match = finish_against_ai(person)
    rate_finished_matches()
    assert RatedMatch.objects.get(match=guest_match).rated is False
    assert RatedMatch.objects.get(match=person_match).rated is True
    assert Competitor.objects.filter(key=f"user:{carol.pk}", kind="person").exists()


def test_a_self_play_match_is_not_rated():
    match = agent_match("footsies", ["random", "random"])
    rate_finished_matches()
    assert RatedMatch.objects.get(match=match).rated is False


def test_leaderboard_and_competitor_pages(client):
    for _ in range(3):
        agent_match("footsies", ["random", "footsies-counter"])
    rate_finished_matches()
    page = client.get("/leaderboards/footsies/").content.decode()
    assert "footsies-counter" in page and "provisional" in page
    who = Competitor.objects.get(key="agent:random")
    page = client.get(f"/leaderboards/footsies/{who.pk}/").content.decode()
    assert 'id="rating-line"' in page and "footsies-counter" in page
    assert client.get("/leaderboards/chess/").status_code == 404
    assert client.get(f"/leaderboards/dicewars/{who.pk}/").status_code == 404
