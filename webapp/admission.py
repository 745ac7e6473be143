"""Admission of work people ask the workers for: analyses of a match, an agent's opinion
of a position.

Each request is charged in worker-seconds — the thinking time it asks for, times the
positions or seats it covers — against three quotas a minute (``webapp.counters``): the
person's (their account, else their guest identity), their address's (so a client that
drops its cookie gains nothing), and the whole site's (a backstop, set above what one
person or address may take, so one client can never use it all up). A request past any
of them is refused with the seconds to wait, and counts against none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.conf import settings

from webapp import counters
from webapp.accounts.identity import address_of, identity_of
from webapp.matches.services import Rejected


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
