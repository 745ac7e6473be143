from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from games.core import Game, IllegalMove, Option
from games.octagon.board import DEFAULT_PRESET, PRESETS, board_for
from games.octagon.preview import describe_move
from games.octagon.push import CHAIN_MODES, CRADLE
from games.octagon.state import OctagonState
from games.octagon.view import read_pieces, read_stocks

#: Longest game the ``turns`` option allows: the hard cap on any game's length.
MAX_TURNS = 500


def _check_turns(value: Any) -> str | None:
    if type(value) is not int or not 1 <= value <= MAX_TURNS:
        return f"turns is a whole number from 1 to {MAX_TURNS} (or none: the preset's)"
    return None


class Octagon(Game):
    slug = "octagon"
    title = "The Octagon Theory"
    min_players = 2
    max_players = 2
    options_spec = {
        "preset": Option(
            DEFAULT_PRESET,
            "board size, turns and stocks: small (36 cells, 20 turns), standard (56, 30), "
            "large (128, 70)",
            choices=tuple(PRESETS),
        ),
        "chain_mode": Option(
            CRADLE,
            "a pushed piece with a piece behind it: cradle (only the line's last piece "
            "moves or dies), shift (the whole line moves), block (nothing moves)",
            choices=CHAIN_MODES,
        ),
        "placements_per_turn": Option(1, "pieces a player places per turn", minimum=1, maximum=4),
        "first_player": Option(0, "the seat that places first", choices=(0, 1)),
        "turns": Option(
            None,
            "placements in the game by either player (none: the preset's T)",
            allow_none=True,
            check=_check_turns,
        ),
    }

    def new_state(self, num_players: int = 2, options: Mapping[str, Any] | None = None):
        self.check_num_players(num_players)
        merged = self.resolve_options(options)
        return OctagonState(self, merged, board_for(merged["preset"]))

    def from_position(self, view: Mapping[str, Any]) -> OctagonState:
        """A position from ``observation(None)``; whose turn and the end follow from it."""
        if not isinstance(view, Mapping):
            raise IllegalMove("not an Octagon position: a view is a JSON object")
        try:
            options = self.resolve_options(view.get("options"))
        except ValueError as exc:
            raise IllegalMove(f"not an Octagon position: {exc}") from exc
        state = OctagonState(self, options, board_for(options["preset"]))
        pieces = read_pieces(view, state.geometry)
        state.stock = read_stocks(view, state.stock[0])
        made = view.get("placements_made", 0)
        if type(made) is not int or not 0 <= made <= state.turns:
            raise IllegalMove(f"placements_made must be a whole number from 0 to {state.turns}")
        last = view.get("last")
        if last is not None and not isinstance(last, Mapping):
            raise IllegalMove("last: an object or null")
        for index, code in pieces.items():
            state.board[index] = code
            state.counts[code & 1] += 1
        state.empties = [i for i in state.geometry.cells if not state.board[i]]
        state.made = made
        state.over = made >= state.turns or not state.empties
        # Kept as given (a copy the caller cannot change): it only narrates, rules never read it.
        state.last_view = copy.deepcopy(dict(last)) if last is not None else None
        state._position = state.observation(None)
        return state

    def describe_move(self, state: Any, move: Any) -> str:
        return describe_move(state, move)
