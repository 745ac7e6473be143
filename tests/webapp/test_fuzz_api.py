"""schemathesis against /api/openapi.json, in process (the Django WSGI app on the test
database): hundreds of generated requests per mode, valid and not, with a real token and without.
No answer is a server error, every answer matches the document (status, content type,
body schema), and a refused request changes no row anywhere."""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.generation.modes import GenerationMode

# A request can fit the document and still be refused on its meaning (an agent that does
# not play the game, more games than allowed): 400 with a reason is the right answer.
from schemathesis.specs.openapi.checks import positive_data_acceptance

from webapp.accounts.models import ApiToken
from webapp.tournaments import services

from .helpers import row_counts

# Requests per generation mode, spread over the operations: at 400 each of the nine
# operations gets 21 requests or more and the same four are accepted as at 750 (counted
# on this seed, positive mode). More for a longer hunt.
EXAMPLES = int(os.environ.get("DICEARENA_FUZZ_API_EXAMPLES", "400"))


@pytest.fixture
def wsgi_app(db):
    """The Django WSGI app as a server runs it, but inside the test's transaction: a
    request's end must not close the test's database connection (Django's own test
    client does the same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield get_wsgi_application()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, monkeypatch) -> str:
    # A submitted tournament is stored, not played: its fan-out to the workers is
    # what test_tournament_workers covers.
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)
    alice = get_user_model().objects.create_user("fuzz-alice", password="a-long-pass-123")
    return ApiToken.issue(alice)[1]


# Valid requests by the document, and requests that break it (wrong types, missing
# fields, bad path parameters, bodies of the wrong shape).
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_api_answers_every_request_by_its_document_and_refusals_change_nothing(
    wsgi_app, token, mode
):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", wsgi_app)
    # identity: the answers are checked as JSON, and the in-process client does not
    # undo the gzip that big answers get.
    auth = {"Authorization": f"Bearer {token}", "Accept-Encoding": "identity"}
    sent = {"requests": 0, "refused": 0, "accepted": 0}

    @given(case=schema.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def one_request(case):
        before = row_counts()
        response = case.call(headers=auth)
        sent["requests"] += 1
        assert response.status_code < 500, (case.as_curl_command(), response.text[:500])
        case.validate_response(response, headers=auth, excluded_checks=[positive_data_acceptance])
        if response.status_code >= 400:
            sent["refused"] += 1
            assert response.json()["error"], response.text[:500]
            assert row_counts() == before, case.as_curl_command()
        else:
            sent["accepted"] += 1

    one_request()
    print(f"\napi fuzz, {mode.value}: {sent}")
    assert sent["requests"] >= EXAMPLES and sent["refused"] >= EXAMPLES // 2
