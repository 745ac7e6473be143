"""Every playable button is playable by the agents: one seeded match for a sample of the
roster's playable buttons of each tier, for the generic agents and buttonmen-best."""

import random

import pytest

from agents.match import play_match
from games.buttonmen.roster import buttons


def _sample(tier, count, seed):
    names = [b.name for b in buttons() if b.playable and b.tier == tier]
    return random.Random(seed).sample(names, count)


# Tier 2 samples one button of each kind besides: option, twin and other swing letters.
SAMPLE = [
    *[(name, 1) for name in _sample(1, 2, 19)],
    *[(name, 2) for name in _sample(2, 3, 19)],
    ("Lady Luck", 2),  # option dice
    ("Buck Godot", 2),  # twin dice, twin W swing
    ("Mike Young", 2),  # X and Y swing
    *[(name, 3) for name in _sample(3, 2, 19)],  # the skills played yet
    ("Jellybean", 3),  # p(20) s(20) (V) (X): both
    ("Jocasta", 3),  # (6) (12) s(12) (20) s(X)
    ("Anvil", 3),  # s(4) pz(10) pz(12) zs(30) spz(V): Speed with Poison and Shadow
    ("Rainbow Dash", 3),  # (8) z(8) z(10) sp(20) (X)
    ("Oklahoma", 3),  # f(6) f(10) f(12) f(X): four Focus dice
    ("braincraft", 3),  # z(6) z(6) z(10) f(20) f(20): Speed and Focus
    ("BugRoger", 3),  # (4) (4) zg(18) zg(18) (10,10): Speed Stinger dice
    ("Maine", 3),  # f(4) g(6) s(6) (V) (X): Focus, Stinger and Shadow
    ("Hope", 3),  # t(1) (2) t(4) (6) (Y): Trip dice
    ("Hrodgar", 3),  # (Z)? (T)? (X)? (X)? (X)?: Mood swing dice only
    ("Ping", 3),  # (4) (8) (X)! (X)!: two Turbo swing dice
    ("Pain", 3),  # t(4) (8) sz(16) (20) (V)? p(X)!: Trip, Mood and Turbo at once
    ("Ricky", 3),  # #(6) (8) #(8) (20) #(X): Rush dice
    ("Gawaine", 3),  # (4) (4) (12) (20) (X) +(6): an Auxiliary die, offered to both
]

AGENTS = [
    "buttonmen-best:playouts=30,swing_playouts=30",
    "mcts:iterations=30",
    "random",
]


@pytest.mark.parametrize(("name", "tier"), SAMPLE)
@pytest.mark.parametrize("spec", AGENTS)
def test_the_agents_play_a_roster_button_to_the_end(name, tier, spec):
    foe = _sample(2 if tier == 1 else 1, 1, name)[0]
    options = {"fighters": [name, foe], "rounds_to_win": 1}
    result = play_match("buttonmen", [spec, "random"], f"roster-{name}", options=options)
    assert result.state.is_terminal()
    assert result.state.options["fighters"] == [name, foe]
