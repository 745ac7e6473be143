"""Named levels: the opponents a person picks by strength rather than by algorithm.

Each game offers a few levels, weakest first, each one agent spec. The top level is the
game's ``<slug>-best`` agent wherever one is registered (added here automatically, so
a new ``-best`` agent becomes the top level with no change to this file). The names
are a promise about order only; the web app measures each level's strength (a
scheduled ladder tournament rates them all, ``webapp/tournaments/schedules.py``) and
shows the rating and the typical thinking time next to the name.
"""

from __future__ import annotations

from dataclasses import dataclass

from agents.core.registry import AGENTS

#: Level names in order, with what the lobby says about each.
NAMES = {
    "beginner": "Beginner",
    "easy": "Easy",
    "medium": "Medium",
    "strong": "Strong",
    "best": "Best",
}

#: Per game: (level, agent spec), weakest first, without the ``-best`` level.
#: Where the registry has no natural middle step a game has fewer levels.
CHOSEN: dict[str, tuple[tuple[str, str], ...]] = {
    # Footsies by head-to-head games on the lobby's rules (5 rounds of at most 20 turns;
    # docs/results/footsies.md, "Levels"), each level beating the one below: best beats
    # the faithful bandit 97.0 %, which beats the article's MCTS 97.5 %, which beats
    # random 73.2 % (400 games each). The equilibrium is no level: nothing beats it, and
    # it beats no one by much. Random, the Beginner, is what a person learns to beat.
    "footsies": (
        ("beginner", "random"),
        ("easy", "footsies-mcts"),
        ("strong", "footsies-mcts-faithful"),
    ),
    # Button Men by head-to-head games over the fighter grid (docs/results/buttonmen.md,
    # "Levels"): MC beats random, buttonmen-flat beats MC, buttonmen-best beats flat
    # (60.5 % of 114 games [51.4, 69.0]: the 60 % a step should show on the estimate only).
    "buttonmen": (
        ("easy", "random"),
        ("medium", "buttonmen-mc"),
        ("strong", "buttonmen-flat"),
    ),
    "octagon": (
        ("easy", "random"),
        ("strong", "octagon-greedy"),
    ),
    # Dice Wars by head-to-head win rate, 2 seats (docs/results/dicewars.md): STE beats
    # the naive player 75.9 %, the first round's hand-weighted player beats STE 60.6 %, the
    # learned best beats that one (measured there). SDC is left out: it beats STE
    # (56.2 %), so it cannot sit below it, and nothing measured beats it by 60 %.
    "dicewars": (
        ("easy", "dicewars-naive"),
        ("medium", "dicewars-ste"),
        ("strong", "dicewars-hand"),
    ),
    "dungeon": (
        ("easy", "random"),
        ("strong", "dungeon-planner"),
    ),
}

#: Games per pairing in each game's ladder: enough to move the ratings, few enough
#: that a run costs a few CPU minutes at most (the heavy agents get the fewest).
LADDER_GAMES = {"footsies": 10, "buttonmen": 4, "octagon": 6, "dicewars": 6, "dungeon": 10}

#: How often each ladder runs, in seconds.
LADDER_EVERY_S = 6 * 3600


@dataclass(frozen=True)
class Level:
    name: str  # "easy", "medium", "strong", "best"
    spec: str  # the agent spec that plays it

    @property
    def title(self) -> str:
        return NAMES[self.name]

    @property
    def value(self) -> str:
        """What a lobby form sends for this level."""
        return f"level:{self.name}"


def levels(game: str) -> list[Level]:
    """The levels of ``game``, weakest first (empty for a game without levels)."""
    found = [Level(name, spec) for name, spec in CHOSEN.get(game, ())]
    best = f"{game}-best"
    if best in AGENTS and all(level.spec != best for level in found):
        found.append(Level("best", best))
    return found


def level(game: str, value: str) -> Level | None:
    """The level a form value (``level:<name>``) names, or None if it names none."""
    if not value.startswith("level:"):
        return None
    name = value.removeprefix("level:")
    return next((lv for lv in levels(game) if lv.name == name), None)


def ladder(game: str) -> dict:
    """The tournament spec of ``game``'s ladder: every level against every other."""
    return {
        "game": game,
        "entrants": [lv.spec for lv in levels(game)],
        "format": "roundrobin",
        "games_per_pairing": LADDER_GAMES.get(game, 4),
        "name": ladder_name(game),
    }


def ladder_name(game: str) -> str:
    import games  # pure Python too; imported here to keep this module cheap to load

    return f"{games.get(game).title} levels ladder"
