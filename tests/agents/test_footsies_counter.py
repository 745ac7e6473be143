"""The counter player's stated policy (``mix``) is the policy it plays."""

import random

from agents import Budget, get
from games.footsies import GAME
from games.testing import random_step


def test_it_draws_every_move_from_its_mix():
    counter = get("footsies-counter")
    rng = random.Random(5)
    for game in range(30):
        state = GAME.new_state(2, {"blocks": 1})
        while not state.is_terminal():
            for seat in (0, 1):
                move = counter.act(state, seat, Budget(), random.Random(game)).move
                assert counter.mix(state, seat)[move] > 0
            state = random_step(state, rng)


def test_it_is_certain_wherever_a_rule_names_the_move():
    counter = get("footsies-counter")
    state = GAME.new_state(2).apply_joint({0: "A", 1: "A"})
    assert counter.mix(state, 0) == {"A": 0.0, "B": 1.0, "G": 0.0, "DP": 0.0}
    assert set(counter.mix(GAME.new_state(2), 0).values()) == {0.25}
