"""Footsies solved: values, mixes, their guarantees, exploitability and the command."""

import json

import numpy as np
import pytest

from agents.core import OutOfTime, within
from agents.equilibrium import matrix, tables
from agents.equilibrium.__main__ import main
from agents.equilibrium.footsies import _solve, mirror, solve, solve_now
from agents.equilibrium.response import BestResponse, exploitability, uniform
from agents.equilibrium.tables import SHIPPED
from agents.footsies.counter import CounterAgent
from games.footsies import GAME, MOVES

VARIANTS = [{}, {"block_exhaustion": "loss"}, {"attacks_to_win": 1}, {"rounds": 3}]


def position(solution, key):
    """A state at a solved position (seat 0's view)."""
    b0, b1, s0, s1, turn, w0, w1, played = key
    view = GAME.new_state(2, solution.options).observation(None)
    view.update(
        blocks=[b0 or 0, b1 or 0],
        streak=[s0, s1],
        previous=["A", "A"],
        turn=turn or 1,
        round=played + 1,
        round_wins=[w0, w1],
        round_results=[0] * w0 + [1] * w1 + [None] * (played - w0 - w1),
    )
    return GAME.from_position(view)


def test_it_values_the_symmetric_start_at_zero():
    for options in VARIANTS:
        assert abs(solve(options).value) < 1e-12


def test_it_finds_the_unique_rock_paper_scissors_mix_at_the_start():
    # x = (a, b, g, d) keeps 0 against every column only if d >= 0 (vs A), g >= d
    # (vs B), d >= b (vs G) and b >= a + g (vs DP): so a = 0 and b = g = d = 1/3.
    solution = solve()
    mix = solution.mixes[solution.start]
    assert np.allclose(mix, [0, 1 / 3, 1 / 3, 1 / 3])
    assert solution.unique[solution.start]


def test_it_finds_the_hand_derived_mix_with_a_hit_in_against_no_blocks():
    # One hit in, the opponent out of blocks: Attack lands whether they block or grab.
    # x = (1/3, 4/9, 0, 2/9) earns 2/9, 1/9, 1/9, 1/9 against A, B, G, DP and the
    # opponent's (0, 2/9, 1/3, 4/9) holds every row to 1/9: the value is 1/9.
    solution = solve()
    key = (3, 0, 1, 0, None, 0, 0, 0)
    assert abs(solution.values[key] - 1 / 9) < 1e-12
    # The only optimal mixes there, so any solver on any CPU must land on them.
    assert solution.unique[key] and solution.unique[mirror(key)]
    assert np.allclose(solution.mixes[key], [1 / 3, 4 / 9, 0, 2 / 9])
    assert np.allclose(solution.mixes[mirror(key)], [0, 2 / 9, 1 / 3, 4 / 9])


@pytest.mark.parametrize("options", VARIANTS, ids=json.dumps)
def test_every_mix_guarantees_its_positions_value(options):
    solution = solve(options)
    for key, game in solution.matrices.items():
        assert matrix.guarantee(game, solution.mixes[key]) >= solution.values[key] - 1e-12


@pytest.mark.parametrize("options", VARIANTS, ids=json.dumps)
def test_every_value_is_minus_the_mirrored_one(options):
    solution = solve(options)
    for key, v in solution.values.items():
        assert abs(v + solution.values[mirror(key)]) < 1e-12


@pytest.mark.parametrize("options", VARIANTS[:3], ids=json.dumps)
def test_no_best_response_beats_the_equilibrium_from_any_position(options):
    # The stationary mixes guarantee the value in the whole game, cycles included.
    solution = solve(options)
    responder = BestResponse(solution.mix, seat=1)
    for key, v in solution.values.items():
        assert responder.value(position(solution, key)) <= -v + 1e-12


def test_it_solves_a_turn_cap_by_backward_induction():
    solution = solve({"max_turns": 2})
    last = (3, 0, 1, 0, 1, 0, 0, 0)  # the last turn: only a win now counts
    assert abs(solution.values[last] - 1 / 9) < 1e-12
    assert "blocks 3-3 streak 0-0 turn 0" in solution.strategy()


def test_it_ignores_blocks_when_they_cannot_run_out():
    strategy = solve({"block_exhaustion": "unlimited"}).strategy()
    assert set(strategy) == {f"blocks any streak {a}-{b}" for a in (0, 1) for b in (0, 1)}


