"""Tournaments on a schedule: the hourly Dice Wars ladder and a levels ladder per game,
and for people a daily Swiss and an hourly arena (announced ahead, open for entries
until they start), installed by ``manage.py install_schedules`` (``make run`` does it;
editable in the admin afterwards). The system's own periodic jobs are in ``CELERY_BEAT_SCHEDULE``.

Every job has an expiry, so a backlog after downtime never runs it twice; scheduled
tournaments also carry a slot key that the database keeps unique.
"""

from __future__ import annotations

import json
from datetime import timedelta

from django.utils import timezone
from django_celery_beat.models import IntervalSchedule, PeriodicTask

import agents
import games
from agents import levels

LADDER = {
    "name": "Hourly Dice Wars ladder",
    "every_s": 3600,
    "spec": {
        "game": "dicewars",
        "entrants": ["dicewars-naive", "dicewars-sdc", "dicewars-ste"],
        "format": "roundrobin",
        "games_per_pairing": 4,
        "name": "Hourly Dice Wars ladder",
    },
}


#: The button statistics' study (docs/games/buttonmen.md): every playable button against
#: one other drawn from the week's seed and one of its own set, both seats,
#: buttonmen-best in both; about 1,500 games of up to a minute each, so once a week, and
#: never due at once on a fresh ``make run`` (the site shows the shipped study until the
#: first one is done).
BUTTON_STUDY = {
    "name": "Weekly Button Men button study",
    "every_s": 7 * 24 * 3600,
    "spec": {
        "game": "buttonmen",
        "entrants": ["buttonmen-best", "buttonmen-best"],
        "format": "roundrobin",
        "games_per_pairing": 1,
        "grid": "buttons",
        "name": "Weekly Button Men button study",
    },
}


#: How often beat looks whether a schedule for people has an event to announce: every
#: event that starts within the schedule's ``lead_s`` is made then (idempotent: one per
#: start time), so the next ones are always listed, joinable, with a countdown.
PEOPLE_CHECK_S = 300

#: A Swiss for people every day at 18:00 UTC (docs/tournaments.md, "Tournaments for
#: people"), announced and open for entries a day ahead; it starts itself then if two or
#: more joined.
PEOPLE_SWISS = {
    "name": "Daily Button Men Swiss for people",
    "every_s": 24 * 3600,
    "offset_s": 18 * 3600,
    "lead_s": 24 * 3600,
    "spec": {"game": "buttonmen", "format": "swiss", "rounds": 3, "clock": "5+3",
             "name": "Daily Button Men Swiss"},
}  # fmt: skip

#: An arena for people every hour, on the hour: Dice Wars two at a time, thirty minutes
#: of play (people may also join while it runs). The next two are always announced and
#: open for entries, so the next hour's is listed at least an hour before it starts.
PEOPLE_ARENA = {
    "name": "Hourly Dice Wars arena for people",
    "every_s": 3600,
    "offset_s": 0,
    "lead_s": 2 * 3600,
    "spec": {"game": "dicewars", "format": "arena", "minutes": 30, "clock": "5+3",
             "name": "Hourly Dice Wars arena"},
}  # fmt: skip


def install_people_schedule(schedule: dict = PEOPLE_SWISS) -> PeriodicTask:
    """Beat asks every ``PEOPLE_CHECK_S`` whether an event is due to be announced."""
    interval, _ = IntervalSchedule.objects.get_or_create(
        every=PEOPLE_CHECK_S, period=IntervalSchedule.SECONDS
    )
    kwargs = {"spec": schedule["spec"], "periodic_name": schedule["name"],
              "every_s": schedule["every_s"], "lead_s": schedule["lead_s"],
              "offset_s": schedule["offset_s"]}  # fmt: skip
    task, created = PeriodicTask.objects.update_or_create(
        name=schedule["name"],
        defaults={
            "task": "webapp.tournaments.tasks.scheduled_people_tournament",
            "interval": interval,
            "kwargs": json.dumps(kwargs),
            "expire_seconds": PEOPLE_CHECK_S - 60,
        },
    )
    if created:  # due at once: a fresh site lists its next events within a minute
        task.last_run_at = timezone.now() - timedelta(seconds=PEOPLE_CHECK_S)
        task.save(update_fields=["last_run_at"])
    return task


def install_tournament_schedule(
    name: str, spec: dict, every_s: int, due_now: bool = True
) -> PeriodicTask:
    interval, _ = IntervalSchedule.objects.get_or_create(
        every=every_s, period=IntervalSchedule.SECONDS
    )
    task, created = PeriodicTask.objects.update_or_create(
        name=name,
        defaults={
            "task": "webapp.tournaments.tasks.scheduled_tournament",
            "interval": interval,
            "kwargs": json.dumps({"spec": spec, "periodic_name": name, "every_s": every_s}),
            # Expire well inside the period: a run that could not start in time is skipped.
            "expire_seconds": max(60, every_s - 60),
        },
    )
    if created and due_now:
        # Due at once, so a fresh `make run` shows a scheduled run within a minute
        # instead of after the first full period.
        task.last_run_at = timezone.now() - timedelta(seconds=every_s)
        task.save(update_fields=["last_run_at"])
    return task


def install_level_ladders() -> list[PeriodicTask]:
    """One ladder per game that has levels (``agents.levels``): every level against
    every other, a few games each, every few hours. The ratings it moves are what the
    lobby shows next to each level."""
    installed = []
    for game in games.all():
        if len(levels.levels(game.slug)) < 2:
            continue
        spec = levels.ladder(game.slug)
        installed.append(install_tournament_schedule(spec["name"], spec, levels.LADDER_EVERY_S))
    return installed


def install_defaults() -> None:
    names = {spec.split(":")[0] for spec in LADDER["spec"]["entrants"]}
    if names <= set(agents.core.AGENTS):
        install_tournament_schedule(LADDER["name"], LADDER["spec"], LADDER["every_s"])
    install_level_ladders()
    study = BUTTON_STUDY
    install_tournament_schedule(study["name"], study["spec"], study["every_s"], due_now=False)
    install_people_schedule(PEOPLE_SWISS)
    install_people_schedule(PEOPLE_ARENA)
