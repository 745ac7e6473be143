from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.buttonmen.describe import describe_move
from games.buttonmen.fighters import FIGHTERS, NAMES, RANDOM, fighter_name
from games.buttonmen.state import ButtonMenState
from games.core import Game, Option

SWING_RESELECT = ("site", "both")


def _fighters_problem(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return 'give two fighters, one per seat, e.g. ["Avis", "random"]'
    for name in value:
        if not (isinstance(name, str) and name.strip().lower() == RANDOM) and not fighter_name(
            name
        ):
            return (
                f"{name!r} is not a playable button (e.g. {', '.join(NAMES[:4])}; "
                f"games.buttonmen.roster() lists them), or {RANDOM!r}"
            )
    return None


def _canonical(name: str) -> str:
    return fighter_name(name) or RANDOM


class ButtonMen(Game):
    slug = "buttonmen"
    title = "Button Men"
    min_players = 2
    max_players = 2
    options_spec = {
        "fighters": Option(
            (RANDOM, RANDOM),
            "the fighter of seat 0 and of seat 1; 'random' draws one in the setup chance event",
            check=_fighters_problem,
        ),
        "rounds_to_win": Option(
            3,
            "round wins that take the match (3 official, 2 reproduces the seed)",
            minimum=1,
            maximum=99,
        ),
        "surrender": Option(
            False,
            "offer the mover a 'surrender' move that concedes the round under way (the "
            "site's Surrender; not the match, which is Resign)",
        ),
        "swing_reselect": Option(
            "site",
            "who may change a swing size between rounds: only the loser of a decided round "
            "(site), or both players after every round (both, the seed's wording)",
            choices=SWING_RESELECT,
        ),
    }

    def checked_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options merged over the defaults, fighters spelled canonically in a list."""
        merged = self.resolve_options(options)
        merged["fighters"] = [_canonical(name) for name in merged["fighters"]]
        return merged

    def new_state(
        self, num_players: int = 2, options: Mapping[str, Any] | None = None
    ) -> ButtonMenState:
        self.check_num_players(num_players)
        state = ButtonMenState(self, self.checked_options(options))
        names = [None if name == RANDOM else name for name in state.options["fighters"]]
        recipes = [FIGHTERS[name] if name else None for name in names]
        if None in names:
            state.fighters = names
            state.recipes = recipes
        else:
            state.set_fighters(names, recipes)  # type: ignore[arg-type]
        return state

    def from_position(self, view: Mapping[str, Any]) -> ButtonMenState:
        from games.buttonmen.view import read_position

        return read_position(self, view)

    def describe_move(self, state: Any, move: Any) -> str:
        return describe_move(state, move)
