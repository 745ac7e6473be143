"""Rated matches are numbered (``RatedMatch.seq``) one rater at a time, on PostgreSQL
too: finishes that rate at once never collide on ``ratedmatch_seq_key``.

The race needs PostgreSQL's row locks, so these tests run on PostgreSQL: in this process
when it is the test database (the CI PostgreSQL pass), otherwise in a child pytest on a
database of its own on the local server. They are skipped only when no PostgreSQL answers.
"""

import os
import subprocess
import sys
import threading

import pytest
from django.db import connection, connections
from django.utils import timezone

from tests.stack import ROOT, process_env
from webapp.leaderboards import rating
from webapp.leaderboards.models import RatedMatch
from webapp.matches import services
from webapp.matches.models import Match

from .helpers import wait_for

pytestmark = pytest.mark.django_db(transaction=True)

LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres"


def finished_matches(count: int) -> list[int]:
    """Agent matches marked finished without being rated (as a worker leaves them the
    moment before its rater runs)."""
    made = []
    for _ in range(count):
        plan = services.MatchPlan(
            game="footsies",
            seats=[
                services.SeatPlan(agent_spec="random"),
                services.SeatPlan(agent_spec="footsies-counter"),
            ],
        )
        made.append(services.create_match(plan, schedule=False).pk)
    Match.objects.filter(pk__in=made).update(
        status=Match.Status.FINISHED,
        result={"returns": [1.0, -1.0], "ranks": [1, 2], "reason": "seat 0 wins"},
        finished_at=timezone.now(),
    )
    return made


class Collisions:
    """Every error a rater's writes met (the old code caught some and retried, so the
    end state alone could not tell)."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[str] = []
        original = rating.apply

        def apply(*args, **kwargs):
            try:
                return original(*args, **kwargs)
            except Exception as exc:
                self.seen.append(str(exc).splitlines()[0])
                raise

        monkeypatch.setattr(rating, "apply", apply)


def in_thread(target, errors: list, name: str = "rater") -> threading.Thread:
    def run() -> None:
        try:
            target()
        except Exception as exc:  # reported by the test, not lost in the thread
            errors.append(repr(exc))
        finally:
            connections.close_all()  # nothing of ours is left reading at the flush

    thread = threading.Thread(target=run, name=name)
    thread.start()
    return thread


def waiting_for_a_lock() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def postgres_answers(url: str) -> bool:
    import psycopg

    try:
        psycopg.connect(url.replace("postgres://", "postgresql://"), connect_timeout=3).close()
    except psycopg.OperationalError:
        return False
    return True


@pytest.fixture
def on_postgres():
    """In this process on PostgreSQL; else the same test in a child pytest whose test
    database is made on the local PostgreSQL (skipped only if none answers)."""
    if connection.vendor == "postgresql":
        return True
    url = os.environ.get("DICEARENA_TEST_POSTGRES", LOCAL_POSTGRES)
    if not postgres_answers(url):
        pytest.skip(f"no PostgreSQL answers at {url}")
    return url  # the child's test database is its run's own (test_dicearena_<run>)


def run_on_postgres(url: str, test: str) -> None:
    env = {**process_env(), "DATABASE_URL": url}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", f"{__file__}::{test}", "-q", "-x"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-2000:]


def test_a_rater_that_waited_for_another_numbers_after_it(on_postgres, monkeypatch):
    """The interleaving of the tournament logs, made to happen: one rater holds the
    lock, a second waits for it, the first commits, the second goes on."""
    if on_postgres is not True:
        run_on_postgres(on_postgres, "test_a_rater_that_waited_for_another_numbers_after_it")
        return
    finished_matches(1)
    rating.rate_finished_matches()  # a numbered match already, as on any live site
    collisions = Collisions(monkeypatch)
    first_holds_the_lock, go_on = threading.Event(), threading.Event()
    numbering = rating.finished

    def finished(*args, **kwargs):
        # Called by a rater with the lock held, before it writes its numbers.
        if threading.current_thread().name == "first":
            first_holds_the_lock.set()
            go_on.wait(timeout=60)
        return numbering(*args, **kwargs)

    monkeypatch.setattr(rating, "finished", finished)
    errors: list[str] = []
    finished_matches(2)
    first = in_thread(rating.rate_finished_matches, errors, name="first")
    assert first_holds_the_lock.wait(timeout=60)
    finished_matches(2)  # finished while the first rater works: the second rater's
    second = in_thread(rating.rate_finished_matches, errors)
    wait_for(lambda: waiting_for_a_lock() >= 1, timeout=60)  # the second waits for the first
    go_on.set()
    first.join(timeout=120)
    second.join(timeout=120)
    assert errors == [] and collisions.seen == []
    seqs = sorted(RatedMatch.objects.values_list("seq", flat=True))
    assert seqs == list(range(1, 6))
