"""The headless arena: tournaments between agents, no web server needed.

    python -m agents.arena --game footsies --agents random footsies-counter \\
        --games 1000 --seed 1 --json

The formats (round robin, duplicate, free-for-all, gauntlet, Swiss) are
:mod:`agents.tournament`'s, shared with the web site; ``--rounds`` sets Swiss's. A
result depends only on the seed: ``--jobs 4`` prints the same tournament as
``--jobs 1``, apart from timings.

One module a job: :mod:`.checks` (what was asked), :mod:`.pool` (playing fixtures,
in worker processes), :mod:`.run` (round after round), :mod:`.report` (the JSON and
the table), :mod:`.cli` (the command line).
"""

from agents.arena.checks import ArenaError, check_agents, check_players, resolve_game
from agents.arena.cli import build_parser, main, parse_option
from agents.arena.pool import Result, play_all, play_fixture
from agents.arena.report import Setup, render_table, report
from agents.arena.run import run_arena, schedule
from agents.tournament import FORMATS, Fixture

__all__ = [
    "FORMATS",
    "ArenaError",
    "Fixture",
    "Result",
    "Setup",
    "build_parser",
    "check_agents",
    "check_players",
    "main",
    "parse_option",
    "play_all",
    "play_fixture",
    "render_table",
    "report",
    "resolve_game",
    "run_arena",
    "schedule",
]
