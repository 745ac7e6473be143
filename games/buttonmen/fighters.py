"""The fighters: the write-up's twelve Soldiers, and every playable button of the roster.

A recipe lists a fighter's dice in the order they sit on the button: a number is a die
with that many faces, ``SWING`` ("X") is a swing die whose size its owner chooses; roster
buttons may also hold the other swing letters, option and twin dice (games.buttonmen.dice).
``NAMES`` are the twelve Soldiers the seed's experiments use, and the ones a fighter
named ``random`` is drawn from; ``FIGHTERS`` adds every button of the community site's
roster that the engine plays (``games.buttonmen.roster``), so a match may seat any of them.
"""

from __future__ import annotations

from games.buttonmen.dice import MAX_DICE, MAX_SIZE, die_parts, has_choice
from games.buttonmen.roster import playable_recipes

SWING = "X"

#: Sizes a swing die may take, smallest first (the order of the swing moves).
SWING_SIZES: tuple[int, ...] = tuple(range(4, 21))

#: Named in the choice of fighters: draw a fighter at random in the setup chance event.
RANDOM = "random"

Recipe = tuple[int | str, ...]

SOLDIERS: dict[str, Recipe] = {
    "Avis": (4, 4, 10, 12, SWING),
    "Hammer": (6, 12, 20, 20, SWING),
    "Bauer": (8, 10, 12, 20, SWING),
    "Stark": (4, 6, 8, SWING, SWING),
    "Kith": (6, 8, 12, 12, SWING),
    "Clare": (6, 8, 8, 20, SWING),
    "Karl": (4, 6, 6, 20, SWING),
    "Iago": (20, 20, 20, SWING),
    "Niles": (6, 10, 10, 12, SWING),
    "Shore": (4, 4, 20, 20, SWING),
    "Hannah": (8, 10, 10, 10, SWING),
    "Kublai": (4, 8, 12, 20, SWING),
}

#: The order in which a random pick numbers the fighters.
NAMES: tuple[str, ...] = tuple(SOLDIERS)

#: Every fighter a match may seat: the Soldiers, then the roster's playable buttons.
FIGHTERS: dict[str, Recipe] = {**playable_recipes(), **SOLDIERS}


_BY_LOWER = {name.lower(): name for name in FIGHTERS}


def fighter_name(text: object) -> str | None:
    """The canonical spelling of a fighter's name (any case), or None if unknown."""
    if not isinstance(text, str):
        return None
    return _BY_LOWER.get(text.strip().lower())


def recipe_problem(recipe: object) -> str | None:
    """Why ``recipe`` cannot be a button's dice (games.buttonmen.dice), or None if it can."""
    if not isinstance(recipe, (list, tuple)) or not 1 <= len(recipe) <= MAX_DICE:
        return f"a recipe is a list of 1 to {MAX_DICE} dice"
    for die in recipe:
        if die_parts(die) is None:
            return (
                f"a die is a size 1..{MAX_SIZE}, a swing letter such as {SWING!r}, an option "
                f'die such as "4/10" or a twin die such as "4,4", not {die!r}'
            )
    return None


def has_swing(recipe: Recipe | None) -> bool:
    """Whether the recipe's owner chooses sizes (swing or option dice)."""
    return has_choice(recipe)
