"""End-of-turn reinforcement (docs/games/dicewars.md): reserve + largest region, capped at
64 before handing out, one die at a time on own territories below 8, the rest kept."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalMove
from games.dicewars import END_TURN, GAME, largest_region, regions
from tests.games.test_dicewars_positions import ROW, position, state_of


def _line(length: int) -> list[list[int]]:
    return [[n for n in (t - 1, t + 1) if 0 <= n < length] for t in range(length)]


def _placed(outcome) -> int:
    return sum(n for _, n in outcome[1])


def _ended(neighbours, owners, dice, **extra):
    return state_of(neighbours, owners, dice, **extra).apply(END_TURN)


def test_it_scores_a_player_by_the_largest_connected_region():
    state = state_of(ROW, [0, 0, 0, 1, 0, 1], [1] * 6)
    assert largest_region(state, 0) == 3
    assert largest_region(state, 1) == 1
    assert state.observation()["scores"] == [3, 1]


def test_it_lists_a_players_regions_largest_first():
    state = state_of(ROW, [0, 1, 0, 0, 1, 0], [1] * 6)
    assert regions(state, 0) == [[2, 3], [0], [5]]
    assert regions(state, 1) == [[1], [4]]


def test_it_reinforces_by_the_largest_region():
    state = _ended(ROW, [0, 0, 0, 1, 0, 1], [1] * 6)
    assert state.pool == 3
    assert _placed(state.sample_chance(random.Random(1))) == 3


def test_it_adds_the_reserve_to_the_pool():
    state = _ended(ROW, [0, 0, 0, 1, 0, 1], [1] * 6, reserves=[5, 0])
    assert state.pool == 8


def test_it_keeps_dice_that_do_not_fit_in_reserve():
    state = _ended(ROW, [0, 0, 1, 1, 1, 1], [8, 7, 1, 1, 1, 1], reserves=[3, 0])
    after = state.apply(state.sample_chance(random.Random(1)))
    assert after.dice[:2] == [8, 8]
    assert after.reserve[0] == 4


def _big_pool(cap_rule: str):
    # Seat 0: 10 territories in a row with 1 die (room 70) and 62 in reserve: 72 dice.
    owners = [0] * 10 + [1]
    neighbours = _line(11)
    view = position(neighbours, owners, [1] * 11, reserves=[62, 0])
    view["options"] = {"reserve_cap": cap_rule}
    state = GAME.from_position(view).apply(END_TURN)
    return state.apply(state.sample_chance(random.Random(5)))


def test_it_caps_the_pool_at_64_before_handing_out():
    after = _big_pool("pool")
    assert sum(after.dice[:10]) - 10 == 64
    assert after.reserve[0] == 0


def test_it_can_cap_only_the_leftover_reserve_instead():
    after = _big_pool("reserve")
    assert sum(after.dice[:10]) - 10 == 70
    assert after.reserve[0] == 2


def test_it_never_keeps_more_than_64_in_reserve():
    for rule in ("pool", "reserve"):
        view = position(ROW, [0, 0, 1, 1, 1, 1], [8, 8, 1, 1, 1, 1], reserves=[64, 0])
        view["options"] = {"reserve_cap": rule}
        state = GAME.from_position(view).apply(END_TURN)
        assert state.apply(state.sample_chance(random.Random(1))).reserve[0] == 64


def test_it_never_puts_more_than_eight_dice_on_a_territory():
    state = _ended(ROW, [0, 0, 0, 0, 0, 1], [7, 5, 1, 8, 2, 1], reserves=[9, 0])
    rng = random.Random(8)
    for _ in range(200):
        after = state.apply(state.sample_chance(rng))
        assert max(after.dice) <= 8


def test_it_places_dice_one_at_a_time_on_territories_with_room():
    # Room 1 on territory 0, 7 on territory 1, 3 dice: territory 0 misses out only
    # if all three dice go to territory 1 while both have room, 1 time in 8.
    state = _ended(ROW, [0, 0, 1, 1, 1, 1], [7, 1, 1, 1, 1, 1], reserves=[1, 0])
    assert state.pool == 3
    rng = random.Random(17)
    trials = 8000
    hits = sum(dict(state.sample_chance(rng)[1]).get(0, 0) for _ in range(trials))
    sigma = (7 / 8 * 1 / 8 / trials) ** 0.5
    assert abs(hits / trials - 7 / 8) < 4 * sigma


def test_it_gives_the_only_possible_reinforcement_exactly():
    state = _ended(ROW, [0, 0, 1, 1, 1, 1], [8, 6, 1, 1, 1, 1])
    assert state.chance_outcomes() == [(("reinforce", ((1, 2),)), 1.0)]


def test_it_samples_reinforcements_that_can_go_many_ways():
    state = _ended(ROW, [0, 0, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1])
    assert state.chance_outcomes() is None


def test_it_refuses_impossible_reinforcements():
    state = _ended(ROW, [0, 0, 0, 1, 1, 1], [1, 1, 1, 1, 1, 1])  # pool 3, room 21
    for bad in [
        ("reinforce", ((0, 2),)),  # too few dice
        ("reinforce", ((0, 1), (3, 2))),  # territory 3 is not seat 0's
        ("reinforce", ((1, 1), (0, 2))),  # out of order
        ("reinforce", ((0, 1), (0, 2))),  # listed twice
        ("reinforce", ((0, 0), (1, 3))),  # an empty entry
        ("reinforce", ((0, 8),)),  # more than 8 dice
        ("reinforce", "0x3"),
        ("map", 3),
    ]:
        with pytest.raises(IllegalMove):
            state.apply(bad)


def test_it_accepts_any_possible_reinforcement():
    state = _ended(ROW, [0, 0, 0, 1, 1, 1], [1, 1, 1, 1, 1, 1])
    for placements in [((0, 3),), ((0, 1), (1, 1), (2, 1)), ((1, 2), (2, 1))]:
        state.apply(("reinforce", placements))


def test_it_writes_reinforcements_as_text():
    state = _ended(ROW, [0, 0, 0, 1, 1, 1], [1, 1, 1, 1, 1, 1])
    outcome = ("reinforce", ((0, 2), (2, 1)))
    assert state.move_to_str(outcome) == "reinforce:0x2,2"
    assert state.str_to_move("reinforce:0x2,2") == outcome
    assert state.str_to_move("reinforce:") == ("reinforce", ())


def test_it_finds_the_same_largest_region_as_a_plain_search():
    from games.dicewars.mapgen import generate_map
    from games.dicewars.regions import largest_region as by_masks

    board = generate_map(random.Random(21))
    rng = random.Random(5)
    for _ in range(300):
        owned = {t for t in range(board.size) if rng.random() < 0.5}
        best = 0
        unseen = set(owned)
        while unseen:
            todo = [unseen.pop()]
            size = 1
            while todo:
                for n in board.neighbours[todo.pop()]:
                    if n in unseen:
                        unseen.discard(n)
                        todo.append(n)
                        size += 1
            best = max(best, size)
        assert by_masks(sum(1 << t for t in owned), board.adjacent) == best
