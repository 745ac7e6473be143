"""buttonmen-best: Monte Carlo on the round under way, playouts spread by successive
halving, play fixed by the seed and the counts."""

import json
import random
import time

import pytest

from agents.buttonmen.best import SwingViews, successive_halving
from agents.buttonmen.rounds import round_playout, round_view, settled
from agents.buttonmen.swing import after_swing
from agents.core import Budget, get
from agents.levels import levels
from agents.match import play_match
from agents.search.allowance import Allowance
from games.buttonmen import GAME
from games.buttonmen.positions import position
from games.buttonmen.state import SWING_PHASE


def _play(own, foe, **kwargs):
    return GAME.from_position(position(own, foe, turn=0, **kwargs))


def test_it_is_registered_for_button_men_only():
    agent = get("buttonmen-best")
    assert agent.plays("buttonmen") and not agent.plays("footsies")


@pytest.mark.parametrize(
    "spec",
    [
        "buttonmen-best:playouts=0",
        "buttonmen-best:rollout=clever",
        "buttonmen-best:swing_rollout=x",
        "buttonmen-best:greedy_share=1.5",
        "buttonmen-best:rule_plies=-1",
        "buttonmen-best:rule_plies=9",
        "buttonmen-best:swing_model=psychic",
        "buttonmen-best:model_playouts=0",
        "buttonmen-best:own_share=1.5",
        "buttonmen-best:own_share=0.25,rule_plies=1",
    ],
)
def test_it_refuses_settings_that_make_no_sense(spec):
    with pytest.raises(ValueError):
        get(spec)


def test_a_round_view_ends_its_playouts_with_the_round():
    # One round won of three needed: a whole-match playout goes on, the round view stops.
    state = _play([(4, 4)], [(20, 3), (4, 2)], options={"rounds_to_win": 3})
    view = round_view(state)
    assert view.options["rounds_to_win"] == 1 and view.round_wins == [0, 0]
    assert state.options["rounds_to_win"] == 3  # the real state is untouched
    rng = random.Random(0)
    results = {round_playout(view, 0, rng) for _ in range(50)}
    assert results <= {0.0, 1.0} and results == {0.0, 1.0}


def test_a_move_that_ends_the_round_is_scored_without_playouts():
    state = _play([(4, 4)], [(4, 2)], options={"rounds_to_win": 3})
    after = state.apply(("power", (0,), 0))  # takes the last die: the round is ours
    assert settled(state, after, 0) == 1.0 and settled(state, after, 1) == 0.0
    reroll = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)]).apply(("power", (0,), 0))
    assert settled(state, reroll, 0) is None


def test_successive_halving_spends_most_on_the_close_arms():
    means = [0.1, 0.2, 0.5, 0.55, 0.6, 0.3, 0.15, 0.05]
    rng = random.Random(4)

    def sample(i):
        return float(rng.random() < means[i])

    best, _sums, visits = successive_halving(
        len(means), sample, 8000, Allowance(Budget(), 8000), random.Random(1)
    )
    assert best in (3, 4)
    assert visits[4] > 3 * visits[0]
    assert sum(visits) <= 8000


def test_it_takes_the_capture_that_wins_the_round_and_the_match():
    state = _play([(4, 4)], [(20, 3), (4, 2)], options={"rounds_to_win": 1})
    for rollout in ("random", "greedy", "mixed"):
        agent = get(f"buttonmen-best:playouts=200,rollout={rollout}")
        decision = agent.act(state, 0, Budget(), random.Random(3))
        assert decision.move == ("power", (0,), 0)


def test_it_spends_the_count_it_is_given_and_leaves_the_state_as_it_was():
    state = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)])
    before = state.observation(None)
    decision = get("buttonmen-best:playouts=300").act(state, 0, Budget(), random.Random(1))
    rows = decision.thinking["moves"]
    assert 0 < sum(r["visits"] for r in rows) <= 300
    assert decision.stats["playouts"] == sum(r["visits"] for r in rows)
    assert state.observation(None) == before


def test_a_budget_of_no_time_still_gets_a_legal_move():
    state = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)])
    decision = get("buttonmen-best").act(state, 0, Budget(seconds=0.0), random.Random(0))
    assert decision.move in state.legal_moves(0)


def test_it_chooses_a_swing_size_and_plays_whole_matches():
    options = {"fighters": ["Avis", "Iago"], "rounds_to_win": 1}
    result = play_match(
        "buttonmen",
        ["buttonmen-best:playouts=100,swing_playouts=100", "buttonmen-mc:playouts=5"],
        0,
        options,
    )
    assert result.outcome is not None
    swings = [
        step.decisions[0]
        for step in result.steps
        if step.decisions.get(0) and step.decisions[0].thinking.get("choice") == "swing"
    ]
    assert swings and len(swings[0].thinking["moves"]) == 17


