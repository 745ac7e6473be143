"""Setting a state up from a view (``Game.from_position``): a full view as
``observation(None)`` gives it, or a hand-made one for tests, puzzles and outside bots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.core import IllegalMove
from games.dicewars import hexgrid
from games.dicewars.battle import MAX_DICE
from games.dicewars.board import Board
from games.dicewars.phases import ATTACK, BATTLE, OVER, PHASES, REINFORCE, SETUP
from games.dicewars.reinforcement import MAX_RESERVE
from games.dicewars.standings import leader
from games.dicewars.state import DiceWarsState
from games.dicewars.view import event_from_view, observe

if TYPE_CHECKING:
    from games.dicewars.game import DiceWars


def restore(game: DiceWars, view: Mapping[str, Any]) -> DiceWarsState:
    """A state from a full view, or from a hand-made one: only "num_players",
    "map" (with "neighbours"; "hexes" optional), "owners" and "dice" are required."""
    try:
        state = _restore(game, view)
    except IllegalMove:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise IllegalMove(f"not a Dice Wars position: {exc!r}") from exc
    state._position = observe(state, None)
    return state


def _restore(game: DiceWars, view: Mapping[str, Any]) -> DiceWarsState:
    if not isinstance(view, Mapping):
        raise IllegalMove("a position is a JSON object")
    options = game.resolve_options(view.get("options"))
    n = _int(view.get("num_players", len(view.get("reserves") or view.get("order") or ())))
    game.check_num_players(n)
    state = DiceWarsState(game, n, options)
    phase = PHASES.index(view.get("phase", "attack" if view.get("map") else "setup"))
    if phase == SETUP:
        return state
    geometry = view["map"]
    neighbours = [[_int(x) for x in adjacent] for adjacent in geometry["neighbours"]]
    hexes = [_cells(text) for text in geometry.get("hexes") or [""] * len(neighbours)]
    if len(hexes) != len(neighbours):
        raise IllegalMove("map.hexes and map.neighbours must list the same territories")
    for cells in hexes:
        if any(not 0 <= c < hexgrid.CELLS for c in cells):
            raise IllegalMove(f"hexes are grid cells 0..{hexgrid.CELLS - 1}")
    state.board = Board.from_neighbours(neighbours, hexes)
    state.owner = [_int(o) for o in view["owners"]]
    state.dice = [_int(d) for d in view["dice"]]
    if not len(state.owner) == len(state.dice) == state.board.size:
        raise IllegalMove("owners and dice need one entry per territory of the map")
    if any(not 0 <= o < n for o in state.owner):
        raise IllegalMove(f"every territory is owned by a seat 0..{n - 1}")
    if any(not 1 <= d <= MAX_DICE for d in state.dice):
        raise IllegalMove(f"a territory holds 1 to {MAX_DICE} dice")
    state._derive_masks()
    seed = view.get("map_seed")
    state.map_seed = None if seed is None else _int(seed)
    state.order = [_int(s) for s in view.get("order", range(n))]
    if sorted(state.order) != list(range(n)):
        raise IllegalMove("the play order lists every seat once")
    state.reserve = [_int(r) for r in view.get("reserves", [0] * n)]
    if len(state.reserve) != n or any(r < 0 for r in state.reserve):
        raise IllegalMove("one reserve per seat, none negative")
    if options["reserve_cap"] == "pool" and any(r > MAX_RESERVE for r in state.reserve):
        raise IllegalMove(f"a reserve holds at most {MAX_RESERVE} dice")
    state.turn = _int(view.get("turn", 1))
    if state.turn < 1:
        raise IllegalMove("turns count from 1")
    state.eliminated = [_int(s) for s in view.get("eliminated", ())]
    # Seats without territories that the view did not list were knocked out before it.
    state.eliminated += [s for s in range(n) if not state.own[s] and s not in state.eliminated]
    if sorted(state.eliminated) != [s for s in range(n) if not state.own[s]]:
        raise IllegalMove("'eliminated' must list exactly the seats without territories")
    state.last = event_from_view(view.get("last"))
    state.last_battle = event_from_view(view.get("last_battle"))
    alive = [s for s in range(n) if state.own[s]]
    if len(alive) == 1 and view.get("ended") != "turn cap":
        state.phase, state.winner, state.mover = OVER, alive[0], alive[0]
        return state
    current = view.get("current")
    first = next(seat for seat in state.order if state.own[seat])
    state.mover = first if current is None else _int(current)
    if phase == OVER:
        if view.get("ended") != "turn cap":
            raise IllegalMove("a game still held by several players ends only at the turn cap")
        state.phase, state.capped = OVER, True
        state.winner = leader(state.own, state.dice, state.eliminated)
        return state
    if state.mover not in alive:
        raise IllegalMove(f"seat {state.mover} owns no territory and cannot be the mover")
    state.open_attacks = state.count_attacks()
    state.phase = phase
    if phase == BATTLE:
        pending = view["battle"]
        move = (_int(pending["from"]), _int(pending["to"]))
        state.phase = ATTACK
        state._check_move(state.mover, move)  # a declared attack must be a legal one
        state.phase, (state.source, state.target) = BATTLE, move
    elif phase == REINFORCE:
        state.phase = ATTACK
        state._end_turn()
        state.last = event_from_view(view.get("last"))
    return state


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(f"expected a whole number, not {value!r}")
    return value


def _cells(text: Any) -> list[int]:
    if not isinstance(text, str):
        raise IllegalMove(f"a territory's hexes are a string of cell numbers, not {text!r}")
    try:
        return [int(cell) for cell in text.split()]
    except ValueError as exc:
        raise IllegalMove(f"{text!r} is not a string of cell numbers") from exc
