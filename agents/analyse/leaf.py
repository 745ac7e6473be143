"""Win probabilities from a game's evaluation, for playouts cut short.

Each game has an evaluation for expectimax (``agents.search.evaluation``): how good a
position is for a seat, in [-1, 1]. A leaf turns the seats' evaluations into win
probabilities with a softmax, ``p_i = exp(k e_i) / sum_j exp(k e_j)`` (for two seats
with ``e_1 = -e_0`` the logistic curve ``1 / (1 + exp(-2 k e_0))``). The scale ``k`` of
each game is fitted by :mod:`agents.analyse.calibrate` to the outcomes of matches the
playout policy plays against itself, so a leaf's 70 % wins about 70 % of the time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from agents.search.evaluation import evaluation_for
from games.core import State


def softmax(evaluations: Sequence[float], scale: float) -> tuple[float, ...]:
    top = max(evaluations)
    weights = [math.exp(scale * (e - top)) for e in evaluations]
    total = sum(weights)
    return tuple(w / total for w in weights)


class EvaluationLeaf:
    """``leaf(state)``: the calibrated win probabilities of every seat."""

    def __init__(self, slug: str, scale: float) -> None:
        self.evaluate = evaluation_for(slug)
        self.scale = scale

    def evaluations(self, state: State) -> list[float]:
        return [self.evaluate(state, seat) for seat in range(state.num_players)]

    def __call__(self, state: State) -> tuple[float, ...]:
        return softmax(self.evaluations(state), self.scale)
