"""Instant agents reply in the request that made them due.

An agent whose decision is a small, bounded computation (``Agent.instant``: the random
mover, the one-ply greedy players) costs microseconds to think; sending its move through
the live queue costs a task, a worker's round trips and a second read of the match, and
under load the queue's wait (issue: "cost per move"). So when a person's move makes such
an agent due, the services play its reply in the same transaction, through the same
checks and writes as every other move, from the same seeded RNG a worker would use: the
match is the same move for move, only sooner.

Not inline: AI-against-AI matches (they keep their pace for watchers, on the workers),
any agent that searches or remembers, and more than ``DICEARENA_INSTANT_MOVES`` replies
in one request (a Dice Wars table of AIs: the rest go to the workers as before).
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings

import agents
from agents.core.registry import agent_class, parse_spec
from agents.core.seeding import agent_rng
from games.core import State


@lru_cache(maxsize=512)
def is_instant(spec: str) -> bool:
    """Is the agent this spec names one whose decision is instant? Unknown specs are not."""
    if not spec:
        return False
    try:
        name, _ = parse_spec(spec)
        return bool(agent_class(name).instant)
    except ValueError:
        return False


def may_play_inline(all_agents: bool) -> bool:
    """Inline replies are on (``DICEARENA_INSTANT_MOVES`` > 0) and a person or bot is in
    the match: an AI-against-AI match keeps its pace on the workers."""
    return settings.DICEARENA_INSTANT_MOVES > 0 and not all_agents


def decide(spec: str, seed: str, state: State, seat: int) -> agents.Decision:
    """The agent's decision, from the RNG the live worker would give it at this ply."""
    agent = agents.get(spec)
    # No time budget: an instant agent ignores it, and the watchdog's interruption is for
    # workers' threads, not a web request's.
    return agents.decide(agent, state, seat, agents.Budget(), agent_rng(seed, seat, state.ply))
