"""Damage, shield, healing and statuses between the two sides (docs/games/dungeon.md)."""

from __future__ import annotations

from games.dungeon.sides import Side


def damage(target: Side, points: int) -> None:
    """Damage takes the target's shield first, then its hit points (which may go below 0)."""
    if points <= 0:
        return
    shield = target.shield
    if shield >= points:
        target.shield = shield - points
        return
    target.shield = 0
    target.hp -= points - shield


def heal(side: Side, points: int) -> None:
    """Healing never lifts hit points above the maximum."""
    if points > 0:
        side.hp = min(side.max_hp, side.hp + points)


def add_shield(side: Side, points: int) -> None:
    if points > 0:
        side.shield += points


def poison(target: Side, stacks: int) -> None:
    if stacks > 0:
        target.poison += stacks


def burn(target: Side, stacks: int) -> None:
    if stacks > 0:
        target.burn += stacks


def shock(target: Side, stacks: int) -> None:
    if stacks > 0:
        target.shock += stacks


def weaken(target: Side, stacks: int) -> None:
    if stacks > 0:
        target.weaken += stacks


def poison_tick(side: Side) -> int:
    """Start of a turn: lose HP equal to the poison, shield or not, then poison drops by
    one. Returns the HP lost."""
    stacks = side.poison
    if stacks <= 0:
        return 0
    side.hp -= stacks
    side.poison = stacks - 1
    return stacks
