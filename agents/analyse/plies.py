"""What an analysis finds at each ply, before it is written out as JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents.analyse.values import Estimate


@dataclass
class Choice:
    """One seat's decision at a ply: what it played against the best move found.

    ``played`` and ``best`` are that seat's win probability after each move;
    ``loss_half`` the 95 % half-width of their paired difference (None when exact).
    """

    seat: int
    move: str
    best_move: str
    best_text: str
    played: float
    best: float
    forced: bool = False
    loss_half: float | None = None

    @property
    def loss(self) -> float:
        """The drop in win probability, in points (0-100); never below 0: where the
        move played scored at least as well as the judge's, it is the best found."""
        return max(0.0, 100.0 * (self.best - self.played))


@dataclass
class Ply:
    """Event ``ply`` of the match: who acted, what, and the win probability before it."""

    ply: int
    actor: int
    move: Any  # the record's text form: "A", or {"0": "A", "1": "G"}
    text: str
    before: Estimate
    choices: list[Choice] = field(default_factory=list)
