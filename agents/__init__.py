"""AI players and the headless arena. Imports ``games``, never Django.

``agents.get(spec)`` builds an agent; ``agents.catalogue(game)`` lists them.
"""

from agents.core import Agent, Budget, Decision, catalogue, decide, get, info, parse_spec

__all__ = ["Agent", "Budget", "Decision", "catalogue", "decide", "get", "info", "parse_spec"]
