"""``matches`` listens to itself where a module cannot import the one that acts: the
services and the analyses announce, ``tasks`` (which imports both to run moves and
analyses on the workers) queues the work. And to the leaderboards: a live match that got
rated is analysed automatically. Imported by ``MatchesConfig.ready``, with the named
levels (they add their group to the lobby's opponents)."""

from __future__ import annotations

from webapp.admission import Asker
from webapp.matches import analyses, levels, signals, tasks, timeouts

__all__ = ["levels"]  # imported for its registration in the lobby


def queue_analysis(match_id: int, asker: Asker) -> None:
    tasks.analyse_match.delay(match_id, asker.person, asker.address)


def analyse_rated(match_id: int) -> None:
    analyses.auto_analyse(match_id)  # never raises; within the hour's budget


signals.agents_due.connect(tasks.queue_ai_move)
signals.clock_checking.connect(timeouts.settle)
analyses.analysis_wanted.connect(queue_analysis)
signals.match_rated.connect(analyse_rated)
