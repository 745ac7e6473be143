"""``footsies-best``: models the opponent, exploits what it has seen, else the equilibrium."""

import random

import pytest

from agents import Budget, get
from agents.core.deadline import check_time
from agents.equilibrium.footsies import solve
from agents.footsies.best import Model
from agents.match import play_match
from games.footsies import GAME, MOVES


def seats(opponent, i):
    """Alternate seats: (specs, footsies-best's seat)."""
    seat = i % 2
    return (["footsies-best", opponent] if seat == 0 else [opponent, "footsies-best"]), seat


def test_it_is_registered_for_footsies_only():
    agent = get("footsies-best")
    assert agent.plays("footsies") and not agent.plays("octagon")


@pytest.mark.parametrize("spec", ["footsies-best:noise=0", "footsies-best:samples=0"])
def test_it_refuses_settings_that_make_no_sense(spec):
    with pytest.raises(ValueError):
        get(spec)


def test_it_plays_the_equilibrium_mix_before_the_opponent_has_shown_a_move():
    decision = get("footsies-best").act(GAME.new_state(2), 0, Budget(), random.Random(0))
    assert decision.thinking["how"].startswith("no move of the opponent seen yet")
    assert decision.thinking["mix"] == {"A": 0.0, "B": 0.3333, "G": 0.3333, "DP": 0.3333}


@pytest.mark.parametrize("opponent", ["footsies-counter", "footsies-bayesian"])
def test_it_wins_every_game_that_outlasts_the_first_exchange(opponent):
    # Their first move is random, so a quarter of games are lost there whatever one
    # plays; after it both are predictable, and the posterior finds which one it faces.
    outlasted = 0
    for i in range(30):
        specs, seat = seats(opponent, i)
        result = play_match("footsies", specs, f"outlast-{i}")
        if len(result.steps) > 1:
            outlasted += 1
            assert result.state.winner == seat, f"game {i} lost"
    assert outlasted >= 5  # the test saw some


def test_it_never_gives_the_equilibrium_player_anything():
    # Against the equilibrium mix a move earns the position's value or less; every move
    # it plays earns exactly the value, so the equilibrium player gets no edge on it.
    solution = solve()
    decisions = 0
    for i in range(40):
        specs, seat = seats("footsies-nash", i)
        result = play_match("footsies", specs, f"nash-{i}")
        state = GAME.new_state(2)
        for step in result.steps:
            move = dict(step.move)[seat]
            value = solution.values[solution.seat_key(state, seat)]
            assert solution.payoffs(state, seat)[move] >= value - 1e-9
            decisions += 1
            state = state.apply_joint(dict(step.move))
    assert decisions > 40


def test_it_blocks_a_player_seen_to_dragon_punch():
    # footsies-br (a best response to random players) Dragon Punches at the start.
    agent = get("footsies-best")
    state = GAME.new_state(2)
    agent.act(state, 0, Budget(), random.Random(0))
    agent.observe(state, (-2, ((0, "DP"), (1, "DP"))))
    after = state.apply_joint({0: "DP", 1: "DP"})
    decision = agent.act(after, 0, Budget(), random.Random(0))
    assert decision.move == "B"
    assert decision.thinking["how"] == "exploits the predicted mix"
    assert decision.thinking["predicted"]["DP"] > 0.5


def test_events_replayed_into_a_fresh_agent_give_the_same_answer():
    # The web app builds the agent afresh for each move and replays the match into it
    # before asking; that must think as the agent that saw the match live did.
    compared = 0
    for i in range(20):
        result = play_match("footsies", ["footsies-best", "footsies-counter"], f"replay-{i}")
        if len(result.steps) < 3:
            continue
        replayed = get("footsies-best")
        state = GAME.new_state(2)
        for step in result.steps[:-1]:
            replayed.observe(state.clone(), (step.actor, step.move))
            state = state.apply_joint(dict(step.move))
        decision = replayed.act(state, 0, Budget(), random.Random(5))
        assert replayed.seen == len(result.steps) - 1
        assert decision.thinking == result.steps[-1].decisions[0].thinking
        compared += 1
    assert compared >= 2


