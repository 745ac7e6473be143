"""The JSON API: OpenAPI document, token and session auth, every bad input refused."""

import json

import pytest
from django.contrib.auth import get_user_model

from webapp.accounts.models import ApiToken
from webapp.tournaments import services
from webapp.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_fanout(monkeypatch):
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)


@pytest.fixture
def token():
    alice = get_user_model().objects.create_user("alice", password="a-long-pass-123")
    return ApiToken.issue(alice)[1]


def post(client, body, token=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.post(
        "/api/tournaments", json.dumps(body), content_type="application/json", **headers
    )


GOOD = {
    "game": "footsies",
    "entrants": [{"agent": "random"}, {"agent": "footsies-counter"}],
    "games_per_pairing": 4,
    "seed": "api-1",
}


def test_the_openapi_document_lists_the_endpoints(client):
    doc = client.get("/api/openapi.json").json()
    assert "/api/tournaments" in doc["paths"]
    assert "/api/tournaments/{tournament_id}" in doc["paths"]
    assert "/api/leaderboards/{game}" in doc["paths"]


def test_it_submits_with_a_token_and_reports_status(client, token):
    response = post(client, GOOD, token)
    assert response.status_code == 201
    tournament_id = response.json()["id"]
    status = client.get(f"/api/tournaments/{tournament_id}").json()
    assert status["status"] == "queued" and status["total_games"] == 4 and status["games_done"] == 0
    assert status["entrants"] == ["random", "footsies-counter"]


def test_it_submits_with_a_session(client, token):
    client.login(username="alice", password="a-long-pass-123")
    assert post(client, GOOD).status_code == 201


def test_it_refuses_anonymous_and_bad_tokens(client):
    assert post(client, GOOD).status_code == 401
    assert post(client, GOOD, "da_nope").status_code == 401
    assert Tournament.objects.count() == 0


@pytest.mark.parametrize(
    "changes",
    [
        {"entrants": [{"agent": "random"}, {"agent": "no-such-bot"}]},
        {"entrants": [{"agent": "random"}, {"agent": "random", "params": {"depth": 3}}]},
        {"entrants": [{"agent": "random"}, {"agent": "dicewars-naive"}]},
        {"entrants": [{"agent": "random"}, {"agent": "mcts", "params": {"iterations": 10**9}}]},
        {"entrants": [{"agent": "random"}, {"agent": "expectimax", "params": {"depth": 50}}]},
        {"format": "freeforall", "players": 5},
        {"games_per_pairing": 10**6},
        {"options": {"no_such_rule": 1}},
    ],
)
def test_it_refuses_bad_submissions_with_a_reason_and_queues_nothing(client, token, changes):
    response = post(client, {**GOOD, **changes}, token)
    assert response.status_code == 400
    assert response.json()["error"]
    assert Tournament.objects.count() == 0


def test_it_refuses_malformed_and_oversized_bodies(client, token):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    bad = client.post("/api/tournaments", "{nope", content_type="application/json", **headers)
    assert bad.status_code in (400, 422)
    big = {**GOOD, "name": "x" * 70_000}
    assert post(client, big, token).status_code == 413
    assert Tournament.objects.count() == 0


def test_unknown_ids_are_404(client):
    assert client.get("/api/tournaments/99999").status_code == 404


def _games_named(doc: dict) -> list[tuple[str, dict]]:
    """(where, schema) of every game the document names: request bodies' ``game``
    fields, path and query parameters called ``game``."""
    schemas = doc["components"]["schemas"]

    def resolved(schema: dict) -> dict:
        for option in schema.get("anyOf", [schema]):  # "GameSlug | None": its non-null half
            if "$ref" in option:
                return schemas[option["$ref"].rsplit("/", 1)[1]]
            if option.get("type") != "null":
                return option
        return schema

    found = []
    for name, schema in schemas.items():
        if "game" in schema.get("properties", {}):
            found.append((f"{name}.game", resolved(schema["properties"]["game"])))
    for path, operations in doc["paths"].items():
        for verb, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "game":
                    found.append((f"{verb.upper()} {path}", resolved(parameter["schema"])))
    return found


def test_the_document_names_a_game_only_by_the_installed_games_slugs(client):
    """The audit: any string was a game to the document, though only the slugs work."""
    import games

    named = _games_named(client.get("/api/openapi.json").json())
    where = {place for place, _ in named}
    assert {
        "TournamentIn.game",
        "SeekIn.game",
        "QuickIn.game",
        "GET /api/leaderboards/{game}",
        "GET /api/agents",
        "GET /api/bots",
        "GET /api/seeks",
    } <= where
    slugs = [game.slug for game in games.all()]
    for place, schema in named:
        assert schema.get("enum") == slugs, place


def test_a_game_that_is_not_installed_is_refused_by_the_document_and_stores_nothing(client, token):
    from webapp.seeks.models import Seek

    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    refused = [
        post(client, {**GOOD, "game": "go"}, token),
        client.post("/api/seeks", json.dumps({"game": "chess"}), "application/json", **headers),
        client.post(
            "/api/seeks/quick", json.dumps({"game": "Footsies"}), "application/json", **headers
        ),
        client.get("/api/leaderboards/chess"),
        client.get("/api/agents?game=chess"),
        client.get("/api/bots?game=chess"),
        client.get("/api/seeks?game=chess"),
    ]
    for response in refused:
        assert response.status_code == 422, response.content
        assert "game" in response.json()["error"]
    assert Tournament.objects.count() == 0 and Seek.objects.count() == 0


def test_the_leaderboard_answers_for_every_game(client):
    response = client.get("/api/leaderboards/footsies")
    assert response.status_code == 200 and response.json()["ratings"] == []
