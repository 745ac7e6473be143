"""One whole match between agents, headless: the arena, tournaments and tests call this.

A match is options + seed + history. Every chance event draws from
``chance_rng(seed, ply)`` and every decision gets ``agent_rng(seed, seat, ply)``
(``agents.core.seeding``), the same derivation the web app uses for live play, so a
match played here replays move for move from its record and its seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from agents.core import Agent, Budget, Decision, decide, get
from agents.core.seeding import agent_rng, chance_rng
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, Outcome, State

#: A match that has not ended after this many events is an engine bug (every game has
#: a hard cap far below it); stop instead of running forever.
MAX_EVENTS = 1_000_000


@dataclass
class Step:
    """One applied event and the decisions behind it.

    ``actor`` is a seat, CHANCE or SIMULTANEOUS; ``move`` is what was applied (at a
    simultaneous node the joint ``((seat, move), ...)``, at a chance node the outcome).
    ``decisions`` maps each seat that chose to its Decision; empty for chance.
    """

    ply: int
    actor: int
    move: Any
    decisions: dict[int, Decision] = field(default_factory=dict)

    def to_json(self, state: State) -> dict[str, Any]:
        """JSON form; ``state`` is any state of the game (move texts do not depend on it)."""
        if self.actor == SIMULTANEOUS:
            move: Any = {str(seat): state.move_to_str(m) for seat, m in self.move}
        else:
            move = state.move_to_str(self.move)
        return {
            "ply": self.ply,
            "actor": self.actor,
            "move": move,
            "decisions": {
                str(seat): {
                    "move": state.move_to_str(d.move),
                    "thinking": d.thinking,
                    "stats": d.stats,
                }
                for seat, d in self.decisions.items()
            },
        }


@dataclass
class MatchResult:
    """A finished match: the final state, its record, every step and the outcome."""

    game: str
    seed: str
    specs: list[str]
    state: State
    steps: list[Step]
    record: dict[str, Any]
    outcome: Outcome

    def decisions(self, seat: int) -> list[Decision]:
        return [s.decisions[seat] for s in self.steps if seat in s.decisions]

    def failures(self, seat: int) -> list[Decision]:
        """Decisions of ``seat`` that the runner replaced by a random legal move."""
        return [d for d in self.decisions(seat) if "fallback" in d.stats]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "agents": list(self.specs),
            "record": self.record,
            "outcome": self.outcome.to_json(),
            "steps": [s.to_json(self.state) for s in self.steps],
        }


def roll(state: State, seed: str) -> Any:
    """The chance outcome due at ``state``, as the match's seed dictates."""
    return state.sample_chance(chance_rng(seed, state.ply))


def choose(state: State, seat: int, agent: Agent, seed: str, budget: Budget) -> Decision:
    """``agent``'s decision for ``seat`` at ``state`` under the runner's rules."""
    return decide(agent, state, seat, budget, agent_rng(seed, seat, state.ply))


def build_agents(
    game: Game, specs_or_agents: Sequence[str | Agent], num_players: int
) -> list[Agent]:
    """One agent per seat; ValueError names a wrong count or an agent that cannot play."""
    if len(specs_or_agents) != num_players:
        raise ValueError(
            f"{game.title} with {num_players} players needs {num_players} agents, "
            f"not {len(specs_or_agents)}"
        )
    agents = [get(a) if isinstance(a, str) else a for a in specs_or_agents]
    for agent in agents:
        if not agent.plays(game.slug):
            raise ValueError(f"agent {agent.spec!r} does not play {game.slug}")
    return agents


def _watches(agent: Agent) -> bool:
    # Only agents that override observe() need to see events; skipping the others
    # saves a clone per event per seat in long games.
    return type(agent).observe is not Agent.observe


def play_match(
    game: Game | str,
    specs_or_agents: Sequence[str | Agent],
    seed: str | int,
    options: Mapping[str, Any] | None = None,
    num_players: int | None = None,
    budget: Budget = Budget(),  # noqa: B008 - frozen, so one shared default is safe
    on_event: Callable[[State, Step], None] | None = None,
) -> MatchResult:
    """Play one match from the start to the end.

    ``specs_or_agents`` gives one agent per seat (spec strings are built fresh; agent
    objects are used as they are, so a stateful agent keeps its memory unless the
    caller resets it). ``num_players`` defaults to the number of agents. Stateful
    agents get ``observe(state, event)`` for every event, with the state *before* the
    event (as OpenSpiel informs its bots), so they can see what the mover saw.
    ``on_event(state_after, step)`` is called after each event, e.g. to stream it.
    """
    game = games.get(game) if isinstance(game, str) else game
    seed = str(seed)
    n = len(specs_or_agents) if num_players is None else num_players
    game.check_num_players(n)
    agents = build_agents(game, specs_or_agents, n)
    watchers = [a for a in agents if _watches(a)]
    state = game.new_state(n, options)
    steps: list[Step] = []
    while state.current() != TERMINAL:
        if state.ply >= MAX_EVENTS:
            raise RuntimeError(f"{game.slug}: no end after {MAX_EVENTS} events")
        step = _next_step(state, agents, seed, budget)
        for agent in watchers:
            agent.observe(state.clone(), (step.actor, step.move))
        if step.actor == SIMULTANEOUS:
            state = state.apply_joint(dict(step.move))
        else:
            state = state.apply(step.move)
        steps.append(step)
        if on_event is not None:
            on_event(state, step)
    return MatchResult(
        game=game.slug,
        seed=seed,
        specs=[a.spec for a in agents],
        state=state,
        steps=steps,
        record=state.to_record(),
        outcome=state.outcome(),
    )


def _next_step(state: State, agents: list[Agent], seed: str, budget: Budget) -> Step:
    actor = state.current()
    if actor == CHANCE:
        return Step(state.ply, actor, roll(state, seed))
    # Every acting seat decides on the same state, so at a simultaneous node nobody
    # sees another's choice before making its own.
    decisions = {
        seat: choose(state, seat, agents[seat], seed, budget) for seat in state.acting_seats()
    }
    if actor == SIMULTANEOUS:
        joint = tuple((seat, d.move) for seat, d in decisions.items())
        return Step(state.ply, actor, joint, decisions)
    return Step(state.ply, actor, decisions[actor].move, decisions)
