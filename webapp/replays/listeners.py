"""Replays listen to their own positions module: an opinion asked for is queued on the
workers by ``tasks`` (which imports ``positions`` to compute it). Imported by
``ReplaysConfig.ready``."""

from __future__ import annotations

from webapp.replays import positions, tasks


def queue_opinion(given: bool, args: tuple) -> None:
    task = tasks.analyse_given_position if given else tasks.analyse_position
    task.delay(*args)


positions.opinion_wanted.connect(queue_opinion)
