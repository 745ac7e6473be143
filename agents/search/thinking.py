"""The bounded tree of what a search weighed, stored with its move and shown in replays.

A tree node is plain JSON::

    {"move": "A",            # the move (or chance outcome, or joint move) leading here
     "actor": "seat 1",      # who acts at this node: "seat N", "chance",
                             # "simultaneous", "terminal", or "leaf" for a
                             # node judged by playouts without being expanded
     "value": 0.25,          # from the deciding seat's point of view, in [-1, 1]
     "visits": 40,           # sampling agents: how often the search came through
     "p": 0.1667,            # child of a chance node: its probability (or frequency)
     "bound": "upper",       # expectimax: a pruned node's value is only a bound
     "children": [...]}

Trees are cut to a few levels and the best few children per node, so a decision's
thinking stays small however long the search ran.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.core import SIMULTANEOUS, State, actor_name

#: Levels below the root kept in a thinking tree.
TREE_DEPTH = 3
#: Children kept per node (the most visited, the best valued or the most likely).
TREE_CHILDREN = 5
#: Moves listed in a decision's ``moves`` summary.
TOP_MOVES = 10


def rounded(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


#: A thinking's ``scale`` when its candidates' values are the agent's own score (a rise
#: in an estimate, a weighted chance) rather than expected results: the "why?" panel
#: then words them as places, never as a result.
OWN_SCALE = "own"


def as_value(chance: float) -> float:
    """A chance of winning (a draw half) as a thinking value: +1 a sure win, −1 a sure
    loss, from the deciding seat's side. Agents that count wins keep chances inside;
    the "why?" panel and bot authors read values on this one scale."""
    return round(2.0 * chance - 1.0, 4)


def node(move: str | None, actor: str, **fields: Any) -> dict[str, Any]:
    """A tree node; ``None`` fields are left out to keep the JSON small."""
    made: dict[str, Any] = {"move": move, "actor": actor}
    made.update({k: v for k, v in fields.items() if v is not None})
    made["children"] = []
    return made


def actor_of(state: State) -> str:
    return actor_name(state.current())


def event_text(state: State, actor: int, move: Any) -> str:
    """A move, chance outcome or joint move as text (``0:A 1:B`` for a joint one)."""
    if actor == SIMULTANEOUS:
        return " ".join(f"{seat}:{state.move_to_str(m)}" for seat, m in move)
    return state.move_to_str(move)


def keep_best(
    children: Iterable[dict[str, Any]], key: Callable[[dict[str, Any]], float], limit: int
) -> list[dict[str, Any]]:
    return sorted(children, key=key, reverse=True)[:limit]


def size(tree: dict[str, Any]) -> int:
    """How many nodes a tree has."""
    return 1 + sum(size(child) for child in tree.get("children", []))
