"""A test-only game: a one-die race, the smallest game that walks every slot of a game's
manifest (docs/adding-a-game.md). Two runners start at 0; on your turn you ``step``
one square, or ``roll`` the die: a 1 loses the turn, anything else moves that far. The
first to reach the goal wins. It never ships: ``install`` registers it for a test."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import CHANCE, TERMINAL, Game, IllegalMove, Option, State

SLUG = "race"
MOVES = ("step", "roll")
FACES = (1, 2, 3, 4, 5, 6)


class RaceState(State):
    def __init__(self, game: Game, num_players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.positions = [0] * num_players
        self.turn = 0
        self.rolling = False

    # ----- the engine contract ---------------------------------------------------------

    def current(self) -> int:
        if max(self.positions) >= self.options["goal"]:
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def legal_moves(self, seat: int) -> list[Any]:
        return list(MOVES) if self.current() == seat else []

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        return [(face, 1 / 6) for face in FACES] if self.current() == CHANCE else None

    def returns(self) -> tuple[float, ...]:
        if self.current() != TERMINAL:
            return (0.0,) * self.num_players
        goal = self.options["goal"]
        return tuple(1.0 if p >= goal else -1.0 for p in self.positions)

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        # Open information: every seat sees everything.
        return {
            "goal": self.options["goal"],
            "positions": list(self.positions),
            "turn": self.turn,
            "rolling": self.rolling,
        }

    def move_to_str(self, move: Any) -> str:
        return str(move)

    def str_to_move(self, text: str) -> Any:
        if self.current() == CHANCE:
            if text.isdigit() and int(text) in FACES:
                return int(text)
            raise IllegalMove(f"{text!r} is no face of the die")
        if text in MOVES:
            return text
        raise IllegalMove(f"{text!r} is not a move of the race (step or roll)")

    def clone(self) -> RaceState:
        other = RaceState(self.game, self.num_players, self.options)
        other.positions = list(self.positions)
        other.turn, other.rolling = self.turn, self.rolling
        other._hist, other._ply, other._position = self._hist, self._ply, self._position
        return other

    def _apply(self, actor: int, move: Any) -> None:
        if actor == CHANCE:
            if move != 1:  # a 1 loses the turn
                self.positions[self.turn] += move
            self.rolling = False
            self._next_turn()
        elif move == "roll":
            self.rolling = True
        else:
            self.positions[actor] += 1
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players


class RaceGame(Game):
    slug = SLUG
    title = "One-die race"
    min_players = 2
    max_players = 2
    options_spec = {"goal": Option(10, "squares to the finish", minimum=3, maximum=50)}

    def new_state(self, num_players: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_num_players(num_players)
        return RaceState(self, num_players, self.resolve_options(options))

    def from_position(self, view: Mapping[str, Any]) -> State:
        state = RaceState(
            self, len(view["positions"]), self.resolve_options({"goal": view["goal"]})
        )
        state.positions = list(view["positions"])
        state.turn, state.rolling = int(view["turn"]), bool(view["rolling"])
        state._position = dict(view)
        return state


GAME = RaceGame()


def evaluate(state: State, seat: int) -> float:
    """Expectimax's evaluation: the lead over the other runner, as a share of the goal."""
    goal = state.options["goal"]
    mine = state.positions[seat]
    theirs = max(p for s, p in enumerate(state.positions) if s != seat)
    return max(-1.0, min(1.0, (mine - theirs) / goal))