def test_a_random_player_is_exploited_by_dragon_punch_for_a_third():
    # DP every turn: wins against A and G, loses to B, repeats against DP: v = (1 + v) / 4.
    assert abs(exploitability(uniform) - 1 / 3) < 1e-12


def test_the_counter_player_is_exploited_for_a_half():
    # Its random opening beats any fixed reply one time in four; then it is predictable.
    assert abs(exploitability(CounterAgent().mix) - 1 / 2) < 1e-12


def test_the_published_matrix_has_an_equilibrium_too():
    # The write-up's 4x4 matrix (rows and columns A, B, G, DP): not even antisymmetric
    # (A-DP and DP-A both +1), yet, like every finite zero-sum game, it has a value.
    published = np.array([[0, 1, -1, 1], [-1, 0, 1, -1], [1, -1, 0, 1], [1, -1, 1, 0]], float)
    v, x = matrix.solve(published)
    assert matrix.guarantee(published, x) >= v - 1e-12
    _, y = matrix.solve(-published.T)
    assert (published @ y).max() <= v + 1e-12


def test_the_support_shortcut_agrees_with_the_lp():
    rng = np.random.default_rng(3)
    for _ in range(50):
        game = rng.uniform(-1, 1, (4, 4))
        v, hint = matrix.value(game)
        assert matrix.value(game + 1e-6, hint)[0] == pytest.approx(v + 1e-6, abs=1e-9)


def test_the_command_prints_value_strategy_and_exploitability(capsys):
    assert main(["footsies", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] == 0
    assert len(report["strategy"]) == 4 * 4 * 2 * 2
    assert set(report["exploitability"]) == {"random", "footsies-counter", "footsies-nash"}
    assert report["exploitability"]["footsies-nash"] == 0
    for mix in report["strategy"].values():
        assert set(mix) == set(MOVES) and abs(sum(mix.values()) - 1) < 1e-6


def test_the_command_takes_options(capsys):
    main(["footsies", "--json", "--option", "blocks=1", "--option", "attacks_to_win=3"])
    report = json.loads(capsys.readouterr().out)
    assert report["options"]["blocks"] == 1
    assert len(report["strategy"]) == 2 * 2 * 3 * 3


def test_the_command_refuses_a_bad_option(capsys):
    with pytest.raises(SystemExit):
        main(["footsies", "--option", "rounds=0"])
    assert "rounds" in capsys.readouterr().err


# ----- the shipped tables --------------------------------------------------------------


@pytest.mark.parametrize("options", SHIPPED, ids=json.dumps)
def test_the_shipped_table_is_an_equilibrium_of_the_solvers_game(options):
    # A position's linear program can have many optimal mixes, and which vertex a solver
    # lands on depends on the CPU's floating point (AMD and Intel differ). What must hold
    # everywhere: the same games, the same values, and every shipped mix guarantees its
    # position's value, so nothing exploits it (the next test checks the whole game).
    checked = GAME.resolve_options(options)
    shipped = solve(checked)
    fresh = solve_now(checked)
    assert shipped is tables.shipped()[tables.frozen(checked)]  # no solve at move time
    assert shipped.values.keys() == fresh.values.keys()
    for key in fresh.values:
        assert abs(shipped.values[key] - fresh.values[key]) < 1e-9
        assert np.allclose(shipped.matrices[key], fresh.matrices[key], atol=1e-9)
        game = shipped.matrices[key]
        assert abs(sum(shipped.mixes[key]) - 1) < 1e-9 and min(shipped.mixes[key]) >= -1e-12
        assert matrix.guarantee(game, shipped.mixes[key]) >= fresh.values[key] - 1e-9


@pytest.mark.parametrize("options", SHIPPED, ids=json.dumps)
def test_nothing_exploits_the_shipped_mixes(options):
    # The whole-game check of the property above: the best response to the shipped
    # policy, from either seat, earns no more than the game's value (0) plus 1e-9.
    solution = solve(GAME.resolve_options(options))
    for seat in (0, 1):
        assert exploitability(solution.mix, solution.options, seat) <= 1e-9


def test_a_rule_set_not_shipped_is_solved_once_and_kept():
    options = {"blocks": 2, "attacks_to_win": 3}
    assert tables.frozen(GAME.resolve_options(options)) not in tables.shipped()
    assert solve(options) is solve(options)


def test_a_solve_stops_at_the_deadline_and_keeps_nothing():
    kept = _solve.cache_info().currsize
    with within(0.05), pytest.raises(OutOfTime):
        solve({"blocks": 60, "rounds": 5})
    assert _solve.cache_info().currsize == kept
