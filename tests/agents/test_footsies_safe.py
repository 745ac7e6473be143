"""Safe exploitation (``agents/footsies/safe.py``) and the exact best response against a
learning player (``agents/footsies/exploitability.py``): ``footsies-best`` can lose no
more than its ``risk`` (0.02 of a match: 1 point of the expected score) to anyone."""

import pytest

from agents import get
from agents.equilibrium.footsies import solve
from agents.footsies.exploitability import best_response
from agents.footsies.safe import Ledger, against, kelly_mix, safe_mix, worst_case

#: The start of the lobby's match (first to 3 of 5 rounds of at most 20 turns).
LOBBY = {"rounds": 5, "max_turns": 20}


def start():
    solution = solve(LOBBY)
    key = solution.start
    matrix = solution.matrices[key].tolist()
    return matrix, float(solution.values[key]), [float(p) for p in solution.mixes[key]]


def test_with_no_budget_the_only_safe_mix_is_the_equilibrium():
    matrix, value, equilibrium = start()
    mix, _ = safe_mix(matrix, value, [0.0, 1.0, 0.0, 0.0])  # a sure Block predicted
    assert mix == pytest.approx(equilibrium, abs=1e-9)


def test_a_stake_buys_twice_its_size_against_a_right_prediction_and_no_more():
    # At the start a round is worth 0.375 of the match. Leaning from Dragon Punch to
    # Grab against a predicted Block wins twice what it stakes: Block, Grab and Dragon
    # Punch beat each other in a circle, so no lean does better (the bound is exact).
    matrix, value, _ = start()
    stake = 0.01
    mix, gain = safe_mix(matrix, value - stake, [0.0, 1.0, 0.0, 0.0])
    assert worst_case(mix, matrix) == pytest.approx(value - stake, abs=1e-12)
    assert gain - value == pytest.approx(2 * stake, abs=1e-12)


def test_a_floor_above_the_value_is_refused():
    matrix, value, _ = start()
    assert safe_mix(matrix, value + 0.01, [0.25] * 4) is None


@pytest.mark.parametrize("sure", [0.4, 0.7, 0.97])
def test_kelly_leans_further_the_surer_the_prediction_and_never_stakes_it_all(sure):
    matrix, value, equilibrium = start()
    rest = (1 - sure) / 3
    opponent = [rest, sure, rest, rest]
    mix, gain = kelly_mix(matrix, value, 0.05, opponent, equilibrium)
    staked = value - worst_case(mix, matrix)
    assert 0 < staked < 0.05
    assert gain > against(equilibrium, matrix, opponent)
    if sure > 0.5:
        weaker = [(1 - 0.4) / 3, 0.4, (1 - 0.4) / 3, (1 - 0.4) / 3]
        leaner, _ = kelly_mix(matrix, value, 0.05, weaker, equilibrium)
        assert staked > value - worst_case(leaner, matrix)


def test_the_ledger_books_what_the_opponents_move_gave_away():
    matrix, value, equilibrium = start()
    ledger = Ledger(0.02)
    # Attack at the start is no best reply to the equilibrium: a third of the time it
    # meets a Dragon Punch and loses the round (0.375 of the match).
    gift = ledger.add(equilibrium, matrix, value, 0)
    assert gift == pytest.approx(0.375 / 3)
    assert ledger.budget == pytest.approx(0.02 + 0.125)
    # Block is a best reply to it: nothing given, nothing taken.
    assert ledger.add(equilibrium, matrix, value, 1) == pytest.approx(0.0, abs=1e-15)


@pytest.mark.parametrize(
    "options",
    [{"rounds": 3, "max_turns": 1}, {"rounds": 1, "max_turns": 4}],
)
def test_no_opponent_expects_more_than_the_risk_against_footsies_best(options):
    # The exact best response: every history of the match walked, the opponent choosing
    # the best move at each with footsies-best's mixes known (it shows them).
    for seat in (0, 1):
        walk = best_response(get("footsies-best"), options, seat)
        assert walk.value <= 0.02 + 1e-9
        assert walk.nodes > 100  # it leaned somewhere: many histories were reached


def test_without_the_ledger_the_same_player_is_beaten_every_time():
    # The same predictions answered in full (a budget of 2 is never binding): the best
    # response wins every match, so it is the ledger that bounds footsies-best.
    walk = best_response(get("footsies-best:risk=2,sizing=linear"), {"rounds": 3, "max_turns": 1})
    assert walk.value == pytest.approx(1.0)


def test_the_equilibrium_player_gives_nothing_to_the_best_response():
    walk = best_response(get("footsies-nash"), {"rounds": 3, "max_turns": 1})
    assert walk.value == pytest.approx(0.0, abs=1e-9)
