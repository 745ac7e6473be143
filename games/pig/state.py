"""A position of Pig.

Two seats; seat 0 starts. On your turn you ``roll`` (a chance event, the die, follows)
or ``hold``. A roll of 2-6 adds to the turn total; a 1 loses the turn total and ends
the turn. ``hold`` banks the turn total and ends the turn; it is legal only once the
turn has a total (holding on nothing would only pass, which never helps: rolling is at
least as good, so the optimal policy is unchanged and play always moves on). Reaching
the goal (score + turn total) wins at once, without a hold. Termination is certain:
after ``max_turns`` turns (both seats' turns counted, 1000 by default, never reached
in real play) the higher score wins and equal scores draw.
"""

from __future__ import annotations

from typing import Any

from games.core import CHANCE, TERMINAL, Game, IllegalMove, State

ROLL = "roll"
HOLD = "hold"
MOVES = (ROLL, HOLD)
FACES = (1, 2, 3, 4, 5, 6)
_CHANCE = [(face, 1 / 6) for face in FACES]


class PigState(State):
    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = 2
        self.options = options
        self.scores = [0, 0]
        self.turn = 0  # the seat whose turn it is
        self.turn_total = 0
        self.rolling = False  # "roll" chosen, the die not yet cast
        self.turns = 0  # turns finished, both seats
        self.last_roll: int | None = None  # the last face cast (for the board)
        self.winner: int | None = None
        self.over = False

    # ----- the engine contract ---------------------------------------------------------

    def current(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def legal_moves(self, seat: int) -> list[Any]:
        if self.over or self.rolling or seat != self.turn:
            return []
        return [ROLL, HOLD] if self.turn_total > 0 else [ROLL]

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        return list(_CHANCE) if self.rolling and not self.over else None

    def returns(self) -> tuple[float, ...]:
        if not self.over:
            return (0.0, 0.0)
        if self.winner is None:
            return (0.0, 0.0)
        return tuple(1.0 if seat == self.winner else -1.0 for seat in (0, 1))

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        # Open information: every seat sees everything.
        return {
            "options": dict(self.options),
            "goal": self.options["goal"],
            "scores": list(self.scores),
            "turn": self.turn,
            "turn_total": self.turn_total,
            "rolling": self.rolling,
            "turns": self.turns,
            "last_roll": self.last_roll,
            "over": self.over,
            "winner": self.winner,
        }

    def move_to_str(self, move: Any) -> str:
        return str(move)

    def str_to_move(self, text: str) -> Any:
        if not isinstance(text, str):
            raise IllegalMove(f"{text!r} is not a move of Pig (roll or hold)")
        if self.rolling:
            if text.isdigit() and int(text) in FACES:
                return int(text)
            raise IllegalMove(f"{text!r} is no face of the die (1 to 6)")
        if text in MOVES:
            return text
        raise IllegalMove(f"{text!r} is not a move of Pig (roll or hold)")

    def clone(self) -> PigState:
        other = PigState.__new__(PigState)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        return other

    def _apply(self, actor: int, move: Any) -> None:
        if actor == CHANCE:
            self.rolling = False
            self.last_roll = move
            if move == 1:
                self.turn_total = 0
                self._end_turn()
                return
            self.turn_total += move
            if self.scores[self.turn] + self.turn_total >= self.options["goal"]:
                self.scores[self.turn] += self.turn_total
                self.turn_total = 0
                self.over, self.winner = True, self.turn
        elif move == ROLL:
            self.rolling = True
        else:  # HOLD
            self.scores[actor] += self.turn_total
            self.turn_total = 0
            self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.turn = 1 - self.turn
        if self.turns >= self.options["max_turns"]:
            self.over = True
            a, b = self.scores
            self.winner = 0 if a > b else 1 if b > a else None
