"""Named levels: the opponents a person picks by strength rather than by algorithm.

Each game offers a few levels, weakest first, each one agent spec. The top level is the
game's ``<slug>-best`` agent wherever one is registered (added here automatically, so
a new ``-best`` agent becomes the top level with no change to this file). The lowest,
Beginner, is one a new player beats most of the time: ``random``, or in Dice Wars the
naive player (which random does not trail by enough for a step).

The names promise an order, and the promise is measured: each level plays the one
below it, hundreds of games a step (``python -m agents.levels_ladder``, kept in
``agents/levels_ladder/<game>.json``; a test fails if a step is won less than 60 % of
the time). The web app also rates every level (a scheduled ladder tournament,
``webapp/tournaments/schedules.py``) and shows the rating and the typical thinking
time next to the name.
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
    # agents/levels_ladder/footsies.json), each level beating the one below: best (the
    # safe exploiter (agents/footsies/safe.py), which stakes at most 0.02 of a match beyond what it
    # was given) beats the faithful bandit 65 %, which beats the article's MCTS 97 %,
    # which beats random 74 % (400 games each). The equilibrium is no level: nothing beats it, and
    # it beats no one by much. Random, the Beginner, is what a person learns to beat.
    "footsies": (
        ("beginner", "random"),
        ("easy", "footsies-mcts"),
        ("strong", "footsies-mcts-faithful"),
    ),
    # Button Men on the lobby's rules (a random fighter each, first to 3 rounds;
    # agents/levels_ladder/buttonmen.json): MC beats random 89 % of 400 games,
    # `buttonmen-flat` (the write-up's Monte Carlo with 16 times the matches) beats MC
    # 73 %, and best (swing sizes for the match) beats flat 66 % (2026-12-07). Flat came
    # back as Strong once best beat it by more than a step over the fighter grid too
    # (61.6 % of 2,016 games; docs/results/buttonmen.md, "Ninth round").
    "buttonmen": (
        ("beginner", "random"),
        ("medium", "buttonmen-mc"),
        ("strong", "buttonmen-flat"),
    ),
    # The Octagon Theory (agents/levels_ladder/octagon.json): the designer's greedy AI
    # beats random 400-0; best beats greedy 65-26-9 of 100 (draws are common).
    "octagon": (
        ("beginner", "random"),
        ("strong", "octagon-greedy"),
    ),
    # Dice Wars, 2 seats (agents/levels_ladder/dicewars.json): STE beats the naive
    # player 74 %, the hand-weighted player beats STE 62 %, best beats that 63 %. The
    # Beginner is the naive player, not random: it beats random in only 59 % [54, 64]
    # of 400 games, short of a step. SDC and `dicewars-wpm` are no levels, because
    # neither beats its neighbour by 60 % (docs/results/dicewars.md, "Levels").
    "dicewars": (
        ("beginner", "dicewars-naive"),
        ("medium", "dicewars-ste"),
        ("strong", "dicewars-hand"),
    ),
    # The battler: `dungeon-planner` is no level. On the lobby's battle (the Frog) the
    # seat decides between it and `dungeon-best` (either wins nearly every battle as
    # the Hero), so neither can beat the other in 60 % of battles played from both
    # seats (docs/results/octagon-dungeon.md, "Levels").
    "dungeon": (("beginner", "random"),),
    # Pig (agents/levels_ladder/pig.json): holding at 10 beats random 86 %, and
    # best (the solved game) beats holding at 10 68 % (400 games each). `pig-hold20` is no level:
    # best beats it only about 53 % (tests/agents/test_pig.py), short of a step.
    "pig": (("beginner", "random"), ("easy", "pig-hold10")),
}

#: Games per pairing in each game's ladder: enough to move the ratings, few enough
#: that a run costs a few CPU minutes at most (the heavy agents get the fewest).
LADDER_GAMES = {
    "footsies": 10,
    "buttonmen": 4,
    "octagon": 6,
    "dicewars": 6,
    "dungeon": 10,
    "pig": 10,
}

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
    """The tournament spec of ``game``'s ladder: each level against the level just above
    it (the ``ladder`` format: the head-to-head ladder's steps, a few games each), on the
    lobby's rules (``agents.levels_ladder.RULES``: Footsies first to 3 of 5 rounds), so
    the ratings it moves are for the game people play, between the pairs the lobby
    prints. Not every pair: in Footsies the Beginner beats Strong 54 % of the time while
    Easy beats the Beginner 76 %, and a round robin's games rated the Beginner above Easy
    within a day."""
    from agents.levels_ladder import RULES  # it imports this module

    spec = {
        "game": game,
        "entrants": [lv.spec for lv in levels(game)],
        "format": "ladder",
        "games_per_pairing": LADDER_GAMES.get(game, 4),
        "name": ladder_name(game),
    }
    if game in RULES:
        spec["options"] = dict(RULES[game])
    return spec


def ladder_name(game: str) -> str:
    import games  # pure Python too; imported here to keep this module cheap to load

    return f"{games.get(game).title} levels ladder"
