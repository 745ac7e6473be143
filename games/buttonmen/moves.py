"""Moves and chance outcomes of Button Men, as values and as short text.

Values are plain tuples so they hash, compare and survive JSON as text:

=====================  ==============================  ==================
what                   value                            text
=====================  ==============================  ==================
swing choice           ("swing", 12)                    ``swing:12``
several choices        ("swing", 12, 6, 10)             ``swing:12,6,10``
surrender (option)     ("surrender",)                   ``surrender``
shadow attack          ("shadow", (1,), 0)              ``shadow:1>0``
trip attack            ("trip", (1,), 0)                ``trip:1>0``
rush attack            ("rush", (1,), (0, 2))           ``rush:1>0+2``
speed attack           ("speed", (1,), (0, 2))          ``speed:1>0+2``
turn a Focus die down  ("focus", 2, 1)                  ``focus:2=1``
size a Turbo die       ("turbo", 2, 12)                 ``turbo:2=12``
Auxiliary dice         ("auxiliary", 1) / 0              ``auxiliary:yes`` / ``no``
take the initiative    ("take",)                         ``take``
decline (Focus)        ("decline",)                      ``decline``
power attack           ("power", (2,), 0)               ``power:2>0``
skill attack           ("skill", (0, 3), 1)             ``skill:0+3>1``
pass                   ("pass",)                        ``pass``
fighters (chance)      ("fighters", "Avis", "Iago")     ``fighters:Avis,Iago``
round-start roll       ("roll", (3, 1, 9), (2, 20))     ``roll:3,1,9/2,20``
initiative coin        ("coin", 1)                      ``coin:1``
reroll of attackers    ("reroll", (5, 17))              ``reroll:5,17``
… with Mood dice       ("reroll", (5, 3), (20,))        ``reroll:5,3/20``
=====================  ==============================  ==================

Attack numbers are die slots: a die's place in its fighter's recipe (0 first). The
attacking slots are listed ascending; the number after ``>`` is the opposing die.
A reroll of Mood swing dice also lists, after ``/``, the new size of each Mood die among
the rerolled ones (in their order): its size is drawn before its value.
"""

from __future__ import annotations

from typing import Any

from games.buttonmen.fighters import fighter_name
from games.buttonmen.rules import (
    AUXILIARY_KIND,
    DECLINE,
    FOCUS_KIND,
    PASS,
    PASS_KIND,
    POWER,
    RUSH,
    SHADOW,
    SKILL,
    SPEED,
    SURRENDER,
    SURRENDER_KIND,
    TAKE,
    TRIP,
    TURBO_KIND,
)
from games.core import IllegalMove

SWING_KIND, FIGHTERS_KIND, ROLL_KIND, COIN_KIND, REROLL_KIND = (
    "swing",
    "fighters",
    "roll",
    "coin",
    "reroll",
)


def _ints(values: Any) -> str:
    return ",".join(str(int(v)) for v in values)


def move_to_text(move: Any) -> str:
    """Text of a move or outcome; raises ValueError/TypeError for anything else."""
    if not isinstance(move, tuple) or not move:
        raise ValueError(f"not a Button Men move: {move!r}")
    kind = move[0]
    if kind in (POWER, SKILL, SHADOW, TRIP):
        return f"{kind}:{'+'.join(str(int(i)) for i in move[1])}>{int(move[2])}"
    if kind in (SPEED, RUSH):
        return f"{kind}:{int(move[1][0])}>{'+'.join(str(int(t)) for t in move[2])}"
    if kind in (FOCUS_KIND, TURBO_KIND):
        return f"{kind}:{int(move[1])}={int(move[2])}"
    if move in (PASS, SURRENDER, TAKE, DECLINE):
        return kind
    if kind == AUXILIARY_KIND and len(move) == 2 and move[1] in (0, 1):
        return f"{kind}:{'yes' if move[1] else 'no'}"
    if kind == SWING_KIND:
        return f"swing:{_ints(move[1:])}"
    if kind == FIGHTERS_KIND:
        return f"fighters:{move[1]},{move[2]}"
    if kind == ROLL_KIND:
        return f"roll:{_ints(move[1])}/{_ints(move[2])}"
    if kind == COIN_KIND:
        return f"coin:{int(move[1])}"
    if kind == REROLL_KIND:
        sizes = f"/{_ints(move[2])}" if len(move) > 2 else ""
        return f"reroll:{_ints(move[1])}{sizes}"
    raise ValueError(f"not a Button Men move: {move!r}")


