"""The levels' head-to-head ladder: each level against the one below it, measured once.

``agents.levels`` promises an order (Beginner < Easy < Medium < Strong < Best). This
package checks the promise the only way that means something: each level plays the
level just below it, both seats, many games, and the result is kept with its 95 %
Wilson interval in a small file per game (``<game>.json`` beside this module), which
the site reads at start-up instead of playing. Rerun with::

    python -m agents.levels_ladder GAME --games 400 --seed S --jobs 1

A step *holds* when the upper level wins at least ``STEP_GOAL`` of the decisive games
(the project's win rate, draws excluded: ``agents.stats``). Draws are kept and shown
too, and the score with a draw counting half, so a drawish game does not hide them.
"""

from __future__ import annotations

import datetime as dt
import json
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.levels import NAMES, Level, levels
from agents.stats import wilson_interval

#: Where the shipped ladders are kept, one ``<game>.json`` a game.
DIR = Path(__file__).parent

#: The file format's version; a reader refuses another.
VERSION = 1

#: What a level must win of its decisive games against the level below it.
STEP_GOAL = 0.60

#: Games a step must have for the issue's promise ("≥ 60 % of ≥ 400 games").
STEP_GAMES = 400

#: The rules the ladder is played on: the lobby's, where they differ from the engine's
#: defaults (``webapp.matches.lobby.LOBBY_OPTION_DEFAULTS``, which a web test keeps equal
#: to this; agents never import the web app).
RULES: dict[str, dict[str, Any]] = {"footsies": {"rounds": 5, "max_turns": 20}}

#: The tournament format of a step. Where the game deals dice (or fighters), each deal
#: is played twice with the seats swapped (``duplicate``), so the luck of the deal
#: largely cancels. Footsies and The Octagon Theory deal nothing, so a round robin
#: alternating the seats with a fresh seed each game gives more different games.
FORMATS: dict[str, str] = {
    "footsies": "roundrobin",
    "octagon": "roundrobin",
    "dicewars": "duplicate",
    "dungeon": "duplicate",
    "buttonmen": "duplicate",
}


