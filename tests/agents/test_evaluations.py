"""Every game has an evaluation for expectimax: in the payoff range, the payoff at the
end, and it favours the side that is ahead."""

import random

import pytest

import games
from agents.search.evaluation import evaluation_for, terminal_only
from games.testing import random_playout, random_step

GAMES = [g.slug for g in games.all()]


@pytest.mark.parametrize("slug", GAMES)
def test_it_has_its_own_evaluation(slug):
    assert evaluation_for(slug) is not terminal_only


@pytest.mark.parametrize("slug", GAMES)
def test_it_stays_in_the_payoff_range_and_is_exact_at_the_end(slug):
    evaluate = evaluation_for(slug)
    rng = random.Random(5)
    state = games.get(slug).new_state(2)
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in (0, 1):
            assert -1.0 <= evaluate(state, seat) <= 1.0
        state = random_step(state, rng)
    end = random_playout(state, rng)
    assert [evaluate(end, s) for s in (0, 1)] == list(end.returns())


def test_footsies_is_valued_by_the_solved_game():
    evaluate = evaluation_for("footsies")
    game = games.get("footsies")
    assert evaluate(game.new_state(2), 0) == pytest.approx(0.0, abs=1e-9)
    # A hit in against an opponent with no blocks left is worth 1/9 (docs/results/footsies.md).
    view = game.new_state(2).observation(None)
    view.update(blocks=[3, 0], streak=[1, 0])
    ahead = game.from_position(view)
    assert evaluate(ahead, 0) == pytest.approx(1 / 9, abs=1e-6)
    assert evaluate(ahead, 1) == pytest.approx(-1 / 9, abs=1e-6)


def test_the_battler_favours_the_healthier_side():
    evaluate = evaluation_for("dungeon")
    game = games.get("dungeon")
    view = game.new_state(2).full_view()
    view["sides"][1]["hp"] = 3
    state = game.from_position(view)
    assert evaluate(state, 0) > 0 > evaluate(state, 1)
