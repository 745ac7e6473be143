"""Generic search agents: they play every game through the engine contract alone.

- ``montecarlo`` (:mod:`agents.search.montecarlo`): flat Monte Carlo, random playouts
  after each legal move.
- ``mcts`` (:mod:`agents.search.mcts`): UCT with chance sampling, decoupled UCT at
  simultaneous nodes and progressive widening.
- ``expectimax`` (:mod:`agents.search.expectimax`): iterative deepening over the
  depth-limited expectiminimax of :mod:`agents.search.star` (Star1/Star2 pruning, a
  transposition table); leaves scored by :mod:`agents.search.evaluation`.

Each returns a bounded ``thinking`` tree (:mod:`agents.search.thinking`) that
:mod:`agents.search.graphml` exports as GraphML.
"""
