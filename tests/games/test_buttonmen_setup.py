"""Button Men setup: fighters, options and the swing choice (docs/games/buttonmen.md)."""

import pytest

from games.buttonmen import GAME
from games.buttonmen.positions import position
from games.core import CHANCE, SIMULTANEOUS, IllegalMove

# The recipes as docs/games/buttonmen.md prints them; "X" is the swing die.
RECIPES = {
    "Avis": "4 4 10 12 X",
    "Hammer": "6 12 20 20 X",
    "Bauer": "8 10 12 20 X",
    "Stark": "4 6 8 X X",
    "Kith": "6 8 12 12 X",
    "Clare": "6 8 8 20 X",
    "Karl": "4 6 6 20 X",
    "Iago": "20 20 20 X",
    "Niles": "6 10 10 12 X",
    "Shore": "4 4 20 20 X",
    "Hannah": "8 10 10 10 X",
    "Kublai": "4 8 12 20 X",
}


def _recipe(text):
    return [part if part == "X" else int(part) for part in text.split()]


def _seated(fighters=("Avis", "Hammer"), **options):
    return GAME.new_state(2, {"fighters": list(fighters), **options})


def _rolled(state, values0, values1):
    return state.apply(("roll", tuple(values0), tuple(values1)))


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_it_seats_each_fighter_with_its_recipe(name):
    view = _seated((name, "Avis")).observation(None)
    assert view["fighters"][0] == {"name": name, "recipe": _recipe(RECIPES[name])}


def test_it_knows_exactly_the_twelve_fighters():
    from games.buttonmen import NAMES

    assert sorted(NAMES) == sorted(RECIPES)


def test_it_reads_fighter_names_in_any_case():
    assert _seated(("aVIS", "iago")).fighters == ["Avis", "Iago"]


def test_it_refuses_an_unknown_fighter():
    with pytest.raises(ValueError, match="fighters"):
        GAME.new_state(2, {"fighters": ["Avis", "Batman"]})


def test_it_refuses_a_fighter_list_without_two_entries():
    with pytest.raises(ValueError, match="fighters"):
        GAME.new_state(2, {"fighters": ["Avis"]})


def test_it_draws_random_fighters_in_a_setup_chance_event():
    state = GAME.new_state(2)
    assert state.current() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(RECIPES) ** 2
    assert {p for _, p in outcomes} == {1 / len(RECIPES) ** 2}


def test_it_draws_only_the_seat_named_random():
    state = GAME.new_state(2, {"fighters": ["Kith", "random"]})
    outcomes = state.chance_outcomes()
    assert sorted(o[2] for o, _ in outcomes) == sorted(RECIPES)
    assert {o[1] for o, _ in outcomes} == {"Kith"}


def test_it_seats_the_drawn_fighters():
    state = GAME.new_state(2).apply(("fighters", "Iago", "Niles"))
    assert [f["name"] for f in state.observation(None)["fighters"]] == ["Iago", "Niles"]


def test_it_refuses_a_draw_that_contradicts_a_chosen_fighter():
    state = GAME.new_state(2, {"fighters": ["Kith", "random"]})
    with pytest.raises(IllegalMove):
        state.apply(("fighters", "Avis", "Niles"))


def test_it_opens_with_both_seats_choosing_a_swing_size_at_once():
    state = _seated()
    assert state.current() == SIMULTANEOUS
    assert state.acting_seats() == (0, 1)


def test_it_offers_every_swing_size_from_4_to_20():
    assert _seated().legal_moves(0) == [("swing", n) for n in range(4, 21)]


@pytest.mark.parametrize("size", [3, 21])
def test_it_refuses_a_swing_size_outside_4_to_20(size):
    with pytest.raises(IllegalMove):
        _seated().apply_joint({0: ("swing", size), 1: ("swing", 12)})


def test_it_gives_both_of_starks_x_dice_the_one_swing_size():
    state = _seated(("Stark", "Avis")).apply_joint({0: ("swing", 7), 1: ("swing", 12)})
    state = _rolled(state, (1, 1, 1, 1, 1), (2, 2, 2, 2, 2))
    sizes = [die["size"] for die in state.observation(None)["dice"][0] if die["swing"]]
    assert sizes == [7, 7]


def test_it_hides_a_chosen_swing_size_from_the_other_seat_until_the_roll():
    state = _seated().apply_joint({0: ("swing", 7), 1: ("swing", 12)})
    view = state.observation(1)
    assert view["swing"][0] is None
    assert [d["size"] for d in view["dice"][0] if d["swing"]] == [None]


def test_it_hides_a_chosen_swing_size_from_spectators_until_the_roll():
    state = _seated().apply_joint({0: ("swing", 7), 1: ("swing", 12)})
    assert state.observation(None)["swing"] == [None, None]


def test_it_shows_a_seat_its_own_secret_swing_size():
    state = _seated().apply_joint({0: ("swing", 7), 1: ("swing", 12)})
    assert state.observation(0)["swing"] == [7, None]


def test_it_keeps_secret_swing_sizes_in_the_full_view():
    state = _seated().apply_joint({0: ("swing", 7), 1: ("swing", 12)})
    assert state.full_view()["swing"] == [7, 12]


def test_it_hides_the_score_that_would_tell_a_secret_swing_size():
    state = _seated().apply_joint({0: ("swing", 7), 1: ("swing", 12)})
    assert state.observation(1)["score"][0] is None


def test_it_reveals_swing_sizes_at_the_roll():
    state = _seated().apply_joint({0: ("swing", 7), 1: ("swing", 12)})
    state = _rolled(state, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5))
    assert state.observation(None)["swing"] == [7, 12]


# ----- choosing again between rounds --------------------------------------------------------


def _last_capture(options=None):
    """Seat 0 is about to take seat 1's last die: the round ends 20 + 12/2 to 0 + 0."""
    view = position([(12, 9, "X")], [(20, 3)], turn=0, swing=(12, 8), options=options)
    return GAME.from_position(view).apply(("power", (0,), 0))


def _tie(options=None):
    """Two passes with equal dice: a tied round."""
    view = position([(20, 1, "X")], [(20, 2, "X")], turn=0, passes=1, options=options)
    return GAME.from_position(view).apply(("pass",))


def test_it_lets_only_the_loser_choose_again_after_a_decided_round():
    state = _last_capture()
    assert state.current() == 1
    assert state.legal_moves(0) == []


def test_it_lets_seat_0_choose_again_when_it_lost_the_round():
    view = position([(20, 3)], [(12, 9, "X")], turn=1, swing=(8, 12))
    state = GAME.from_position(view).apply(("power", (0,), 0))
    assert state.current() == 0


def test_it_lets_nobody_choose_again_after_a_tied_round():
    assert _tie().current() == CHANCE


def test_it_keeps_the_round_winners_swing_size():
    state = _last_capture().apply(("swing", 5))
    assert state.observation(None)["swing"][0] == 12


def test_it_lets_both_choose_again_after_a_decided_round_when_both_reselect():
    state = _last_capture({"swing_reselect": "both"})
    assert state.current() == SIMULTANEOUS
    assert state.acting_seats() == (0, 1)


def test_it_lets_both_choose_again_after_a_tie_when_both_reselect():
    assert _tie({"swing_reselect": "both"}).acting_seats() == (0, 1)


def test_it_uses_a_reselected_swing_size_in_the_next_round():
    state = _last_capture().apply(("swing", 5))
    state = _rolled(state, (1, 1, 1, 1, 1), (1, 1, 1, 1, 1))
    assert [d["size"] for d in state.observation(None)["dice"][1] if d["swing"]] == [5]
