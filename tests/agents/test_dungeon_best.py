"""``dungeon-best``: the planner's turn search, judged by the battle in hit points."""

from __future__ import annotations

import random

from agents.core import Budget, catalogue, get
from agents.dungeon.best import poison_left
from agents.match import play_match
from games.dungeon import GAME
from games.dungeon.moves import END
from games.dungeon.positions import position


def line(state, spec):
    agent = get(spec)
    plans, _ = agent.plan(state.clone(), state.current(), Budget(), random.Random(0))
    return [state.move_to_str(m) for m in plans[0].line]


def hurt_hero(dice, hero="sword,bandage", hp=10):
    state = position(hero=hero, dice=dice, hero_hp=24)
    state.sides[0].hp = hp
    return state


def test_it_is_registered_for_the_battler_only():
    assert "dungeon-best" in [a.name for a in catalogue("dungeon")]
    assert "dungeon-best" not in [a.name for a in catalogue("octagon")]


def test_it_counts_the_hit_points_a_poison_will_still_take():
    assert [poison_left(p) for p in range(5)] == [0, 1, 3, 6, 10]


def test_it_heals_a_hurt_hero_where_the_seeds_table_keeps_the_pips():
    # Sword takes the 4; the 3 can heal 3 HP. The seed's table prices 3 unused pips at
    # 15 and a heal of 3 at 3 + 10 - 1, so the planner leaves the bandage unused.
    state = hurt_hero([4, 3])
    assert "place:1:1:0" in line(state, "dungeon-best")
    assert "place:1:1:0" not in line(state, "dungeon-planner")


def test_it_poisons_rather_than_hits_for_three():
    # Poison 4 will take 10 HP; a 3 on the sword takes 3.
    state = position(hero="sword,poison-spell", dice=[3])
    assert line(state, "dungeon-best")[0] == "place:0:1:0"


def test_it_shields_only_as_far_as_the_enemy_can_hit():
    # Against the Frog (2 dice) a shield beyond 7 stops nothing: with a weight of 0 on
    # the reach, shielding is worth nothing and the die stays unused... or hits.
    state = position(hero="wooden-shield", dice=[4])
    plans, _ = get("dungeon-best").plan(state.clone(), 0, Budget(), random.Random(0))
    shield = next(p for p in plans if p.move[0] == "place")
    assert shield.value > 3.9
    plans, _ = get("dungeon-best:shield_reach=0").plan(state.clone(), 0, Budget(), random.Random(0))
    assert max(p.value for p in plans) <= 0.0


def test_it_takes_a_killing_blow_within_the_turn():
    state = position(hero="sword,wooden-shield", dice=[6, 4], foe="frog")
    state.sides[1].hp = 5
    agent, ply = get("dungeon-best"), 0
    while state.current() == 0:
        state = state.apply(agent.act(state.clone(), 0, Budget(), random.Random(ply)).move)
        ply += 1
    assert state.winner == 0


def test_it_plays_whole_battles_against_the_planner():
    for seed in ("a", "b"):
        result = play_match(GAME, ["dungeon-best", "dungeon-planner"], seed, {"enemy": "handyman"})
        assert result.state.is_terminal() and not result.failures(0)
        assert any(d.move == END for d in result.decisions(0))


def test_it_plays_the_same_battle_from_the_same_seed():
    def battle(seed):
        result = play_match(GAME, ["dungeon-best", "dungeon-planner"], seed, {"enemy": "handyman"})
        return result.state.to_record()["history"]

    assert battle("tv-1") == battle("tv-1")
    assert battle("tv-1") != battle("tv-2")
