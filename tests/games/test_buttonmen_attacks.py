"""Button Men attacks: power, skill, pass and the reroll (docs/games/buttonmen.md)."""

import itertools

import pytest

from games.buttonmen import GAME, attack_list
from games.buttonmen.positions import position
from games.core import CHANCE, IllegalMove


def _state(own, foe, **kwargs):
    """Seat 0 to move with dice ``own`` (size, value) against ``foe``."""
    return GAME.from_position(position(own, foe, **kwargs))


def _kind(state, kind):
    return [m for m in state.legal_moves(0) if m[0] == kind]


def test_it_offers_a_power_attack_on_a_lower_value():
    state = _state([(12, 9)], [(20, 7)])
    assert ("power", (0,), 0) in state.legal_moves(0)


def test_it_offers_a_power_attack_on_an_equal_value():
    state = _state([(12, 7)], [(20, 7)])
    assert ("power", (0,), 0) in state.legal_moves(0)


def test_it_refuses_a_power_attack_on_a_higher_value():
    state = _state([(12, 6), (4, 1)], [(20, 7)])
    with pytest.raises(IllegalMove):
        state.apply(("power", (0,), 0))


def test_it_offers_every_set_of_dice_summing_exactly_to_a_target():
    own = [(6, 2), (6, 3), (8, 5), (4, 1), (10, 4)]
    foe = [(20, 5), (12, 7), (20, 11)]
    state = _state(own, foe)
    expected = {
        (slots, t)
        for t, (_, target) in enumerate(foe)
        for k in range(2, len(own) + 1)
        for slots in itertools.combinations(range(len(own)), k)
        if sum(own[i][1] for i in slots) == target
    }
    assert {(m[1], m[2]) for m in _kind(state, "skill")} == expected


def test_it_offers_no_skill_attack_that_misses_the_exact_sum():
    state = _state([(6, 2), (6, 3)], [(20, 6)])
    assert _kind(state, "skill") == []


def test_it_lists_a_one_die_skill_attack_once_as_the_power_attack():
    state = _state([(12, 7)], [(20, 7)])
    assert state.legal_moves(0) == [("power", (0,), 0)]


def test_it_reads_a_one_die_skill_attack_as_a_mistake():
    with pytest.raises(IllegalMove, match="power"):
        _state([(12, 7)], [(20, 7)]).str_to_move("skill:0>0")


def test_it_orders_attacks_by_target_then_power_then_skill():
    state = _state([(6, 2), (6, 3), (8, 5)], [(20, 5), (4, 2)])
    assert state.legal_moves(0) == [
        ("power", (2,), 0),
        ("skill", (0, 1), 0),
        ("power", (0,), 1),
        ("power", (1,), 1),
        ("power", (2,), 1),
    ]


def test_it_offers_only_pass_when_no_attack_exists():
    state = _state([(4, 1), (4, 2)], [(20, 9), (20, 12)])
    assert state.legal_moves(0) == [("pass",)]


def test_it_refuses_pass_while_an_attack_exists():
    with pytest.raises(IllegalMove):
        _state([(12, 9)], [(20, 7)]).apply(("pass",))


def test_it_moves_the_captured_die_into_the_attackers_pile():
    state = _state([(12, 9)], [(20, 7), (6, 6)]).apply(("power", (0,), 0))
    view = state.observation(None)
    assert [d["id"] for d in view["dice"][1]] == [1]
    assert view["captured"][0] == [{"size": 20, "swing": None}]


def test_it_rerolls_the_attacking_dice_as_a_chance_event():
    state = _state([(12, 9), (6, 1)], [(20, 7), (6, 6)]).apply(("power", (0,), 0))
    assert state.current() == CHANCE
    assert state.observation(None)["reroll"] == {"seat": 0, "dice": [0]}


def test_it_enumerates_every_reroll_of_a_d4_and_a_d20():
    state = _state([(4, 3), (20, 4)], [(20, 7), (6, 6)]).apply(("skill", (0, 1), 0))
    outcomes = state.chance_outcomes()
    assert sorted(o[1] for o, _ in outcomes) == list(itertools.product(range(1, 5), range(1, 21)))
    assert {p for _, p in outcomes} == {1 / 80}


def test_it_samples_a_reroll_too_big_to_enumerate():
    own = [(20, 1), (20, 1), (20, 1), (20, 1)]
    state = _state(own, [(20, 4), (6, 6)]).apply(("skill", (0, 1, 2, 3), 0))
    assert state.chance_outcomes() is None
    assert state.apply(("reroll", (20, 1, 7, 13))).value[0][:4] == (20, 1, 7, 13)


@pytest.mark.parametrize("values", [(21, 1, 1, 1), (0, 1, 1, 1), (1, 1, 1)])
def test_it_refuses_an_impossible_sampled_reroll(values):
    own = [(20, 1), (20, 1), (20, 1), (20, 1)]
    state = _state(own, [(20, 4), (6, 6)]).apply(("skill", (0, 1, 2, 3), 0))
    with pytest.raises(IllegalMove):
        state.apply(("reroll", values))


def test_it_shows_the_rerolled_values():
    state = _state([(12, 9), (6, 1)], [(20, 7), (6, 6)]).apply(("power", (0,), 0))
    state = state.apply(("reroll", (11,)))
    assert [d["value"] for d in state.observation(None)["dice"][0]] == [11, 1]


def test_it_passes_the_turn_after_the_reroll():
    state = _state([(12, 9), (6, 1)], [(20, 7), (6, 6)]).apply(("power", (0,), 0))
    assert state.apply(("reroll", (11,))).current() == 1


def test_it_passes_the_turn_after_a_pass():
    state = _state([(4, 1)], [(20, 9)])
    assert state.apply(("pass",)).current() == 1


def test_it_lists_attacks_with_their_kind_for_agents():
    state = _state([(6, 2), (6, 3), (8, 5)], [(20, 5)])
    assert [(a.kind, a.attackers, a.gain) for a in attack_list(state)] == [
        ("power", (2,), 20),
        ("skill", (0, 1), 20),
    ]


def test_it_lists_the_waiting_seats_attacks_for_agents():
    state = _state([(4, 1)], [(20, 9), (20, 12)])
    assert [a.move for a in attack_list(state, 1)] == [("power", (0,), 0), ("power", (1,), 0)]
