"""Button Men rounds: the opening roll, initiative, round end, scores and the match."""

import pytest

from games.buttonmen import GAME, round_scores
from games.buttonmen.positions import position
from games.buttonmen.rules import initiative
from games.core import CHANCE, TERMINAL, IllegalMove


def _roll_node(fighters=("Avis", "Hammer"), swing=(10, 10)):
    """Round 1, swing sizes chosen and revealed, waiting for the opening roll."""
    state = GAME.new_state(2, {"fighters": list(fighters)})
    return state.apply_joint({0: ("swing", swing[0]), 1: ("swing", swing[1])})


def _state(own, foe, **kwargs):
    return GAME.from_position(position(own, foe, **kwargs))


# ----- initiative -----------------------------------------------------------------------------


def test_it_gives_the_first_move_to_the_lower_smallest_value():
    assert initiative([2, 9, 9], [3, 4, 5]) == 0


def test_it_compares_values_sorted_not_in_recipe_order():
    assert initiative([9, 1], [2, 3]) == 0


def test_it_compares_the_next_values_when_the_lowest_match():
    assert initiative([1, 3, 20], [4, 1, 2]) == 1


def test_it_gives_the_first_move_to_more_dice_when_the_shorter_list_runs_out():
    assert initiative([1, 2], [2, 1, 7]) == 1


def test_it_leaves_a_full_tie_to_the_coin():
    assert initiative([5, 1], [1, 5]) is None


def test_it_starts_play_with_the_seat_that_has_initiative():
    state = _roll_node().apply(("roll", (4, 4, 10, 12, 10), (1, 12, 20, 20, 10)))
    assert state.current() == 1


def test_it_tosses_a_fair_coin_on_a_full_tie():
    state = _roll_node().apply(("roll", (1, 2, 3, 4, 5), (5, 4, 3, 2, 1)))
    assert state.current() == CHANCE
    assert state.chance_outcomes() == [(("coin", 0), 0.5), (("coin", 1), 0.5)]


def test_it_lets_the_coin_winner_move_first():
    state = _roll_node().apply(("roll", (1, 2, 3, 4, 5), (5, 4, 3, 2, 1)))
    assert state.apply(("coin", 1)).current() == 1


# ----- the opening roll -----------------------------------------------------------------------


def test_it_rolls_every_die_of_both_seats_in_one_chance_event():
    state = _roll_node().apply(("roll", (1, 2, 3, 4, 5), (6, 7, 8, 9, 10)))
    values = [[d["value"] for d in dice] for dice in state.observation(None)["dice"]]
    assert values == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]


def test_it_samples_the_opening_roll_when_there_are_too_many_results():
    assert _roll_node().chance_outcomes() is None


@pytest.mark.parametrize(
    "roll",
    [
        ("roll", (5, 2, 3, 4, 5), (6, 7, 8, 9, 10)),  # a d4 showing 5
        ("roll", (0, 2, 3, 4, 5), (6, 7, 8, 9, 10)),  # no face 0
        ("roll", (1, 2, 3, 4), (6, 7, 8, 9, 10)),  # a die missing
        ("roll", (1, 2, 3, 4, 5), (6, 7, 8, 9, 11)),  # the swing die is a d10
    ],
)
def test_it_refuses_an_impossible_opening_roll(roll):
    with pytest.raises(IllegalMove):
        _roll_node().apply(roll)


def test_it_rolls_within_each_dies_faces():
    state = _roll_node(("Avis", "Stark"), swing=(4, 17))
    import random

    sizes = [[4, 4, 10, 12, 4], [4, 6, 8, 17, 17]]
    rng = random.Random(3)
    for _ in range(200):
        _, first, second = state.sample_chance(rng)
        for values, faces in zip((first, second), sizes, strict=True):
            assert all(1 <= v <= n for v, n in zip(values, faces, strict=True))


def test_it_enumerates_a_small_opening_roll_exactly():
    view = position([(4, None)], [(6, None)], phase="roll", turn=None)
    view["fighters"] = [{"name": "Tiny", "recipe": [4]}, {"name": "Small", "recipe": [6]}]
    outcomes = GAME.from_position(view).chance_outcomes()
    assert len(outcomes) == 24
    assert outcomes[0] == (("roll", (1,), (1,)), 1 / 24)


# ----- round end and scores -------------------------------------------------------------------


def test_it_ends_the_round_after_two_passes_in_a_row():
    state = _state([(4, 1)], [(4, 2)], turn=0, passes=1).apply(("pass",))
    assert state.observation(None)["rounds"][0]["round"] == 1


