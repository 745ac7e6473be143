"""Admission of work people ask the workers for, and a fair share of the workers for it.

Analyses (of a match, an agent's opinion of a position) are charged, when asked for, in
worker-seconds — the thinking time asked for, times the positions or seats it covers —
against three quotas a minute (``webapp.counters``): the
person's (their account, else their guest identity), their address's (so a client that
drops its cookie gains nothing), and the whole site's (a backstop, set above what one
person or address may take, so one client can never use it all up). A request past any
of them is refused with the seconds to wait, and counts against none.

Then, on the workers, one asker's tasks run a few at a time (``in_turn``): a task whose
asker already holds all their slots waits in their line and the worker serves someone
else, so however much one client has queued — analyses, or the moves of slow AIs in
their live matches — another's work finds a free worker. A slot is a Redis key held as
a short lease (``SLOT_LEASE_S``) that the task renews while it runs, so a worker that
dies holding one frees it within seconds, not after the task's time limit.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from django.conf import settings

from webapp import counters
from webapp.accounts.identity import address_of, identity_of
from webapp.errors import Rejected

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Asker:
    """Who asks for work: a person's identity key ("" for a visitor with no session)
    and the address they ask from (``identity.address_of``)."""

    person: str
    address: str


def asker_of(request) -> Asker:
    identity = identity_of(request.user, request.session)
    return Asker(identity.key if identity else "", address_of(request))


class Throttled(Rejected):
    """A request refused for now: ``wait_s`` says when it may be asked again (HTTP 429
    for a person or an address over their share, 503 when the whole site is)."""

    def __init__(self, code: str, message: str, wait_s: int) -> None:
        super().__init__(code, message)
        self.wait_s = wait_s


def charge_analysis(asker: Asker, worker_s: float) -> None:
    """Count ``worker_s`` of analysis against the asker's, their address's and the
    site's quota of the minute; Throttled if any is full (nothing is counted then)."""
    amount = max(1, math.ceil(worker_s))
    quotas = [
        (f"analysis-s:address:{asker.address}", settings.DICEARENA_ANALYSIS_S_PER_ADDRESS),
        ("analysis-s:site", settings.DICEARENA_ANALYSIS_S_PER_MINUTE),
    ]
    if asker.person:
        quotas.insert(
            0, (f"analysis-s:person:{asker.person}", settings.DICEARENA_ANALYSIS_S_PER_PERSON)
        )
    over = counters.charge(quotas, "minute", amount)
    if over is None:
        return
    wait = f"try again in {over.wait_s} s"
    if over.name == "analysis-s:site":
        raise Throttled("busy", f"the analysts are busy; {wait}", over.wait_s)
    who, limit = (
        ("you", settings.DICEARENA_ANALYSIS_S_PER_PERSON)
        if over.name.startswith("analysis-s:person:")
        else ("your address", settings.DICEARENA_ANALYSIS_S_PER_ADDRESS)
    )
    raise Throttled(
        "throttled",
        f"this asks for {amount} s of a worker's time, more than is left of what {who} "
        f"may ask for in a minute ({limit} s: thinking time × positions); {wait}",
        over.wait_s,
    )


# ----- a fair share of the workers ---------------------------------------------------------


def in_turn(
    kind: str, asker: Asker, at_once: int, lease_s: int, task, args: tuple, run: Callable[[], str]
) -> str:
    """``run()`` in one of the asker's ``at_once`` slots of ``kind``, held while it runs
    (renewed every few seconds, ``lease_s`` at most: the task's time limit). If they
    are all taken, ``task`` (with ``args``) waits its turn: the task that frees a slot
    queues it again at once, and should that wake-up be missed (the slot freed just
    before it began to wait, or its holder died) it asks again after ``WAIT_S`` anyway.
    Answers "waiting for a slot" then."""
    with _slot(kind, asker, at_once, lease_s) as blocked:
        if blocked is None:
            return run()
    counters.keep_trying(lambda: _wait(blocked, task.name, args, lease_s))
    counters.keep_trying(lambda: task.apply_async(args, countdown=WAIT_S))
    return "waiting for a slot"


#: How often a task waiting for a slot asks again if no wake-up came.
WAIT_S = 2.0
#: A slot's lease: renewed every third of it while its task runs, so a slot whose
#: worker died (SIGKILL, a lost machine) is free again this long after, however long
#: the task's time limit. (It was the time limit: 90 s for an AI move, during which
#: every AI move of that person and address waited.)
SLOT_LEASE_S = 6


