"""The test-only race (tests/racegame) is a game like the others without the web: it
passes the engines' conformance suite, fills the agents' half of its manifest, and plays
in the headless arena with generic agents."""

import pytest

from agents.arena import run_arena
from agents.manifest import manifest, problems
from games.testing import check_determinism, check_game
from tests import racegame
from tests.racegame.install import install_agents


@pytest.fixture
def race(monkeypatch):
    install_agents(monkeypatch)
    return racegame.GAME


@pytest.mark.parametrize("seed", range(20))
def test_the_race_keeps_the_engine_contract(race, seed):
    check_game(race, seed)
    check_determinism(race, seed)


def test_the_race_fills_the_agents_half_of_its_manifest(race):
    found = manifest(racegame.SLUG)
    assert problems(found) == []
    assert [lv.name for lv in found.levels] == ["easy", "strong"]


def test_a_game_left_out_of_a_table_is_named(race, monkeypatch):
    from agents.search import evaluation

    monkeypatch.delitem(evaluation.EVALUATIONS, racegame.SLUG)
    assert problems(manifest(racegame.SLUG)) == [
        "evaluation: not in agents.search.evaluation.EVALUATIONS"
    ]


@pytest.mark.parametrize("fmt", ["roundrobin", "swiss"])
def test_the_race_plays_in_the_arena(race, fmt):
    specs = ["random", "expectimax:depth=2", "mcts:iterations=50"]
    report = run_arena(racegame.SLUG, specs, fmt=fmt, games_per_pairing=4, seed=11)
    assert report["game"] == racegame.SLUG and report["format"] == fmt
    rows = report["agents"]
    assert len(rows) == len(specs)
    for row in rows:
        assert row["games"] > 0
        assert row["wins"] + row["draws"] + row["losses"] == row["games"]
    # Every game has one winner and one loser: the race never ends drawn.
    assert sum(r["wins"] for r in rows) == sum(r["losses"] for r in rows)
    assert sum(r["draws"] for r in rows) == 0
