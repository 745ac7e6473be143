"""Outside bots take people's seeks, on the real stack: the ASGI server process, the bot's
socket open with its token, the bot listing and accepting seeks over the API with the same
token. A person's "no bots" keeps them off, and a bot is labelled as one on the match page."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from django.contrib.auth.models import User

from webapp.accounts.models import ApiToken
from webapp.bots.models import BotSeat
from webapp.matches.models import Match
from webapp.seeks.models import Seek

from .bot_helpers import Socket, make_bot, wait_online
from .helpers import row_counts

pytestmark = [pytest.mark.django_db(transaction=True)]


def call(web_server: str, method: str, path: str, token: str, body: dict | None = None):
    """(status, JSON) of one API call with a bearer token."""
    request = urllib.request.Request(
        f"{web_server}/api{path}",
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def person(name: str) -> str:
    """A signed-up person's API token."""
    row = User.objects.create_user(name, password="pw")
    return ApiToken.issue(row)[1]


def test_a_bot_takes_a_seek_with_its_own_token_unless_the_poster_said_no_bots(web_server):
    bot, bot_token = make_bot("seeker", ["footsies"])
    alice = person("alice")
    status, open_to_bots = call(web_server, "POST", "/seeks", alice, {"game": "footsies"})
    assert status == 201 and open_to_bots["no_bots"] is False
    status, people_only = call(
        web_server, "POST", "/seeks", alice, {"game": "footsies", "clock": "5+3", "no_bots": True}
    )
    assert status == 201 and people_only["no_bots"] is True
    status, wrong_game = call(web_server, "POST", "/seeks", alice, {"game": "octagon"})
    assert status == 201

    # Its socket is closed: it could not play, so it may not take a seek.
    before = row_counts()
    status, body = call(web_server, "POST", f"/seeks/{open_to_bots['id']}/accept", bot_token)
    assert (status, body["code"]) == (409, "bot_offline")
    with Socket(web_server, bot_token) as ws:
        ws.next("welcome")
        wait_online(bot)
        # What a bot may take: "no bots" seeks are left out of its list.
        status, listed = call(web_server, "GET", "/seeks?bots=true", bot_token)
        assert status == 200
        assert {s["id"] for s in listed} == {open_to_bots["id"], wrong_game["id"]}
        status, body = call(web_server, "POST", f"/seeks/{people_only['id']}/accept", bot_token)
        assert (status, body["code"]) == (403, "no_bots")
        status, body = call(web_server, "POST", f"/seeks/{wrong_game['id']}/accept", bot_token)
        assert (status, body["code"]) == (403, "bot_cannot_play")
        assert row_counts() == before  # every refusal changed nothing

        status, body = call(web_server, "POST", f"/seeks/{open_to_bots['id']}/accept", bot_token)
        assert status == 200, body
        started = ws.next("match_started", match=body["match"])
        assert started["game"] == "footsies" and "seeker" in started["players"]
        # The same seek twice: taken.
        status, again = call(web_server, "POST", f"/seeks/{open_to_bots['id']}/accept", bot_token)
        assert (status, again["code"]) == (409, "taken")

    match = Match.objects.get(pk=body["match"])
    assert BotSeat.objects.filter(match=match, bot=bot).count() == 1
    assert Seek.objects.get(pk=open_to_bots["id"]).accepted_by == bot.identity_key
    # The person sees whom they play: the bot's seat carries a "bot" label.
    with urllib.request.urlopen(f"{web_server}/matches/{match.pk}/", timeout=60) as page:
        html = page.read().decode()
    assert 'title="an outside program">bot</span>' in html
    # Nobody else's seat is marked as a bot.
    assert html.count('title="an outside program">bot</span>') == 1


def test_a_person_ticks_no_bots_on_the_seeks_page(client):
    User.objects.create_user("bea", password="pw")
    client.login(username="bea", password="pw")
    client.post("/seeks/", {"game": "footsies", "clock": "", "no_bots": "on"})
    client.post("/seeks/", {"game": "octagon", "clock": ""})
    rows = dict(Seek.objects.values_list("game", "no_bots"))
    assert rows == {"footsies": True, "octagon": False}
    page = client.get("/seeks/").content.decode()
    assert 'id="seek-no-bots"' in page
    assert page.count('title="people only">no bots</span>') == 1
