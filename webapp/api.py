"""The JSON API for scripts (Django Ninja); its OpenAPI document is /api/openapi.json.

Token (``Authorization: Bearer <token>``, made at /accounts/tokens/) or session auth.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django.utils import timezone
from ninja import NinjaAPI, Schema, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer, SessionAuth

import agents
import games
from agents.tournament import FORMATS
from webapp.accounts.identity import Identity
from webapp.accounts.models import ApiToken
from webapp.bots.models import Bot
from webapp.bots.play import identity as bot_identity
from webapp.bots.tournament_games import choices
from webapp.errors import Rejected
from webapp.leaderboards.queries import leaderboard
from webapp.matches.models import Match
from webapp.seeks import services as seeks
from webapp.tournaments import buttonstats, people, services, standings
from webapp.tournaments.entrants import person_spec
from webapp.tournaments.models import Entry, Tournament

MAX_BODY = 64 * 1024


class TokenAuth(HttpBearer):
    def authenticate(self, request, token: str):
        row = ApiToken.find(token)
        if row is None:
            return None
        ApiToken.objects.filter(pk=row.pk).update(last_used_at=timezone.now())
        request.user = row.user
        return row.user


class BotAuth(HttpBearer):
    """An outside bot's own token (the one its socket opens /ws/bot/ with): a bot that asks
    may take people's seeks, and that asking is its owner's opt-in."""

    def authenticate(self, request, token: str):
        return Bot.find(token)


class SignedInSession(SessionAuth):
    """A signed-in browser session. CSRF is checked only when someone is signed in, so a
    script with no token, or a wrong one, hears 401 rather than a CSRF failure."""

    def _get_key(self, request):
        if not request.user.is_authenticated:
            return None
        return super()._get_key(request)


api = NinjaAPI(
    title="Dice Arena API",
    version="1",
    description="Submit bot tournaments and read results and leaderboards.",
    urls_namespace="api",
)

NEEDS_TOKEN = (
    "this needs an API token: send 'Authorization: Bearer <token>' (make one at /accounts/tokens/)"
)


# Every error is the same JSON shape, {"error": text}, whatever part of the stack refuses.
@api.exception_handler(AuthenticationError)
def _unauthorized(request, exc):
    response = api.create_response(request, {"error": NEEDS_TOKEN}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="api"'
    return response


@api.exception_handler(HttpError)
def _http_error(request, exc):
    # With a code, as the seeks' refusals have one (an unparsable body is "bad_request").
    code = "bad_request" if exc.status_code == 400 else f"http_{exc.status_code}"
    return api.create_response(request, {"error": str(exc), "code": code}, status=exc.status_code)


@api.exception_handler(ValidationError)
def _invalid(request, exc):
    where = ", ".join(_describe(e) for e in exc.errors[:5])
    return api.create_response(
        request, {"error": f"invalid request: {where}", "detail": exc.errors}, status=422
    )


def _describe(error: dict) -> str:
    location = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
    return f"{location or 'body'}: {error.get('msg', 'invalid')}"


#: A game, as the document lists it: the installed games' slugs, from the registry (a
#: game installed is in it, nothing else is). A plain string let any text through the
#: document, to be refused later, each operation its own way.
GameSlug = StrEnum("GameSlug", [(game.slug, game.slug) for game in games.all()])

#: A tournament's format, as the document lists it: the registry's slugs
#: (``agents.tournament.FORMATS``), the same list as the model's choices and the form's.
FormatSlug = StrEnum("FormatSlug", [(slug, slug) for slug in FORMATS])


class Error(Schema):
    error: str


class Invalid(Schema):
    error: str
    detail: list[dict[str, Any]]


class EntrantIn(Schema):
    agent: str
    params: dict[str, Any] = {}


class TournamentIn(Schema):
    game: GameSlug
    entrants: list[EntrantIn]
    format: FormatSlug = FormatSlug.roundrobin
    games_per_pairing: int = 10
    options: dict[str, Any] = {}
    players: int | None = None
    seed: str | None = None
    name: str = ""
    budget_iterations: int | None = None
    grid: str = ""
    #: Swiss: rounds to play (default ⌈log2 entrants⌉); other formats play one round.
    rounds: int | None = None
    #: Outside bots' clock: {"move_s", "bank_s", "wait_s"} (docs/bot-api.md).
    bot_clock: dict[str, Any] | None = None


class Created(Schema):
    id: int


@api.post(
    "/tournaments",
    auth=[TokenAuth(), SignedInSession()],
    response={201: Created, 400: Error, 401: Error, 413: Error, 422: Invalid},
    summary="Submit a tournament",
)
def submit_tournament(request, payload: TournamentIn):
    if len(request.body) > MAX_BODY:
        return Status(413, {"error": f"a submission is at most {MAX_BODY} bytes"})
    plan = services.TournamentPlan(
        game=payload.game.value,
        entrants=[services.entrant_spec(e.agent, e.params) for e in payload.entrants],
        format=payload.format.value,
        games_per_pairing=payload.games_per_pairing,
        options=payload.options,
        players=payload.players,
        seed=payload.seed,
        name=payload.name[:120],
        budget_iterations=payload.budget_iterations,
        grid=payload.grid,
        rounds=payload.rounds,
        bot_clock=payload.bot_clock,
    )
    try:
        tournament = services.create_tournament(
            plan, created_by=f"user:{request.user.pk}", user=request.user
        )
    except services.Invalid as exc:
        return Status(400, {"error": str(exc)})
    return Status(201, {"id": tournament.pk})


@api.get(
    "/tournaments/{tournament_id}",
    response={200: dict, 404: Error, 422: Invalid},
    summary="A tournament's status and standings",
)
def tournament_status(request, tournament_id: int):
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return Status(404, {"error": f"there is no tournament {tournament_id}"})
    results = standings.compute(tournament)
    return {
        **tournament.progress(),
        "name": tournament.name,
        "game": tournament.game,
        "format": tournament.format,
        "seed": tournament.seed,
        "entrants": results["entries"],
        "standings": results["standings"],
        "head_to_head": results["head_to_head"],
    }


@api.get(
    "/leaderboards/{game}",
    response={200: dict, 422: Invalid},
    summary="One game's ratings",
)
def leaderboard_api(request, game: GameSlug):
    return {"game": game.value, "ratings": leaderboard(game.value)}


@api.get(
    "/agents",
    response={200: list[dict], 422: Invalid},
    summary="Registered agents (for entrants)",
)
def agent_list(request, game: GameSlug | None = None):
    return [a.to_json() for a in agents.catalogue(game.value if game else None)]


@api.get(
    "/bots",
    response={200: list[dict], 422: Invalid},
    summary="Outside bots that may enter (entrant bot:<name>)",
)
def bot_list(request, game: GameSlug | None = None):
    slugs = [game.value] if game else [g.slug for g in games.all()]
    seen: dict[str, dict] = {}
    for slug in slugs:
        for bot in choices(slug):
            seen.setdefault(bot["name"], bot)
    return list(seen.values())


# ----- Button Men's button statistics (docs/games/buttonmen.md, "Button statistics") ---------


@api.get(
    "/buttonmen/buttons",
    response={200: dict, 422: Invalid},
    summary="Every Button Men button with its study figures",
)
def buttonmen_buttons(request, playable: bool = False):
    study = buttonstats.current()
    rows = []
    for b in buttonstats.buttons():
        if playable and not b.playable:
            continue
        figures = study.table.get(b.name)
        row = b.to_json()
        if figures is None:
            row["stats"] = None
        else:
            full = figures.to_json()
            # The list stays small: matchups and fair opponents are on each button's own.
            row["stats"] = {k: full[k] for k in ("games", "wins", "win_rate", "interval95")}
            row["stats"]["first_mover_advantage"] = full["first_mover"]["advantage"]
        rows.append(row)
    return {"study": study.about(), "buttons": rows}


@api.get(
    "/buttonmen/buttons/{name}",
    response={200: dict, 404: Error, 422: Invalid},
    summary="One Button Men button: its recipe, win rate, first-mover advantage, fair "
    "opponents and matchups",
)
def buttonmen_button(request, name: str):
    wanted = name.strip().lower()
    button = next((b for b in buttonstats.buttons() if b.name.lower() == wanted), None)
    if button is None:
        return Status(404, {"error": f"there is no button {name!r}"})
    study = buttonstats.current()
    figures = study.table.get(button.name)
    return {
        **button.to_json(),
        "study": study.about(),
        "stats": figures.to_json() if figures else None,
    }


@api.get(
    "/buttonmen/matchups",
    response={200: dict, 422: Invalid},
    summary="The study's matchup matrix of each set (row button's wins and games), "
    "the buttons that met a set-mate",
)
def buttonmen_matchups(request):
    study = buttonstats.current()
    # As the page: only the buttons that met a set-mate, only sets with such a meeting.
    met = [m.trimmed() for m in study.matrices()]
    return {"study": study.about(), "sets": [m.to_json() for m in met if m.names]}


# ----- seeks: find an opponent (docs/protocol.md, "Seeks") ---------------------------------


class SeekIn(Schema):
    game: GameSlug
    #: "" untimed, "5+3" live (minutes + seconds a move), "1d"/"3d"/"7d" correspondence.
    clock: str = ""
    rated: bool = False
    options: dict[str, Any] = {}
    #: 2, or 3–8 for Dice Wars: the match starts when every seat is taken.
    players: int = 2
    #: ±points an opponent's rating may be from yours (100, 200 or 400); null: anyone.
    rating_range: int | None = None
    #: People only: outside bots may not take it.
    no_bots: bool = False


class QuickIn(Schema):
    game: GameSlug
    clock: str = ""
    rated: bool = False
    rating_range: int | None = None


#: Refusals a script can act on (seeks and entries), by HTTP status (the rest are 400).
REFUSAL_STATUS = {
    "unknown_seek": 404,
    "taken": 409,
    "cancelled": 409,
    "not_open": 409,
    "duplicate_seek": 409,
    "not_yours": 403,
    "own_seek": 409,
    "joined": 409,
    "out_of_range": 409,
    "no_bots": 403,
    "bot_cannot_play": 403,
    "bot_offline": 409,
    # Tournaments for people ("joined" as above).
    "unknown_tournament": 404,
    "started": 409,
    "not_entered": 409,
    "full": 409,
    "not_for_people": 409,
    "over": 409,
    "not_arena": 409,
    "not_running": 409,
    "withdrawn": 409,
}


def _identity(request) -> Identity:
    user = request.user
    return Identity(key=f"user:{user.pk}", name=user.get_username(), user_id=user.pk)


def _refused(exc: Rejected):
    return Status(REFUSAL_STATUS.get(exc.code, 400), {"error": exc.message, "code": exc.code})


class SeekError(Schema):
    error: str
    code: str


#: What a refusable call may answer.
REFUSABLE = {200: dict, 400: SeekError, 401: Error, 403: SeekError, 404: SeekError,
             409: SeekError, 422: Invalid}  # fmt: skip


def _caller(request) -> tuple[Identity, Bot | None]:
    """Who asks: a person (token or session), or an outside bot by its own token."""
    if isinstance(request.auth, Bot):
        return bot_identity(request.auth), request.auth
    return _identity(request), None


@api.get("/seeks", response={200: list[dict], 422: Invalid}, summary="Open seeks, newest first")
def seek_list(request, game: GameSlug | None = None, bots: bool = False):
    """``bots=true``: only the seeks an outside bot may take (not "no bots")."""
    return [
        seeks.as_json(s)
        for s in seeks.open_seeks()
        if game in (None, s.game) and not (bots and s.no_bots)
    ]


@api.post(
    "/seeks",
    auth=[TokenAuth(), SignedInSession()],
    response={201: dict, 400: SeekError, 401: Error, 409: SeekError, 422: Invalid},
    summary="Post a seek",
)
def seek_create(request, payload: SeekIn):
    plan = seeks.SeekPlan(
        game=payload.game.value,
        clock=payload.clock,
        rated=payload.rated,
        options=payload.options,
        players=payload.players,
        rating_range=payload.rating_range,
        no_bots=payload.no_bots,
    )
    try:
        seek = seeks.create_seek(plan, _identity(request))
    except Rejected as exc:
        return _refused(exc)
    return Status(201, seeks.as_json(seek))


@api.post(
    "/seeks/quick",
    auth=[TokenAuth(), SignedInSession()],
    response={200: dict, 201: dict, 400: SeekError, 401: Error, 409: SeekError, 422: Invalid},
    summary="Quick pairing: accept the oldest fitting seek, or post yours",
)
def seek_quick(request, payload: QuickIn):
    """200 with the match when a waiting seek fitted (same game, clock and rated, each
    rating inside the other's range, the game's usual options); otherwise 201 with the
    seek posted for you, to be accepted by the next person who quick pairs."""
    plan = seeks.SeekPlan(
        game=payload.game.value,
        clock=payload.clock,
        rated=payload.rated,
        rating_range=payload.rating_range,
    )
    try:
        found = seeks.quick_pair(plan, _identity(request))
    except Rejected as exc:
        return _refused(exc)
    if isinstance(found, Match):
        return _started(found)
    return Status(201, seeks.as_json(found))


def _started(match: Match) -> dict:
    """What a script needs of the match a seek started."""
    return {"match": match.pk, "url": f"/matches/{match.pk}/", "clock": match.time_control}


@api.post(
    "/seeks/{seek_id}/accept",
    auth=[TokenAuth(), BotAuth(), SignedInSession()],
    response=REFUSABLE,
    summary="Accept a seek (a person, or an outside bot with its own token): the match starts",
)
def seek_accept(request, seek_id: int):
    identity, bot = _caller(request)
    try:
        match = seeks.accept(seek_id, identity, bot=bot)
    except Rejected as exc:
        return _refused(exc)
    if match is None:  # a seek for more: joined, waiting for the other seats
        return {"match": None, "url": None, "clock": None}
    return _started(match)


@api.delete(
    "/seeks/{seek_id}",
    auth=[TokenAuth(), SignedInSession()],
    response={200: dict, 401: Error, 403: SeekError, 404: SeekError, 409: SeekError, 422: Invalid},
    summary="Cancel your seek",
)
def seek_cancel(request, seek_id: int):
    try:
        seek = seeks.cancel(seek_id, _identity(request))
    except Rejected as exc:
        return _refused(exc)
    return seeks.as_json(seek)


# ----- tournaments for people: join and withdraw (docs/tournaments.md) -----------------


@api.post(
    "/tournaments/{tournament_id}/join",
    auth=[TokenAuth(), BotAuth(), SignedInSession()],
    response=REFUSABLE,
    summary="Join a tournament for people (a person, or an outside bot with its own token)",
)
def tournament_join(request, tournament_id: int):
    identity, bot = _caller(request)
    try:
        entry = people.join(tournament_id, identity, bot=bot)
    except Rejected as exc:
        return _refused(exc)
    return {"tournament": tournament_id, "entrant": entry.index, "name": entry.name}


@api.post(
    "/tournaments/{tournament_id}/withdraw",
    auth=[TokenAuth(), BotAuth(), SignedInSession()],
    response=REFUSABLE,
    summary="Withdraw from a tournament for people (before it starts: the entry goes; "
    "in a running arena or Swiss: not paired again, the score stays)",
)
def tournament_withdraw(request, tournament_id: int):
    return _entrant_action(request, tournament_id, people.withdraw)


@api.post(
    "/tournaments/{tournament_id}/pause",
    auth=[TokenAuth(), BotAuth(), SignedInSession()],
    response=REFUSABLE,
    summary="Pause in a running arena: not paired until you resume (your score stays)",
)
def tournament_pause(request, tournament_id: int):
    return _entrant_action(request, tournament_id, people.pause)


@api.post(
    "/tournaments/{tournament_id}/resume",
    auth=[TokenAuth(), BotAuth(), SignedInSession()],
    response=REFUSABLE,
    summary="Resume in a running arena after a pause: paired again at once if someone is free",
)
def tournament_resume(request, tournament_id: int):
    return _entrant_action(request, tournament_id, people.resume)


def _entrant_action(request, tournament_id: int, action):
    """Withdraw, pause or resume; the answer says the caller's entry as it is now (a
    second call changes nothing and answers the same)."""
    identity, bot = _caller(request)
    try:
        action(tournament_id, identity, bot=bot)
    except Rejected as exc:
        return _refused(exc)
    spec = bot.spec if bot is not None else person_spec(identity)
    entry = Entry.objects.filter(tournament_id=tournament_id, agent_spec=spec).first()
    return {
        "tournament": tournament_id,
        "withdrawn": entry is None or entry.state == Entry.State.WITHDRAWN,
        "state": entry.state if entry is not None else "left",
    }
