"""Live and correspondence ratings are kept apart: a game's correspondence matches are
rated on its own board (``<game>:correspondence``), shown beside the live one on the
leaderboard and on a player's page."""

import pytest

from webapp.accounts.identity import Identity
from webapp.leaderboards.models import Competitor
from webapp.matches import endings, services
from webapp.matches.positions import load_state

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def played(a: Identity, b: Identity, clock: str, capture) -> None:
    """A match of ``a`` against ``b`` on ``clock``: a move each way, then ``b`` resigns."""
    plan = services.MatchPlan(
        game="octagon", seats=[services.SeatPlan(identity=a), services.SeatPlan(identity=b)],
        clock=clock,
    )  # fmt: skip
    match = services.create_match(plan, schedule=False)
    for who in (a, b):
        match.refresh_from_db()
        state = load_state(match)
        seat = state.acting_seats()[0]
        move = state.move_to_str(state.legal_moves(seat)[0])
        services.submit_move(match.pk, seat, match.ply, move, identity=who)
    with capture(execute=True):  # the ratings follow the commit
        endings.resign(match.pk, b)


def test_correspondence_is_rated_apart_from_live_play(
    django_user_model, django_capture_on_commit_callbacks, client
):
    people = []
    for name in ("ann", "ben"):
        user = django_user_model.objects.create_user(name, password="a-long-pass-123")
        people.append(Identity(f"user:{user.pk}", name, user.pk))
    ann, ben = people
    played(ann, ben, "3d", django_capture_on_commit_callbacks)
    played(ann, ben, "3d", django_capture_on_commit_callbacks)
    played(ann, ben, "5+3", django_capture_on_commit_callbacks)

    boards = {(c.game, c.name): c.games for c in Competitor.objects.all()}
    assert boards == {
        ("octagon:correspondence", "ann"): 2,
        ("octagon:correspondence", "ben"): 2,
        ("octagon", "ann"): 1,
        ("octagon", "ben"): 1,
    }
    by_post = client.get("/leaderboards/octagon/?pool=correspondence").content.decode()
    assert "(correspondence)" in by_post and "ann" in by_post
    live = Competitor.objects.get(game="octagon", name="ann")
    post = Competitor.objects.get(game="octagon:correspondence", name="ann")
    assert live.rating != post.rating  # two games' worth of rating against one
    assert client.get(f"/leaderboards/octagon/{post.pk}/").status_code == 200
    assert client.get("/leaderboards/octagon/").status_code == 200
    profile = client.get("/players/ann/").content.decode()
    assert "correspondence" in profile
