"""The kinds of dice a recipe may hold, and the choices they ask of their owner.

A recipe is a tuple of dice in the order they sit on the button. A die is:

- an ``int`` n: a die of n faces;
- a swing letter (``"X"``, ``"R"``…``"Z"``, ``"P"``): its owner chooses its size within
  the letter's range (``SWING_RANGES``); every die of one letter on a button shares the
  one size;
- ``"a/b"`` (e.g. ``"4/10"``): an option die, its owner chooses size a or b, per die;
- ``"a,b"`` (e.g. ``"4,4"`` or ``"X,X"``): a twin die, one die made of two that roll
  together; it shows the sum of both and its size is the sum of both sizes;
- any of these with skill letters, written as the site writes them: ``"p(20)"``,
  ``"p(X)"``, ``"p(4,4)"`` (``SKILLS``: the ones the engine plays). The site writes
  Mood and Turbo after the die (``(X)?``, ``(4/10)!``); the engine keeps every skill
  letter in front: ``"?(X)"``, ``"!(4/10)"``.

The choice of a seat is one move ``("swing", v1, v2, …)``: one value per *choice*, the
swing letters first (in the order they first appear on the button), then each option
die (by slot). A button whose only chosen dice are X swing dice thus chooses
``("swing", n)``, as the twelve Soldiers always have. Recipes whose dice are all plain
or X are *classic*: the fast path plays them itself (``games.buttonmen.fast``).
"""

from __future__ import annotations

from functools import cache

#: The swing letters and the sizes each may take (the site's ranges).
SWING_RANGES: dict[str, tuple[int, int]] = {
    "P": (1, 30),
    "R": (2, 16),
    "S": (6, 20),
    "T": (2, 12),
    "U": (8, 30),
    "V": (6, 12),
    "W": (4, 12),
    "X": (4, 20),
    "Y": (1, 20),
    "Z": (4, 30),
}

#: The skills the engine plays, by their letter in the site's notation: Poison only
#: changes scoring (an own Poison die left in play scores minus its size, a captured
#: one minus half its size for the capturer); Shadow changes a die's one-die attack
#: (games.buttonmen.rules.attacks_with_shadow); Speed adds the speed attack
#: (games.buttonmen.rules.speed_attacks); Focus dice may be turned down after the
#: roll to take the initiative (the focus phase of games.buttonmen.state); Stinger
#: dice widen skill attacks (games.buttonmen.rules.attacks_with_stinger) and do not
#: count for initiative; Mood swing dice take a random size whenever they are rerolled
#: (``mood_sizes``); Trip dice add the trip attack
#: (games.buttonmen.rules.trip_attacks) and do not count for initiative; after an
#: attack its owner chooses each attacking Turbo die's size (``turbo_sizes``); Rush
#: dice let the rush attack take two dice (games.buttonmen.rules.rush_attacks);
#: Auxiliary dice are played only if both players want them (``auxiliary_offer``).
SKILLS: dict[str, str] = {
    "p": "Poison",
    "s": "Shadow",
    "z": "Speed",
    "f": "Focus",
    "g": "Stinger",
    "?": "Mood",
    "t": "Trip",
    "!": "Turbo",
    "#": "Rush",
    "+": "Auxiliary",
}

#: The sizes of "real-world" dice: a Mood swing die rerolls as one of these within its
#: swing letter's range (the site's rule), never as, say, a d7.
STANDARD_SIZES = (1, 2, 4, 6, 8, 10, 12, 20, 30)

#: Bounds for hand-made and roster recipes (the move tables are built for them).
MAX_DICE = 8
MAX_SIZE = 100

Part = int | str  # a number of faces or a swing letter


def _part(text: str) -> Part | None:
    text = text.strip()
    if text.isascii() and text.isdigit():
        n = int(text)
        return n if 1 <= n <= MAX_SIZE else None
    return text if text in SWING_RANGES else None


def die_parts(die: object) -> tuple[str, tuple[Part, ...]] | None:
    """``(kind, parts)`` of a die: kind "plain" (a number or a swing letter, one part),
    "option" (two numbers) or "twin" (two parts); None if it is no die we play."""
    if type(die) not in (int, str):  # bool is no die; a list would not hash
        return None
    return _die_parts(die)


