"""The learned Dice Wars value: its features, the shipped weights, the turn search."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

from agents.core import Budget, get
from agents.core.deadline import Deadline
from agents.dicewars import reply
from agents.dicewars.learned import LearnedAgent, TurnSearch, shipped_weights
from agents.dicewars.value import (
    FEATURE_NAMES,
    WEIGHTS_FILE,
    Mlp,
    estimate,
    features,
    load_model,
    load_weights,
)
from agents.dicewars.wpm import wpm_move
from agents.train import dicewars as training
from games.dicewars import END_TURN, GAME, legal_attacks, win_probability
from games.dicewars.phases import ATTACK
from tests.agents.test_dicewars_agents import assert_same_games, board

LINE = ([[1], [0, 2], [1]], [0, 1, 1], [4, 2, 3])


def ended(state):
    """The position once the mover has ended its turn (its reinforcement due)."""
    state = state.clone()
    state.push(END_TURN)
    return state


def test_the_features_of_a_turn_end_are_logs_of_the_counts_worked_by_hand():
    # Seat 0: territory 0 (4 dice); seat 1: 1 (2 dice) and 2 (3 dice), joined.
    name, x = features(ended(board(*LINE)), 0)
    ln = math.log
    assert name == "two"
    expected = [1.0]
    # Me: score 1, dice 4 + the pool of 1 (room for 4), 1 territory, reserve 0.
    expected += [ln(2), ln(6), ln(2), ln(1)]
    # The next seat: score 2, dice 5, 2 territories, reserve 0.
    expected += [ln(3), ln(6), ln(3), ln(1)]
    # Danger: territory 1 (2 dice) against my 4; reach: my 4 against territory 1's 2.
    expected += [ln(1 + win_probability(2, 4)), ln(1 + win_probability(4, 2))]
    # My border: 1 territory, 4 dice (before the reinforcement), none with 2 or fewer;
    # the enemy territories facing it hold 2 dice.
    expected += [ln(2), ln(5), ln(1), ln(3)]
    assert x == pytest.approx(expected, abs=1e-12)
    assert len(x) == len(FEATURE_NAMES["two"])


def test_a_full_board_keeps_the_pool_as_reserve():
    state = ended(board([[1], [0]], [0, 1], [8, 3]))
    _, x = features(state, 0)
    assert x[2] == pytest.approx(math.log(9))  # no room: dice stay 8
    assert x[4] == pytest.approx(math.log(2))  # the pool of 1 goes to the reserve


def test_three_seats_alive_use_the_model_with_the_strongest_rival():
    view = {
        "num_players": 3,
        "map": {"neighbours": [[1], [0, 2], [1, 3], [2]]},
        "owners": [0, 1, 2, 2],
        "dice": [2, 3, 4, 5],
        "order": [0, 1, 2],
        "current": 0,
    }
    name, x = features(ended(GAME.from_position(view)), 0)
    assert name == "many"
    assert len(x) == len(FEATURE_NAMES["many"])
    # The rival (seat 2, after the next seat 1): score 2, dice 9, 2 territories.
    assert x[9:13] == pytest.approx([math.log(3), math.log(10), math.log(3), 0.0])
    assert x[-1] == pytest.approx(math.log(3))  # two other seats alive


def test_the_estimate_is_the_logistic_of_the_weighted_features():
    state = ended(board(*LINE))
    weights = {name: [0.1 * (i + 1) for i in range(len(f))] for name, f in FEATURE_NAMES.items()}
    _, x = features(state, 0)
    z = sum(w * f for w, f in zip(weights["two"], x, strict=True))
    assert estimate(weights, state, 0) == pytest.approx(1 / (1 + math.exp(-z)))


def test_the_shipped_weights_load_without_training_and_say_how_they_were_made():
    data = json.loads(WEIGHTS_FILE.read_text())
    weights = shipped_weights()
    for name, names in FEATURE_NAMES.items():
        model = weights[name]
        assert len(model.rows[0] if isinstance(model, Mlp) else model) == len(names)
        assert data["features"][name] == list(names)
    made = data["made_by"]
    assert made["command"].startswith("python -m agents.train dicewars")
    assert made["positions"]["two"] > 10_000 and made["positions"]["many"] > 10_000


def test_weights_that_do_not_fit_the_features_are_refused(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"models": {"two": [0.0], "many": [0.0] * 16}}))
    with pytest.raises(ValueError, match="two"):
        load_weights(path)


def agent_with(weights, **params):
    """The searching player alone (no sampled replies) with these weights."""
    params.setdefault("replies", 0)
    agent = LearnedAgent(**params)
    agent.weights = weights
    return agent


def test_it_plays_the_attack_whose_expected_value_beats_ending_the_turn():
    # A value of my dice only (after the reinforcement): w · x = log(dice + 1) - 2.
    weights = {n: [0.0] * len(f) for n, f in FEATURE_NAMES.items()}
    weights["two"][0], weights["two"][2] = -2.0, 1.0
    state = board(*LINE)
    sig = lambda z: 1 / (1 + math.exp(-z))  # noqa: E731
    end = sig(math.log(6) - 2)  # 4 dice + 1
    p = win_probability(4, 2)
    # Won: 1 + 3 dice, score 2 (0 and 1 joined): 6 dice; lost: 1 + 1 = 2.
    attack = p * sig(math.log(7) - 2) + (1 - p) * sig(math.log(3) - 2)
    decision = agent_with(weights, depth_two=1).act(state.clone(), 0, Budget(), random.Random(0))
    assert attack > end
    assert decision.move == (0, 1)
    assert decision.thinking["moves"][0]["value"] == pytest.approx(attack - end, abs=1e-5)
    assert decision.thinking["estimate_end_turn"] == pytest.approx(end, abs=1e-5)
    # Asking for more than that rise with two seats alive, it ends the turn; the margin
    # of a larger table (``margin``) does not apply here.
    cautious = agent_with(weights, depth_two=1, margin_two=attack - end + 0.01)
    assert cautious.act(state.clone(), 0, Budget(), random.Random(0)).move == END_TURN
    many = agent_with(weights, depth_two=1, margin=attack - end + 0.01)
    assert many.act(state.clone(), 0, Budget(), random.Random(0)).move == (0, 1)
    # The same on the log-odds: a rise in the logit just short of the attack's plays
    # it, just beyond it ends the turn.
    rise = math.log(attack / (1 - attack)) - math.log(end / (1 - end))
    assert rise > 0.02
    for logit_margin, move in ((rise - 0.01, (0, 1)), (rise + 0.01, END_TURN)):
        agent = agent_with(weights, depth_two=1, logit_margin_two=logit_margin)
        assert agent.act(state.clone(), 0, Budget(), random.Random(0)).move == move
    # A negative one plays an attack a little worse than ending the turn.
    worse = agent_with(weights, depth_two=1, margin_two=attack - end + 0.01, logit_margin_two=-1)
    assert worse.act(state.clone(), 0, Budget(), random.Random(0)).move == (0, 1)


def test_a_conquest_of_the_last_territory_is_worth_a_win():
    weights = {n: [0.0] * len(f) for n, f in FEATURE_NAMES.items()}
    decision = agent_with(weights).act(
        board([[1], [0]], [0, 1], [8, 1]), 0, Budget(), random.Random(0)
    )
    assert decision.move == (0, 1)
    assert decision.thinking["moves"][0]["value"] == pytest.approx(0.5)  # 1 against 0.5


def test_looking_two_battles_ahead_it_sees_the_conquest_one_battle_cannot():
    # A line 0-1-2: my 8 dice against 1 and 1. Taking 1 is sure but, one battle deep,
    # worth no more than ending the turn (a flat value of 0.5 everywhere); two battles
    # deep, 1 then takes 2 with 7 dice against 1, surely, and the game is won.
    weights = {n: [0.0] * len(f) for n, f in FEATURE_NAMES.items()}
    state = board([[1], [0, 2], [1]], [0, 1, 1], [8, 1, 1])
    shallow = agent_with(weights, depth_two=1).act(state.clone(), 0, Budget(), random.Random(0))
    deep = agent_with(weights, depth_two=2).act(state.clone(), 0, Budget(), random.Random(0))
    assert shallow.move == END_TURN
    assert shallow.thinking["moves"][0]["value"] == pytest.approx(0.0)
    assert deep.move == (0, 1)
    assert deep.thinking["moves"][0]["value"] == pytest.approx(0.5)


def test_a_beam_below_the_root_looks_deeper_at_the_best_attacks_only():
    # A star: my 8 dice in the middle against five single dice. Three battles deep,
    # the full search and a beam wider than the attacks agree; a beam of one can
    # only see less (never more) than the full search, and never less than one
    # battle deep.
    weights = shipped_weights()
    state = board(
        [[1, 2, 3, 4, 5], [0], [0], [0], [0], [0]], [0, 1, 1, 1, 1, 1], [8, 1, 2, 1, 3, 1]
    )
    deadline = Deadline.of(Budget(), 1.0)

    def value(inner_width: int, depth: int) -> float:
        return TurnSearch(state.clone(), 0, weights, deadline, inner_width).value(depth)

    full = value(0, 3)
    assert value(64, 3) == full
    assert value(1, 1) <= value(1, 3) <= full


def test_it_leaves_the_position_it_was_given_unchanged():
    state = board(*LINE)
    before = state.full_view()
    get("dicewars-best:depth=2").act(state, 0, Budget(), random.Random(0))
    after = state.full_view()
    assert before == after


def test_the_same_seed_gives_the_same_games():
    # 80 turns: every decision searches four battles deep and plays the reply out 16
    # times (drawn from the seeded RNG), and a whole game of that on every seat would
    # take minutes on a loaded machine.
    assert_same_games("dicewars-best", options={"max_turns": 80})


# ----- training ------------------------------------------------------------------------


def test_the_fit_recovers_the_weights_that_made_the_outcomes():
    rng = np.random.default_rng(3)
    x = np.column_stack([np.ones(20_000), rng.normal(size=(20_000, 2))])
    true = np.array([-0.5, 1.5, -2.0])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-(x @ true)))).astype(float)
    assert training.fit(x, y, l2=0.0) == pytest.approx(true, abs=0.08)


def test_training_is_fixed_by_the_seed_and_the_counts_whatever_the_jobs():
    one = training.train(games=2, players=(2,), iterations=2, seed="t", jobs=1, quiet=True)
    again = training.train(games=2, players=(2,), iterations=2, seed="t", jobs=2, quiet=True)
    other = training.train(games=2, players=(2,), iterations=2, seed="u", jobs=1, quiet=True)
    assert one == again
    assert one["models"] != other["models"]
    assert one["made_by"]["positions"]["two"] > 0


# ----- the small network ------------------------------------------------------------------


def tiny_mlp(n: int, hidden: int = 3) -> dict:
    rng = np.random.default_rng(5)
    return {
        "kind": "mlp",
        "mean": [1.0] + [float(v) for v in rng.normal(size=n - 1)],
        "std": [1.0] + [float(v) for v in rng.uniform(0.5, 2.0, size=n - 1)],
        "w1": [[float(v) for v in row] for row in rng.normal(size=(hidden, n))],
        "b1": [float(v) for v in rng.normal(size=hidden)],
        "w2": [float(v) for v in rng.normal(size=hidden)],
        "b2": 0.3,
    }


def test_the_network_computes_what_its_file_says_with_the_scaling_folded_in():
    n = len(FEATURE_NAMES["many"])
    data = tiny_mlp(n)
    model = load_model("many", data)
    assert isinstance(model, Mlp)
    x = [1.0] + [0.1 * i for i in range(1, n)]
    # By hand: standardise, one tanh layer, a weighted sum.
    xs = [(v - m) / s for v, m, s in zip(x, data["mean"], data["std"], strict=True)]
    hidden = [
        math.tanh(b + sum(w * f for w, f in zip(row, xs, strict=True)))
        for row, b in zip(data["w1"], data["b1"], strict=True)
    ]
    z = data["b2"] + sum(v * h for v, h in zip(data["w2"], hidden, strict=True))
    assert model.logit(x) == pytest.approx(z, abs=1e-9)
    # The training's own prediction agrees.
    assert training.predict(data, np.array([x]))[0] == pytest.approx(1 / (1 + math.exp(-z)))


def test_a_network_that_does_not_fit_the_features_is_refused():
    data = tiny_mlp(len(FEATURE_NAMES["many"]))
    with pytest.raises(ValueError, match="two"):
        load_model("two", data)
    with pytest.raises(ValueError, match="kind"):
        load_model("many", {**data, "kind": "forest"})


def test_the_network_fit_learns_what_a_line_cannot_and_is_fixed_by_its_seed():
    # y depends on |x1|: no logistic line separates it; 8 tanh units do.
    rng = np.random.default_rng(4)
    x = np.column_stack([np.ones(4000), rng.normal(size=(4000, 2))])
    y = (rng.random(4000) < 1 / (1 + np.exp(-(3 * np.abs(x[:, 1]) - 2)))).astype(float)
    net = training.fit_mlp(x, y, hidden=8, seed=1)
    line = training.fit(x, y)
    assert training.log_loss(x, y, net) < training.log_loss(x, y, line) - 0.05
    assert training.fit_mlp(x, y, hidden=8, seed=1) == net
    assert training.fit_mlp(x, y, hidden=8, seed=2) != net


def test_training_a_network_is_fixed_by_the_seed_and_refits_from_saved_positions(tmp_path):
    saved = str(tmp_path / "d.npz")
    # The same small run three ways: saving its positions, again, and refit from the file.
    run = dict(
        games=2, players=(3,), iterations=1, seed="t", quiet=True, model={"many": "mlp"}, hidden=4
    )
    one = training.train(**run, data_out=saved)
    again = training.train(**run)
    refit = training.train(**run, data_in=saved)
    assert one == again
    assert refit == one  # the weights, and made_by still says how the positions were played
    assert one["models"]["many"]["kind"] == "mlp"
    assert isinstance(one["models"]["two"], list)
    # The learned player plays with it, the same move from the same position.
    agent = agent_with({n: load_model(n, m) for n, m in one["models"].items()})
    view = {
        "num_players": 3,
        "map": {"neighbours": [[1], [0, 2], [1, 3], [2]]},
        "owners": [0, 1, 2, 2],
        "dice": [5, 3, 4, 5],
        "order": [0, 1, 2],
        "current": 0,
    }
    moves = [
        agent.act(GAME.from_position(view), 0, Budget(), random.Random(k)).move for k in range(2)
    ]
    assert moves[0] == moves[1] and moves[0] in (END_TURN, (0, 1))


# ----- the next player's reply, sampled ---------------------------------------------------


def midgame(seed: int = 4, turns: int = 6):
    """A two-seat position a few turns in, the mover to attack (seeded random play)."""
    rng = random.Random(seed)
    state = GAME.new_state(2, None)
    while state.turn < turns or state.phase != ATTACK or not legal_attacks(state):
        if state.phase == ATTACK:
            options = legal_attacks(state)
            state.push(rng.choice(options) if options and rng.random() < 0.5 else END_TURN)
        else:
            state.push(state.sample_chance(rng))
    return state


def test_a_sampled_reply_leaves_the_position_as_it_was_and_is_fixed_by_its_seed():
    state = midgame()
    me = state.mover
    search = TurnSearch(state.clone(), me, shipped_weights(), Deadline.of(Budget(), 1.0))
    before = search.state.full_view()
    attack = legal_attacks(state)[0]
    for option in (END_TURN, attack):
        values = [reply.sample(search, option, wpm_move, random.Random(s)) for s in range(12)]
        assert search.state.full_view() == before
        assert all(0.0 <= v <= 1.0 for v in values)
        assert values == [
            reply.sample(search, option, wpm_move, random.Random(s)) for s in range(12)
        ]
        assert len(set(values)) > 1  # the dice differ from seed to seed


def test_a_won_battle_for_the_last_territory_is_a_sampled_win():
    state = board([[1], [0]], [0, 1], [8, 1])
    search = TurnSearch(state.clone(), 0, shipped_weights(), Deadline.of(Budget(), 1.0))
    values = reply.replied_values(search, [END_TURN, (0, 1)], wpm_move, 16, random.Random(1))
    assert values[(0, 1)] == 1.0  # 8 dice against 1 always win: the game is over
    assert values[END_TURN] < 1.0


def test_with_replies_it_plays_the_option_whose_samples_are_best_and_says_so():
    state = midgame()
    agent = get("dicewars-best:replies=8,reply_band=0")
    decision = agent.act(state.clone(), state.mover, Budget(), random.Random(3))
    replies = decision.thinking["replies"]
    assert "end" in replies and len(replies) >= 2
    best = max(replies, key=replies.__getitem__)
    played = "end" if decision.move == END_TURN else f"{decision.move[0]}>{decision.move[1]}"
    assert replies[played] == replies[best]
    again = agent.act(state.clone(), state.mover, Budget(), random.Random(3))
    assert again.move == decision.move and again.thinking == decision.thinking
    # Without replies the search alone decides, and says nothing of them.
    plain = get("dicewars-best:replies=0").act(
        state.clone(), state.mover, Budget(), random.Random(3)
    )
    assert "replies" not in plain.thinking
