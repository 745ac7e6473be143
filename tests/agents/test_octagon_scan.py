"""The search's one-scan view of the designer's AI agrees with the AI itself."""

from __future__ import annotations

import random

import pytest

from agents.core import Budget, get
from agents.octagon.greedy import WeightedGreedyAgent
from agents.octagon.scan import favourites, scan
from games.octagon.moves import move_table
from tests.agents.test_octagon_best import played_to


@pytest.mark.parametrize("made", [0, 7, 15, 24, 29])
def test_the_scan_values_every_legal_placement_as_the_designer_does(made):
    state = played_to(made, made)
    seat = state.current()
    ai = WeightedGreedyAgent(economy=False)
    valued = scan(state, seat, ai.kill_value(state), ai.push)
    table = move_table(state.geometry)
    low = min(state.geometry.safety[i] for i in state.geometry.cells)
    assert [table[c][s] for _, c, s in valued] == state.legal_moves(seat)
    assert [v - low for v, _, _ in valued] == [c.value for c in ai.candidates(state, seat)]


@pytest.mark.parametrize("seed", range(12))
def test_the_favourites_are_what_the_designers_ai_draws_from(seed):
    state = played_to(2 * seed + 3, seed)
    ai = WeightedGreedyAgent()
    tied = favourites(state, ai.kill_value(state), ai.push)
    drawn = {
        get("octagon-greedy").act(state.clone(), state.current(), Budget(), random.Random(k)).move
        for k in range(30)
    }
    assert drawn <= set(tied)
    assert get("octagon-greedy").act(
        state.clone(), state.current(), Budget(), random.Random(0)
    ).thinking["tied"] == len(tied)
