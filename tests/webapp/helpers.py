from __future__ import annotations

import time

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import transaction

from webapp.accounts.identity import GUEST_KEY, Identity
from webapp.matches import services
from webapp.matches.models import Match
from webapp.tournaments import services as tournaments
from webapp.tournaments.models import Tournament

ALICE = Identity(key="guest:alice", name="alice")
BOB = Identity(key="guest:bob", name="bob")


def footsies_vs_ai(
    identity: Identity = ALICE,
    opponent: str = "random",
    seat: int = 0,
    schedule: bool = False,
    options: dict | None = None,
) -> Match:
    seats = [services.SeatPlan(agent_spec=opponent), services.SeatPlan(agent_spec=opponent)]
    seats[seat] = services.SeatPlan(identity=identity)
    plan = services.MatchPlan(game="footsies", seats=seats, options=options or {})
    return services.create_match(plan, schedule=schedule)


def lobby_rules(game: str) -> dict:
    """The options the lobby starts from where they differ from the engine's (Footsies:
    first to 3 of 5 rounds): the rules agents are rated on."""
    from webapp.matches.lobby import LOBBY_OPTION_DEFAULTS

    return dict(LOBBY_OPTION_DEFAULTS.get(game, {}))


def rated_agents_match(game: str, specs, created_by: str = "tournament:0") -> Match:
    """AIs against each other as a tournament plays them (on the lobby's rules), played
    out here: a match that counts for their ratings (webapp.leaderboards.counting)."""
    from webapp.matches import autoplay

    plan = services.MatchPlan(
        game=game,
        seats=[services.SeatPlan(agent_spec=s) for s in specs],
        options=lobby_rules(game),
        created_by=created_by,
    )
    return autoplay.play_out(services.create_match(plan, schedule=False).pk)


def footsies_people(a: Identity = ALICE, b: Identity = BOB) -> Match:
    plan = services.MatchPlan(
        game="footsies", seats=[services.SeatPlan(identity=a), services.SeatPlan(identity=b)]
    )
    return services.create_match(plan, schedule=False)


def wait_for(predicate, timeout: float = 30.0, every: float = 0.1):
    """Poll until ``predicate()`` is truthy; returns its value or fails with a clear text."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"condition not met within {timeout}s")


def row_counts() -> dict[str, int]:
    """Rows in every table of every installed model: refused input must change none.
    One query for all of them, so the fuzzers can afford it before and after every input."""
    from django.apps import apps
    from django.db import connection

    models = [m for m in apps.get_models() if m._meta.managed and not m._meta.proxy]
    quote = connection.ops.quote_name
    counts = ", ".join(f"(SELECT COUNT(*) FROM {quote(m._meta.db_table)})" for m in models)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {counts}")
        row = cursor.fetchone()
    return {m._meta.label: n for m, n in zip(models, row, strict=True)}


@database_sync_to_async
def session_cookie(guest: str | None) -> str:
    """A session (a guest's, or nobody's) as the Cookie header a browser would send."""
    store = SessionStore()
    if guest:
        store[GUEST_KEY] = guest
    store.save()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"


async def connect(match_id: int, guest: str | None = None) -> WebsocketCommunicator:
    """A match socket through the whole ASGI stack (cookie, origin check, routing)."""
    from webapp.config.asgi import application

    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    headers.append((b"cookie", (await session_cookie(guest)).encode()))
    comm = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
    connected, _ = await comm.connect(timeout=30)
    assert connected
    return comm


def store_played(game: str, specs: list[str], seed: str, options: dict | None = None) -> Match:
    """A match played in memory and stored the way tournaments store theirs (finished)."""
    from agents.match import play_match

    played = play_match(game, list(specs), seed=seed, options=options)
    with transaction.atomic():
        (match,) = services.do_store_played(
            [
                services.PlayedMatch(
                    game=game,
                    options=played.record["options"],
                    seed=seed,
                    specs=list(specs),
                    played=played,
                )
            ]
        )
    return match


def finished_match(game: str = "footsies", specs=("random", "footsies-counter"), seed="a1"):
    """A finished match stored the way tournaments store theirs."""
    return store_played(game, specs, seed, {"rounds": 3} if game == "footsies" else None)


def submit(**kw) -> Tournament:
    """A tournament of two Footsies agents, six games a pairing, with ``kw`` changed."""
    plan = dict(
        game="footsies", entrants=["random", "footsies-counter"], games_per_pairing=6, seed="w1"
    )
    plan.update(kw)
    return tournaments.create_tournament(tournaments.TournamentPlan(**plan))
