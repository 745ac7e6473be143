from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, IllegalMove, Option
from games.pig.state import HOLD, ROLL, PigState


class Pig(Game):
    slug = "pig"
    title = "Pig"
    min_players = 2
    max_players = 2
    options_spec = {
        "goal": Option(100, "points that win (30 for a quick game)", minimum=10, maximum=100),
        "max_turns": Option(
            1000, "turns (both seats) after which the higher score wins", minimum=2, maximum=10_000
        ),
    }

    def new_state(self, num_players: int = 2, options: Mapping[str, Any] | None = None):
        self.check_num_players(num_players)
        return PigState(self, self.resolve_options(options))

    def from_position(self, view: Mapping[str, Any]) -> PigState:
        try:
            options = dict(view.get("options") or {})
            if "goal" in view:
                options["goal"] = view["goal"]
            state = PigState(self, self.resolve_options(options))
            goal = state.options["goal"]
            state.scores = [int(s) for s in view["scores"]]
            state.turn = int(view.get("turn", 0))
            state.turn_total = int(view.get("turn_total", 0))
            state.rolling = bool(view.get("rolling", False))
            state.turns = int(view.get("turns", 0))
            last = view.get("last_roll")
            state.last_roll = None if last is None else int(last)
            state.over = bool(view.get("over", False))
            winner = view.get("winner")
            state.winner = None if winner is None else int(winner)
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalMove(f"not a Pig position: {exc}") from exc
        if len(state.scores) != 2 or state.turn not in (0, 1):
            raise IllegalMove("not a Pig position: two seats, seat 0 or 1 to move")
        if min(state.scores) < 0 or state.turn_total < 0:
            raise IllegalMove("not a Pig position: scores and the turn total are never negative")
        if not state.over and state.scores[state.turn] + state.turn_total >= goal:
            raise IllegalMove("not a Pig position: the seat to move has already reached the goal")
        if state.winner not in (None, 0, 1):
            raise IllegalMove("not a Pig position: the winner is seat 0 or 1")
        state._position = state.observation(None)
        return state

    def describe_move(self, state: Any, move: Any) -> str:
        if move == ROLL:
            return "rolls"
        if move == HOLD:
            return f"holds, banking {state.turn_total}"
        if move == 1:
            return f"rolls a 1 and loses {state.turn_total}"
        if isinstance(move, int):
            return f"rolls a {move}"
        return str(move)


GAME = Pig()
