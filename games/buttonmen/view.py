"""The JSON face of a Button Men position: ``observe`` writes it, ``read_position``
reads it back (``Game.from_position``). Every field is described in
docs/games/buttonmen.md; the two functions change together with that page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.buttonmen.dice import (
    auxiliary_offer,
    choices,
    die_skills,
    layout,
    mood_sizes,
    resized_parts,
    turbo_sizes,
)
from games.buttonmen.fighters import (
    FIGHTERS,
    MAX_DICE,
    MAX_SIZE,
    SWING,
    SWING_SIZES,
    fighter_name,
    recipe_problem,
)
from games.buttonmen.rules import MAX_ROUNDS, SLOTS
from games.buttonmen.state import (
    AUXILIARY,
    FOCUS,
    OVER,
    PHASES,
    PLAY,
    REROLL,
    SWING_PHASE,
    TURBO,
    ButtonMenState,
)
from games.buttonmen.state import (
    FIGHTERS as FIGHTERS_PHASE,
)
from games.core import IllegalMove

_ROLLED_PHASES = (PLAY, TURBO, REROLL, "coin", FOCUS)


def _captured_entry(captured: tuple) -> dict[str, Any]:
    """``{size, swing}``, and ``skills`` for a captured die that has any (Poison: "p")."""
    entry: dict[str, Any] = {"size": captured[0], "swing": SWING if captured[1] else None}
    if len(captured) > 2:
        entry["skills"] = captured[2]
    return entry


def _jsonable(choice: Any) -> Any:
    return list(choice) if isinstance(choice, tuple) else choice


def observe(state: ButtonMenState, seat: int | None, reveal: bool) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees; ``reveal`` shows secret swing sizes too."""
    # A swing size chosen for the coming roll is the only secret in Button Men.
    hidden = [state.secret[s] and not reveal and seat != s for s in (0, 1)]
    dice = []
    for s in (0, 1):
        row = []
        swing_mask = state.swing_slots[s]
        for i in SLOTS[state.alive[s]]:
            swing = bool(swing_mask >> i & 1)
            size = state.size[s][i]
            row.append(
                {
                    "id": i,
                    "size": None if (swing and hidden[s]) or not size else size,
                    "value": state.value[s][i] or None,
                    # "X" for a classic swing die, else the die as in the recipe
                    # ("R", "4/10", "X,X"): what the owner chose the size of.
                    "swing": (SWING if state.classic[s] else str(state.recipes[s][i]))
                    if swing
                    else None,
                }
            )
            skills = "" if state.classic[s] else die_skills(state.recipes[s][i])
            if skills:
                row[-1]["skills"] = skills  # as in the recipe: Poison "p", Shadow "s", ...
            if state.dizzy[s] >> i & 1:
                row[-1]["dizzy"] = True  # a Focus die turned down: no attack this turn
        dice.append(row)
    scores = state.round_scores()
    # A score would give away a secret swing size, or is unknown before the choice.
    known = [not hidden[s] and all(state.size[s][i] for i in SLOTS[state.alive[s]]) for s in (0, 1)]
    fighters = [
        None
        if state.fighters[s] is None
        else {"name": state.fighters[s], "recipe": list(state.recipes[s])}
        for s in (0, 1)
    ]
    options = dict(state.options)
    options["fighters"] = list(options["fighters"])
    return {
        "game": "buttonmen",
        "seat": seat,
        "options": options,
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn,
        "acting": list(state.acting_seats()),
        "fighters": fighters,
        # A classic seat's swing size, or the values of its choice move as a list.
        "swing": [None if hidden[s] else _jsonable(state.swing[s]) for s in (0, 1)],
        "swing_secret": list(state.secret),
        "dice": dice,
        "captured": [[_captured_entry(c) for c in state.captured[s]] for s in (0, 1)],
        "score": [scores[s] if known[s] else None for s in (0, 1)],
        "round_wins": list(state.round_wins),
        "round_draws": sum(1 for won, _, _ in state.results if won is None),
        "rounds": [
            {"round": n, "score": [a / 2, b / 2], "winner": won}
            for n, (won, a, b) in enumerate(state.results, start=1)
        ],
        "passes": state.passes,
        # The focus phase's seat has turned a Focus die down (it may take, not decline).
        "focusing": state.focusing,
        "reroll": _reroll(state),
        "last": _last(state),
        "over": state.phase == OVER,
        "winner": state.winner,
    }


