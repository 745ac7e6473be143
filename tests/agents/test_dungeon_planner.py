"""The seed's enemy AI (docs/games/dungeon.md, Agent) on the seed's own examples."""

from __future__ import annotations

import random

import pytest

from agents.core import Budget, get
from agents.dungeon.planner import (
    Exhaustive,
    PlannerAgent,
    Scorer,
    frog_one_and_three,
    handyman_shocked_and_burned,
)
from agents.dungeon.scoring import score_plan
from games.core import CHANCE
from games.dungeon.moves import END
from games.dungeon.positions import position


def plan(state, spec="dungeon-planner", seed=0, budget=None):
    """The agent's ranked plans and the search's report."""
    agent = get(spec)
    return agent.plan(state.clone(), state.current(), budget or Budget(), random.Random(seed))


def play_turn(state, spec="dungeon-planner"):
    """Ask the agent again after every action, as the arena does, until the turn ends."""
    agent, seat, ply = get(spec), state.current(), 0
    while state.current() == seat:
        move = agent.act(state.clone(), seat, Budget(), random.Random(ply)).move
        state, ply = state.apply(move), ply + 1
        if move == END:
            break
    return state


def text(state, line):
    return [state.move_to_str(m) for m in line]


# ----- the frog ---------------------------------------------------------------------------


def test_it_plans_the_three_on_the_big_sword_at_558():
    state = frog_one_and_three()
    best = plan(state)[0][0]
    assert (best.value, "place:1:0:0" in text(state, best.line)) == (558, True)


def test_it_weighs_the_one_on_the_big_sword_at_438():
    plans = plan(frog_one_and_three())[0]
    assert next(p.value for p in plans if p.move == ("place", 0, 0, 0)) == 438


def test_it_plays_the_frogs_turn_for_five_damage_and_a_shield_of_one():
    after = play_turn(frog_one_and_three())
    assert (after.sides[0].hp, after.sides[1].shield) == (24 - 5, 1)


def test_it_adds_up_plans_as_the_scoring_module_does():
    for state in (
        frog_one_and_three(),
        position(hero="sword,poison-spell,enfeeble,fireball", dice=[1, 3, 4]),
        position(foe="handyman", seat=1, dice=[6, 3, 4]),
    ):
        for p in plan(state)[0]:
            assert not p.chance and p.value == score_plan(state, p.line).total


# ----- chance inside a turn -----------------------------------------------------------------


def test_it_averages_the_lockpicks_cuts():
    state = position(hero="lockpick,sword", dice=[5])
    lockpick_first = next(p for p in plan(state)[0] if p.move == ("place", 0, 0, 0))
    by_cut = []
    for k in range(1, 5):  # the cut makes dice 1 (k) and 2 (5 - k)
        cut = ["place:0:0:0", f"split:{k}"]
        lines = [cut + ["end"], cut + ["place:1:1:0", "end"], cut + ["place:2:1:0", "end"]]
        by_cut.append(max(score_plan(state, line).total for line in lines))
    assert lockpick_first.value == pytest.approx(sum(by_cut) / 4)


def test_it_stops_a_plan_at_the_cut_it_cannot_know_yet():
    state = position(hero="lockpick,sword", dice=[5])
    lockpick_first = next(p for p in plan(state)[0] if p.move == ("place", 0, 0, 0))
    assert (text(state, lockpick_first.line), lockpick_first.chance) == (["place:0:0:0"], True)


# ----- counting nodes -----------------------------------------------------------------------


def walk(state, seat):
    """Nodes below a position, by a plain walk on the clean path: every action's result
    (end included) and every outcome of a cut is one node."""
    if state.over:
        return 0
    if state.current() == CHANCE:
        return sum(1 + walk(state.apply(o), seat) for o, _ in state.chance_outcomes())
    return sum(1 + (0 if m == END else walk(state.apply(m), seat)) for m in state.legal_moves(seat))


@pytest.mark.parametrize(
    "state",
    [frog_one_and_three(), position(hero="lockpick,sword", dice=[5]), position(dice=[2, 4])],
    ids=["frog", "lockpick", "hero"],
)
def test_it_counts_every_position_of_the_expansion_as_a_node(state):
    search = Exhaustive(Scorer(state.current()), merge=False, node_budget=10**9)
    search.search(state)
    assert search.nodes == 1 + walk(state, state.current())


