"""The buttons people play: the community site's roster, as data, and what we can play.

``roster.json`` lists every button of the site (about 850 in 90 sets) with its set and
its recipe in the site's notation, e.g. ``p(20) s(10) (4) (X)``: one die per token,
``(n)`` a die of n faces, a letter P or R–Z a swing die of that letter's range, ``a/b``
an option die (the owner picks one of two sizes), ``a,b`` twin dice (one die made of
two, rolled and scored together), letters and signs before or after the parentheses
the die's skills (``p`` Poison, ``z`` Speed, ``!`` Turbo, …).

Each button falls in the first tier whose dice it needs:

1. plain dice and X swing dice;
2. tier 1 plus option dice, twin dice and the other swing letters;
3. tier 2 plus the ten skills that cover the most buttons: Poison, Shadow, Speed, Focus,
   Stinger, Rush, Mood, Trip, Turbo and Auxiliary;

or none, when it needs anything else (other skills, or special rules of its own). A
button is *playable* when the engine implements what it needs; today that is tiers 1,
2 and 3 (the engine plays all ten skills, ``games.buttonmen.dice.SKILLS``), but for a
button too big for the engine's move tables; the others say what they still need.
``roster()`` lists every button with its tier and, when it is not playable, why.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from games.buttonmen.dice import MAX_DICE, SWING_RANGES, choice_count, die_parts
from games.buttonmen.dice import SKILLS as ENGINE_SKILLS

PATH = Path(__file__).with_name("roster.json")

#: The ten skills of tier 3, by their letter in a recipe.
TIER3_SKILLS: dict[str, str] = {
    "p": "Poison",
    "s": "Shadow",
    "z": "Speed",
    "f": "Focus",
    "g": "Stinger",
    "#": "Rush",
    "?": "Mood",
    "t": "Trip",
    "!": "Turbo",
    "+": "Auxiliary",
}

#: Every skill letter of the site's notation, for saying what a button needs.
SKILL_NAMES: dict[str, str] = {
    **TIER3_SKILLS,
    "B": "Berserk",
    "b": "Boom",
    "c": "Chance",
    "D": "Doppelganger",
    "F": "Fire",
    "I": "Insult",
    "J": "Jolt",
    "k": "Konstant",
    "&": "Mad",
    "M": "Maximum",
    "H": "Mighty",
    "m": "Morphing",
    "n": "Null",
    "o": "Ornery",
    "q": "Queer",
    "%": "Radioactive",
    "G": "Rage",
    "r": "Reserve",
    "w": "Slow",
    "d": "Stealth",
    "^": "TimeAndSpace",
    "v": "Value",
    "`": "Warrior",
    "h": "Weak",
}

#: What tier 2 adds, as ``_tier_and_needs`` words it (all played).
TIER2_NEEDS = frozenset(
    ["option dice", "twin dice", *(f"the swing letter {L}" for L in SWING_RANGES if L != "X")]
)

#: The tiers the engine plays whole by construction (a tier-3 button plays when the
#: engine plays every skill it uses: today all of them).
PLAYABLE_TIERS = (1, 2)

#: A seat's choice moves beyond this many would swamp the agents' swing search.
MAX_CHOICES = 20_000

_TOKEN = re.compile(r"^([^()]*)\(([^()]*)\)([^()]*)$")


@dataclass(frozen=True)
class Die:
    """One die of a recipe: its skill letters and its size parts (an int, or a swing
    letter); ``kind`` is "plain", "option" (a/b) or "twin" (a,b)."""

    skills: str
    sizes: tuple[int | str, ...]
    kind: str


@dataclass(frozen=True)
class Button:
    name: str
    set: str
    recipe: str
    special: bool
    tournament_legal: bool
    dice: tuple[Die, ...] | None  # None: the recipe is not in the notation we read
    tier: int | None
    reason: str  # why it is not playable ("" when it is)

    @property
    def playable(self) -> bool:
        return not self.reason

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "set": self.set,
            "recipe": self.recipe,
            "tier": self.tier,
            "playable": self.playable,
            "reason": self.reason,
            "tournament_legal": self.tournament_legal,
        }


def _size(text: str) -> int | str | None:
    text = text.strip()
    if text.isdigit():
        return int(text)
    return text if text in SWING_RANGES else None


def parse_recipe(recipe: str) -> tuple[Die, ...] | None:
    """The dice of a recipe in the site's notation, or None where it uses anything
    else (a die of no size, a size we cannot read)."""
    dice = []
    for token in recipe.split():
        match = _TOKEN.match(token)
        if not match:
            return None
        before, inside, after = match.groups()
        kind = "option" if "/" in inside else "twin" if "," in inside else "plain"
        parts = re.split(r"[/,]", inside)
        sizes = tuple(_size(p) for p in parts)
        if not parts or any(s is None for s in sizes):
            return None
        dice.append(Die(before + after, sizes, kind))  # type: ignore[arg-type]
    return tuple(dice) if dice else None


def _tier_and_needs(dice: tuple[Die, ...]) -> tuple[int | None, list[str]]:
    """The first tier the dice fit, and what they need beyond tier 1."""
    needs: list[str] = []
    beyond: list[str] = []
    for die in dice:
        if die.kind != "plain":
            needs.append(f"{die.kind} dice")
        for size in die.sizes:
            if isinstance(size, str) and size != "X":
                needs.append(f"the swing letter {size}")
            elif size == 0:  # the site's joke dice that always show 0
                beyond.append("zero-sided dice")
        for letter in die.skills:
            name = SKILL_NAMES.get(letter, f"the skill {letter!r}")
            (needs if letter in TIER3_SKILLS else beyond).append(name)
    if beyond:
        return None, list(dict.fromkeys(needs + beyond))
    if any(die.skills for die in dice):
        return 3, list(dict.fromkeys(needs))
    return (2 if needs else 1), list(dict.fromkeys(needs))


def engine_die(die: Die) -> int | str:
    """The engine's form of a recipe's die (games.buttonmen.dice): 8, "X", "4/10", "X,X"."""
    sep = "/" if die.kind == "option" else ","
    body = die.sizes[0] if len(die.sizes) == 1 else sep.join(str(s) for s in die.sizes)
    return f"{die.skills}({body})" if die.skills else body


def _engine_problem(dice: tuple[Die, ...]) -> str:
    """Why the engine cannot seat these dice although their tier is played ("" if it can)."""
    recipe = tuple(engine_die(d) for d in dice)
    if len(recipe) > MAX_DICE:
        return f"it has {len(recipe)} dice, more than the engine's {MAX_DICE}"
    if any(die_parts(d) is None for d in recipe):
        return "one of its dice mixes kinds the engine does not play (e.g. a swing option die)"
    if choice_count(recipe) > MAX_CHOICES:
        return f"its swing and option choices exceed {MAX_CHOICES:,} combinations"
    return ""


def _button(row: list) -> Button:
    name, set_name, recipe, special, legal = row
    dice = parse_recipe(recipe)
    if dice is None:
        return Button(
            name,
            set_name,
            recipe,
            bool(special),
            bool(legal),
            None,
            None,
            "its recipe uses dice we cannot read yet",
        )
    tier, needs = _tier_and_needs(dice)
    # A tier-3 button plays once the engine has every skill it uses.
    missing = [n for n in needs if n not in ENGINE_SKILLS.values() and n not in TIER2_NEEDS]
    if special:
        tier, reason = None, "it has special rules of its own"
    elif tier in PLAYABLE_TIERS or (tier == 3 and not missing):
        reason = _engine_problem(dice)
    elif tier == 3:
        reason = "needs " + ", ".join(missing) + " (not yet implemented)"
    else:
        reason = "needs " + ", ".join(needs) + " (not yet implemented)"
    return Button(name, set_name, recipe, bool(special), bool(legal), dice, tier, reason)


@cache
def buttons() -> tuple[Button, ...]:
    """Every button of the roster, in the site's order of sets."""
    rows = json.loads(PATH.read_text(encoding="utf-8"))["buttons"]
    return tuple(_button(row) for row in rows)


def roster() -> list[dict]:
    """Every button as ``{"name", "set", "recipe", "tier", "playable", "reason",
    "tournament_legal"}``."""
    return [b.to_json() for b in buttons()]


def playable_recipes() -> dict[str, tuple[int | str, ...]]:
    """The engine's recipe (games.buttonmen.dice) of every playable button."""
    out = {}
    for b in buttons():
        if b.playable and b.dice is not None:
            out[b.name] = tuple(engine_die(die) for die in b.dice)
    return out


def tiers() -> dict[str, int]:
    """How many buttons fall in each tier (cumulative, as the tiers add up), and beyond."""
    counts = {"tier 1": 0, "tier 2": 0, "tier 3": 0, "beyond": 0}
    for b in buttons():
        if b.tier is None:
            counts["beyond"] += 1
        else:
            for t in range(b.tier, 4):
                counts[f"tier {t}"] += 1
    return counts