def test_own_share_plays_our_moves_in_the_playouts_on_a_share_of_their_own():
    state = _play([(6, 2), (8, 5), (20, 9)], [(10, 3), (12, 7), (4, 4)])
    plain = get("buttonmen-best:playouts=600")
    same = get("buttonmen-best:playouts=600,own_share=0.5")
    sided = get("buttonmen-best:playouts=600,own_share=0.0")
    runs = [agent.act(state, 0, Budget(), random.Random(2)) for agent in (plain, same, sided)]
    # The default share is greedy_share's: the same playouts, draw for draw.
    assert runs[0].thinking == runs[1].thinking
    assert "of ours" in runs[2].thinking["policy"] and "of ours" not in runs[0].thinking["policy"]
    # Ours at random, theirs half by the rule: the best move (the one halving spent most
    # on) looks worse than when both sides play alike, as the opponent now plays better.
    tops = [max(run.thinking["moves"], key=lambda row: row["visits"]) for run in runs]
    assert tops[0]["move"] == tops[2]["move"] and tops[2]["value"] < tops[0]["value"] - 0.01
    again = sided.act(state, 0, Budget(), random.Random(2))
    assert again.thinking == runs[2].thinking


# ----- the opponent's blind swing size: uniform, or a model of a sensible opponent -------

LEVEL1 = "buttonmen-best:swing_model=level1,swing_plan=round,model_playouts=340,swing_playouts=340"


def _opening(fighters=("Iago", "Stark")):
    return GAME.new_state(2, {"fighters": list(fighters), "rounds_to_win": 2})


def test_the_opening_swing_is_weighed_against_a_model_of_the_opponents_size():
    state = _opening()
    decision = get(LEVEL1).act(state, 0, Budget(), random.Random(3))
    assert decision.move in state.legal_moves(0)
    believed = decision.thinking["opponent_swing"]
    # The three sizes given most weight, heaviest first: the two halving kept to the end
    # share about half the weight (the rest stays spread over the sizes it dropped).
    assert len(believed) == 3 and len({row["move"] for row in believed}) == 3
    shares = [row["share"] for row in believed]
    assert shares == sorted(shares, reverse=True) and 0.4 < shares[0] + shares[1] < 0.6
    assert all(row["move"].startswith("swing:") and 0 <= row["value"] <= 1 for row in believed)
    # The whole belief, every size, is the thinking's prediction (the why? panel's words).
    predicted = decision.thinking["predicted"]
    assert len(predicted) == 17 and abs(sum(predicted.values()) - 1) < 0.01
    assert list(predicted.items())[:3] == [(row["move"], row["share"]) for row in believed]
    # The model's playouts count too (halving's shares round down, so a few less).
    own = sum(row["visits"] for row in decision.thinking["moves"])
    assert own + 300 < decision.stats["playouts"] <= 340 + 340
    again = get(LEVEL1).act(state, 0, Budget(), random.Random(3))
    assert (again.move, again.thinking) == (decision.move, decision.thinking)


def test_swing_views_are_built_once_per_pair_of_sizes_and_play_as_fresh_copies():
    state = _opening()
    views = SwingViews(state)
    cached, fresh = random.Random(5), random.Random(5)
    seen = []
    for _ in range(200):
        view = views.after(0, ("swing", 9), cached)
        copy = round_view(after_swing(state, 0, ("swing", 9), fresh))
        # The same drawn opponent size, the same state, and the same draws after it.
        assert view.full_view() == copy.full_view() and view.swing == copy.swing
        assert round_playout(view, 0, cached) == round_playout(copy, 0, fresh)
        seen.append(id(view))
    # One view per opponent size met (at most 17), reused, and never changed by a playout.
    assert len(set(seen)) == len(views.built) <= 17 and len(views.built) > 5
    assert state.phase == SWING_PHASE and all(v.round_wins == [0, 0] for v in views.built.values())


def test_the_model_is_a_belief_about_the_opponent_not_a_guess_at_random():
    # Two seeds agree on the sizes a Stark opponent would choose far more than uniform
    # draws would (the belief comes from playouts, not from the seed).
    state = _opening()
    tops = [
        {
            row["move"]
            for row in get(LEVEL1)
            .act(state, 0, Budget(), random.Random(k))
            .thinking["opponent_swing"]
        }
        for k in (11, 12)
    ]
    assert tops[0] & tops[1]


