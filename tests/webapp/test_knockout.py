"""A knockout on the site: submitted through the form, its bracket rounds made as the one
before ends (the worker path Swiss rounds take), its bracket as the standings; the same
games as the arena's from the same seed. And every format of the registry is in the
model's choices, the API's enum and the forms."""

import json
import re

import pytest
from django.contrib.auth.models import User

from agents.arena import run_arena
from agents.tournament import FORMATS
from webapp import api
from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.tournaments import people, services, standings
from webapp.tournaments.models import Tournament, TournamentGame

from .tournament_helpers import in_process, play_to_the_end  # noqa: F401 - in_process: autouse

pytestmark = pytest.mark.django_db

FIELD = ["random", "footsies-counter", "footsies-nash", "footsies-bayesian", "random"]


def test_a_knockout_from_the_form_plays_its_bracket_to_the_end(
    client, django_user_model, django_capture_on_commit_callbacks
):
    user = django_user_model.objects.create_user("kim", password="pw-12345-long")
    client.force_login(user)
    page = client.get("/tournaments/new/").content.decode()
    assert '<option value="knockout"' in page
    response = client.post(
        "/tournaments/new/",
        {
            "game": "footsies",
            "format": "knockout",
            "games_per_pairing": "3",
            "seed": "ko",
            "entrants_json": json.dumps([{"agent": a, "params": {}} for a in FIELD]),
        },
    )
    assert response.status_code == 302, response.content[:500]
    t = Tournament.objects.get()
    # Five entrants: eight slots, byes to seeds 1–3; four pairings of three games.
    assert (t.format, t.rounds, t.total_games) == ("knockout", 3, 4 * 3)
    assert t.games.count() == 3 and set(t.games.values_list("round", flat=True)) == {1}
    rounds = play_to_the_end(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED, t.error
    assert rounds[-1] == 3 and t.games_done == t.total_games
    assert {r: t.games.filter(round=r).count() for r in (1, 2, 3)} == {1: 3, 2: 6, 3: 3}
    assert not t.games.exclude(status=TournamentGame.Status.DONE).exists()
    results = standings.compute(t)
    rows = results["standings"]
    assert rows[0]["reached"] == "winner" and rows[1]["reached"] == "final"
    assert [len(r["pairings"]) for r in results["bracket"]] == [4, 2, 1]
    final = results["bracket"][-1]["pairings"][0]
    assert final["winner"] == rows[0]["entry"]
    # The arena pairs the same bracket from the same seed and agrees.
    arena = run_arena("footsies", FIELD, "knockout", 3, seed="ko")
    assert [r["entry"] for r in rows] == [r["entry"] for r in arena["standings"]]
    # The page shows the bracket round by round, and the round reached.
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="bracket"' in page and "Round 3 · final" in page and "a bye" in page
    assert re.findall(r'<td class="knockout-reached">([^<]*)</td>', page)[0] == "winner"
    assert "Knockout" in page  # its name, from the registry
    # The API takes it too.
    made = client.post(
        "/api/tournaments",
        {"game": "footsies", "format": "knockout", "entrants": [{"agent": "random"}] * 3},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    status = client.get(f"/api/tournaments/{t.pk}").json()
    assert status["format"] == "knockout" and status["standings"][0]["reached"] == "winner"


def test_a_knockout_refuses_rounds_and_one_entrant():
    with pytest.raises(services.Invalid, match="rounds are for swiss"):
        services.create_tournament(
            services.TournamentPlan(
                game="footsies", entrants=["random"] * 4, format="knockout", rounds=2
            )
        )
    with pytest.raises(services.Invalid, match="two"):
        services.create_tournament(
            services.TournamentPlan(game="footsies", entrants=["random"], format="knockout")
        )
    assert Tournament.objects.count() == 0


def test_people_are_told_a_knockout_is_for_agents_and_bots():
    row = User.objects.create_user("ann", password="pw")
    ann = Identity(key=f"user:{row.pk}", name="ann", user_id=row.pk)
    with pytest.raises(Rejected) as refused:
        people.create(people.PeoplePlan(game="octagon", format="knockout"), ann)
    assert refused.value.code == "bad_format"
    assert "agents and bots" in str(refused.value)
    assert Tournament.objects.count() == 0


def test_every_format_of_the_registry_is_in_the_choices_the_api_and_the_forms(client):
    assert list(Tournament.Format.values) == list(FORMATS)
    assert dict(Tournament.Format.choices) == {s: c.label for s, c in FORMATS.items()}
    assert {f.value for f in api.FormatSlug} == set(FORMATS)
    schema = json.dumps(client.get("/api/openapi.json").json())
    assert all(f'"{slug}"' in schema for slug in FORMATS)
    bots_form = client.get("/tournaments/new/").content.decode()
    people_form = client.get("/tournaments/people/new/").content.decode()
    for slug, cls in FORMATS.items():
        option = f'<option value="{slug}"'
        assert (option in bots_form) == (not cls.timed), slug  # an arena's clock: people
        assert (option in people_form) == cls.for_people, slug
    refused = client.post(
        "/api/tournaments",
        {"game": "footsies", "format": "elimination", "entrants": [{"agent": "random"}] * 2},
        content_type="application/json",
    )
    assert refused.status_code in (401, 422)
