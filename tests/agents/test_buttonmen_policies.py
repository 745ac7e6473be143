"""Rollout policies between uniformly random and the conversion rule (buttonmen-best's)."""

import random

from agents.buttonmen.greedy import conversion_pick
from agents.buttonmen.policies import Alternating, OpeningRule, mixed, random_pick
from agents.buttonmen.rounds import round_playout, round_view
from games.buttonmen import GAME
from games.buttonmen.positions import position
from games.buttonmen.rules import PASS


def _legal(own, foe):
    """The engine's attacks of seat 0 as (attacker positions, target position)."""
    state = GAME.from_position(position([(20, v) for v in own], [(20, v) for v in foe], turn=0))
    return {(m[1], m[2]) for m in state.legal_moves(0) if m != PASS}


def test_random_pick_draws_every_legal_attack_and_nothing_else():
    own, foe = [2, 3, 5, 7], [5, 8, 10, 1]
    legal = _legal(own, foe)
    rng = random.Random(2)
    seen = {random_pick(own, foe, [20] * 4, rng) for _ in range(4000)}
    assert seen == legal


def test_random_pick_passes_only_without_an_attack():
    assert random_pick([1, 2], [9, 12], [20, 20], random.Random(0)) is None
    assert mixed(0.5)([1, 2], [9, 12], [20, 20], random.Random(0)) is None


def test_mixed_at_the_ends_is_the_rule_or_uniform():
    own, foe, sizes = [2, 3, 5, 7], [5, 8, 10, 1], [20, 4, 12, 6]
    rule = {conversion_pick(own, foe, sizes, random.Random(s)) for s in range(40)}
    assert {mixed(1.0)(own, foe, sizes, random.Random(s)) for s in range(40)} == rule
    spread = {mixed(0.0)(own, foe, sizes, random.Random(s)) for s in range(2000)}
    assert spread == _legal(own, foe)


def test_mixed_playouts_are_fixed_by_the_seed():
    start = position([(6, 2), (8, 5), (20, 9)], [(10, 3), (12, 7)])
    view = round_view(GAME.from_position(start))
    runs = [
        [round_playout(view, 0, rng, mixed(0.5)) for _ in range(30)]
        for rng in (random.Random(4), random.Random(4))
    ]
    assert runs[0] == runs[1] and set(runs[0]) <= {0.0, 0.5, 1.0}


def test_policy_fit_scores_every_policy_against_real_round_results():
    from agents.buttonmen.policy_fit import SHARES, positions, scores

    data = positions(1, "fit")
    assert data and all(real in (0.0, 0.5, 1.0) for _s, _seat, real, _agent in data)
    report = scores(data[:4], playouts=3)
    assert set(report) == {"random", "greedy", *(f"mixed {p}" for p in SHARES)}
    assert all(0 <= row["brier"] <= 1 and row["log_loss"] >= 0 for row in report.values())


def test_policy_fit_gives_each_sides_shares_apart_for_each_mover():
    from agents.buttonmen.policy_fit import SIDED_SHARES, TODAY, match_positions, sided_scores

    data = match_positions(0, "fit", TODAY)[:6] + match_positions(1, "fit", TODAY)[:6]
    assert {agent for *_rest, agent in data} == {"buttonmen-best", "buttonmen-flat"}
    report = sided_scores(data, playouts=2)
    assert set(report) == {"buttonmen-best moved", "buttonmen-flat moved"}
    for side in report.values():
        briers = list(side["brier"].values())
        assert len(briers) == len(SIDED_SHARES) ** 2 and briers == sorted(briers)
        assert all(0 <= b <= 1 for b in briers)
    assert sum(side["positions"] for side in report.values()) == len(data)


def test_alternating_plays_its_two_sides_in_turn_from_each_start():
    own, foe, sizes = [2, 3, 5, 7], [5, 8, 10, 1], [20, 4, 12, 6]
    calls = []
    policy = Alternating(lambda *args: calls.append("first"), lambda *args: calls.append("then"))
    rng = random.Random(0)
    for _ in range(2):
        policy.start()
        for _ in range(3):
            policy(own, foe, sizes, rng)
    assert calls == ["first", "then", "first"] * 2


def test_the_opening_rule_answers_its_first_plies_by_the_rule_then_by_the_rest():
    own, foe, sizes = [2, 3, 5, 7], [5, 8, 10, 1], [20, 4, 12, 6]
    rule = {conversion_pick(own, foe, sizes, random.Random(s)) for s in range(40)}
    policy = OpeningRule(2, None)
    rng = random.Random(5)
    for _ in range(30):  # every playout's first two answers are the rule's
        policy.start()
        assert policy(own, foe, sizes, rng) in rule and policy(own, foe, sizes, rng) in rule
    spread = set()
    for _ in range(500):  # after them, uniform: every legal attack turns up
        policy.start()
        policy(own, foe, sizes, rng), policy(own, foe, sizes, rng)
        spread.add(policy(own, foe, sizes, rng))
    assert spread == _legal(own, foe) and not rule >= spread
    assert OpeningRule(1, None)([1, 2], [9, 12], [20, 20], rng) is None


def test_opening_rule_playouts_are_fixed_by_the_seed():
    start = position([(6, 2), (8, 5), (20, 9)], [(10, 3), (12, 7)])
    view = round_view(GAME.from_position(start))
    policy = OpeningRule(1, mixed(0.5))
    runs = []
    for seed in (4, 4):
        rng, run = random.Random(seed), []
        for _ in range(30):
            policy.start()
            run.append(round_playout(view, 0, rng, policy))
        runs.append(run)
    assert runs[0] == runs[1]
