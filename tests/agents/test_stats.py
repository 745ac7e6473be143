"""Tallies, results per seat and the Wilson interval of the win rate."""

from __future__ import annotations

import math

import pytest

from agents.stats import DRAW, LOSS, WIN, Tally, result_for, wilson_interval, win_rate
from games.core import Outcome


def _wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    # The textbook formula, to check SciPy is asked for the interval we document.
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_it_computes_the_wilson_interval():
    low, high = wilson_interval(30, 70)
    want = _wilson(30, 100)
    assert low == pytest.approx(want[0], abs=1e-9)
    assert high == pytest.approx(want[1], abs=1e-9)


def test_it_keeps_the_interval_inside_zero_and_one_for_a_clean_sweep():
    low, high = wilson_interval(20, 0)
    assert 0.0 < low < 1.0 and high == pytest.approx(1.0)


def test_it_narrows_the_interval_with_more_games():
    small = wilson_interval(6, 4)
    large = wilson_interval(600, 400)
    assert large[1] - large[0] < small[1] - small[0]


def test_it_has_no_rate_without_a_decisive_game():
    assert win_rate(0, 0) is None
    assert wilson_interval(0, 0) is None


def test_it_leaves_draws_out_of_the_win_rate():
    tally = Tally()
    for result in (WIN, WIN, LOSS, DRAW, DRAW, DRAW):
        tally.add(result)
    assert tally.win_rate == pytest.approx(2 / 3)
    assert tally.counts() == {"games": 6, "wins": 2, "draws": 3, "losses": 1}


def test_it_refuses_an_unknown_result():
    with pytest.raises(ValueError):
        Tally().add("bye")


def test_it_calls_a_sole_first_place_a_win():
    outcome = Outcome.from_returns((1.0, -1.0, -1.0))
    assert [result_for(outcome, s) for s in range(3)] == [WIN, LOSS, LOSS]


def test_it_calls_a_shared_first_place_a_draw():
    outcome = Outcome.from_returns((0.0, 0.0))
    assert [result_for(outcome, s) for s in range(2)] == [DRAW, DRAW]


def test_it_reports_rate_and_interval_in_json():
    tally = Tally(games=10, wins=7, draws=0, losses=3)
    data = tally.to_json()
    assert data["win_rate"] == pytest.approx(0.7)
    assert data["ci95"][0] < 0.7 < data["ci95"][1]
