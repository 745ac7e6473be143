"""How expectimax scores a position it does not search further, one function per game.

An evaluation is ``fn(state, seat) -> float``: how good ``state`` is for ``seat``, in
[-1, 1] like the payoffs (search clamps anything outside, because its pruning bounds
assume that range). A game's evaluation is one line in EVALUATIONS, slug → dotted
path, imported when first asked for, so this module never imports a game. A game
without one gets :func:`terminal_only`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from games.core import TERMINAL, State

Evaluation = Callable[[State, int], float]

#: Game slug → "module:function" (or the function itself, e.g. from a test).
EVALUATIONS: dict[str, str | Evaluation] = {
    "footsies": "agents.footsies.evaluation:evaluate",
    "buttonmen": "agents.buttonmen.evaluation:evaluate",
    "octagon": "agents.octagon.evaluation:evaluate",
    "dicewars": "agents.dicewars.evaluation:evaluate",
    "dungeon": "agents.dungeon.evaluation:evaluate",
    "pig": "agents.pig.evaluation:evaluate",
}

#: Payoffs lie in [LOW, HIGH]; so must every evaluation.
LOW, HIGH = -1.0, 1.0


def terminal_only(state: State, seat: int) -> float:
    """The payoff at the end; 0 (nothing known) before it."""
    return state.returns()[seat] if state.current() == TERMINAL else 0.0


def evaluation_for(slug: str) -> Evaluation:
    found = EVALUATIONS.get(slug)
    if found is None:
        return terminal_only
    if callable(found):
        return found
    module, _, attr = found.partition(":")
    return getattr(importlib.import_module(module), attr)


def clamp(value: float) -> float:
    return LOW if value < LOW else HIGH if value > HIGH else float(value)