def split_skills(die: object) -> tuple[str, object]:
    """``("p", "20")`` for ``"p(20)"``: a die with skills is written as in the site's
    notation, the skill letters before the parentheses; any other die has none."""
    if isinstance(die, str) and die.endswith(")") and "(" in die:
        skills, _, body = die[:-1].partition("(")
        return skills, body
    return "", die


def die_skills(die: object) -> str:
    return split_skills(die)[0]


@cache
def _die_parts(die: int | str) -> tuple[str, tuple[Part, ...]] | None:
    if isinstance(die, bool):
        return None
    if isinstance(die, int):
        return ("plain", (die,)) if 1 <= die <= MAX_SIZE else None
    if not isinstance(die, str):
        return None
    skills, body = split_skills(die)
    if skills:
        if any(letter not in SKILLS for letter in skills) or not isinstance(body, str):
            return None
        if body.isascii() and body.isdigit():
            found = _die_parts(int(body))
        else:
            found = _die_parts(body) if body else None
        if found is None:
            return None
        swing = any(isinstance(p, str) for p in found[1])
        if "?" in skills and (not swing or found[0] == "option" or "!" in skills):
            return None  # Mood resizes swing dice only; with Turbo it would choose twice
        if "t" in skills and "s" in skills:
            return None  # a Shadow Trip die trips by other rules (none on the roster)
        if "!" in skills and not swing and found[0] != "option":
            return None  # Turbo resizes swing and option dice only
        return found
    if body.isascii() and body.isdigit():
        return None  # a number is written as an int
    if die in SWING_RANGES:
        return ("plain", (die,))
    for sep, kind in (("/", "option"), (",", "twin")):
        if sep in die:
            parts = tuple(_part(p) for p in die.split(sep))
            if len(parts) != 2 or None in parts:
                return None
            if kind == "option" and not all(isinstance(p, int) for p in parts):
                return None  # the site's option dice are numbers
            return kind, parts  # type: ignore[return-value]
    return None


def is_classic(recipe: tuple | None) -> bool:
    """Only plain numbered dice and X swing dice (what the fast path plays)."""
    return recipe is not None and all(
        (isinstance(d, int) and not isinstance(d, bool)) or d == "X" for d in recipe
    )


def skill_mask(recipe: tuple, letter: str) -> int:
    """The slots of the recipe's dice with the skill ``letter``, as a bit mask."""
    return sum(1 << i for i, die in enumerate(recipe) if letter in die_skills(die))


def poison_mask(recipe: tuple) -> int:
    return skill_mask(recipe, "p")


@cache
def choices(recipe: tuple) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """What the owner of ``recipe`` chooses: ``(label, possible values)`` per choice —
    each swing letter (label the letter), then each option die (label its slot)."""
    letters: list[str] = []
    options: list[tuple[str, tuple[int, ...]]] = []
    for slot, die in enumerate(recipe):
        kind, parts = die_parts(die)  # type: ignore[misc]
        if kind == "option":
            options.append((str(slot), tuple(parts)))  # type: ignore[arg-type]
            continue
        for part in parts:
            if isinstance(part, str) and part not in letters:
                letters.append(part)
    out = [(L, tuple(range(SWING_RANGES[L][0], SWING_RANGES[L][1] + 1))) for L in letters]
    return tuple(out + options)


def has_choice(recipe: tuple | None) -> bool:
    return recipe is not None and bool(choices(recipe))


@cache
def choice_moves(recipe: tuple) -> tuple[tuple, ...]:
    """Every choice move of ``recipe``, ``("swing", v1, …)``, in the order of the
    values (the first choice varies slowest)."""
    import itertools

    spec = choices(recipe)
    return tuple(("swing", *vals) for vals in itertools.product(*(v for _, v in spec)))


def choice_count(recipe: tuple) -> int:
    count = 1
    for _, values in choices(recipe):
        count *= len(values)
    return count


