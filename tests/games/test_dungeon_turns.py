"""Turn order, the roll, the end of a turn and the end of the battle."""

from collections import Counter
from itertools import product

from games.core import CHANCE, TERMINAL
from games.dungeon import GAME
from games.dungeon.moves import MAX_ACTIONS
from games.dungeon.positions import position, position_view


def play(state, *texts):
    for text in texts:
        state = state.apply(state.str_to_move(text))
    return state


def test_it_opens_with_the_heros_roll():
    state = GAME.new_state()
    assert (state.current(), state.observation(None)["to_move"]) == (CHANCE, 0)


def test_it_lets_the_hero_act_first():
    assert play(GAME.new_state(), "roll:1,2,3").current() == 0


def test_it_rolls_the_heros_dice_per_turn():
    assert all(len(o) - 1 == 3 for o, _ in GAME.new_state().chance_outcomes())


def test_it_rolls_sorted_dice_with_multinomial_odds():
    counts = Counter(("roll", *sorted(faces)) for faces in product(range(1, 7), repeat=3))
    expected = {roll: n / 6**3 for roll, n in counts.items()}
    got = dict(GAME.new_state().chance_outcomes())
    assert got.keys() == expected.keys()
    assert all(abs(got[roll] - p) < 1e-12 for roll, p in expected.items())


def test_it_shows_the_rolled_dice():
    state = play(GAME.new_state(), "roll:1,3,5")
    assert [d["value"] for d in state.observation(None)["dice"]] == [1, 3, 5]


def test_it_hands_the_turn_to_the_enemy_on_end():
    state = play(GAME.new_state(), "roll:1,3,5", "end")
    assert (state.current(), state.observation(None)["to_move"]) == (CHANCE, 1)


def test_it_rolls_the_enemys_dice_on_its_turn():
    state = play(GAME.new_state(), "roll:1,3,5", "end")
    assert {len(o) - 1 for o, _ in state.chance_outcomes()} == {2}


def test_it_lets_unused_dice_vanish_when_the_turn_ends():
    state = play(GAME.new_state(), "roll:1,3,5", "end")
    assert state.observation(None)["dice"] == []


def test_it_counts_turns_of_both_sides():
    state = play(GAME.new_state(), "roll:1,3,5", "end", "roll:2,2", "end")
    assert state.turn == 3


def test_it_offers_only_the_seat_to_move_any_move():
    state = play(GAME.new_state(), "roll:1,3,5")
    assert state.legal_moves(1) == []


def test_it_always_lets_the_side_end_its_turn():
    state = play(GAME.new_state(), "roll:1,3,5")
    assert state.legal_moves(0)[-1] == ("end",)


def test_it_ends_the_battle_when_a_side_drops_to_zero():
    view = position_view(hero="sword,wooden-shield", dice=[5, 1])
    view["sides"][1]["hp"] = 5
    state = play(GAME.from_position(view), "place:0:0:0")
    assert (state.current(), state.winner) == (TERMINAL, 0)


def test_it_pays_the_winner_one_and_the_loser_minus_one():
    view = position_view(hero="sword", dice=[5])
    view["sides"][1]["hp"] = 5
    assert play(GAME.from_position(view), "place:0:0:0").returns() == (1.0, -1.0)


def test_it_ranks_the_winner_first():
    view = position_view(hero="sword", dice=[5])
    view["sides"][1]["hp"] = 5
    assert play(GAME.from_position(view), "place:0:0:0").outcome().winners == (0,)


def test_it_ends_mid_turn_when_extinguishing_kills():
    view = position_view(hero="sword", dice=[5, 3])
    view["sides"][0]["hp"] = 2
    view["dice"][0]["burning"] = True
    state = play(GAME.from_position(view), "extinguish:0")
    assert (state.current(), state.winner) == (TERMINAL, 1)


def test_it_ends_the_battle_when_poison_kills_at_the_start_of_a_turn():
    view = position_view(hero="sword", dice=[1])
    view["sides"][1].update(hp=2, poison=2)
    assert play(GAME.from_position(view), "end").winner == 0


def test_it_gives_zero_returns_while_the_battle_goes_on():
    assert play(GAME.new_state(), "roll:1,3,5").returns() == (0.0, 0.0)


def test_it_calls_a_draw_at_the_turn_cap():
    state = play(GAME.new_state(2, {"max_turns": 2}), "roll:1,3,5", "end", "roll:2,2", "end")
    assert (state.current(), state.winner, state.returns()) == (TERMINAL, None, (0.0, 0.0))


def test_it_plays_on_before_the_turn_cap():
    state = play(GAME.new_state(2, {"max_turns": 2}), "roll:1,3,5", "end")
    assert state.current() == CHANCE


def test_it_caps_a_hundred_turns_by_default():
    assert GAME.new_state().observation(None)["max_turns"] == 100


def test_it_allows_only_end_after_the_action_cap():
    view = position_view(hero="spanner*", dice=[6, 3])
    view["actions"] = MAX_ACTIONS
    assert GAME.from_position(view).legal_moves(0) == [("end",)]


def test_it_keeps_die_indices_when_dice_are_spent():
    state = play(position(hero="sword,wooden-shield", dice=[5, 3]), "place:0:0:0")
    assert ("place", 1, 1, 0) in state.legal_moves(0)
