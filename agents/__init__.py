"""AI players and the headless arena. Imports ``games``, never Django.

``agents.get(spec)`` builds an agent; ``agents.catalogue(game)`` lists them;
``agents.check_spec(spec, game)`` is what a service calls on a spec a person submitted.
"""

from agents.core import (
    Agent,
    Budget,
    Decision,
    catalogue,
    check_spec,
    decide,
    get,
    info,
    parse_spec,
)

__all__ = [
    "Agent",
    "Budget",
    "Decision",
    "catalogue",
    "check_spec",
    "decide",
    "get",
    "info",
    "parse_spec",
]
