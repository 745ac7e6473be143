"""Every game's ``-best`` agent plays by the seed and the counts it is given, never by
the clock: the same match replayed on a machine four times slower (its clock made to
run four times faster) is the same match, and another seed gives another one.

The clock is only a safety cap in live play; a tournament re-run with the same seed on
any machine, under any load, gives the same games.
"""

import time

import pytest

from agents.core import Budget
from agents.match import play_match

#: Per game: the seats (the -best agent against a quick opponent) and short options.
CASES = {
    "footsies": (["footsies-best", "footsies-bayesian"], {"rounds": 3}),
    "buttonmen": (["buttonmen-best", "random"], {"fighters": ["Avis", "Kith"], "rounds_to_win": 1}),
    "octagon": (["octagon-best", "octagon-greedy"], {"preset": "small"}),
    "dicewars": (["dicewars-best", "dicewars-naive"], {"max_turns": 12}),
    "dungeon": (["dungeon-best", "dungeon-planner"], {}),
}

#: A generous safety cap: play that depends on the counts never reaches it.
CAP = Budget(seconds=60.0)


def moves(slug: str, seed: str) -> list:
    specs, options = CASES[slug]
    result = play_match(slug, specs, seed, options, budget=CAP)
    return [step.move for step in result.steps]


@pytest.mark.parametrize("slug", sorted(CASES))
def test_the_same_seed_gives_the_same_match_on_a_slower_machine(slug, monkeypatch):
    quick = moves(slug, f"repro-{slug}")
    real = time.perf_counter
    start = real()
    monkeypatch.setattr(time, "perf_counter", lambda: start + (real() - start) * 4.0)
    slow = moves(slug, f"repro-{slug}")
    assert slow == quick


@pytest.mark.parametrize("slug", sorted(CASES))
def test_another_seed_gives_another_match(slug):
    assert moves(slug, f"repro-{slug}") != moves(slug, f"other-{slug}")
