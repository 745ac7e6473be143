"""Agents by name, built from spec strings: ``name`` or ``name:key=value,key=value``.

Agent classes are found through a name → dotted-path map and imported lazily, so the
registry stays cheap to load. Generic agents are listed here; each game's family of
agents lists its own in ``agents/<game>/registry.py`` (an ``AGENTS`` dict of the same
shape), so a new agent is one line in its family's file.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

from agents.core.agent import Agent

GENERIC: dict[str, str] = {
    "random": "agents.random_agent:RandomAgent",
    "montecarlo": "agents.search.montecarlo:MonteCarloAgent",
    "mcts": "agents.search.mcts:MctsAgent",
    "expectimax": "agents.search.expectimax:ExpectimaxAgent",
}

#: Families of game-specific agents, in lobby order.
FAMILIES = ("footsies", "buttonmen", "octagon", "dicewars", "dungeon", "pig")


def _collect() -> dict[str, str]:
    merged = dict(GENERIC)
    for family in FAMILIES:
        name = f"agents.{family}.registry"
        if importlib.util.find_spec(f"agents.{family}") and importlib.util.find_spec(name):
            merged.update(importlib.import_module(name).AGENTS)
    return merged


#: Every agent name → "module:Class".
AGENTS: dict[str, str] = _collect()

#: A spec string longer than this is refused before parsing (it comes from users).
MAX_SPEC = 200


@dataclass(frozen=True)
class AgentInfo:
    name: str
    description: str
    games: tuple[str, ...] | None
    params: dict[str, Any]
    budget_note: str
    limits: dict[str, tuple[float, float]]

    def plays(self, game_slug: str) -> bool:
        return self.games is None or game_slug in self.games

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "games": list(self.games) if self.games is not None else None,
            "params": self.params,
            "limits": {k: list(v) for k, v in self.limits.items()},
            "budget": self.budget_note,
        }


def agent_class(name: str) -> type[Agent]:
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    module, _, attr = AGENTS[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def info(name: str) -> AgentInfo:
    cls = agent_class(name)
    return AgentInfo(
        cls.name,
        cls.description,
        cls.games,
        dict(cls.params),
        cls.budget_note,
        dict(cls.limits),
    )


def catalogue(game_slug: str | None = None) -> list[AgentInfo]:
    """Every registered agent (for one game, if named), in registry order."""
    found = [info(name) for name in AGENTS]
    return [a for a in found if game_slug is None or a.plays(game_slug)]


def _coerce(name: str, key: str, text: str, default: Any) -> Any:
    kind = type(default)
    try:
        if kind is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        if kind is int:
            return int(text)
        if kind is float:
            return float(text)
        return text
    except ValueError:
        raise ValueError(
            f"agent {name!r}: parameter {key!r} must be a {kind.__name__}, not {text!r}"
        ) from None


def _check_limit(cls: type[Agent], key: str, value: Any) -> None:
    if key not in cls.limits:
        return
    least, most = cls.limits[key]
    if value > most:
        raise ValueError(f"agent {cls.name!r}: {key}={value} is above its limit of {most}")
    # Written so that NaN fails too.
    if not value >= least:
        raise ValueError(f"agent {cls.name!r}: {key}={value} is below its least value {least}")


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split and type-check a spec string, nested specs and parameter limits included;
    raises ValueError with a readable message."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("an agent spec is a name, optionally followed by :key=value,...")
    if len(spec) > MAX_SPEC:
        raise ValueError(f"an agent spec is at most {MAX_SPEC} characters")
    name, _, rest = spec.strip().partition(":")
    cls = agent_class(name)
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq:
            raise ValueError(f"agent {name!r}: {part!r} is not key=value")
        if key not in cls.params:
            known = ", ".join(sorted(cls.params)) or "none"
            raise ValueError(f"agent {name!r} has no parameter {key!r} (known: {known})")
        params[key] = _coerce(name, key, value.strip(), cls.params[key])
        _check_limit(cls, key, params[key])
        if key in cls.nested:
            try:
                parse_spec(params[key])
            except ValueError as exc:
                raise ValueError(f"agent {name!r}: {key} {params[key]!r}: {exc}") from None
    return name, params


def get(spec: str) -> Agent:
    """Build an agent from its spec string."""
    name, params = parse_spec(spec)
    return agent_class(name)(**params)


def check_spec(spec: str, game_slug: str | None = None) -> str:
    """What a service calls when a person submits a spec (a match seat, a tournament
    entrant, the API): builds the agent, so names, types, limits and every agent's own
    checks apply, nested specs included, and checks it plays ``game_slug``. Returns the
    canonical spec; raises ValueError with a message fit to show the person."""
    agent = get(spec)
    if game_slug is not None and not agent.plays(game_slug):
        plays = ", ".join(agent.games or ())
        raise ValueError(f"agent {agent.name!r} does not play {game_slug} (it plays: {plays})")
    return agent.spec