def test_it_leaves_the_state_as_it_found_it():
    agent = get("footsies-best")
    state = GAME.new_state(2)
    agent.act(state, 1, Budget(), random.Random(0))
    agent.observe(state, (-2, ((0, "B"), (1, "B"))))
    after = state.apply_joint({0: "B", 1: "B"})
    before = after.observation(None)
    agent.act(after, 1, Budget(), random.Random(1))
    assert after.observation(None) == before


def test_every_model_answers_whatever_the_clock_so_a_seed_fixes_the_play():
    # The same match, once with no time limit and once with a tight one on a machine
    # as busy as it is: every model is asked every time, so the decisions are the same.
    def moves(budget):
        specs = ["footsies-best", "footsies-counter"]
        result = play_match("footsies", specs, "same-seed", budget=budget)
        return [step.move for step in result.steps if step.decisions]

    assert moves(Budget()) == moves(Budget(seconds=1.0))
    agent = get("footsies-best")
    state = GAME.new_state(2)
    agent.act(state, 0, Budget(), random.Random(0))
    agent.observe(state, (-2, ((0, "DP"), (1, "DP"))))
    after = state.apply_joint({0: "DP", 1: "DP"})
    decision = agent.act(after, 0, Budget(seconds=1.0), random.Random(0))
    asked = {row["model"] for row in decision.thinking["models"]}
    assert {m.name for m in agent.models} == asked  # the faithful bandit's copies too
    assert decision.move == "B"  # they have all seen the Dragon Punch


class Slow(Model):
    """A model that never finishes unless the deadline stops it."""

    name = "slow"

    def predict(self, state, seat, key):
        while True:
            check_time()


def test_the_deadline_is_a_safety_cap_that_plays_the_equilibrium():
    agent = get("footsies-best")
    agent.models.append(Slow())
    agent.log_weights.append(0.0)
    state = GAME.new_state(2)
    agent.act(state, 0, Budget(seconds=0.5), random.Random(0))
    agent.observe(state, (-2, ((0, "DP"), (1, "DP"))))
    after = state.apply_joint({0: "DP", 1: "DP"})
    decision = agent.act(after, 0, Budget(seconds=0.5), random.Random(0))
    assert decision.move in MOVES
    assert decision.thinking["how"].startswith("out of time")
    assert agent.seen == 0 and len(agent._pending) == 1  # learned once, whole, later


@pytest.mark.parametrize(
    "options", [{"block_exhaustion": "loss"}, {"block_exhaustion": "unlimited"}]
)
def test_it_plays_the_write_ups_variants_from_the_shipped_tables(options):
    for i in range(3):
        specs, _ = seats("footsies-counter", i)
        result = play_match("footsies", specs, f"variant-{i}", options=options)
        assert result.state.over


def test_rules_it_cannot_solve_in_time_get_the_stand_in_mix():
    # A five-turn cap is not shipped and takes about a second to solve here; a decision
    # given no time at all must not wait for it.
    state = GAME.new_state(2, {"max_turns": 5, "blocks": 4})
    decision = get("footsies-best").act(state, 0, Budget(seconds=0.0), random.Random(0))
    assert decision.move in MOVES
    assert "could not be solved in time" in decision.thinking["how"]


def test_under_a_turn_cap_the_costly_exploiter_model_sits_out_by_rule():
    # Its best response to random takes a minute to solve once there is a turn cap (each
    # turn is a position); the rules, not the clock, decide that it is not asked.
    agent = get("footsies-best")
    state = GAME.new_state(2, {"rounds": 5, "max_turns": 20})
    agent.act(state, 0, Budget(seconds=5.0), random.Random(0))
    agent.observe(state, (-2, ((0, "DP"), (1, "DP"))))
    after = state.apply_joint({0: "DP", 1: "DP"})
    decision = agent.act(after, 0, Budget(seconds=5.0), random.Random(0))
    asked = {row["model"] for row in decision.thinking["models"]}
    assert "footsies-br" not in asked and "footsies-mcts-faithful" in asked
    assert abs(sum(row["weight"] for row in decision.thinking["models"]) - 1) < 1e-9
