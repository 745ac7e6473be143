"""Every match explained: win probabilities, mistakes, luck (docs/analysis.md).

``analyse(record)`` turns a match record into, for every ply, each seat's chance of
winning from the position before it, the best move found at each decision and what
the move played lost against it (labelled inaccuracy / mistake / blunder), and each
seat's luck at every chance event; pure Python, no Django. ``python -m
agents.analyse RECORD.json --json`` prints it. docs/analysis.md explains the figures.
"""

from agents.analyse.analysis import DEFAULT_BUDGET_S, MAX_PLAYOUTS, analyse
from agents.analyse.records import BadRecord

__all__ = ["DEFAULT_BUDGET_S", "MAX_PLAYOUTS", "BadRecord", "analyse"]
