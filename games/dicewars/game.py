from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, Option
from games.dicewars.narration import describe_move
from games.dicewars.position import restore
from games.dicewars.reinforcement import CAP_RULES
from games.dicewars.setup import MAP_STYLES
from games.dicewars.state import DiceWarsState

#: A design Decision (docs/games/dicewars.md): a game this many turns long stops and is ranked.
MAX_TURNS = 1000


class DiceWars(Game):
    slug = "dicewars"
    title = "Dice Wars"
    min_players = 2
    max_players = 8
    options_spec = {
        "max_turns": Option(
            MAX_TURNS,
            "safety cap: after this many turns (one player's turn each) the game stops and "
            "the survivors rank by territories, then dice",
            minimum=1,
            maximum=100_000,
        ),
        "reserve_cap": Option(
            "pool",
            "where the 64-dice cap applies: 'pool' caps reserve + score before handing out "
            "(dturecek/dicewars), 'reserve' caps what is left over (the paper's wording)",
            choices=CAP_RULES,
        ),
        "map_style": Option(
            "grown",
            "how maps are drawn: 'grown' (the rules as designed: territories grow side by side, about "
            "4.0 neighbours each) or 'paper' (the write-up's own server: territories start "
            "apart and leave gaps, about 3.2 neighbours each)",
            choices=tuple(MAP_STYLES),
        ),
    }

    def new_state(
        self, num_players: int = 2, options: Mapping[str, Any] | None = None
    ) -> DiceWarsState:
        self.check_num_players(num_players)
        return DiceWarsState(self, num_players, self.resolve_options(options))

    def from_position(self, view: Mapping[str, Any]) -> DiceWarsState:
        return restore(self, view)

    def describe_move(self, state: Any, move: Any) -> str:
        return describe_move(state, move)
