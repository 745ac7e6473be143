"""Tournament formats and standings, shared by the headless arena and the web site.

A format (:mod:`agents.tournament.formats`) proposes a tournament's first round,
proposes each next round from the results so far, and says when it is done; the fixed
formats (round robin, duplicate, free-for-all, gauntlet) have one round, Swiss has as
many as asked, each paired by score. :mod:`agents.tournament.standings` is the one
place that turns played games into standings, so the site and the CLI agree.
"""

from agents.tournament.formats import (
    FORMATS,
    Fixture,
    Format,
    FormatError,
    Played,
    make_format,
)
from agents.tournament.standings import Table

__all__ = ["FORMATS", "Fixture", "Format", "FormatError", "Played", "Table", "make_format"]
