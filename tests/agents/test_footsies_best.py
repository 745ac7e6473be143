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


@pytest.mark.parametrize(
    "spec", ["footsies-best:noise=0", "footsies-best:alpha=0", "footsies-best:sizing=all-in"]
)
def test_it_refuses_settings_that_make_no_sense(spec):
    with pytest.raises(ValueError):
        get(spec)


def test_it_plays_the_equilibrium_mix_before_the_opponent_has_shown_a_move():
    decision = get("footsies-best").act(GAME.new_state(2), 0, Budget(), random.Random(0))
    assert decision.thinking["how"].startswith("no move of the opponent seen yet")
    assert decision.thinking["mix"] == {"A": 0.0, "B": 0.3333, "G": 0.3333, "DP": 0.3333}
    assert decision.thinking["budget"] == 0.02 and decision.thinking["risk_taken"] == 0.0


def test_it_leans_towards_blocking_a_player_seen_to_dragon_punch_but_only_so_far():
    # footsies-br (a best response to random players) Dragon Punches at the start. One
    # Dragon Punch seen: the answer, Block, gets more weight, but the mix still stakes
    # no more than the budget (0.02 of a match in a one-round match).
    agent = get("footsies-best")
    state = GAME.new_state(2)
    agent.act(state, 0, Budget(), random.Random(0))
    agent.observe(state, (-2, ((0, "DP"), (1, "DP"))))
    after = state.apply_joint({0: "DP", 1: "DP"})
    thinking = agent.act(after, 0, Budget(), random.Random(0)).thinking
    assert thinking["how"] == "leans towards the answer, within the budget"
    assert thinking["predicted"]["DP"] > 0.3
    assert thinking["mix"]["B"] > 1 / 3
    assert 0 < thinking["risk_taken"] <= thinking["budget"] == 0.02


def replayed_ledger(result, seat, options=None):
    """The budget before each of ``seat``'s decisions, booked independently of the agent:
    the mix it drew from (asked of a fresh copy that has seen the match so far), the
    opponent's move, the equilibrium's values (``agents/footsies/safe.py``)."""
    solution = solve(options)
    agent = get("footsies-best")
    state = GAME.new_state(2, options)
    budget, budgets = 0.02, []
    for step in result.steps:
        budgets.append(budget)
        mix = agent.policy(state, seat)
        key = solution.seat_key(state, seat)
        matrix, value = solution.matrices[key], solution.values[key]
        theirs = MOVES.index(dict(step.move)[1 - seat])
        sure = min(sum(mix[m] * matrix[i][j] for i, m in enumerate(MOVES)) for j in range(4))
        assert sure >= value - budget - 1e-9, "it staked more than its budget"
        budget += sum(mix[m] * matrix[i][theirs] for i, m in enumerate(MOVES)) - value
        assert budget >= -1e-9
        agent.observe(state.clone(), (step.actor, step.move))
        state = state.apply_joint(dict(step.move))
    return budgets


@pytest.mark.parametrize(
    "opponent",
    ["footsies-counter", "footsies-br:model=footsies-best", "footsies-nash", "random"],
)
def test_it_never_stakes_more_than_it_was_given_plus_the_risk(opponent):
    # The guarantee's whole argument, checked on every exchange of real matches on the
    # lobby's rules: each mix is sure of the position's value minus the budget, so the
    # budget (0.02 plus every gift) never goes below 0, and the gifts never sum below
    # -0.02. The budget the agent shows is the one booked here from the record alone.
    options = {"rounds": 5, "max_turns": 20}
    for i in range(6):
        specs, seat = seats(opponent, i)
        result = play_match("footsies", specs, f"ledger-{i}", options)
        booked = replayed_ledger(result, seat, options)
        shown = [d.thinking["budget"] for d in result.decisions(seat)]
        assert shown == pytest.approx(booked, abs=1e-6)


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
    def decisions(budget):
        specs = ["footsies-best", "footsies-counter"]
        result = play_match("footsies", specs, "same-seed", {"rounds": 5}, budget=budget)
        return [(d.move, d.thinking) for d in result.decisions(0)]

    assert decisions(Budget()) == decisions(Budget(seconds=1.0))


class Slow(Model):
    """A model that never finishes unless the deadline stops it."""

    name = "slow"

    def predict(self, state, opp, history):
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
    capped = GAME.new_state(2, {"rounds": 5, "max_turns": 20})
    uncapped = GAME.new_state(2, {"rounds": 5})
    sitting_out = [m.name for m in agent.models if not m.available(capped)]
    assert sitting_out == ["footsies-br"]
    assert all(m.available(uncapped) for m in agent.models)


def test_the_same_seed_gives_the_same_match_on_any_machine():
    # Pinned: a match on the lobby's rules against a habit player that switches habit.
    # Every figure behind these moves (posterior, linear programme, Kelly's lean) is
    # plain float arithmetic in a fixed order, so another machine plays the same match.
    from agents.footsies.habits import LOBBY, HabitPlayer

    def play():
        seating = [HabitPlayer(habit="switch-on-loss"), get("footsies-best")]
        return play_match("footsies", seating, "pinned", LOBBY)

    result = play()
    moves = ["-".join(dict(step.move)[s] for s in (0, 1)) for step in result.steps]
    assert moves == ["DP-G", "B-B", "B-B", "B-DP", "B-G", "DP-G"]
    budgets = [d.thinking["budget"] for d in result.decisions(1)]
    assert budgets == [0.02, 0.02, 0.02, 0.015858, 0.015482, 0.026446]
    again = play()
    assert [s.decisions[1].thinking for s in again.steps] == [
        s.decisions[1].thinking for s in result.steps
    ]
