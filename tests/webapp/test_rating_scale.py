"""Ratings on the scale people know: 1500 at the start, "?" while provisional, and a gap
that means what it means in Elo (where the rater's own updates settle)."""

import pytest
from openskill.models import PlackettLuce

from webapp.leaderboards.models import Competitor, points, rating_text
from webapp.leaderboards.queries import leaderboard


def test_everyone_starts_at_1500_with_a_question_mark():
    newcomer = Competitor(game="footsies", key="user:1", kind="person", name="ada")
    assert newcomer.rating == 1500 and newcomer.provisional
    assert newcomer.rating_text == "1500?"
    assert rating_text(newcomer.mu, False) == "1500"


@pytest.mark.parametrize("gap_mu", [1.0, 3.0, 8.0, 13.57, 20.0])
def test_a_rating_gap_means_elos_odds_where_the_rater_settles(gap_mu):
    # Two settled players (σ as the rater leaves it after hundreds of games) whose
    # results follow Elo's odds for their gap in points: the rater's expected move is
    # nil, so it keeps them where they are, and the gap means what it means in Elo.
    model = PlackettLuce()
    sigma = 1.5
    strong, weak = model.rating(mu=25 + gap_mu, sigma=sigma), model.rating(mu=25.0, sigma=sigma)
    gap = points(strong.mu) - points(weak.mu)
    elo = 1 / (1 + 10 ** (-gap / 400))
    [[won], _] = model.rate([[strong], [weak]], ranks=[1, 2])
    [[lost], _] = model.rate([[strong], [weak]], ranks=[2, 1])
    drift = elo * (won.mu - strong.mu) + (1 - elo) * (lost.mu - strong.mu)
    # Within 3 % of one game's step (σ = 1.5 is a little above the β√2 the scale uses).
    assert abs(drift) < 0.03 * (won.mu - lost.mu), (gap, elo)
    if gap_mu == 13.57:
        assert gap == 400


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