def test_it_reports_the_node_count_in_its_thinking():
    state = frog_one_and_three()
    search = Exhaustive(Scorer(1), merge=True, node_budget=10**9, transpositions=True)
    search.search(state)
    thinking = get("dungeon-planner").act(state, 1, Budget(), random.Random(0)).thinking
    assert (thinking["search"], thinking["nodes"]) == ("exhaustive", search.nodes)


# ----- the node budget and the MCTS fallback -------------------------------------------------


def test_it_stays_exhaustive_when_the_tree_fits_the_node_budget_exactly():
    state = frog_one_and_three()
    nodes = plan(state)[1]["nodes"]
    assert plan(state, f"dungeon-planner:node_budget={nodes}")[1]["search"] == "exhaustive"


def test_it_switches_to_mcts_one_node_past_the_budget():
    state = frog_one_and_three()
    nodes = plan(state)[1]["nodes"]
    how = plan(state, f"dungeon-planner:node_budget={nodes - 1}")[1]
    assert (how["search"], how["aborted_after"], how["iterations"]) == ("mcts", nodes, 300)


def test_it_takes_mcts_iterations_from_the_budget():
    how = plan(frog_one_and_three(), "dungeon-planner:node_budget=1", budget=Budget(40))[1]
    assert how["iterations"] == 40


def test_it_repeats_an_mcts_search_from_the_same_seed():
    state = handyman_shocked_and_burned()
    spec = "dungeon-planner:node_budget=200,iterations=100"
    first, again = (get(spec).act(state, 1, Budget(), random.Random(5)) for _ in range(2))
    assert first.thinking["moves"] == again.thinking["moves"]


def test_it_finds_the_frogs_best_turn_by_mcts_alone():
    after = play_turn(frog_one_and_three(), "dungeon-planner:node_budget=1")
    assert after.sides[0].hp == 24 - 5


# ----- the seed's Handyman, shocked and burned ------------------------------------------------


def test_it_passes_the_node_budget_on_the_handyman_without_merging():
    how = plan(handyman_shocked_and_burned(), "dungeon-planner:merge=false,transpositions=false")[1]
    assert (how["search"], how["aborted_after"]) == ("mcts", 10_001)


def test_it_merges_equal_dice_into_fewer_nodes_and_the_same_best_plan():
    state = handyman_shocked_and_burned()
    distinct = Exhaustive(Scorer(1), merge=False, node_budget=10**9)
    merged = Exhaustive(Scorer(1), merge=True, node_budget=10**9)
    best = [max(p.value for p in s.search(state)) for s in (distinct, merged)]
    assert best[0] == best[1] and merged.nodes < distinct.nodes


@pytest.mark.parametrize("dice", [(1, 2, 2), (2, 2, 2), (2, 2, 5), (2, 2, 6)])
@pytest.mark.parametrize("merge", [False, True])
def test_it_values_every_root_move_the_same_with_transpositions(dice, merge):
    state = handyman_shocked_and_burned(dice)
    plain = Exhaustive(Scorer(1), merge=merge, node_budget=10**9)
    table = Exhaustive(Scorer(1), merge=merge, node_budget=10**9, transpositions=True)
    values = [[(p.move, p.value) for p in s.search(state)] for s in (plain, table)]
    assert values[0] == values[1] and table.nodes < plain.nodes and table.hits > 0


def test_it_plays_a_line_found_through_a_transposition_as_written():
    state = handyman_shocked_and_burned((2, 2, 5))
    search = Exhaustive(Scorer(1), merge=True, node_budget=10**9, transpositions=True)
    best = max(search.search(state), key=lambda p: p.value)
    assert not best.chance
    assert score_plan(state, best.line).total == best.value == 662


def test_it_finds_the_clever_handymans_spanner_plan():
    # Spanner 2 + 5 = a 6 and a 1; the 1 unshocks the Hammer; the 6 hits and shocks.
    state = handyman_shocked_and_burned((2, 2, 5))
    best = plan(state, "dungeon-planner:merge=true")[0][0]
    amounts = score_plan(state, best.line).amounts
    assert (amounts["damage"], amounts["negative_status"]) == (6, 1)


# ----- knobs ----------------------------------------------------------------------------------


def test_it_follows_a_designer_bonus():
    state = position(hero="sword,bandage", dice=[4])  # a bandage at full HP heals nothing
    move = get("dungeon-planner:bonus=bandage:500").act(state, 0, Budget(), random.Random(0))
    assert move.move == ("place", 0, 1, 0)


def test_it_refuses_a_bonus_it_cannot_read():
    with pytest.raises(ValueError, match="bonus"):
        PlannerAgent(bonus="bandage=5")
