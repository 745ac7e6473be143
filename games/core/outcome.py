from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, in the form ratings need.

    ``ranks[seat]`` is 1 for the best place; tied seats share a rank (a draw is every
    seat at rank 1). ``returns`` are the payoffs of :meth:`State.returns`.
    """

    returns: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        if len(set(self.ranks)) == 1:
            return ()  # everyone shares first place: a draw
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict:
        return {
            "returns": list(self.returns),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "reason": self.reason,
        }

    @classmethod
    def from_returns(cls, returns: tuple[float, ...], reason: str = "") -> Outcome:
        """Ranks from payoffs: higher payoff, better (smaller) rank; equal payoffs tie."""
        # Dense ranks would hide how many seats beat you; competition ranking keeps it.
        ranks = tuple(1 + sum(1 for other in returns if other > r) for r in returns)
        return cls(returns=tuple(returns), ranks=ranks, reason=reason)
