"""What the write-up's players weigh: battle odds and the chance of holding a conquest.

Every function reads the position as it stands when the player to move decides; none
changes it. Territories and seats are the engine's numbers.
"""

from __future__ import annotations

from games.dicewars import DiceWarsState, win_probability

MAX_DICE = 8

#: WIN[a][d]: the chance that a dice beat d dice, looked up once per pair so that an
#: agent weighing every attack of a turn does not call the helper in its inner loop.
WIN: tuple[tuple[float, ...], ...] = tuple(
    tuple(win_probability(a, d) if a and d else 0.0 for d in range(MAX_DICE + 1))
    for a in range(MAX_DICE + 1)
)


def hold_probability(state: DiceWarsState, source: int, target: int) -> float:
    """P_hold of docs/games/dicewars.md for the attack ``source>target`` by the mover.

    The chance of winning the battle times, for every neighbour of the target that
    belongs to someone else and holds at least 2 dice, the chance that it fails to
    retake the target from the source's dice minus the one left behind. Neighbours are
    treated as independent and all of them as attacking, as the write-up does."""
    dice = state.dice
    owner = state.owner
    seat = state.mover
    moved = dice[source] - 1
    p = WIN[dice[source]][dice[target]]
    for n in state.board.neighbours[target]:
        if owner[n] != seat and dice[n] >= 2:
            p *= 1.0 - WIN[dice[n]][moved]
    return p


def strength_difference(state: DiceWarsState, source: int, target: int) -> int:
    """SD of AI 2: the source's dice minus the target's."""
    return state.dice[source] - state.dice[target]