@dataclass(frozen=True)
class Step:
    """One rung: ``upper`` against ``lower`` (the level just below it)."""

    upper: str  # level name
    upper_spec: str
    lower: str
    lower_spec: str
    games: int
    wins: int  # the upper level's
    draws: int
    losses: int
    seed: str
    command: str = ""  # the command that measured it
    note: str = ""  # e.g. fewer games than STEP_GAMES, and why

    @property
    def decisive(self) -> int:
        return self.wins + self.losses

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.decisive if self.decisive else None

    @property
    def ci95(self) -> tuple[float, float] | None:
        return wilson_interval(self.wins, self.losses)

    @property
    def score(self) -> float | None:
        """The upper level's share of the points, a draw counting half."""
        return (self.wins + self.draws / 2) / self.games if self.games else None

    @property
    def holds(self) -> bool:
        """The promise of a step: ≥ STEP_GOAL of the decisive games in ≥ STEP_GAMES."""
        rate = self.win_rate
        return rate is not None and rate >= STEP_GOAL and self.games >= STEP_GAMES

    def to_json(self) -> dict[str, Any]:
        ci = self.ci95
        return {
            "upper": self.upper,
            "upper_spec": self.upper_spec,
            "lower": self.lower,
            "lower_spec": self.lower_spec,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": None if self.win_rate is None else round(self.win_rate, 4),
            "ci95": None if ci is None else [round(ci[0], 4), round(ci[1], 4)],
            "score": None if self.score is None else round(self.score, 4),
            "seed": self.seed,
            "command": self.command,
            "note": self.note,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        return cls(
            upper=data["upper"],
            upper_spec=data["upper_spec"],
            lower=data["lower"],
            lower_spec=data["lower_spec"],
            games=int(data["games"]),
            wins=int(data["wins"]),
            draws=int(data["draws"]),
            losses=int(data["losses"]),
            seed=str(data["seed"]),
            command=data.get("command", ""),
            note=data.get("note", ""),
        )


@dataclass(frozen=True)
class Ladder:
    """A game's measured ladder, weakest step first."""

    game: str
    steps: tuple[Step, ...]
    command: str
    seed: str
    date: str
    format: str
    rules: dict[str, Any]

    def matches(self, found: Sequence[Level]) -> bool:
        """Whether every step was measured between two neighbours of these levels, in
        their order (a step not yet measured may be missing)."""
        pairs = [(s.lower_spec, s.upper_spec) for s in self.steps]
        wanted = [(a.spec, b.spec) for a, b in zip(found, found[1:], strict=False)]
        return pairs == [p for p in wanted if p in pairs]

    def step(self, lower: Level, upper: Level) -> Step | None:
        """The step from ``lower`` to ``upper``, or None if it was not measured."""
        return next(
            (s for s in self.steps if (s.lower_spec, s.upper_spec) == (lower.spec, upper.spec)),
            None,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "game": self.game,
            "command": self.command,
            "seed": self.seed,
            "date": self.date,
            "format": self.format,
            "rules": self.rules,
            "goal": {"win_rate": STEP_GOAL, "games": STEP_GAMES},
            "method": "win_rate = wins / (wins + losses), draws excluded; "
            "ci95 = Wilson score interval; score counts a draw as half",
            "steps": [s.to_json() for s in self.steps],
        }


def path(game: str) -> Path:
    return DIR / f"{game}.json"


def read(game: str) -> Ladder | None:
    """The file of ``game`` as it stands, whatever levels it was measured on."""
    file = path(game)
    if not file.exists():
        return None
    data = json.loads(file.read_text())
    if data.get("version") != VERSION:
        raise ValueError(f"{file.name}: version {data.get('version')!r}, expected {VERSION}")
    return Ladder(
        game=data["game"],
        steps=tuple(Step.from_json(s) for s in data["steps"]),
        command=data["command"],
        seed=str(data["seed"]),
        date=data["date"],
        format=data["format"],
        rules=data.get("rules", {}),
    )


def load(game: str) -> Ladder | None:
    """The shipped ladder of ``game``, or None if none was measured (or it is stale:
    measured on other levels than ``agents.levels`` names now)."""
    ladder = read(game)
    return ladder if ladder is not None and ladder.matches(levels(game)) else None


def step_seed(seed: str, lower: Level, upper: Level) -> str:
    """Each step's own seed, so one step can be rerun (or extended) alone."""
    return f"{seed}:{upper.name}-{lower.name}"


def measure_step(
    game: str,
    lower: Level,
    upper: Level,
    games: int,
    seed: str,
    jobs: int = 1,
    command: str = "",
    note: str = "",
) -> Step:
    """Play ``upper`` against ``lower`` for ``games`` games, both seats equally often."""
    from agents.arena.run import run_arena  # the arena is heavier to import than this

    own = step_seed(seed, lower, upper)
    report = run_arena(
        game,
        [upper.spec, lower.spec],
        fmt=FORMATS.get(game, "roundrobin"),
        games_per_pairing=games,
        seed=own,
        options=RULES.get(game, {}),
        jobs=jobs,
    )
    row = report["agents"][0]
    return Step(
        upper=upper.name,
        upper_spec=upper.spec,
        lower=lower.name,
        lower_spec=lower.spec,
        games=row["games"],
        wins=row["wins"],
        draws=row["draws"],
        losses=row["losses"],
        seed=own,
        command=command,
        note=note,
    )


def merge(a: Step, b: Step) -> Step:
    """Two measurements of one step (different seeds) added up."""
    if (a.lower_spec, a.upper_spec) != (b.lower_spec, b.upper_spec):
        raise ValueError("only measurements of the same step add up")
    return Step(
        upper=a.upper,
        upper_spec=a.upper_spec,
        lower=a.lower,
        lower_spec=a.lower_spec,
        games=a.games + b.games,
        wins=a.wins + b.wins,
        draws=a.draws + b.draws,
        losses=a.losses + b.losses,
        seed=f"{a.seed} + {b.seed}",
        command=" && ".join(c for c in (a.command, b.command) if c),
        note="; ".join(n for n in (a.note, b.note) if n),
    )


def command_line(argv: Sequence[str]) -> str:
    return "python -m agents.levels_ladder " + shlex.join(argv)


def today() -> str:
    return dt.datetime.now(dt.UTC).date().isoformat()


def write(ladder: Ladder) -> Path:
    file = path(ladder.game)
    file.write_text(json.dumps(ladder.to_json(), indent=1) + "\n")
    return file


def text(step: Step) -> str:
    """A step in words: "Strong beats Medium 71 % [67, 75] of 400 games"."""
    names = {"upper": NAMES[step.upper], "lower": NAMES[step.lower]}
    rate, ci = step.win_rate, step.ci95
    if rate is None or ci is None:
        return f"{names['upper']} against {names['lower']}: no decisive game in {step.games}"
    verb = "beats" if rate > 0.5 else "does not beat"
    drawn = f", {step.draws} drawn" if step.draws else ""
    return (
        f"{names['upper']} {verb} {names['lower']} {100 * rate:.0f} % "
        f"[{100 * ci[0]:.0f}, {100 * ci[1]:.0f}] of {step.games} games{drawn}"
    )
