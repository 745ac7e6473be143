"""Tiny hand-written games for testing the search agents: a tree of decisions, chance
and blind turns given as nested dicts, and Nim (whose positions transpose)."""

from __future__ import annotations

import random

from games.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, State


def win(seat: int, players: int = 2) -> dict:
    return {"returns": tuple(1.0 if s == seat else -1.0 for s in range(players))}


def leaf(value: float, players: int = 2) -> dict:
    """An end where seat 0 gets ``value`` and the others share its opposite."""
    return {"returns": (value, *[-value] * (players - 1))}


class TreeState(State):
    """A node of a hand-written tree: {"seat": s, "moves": {...}}, {"chance": [(o, p,
    subtree)]}, {"together": {(move0, move1): subtree}} or {"returns": (...)}."""

    def __init__(self, game: TreeGame, at: dict, path: tuple = ()) -> None:
        self.game, self.num_players, self.options = game, game.players, {}
        self.at, self.path = at, path

    def current(self) -> int:
        if "returns" in self.at:
            return TERMINAL
        if "chance" in self.at:
            return CHANCE
        if "together" in self.at:
            return SIMULTANEOUS
        return self.at["seat"]

    def acting_seats(self) -> tuple[int, ...]:
        return (0, 1) if "together" in self.at else super().acting_seats()

    def legal_moves(self, seat: int) -> list:
        if "together" in self.at:
            return sorted({pair[seat] for pair in self.at["together"]}) if seat in (0, 1) else []
        return list(self.at["moves"]) if self.at.get("seat") == seat else []

    def chance_outcomes(self):
        if "chance" not in self.at or self.game.hide_odds:
            return None
        return [(o, p) for o, p, _ in self.at["chance"]]

    def sample_chance(self, rng: random.Random):
        outcomes = [(o, p) for o, p, _ in self.at["chance"]]
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]

    def _check_chance(self, outcome) -> None:
        assert any(o == outcome for o, _, _ in self.at["chance"])

    def returns(self) -> tuple[float, ...]:
        return tuple(self.at.get("returns", (0.0,) * self.num_players))

    def observation(self, seat=None) -> dict:
        return {"path": list(self.path)}

    def move_to_str(self, move) -> str:
        return str(move)

    def str_to_move(self, text: str):
        return text

    def clone(self) -> TreeState:
        other = TreeState(self.game, self.at, self.path)
        other._hist, other._ply = self._hist, self._ply
        return other

    def _apply(self, actor: int, move) -> None:
        if actor == CHANCE:
            self.at = next(sub for o, _, sub in self.at["chance"] if o == move)
        elif actor == SIMULTANEOUS:
            self.at = self.at["together"][tuple(m for _, m in move)]
        else:
            self.at = self.at["moves"][move]
        self.path = (*self.path, str(move))


class TreeGame(Game):
    title = "Tree"

    def __init__(self, tree: dict, players: int = 2, slug: str = "tree", hide_odds=False):
        self.tree, self.players, self.slug, self.hide_odds = tree, players, slug, hide_odds
        self.min_players = self.max_players = players

    def new_state(self, num_players=None, options=None) -> TreeState:
        return TreeState(self, self.tree)

    def from_position(self, view):
        raise NotImplementedError


class NimState(State):
    """Take 1-3 from a pile; whoever takes the last wins. Positions transpose."""

    def __init__(self, game: Game, pile: int, mover: int = 0) -> None:
        self.game, self.num_players, self.options = game, 2, {}
        self.pile, self.mover = pile, mover

    def current(self) -> int:
        return TERMINAL if self.pile == 0 else self.mover

    def legal_moves(self, seat: int) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.pile] if seat == self.current() else []

    def returns(self) -> tuple[float, ...]:
        if self.pile:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.mover == 1 else (-1.0, 1.0)  # the last taker won

    def observation(self, seat=None) -> dict:
        return {"pile": self.pile, "mover": self.mover}

    def move_to_str(self, move) -> str:
        return str(move)

    def str_to_move(self, text: str) -> int:
        return int(text)

    def clone(self) -> NimState:
        other = NimState(self.game, self.pile, self.mover)
        other._hist, other._ply = self._hist, self._ply
        return other

    def _apply(self, actor: int, move) -> None:
        self.pile -= move
        self.mover = 1 - self.mover


class Nim(Game):
    slug, title, min_players, max_players = "nim", "Nim", 2, 2

    def __init__(self, pile: int) -> None:
        self.pile = pile

    def new_state(self, num_players=2, options=None) -> NimState:
        return NimState(self, self.pile)

    def from_position(self, view):
        raise NotImplementedError
