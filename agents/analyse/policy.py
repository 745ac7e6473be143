"""Which agents an analysis trusts: the one place that chooses them.

Two roles:

- the **judge** proposes the best move at every decision (one decision each, at its
  own default budget): ``<slug>-best`` as soon as that agent is registered, else the
  strongest agent the game has today (docs/results.md);
- the **playout policy** plays every position to the end, thousands of times, so it
  must be the strongest play that still takes milliseconds per match: where a game's
  strongest agent is a search that thinks for tens of milliseconds per move, its
  fast inner policy stands in (Button Men: the highest-point-conversion rule that
  ``buttonmen-mc`` plays its swing playouts with, on the engine's fast path).

``--agent SPEC`` names one agent for both roles.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import agents
from agents.analyse import calmap
from agents.analyse.calmap import CalibrationMap
from agents.analyse.leaf import EvaluationLeaf
from agents.analyse.playouts import AgentPlayout, Playout
from agents.analyse.values import win_shares
from agents.core import AGENTS
from games.core import CHANCE, SIMULTANEOUS, State

#: The strongest agent each game has without a ``<slug>-best``.
STRONGEST: dict[str, str] = {
    "footsies": "footsies-nash",
    "buttonmen": "buttonmen-mc",
    "octagon": "octagon-greedy",
    "dicewars": "dicewars-ste4",
    "dungeon": "dungeon-planner",
}

#: The playout policy of each game: an agent spec, or the name of a fast policy below.
PLAYOUT: dict[str, str] = {
    "footsies": "footsies-nash",  # not played out: Footsies is valued exactly
    "buttonmen": "buttonmen-conversion",
    "octagon": "octagon-greedy",
    "dicewars": "dicewars-ste4",
    "dungeon": "dungeon-planner",
    "pig": "pig-best",  # the solved policy, instant
}

#: Decisions a playout makes before its leaf judges the position, where whole
#: matches are too long to play out hundreds of times per position in seconds: the
#: dice of the next turns are sampled, the rest is the calibrated evaluation.
HORIZON: dict[str, int] = {"dicewars": 12, "dungeon": 8}

#: The leaf's scale per game, from ``python -m agents.analyse.calibrate GAME --games 200
#: --seed 1 --json`` (docs/analysis.md quotes the runs).
LEAF_SCALE: dict[str, float] = {"dicewars": 3.983, "dungeon": 6.642}


#: The recalibration of each game's sampled win chances (``values.temper``: a power
#: below 1 pulls toward the even guess), fitted to self-play outcomes by
#: ``python -m agents.analyse.calibrate GAME --matches N --seed S --fit`` and measured on
#: other seeds (docs/analysis.md, "Calibration"). A game not listed is shown raw
#: (smoothed by one playout shared among the seats).
POWER: dict[str, float] = {}


def power_for(slug: str, spec: str) -> float | CalibrationMap | None:
    """The recalibration of playouts of ``spec``: the game's calibration map
    (``calmap``, fitted to its own playout policy), else its fitted power (1, smoothing
    only, where none is fitted yet); None for any other policy (``--agent``), whose
    plain means are shown: nothing was fitted to it."""
    if spec != playout_spec(slug):
        return None
    cmap = map_for(slug)
    if cmap is not None and cmap.policy == spec:
        return cmap
    return POWER.get(slug, 1.0)


@cache
def map_for(slug: str) -> CalibrationMap | None:
    """The game's shipped calibration map (read once)."""
    return calmap.load(slug)


def judge_spec(slug: str) -> str:
    best = f"{slug}-best"
    return best if best in AGENTS else STRONGEST.get(slug, "mcts")


def playout_spec(slug: str) -> str:
    return PLAYOUT.get(slug, "random")


def playout_for(spec: str, slug: str) -> Playout:
    """The playout function a spec names (a fast policy, or any registered agent),
    cut short at the game's horizon where it has one."""
    if spec == "buttonmen-conversion":
        return _buttonmen_conversion
    if spec == "buttonmen-mixed":
        return _buttonmen_mixed
    horizon = HORIZON.get(slug)
    if horizon is None:
        return AgentPlayout(agents.get(spec))
    return AgentPlayout(agents.get(spec), horizon, EvaluationLeaf(slug, LEAF_SCALE[slug]))


def _buttonmen_conversion(
    state: State,
    rng: random.Random,
    fixed: Mapping[int, Any] | None = None,
    pick: Any = None,
) -> tuple[float, ...]:
    """Both seats capture the largest die they can, with the fewest dice (the rule of
    ``agents.buttonmen.greedy``), on the engine's fast path; swing sizes uniform."""
    from agents.buttonmen.greedy import greedy_playout
    from games.buttonmen.fast import playout
    from games.buttonmen.state import FIGHTERS

    s = state
    # The fast path starts once fighters are seated; a pinned swing choice is applied
    # here, the other seat choosing uniformly as the fast path would.
    while s.current() == CHANCE and s.phase == FIGHTERS or fixed:
        if s.current() == SIMULTANEOUS:
            joint = {
                seat: fixed[seat] if fixed and seat in fixed else rng.choice(s.legal_moves(seat))
                for seat in s.acting_seats()
            }
            s = s.apply_joint(joint)
        elif s.current() == CHANCE:
            s = s.apply(s.sample_chance(rng))
        else:
            seat = s.current()
            s = s.apply(fixed[seat] if fixed and seat in fixed else rng.choice(s.legal_moves(seat)))
        fixed = None
    if s.is_terminal():
        return win_shares(s.returns())
    winner = greedy_playout(s, rng) if pick is None else playout(s, rng, pick_attack=pick)
    return (0.5, 0.5) if winner is None else (1.0, 0.0) if winner == 0 else (0.0, 1.0)


def _buttonmen_mixed(
    state: State, rng: random.Random, fixed: Mapping[int, Any] | None = None
) -> tuple[float, ...]:
    """As :func:`_buttonmen_conversion`, but each attack is the conversion rule's half
    the time and a uniformly random one otherwise (``agents.buttonmen.policies.mixed``,
    the model of play ``buttonmen-best`` plays its playouts with)."""
    from agents.buttonmen.policies import mixed

    return _buttonmen_conversion(state, rng, fixed, mixed(0.5))