@contextmanager
def _slot(kind: str, asker: Asker, at_once: int, lease_s: int) -> Iterator[str | None]:
    """Hold a slot of the person and one of the address (whichever are known): yields
    None, or the owner ("<kind>:person:<key>", …) that has none free. On leaving, the
    slots held are freed and a task waiting for each is woken. One Redis round trip
    to take them and one to give them back: an AI's every move passes here."""
    client = counters.client()
    token = secrets.token_hex(8)
    scopes = (("person", asker.person), ("address", asker.address))
    owners = [f"{kind}:{scope}:{who}" for scope, who in scopes if who]
    keys = [counters.key("slot", owner, i) for owner in owners for i in range(at_once)]
    held = (
        _script(_TAKE)(keys=keys, args=[token, SLOT_LEASE_S, at_once], client=client)
        if owners
        else []
    )
    blocked = owners[len(held)] if len(held) < len(owners) else None
    # Kept while the task runs; given back at once when it must wait.
    renewal = _Renewal(held, token, lease_s) if held and blocked is None else None
    try:
        yield blocked
    finally:
        if renewal is not None:
            renewal.stop()
        if held:
            lines = [counters.key("waiting", owner) for owner in owners[: len(held)]]
            release = [key for pair in zip(held, lines, strict=True) for key in pair]
            for entry in _script(_GIVE_BACK)(keys=release, args=[token], client=client):
                if entry:
                    _send(entry)


#: Take one free slot of each owner in turn (KEYS: each owner's ``at_once`` slots), up
#: to the first owner with none free: the slots taken, in the owners' order.
_TAKE = """
local token, lease_s, at_once = ARGV[1], ARGV[2], tonumber(ARGV[3])
local taken = {}
if at_once < 1 then return taken end
for first = 1, #KEYS, at_once do
  local got = false
  for i = first, first + at_once - 1 do
    if redis.call('SET', KEYS[i], token, 'NX', 'EX', lease_s) then
      taken[#taken + 1] = KEYS[i]
      got = true
      break
    end
  end
  if not got then break end
end
return taken
"""


class _Renewal:
    """Keeps the slots a task holds for as long as it runs, at most ``lease_s``: a
    thread renews each (if still ours) every third of ``SLOT_LEASE_S``."""

    def __init__(self, keys: list, token: str, lease_s: int) -> None:
        self.keys, self.token = keys, token
        self.until = time.monotonic() + lease_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._keep, name="slot-lease", daemon=True)
        self._thread.start()

    def _keep(self) -> None:
        while not self._stop.wait(SLOT_LEASE_S / 3) and time.monotonic() < self.until:
            try:
                _script(_RENEW)(keys=self.keys, args=[self.token, SLOT_LEASE_S])
            except Exception:  # Redis away for a moment: the next renewal may do
                log.warning("could not renew the slots %s", self.keys, exc_info=True)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


#: Renew each slot still ours (KEYS: the slots; ARGV: the token, the lease).
_RENEW = """
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('EXPIRE', key, ARGV[2]) end
end
return 0
"""

#: Free each slot still ours (not expired and retaken) and pop the first task in its
#: owner's line (KEYS: slot, line, slot, line…): the entries popped, "" where none.
_GIVE_BACK = """
local woken = {}
for i = 1, #KEYS, 2 do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
  local first = redis.call('ZPOPMIN', KEYS[i + 1])
  woken[#woken + 1] = first[1] or ''
end
return woken
"""


@cache
def _script(source: str):
    return counters.client().register_script(source)


def _wait(owner: str, task_name: str, args: tuple, lease_s: int) -> None:
    """Put a task in ``owner``'s line, once (the first time it came keeps its place)."""
    key = counters.key("waiting", owner)
    entry = json.dumps([task_name, list(args)])
    pipe = counters.client().pipeline()
    pipe.zadd(key, {entry: time.time()}, nx=True)
    pipe.expire(key, lease_s + 60)
    pipe.execute()


def _send(entry: bytes) -> None:
    """Queue a task popped from a line now (it may find its work done already: every
    task that waits here is idempotent)."""
    from celery import current_app

    task_name, args = json.loads(entry)
    current_app.send_task(task_name, args)
