"""The levels' head-to-head ladder: the shipped files load, name today's levels, and
keep the promise of the order (each level beats the one below it in ≥ 60 % of the games).

These tests read the measured files (``agents/levels_ladder/<game>.json``); they play
only a handful of games, to check that the command writes what it measured.
"""

import json

import pytest

import games
from agents import levels_ladder
from agents.levels import levels
from agents.levels_ladder import STEP_GAMES, STEP_GOAL, Step, load, text
from agents.levels_ladder.__main__ import main

#: Steps shipped with fewer than STEP_GAMES games, each with the reason. Every other
#: step must have at least STEP_GAMES. Keep this short and say why in the docs.
FEWER_GAMES: dict[tuple[str, str], str] = {}


def test_every_game_ships_a_ladder_of_its_current_levels():
    for game in games.all():
        ladder = load(game.slug)
        assert ladder is not None, f"{game.slug}: no ladder, or one of other levels"
        found = levels(game.slug)
        assert [s.upper for s in ladder.steps] == [lv.name for lv in found[1:]]
        assert ladder.command.startswith("python -m agents.levels_ladder ")
        for step in ladder.steps:
            assert step.wins + step.draws + step.losses == step.games
            assert step.command.startswith("python -m agents.levels_ladder "), step


@pytest.mark.parametrize("game", [g.slug for g in games.all()])
def test_each_level_beats_the_one_below_it(game):
    ladder = load(game)
    assert ladder is not None
    for step in ladder.steps:
        assert step.win_rate is not None and step.win_rate >= STEP_GOAL, text(step)
        if (game, step.upper) not in FEWER_GAMES:
            assert step.games >= STEP_GAMES, text(step)


def test_a_file_of_other_levels_is_not_shown_and_another_version_is_refused(tmp_path, monkeypatch):
    real = json.loads(levels_ladder.path("dicewars").read_text())
    monkeypatch.setattr(levels_ladder, "DIR", tmp_path)
    real["steps"][0]["lower_spec"] = "random"  # a level the game no longer has there
    (tmp_path / "dicewars.json").write_text(json.dumps(real))
    assert load("dicewars") is None
    real["version"] = 99
    (tmp_path / "dicewars.json").write_text(json.dumps(real))
    with pytest.raises(ValueError, match="version"):
        load("dicewars")
    assert load("footsies") is None  # no file at all


def test_a_step_reads_as_the_lobby_says_it():
    step = Step("strong", "a", "medium", "b", games=400, wins=270, draws=20, losses=110, seed="s")
    assert text(step) == "Strong beats Medium 71 % [66, 75] of 400 games, 20 drawn"
    assert step.holds
    assert not Step("best", "a", "strong", "b", 100, 70, 0, 30, "s").holds  # too few games


def test_the_command_writes_what_it_played(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(levels_ladder, "DIR", tmp_path)
    assert main(["dungeon", "--games", "4", "--seed", "t", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    ladder = load("dungeon")
    assert ladder is not None and ladder.to_json() == printed
    assert [s.games for s in ladder.steps] == [4] * (len(levels("dungeon")) - 1)
    # The same seed plays the same games.
    assert main(["dungeon", "--games", "4", "--seed", "t", "--dry-run", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)

    def played(steps):
        return [{k: v for k, v in s.items() if k != "command"} for s in steps]

    assert played(again["steps"]) == played(printed["steps"])
    # --add adds a second seed's games to a step.
    top = levels("dungeon")[-1].name
    assert main(["dungeon", "--only", top, "--games", "2", "--seed", "u", "--add"]) == 0
    assert load("dungeon").steps[-1].games == 6
