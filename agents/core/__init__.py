"""The agent contract (docs/ARCHITECTURE.md): budget in, move and thinking out."""

from agents.core.agent import Agent
from agents.core.budget import Budget, Decision
from agents.core.registry import AGENTS, AgentInfo, catalogue, get, info, parse_spec
from agents.core.runner import decide

__all__ = [
    "AGENTS",
    "Agent",
    "AgentInfo",
    "Budget",
    "Decision",
    "catalogue",
    "decide",
    "get",
    "info",
    "parse_spec",
]
