"""What a new match is made from: who sits in each seat, the options, the pace. Apart
from the services so that limits and listeners can read a plan without the write path."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from webapp.accounts.identity import Identity


@dataclass
class SeatPlan:
    """Who will sit in a seat of a new match."""

    agent_spec: str = ""
    identity: Identity | None = None
    open: bool = False  # a seat for a second person to take later
    name: str = ""


@dataclass
class MatchPlan:
    game: str
    seats: list[SeatPlan]
    options: dict[str, Any] = field(default_factory=dict)
    pace: float = 0.0
    created_by: str = ""
    #: For seats played by outside bots: {"move_s", "bank_s"} (webapp.bots.clock).
    time_control: dict[str, float] | None = None
    #: People's clock: "" untimed, "5+3" live, "3d" correspondence (matches.clocks).
    clock: str = ""
    #: False: a casual match, never rated (a seek posted unrated).
    rated: bool = True
    rematch_of: int | None = None
    #: Where the request came from (``identity.address_of``): limits count it too.
    address: str = ""
