"""Win/draw/loss tallies and the win rate's 95 % interval.

Conventions (also stated in the arena's JSON under ``"method"``):

- A seat *wins* when it alone has rank 1, *draws* when it shares rank 1 (in a
  two-player game: a draw), and *loses* otherwise. In a free-for-all, every seat
  behind the winner has lost.
- ``win_rate`` is wins / (wins + losses): **draws are excluded**, because the interval
  comes from a binomial test, which needs whole successes, and half-wins are not.
  With no decisive game the rate and interval are ``None``.
- ``ci95`` is the **Wilson score interval** from
  ``scipy.stats.binomtest(wins, wins + losses).proportion_ci(0.95, method="wilson")``;
  we prefer it to Clopper–Pearson, which is conservative (wider than 95 %) and so
  would hide real differences between agents in small tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scipy.stats import binomtest

from games.core import Outcome

WIN, DRAW, LOSS = "win", "draw", "loss"

METHOD = {
    "win_rate": "wins / (wins + losses); draws excluded",
    "ci95": "Wilson score interval, scipy.stats.binomtest(...).proportion_ci(method='wilson')",
    "draw": "a seat that shares first place with another seat",
}


def result_for(outcome: Outcome, seat: int) -> str:
    """WIN, DRAW or LOSS for ``seat`` in a finished game."""
    if outcome.ranks[seat] != 1:
        return LOSS
    shared = sum(1 for rank in outcome.ranks if rank == 1) > 1
    return DRAW if shared else WIN


def win_rate(wins: int, losses: int) -> float | None:
    decisive = wins + losses
    return wins / decisive if decisive else None


def wilson_interval(wins: int, losses: int, confidence: float = 0.95) -> tuple[float, float] | None:
    """The win rate's confidence interval, or None without a decisive game."""
    decisive = wins + losses
    if not decisive:
        return None
    ci = binomtest(wins, decisive).proportion_ci(confidence_level=confidence, method="wilson")
    return (float(ci.low), float(ci.high))


@dataclass
class Tally:
    """Counts of finished games from one side's point of view."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, result: str) -> None:
        if result not in (WIN, DRAW, LOSS):
            raise ValueError(f"a result is win, draw or loss, not {result!r}")
        self.games += 1
        if result == WIN:
            self.wins += 1
        elif result == DRAW:
            self.draws += 1
        else:
            self.losses += 1

    @property
    def win_rate(self) -> float | None:
        return win_rate(self.wins, self.losses)

    @property
    def ci95(self) -> tuple[float, float] | None:
        return wilson_interval(self.wins, self.losses)

    def counts(self) -> dict[str, int]:
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses}

    def to_json(self) -> dict[str, Any]:
        ci = self.ci95
        return {**self.counts(), "win_rate": self.win_rate, "ci95": list(ci) if ci else None}
