"""Hand-made positions in the full-view shape, for rule tests, puzzles and "analyse
from here": ``GAME.from_position(position(...))``.

>>> view = position([(12, 9), (4, 1)], [(20, 7)], turn=0)
>>> view["dice"][1]
[{'id': 0, 'size': 20, 'value': 7, 'swing': None}]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.buttonmen.fighters import SWING

Die = tuple  # (size, value) or (size, value, "X") for a swing die


def _dice(dice: Sequence[Die]) -> list[dict[str, Any]]:
    return [
        {
            "id": i,
            "size": die[0],
            "value": die[1],
            "swing": SWING if len(die) > 2 and die[2] == SWING else None,
        }
        for i, die in enumerate(dice)
    ]


def _swing_size(dice: Sequence[Die]) -> int | None:
    sizes = {die[0] for die in dice if len(die) > 2 and die[2] == SWING}
    if len(sizes) > 1:
        raise ValueError("all swing dice of one fighter share one size")
    return sizes.pop() if sizes else None


def _fighter(entry: str | tuple[str, Sequence]) -> dict[str, Any]:
    if isinstance(entry, str):
        from games.buttonmen.fighters import FIGHTERS

        return {"name": entry, "recipe": list(FIGHTERS[entry])}
    name, recipe = entry
    return {"name": name, "recipe": list(recipe)}


def position(
    dice0: Sequence[Die],
    dice1: Sequence[Die],
    *,
    turn: int | None = 0,
    phase: str = "play",
    fighters: Sequence[str | tuple[str, Sequence]] = ("Avis", "Hammer"),
    captured: Sequence[Sequence[int]] = ((), ()),
    passes: int = 0,
    reroll: Sequence[int] | None = None,
    acting: Sequence[int] = (),
    round_number: int = 1,
    rounds: Sequence[tuple[int | None, float, float]] = (),
    swing: Sequence[int | None] | None = None,
    options: dict[str, Any] | None = None,
    dizzy: Sequence[Sequence[int]] = ((), ()),
    focusing: bool = False,
) -> dict[str, Any]:
    """A full view: dice by seat in slot order, ``rounds`` as (winner, score0, score1).

    ``swing`` defaults to the size of each seat's X dice; give it when no X die is in
    play (all captured) or before the round's roll. ``dizzy`` lists per seat the slots
    of Focus dice turned down; ``focusing`` is the focus phase's flag (the view's).
    """
    swings = list(swing) if swing is not None else [_swing_size(dice0), _swing_size(dice1)]
    dice = [_dice(dice0), _dice(dice1)]
    for s in (0, 1):
        for die in dice[s]:
            if die["id"] in dizzy[s]:
                die["dizzy"] = True
    return {
        "game": "buttonmen",
        "seat": None,
        "options": dict(options or {}),
        "phase": phase,
        "round": round_number,
        "turn": turn,
        "acting": list(acting),
        "fighters": [_fighter(f) for f in fighters],
        "swing": swings,
        "swing_secret": [False, False],
        "dice": dice,
        "captured": [[{"size": n, "swing": None} for n in captured[s]] for s in (0, 1)],
        "passes": passes,
        "focusing": focusing,
        "reroll": None if reroll is None else {"seat": turn, "dice": list(reroll)},
        "rounds": [
            {"round": n, "score": [a, b], "winner": won}
            for n, (won, a, b) in enumerate(rounds, start=1)
        ],
        "last": None,
        "over": False,
        "winner": None,
    }