def test_it_keeps_the_round_going_after_one_pass():
    state = _state([(4, 1)], [(4, 2)], turn=0).apply(("pass",))
    assert state.observation(None)["rounds"] == []
    assert state.current() == 1


def test_it_forgets_a_pass_once_somebody_attacks():
    state = _state([(12, 9), (6, 1)], [(20, 7), (6, 6)], passes=1).apply(("power", (0,), 0))
    assert state.observation(None)["passes"] == 0


def test_it_ends_the_round_when_a_seat_has_no_dice_left():
    state = _state([(12, 9)], [(20, 7)]).apply(("power", (0,), 0))
    assert state.observation(None)["rounds"] == [{"round": 1, "score": [26.0, 0.0], "winner": 0}]


def test_it_scores_captured_sizes_plus_half_of_own_dice_in_play():
    state = _state([(4, 1), (7, 3, "X")], [(20, 9)], captured=([20], []))
    assert round_scores(state) == (25.5, 10.0)


def test_it_scores_sizes_not_showing_values():
    low = _state([(12, 1)], [(20, 1)])
    high = _state([(12, 12)], [(20, 20)])
    assert round_scores(low) == round_scores(high)


def test_it_gives_the_round_to_the_higher_score():
    state = _state([(4, 1)], [(6, 5)], passes=1).apply(("pass",))
    assert state.observation(None)["rounds"][0]["winner"] == 1


def test_it_counts_a_tied_round_for_nobody():
    state = _state([(6, 1)], [(6, 5)], passes=1).apply(("pass",))
    view = state.observation(None)
    assert (view["rounds"][0]["winner"], view["round_wins"], view["round_draws"]) == (
        None,
        [0, 0],
        1,
    )


def test_it_starts_the_next_round_with_every_die_back():
    state = _state([(12, 9)], [(20, 7)], swing=(6, 8)).apply(("power", (0,), 0))
    state = state.apply(("swing", 8)).apply(("roll", (1, 1, 1, 1, 1), (2, 2, 2, 2, 2)))
    sizes = [[d["size"] for d in dice] for dice in state.observation(None)["dice"]]
    assert sizes == [[4, 4, 10, 12, 6], [6, 12, 20, 20, 8]]


def test_it_empties_the_captured_piles_for_the_next_round():
    state = _state([(12, 9)], [(20, 7)], swing=(6, 8)).apply(("power", (0,), 0))
    assert state.observation(None)["captured"] == [[], []]


# ----- the match ------------------------------------------------------------------------------


def _win_round(rounds, options=None):
    """Seat 0 takes seat 1's last die after the finished ``rounds``."""
    view = position(
        [(12, 9)],
        [(20, 7)],
        swing=(6, 8),
        rounds=rounds,
        round_number=len(rounds) + 1,
        options=options,
    )
    return GAME.from_position(view).apply(("power", (0,), 0))


def test_it_ends_the_match_at_three_round_wins_by_default():
    state = _win_round([(0, 30, 20), (1, 20, 30), (0, 30, 20)])
    assert state.current() == TERMINAL
    assert state.returns() == (1.0, -1.0)


def test_it_plays_on_before_three_round_wins_by_default():
    assert _win_round([(0, 30, 20)]).current() != TERMINAL


def test_it_ends_the_match_at_two_round_wins_when_asked():
    state = _win_round([(0, 30, 20)], {"rounds_to_win": 2})
    assert state.returns() == (1.0, -1.0)


def test_it_counts_tied_rounds_toward_no_match_win():
    state = _win_round([(None, 20, 20), (None, 20, 20), (0, 30, 20)])
    assert state.current() != TERMINAL


def test_it_calls_the_match_a_draw_after_the_200th_round():
    rounds = [(None, 20, 20)] * 199
    view = position([(6, 1)], [(6, 5)], passes=1, rounds=rounds, round_number=200, swing=(6, 8))
    state = GAME.from_position(view).apply(("pass",))
    assert state.current() == TERMINAL
    assert state.returns() == (0.0, 0.0)
    assert state.outcome().is_draw


def test_it_ranks_the_match_winner_first():
    state = _win_round([(0, 30, 20), (1, 20, 30), (0, 30, 20)])
    assert state.outcome().ranks == (1, 2)


def test_it_offers_no_moves_after_the_match():
    state = _win_round([(0, 30, 20), (1, 20, 30), (0, 30, 20)])
    assert state.legal_moves(0) == state.legal_moves(1) == []
