"""The API's answers to scripts without a valid token: 401 with a JSON reason, never a
CSRF page; browser sessions stay CSRF-protected. The client enforces CSRF like a browser."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from webapp.accounts.models import ApiToken
from webapp.tournaments import services
from webapp.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

GOOD = {"game": "footsies", "entrants": [{"agent": "random"}, {"agent": "footsies-counter"}]}


@pytest.fixture(autouse=True)
def no_fanout(monkeypatch):
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)


@pytest.fixture
def browser():
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password="a-long-pass-123")


def submit(client, headers=None, **extra):
    return client.post(
        "/api/tournaments",
        json.dumps(GOOD),
        content_type="application/json",
        headers=headers or {},
        **extra,
    )


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer da_not-a-token"},
        {"Authorization": "Bearer "},
        {"Authorization": "Basic YWxpY2U6cGFzcw=="},
        {"Authorization": "Bearer " + "x" * 500},
    ],
)
def test_a_missing_or_wrong_token_is_401_with_a_json_reason(browser, headers):
    response = submit(browser, headers)
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/json")
    assert "API token" in response.json()["error"]
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert Tournament.objects.count() == 0


def test_a_wrong_token_beside_a_stray_cookie_is_still_401(browser):
    browser.cookies["sessionid"] = "not-a-session"
    browser.cookies["csrftoken"] = "x" * 32
    response = submit(browser, {"Authorization": "Bearer da_nope"})
    assert response.status_code == 401 and response.json()["error"]


def test_a_valid_token_needs_no_csrf_token(browser, alice):
    token = ApiToken.issue(alice)[1]
    response = submit(browser, {"Authorization": f"Bearer {token}"})
    assert response.status_code == 201, response.content
    assert Tournament.objects.get().created_by == f"user:{alice.pk}"


def test_a_signed_in_browser_session_still_needs_its_csrf_token(browser, alice):
    browser.force_login(alice)
    refused = submit(browser)
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["error"]
    assert Tournament.objects.count() == 0
    browser.get("/accounts/tokens/")  # a page with a form sets the CSRF cookie
    csrf = browser.cookies["csrftoken"].value
    accepted = submit(browser, {"X-CSRFToken": csrf})
    assert accepted.status_code == 201, accepted.content


def test_invalid_bodies_name_what_is_wrong_in_the_same_shape(browser, alice):
    token = ApiToken.issue(alice)[1]
    response = browser.post(
        "/api/tournaments",
        json.dumps({"game": 3}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 422
    body = response.json()
    assert "entrants" in body["error"] and body["detail"]
