"""Button Men's roster on the site: what the list of buttons and each button's page show.

The facts come from ``games.buttonmen.roster`` (the community site's roster as data);
this module only arranges them for the templates: each die of a recipe as a drawable
face, and the search by name, set and skill that the list page and the lobby's picker
share.
The pages themselves (``webapp.tournaments.buttonstats``) add the button statistics,
which come from tournament games, so they live with the tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from games.buttonmen.dice import SKILLS as ENGINE_SKILLS
from games.buttonmen.dice import SWING_RANGES
from games.buttonmen.roster import SKILL_NAMES, TIER3_SKILLS, Button, Die, buttons


@dataclass(frozen=True)
class Face:
    """One die as the page draws it: the label on the die, what it is in words, its
    kind (plain, swing, option, twin: the drawing's style) and its skills."""

    label: str
    words: str
    kind: str
    skills: tuple[str, ...]


def _size_words(size: int | str) -> str:
    if isinstance(size, int):
        return f"{size} sides"
    low, high = SWING_RANGES[size]
    return f"swing {size}: {low} to {high} sides, chosen by its owner"


def face(die: Die) -> Face:
    sizes = die.sizes
    skills = tuple(SKILL_NAMES.get(letter, repr(letter)) for letter in die.skills)
    if die.kind == "option":
        label = "/".join(str(s) for s in sizes)
        words = "option die: " + " or ".join(f"{s} sides" for s in sizes) + ", chosen by its owner"
    elif die.kind == "twin":
        label = "+".join(str(s) for s in sizes)
        words = "twin die (two dice rolled as one, showing their sum): " + " and ".join(
            _size_words(s) for s in sizes
        )
    else:
        size = sizes[0]
        label = str(size) if isinstance(size, str) else f"d{size}"
        words = _size_words(size)
    swing = any(isinstance(s, str) for s in sizes)
    kind = "swing" if swing and die.kind == "plain" else die.kind
    return Face(label, words, kind, skills)


#: A line per skill on a button's page: what it does here, or that it is not played yet.
SKILL_LINES = {
    "Poison": "worth negative points: kept to the round's end it subtracts its whole "
    "size from its owner's score; captured, half its size from the capturer's",
    "Shadow": "makes no power attack; instead its shadow attack takes one die showing at "
    "least its own value and at most its size; it joins skill attacks as any die",
    "Speed": "can also make a speed attack: alone, it captures two or more dice whose "
    "values add up exactly to its own, and is rerolled",
    "Focus": "after the roll, a player without the initiative may turn Focus dice down "
    "to lower values if that wins the initiative outright; the other player may answer "
    "in kind; turned-down dice sit out their owner's first attack",
    "Stinger": "in a skill attack it counts as any value from its minimum up to the value "
    "it shows; it does not count when deciding who starts",
    "Mood": "a swing die whose size, each time it is rerolled after the round's roll, is "
    "drawn at random among the standard dice sizes (1, 2, 4, 6, 8, 10, 12, 20, 30) within "
    "its swing range",
    "Trip": "can also make a trip attack: alone, on one die; both dice are rerolled and "
    "the target is captured if the Trip die then shows at least as much; it does not "
    "count when deciding who starts",
    "Turbo": "after it attacks, its owner chooses its new size (any of its swing range, or "
    "either of its option sizes) before it is rerolled",
    "Rush": "any die may make a rush attack: alone, it captures exactly two dice whose "
    "values add up to its own, if it or one of the two is a Rush die; it is then rerolled",
    "Auxiliary": "an optional extra die: before the match both players say whether they "
    "want the Auxiliary dice (a player without any is offered a copy of the other's); "
    "they are played only if both do",
}


def skill_note(skill: str) -> str:
    if skill in ENGINE_SKILLS.values():
        return SKILL_LINES.get(skill, "played here")
    if skill in TIER3_SKILLS.values():
        return "one of the ten skills of tier 3, not yet played here"
    return "not yet played here"


def skills_of(button: Button) -> list[str]:
    """The names of the skills on a button's dice, in the roster's order of skills
    ("Poison", "Shadow"), each once; none for a recipe we cannot read."""
    letters = {letter for die in button.dice or () for letter in die.skills}
    return [name for letter, name in SKILL_NAMES.items() if letter in letters]


def search(query: str = "", playable_only: bool = False) -> list[Button]:
    """Buttons whose name, set or skills hold every word of ``query`` (any case):
    "poison shadow" finds the buttons with both skills."""
    words = query.lower().split()
    found = []
    for b in buttons():
        if playable_only and not b.playable:
            continue
        text = " ".join([b.name, b.set, *skills_of(b)]).lower()
        if all(w in text for w in words):
            found.append(b)
    return found


def by_name(name: str) -> Button:
    wanted = name.strip().lower()
    for b in buttons():
        if b.name.lower() == wanted:
            return b
    raise Http404(f"there is no button {name!r}")