def _reroll(state: ButtonMenState) -> dict[str, Any] | None:
    """The dice waiting for their reroll: the attacker's, and a trip attack's target;
    in the turbo phase also the attacking Turbo dice still to be sized."""
    if state.phase not in (TURBO, REROLL):
        return None
    reroll: dict[str, Any] = {"seat": state.turn, "dice": list(state.pending)}
    if state.tripping is not None:
        reroll["trip"] = state.tripping  # the opposing die the Trip die rerolls with
    if state.phase == TURBO:
        reroll["turbo"] = list(state.turbo_left)
    return reroll


def _last(state: ButtonMenState) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    return dict(last) if isinstance(last, Mapping) else last.render()


# ----- reading a position back ------------------------------------------------------------


def read_position(game, view: Mapping[str, Any]) -> ButtonMenState:
    """A state from a full view (or a hand-made one in the same shape)."""
    if not isinstance(view, Mapping):
        raise IllegalMove("a Button Men position is a JSON object")
    try:
        state = ButtonMenState(game, game.checked_options(view.get("options")))
        _read(state, view)
    except IllegalMove:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise IllegalMove(f"not a Button Men position: {exc}") from exc
    state._position = state.full_view()
    return state


def _seat(value: Any, what: str, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):
        raise IllegalMove(f"{what} must be seat 0 or 1, not {value!r}")
    return value


