"""Tournament formats and standings, shared by the headless arena and the web site.

A format (:mod:`agents.tournament.formats`) proposes a tournament's first round,
proposes each next round from the results so far, and says when it is done; the fixed
formats (round robin, duplicate, free-for-all, gauntlet, ladder) have one round, Swiss
has as many as asked, each paired by score, a knockout (:mod:`agents.tournament.knockout`)
as many as its bracket needs. ``FORMATS`` is the registry the site reads its choices
from; a new format is one module and one ``register`` line below. :mod:`agents.tournament.standings` is the one
place that turns played games into standings, so the site and the CLI agree.
"""

from agents.tournament.formats import (
    FORMATS,
    Column,
    Fixture,
    Format,
    FormatError,
    Played,
    make_format,
    register,
)
from agents.tournament.knockout import Knockout
from agents.tournament.standings import Table

register(Knockout)

__all__ = [
    "FORMATS",
    "Column",
    "Fixture",
    "Format",
    "FormatError",
    "Played",
    "Table",
    "make_format",
    "register",
]
