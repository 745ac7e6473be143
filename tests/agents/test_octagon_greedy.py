"""The designer's weighted greedy AI on hand-made positions (docs/games/octagon.md, Agent)."""

from __future__ import annotations

import random

from agents.core import Budget, get
from agents.octagon.greedy import WeightedGreedyAgent
from games.octagon import GAME, position_weights, safety_table

POS = position_weights("standard")
SAFETY = safety_table("standard")
N, NE, E, S, NW = 0, 1, 2, 4, 7


def board(pieces, made=2, stocks=None):
    """A standard-board position; ``pieces`` are (row, column, owner) 1-pieces pointing N.

    An even ``made`` puts seat 0 to move (seat 0 places first, one placement a turn).
    """
    view = GAME.new_state().observation(None)
    view["pieces"] = [
        {"cell": [r, c], "owner": owner, "kind": 1, "orientation": "N"} for r, c, owner in pieces
    ]
    view["placements_made"] = made
    view["last"] = None
    if stocks is not None:
        view["stocks"] = stocks
    return GAME.from_position(view)


def value_of(state, move, **params):
    found = WeightedGreedyAgent(**params).candidates(state, state.current())
    return next(c for c in found if c.move == move)


def decide(state, seed=0, spec="octagon-greedy"):
    return get(spec).act(state.clone(), state.current(), Budget(), random.Random(seed))


# ----- the value of a candidate ---------------------------------------------------------


def test_it_adds_the_kill_value_to_the_position_weight():
    state = board([(0, 4, 1)])  # seat 1's piece on the top edge, under (1,4)
    assert value_of(state, (1, 4, 1, N)).value == POS[(1, 4)] + 34


def test_it_doubles_the_kill_value_in_the_last_fifth_of_the_game():
    late = board([(0, 4, 1)], made=24)  # placements 25..30 of 30 are the last 20 %
    assert value_of(late, (1, 4, 1, N)).value == POS[(1, 4)] + 68


def test_it_keeps_the_normal_kill_value_before_the_last_fifth():
    early = board([(0, 4, 1)], made=22)
    assert value_of(early, (1, 4, 1, N)).kill_points == 34


def test_it_adds_five_for_a_push_to_a_less_safe_cell():
    state = board([(2, 3, 1)])  # pushed N from (2,3) to (1,3)
    assert SAFETY[(1, 3)] < SAFETY[(2, 3)]
    assert value_of(state, (3, 3, 1, N)).value == POS[(3, 3)] + 5


def test_it_takes_five_off_for_a_push_to_a_safer_cell():
    state = board([(1, 3, 1)])  # pushed S from (1,3) to (2,3)
    assert SAFETY[(2, 3)] > SAFETY[(1, 3)]
    assert value_of(state, (0, 3, 1, S)).value == POS[(0, 3)] - 5


def test_it_counts_an_own_piece_killed_by_cannoning_against_the_move():
    # The push on seat 1's (1,4) passes to seat 0's own (0,4), which falls off the edge.
    state = board([(1, 4, 1), (0, 4, 0)])
    candidate = value_of(state, (2, 4, 1, N))
    assert (candidate.effect.own_lost, candidate.value) == (1, POS[(2, 4)] - 34)


def test_it_scales_the_position_term_with_its_knob():
    state = board([(0, 4, 1)])
    assert value_of(state, (1, 4, 1, N), position_scale=0.5).position == POS[(1, 4)] / 2


def test_it_values_a_piece_as_the_sum_of_its_arrows():
    # N kills (0,4); E pushes (1,5) to (1,6), a less safe cell.
    state = board([(0, 4, 1), (1, 5, 1)])
    assert value_of(state, (1, 4, 8, 0)).value == POS[(1, 4)] + 34 + 5


# ----- the piece economy ------------------------------------------------------------------


def test_it_keeps_a_limited_piece_that_beats_the_best_1_piece_by_less_than_a_kill():
    # The 8-piece would add a +5 push to the 1-piece's kill: not worth a limited piece.
    state = board([(0, 4, 1), (1, 5, 1)])
    assert decide(state).move[2] == 1


def test_it_spends_a_limited_piece_that_beats_the_best_1_piece_by_a_kill():
    # (0,3) and (0,4) lie NW and N of (1,4): only the 8-piece kills both (exactly +34).
    state = board([(0, 3, 1), (0, 4, 1)])
    assert decide(state).move == (1, 4, 8, 0)


def test_it_spends_limited_pieces_freely_once_they_could_fill_every_placement_left():
    # made 16: seat 0 has 7 placements left and 7 limited pieces. The "+" 4-piece and the
    # 8-piece tie at the top (kill + push); the weaker 4-piece is preferred.
    state = board([(0, 4, 1), (1, 5, 1)], made=16)
    assert decide(state).move == (1, 4, 4, 0)


def test_it_keeps_to_1_pieces_while_placements_left_exceed_limited_pieces():
    state = board([(0, 4, 1), (1, 5, 1)], made=14)  # 8 placements left, 7 pieces
    assert decide(state).move[2] == 1


def test_it_can_switch_the_economy_rule_off():
    state = board([(0, 4, 1), (1, 5, 1)])
    assert decide(state, spec="octagon-greedy:economy=false").move == (1, 4, 4, 0)


# ----- choosing among equals ----------------------------------------------------------------


def safest_opening_moves():
    """On the empty board the best candidates are every 1-piece orientation on the
    safest cells, in scan order (row-major, then orientation)."""
    top = max(SAFETY.values())
    cells = sorted(cell for cell, s in SAFETY.items() if s == top)
    return [(r, c, 1, o) for r, c in cells for o in range(8)]


def test_it_draws_among_the_maximal_candidates_with_the_rng():
    state = GAME.new_state()
    expected = safest_opening_moves()
    for seed in range(12):
        assert decide(state, seed).move == random.Random(seed).choice(expected)


def test_it_spreads_its_choice_over_the_tied_candidates():
    state = GAME.new_state()
    chosen = {decide(state, seed).move for seed in range(40)}
    assert len(chosen) > 20 and chosen <= set(safest_opening_moves())


def test_it_lets_noise_break_the_ties():
    thinking = decide(GAME.new_state(), spec="octagon-greedy:noise=1.0").thinking
    assert thinking["tied"] == 1


# ----- what it shows ----------------------------------------------------------------------


def test_it_shows_the_top_candidates_best_first():
    thinking = decide(board([(0, 3, 1), (0, 4, 1)])).thinking
    values = [row["value"] for row in thinking["moves"]]
    assert values == sorted(values, reverse=True) and thinking["moves"][0]["move"] == "1,4,8,N"


def test_it_breaks_the_chosen_value_down_into_its_terms():
    chosen = decide(board([(0, 4, 1), (1, 5, 1)])).thinking["chosen"]
    parts = chosen["position"] + chosen["kill_points"] + chosen["push_points"]
    assert (chosen["kills"], parts) == (1, chosen["value"])
