from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Budget:
    """How much an agent may think: iterations (reproducible) and/or seconds (live play).

    ``None`` means no limit of that kind; an agent uses its own default iterations then.
    """

    iterations: int | None = None
    seconds: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "seconds": self.seconds}


@dataclass
class Decision:
    """What an agent returns: the move, what it weighed (bounded JSON), and figures."""

    move: Any
    thinking: dict[str, Any] | None = None
    stats: dict[str, Any] = field(default_factory=dict)
