"""Labels, accuracy, luck and the sampler's sums: the arithmetic behind an analysis."""

from __future__ import annotations

import json
import random

import pytest

import agents
import games
from agents.analyse.leaf import softmax
from agents.analyse.playouts import AgentPlayout, Sampler
from agents.analyse.plies import Choice
from agents.analyse.report import label, move_accuracy
from agents.analyse.values import Estimate, mixture, win_shares
from agents.core import Budget
from games.core import CHANCE
from games.testing import random_step


def _choice(loss_points: float, half: float | None = None, forced: bool = False) -> Choice:
    return Choice(0, "a", "b", "b", 0.5, 0.5 + loss_points / 100, forced, half)


@pytest.mark.parametrize(
    ("loss", "expected"),
    [(0, None), (4.99, None), (5, "inaccuracy"), (9.9, "inaccuracy"), (10, "mistake"),
     (19.9, "mistake"), (20, "blunder"), (60, "blunder")],
)  # fmt: skip
def test_it_labels_losses_by_the_documented_thresholds(loss, expected):
    assert label(_choice(loss)) == expected


def test_a_loss_inside_its_interval_is_not_labelled():
    assert label(_choice(25, half=30)) is None
    assert label(_choice(25, half=3)) == "blunder"


def test_a_forced_move_is_never_labelled():
    assert label(_choice(50, forced=True)) is None


def test_accuracy_follows_the_curve():
    assert move_accuracy(0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(10) == pytest.approx(63.58, abs=0.05)
    assert move_accuracy(100) == pytest.approx(0.0, abs=0.1)
    assert move_accuracy(5) > move_accuracy(10) > move_accuracy(20)


def test_win_shares_split_a_shared_first_place():
    assert win_shares((1, -1)) == (1.0, 0.0)
    assert win_shares((0, 0)) == (0.5, 0.5)
    assert win_shares((0, 0, -1)) == (0.5, 0.5, 0.0)
    assert win_shares((-1, 1, -1, -1)) == (0.0, 1.0, 0.0, 0.0)


def test_a_mixture_weighs_its_outcomes_by_their_odds():
    won, lost = Estimate((1.0, 0.0)), Estimate((0.2, 0.8), (0.1, 0.1), 10)
    mixed = mixture([(0.25, won), (0.75, lost)])
    assert mixed.mean == pytest.approx((0.4, 0.6))
    assert mixed.half == pytest.approx((0.075, 0.075))


def test_the_leaf_softmax_adds_up_to_1():
    p = softmax([0.5, -0.5], 2.0)
    assert sum(p) == pytest.approx(1.0) and p[0] > p[1]
    assert softmax([0.0, 0.0, 0.0], 5.0) == pytest.approx((1 / 3,) * 3)


def test_paired_differences_on_common_random_numbers_are_narrower():
    # Both positions meet the same random numbers, so "0.6 minus 0.4" differs only on
    # the draws between 0.4 and 0.6: the paired interval is far narrower than either.
    game = games.get("dicewars")
    a = game.new_state(2)
    b = game.new_state(2, {"max_turns": 50})

    def playout(state, rng, fixed=None):
        p = 0.6 if state.max_turns == 50 else 0.4
        return (1.0, 0.0) if rng.random() < p else (0.0, 1.0)

    sampler = Sampler(playout, "test")
    ha, hb = sampler.add(a), sampler.add(b)
    sampler.compare(hb, ha, 0)
    sampler.run(None, 400)
    diff, half = sampler.difference(hb, ha, 0)
    separate = sampler.estimate(ha).half[0] ** 2 + sampler.estimate(hb).half[0] ** 2
    assert sampler.n == 400
    assert diff == pytest.approx(0.2, abs=0.08)
    assert half**2 < separate / 2


def test_the_sampler_stops_on_its_time_budget():
    game = games.get("dungeon")
    state = game.new_state(2)
    sampler = Sampler(AgentPlayout(agents.get("random")), "t")
    sampler.add(state)
    sampler.run(0.3, 1_000_000)
    assert 2 <= sampler.n < 1_000_000


@pytest.mark.parametrize("slug", [g.slug for g in games.all()])
def test_no_agent_changes_the_state_it_is_given(slug):
    # AgentPlayout hands its own state to act() without a copy; this is the promise.
    game = games.get(slug)
    state = None
    for seed in range(20):  # a position a few events in, where someone decides
        rng = random.Random(seed)
        state = game.new_state(game.min_players)
        while not state.is_terminal() and (state.ply < 4 or state.current() == CHANCE):
            state = random_step(state, rng)
        if not state.is_terminal():
            break
    assert state is not None and not state.is_terminal()
    before = json.dumps(state.full_view(), sort_keys=True)
    history = state.history()
    for info in agents.catalogue(slug):
        agent = agents.get(info.name)
        for seat in state.acting_seats():
            agent.act(state, seat, Budget(iterations=10), random.Random(1))
        assert json.dumps(state.full_view(), sort_keys=True) == before, info.name
        assert state.history() == history, info.name
