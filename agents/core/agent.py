from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from agents.core.budget import Budget, Decision
from games.core import State


class Agent(ABC):
    """A player. Subclasses set ``name``, ``description``, ``games`` and ``params``.

    ``params`` maps each parameter to its default; a spec string may override them
    (``mcts:iterations=2000,c=1.4``), and the registry checks names, types and
    ``limits``.
    ``games`` is None for generic agents that play every game.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    games: ClassVar[tuple[str, ...] | None] = None
    params: ClassVar[dict[str, Any]] = {}
    #: What the budget means for this agent, shown in the lobby.
    budget_note: ClassVar[str] = ""
    #: Inclusive bounds (least, most) of every numeric parameter, checked when a spec
    #: is parsed: what a person may ask for. The deadline bounds a decision's time
    #: whatever the parameters; these bound its memory and an iteration budget's time.
    limits: ClassVar[dict[str, tuple[float, float]]] = {}
    #: Its decision is a small, bounded computation (no search, no budget, no memory of
    #: the match): the site may play it inside the request that made it due instead of
    #: queueing it for a worker (webapp/matches/instant.py). Such an agent never
    #: overrides ``observe``, and plays the same move from the same seed either way.
    instant: ClassVar[bool] = False
    #: Parameters whose value is itself an agent spec (a model of the opponent); the
    #: registry checks it as one, caps included.
    nested: ClassVar[tuple[str, ...]] = ()

    def __init__(self, **params: Any) -> None:
        self.config = {**self.params, **params}
        for key, value in self.config.items():
            setattr(self, key, value)

    @property
    def spec(self) -> str:
        changed = {k: v for k, v in self.config.items() if self.params.get(k) != v}
        if not changed:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(changed.items()))

    def plays(self, game_slug: str) -> bool:
        return self.games is None or game_slug in self.games

    @abstractmethod
    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        """Choose a legal move for ``seat``; use only ``rng`` for randomness."""

    def observe(self, state: State, event: tuple[int, Any]) -> None:  # noqa: B027
        """Called with every event the agent could see, with ``state`` as it was before
        the event (stateful agents override it)."""

    def reset(self) -> None:  # noqa: B027
        """Forget what was learned across games (stateful agents override it)."""

    def __repr__(self) -> str:
        return f"<Agent {self.spec}>"
