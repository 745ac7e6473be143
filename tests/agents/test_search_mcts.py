"""MCTS: finds forced wins, weighs chance, plays blind turns decoupled, rewards each seat."""

from __future__ import annotations

import json
import random

import pytest

import games
from agents.core import Budget
from agents.search.mcts import MctsAgent
from agents.search.thinking import TREE_CHILDREN, TREE_DEPTH, size
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
    agent = MctsAgent(**params)
    return agent.act(game.new_state(), seat, budget or Budget(), random.Random(seed))


# ----- choosing -----------------------------------------------------------------------------


@pytest.mark.parametrize(("pile", "take"), [(5, 1), (6, 2), (7, 3)])
def test_it_finds_the_forced_win_in_nim(pile, take):
    assert _decide(Nim(pile), iterations=3000).move == take


def test_it_prefers_the_better_odds_when_chance_decides():
    # A coin wins half the time; a d6 wins on 3-6, two times in three.
    tree = {
        "seat": 0,
        "moves": {
            "coin": {"chance": [(f, 0.5, win(0) if f else win(1)) for f in (0, 1)]},
            "die": {"chance": [(f, 1 / 6, win(0) if f >= 3 else win(1)) for f in range(1, 7)]},
        },
    }
    assert _decide(TreeGame(tree), iterations=2000).move == "die"


def test_it_finds_each_seats_dominant_move_at_a_blind_turn():
    # Row "up" beats or ties every column; column "right" is better for seat 1
    # whatever seat 0 does.
    table = {
        ("up", "left"): win(0),
        ("up", "right"): {"returns": (0.0, 0.0)},
        ("down", "left"): win(1),
        ("down", "right"): win(1),
    }
    game = TreeGame({"together": table})
    decision = _decide(game, iterations=1000)
    assert decision.move == "up"
    assert decision.thinking["others"]["1"][0]["move"] == "right"
    assert _decide(game, seat=1, iterations=1000).move == "right"


def test_it_backs_up_each_seats_own_reward_among_three_players():
    # Seat 1 moves: after "trust" seat 2 picks itself as winner; after "coin" seat 1
    # wins half the time. Only a seat-by-seat reward sees that "coin" is better.
    tree = {
        "seat": 1,
        "moves": {
            "trust": {"seat": 2, "moves": {"me": win(2, 3), "one": win(1, 3)}},
            "coin": {"chance": [(f, 0.5, win(1, 3) if f else win(0, 3)) for f in (0, 1)]},
        },
    }
    assert _decide(TreeGame(tree, players=3), seat=1, iterations=2000).move == "coin"


# ----- budget and widening ------------------------------------------------------------------


def test_it_runs_as_many_iterations_as_the_budget_says():
    decision = _decide(Nim(9), budget=Budget(iterations=123))
    assert decision.stats["iterations"] == decision.thinking["iterations"] == 123


def test_it_stops_when_its_time_is_up():
    decision = _decide(Nim(30), iterations=10**9, budget=Budget(seconds=0.05))
    assert decision.stats["iterations"] < 10**9


def test_it_opens_a_huge_move_list_gradually():
    wide = TreeGame({"seat": 0, "moves": {f"m{i:03}": win(i % 2) for i in range(300)}})
    widened = _decide(wide, iterations=100)
    assert widened.thinking["legal_moves"] == 300
    assert widened.thinking["opened"] <= 2 * 101**0.5 + 1


def test_it_tries_every_move_of_a_short_list():
    wide = TreeGame({"seat": 0, "moves": {f"m{i:03}": win(i % 2) for i in range(300)}})
    assert _decide(wide, iterations=400, widen_above=1000).thinking["opened"] == 300


def test_it_plays_a_single_legal_move_without_searching():
    decision = _decide(Nim(1))
    assert decision.move == 1 and decision.stats["iterations"] == 0


def test_it_refuses_a_bad_parameter():
    with pytest.raises(ValueError, match="iterations"):
        MctsAgent(iterations=0)


# ----- determinism and thinking -------------------------------------------------------------


def test_it_repeats_itself_from_the_same_rng():
    state = games.get("footsies").new_state(2)
    first = MctsAgent(iterations=300).act(state, 0, Budget(), random.Random(5))
    again = MctsAgent(iterations=300).act(state, 0, Budget(), random.Random(5))
    assert (first.move, first.thinking) == (again.move, again.thinking)


def test_it_reports_visits_that_add_up_at_the_root():
    decision = _decide(Nim(9), iterations=500)
    tree = decision.thinking["tree"]
    assert tree["visits"] == 500
    assert sum(m["visits"] for m in decision.thinking["moves"]) == 500


def test_it_keeps_its_thinking_tree_bounded_and_json():
    decision = _decide(Nim(30), iterations=3000)
    tree = json.loads(json.dumps(decision.thinking))["tree"]
    bound = sum(TREE_CHILDREN**level for level in range(TREE_DEPTH + 1))
    assert 1 < size(tree) <= bound