def test_with_nothing_hidden_there_is_no_model_and_uniform_play_is_unchanged():
    state = _opening()
    uniform = get("buttonmen-best:swing_model=uniform,swing_plan=round,swing_playouts=340")
    plain = uniform.act(state, 0, Budget(), random.Random(4))
    assert "opponent_swing" not in plain.thinking
    assert plain.stats["playouts"] == sum(row["visits"] for row in plain.thinking["moves"])
    # The default models the opponent, with the counts the grid measured.
    default = get("buttonmen-best")
    assert (
        default.swing_model,
        default.model_playouts,
        default.swing_playouts,
        default.swing_plan,
    ) == ("level1", 4000, 6000, "match")
    # A loser choosing alone knows the winner's size: nothing to model then.
    result = play_match(
        "buttonmen", [LEVEL1, LEVEL1], "alone", {"fighters": ["Avis", "Iago"], "rounds_to_win": 3}
    )
    swings = [
        step.decisions
        for step in result.steps
        if any(d.thinking.get("choice") == "swing" for d in step.decisions.values())
    ]
    opening, *later = swings
    assert all("opponent_swing" in d.thinking for d in opening.values()) and len(opening) == 2
    assert later and all(
        len(chosen) == 1 and "opponent_swing" not in d.thinking
        for chosen in later
        for d in chosen.values()
    )


# ----- the same games from the same seed, whatever the clock -----------------------------

SHORT = {"fighters": ["random", "random"], "rounds_to_win": 1}
SPECS = {
    "buttonmen-best": "buttonmen-best:playouts=400,swing_playouts=340,model_playouts=120",
    "buttonmen-flat": "buttonmen-flat:playouts=40,swing_playouts=10",
    "buttonmen-best uniform": "buttonmen-best:playouts=400,swing_playouts=340,swing_model=uniform",
}


def _history(spec, seed):
    return play_match("buttonmen", [spec, spec], seed, SHORT).state.to_record()["history"]


def race_the_clock(patch):
    """A machine a thousand times slower: every reading of the clock is 50 ms later."""
    now = [time.perf_counter()]

    def tick():
        now[0] += 0.05
        return now[0]

    patch.setattr(time, "perf_counter", tick)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_same_seed_gives_the_same_match_on_a_slower_machine(name, monkeypatch):
    spec = SPECS[name]
    first = _history(spec, "replay-1")
    with monkeypatch.context() as patch:
        race_the_clock(patch)
        again = _history(spec, "replay-1")
    assert again == first
    assert _history(spec, "replay-2") != first


@pytest.mark.parametrize("name", ["buttonmen-best", "buttonmen-flat"])
def test_its_default_settings_do_not_look_at_the_clock(name, monkeypatch):
    # Without a budget of seconds the defaults never stop on time: a decision on a clock
    # that races ahead is the decision on a normal one.
    state = _play([(6, 6), (8, 7), (10, 3)], [(20, 3), (10, 5), (12, 2)])
    quiet = get(name).act(state, 0, Budget(), random.Random(5))
    race_the_clock(monkeypatch)
    raced = get(name).act(state, 0, Budget(), random.Random(5))
    assert raced.move == quiet.move
    assert raced.thinking["moves"] == quiet.thinking["moves"]


def test_the_button_men_levels_climb_in_measured_order_to_the_best():
    # The order measured head to head (agents/levels_ladder/buttonmen.json, checked by
    # tests/agents/test_levels_ladder.py): buttonmen-flat is Strong, below -best.
    specs = [lv.spec for lv in levels("buttonmen")]
    assert specs == ["random", "buttonmen-mc", "buttonmen-flat", "buttonmen-best"]


def test_the_speed_report_times_swing_choices_and_attacks_for_each_agent():
    from agents.buttonmen.speed import measure

    specs = ["buttonmen-best:playouts=60,swing_playouts=34", "buttonmen-mc:playouts=3"]
    report = measure(specs, games=1, seed="speed")
    for spec in specs:
        swing, attack = report[spec]["swing"], report[spec]["attack"]
        assert swing["decisions"] >= 1 and attack["decisions"] >= 1
        assert 0 <= attack["mean_s"] <= attack["max_s"]


def test_the_swing_screen_values_each_choice_against_the_opponents_real_size(capsys):
    from agents.buttonmen import swing_screen

    cheap = ["buttonmen-best:swing_model=uniform,swing_plan=round,swing_playouts=170", LEVEL1]
    args = ["--pairs", "2", "--playouts", "40", "--opponent", "buttonmen-mc:playouts=2"]
    assert swing_screen.main([*cheap, *args, "--rows"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["pairs"] == 2 and [a["agent"] for a in report["agents"]] == cheap
    assert report["agents"][0]["minus_first"] == 0
    for row in report["rows"]:
        assert row["pair"][0] == "Avis" and row["opponent"].startswith("swing:")
        assert all(0 <= c["value"] <= row["oracle"] for c in row["chosen"])
        assert row["mean"] <= row["oracle"]
    # Every draw is seeded by the pair and its use: the same run gives the same figures.
    assert swing_screen.main([*cheap, *args, "--rows"]) == 0
    assert json.loads(capsys.readouterr().out) == report