def _number(text: str, what: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise IllegalMove(f"{what} must be a number, not {text!r}")
    return int(text)


def _numbers(text: str, what: str) -> tuple[int, ...]:
    text = text.strip()
    if not text:
        return ()
    return tuple(_number(part, what) for part in text.split(","))


def _split(text: Any) -> tuple[str, str]:
    if not isinstance(text, str):
        raise IllegalMove(f"a Button Men move is text, not {text!r}")
    kind, _, rest = text.strip().partition(":")
    return kind.strip().lower(), rest


def parse_move(text: Any) -> tuple:
    """A seat's move from its text (not yet checked against the position)."""
    kind, rest = _split(text)
    if kind == PASS_KIND and not rest.strip():
        return PASS
    if kind == SURRENDER_KIND and not rest.strip():
        return SURRENDER
    if kind in (TAKE[0], DECLINE[0]) and not rest.strip():
        return (kind,)
    if kind == FOCUS_KIND:
        slot, equals, value = rest.partition("=")
        if not equals:
            raise IllegalMove(f"a Focus turn-down reads like focus:2=1 (die 2 to 1), not {text!r}")
        return (FOCUS_KIND, _number(slot, "a die number"), _number(value, "a die value"))
    if kind == AUXILIARY_KIND:
        answer = rest.strip().lower()
        if answer not in ("yes", "no"):
            raise IllegalMove(
                f"Auxiliary dice are played or not: auxiliary:yes or no, not {text!r}"
            )
        return (AUXILIARY_KIND, int(answer == "yes"))
    if kind == TURBO_KIND:
        slot, equals, size = rest.partition("=")
        if not equals:
            raise IllegalMove(f"a Turbo size reads like turbo:2=12 (die 2 to 12), not {text!r}")
        return (TURBO_KIND, _number(slot, "a die number"), _number(size, "a die size"))
    if kind == SWING_KIND:
        # One value per choice: swing letters, then option dice (games.buttonmen.dice).
        values = _numbers(rest, "a swing size")
        if not values:
            raise IllegalMove(f"a swing choice reads like swing:12 or swing:12,4, not {text!r}")
        return (SWING_KIND, *values)
    if kind in (POWER, SKILL, SHADOW, TRIP):
        attackers, arrow, target = rest.partition(">")
        if not arrow:
            raise IllegalMove(f"an attack reads like {kind}:0>2, not {text!r}")
        slots = tuple(sorted(_number(s, "a die number") for s in attackers.split("+")))
        if len(set(slots)) != len(slots):
            raise IllegalMove(f"a die attacks at most once: {text!r}")
        if kind in (POWER, SHADOW, TRIP) and len(slots) != 1:
            raise IllegalMove(f"a {kind} attack uses exactly one die: {text!r}")
        if kind == SKILL and len(slots) < 2:
            raise IllegalMove(f"a one-die skill attack is the power attack: use power:{rest}")
        return (kind, slots, _number(target, "a die number"))
    if kind in (SPEED, RUSH):
        return _parse_speed(text, rest, kind)
    raise IllegalMove(
        f"{text!r} is not a Button Men move (swing:N, power:A>T, skill:A+B>T, speed:A>T+U, rush:A>T+U, trip:A>T, pass, focus:A=V, take, decline, turbo:A=N, auxiliary:yes)"
    )


def _parse_speed(text: str, rest: str, kind: str = SPEED) -> tuple:
    """``speed:A>T+U``: one Speed die, two or more targets (ascending in the move); a
    rush attack, ``rush:A>T+U``, reads the same with exactly two targets."""
    attacker, arrow, targets = rest.partition(">")
    if not arrow or "+" in attacker:
        raise IllegalMove(f"a {kind} attack reads like {kind}:0>1+2 (one die), not {text!r}")
    slots = tuple(sorted(_number(t, "a die number") for t in targets.split("+")))
    if len(set(slots)) != len(slots):
        raise IllegalMove(f"a die is captured at most once: {text!r}")
    if len(slots) < 2:
        raise IllegalMove(f"a one-target {kind} attack is the power attack: {text!r}")
    if kind == RUSH and len(slots) != 2:
        raise IllegalMove(f"a rush attack takes exactly two dice: {text!r}")
    return (kind, (_number(attacker, "a die number"),), slots)


def parse_outcome(text: Any) -> tuple:
    """A chance outcome from its text (not yet checked against the position)."""
    kind, rest = _split(text)
    if kind == FIGHTERS_KIND:
        names = [part.strip() for part in rest.split(",")]
        if len(names) != 2:
            raise IllegalMove(f"fighters are two names, as in fighters:Avis,Iago, not {text!r}")
        if not all(names):
            raise IllegalMove(f"a fighter's name is missing in {text!r}")
        # Known fighters in any case; a hand-made button keeps its own spelling.
        canonical = [fighter_name(name) or name for name in names]
        return (FIGHTERS_KIND, canonical[0], canonical[1])
    if kind == ROLL_KIND:
        first, slash, second = rest.partition("/")
        if not slash:
            raise IllegalMove(f"a roll lists both seats' values, as in roll:3,1/2,20, not {text!r}")
        return (ROLL_KIND, _numbers(first, "a die value"), _numbers(second, "a die value"))
    if kind == COIN_KIND:
        return (COIN_KIND, _number(rest, "the seat that moves first"))
    if kind == REROLL_KIND:
        values, slash, sizes = rest.partition("/")
        if slash:  # Mood dice's new sizes
            return (REROLL_KIND, _numbers(values, "a die value"), _numbers(sizes, "a die size"))
        return (REROLL_KIND, _numbers(values, "a die value"))
    raise IllegalMove(f"{text!r} is not a Button Men chance outcome (fighters, roll, coin, reroll)")
