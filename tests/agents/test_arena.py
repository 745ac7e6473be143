"""The headless arena: its schedule, its report, and its command line."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import games
from agents.arena import ArenaError, main, run_arena, schedule
from games.core import TERMINAL, Game, State

ROOT = Path(__file__).resolve().parents[2]
PAIR = ["random", "footsies-counter"]


def _run_json(capsys, *args: str) -> dict:
    assert main(["--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def _without_timings(report: dict) -> dict:
    for agent in report["agents"]:
        agent.pop("mean_decision_s")
    return report


def _footsies(capsys, *extra: str) -> dict:
    return _run_json(capsys, "--game", "footsies", "--agents", *PAIR, *extra)


class OnlyMoveState(State):
    """A game that ends at once: used to check refusals that need a second game."""

    def __init__(self, game):
        self.game, self.num_players, self.options = game, 2, {}

    def current(self):
        return TERMINAL

    def legal_moves(self, seat):
        return []

    def returns(self):
        return (0.0, 0.0)

    def observation(self, seat=None):
        return {}

    def move_to_str(self, move):
        return str(move)

    def str_to_move(self, text):
        return text

    def clone(self):
        return OnlyMoveState(self.game)

    def _apply(self, actor, move):
        raise AssertionError("no moves")


class Nothing(Game):
    slug, title, min_players, max_players = "nothing", "Nothing", 2, 2

    def new_state(self, num_players=2, options=None):
        return OnlyMoveState(self)

    def from_position(self, view):
        return OnlyMoveState(self)


# ----- the report --------------------------------------------------------------------


def test_it_prints_one_json_object_of_the_documented_shape(capsys):
    report = _footsies(capsys, "--games", "20", "--seed", "1")
    assert {"game", "format", "games", "seed", "options", "agents"} <= set(report)
    assert (report["game"], report["format"], report["games"], report["seed"]) == (
        "footsies",
        "roundrobin",
        20,
        1,
    )
    keys = {"spec", "games", "wins", "draws", "losses", "win_rate", "ci95", "by_seat"}
    for agent in report["agents"]:
        assert keys | {"mean_decision_s", "failures"} <= set(agent)
    assert [a["spec"] for a in report["agents"]] == PAIR


def test_it_counts_every_game_once_per_agent(capsys):
    report = _footsies(capsys, "--games", "30", "--seed", "2")
    for agent in report["agents"]:
        assert agent["wins"] + agent["draws"] + agent["losses"] == agent["games"] == 30
    first, second = report["agents"]
    assert first["wins"] == second["losses"] and first["draws"] == second["draws"]


def test_it_splits_the_counts_by_seat_and_alternates_seats(capsys):
    report = _footsies(capsys, "--games", "30", "--seed", "3")
    for agent in report["agents"]:
        seats = agent["by_seat"]
        assert [s["games"] for s in seats] == [15, 15]
        for key in ("games", "wins", "draws", "losses"):
            assert sum(s[key] for s in seats) == agent[key]


def test_it_reports_the_win_rate_inside_its_interval(capsys):
    report = _footsies(capsys, "--games", "40", "--seed", "4")
    for agent in report["agents"]:
        low, high = agent["ci95"]
        assert low <= agent["win_rate"] <= high
        assert agent["win_rate"] == agent["wins"] / (agent["wins"] + agent["losses"])


def test_it_passes_options_with_json_values_and_plain_words(capsys):
    report = _footsies(
        capsys, "--games", "2", "--option", "blocks=1", "--option", "block_exhaustion=loss"
    )
    assert report["options"]["blocks"] == 1
    assert report["options"]["block_exhaustion"] == "loss"


def test_it_reports_the_budget_it_was_given(capsys):
    report = _footsies(capsys, "--games", "2", "--budget-iterations", "5", "--budget-seconds", "2")
    assert report["budget"] == {"iterations": 5, "seconds": 2.0}


def test_it_prints_a_table_without_json(capsys):
    assert main(["--game", "footsies", "--agents", *PAIR, "--games", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "footsies-counter" in out and "95% CI" in out


# ----- determinism -------------------------------------------------------------------


def test_it_gives_the_same_report_for_the_same_seed(capsys):
    first = _without_timings(_footsies(capsys, "--games", "30", "--seed", "9"))
    second = _without_timings(_footsies(capsys, "--games", "30", "--seed", "9"))
    assert first == second


def test_it_plays_other_games_from_another_seed():
    counts = {
        tuple(
            a["wins"] for a in run_arena("footsies", PAIR, games_per_pairing=30, seed=s)["agents"]
        )
        for s in range(4)
    }
    assert len(counts) > 1


def test_it_gives_the_same_report_with_two_workers(capsys):
    one = _without_timings(_footsies(capsys, "--games", "24", "--seed", "5", "--jobs", "1"))
    two = _without_timings(_footsies(capsys, "--games", "24", "--seed", "5", "--jobs", "2"))
    assert one == two


# ----- formats -----------------------------------------------------------------------


def test_it_pairs_every_two_agents_in_a_round_robin():
    fixtures = schedule("roundrobin", 3, 4, "s", 2)
    pairs = Counter(tuple(sorted(f.seating)) for f in fixtures)
    assert pairs == {(0, 1): 4, (0, 2): 4, (1, 2): 4}
    assert len({f.seed for f in fixtures}) == len(fixtures)


def test_it_plays_each_duplicate_deal_twice_with_seats_swapped():
    fixtures = schedule("duplicate", 2, 6, "s", 2)
    for first, second in zip(fixtures[::2], fixtures[1::2], strict=True):
        assert first.seed == second.seed
        assert second.seating == first.seating[::-1]
    assert len({f.seed for f in fixtures}) == 3


def test_it_seats_every_agent_at_every_seat_equally_in_a_free_for_all():
    fixtures = schedule("freeforall", 3, 6, "s", 4)
    for seat in range(4):
        assert Counter(f.seating[seat] for f in fixtures) == {0: 2, 1: 2, 2: 2}


def test_it_runs_a_duplicate_tournament_with_mirrored_seats(capsys):
    report = _footsies(capsys, "--format", "duplicate", "--games", "10", "--seed", "1")
    first, second = report["agents"]
    assert first["by_seat"][0]["games"] == first["by_seat"][1]["games"] == 5
    assert first["wins"] == second["losses"]


def test_it_runs_a_free_for_all_table(capsys):
    report = _footsies(capsys, "--format", "freeforall", "--games", "10", "--seed", "1")
    assert report["players"] == 2
    assert sum(a["games"] for a in report["agents"]) == 2 * report["games"]


# ----- refusals ----------------------------------------------------------------------


def test_it_exits_2_for_an_unknown_game(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--game", "chess", "--agents", *PAIR])
    assert exit_.value.code == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("spec", "words"),
    [("nobody", "unknown agent"), ("random:depth=2", "no parameter 'depth'")],
)
def test_it_exits_2_for_a_bad_agent(capsys, spec, words):
    with pytest.raises(SystemExit) as exit_:
        main(["--game", "footsies", "--agents", "random", spec])
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


def test_it_exits_2_for_an_unknown_option(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--game", "footsies", "--agents", *PAIR, "--option", "gravity=1"])
    assert exit_.value.code == 2
    assert "gravity" in capsys.readouterr().err


def test_it_exits_2_for_an_agent_that_does_not_play_the_game(capsys):
    other = next(
        (s for s in games.SLUGS if s != "footsies" and importlib.util.find_spec(f"games.{s}")),
        None,
    )
    if other is None:
        pytest.skip("no second game is registered yet")
    with pytest.raises(SystemExit) as exit_:
        main(["--game", other, "--agents", "random", "footsies-counter"])
    assert exit_.value.code == 2
    assert f"does not play {other}" in capsys.readouterr().err


def test_it_refuses_an_agent_that_does_not_play_the_game():
    with pytest.raises(ArenaError, match="does not play nothing"):
        run_arena(Nothing(), ["random", "footsies-counter"], games_per_pairing=2, seed=1)


def test_it_refuses_an_odd_number_of_duplicate_games():
    with pytest.raises(ArenaError, match="even"):
        run_arena("footsies", PAIR, fmt="duplicate", games_per_pairing=3, seed=1)


def test_it_refuses_a_round_robin_of_one_agent():
    with pytest.raises(ArenaError, match="two agents"):
        run_arena("footsies", ["random"], games_per_pairing=2, seed=1)


def test_it_refuses_a_table_size_the_game_does_not_allow():
    with pytest.raises(ArenaError, match="Footsies"):
        run_arena("footsies", PAIR, fmt="freeforall", num_players=3, games_per_pairing=2, seed=1)


def test_it_runs_as_a_module_and_exits_2_on_bad_input():
    done = subprocess.run(
        [sys.executable, "-m", "agents.arena", "--game", "nope", "--agents", "random"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "unknown game 'nope'" in done.stderr
