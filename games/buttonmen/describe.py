"""Sentences for people: what a move or chance outcome does, and what just happened.

Only text; nothing here changes a state. A fighter is named by its button ("Avis"), or by
its seat while fighters are still being drawn or when both seats play the same button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from games.buttonmen.moves import move_to_text
from games.buttonmen.rules import SLOTS
from games.core.words import SOMEONE

if TYPE_CHECKING:
    from games.buttonmen.state import ButtonMenState


def player(state: ButtonMenState, seat: int) -> str:
    name = state.fighters[seat]
    if name is None:
        return f"seat {seat}"
    if state.fighters[0] == state.fighters[1]:
        return f"{name} (seat {seat})"
    return name


def possessive(state: ButtonMenState, seat: int) -> str:
    who = player(state, seat)
    return who + ("'" if who.endswith("s") else "'s")


def die(state: ButtonMenState, seat: int, slot: int, showing: bool = True) -> str:
    """'d12 showing 9', or 'swing d7 showing 3' for an X die."""
    swing = "swing " if state.swing_slots[seat] >> slot & 1 else ""
    poison = "Poison " if state.poison[seat] >> slot & 1 else ""
    poison += "Shadow " if state.shadow[seat] >> slot & 1 else ""
    poison += "Speed " if state.speed[seat] >> slot & 1 else ""
    poison += "Focus " if state.focus[seat] >> slot & 1 else ""
    poison += "Stinger " if state.stinger[seat] >> slot & 1 else ""
    poison += "Mood " if state.mood[seat] >> slot & 1 else ""
    poison += "Trip " if state.trip[seat] >> slot & 1 else ""
    poison += "Turbo " if state.turbo[seat] >> slot & 1 else ""
    poison += "Rush " if state.rush[seat] >> slot & 1 else ""
    text = f"{poison}{swing}d{state.size[seat][slot]}"
    value = state.value[seat][slot]
    return f"{text} showing {value}" if showing and value else text


def _listing(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_move(state: ButtonMenState, move: Any) -> str:
    """A sentence for ``move`` (a seat's move or a chance outcome) at this position,
    e.g. "Avis' d12 showing 9 power-attacks Hammer's d20 showing 7"."""
    if _is_joint(move) and move[0][1][0] == "auxiliary":
        return auxiliary_text(state, move)
    if _is_joint(move):
        # Both secret swing choices, revealed together at the simultaneous node.
        sizes = [f"{player(state, seat)} {_choice(state, seat, choice)}" for seat, choice in move]
        return "swing sizes revealed: " + _listing(sizes)
    kind = move[0]
    seat = state.turn
    if kind in ("power", "skill", "shadow", "trip"):
        _, attackers, target = move
        foe = 1 - seat
        victim = f"{possessive(state, foe)} {die(state, foe, target)}"
        if kind in ("power", "shadow", "trip"):
            return (
                f"{possessive(state, seat)} {die(state, seat, attackers[0])} {kind}-attacks "
                f"{victim}"
            )
        used = _listing([die(state, seat, i) for i in attackers])
        return f"{player(state, seat)} skill-attacks {victim} with {used}"
    if kind in ("speed", "rush"):
        _, attackers, targets = move
        foe = 1 - seat
        victims = _listing([die(state, foe, t) for t in targets])
        return (
            f"{possessive(state, seat)} {die(state, seat, attackers[0])} {kind}-attacks "
            f"{possessive(state, foe)} {victims}"
        )
    if kind == "pass":
        return f"{player(state, seat)} passes"
    if kind == "focus":
        return f"{player(state, seat)} turns their {die(state, seat, move[1])} down to {move[2]}"
    if kind == "turbo":
        # The size is each swing half's for a twin die: say what the die becomes.
        from games.buttonmen.dice import resized_parts

        size = sum(resized_parts(state.recipes[seat][move[1]], move[2]))  # type: ignore[index]
        return f"{player(state, seat)} sets their {die(state, seat, move[1], False)} to d{size}"
    if kind == "take":
        return f"{player(state, seat)} takes the initiative with the Focus dice turned down"
    if kind == "decline":
        return f"{player(state, seat)} turns no Focus die down: {player(state, 1 - seat)} starts"
    if kind == "surrender":
        return f"{player(state, seat)} surrenders the round"
    if kind == "swing":
        # Both choosing blind: the move does not say whose it is; callers name it.
        who = player(state, state.choosers[0]) if len(state.choosers) == 1 else SOMEONE
        if len(move) > 2:
            return f"{who} chooses {_choice(state, state.choosers[0], move)}"
        return f"{who} sets the swing size to {move[1]}"
    if kind == "fighters":
        return f"{move[1]} (seat 0) faces {move[2]} (seat 1)"
    if kind == "roll":
        rolls = [
            f"{player(state, s)} rolls "
            + _listing(
                [
                    f"{die(state, s, i, False)}: {v}"
                    for i, v in zip(SLOTS[state.alive[s]], move[1 + s], strict=False)
                ]
            )
            for s in (0, 1)
        ]
        return f"round {state.round}: " + "; ".join(rolls)
    if kind == "coin":
        return f"a coin toss gives {player(state, move[1])} the first move"
    if kind == "reroll":
        sizes = iter(move[2] if len(move) > 2 else ())
        again = []
        for (s, i), v in zip(rerolled(state), move[1], strict=False):
            owner = "" if s == seat else f"{possessive(state, s)} "
            # A Mood die's new size comes first: "Mood swing d12, now a d20: 17".
            now = f", now a d{next(sizes, '?')}" if state.mood[s] >> i & 1 else ""
            again.append(f"{owner}{die(state, s, i, False)}{now}: {v}")
        return f"{player(state, seat)} rerolls " + _listing(again)
    return repr(move)


def rerolled(state: ButtonMenState | Scene) -> list[tuple[int, int]]:
    """The dice a reroll rolls, as (seat, slot), in the order it rolls them: the
    attacking dice by slot, then a trip attack's target (a state or the scene of one)."""
    seat = state.turn
    dice = [(seat, i) for i in state.pending]
    if state.tripping is not None:
        dice.append((1 - seat, state.tripping))  # type: ignore[operator]
    return dice  # type: ignore[return-value]


def _choice(state: ButtonMenState, seat: int, move: tuple) -> str:
    """'X = 12', or each choice named: 'R = 6, option die 2 = d10'."""
    recipe = state.recipes[seat]
    if recipe is None or len(move) == 2 and "X" in recipe:
        return f"X = {move[1]}"
    from games.buttonmen.dice import choices

    named = [
        f"{label} = {v}" if not label.isdigit() else f"option die {label} = d{v}"
        for (label, _), v in zip(choices(tuple(recipe)), move[1:], strict=False)
    ]
    return ", ".join(named)


def _is_joint(move: Any) -> bool:
    """A simultaneous node's joint move: ((seat, move), ...)."""
    return bool(move) and all(
        isinstance(part, tuple) and len(part) == 2 and isinstance(part[0], int) for part in move
    )


def auxiliary_text(state: ButtonMenState | Scene, joint: tuple) -> str:
    """Both seats' Auxiliary choices, revealed together, and what follows from them."""
    wants = [
        f"{player(state, seat)} {'wants' if choice[1] else 'does not want'} them"  # type: ignore[arg-type]
        for seat, choice in joint
    ]
    played = all(choice[1] for _, choice in joint)
    return (
        "Auxiliary dice: "
        + _listing(wants)
        + (": they are played" if played else ": they are left out")
    )


def swing_chosen(state: ButtonMenState, seat: int | None) -> str:
    """The news of a swing choice, which must not tell the size before the roll."""
    if seat is None:
        return "both players chose their swing dice in secret"
    return f"{player(state, seat)} chose a swing size in secret"


def trip_text(state: ButtonMenState, taken: bool) -> str:
    return ": the trip takes the die" if taken else ": the trip fails, both dice stay"


def initiative_text(state: ButtonMenState, first: int | None) -> str:
    if first is None:
        return "; the dice tie, a coin decides who starts"
    return f"; {player(state, first)} moves first"


def round_end_text(state: ButtonMenState, scores_x2: list[int], won: int | None) -> str:
    score = f"{scores_x2[0] / 2:g} to {scores_x2[1] / 2:g}"
    if won is None:
        return f"; round {state.round} ends in a tie, {score}"
    return f"; round {state.round} ends {score}: {player(state, won)} wins the round"


# ----- the "last" entry of the view, worded only when somebody looks -------------------------


class Scene(NamedTuple):
    """What a sentence about an event needs, frozen just before the event changed it."""

    fighters: tuple
    size: tuple
    value: tuple
    swing_slots: tuple
    alive: tuple
    turn: int | None
    pending: tuple
    round: int
    choosers: tuple
    poison: tuple = (0, 0)
    shadow: tuple = (0, 0)
    speed: tuple = (0, 0)
    focus: tuple = (0, 0)
    stinger: tuple = (0, 0)
    recipes: tuple = (None, None)
    mood: tuple = (0, 0)
    trip: tuple = (0, 0)
    tripping: int | None = None
    turbo: tuple = (0, 0)
    rush: tuple = (0, 0)


def scene(state: ButtonMenState) -> Scene:
    return Scene(
        tuple(state.fighters),
        tuple(state.size),
        tuple(state.value),
        tuple(state.swing_slots),
        tuple(state.alive),
        state.turn,
        state.pending,
        state.round,
        state.choosers,
        tuple(state.poison),
        tuple(state.shadow),
        tuple(state.speed),
        tuple(state.focus),
        tuple(state.stinger),
        tuple(state.recipes),
        tuple(state.mood),
        tuple(state.trip),
        state.tripping,
        tuple(state.turbo),
        tuple(state.rush),
    )


class LastEvent:
    """The previous event. Bulk play makes millions of these and reads almost none, so
    the words are put together in ``render`` rather than when the event happens."""

    __slots__ = ("event", "seat", "move", "scene", "tail")

    def __init__(self, event: str, seat: int | None, move: Any, at: Scene, tail: tuple = ()):
        self.event = event
        self.seat = seat
        self.move = move
        self.scene = at
        self.tail = tail  # (function, args) pairs whose text follows the sentence

    def then(self, function, *args) -> LastEvent:
        return LastEvent(
            self.event, self.seat, self.move, self.scene, (*self.tail, (function, args))
        )

    def render(self) -> dict[str, Any]:
        if self.event == "swing":  # the size stays secret until the roll
            move, text = None, swing_chosen(self.scene, self.seat)  # type: ignore[arg-type]
        elif self.event == "auxiliary":  # both choices at once: a joint move
            joint = self.move
            move = ", ".join(f"{seat}:{move_to_text(choice)}" for seat, choice in joint)
            text = auxiliary_text(self.scene, joint)
        else:
            move, text = move_to_text(self.move), describe_move(self.scene, self.move)  # type: ignore[arg-type]
        for function, args in self.tail:
            text += function(self.scene, *args)
        return {"event": self.event, "seat": self.seat, "move": move, "text": text}