def layout(recipe: tuple, chosen: tuple[int, ...] | None) -> tuple[tuple, tuple, int]:
    """``(sizes, parts, chosen_mask)`` by slot for ``recipe`` with the values
    ``chosen`` (a choice move's values; None: not chosen yet, sizes 0).

    ``parts[slot]`` lists the part sizes a die rolls (two for a twin die); a die's size
    is their sum. ``chosen_mask`` has a bit per die whose size its owner chose."""
    spec = choices(recipe)
    value = dict(zip((label for label, _ in spec), chosen or (), strict=False))
    sizes, parts, mask = [], [], 0
    for slot, die in enumerate(recipe):
        kind, raw = die_parts(die)  # type: ignore[misc]
        if kind == "option":
            got = value.get(str(slot), 0)
            mask |= 1 << slot
            rolled: tuple[int, ...] = (got,)
        else:
            rolled = tuple(value.get(p, 0) if isinstance(p, str) else p for p in raw)
            if any(isinstance(p, str) for p in raw):
                mask |= 1 << slot
        parts.append(rolled)
        sizes.append(0 if 0 in rolled else sum(rolled))
    return tuple(sizes), tuple(parts), mask


def _swing_letter(die: object) -> str | None:
    """The swing letter of a die (the first, a twin die's two share one), or None."""
    _, parts = die_parts(die)  # type: ignore[misc]
    return next((p for p in parts if isinstance(p, str)), None)


@cache
def mood_sizes(die: object) -> tuple[int, ...]:
    """The sizes a Mood die may take when rerolled: the standard sizes within its swing
    letter's range (for a twin die, the size of each swing half)."""
    letter = _swing_letter(die)
    if letter is None:
        return ()
    low, high = SWING_RANGES[letter]
    return tuple(n for n in STANDARD_SIZES if low <= n <= high)


@cache
def turbo_sizes(die: object) -> tuple[int, ...]:
    """The sizes a Turbo die's owner may choose after it attacks: its option die's two,
    or its swing letter's whole range (for a twin die, the size of each swing half)."""
    kind, parts = die_parts(die)  # type: ignore[misc]
    if kind == "option":
        return tuple(parts)  # type: ignore[arg-type]
    letter = _swing_letter(die)
    if letter is None:
        return ()
    low, high = SWING_RANGES[letter]
    return tuple(range(low, high + 1))


def resized_parts(die: object, size: int) -> tuple[int, ...]:
    """The parts a Mood or Turbo die rolls once resized to ``size``: an option die is
    that one die; every swing part of a (twin) swing die takes the size, a fixed part of
    a twin keeps its own."""
    kind, parts = die_parts(die)  # type: ignore[misc]
    if kind == "option":
        return (size,)
    return tuple(size if isinstance(p, str) else p for p in parts)  # type: ignore[misc]


def without_skill(die: int | str, letter: str) -> int | str:
    """The die with the skill ``letter`` taken away: ``"(20)"``-like dice become plain
    (``"+(20)"`` -> 20, ``"+s(10)"`` -> ``"s(10)"``)."""
    skills, body = split_skills(die)
    if letter not in skills:
        return die
    rest = skills.replace(letter, "")
    if rest:
        return f"{rest}({body})"
    return int(body) if isinstance(body, str) and body.isascii() and body.isdigit() else body  # type: ignore[return-value]


def auxiliary_offer(recipes: list[tuple]) -> list[tuple] | None:
    """The recipes both seats decide on when either button has Auxiliary dice (None when
    neither has): a seat without any gets a copy of every Auxiliary die of the other
    (the site's "courtesy" dice), after its own. None also when that would seat more
    than MAX_DICE dice (the engine's move tables stop there): then nobody plays any."""
    aux = [[d for d in r if "+" in die_skills(d)] for r in recipes]
    if not aux[0] and not aux[1]:
        return None
    offered = [tuple(r) + (() if aux[s] else tuple(aux[1 - s])) for s, r in enumerate(recipes)]
    return offered if all(len(r) <= MAX_DICE for r in offered) else None


def auxiliary_result(offered: tuple, played: bool) -> tuple:
    """The recipe a seat plays the match with: its Auxiliary dice as ordinary dice when
    both seats chose to play them, else without them."""
    if played:
        return tuple(without_skill(d, "+") for d in offered)
    return tuple(d for d in offered if "+" not in die_skills(d))


def notation(die: object) -> str:
    """The die in the site's notation, e.g. ``(4)``, ``(X)``, ``(4/10)``, ``(X,X)``."""
    return f"({die})"
