from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, IllegalMove, Option
from games.footsies.describe import describe_move
from games.footsies.rules import BLOCK_EXHAUSTION, MOVES
from games.footsies.state import FootsiesState


class Footsies(Game):
    slug = "footsies"
    title = "Footsies"
    min_players = 2
    max_players = 2
    options_spec = {
        "blocks": Option(3, "blocks per round", minimum=0, maximum=99),
        "attacks_to_win": Option(2, "hits in a row that win", minimum=1, maximum=9),
        "block_exhaustion": Option(
            "hit",
            "what blocking an attack with no blocks left does: the attack lands (hit), "
            "the literal game.py (unlimited), or the notebook's model (loss)",
            choices=BLOCK_EXHAUSTION,
        ),
        "max_turns": Option(
            None, "turns per round before a draw (none: no cap)", minimum=1, allow_none=True
        ),
        "rounds": Option(1, "rounds in the match (best of N)", minimum=1, maximum=99),
    }

    def new_state(self, num_players: int = 2, options: Mapping[str, Any] | None = None):
        self.check_num_players(num_players)
        return FootsiesState(self, self.resolve_options(options))

    def from_position(self, view: Mapping[str, Any]) -> FootsiesState:
        try:
            state = FootsiesState(self, self.resolve_options(view.get("options")))
            state.round = int(view.get("round", 1))
            state.round_wins = [int(w) for w in view.get("round_wins", [0, 0])]
            state.round_results = list(view.get("round_results", []))
            state.turn = int(view.get("turn", 0))
            state.blocks = [int(b) for b in view["blocks"]]
            if "streak" in view:
                state.streak = [int(s) for s in view["streak"]]
            else:
                state.streak = [1 if h else 0 for h in view.get("hit", [False, False])]
            state.previous = [p if p in MOVES else None for p in view.get("previous", [None, None])]
            state.last = view.get("last")
            state.over = bool(view.get("over", False))
            state.winner = view.get("winner")
        except (KeyError, TypeError, ValueError) as exc:
            raise IllegalMove(f"not a Footsies position: {exc}") from exc
        if len(state.blocks) != 2 or len(state.streak) != 2 or len(state.round_wins) != 2:
            raise IllegalMove("not a Footsies position: two seats expected")
        state._position = state.observation(None)
        return state

    def describe_move(self, state: Any, move: Any) -> str:
        return describe_move(state, move)
