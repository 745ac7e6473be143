"""The seed's plan score, term by term (docs/games/dungeon.md, the agent's table)."""

import pytest

from agents.dungeon.scoring import WEIGHTS, score_plan
from games.core import IllegalMove
from games.dungeon import GAME
from games.dungeon.positions import position, position_view


def frog_with_one_and_three():
    """The seed's example: the Frog's turn, its dice 1 and 3."""
    state = GAME.new_state()
    for text in ("roll:2,4,5", "end", "roll:1,3"):
        state = state.apply(state.str_to_move(text))
    return state


def hero(card: str, dice, **changes):
    view = position_view(hero=card, dice=dice)
    view["sides"][0].update(changes.pop("hero", {}))
    view["sides"][1].update(changes.pop("enemy", {}))
    for key, value in changes.items():
        view["sides"][0]["equipment"][0][key] = value
    return GAME.from_position(view)


def test_it_scores_the_frogs_one_on_the_big_sword_at_438():
    plan = ["place:0:0:0", "place:1:1:0", "end"]
    assert score_plan(frog_with_one_and_three(), plan).total == 438


def test_it_scores_the_frogs_three_on_the_big_sword_at_558():
    plan = ["place:1:0:0", "place:0:1:0", "end"]
    assert score_plan(frog_with_one_and_three(), plan).total == 558


def test_it_breaks_438_down_as_the_seed_does():
    score = score_plan(frog_with_one_and_three(), ["place:0:0:0", "place:1:1:0", "end"])
    nonzero = {term: points for term, points in score.breakdown.items() if points}
    assert nonzero == {"damage": 300, "positive_status": 120, "activations": 20, "length": -2}


def test_it_sums_the_breakdown_into_the_total():
    score = score_plan(frog_with_one_and_three(), ["place:1:0:0", "end"])
    assert score.total == sum(score.breakdown.values())


def test_it_takes_moves_as_values_or_text():
    state = frog_with_one_and_three()
    as_values = score_plan(state, [("place", 1, 0, 0), ("end",)])
    assert as_values == score_plan(state, ["place:1:0:0", "end"])


def test_it_counts_damage_before_the_targets_shield():
    state = hero("sword", [5], enemy={"shield": 3})
    assert score_plan(state, ["place:0:0:0", "end"]).amounts["damage"] == 5


def test_it_scores_poison_per_stack():
    score = score_plan(hero("poison-spell", [3]), ["place:0:0:0", "end"])
    assert score.breakdown["poison"] == 4 * WEIGHTS["poison"]


def test_it_scores_other_negative_statuses_per_stack():
    score = score_plan(hero("enfeeble", [1]), ["place:0:0:0", "end"])
    assert score.breakdown["negative_status"] == WEIGHTS["negative_status"]


def test_it_scores_fireball_burn_as_a_negative_status():
    score = score_plan(hero("fireball", [2]), ["place:0:0:0", "end"])
    assert score.amounts["negative_status"] == 1


def test_it_scores_countdown_points_reduced():
    score = score_plan(hero("pea-shooter", [4]), ["place:0:0:0", "end"])
    assert score.breakdown["countdown"] == 4 * WEIGHTS["countdown"]


def test_it_counts_only_what_a_countdown_still_needed():
    state = hero("pea-shooter", [5], countdown={"start": 6, "left": 2})
    assert score_plan(state, ["place:0:0:0", "end"]).amounts["countdown"] == 2


def test_it_scores_unused_pips_at_the_end():
    score = score_plan(hero("sword", [2, 3]), ["place:0:0:0", "end"])
    assert score.breakdown["unused_pips"] == 3 * WEIGHTS["unused_pips"]


def test_it_does_not_count_end_in_the_plan_length():
    assert score_plan(hero("sword", [2]), ["end"]).amounts["length"] == 0


def test_it_scores_healing_that_the_cap_lets_through():
    state = hero("bandage", [4], hero={"hp": 22})
    assert score_plan(state, ["place:0:0:0", "end"]).amounts["healing"] == 2


def test_it_adds_a_designer_bonus_per_activation():
    score = score_plan(hero("sword", [2]), ["place:0:0:0", "end"], bonus={"sword": 7})
    assert score.breakdown["bonus"] == 7 * WEIGHTS["bonus"]


def test_it_scores_a_kill_at_a_million():
    score = score_plan(hero("sword", [5], enemy={"hp": 4}), ["place:0:0:0", "end"])
    assert score.breakdown["opponent_dead"] == WEIGHTS["opponent_dead"]


def test_it_scores_its_own_death_at_minus_a_million():
    view = position_view(hero="sword", dice=[5])
    view["sides"][0]["hp"] = 2
    view["dice"][0]["burning"] = True
    score = score_plan(GAME.from_position(view), ["extinguish:0"])
    assert score.breakdown["self_dead"] == WEIGHTS["self_dead"]


def test_it_follows_a_lockpick_cut_written_into_the_plan():
    state = position(hero="lockpick,sword", dice=[5])
    score = score_plan(state, ["place:0:0:0", "split:4", "place:1:1:0", "end"])
    assert (score.amounts["damage"], score.amounts["length"]) == (4, 2)


def test_it_refuses_a_plan_that_does_not_end_the_turn():
    with pytest.raises(ValueError, match="end"):
        score_plan(frog_with_one_and_three(), ["place:1:0:0"])


def test_it_refuses_a_plan_with_an_illegal_step():
    with pytest.raises(IllegalMove):
        score_plan(frog_with_one_and_three(), ["place:1:1:0", "place:0:1:0", "end"])
