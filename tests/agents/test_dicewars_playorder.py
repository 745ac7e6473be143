"""Win rates by place in the play order: the arena's games, split as the write-up splits them."""

from __future__ import annotations

import pytest

from agents.arena import run_arena, schedule
from agents.dicewars.playorder import Game, main, play_order, report, run
from agents.match import play_match
from games.dicewars import GAME

PAIR = ["dicewars-naive", "dicewars-sdc"]


def test_it_reads_the_play_order_of_the_game_from_its_setup_roll():
    fixture = schedule("roundrobin", 2, 3, "7", 2)[2]
    played = play_match(GAME, PAIR, fixture.seed)
    assert play_order(fixture.seed, 2) == tuple(played.state.order)


def test_it_tallies_each_agent_by_the_place_it_moved_in():
    # Game 1: agent 1 sits at seat 0, moves second and wins; game 2: agent 0 sits at
    # seat 0, moves first and wins. Agent 0 moved first both times.
    played = [
        Game(seating=(1, 0), order=(1, 0), results=("win", "loss")),
        Game(seating=(0, 1), order=(0, 1), results=("win", "loss")),
    ]
    result = report(PAIR, "roundrobin", 2, 1, 2, played)
    first, second = result["agents"]
    assert [(p["games"], p["wins"]) for p in first["by_place"]] == [(2, 1), (0, 0)]
    assert [(p["games"], p["wins"]) for p in second["by_place"]] == [(0, 0), (2, 1)]
    assert result["first_mover"]["wins"] == 1


def test_it_plays_the_arenas_games():
    ours = run(PAIR, games_per_pairing=4, seed=3)
    arena = run_arena("dicewars", PAIR, games_per_pairing=4, seed=3)
    assert [(a["wins"], a["losses"]) for a in ours["agents"]] == [
        (a["wins"], a["losses"]) for a in arena["agents"]
    ]


def test_it_prints_a_table_with_the_first_movers_share(capsys):
    main(["--agents", "dicewars-naive", "--format", "freeforall", "--players", "3", "--games", "2"])
    out = capsys.readouterr().out
    assert "first mover:" in out
    assert "place 3:" in out


def test_it_plays_the_arenas_games_on_the_paper_maps_when_asked():
    options = {"map_style": "paper"}
    ours = run(PAIR, games_per_pairing=4, seed=3, options=options)
    arena = run_arena("dicewars", PAIR, games_per_pairing=4, seed=3, options=options)
    assert ours["options"]["map_style"] == "paper"
    assert [(a["wins"], a["losses"]) for a in ours["agents"]] == [
        (a["wins"], a["losses"]) for a in arena["agents"]
    ]


def test_it_names_the_map_style_and_refuses_a_bad_option(capsys):
    main(["--agents", *PAIR, "--games", "1", "--option", "map_style=paper"])
    assert "map_style paper" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["--agents", *PAIR, "--games", "1", "--option", "map_style=round"])
    assert exc.value.code == 2
    assert "map_style" in capsys.readouterr().err