def _count(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise IllegalMove(f"{what} must be a whole number {low}..{high}, not {value!r}")
    return value


def _pair(view: Mapping[str, Any], key: str, default: Any = None) -> list:
    value = view.get(key, default)
    if not isinstance(value, list) or len(value) != 2:
        raise IllegalMove(f"{key!r} must list both seats")
    return value


def _read_fighter(entry: Any) -> tuple[str, tuple] | None:
    if entry is None:
        return None
    if isinstance(entry, str):
        entry = {"name": entry}
    name = entry["name"]
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 40 or set(name) & set(",:/"):
        raise IllegalMove(f"a fighter's name is 1..40 characters without , : or /, not {name!r}")
    known = fighter_name(name)
    recipe = entry.get("recipe")
    if recipe is None:
        if known is None:
            raise IllegalMove(f"unknown fighter {name!r} needs a recipe")
        return known, FIGHTERS[known]
    problem = recipe_problem(recipe)
    if problem:
        raise IllegalMove(f"{name}: {problem}")
    return known or name.strip(), tuple(recipe)


def _read(state: ButtonMenState, view: Mapping[str, Any]) -> None:
    phase = view["phase"]
    if phase not in PHASES:
        raise IllegalMove(f"unknown phase {phase!r} (one of {', '.join(PHASES)})")
    state.phase = phase
    seated = [_read_fighter(entry) for entry in _pair(view, "fighters")]
    if phase != FIGHTERS_PHASE and None in seated:
        raise IllegalMove("both fighters must be seated after the fighters phase")
    state.fighters = [f[0] if f else None for f in seated]
    state.recipes = [f[1] if f else None for f in seated]
    state.round = _count(view.get("round", 1), "round", 1, MAX_ROUNDS)
    _read_results(state, view)
    if phase == FIGHTERS_PHASE:
        return
    if phase == AUXILIARY:
        # Before round 1: the recipes as offered (courtesy dice included), no dice yet.
        if auxiliary_offer(list(state.recipes)) != list(state.recipes):
            raise IllegalMove("the auxiliary phase needs Auxiliary dice on both recipes")
        if sorted(view.get("acting") or []) != [0, 1] or state.round != 1:
            raise IllegalMove("the auxiliary phase has both seats deciding, before round 1")
        state.classic, state.choosers = [False, False], (0, 1)
        return
    state.read_recipes()
    for s in (0, 1):
        recipe = state.recipes[s]
        state.swing_slots[s] = sum(1 << i for i, die in enumerate(recipe) if die == SWING)
    swing = _pair(view, "swing", [None, None])
    secret = _pair(view, "swing_secret", [False, False])
    for s in (0, 1):
        if swing[s] is not None and state.classic[s]:
            _count(swing[s], "a swing size", SWING_SIZES[0], SWING_SIZES[-1])
        elif swing[s] is not None:
            swing[s] = _read_choice(state.recipes[s], swing[s])
        if secret[s] not in (True, False):
            raise IllegalMove("swing_secret holds true or false per seat")
        if secret[s] and swing[s] is None:
            raise IllegalMove("this view hides a swing size: use the full view")
    state.swing = list(swing)
    state.secret = [bool(x) for x in secret]
    for s in (0, 1):
        if state.classic[s]:
            _read_dice(state, s, _pair(view, "dice")[s])
        else:
            _read_chosen_dice(state, s, _pair(view, "dice")[s])
        state.captured[s] = tuple(_read_captured(c) for c in _pair(view, "captured", [[], []])[s])
    _read_dizzy(state, view)
    _read_turn(state, view)


def _read_dizzy(state: ButtonMenState, view: Mapping[str, Any]) -> None:
    """Dizzy dice: Focus dice in play, turned down, in the focus phase or before the
    first move of play (games.buttonmen.state)."""
    for s in (0, 1):
        for n, die in enumerate(_pair(view, "dice")[s]):
            if die.get("dizzy") is None or die.get("dizzy") is False:
                continue
            slot = die.get("id", n)
            if die["dizzy"] is not True or not state.focus[s] >> slot & 1:
                raise IllegalMove("'dizzy' is true only on a Focus die")
            if state.phase not in (FOCUS, PLAY):
                raise IllegalMove("dice are dizzy only in the focus phase or at play's start")
            state.dizzy[s] |= 1 << slot


def _read_dice(state: ButtonMenState, seat: int, dice: Any) -> None:
    recipe = state.recipes[seat]
    rolled = state.phase in _ROLLED_PHASES
    entries = {}
    for n, die in enumerate(dice):
        slot = _count(die.get("id", n), "a die id", 0, MAX_DICE - 1)
        if slot in entries:
            raise IllegalMove(f"die id {slot} appears twice")
        entries[slot] = die
    width = max([len(recipe), *(slot + 1 for slot in entries)])
    swing_mask = sum(1 << i for i, d in enumerate(recipe) if d == SWING)
    swing_size = state.swing[seat] or 0
    sizes = [swing_size if d == SWING else d for d in recipe] + [0] * (width - len(recipe))
    values = [0] * width
    for slot, die in entries.items():
        # The dice in play say what they are; the recipe is the next round's.
        is_swing = die.get("swing") == SWING
        swing_mask = swing_mask | (1 << slot) if is_swing else swing_mask & ~(1 << slot)
        size = die.get("size")
        if is_swing:
            if size is not None and size != swing_size:
                raise IllegalMove(f"seat {seat}'s swing die {slot} must have the swing size")
            size = swing_size
        else:
            size = _count(size, "a die size", 1, MAX_SIZE)
        sizes[slot] = size
        value = die.get("value")
        if rolled:
            values[slot] = _count(value, "a rolled die's value", 1, max(size, 1))
        elif value is not None:
            raise IllegalMove("dice show no values before the round's roll")
    in_play = sum(1 << slot for slot in entries)
    if state.phase != SWING_PHASE and swing_mask & in_play and not swing_size:
        raise IllegalMove(f"seat {seat} has a swing die in play but no swing size")
    state.swing_slots[seat] = swing_mask
    state.size[seat] = tuple(sizes)
    state.value[seat] = tuple(values)
    state.alive[seat] = in_play


def _read_choice(recipe: tuple, values: Any) -> tuple[int, ...]:
    """A non-classic seat's choice: one value per choice (games.buttonmen.dice)."""
    spec = choices(recipe)
    if not isinstance(values, list) or len(values) != len(spec):
        raise IllegalMove(f"'swing' holds {len(spec)} values for this fighter, one per choice")
    for (label, allowed), v in zip(spec, values, strict=True):
        if type(v) is not int or v not in allowed:
            raise IllegalMove(f"{v!r} is not a possible value of {label}")
    return tuple(values)


def _read_chosen_dice(state: ButtonMenState, seat: int, dice: Any) -> None:
    """The dice in play of a seat with other swing letters, option or twin dice: their
    sizes follow from the recipe and the choice, but for Mood dice, which may have
    taken another of their sizes since the round's roll."""
    recipe = state.recipes[seat]
    chosen = state.swing[seat]
    sizes, parts, mask = layout(recipe, chosen)  # type: ignore[arg-type]
    sizes, parts = list(sizes), list(parts)
    rolled = state.phase in _ROLLED_PHASES
    values = [0] * len(recipe)
    in_play = 0
    for n, die in enumerate(dice):
        slot = _count(die.get("id", n), "a die id", 0, len(recipe) - 1)
        if in_play >> slot & 1:
            raise IllegalMove(f"die id {slot} appears twice")
        in_play |= 1 << slot
        size = die.get("size")
        if size is not None and size != sizes[slot]:
            resized = _resized(state, seat, slot, size)
            if resized is None:
                raise IllegalMove(f"seat {seat}'s die {slot} has size {sizes[slot] or 'unchosen'}")
            sizes[slot], parts[slot] = size, resized
        value = die.get("value")
        if rolled:
            low, high = len(parts[slot]), max(sizes[slot], 1)
            if state.turbo[seat] >> slot & 1:
                # Sized in the turbo phase, a die shows its old value until the reroll.
                turbo = recipe[slot]
                high = max(high, *(sum(resized_parts(turbo, n)) for n in turbo_sizes(turbo)))
            values[slot] = _count(value, "a rolled die's value", low, high)
        elif value is not None:
            raise IllegalMove("dice show no values before the round's roll")
    if state.phase != SWING_PHASE and mask & in_play and chosen is None:
        raise IllegalMove(f"seat {seat} has a swing or option die in play but no choice")
    state.swing_slots[seat] = mask
    state.size[seat] = tuple(sizes)
    state.parts[seat] = tuple(parts) if any(len(p) > 1 for p in parts) else None
    state.value[seat] = tuple(values)
    state.alive[seat] = in_play


def _resized(state: ButtonMenState, seat: int, slot: int, size: Any) -> tuple[int, ...] | None:
    """The parts of a Mood or Turbo die shown at ``size`` after a reroll or a turbo
    choice (None: no size it takes)."""
    if state.phase not in _ROLLED_PHASES:
        return None
    die = state.recipes[seat][slot]  # type: ignore[index]
    if state.mood[seat] >> slot & 1:
        sizes = mood_sizes(die)
    elif state.turbo[seat] >> slot & 1:
        sizes = turbo_sizes(die)
    else:
        return None
    for n in sizes:
        if sum(resized_parts(die, n)) == size:
            return resized_parts(die, n)
    return None


def _read_captured(entry: Any) -> tuple:
    captured: tuple = (
        _count(entry["size"], "a captured die's size", 1, MAX_SIZE),
        bool(entry.get("swing")),
    )
    skills = entry.get("skills")
    if skills is not None:
        if skills != "p":
            raise IllegalMove(f"a captured die's skills are 'p' (Poison) or absent, not {skills!r}")
        captured += (skills,)
    return captured


def _read_results(state: ButtonMenState, view: Mapping[str, Any]) -> None:
    rounds = view.get("rounds", [])
    if not isinstance(rounds, list):
        raise IllegalMove("'rounds' lists the finished rounds")
    results = []
    for entry in rounds:
        a, b = entry["score"]
        won = _seat(entry.get("winner"), "a round's winner", allow_none=True)
        results.append((won, round(2 * float(a)), round(2 * float(b))))
    finished = state.round if state.phase == OVER else state.round - 1
    if len(results) != finished:
        raise IllegalMove(f"round {state.round} needs {finished} finished rounds in 'rounds'")
    state.results = tuple(results)
    state.round_wins = [sum(1 for r in results if r[0] == s) for s in (0, 1)]
    if "round_wins" in view and list(view["round_wins"]) != state.round_wins:
        raise IllegalMove("'round_wins' disagrees with 'rounds'")
    need = state.options["rounds_to_win"]
    if state.phase != OVER and max(state.round_wins) >= need:
        raise IllegalMove(f"a seat already has {need} round wins: the match is over")
    last = view.get("last")
    if last is not None and not isinstance(last, Mapping):
        raise IllegalMove("'last' is an object or null")
    state.last = dict(last) if last else None


def _read_turn(state: ButtonMenState, view: Mapping[str, Any]) -> None:
    phase = state.phase
    if phase == OVER:
        state.winner = _seat(view.get("winner"), "the winner", allow_none=True)
        if (
            state.winner is not None
            and state.round_wins[state.winner] < state.options["rounds_to_win"]
        ):
            raise IllegalMove("the winner has not won enough rounds")
        if state.winner is None and state.round < MAX_ROUNDS:
            raise IllegalMove(f"a match without a winner ends only after round {MAX_ROUNDS}")
        return
    if phase == SWING_PHASE:
        acting = view.get("acting") or []
        choosers = tuple(sorted({_seat(s, "a seat choosing a swing size") for s in acting}))
        if not choosers or any(not state.swing_slots[s] for s in choosers):
            raise IllegalMove("'acting' names the seats with swing dice that choose now")
        state.choosers = choosers
        return
    if phase in (PLAY, TURBO, REROLL, FOCUS):
        if not (state.alive[0] and state.alive[1]):
            raise IllegalMove("both seats need dice in play")
        state.turn = _seat(view.get("turn"), "the seat to move")
        state.passes = _count(view.get("passes", 0), "passes", 0, 1)
    if phase == FOCUS:
        if not state.focus[state.turn]:
            raise IllegalMove("in the focus phase 'turn' is a seat with Focus dice")
        if view.get("focusing", False) not in (True, False):
            raise IllegalMove("'focusing' is true or false")
        state.focusing = bool(view.get("focusing", False))
        if not state.legal_moves(state.turn):
            raise IllegalMove("this focus phase leaves its seat no move (no die to turn down)")
    if phase in (TURBO, REROLL):
        reroll = view["reroll"]
        if reroll.get("seat", state.turn) != state.turn:
            raise IllegalMove("the rerolling seat is the attacker, 'turn'")
        pending = tuple(
            sorted({_count(i, "a rerolled die", 0, MAX_DICE - 1) for i in reroll["dice"]})
        )
        if not pending or any(not state.alive[state.turn] >> i & 1 for i in pending):
            raise IllegalMove("the rerolled dice must be the attacker's dice in play")
        state.pending = pending
        trip = reroll.get("trip")
        if trip is not None:
            target = _count(trip, "a trip attack's target", 0, MAX_DICE - 1)
            tripping = len(pending) == 1 and state.trip[state.turn] >> pending[0] & 1
            if not tripping or not state.alive[1 - state.turn] >> target & 1:
                raise IllegalMove("a trip attack rerolls one Trip die and one opposing die")
            state.tripping = target
        if phase == TURBO:
            left = tuple(_count(i, "a Turbo die", 0, MAX_DICE - 1) for i in reroll["turbo"])
            turbo = state.turbo[state.turn]
            if not left or any(i not in pending or not turbo >> i & 1 for i in left):
                raise IllegalMove("the turbo phase sizes attacking Turbo dice ('turbo')")
            state.turbo_left = tuple(sorted(set(left)))
