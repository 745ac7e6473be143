"""What one person and one address may have of the live AIs (docs/reliability.md): how many live
matches with an AI at once, how many new matches a minute, and how many AI moves of
theirs the live workers think about at once.

A person is an account or a guest identity; an address is where their requests come
from (``identity.address_of``), so a client that drops its cookie to become a new guest
still meets the same limits. The matches an address started are remembered in Redis
(a set of ids per address, expiring on its own); whether each is still live is read
from the database, which stays the one truth.

Live AI moves are shared fairly: one client's AIs think about at most
``DICEARENA_AI_MOVES_AT_ONCE`` moves at a time (``admission.in_turn``, a slot per person
and per address), so however many slow AIs one client keeps busy, the other live worker
processes stay free for everyone else's.
"""

from __future__ import annotations

from django.conf import settings

from webapp import counters
from webapp.admission import Asker, Throttled
from webapp.errors import Rejected
from webapp.matches.models import Match
from webapp.matches.plans import MatchPlan

#: How long an address's list of matches is kept after its last new match (a live
#: match ends, or is settled by the idle sweep, long before).
REMEMBER_S = 2 * 24 * 3600


def person_of(created_by: str) -> str:
    """The person who started a match ("user:7", "guest:…"), or "" when the site did
    (a tournament's game, the demo): only people's matches count against limits."""
    return created_by if created_by.startswith(("user:", "guest:")) else ""


# ----- live matches with AIs ---------------------------------------------------------------


def _live_count(matches, watching: bool) -> int:
    """The AI-vs-AI matches (``watching``), or else the matches against an AI, among
    ``matches`` still live."""
    live = matches.filter(status=Match.Status.ACTIVE)
    if watching:  # no seat without an agent: AI against AI
        return live.exclude(seats__agent_spec="").count()
    # Both kinds of seat: a person (or an open seat) against an AI.
    return live.filter(seats__agent_spec="").filter(seats__agent_spec__gt="").distinct().count()


def matches_from(address: str):
    """The live matches ``address`` started (forgetting those that ended)."""
    client = counters.client()
    key = counters.key("matches-from", address)
    ids = [int(i) for i in client.smembers(key)]
    live = set(
        Match.objects.filter(pk__in=ids, status=Match.Status.ACTIVE).values_list("pk", flat=True)
    )
    ended = [i for i in ids if i not in live]
    if ended:
        client.srem(key, *ended)
    return Match.objects.filter(pk__in=live)


def check_live_ai_matches(plan: MatchPlan) -> None:
    """One person's, and one address's, live matches with AIs take turns on the same
    workers as everyone's AI replies: a few at once is playing and watching, a hundred
    is a denial of service. Rejected (code ``too_many_live``) names the limit."""
    seats = plan.seats
    if not any(seat.agent_spec for seat in seats):
        return
    watching = all(seat.agent_spec for seat in seats)
    kind = "AI-vs-AI matches" if watching else "matches against an AI"
    owners = []
    if person_of(plan.created_by):
        matches = Match.objects.filter(created_by=plan.created_by)
        limit = (
            settings.DICEARENA_MAX_LIVE_AI_MATCHES
            if watching
            else settings.DICEARENA_MAX_VS_AI_MATCHES
        )
        owners.append(("you already have", matches, limit))
    if plan.address:
        limit = (
            settings.DICEARENA_MAX_LIVE_AI_MATCHES_PER_ADDRESS
            if watching
            else settings.DICEARENA_MAX_VS_AI_MATCHES_PER_ADDRESS
        )
        owners.append(("your address already has", matches_from(plan.address), limit))
    for who, matches, limit in owners:
        running = _live_count(matches, watching)
        if running >= limit:
            raise Rejected(
                "too_many_live",
                f"{who} {running} {kind} running (at most {limit}); "
                "finish, resign or abort one first",
            )


def check_new_match_rate(address: str) -> None:
    """At most DICEARENA_NEW_MATCHES_PER_MINUTE new matches a minute from one address."""
    limit = settings.DICEARENA_NEW_MATCHES_PER_MINUTE
    over = counters.charge([(f"new-matches:{address}", limit)], "minute")
    if over is not None:
        raise Throttled(
            "throttled",
            f"{limit} matches a minute at most may be started from one address; "
            f"try again in {over.wait_s} s",
            over.wait_s,
        )


def remember(match: Match, address: str) -> None:
    """Note that ``address`` started ``match`` (for its limits and its AIs' slots)."""
    if not address:
        return
    pipe = counters.client().pipeline()
    pipe.sadd(counters.key("matches-from", address), match.pk)
    pipe.expire(counters.key("matches-from", address), REMEMBER_S)
    pipe.set(counters.key("match-address", match.pk), address, ex=REMEMBER_S)
    pipe.execute()


# ----- a fair share of the live workers ---------------------------------------------------


def asker_of(match: Match) -> Asker:
    """Who started ``match`` (its AI moves count against their share of the live
    workers); nobody for matches the site started (tournaments, the demo)."""
    address = counters.client().get(counters.key("match-address", match.pk))
    return Asker(person_of(match.created_by), address.decode() if address else "")
