"""Exact equilibria and best responses (Footsies, the one game small enough to solve whole).

    python -m agents.equilibrium footsies --json [--option key=value ...]

prints the value of the game at the start, the equilibrium mix of every position, and
the exploitability of every Footsies agent whose choice depends on the position alone
(the best-response payoff against it from the start).

- ``matrix``: one matrix game by LP (SciPy's HiGHS).
- ``footsies``: the whole game, an LP per position and value iteration over its cycles.
- ``response``: the best response to a fixed policy, by value iteration over the
  engine's own positions.
"""
