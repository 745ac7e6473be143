"""Flat Monte Carlo: playouts after each move, the most wins, blind opponents at random."""

from __future__ import annotations

import json
import random

import pytest

import games
from agents.core import Budget
from agents.search.montecarlo import MonteCarloAgent
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, State


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
        return [(o, p) for o, p, _ in self.at["chance"]] if "chance" in self.at else None

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
    slug, title = "tree", "Tree"

    def __init__(self, tree: dict, players: int = 2) -> None:
        self.tree, self.players = tree, players
        self.min_players = self.max_players = players

    def new_state(self, num_players=None, options=None) -> TreeState:
        return TreeState(self, self.tree)

    def from_position(self, view):
        raise NotImplementedError


class NimState(State):
    """Take 1-3 from a pile; whoever takes the last wins."""

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


def win(seat: int, players: int = 2) -> dict:
    return {"returns": tuple(1.0 if s == seat else -1.0 for s in range(players))}


def _decide(game: Game, seat: int = 0, seed: int = 0, budget: Budget | None = None, **params):
    agent = MonteCarloAgent(**params)
    return agent.act(game.new_state(), seat, budget or Budget(), random.Random(seed))


def test_it_takes_a_move_that_wins_at_once():
    # From a pile of 3, taking 3 always wins; the other moves win only some playouts.
    decision = _decide(Nim(3), playouts=50)
    assert decision.move == 3
    assert decision.thinking["moves"][0] == {"move": "3", "playouts": 50, "wins": 50, "mean": 1.0}


def test_it_prefers_the_better_odds_when_chance_decides():
    tree = {
        "seat": 0,
        "moves": {
            "coin": {"chance": [(f, 0.5, win(0) if f else win(1)) for f in (0, 1)]},
            "die": {"chance": [(f, 1 / 6, win(0) if f >= 5 else win(1)) for f in range(1, 7)]},
        },
    }
    assert _decide(TreeGame(tree), playouts=400).move == "coin"


def test_it_draws_a_blind_opponents_choice_uniformly():
    # Against a uniform column "wide" wins 2 of 3, "narrow" 1 of 3 - though "narrow"
    # would be the answer to a column that always plays "c".
    table = {
        ("wide", "a"): win(0),
        ("wide", "b"): win(0),
        ("wide", "c"): win(1),
        ("narrow", "a"): win(1),
        ("narrow", "b"): win(1),
        ("narrow", "c"): win(0),
    }
    decision = _decide(TreeGame({"together": table}), playouts=300)
    assert decision.move == "wide"
    rates = {m["move"]: m["wins"] / m["playouts"] for m in decision.thinking["moves"]}
    assert rates["wide"] == pytest.approx(2 / 3, abs=0.1)


def test_it_counts_only_a_sole_first_place_as_a_win():
    # Among three, a shared first place is no win: "share" never wins, "alone" does.
    tree = {
        "seat": 0,
        "moves": {
            "share": {"returns": (1.0, 1.0, -1.0)},
            "alone": {"chance": [(f, 0.5, win(0, 3) if f else win(2, 3)) for f in (0, 1)]},
        },
    }
    decision = _decide(TreeGame(tree, players=3), playouts=40)
    assert decision.move == "alone"


def test_it_plays_as_many_playouts_per_move_as_the_budget_says():
    decision = _decide(Nim(9), budget=Budget(iterations=7))
    assert decision.stats["playouts"] == 3 * 7
    assert all(m["playouts"] == 7 for m in decision.thinking["moves"])


def test_it_stops_when_its_time_is_up():
    decision = _decide(Nim(40), playouts=10**9, budget=Budget(seconds=0.05))
    assert decision.stats["playouts"] < 3 * 10**9


def test_it_plays_a_single_legal_move_without_playouts():
    decision = _decide(Nim(1))
    assert decision.move == 1 and decision.stats["playouts"] == 0


def test_it_refuses_a_bad_parameter():
    with pytest.raises(ValueError, match="playouts"):
        MonteCarloAgent(playouts=0)


def test_it_repeats_itself_from_the_same_rng():
    state = games.get("footsies").new_state(2)
    first = MonteCarloAgent(playouts=20).act(state, 1, Budget(), random.Random(8))
    again = MonteCarloAgent(playouts=20).act(state, 1, Budget(), random.Random(8))
    assert (first.move, first.thinking) == (again.move, again.thinking)


def test_it_shows_every_moves_playouts_as_json():
    decision = _decide(Nim(9), playouts=10)
    thinking = json.loads(json.dumps(decision.thinking))
    assert sorted(m["move"] for m in thinking["moves"]) == ["1", "2", "3"]
    assert [c["visits"] for c in thinking["tree"]["children"]] == [10, 10, 10]
