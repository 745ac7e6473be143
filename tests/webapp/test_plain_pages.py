"""Pages a person reads, in words a person reads: the 404 page never shows
the URL resolver's dump or server paths (DEBUG included), a missing match says so
plainly, and a challenge made a moment ago was made "just now"."""

import pytest
from django.conf import settings as django_settings
from django.test import Client

from webapp.matches import services

from .helpers import ALICE

pytestmark = pytest.mark.django_db

#: What Django's resolver dump and debug page carry: patterns tried, the settings, paths.
LEAKS = ("tried", "URLconf", "urlpatterns", "ROOT_URLCONF", "Resolver404", "DEBUG = True")


def assert_plain_404(response):
    assert response.status_code == 404
    page = response.content.decode()
    assert "<h1>Not found</h1>" in page
    for leak in (*LEAKS, str(django_settings.BASE_DIR)):
        assert leak not in page, f"the 404 page shows {leak!r}"
    return page


@pytest.mark.parametrize("debug", [False, True], ids=["DEBUG off", "DEBUG on"])
def test_an_unknown_address_gets_a_plain_page(client, settings, debug):
    settings.DEBUG = debug
    page = assert_plain_404(client.get("/nonexistent/"))
    assert "There is nothing at this address." in page


@pytest.mark.parametrize("debug", [False, True], ids=["DEBUG off", "DEBUG on"])
def test_a_missing_match_is_named_in_words(client, settings, debug):
    settings.DEBUG = debug
    page = assert_plain_404(client.get("/matches/987654/"))
    assert "There is no such match." in page
    assert "matches the given query" not in page and ".." not in page


def test_a_missing_tournament_is_named_in_words(client):
    page = assert_plain_404(client.get("/tournaments/987654/"))
    assert "There is no such tournament." in page


def test_the_api_still_answers_json_for_what_it_does_not_know(client):
    response = client.get("/api/tournaments/987654")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")


def test_a_challenge_made_a_moment_ago_was_made_just_now(client):
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(open=True)],
    )
    services.create_match(plan, schedule=False)
    page = Client().get("/matches/open/").content.decode()
    assert "just now" in page
    assert "0 minutes ago" not in page
