"""The agent contract (agents/core/agent.py and budget.py): budget in, move and thinking out."""

from agents.core.agent import Agent
from agents.core.budget import Budget, Decision
from agents.core.deadline import Deadline, OutOfTime, within
from agents.core.registry import AGENTS, AgentInfo, catalogue, check_spec, get, info, parse_spec
from agents.core.runner import decide

__all__ = [
    "AGENTS",
    "Agent",
    "AgentInfo",
    "Budget",
    "Deadline",
    "Decision",
    "OutOfTime",
    "catalogue",
    "check_spec",
    "decide",
    "get",
    "info",
    "parse_spec",
    "within",
]
