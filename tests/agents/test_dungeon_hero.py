"""``python -m agents.dungeon.hero``: Heroes compared against one enemy, seat 0 only."""

from __future__ import annotations

import json

from agents.dungeon.hero import gain, hero_record, main
from agents.match import play_match
from games.dungeon import GAME


def test_it_counts_the_heroes_battles_as_the_matches_end():
    record = hero_record("random", "dungeon-planner", 6, "h", {"enemy": "frog"})
    assert record["battles"] == 6 == record["won"] + record["drawn"] + record["lost"]
    low, high = record["interval"]
    assert low <= record["rate"] <= high


def test_a_planner_hero_beats_a_random_frog_every_time():
    record = hero_record("dungeon-planner", "random", 5, "h", {"enemy": "frog"})
    assert record["won"] == 5


def test_each_battle_is_the_match_its_derived_seed_plays():
    from agents.core.seeding import derive_seed

    record = hero_record("random", "random", 4, "s", {})
    won = sum(
        play_match(GAME, ["random", "random"], derive_seed("s", i)).state.returns()[0] > 0
        for i in range(4)
    )
    assert record["won"] == won


def test_the_gain_is_in_points_with_an_interval_around_it():
    a = {"rate": 0.32, "battles": 1000}
    b = {"rate": 0.12, "battles": 1000}
    found = gain(a, b)
    assert found["points"] == 20.0
    low, high = found["interval"]
    assert low < 20.0 < high and round(high - 20.0, 1) == round(20.0 - low, 1)


def test_the_command_prints_each_hero_and_its_gain_over_the_last(capsys):
    main(["--heroes", "dungeon-best", "random", "--games", "3", "--seed", "c"])
    out = json.loads(capsys.readouterr().out)
    assert [h["hero"] for h in out["heroes"]] == ["dungeon-best", "random"]
    assert set(out["gain_over_last"]) == {"dungeon-best"}
    assert out["options"]["enemy"] == "frog"
