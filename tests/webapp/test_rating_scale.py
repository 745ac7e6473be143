"""Ratings on the scale people know: 1500 at the start, "?" while provisional, and a gap
that means what it means in Elo."""

import pytest
from openskill.models import PlackettLuce

from webapp.leaderboards.models import Competitor, points, rating_text
from webapp.leaderboards.queries import leaderboard


def test_everyone_starts_at_1500_with_a_question_mark():
    newcomer = Competitor(game="footsies", key="user:1", kind="person", name="ada")
    assert newcomer.rating == 1500 and newcomer.provisional
    assert newcomer.rating_text == "1500?"
    assert rating_text(newcomer.mu, False) == "1500"


@pytest.mark.parametrize("gap_mu", [1.0, 3.0, 7.868, 12.0])
def test_a_rating_gap_gives_elos_odds_for_settled_players(gap_mu):
    # The rating model's own prediction between two players with small σ, against what
    # Elo says of the same gap in points: 400 points is 10 to 1.
    model = PlackettLuce()
    strong, weak = model.rating(mu=25 + gap_mu, sigma=0.01), model.rating(mu=25.0, sigma=0.01)
    p = model.predict_win([[strong], [weak]])[0]
    gap = points(strong.mu) - points(weak.mu)
    assert p == pytest.approx(1 / (1 + 10 ** (-gap / 400)), abs=0.02)
    if gap_mu == 7.868:
        assert gap == 400 and p == pytest.approx(10 / 11, abs=0.001)


@pytest.mark.django_db
def test_the_board_lists_settled_ratings_before_provisional_ones():
    Competitor.objects.create(
        game="footsies", key="agent:a", kind="agent", name="lucky", mu=40, sigma=6, games=3
    )
    Competitor.objects.create(
        game="footsies", key="agent:b", kind="agent", name="steady", mu=28, sigma=2, games=200
    )
    Competitor.objects.create(
        game="footsies", key="agent:c", kind="agent", name="weak", mu=20, sigma=2, games=200
    )
    rows = leaderboard("footsies")
    assert [r["name"] for r in rows] == ["steady", "weak", "lucky"]
    assert rows[0]["rating_text"] == str(points(28)) and rows[2]["rating_text"].endswith("?")
    assert all(r["rating"] > 0 for r in rows)
