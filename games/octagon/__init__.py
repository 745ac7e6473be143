"""The Octagon Theory: place directional pieces, push the opponent off (docs/games/octagon.md).

Public helpers for agents: ``safety_table``/``position_weights`` (the weighted-greedy
agent's cell weights), ``simulate_placement`` (what a placement would displace, state
untouched) and ``describe_move`` (a sentence for people). The fast path for search and
bulk simulation is ``OctagonState.make_move``/``unmake_move``/``random_move``.
"""

from games.octagon.board import PRESETS, board_for, position_weights, safety_table
from games.octagon.game import Octagon
from games.octagon.pieces import DIRECTIONS, KINDS, arrows
from games.octagon.preview import Displaced, describe_move, simulate_placement
from games.octagon.push import CHAIN_MODES
from games.octagon.state import OctagonState

GAME = Octagon()

__all__ = [
    "CHAIN_MODES",
    "DIRECTIONS",
    "GAME",
    "KINDS",
    "PRESETS",
    "Displaced",
    "Octagon",
    "OctagonState",
    "arrows",
    "board_for",
    "describe_move",
    "position_weights",
    "safety_table",
    "simulate_placement",
]
