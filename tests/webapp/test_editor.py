"""The position editor: a position built by hand, checked by the game's own
``from_position``, shared by a link that holds it, and analysed by an agent."""

from __future__ import annotations

import json

import pytest
from django.test import Client

import games
from webapp.replays import editor, positions
from webapp.replays.tasks import analyse_given_position

from .helpers import finished_match, row_counts

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("slug", [g.slug for g in games.all()])
def test_every_games_start_round_trips_through_its_link(slug):
    view = editor.starting_view(slug)
    assert editor.decode(editor.code(view)) == view
    state = editor.set_up(slug, view)
    assert state.observation(None) == view


def test_bad_links_and_bad_positions_are_refused_in_words():
    for bad in ("", "abc", "!!!!", editor.code("x")[:5]):
        with pytest.raises(editor.BadPosition):
            editor.set_up("footsies", editor.decode(bad))
    with pytest.raises(editor.BadPosition, match="JSON object"):
        editor.set_up("footsies", [1, 2])
    view = editor.starting_view("footsies")
    with pytest.raises(editor.BadPosition, match="Footsies"):
        editor.set_up("footsies", {**view, "blocks": "many"})
    with pytest.raises(editor.BadPosition, match="not valid JSON"):
        editor.parse("{oops")


def test_edit_show_share_and_analyse():
    client = Client()
    page = client.get("/analyse/footsies/")
    assert page.status_code == 200
    assert b'id="position"' in page.content and b"?p=" in page.content
    view = editor.starting_view("footsies")
    edited = {**view, "blocks": [1, 3]}
    before = row_counts()
    resp = client.post("/analyse/footsies/", {"position": json.dumps(edited)})
    assert resp.status_code == 303
    link = resp["Location"]
    assert link.startswith("/analyse/footsies/?p=")
    shown = client.get(link)
    assert shown.status_code == 200
    data = shown.content.decode().split('id="position-view" type="application/json">')[1]
    assert json.loads(data.split("</script>")[0])["blocks"] == [1, 3]
    # Nothing is stored: the link holds the position.
    assert row_counts() == before
    # Bad input: the text is kept, the game says what is wrong.
    bad = client.post("/analyse/footsies/", {"position": '{"blocks": "many"}'})
    assert bad.status_code == 400 and b"editor-error" in bad.content
    assert b"many" in bad.content
    assert client.get("/analyse/footsies/?p=garbage").status_code == 400
    assert client.get("/analyse/no-such-game/").status_code == 404
    # An agent's opinion of the edited position.
    code = link.split("?p=")[1]
    token = "editor-test"
    assert analyse_given_position("footsies", code, "footsies-nash", 0.5, token) == "done"
    answer = positions.result(token)
    assert set(answer["readable"]) == {"0", "1"}
    resp = client.post("/analyse/footsies/run/", {"p": "garbage", "agent": "footsies-nash"})
    assert resp.status_code == 400 and resp.json()["error"] == "bad-position"
    resp = client.post("/analyse/footsies/run/", {"p": code, "agent": "dicewars-ste4"})
    assert resp.status_code == 400 and resp.json()["error"] == "bad-agent"


def test_a_match_position_opens_in_the_editor():
    match = finished_match()
    client = Client()
    page = client.get(f"/matches/{match.pk}/position/1/").content.decode()
    assert f"/analyse/footsies/?match={match.pk}&amp;ply=1" in page
    resp = client.get(f"/analyse/footsies/?match={match.pk}&ply=1")
    assert resp.status_code == 200
    assert client.get(f"/analyse/footsies/?match={match.pk}&ply=999").status_code == 404
    assert client.get(f"/analyse/dicewars/?match={match.pk}&ply=1").status_code == 404
