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
    "easy": "Easy",
    "medium": "Medium",
    "strong": "Strong",
    "best": "Best",
}

#: Per game: (level, agent spec), weakest first, without the ``-best`` level.
#: Where the registry has no natural middle step a game has fewer levels.
CHOSEN: dict[str, tuple[tuple[str, str], ...]] = {
    # Footsies by exploitability (what a perfect opponent wins a game, exactly:
    # docs/results/footsies.md): the counter 1/2, random 1/3, the equilibrium 0. Random
    # is harder to beat than a player whose next move can be read.
    "footsies": (
        ("easy", "footsies-counter"),
        ("medium", "random"),
        ("strong", "footsies-nash"),
    ),
    "buttonmen": (
        ("easy", "random"),
        ("medium", "buttonmen-em"),
        ("strong", "buttonmen-mc"),
    ),
    "octagon": (
        ("easy", "random"),
        ("strong", "octagon-greedy"),
    ),
    # Dice Wars by head-to-head win rate, 2 seats (docs/results/dicewars.md): STE beats
    # the naive player 75.9 %, issue 11's hand-weighted player beats STE 60.6 %, the
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
