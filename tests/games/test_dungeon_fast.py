"""The fast path plays the same games as the clean path; bench.measure reports both."""

import json
import random

import pytest

from games.dungeon import GAME
from games.dungeon.bench import clean_playout, measure
from games.dungeon.fast import advance, random_playout, restore, snapshot

#: Every item of the catalogue on one side or the other, a reusable Spanner included.
EVERYTHING = {
    "hero_equipment": "fireball,enfeeble,toxic-ooze,poison-spell,bandage,lockpick",
    "enemy_equipment": "spanner*,hammer,poison-slingshot,pea-shooter,big-sword,small-shield",
    "enemy_hp": 30,
}
SETTINGS = [{}, {"enemy": "handyman"}, EVERYTHING]


def view(state) -> str:
    return json.dumps(state.observation(None), sort_keys=True)


@pytest.mark.parametrize("options", SETTINGS, ids=["frog", "handyman", "everything"])
def test_it_plays_the_same_games_on_both_paths(options):
    for seed in range(40):
        events = []
        fast = random_playout(GAME.new_state(2, options), random.Random(seed), events)
        clean = clean_playout(GAME.new_state(2, options), random.Random(seed))
        assert events == clean.history()
        assert view(fast) == view(clean)


def test_it_advances_in_place_like_apply():
    state = GAME.new_state()
    after = state.apply(("roll", 2, 4, 6))
    advance(state, ("roll", 2, 4, 6))
    assert view(state) == view(after)


def test_it_restores_a_snapshot():
    state = GAME.new_state(2, {"enemy": "handyman"})
    advance(state, ("roll", 2, 4, 6))
    saved = snapshot(state)
    before = view(state)
    random_playout(state, random.Random(3))
    restore(state, saved)
    assert view(state) == before


def test_it_restores_the_same_snapshot_twice():
    state = GAME.new_state()
    saved = snapshot(state)
    random_playout(state, random.Random(4))
    restore(state, saved)
    random_playout(state, random.Random(5))
    restore(state, saved)
    assert view(state) == view(GAME.new_state())


def test_it_measures_both_paths():
    figures = measure(0.05)
    assert figures["games_per_s"] > 0 and figures["clean_games_per_s"] > 0
