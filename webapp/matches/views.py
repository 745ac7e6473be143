from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

import games
from agents.search.graphml import to_graphml
from webapp.accounts.identity import (
    GUEST_KEY,
    Identity,
    address_of,
    identity_of,
    owner_identity,
)
from webapp.accounts.models import Preferences
from webapp.matches import (
    browse,
    gamebook,
    levels,
    lobby,
    rematches,
    services,
    snapshots,
    waiting,
)
from webapp.matches import summary as game_over
from webapp.matches.lobby import opponent_seat
from webapp.matches.models import Match
from webapp.matches.positions import walk
from webapp.matches.thinking import as_tree, readable


def _game_or_404(slug: str):
    try:
        return games.get(slug)
    except KeyError:
        raise Http404(f"there is no game {slug!r}") from None


def home(request):
    return render(
        request,
        "matches/home.html",
        {
            "catalogue": gamebook.catalogue(),
            "open_matches": browse.open_challenges()[:6],
            "live": browse.tv_matches(),
            "recent": browse.matches()[:8],
            "your_turn": waiting.your_turn(identity_of(request.user, request.session), 6),
        },
    )


def your_turn(request):
    """Every game waiting for the person's move, soonest deadline first."""
    rows = waiting.your_turn(identity_of(request.user, request.session))
    return render(request, "matches/your_turn.html", {"rows": rows})


def your_turn_json(request):
    """What the tab-title badge shows ("(1) Your turn"), asked every half minute."""
    rows = waiting.your_turn(identity_of(request.user, request.session))
    badge = True
    if request.user.is_authenticated:
        badge = Preferences.for_user(request.user).title_badge
    return JsonResponse(
        {
            "count": len(rows),
            "badge": badge,
            "games": [
                {
                    "match": w.match.pk,
                    "game": w.match.game,
                    "url": reverse("matches:detail", args=[w.match.pk]),
                    "deadline": w.deadline.isoformat() if w.deadline else None,
                }
                for w in rows
            ],
        }
    )


def play(request, slug: str):
    """The lobby of one game: the form to start a match."""
    game = _game_or_404(slug)
    return _lobby_page(request, game, lobby.lobby_form(game))


def _lobby_page(request, game, form: lobby.LobbyForm, error: str = "", status: int = 200):
    return render(
        request,
        "matches/lobby.html",
        {
            "game": game,
            "info": gamebook.info(game.slug),
            "form": form,
            "modes": lobby.MODES,
            "error": error,
            "open_matches": browse.open_challenges(game.slug)[:5],
            "length": gamebook.info(game.slug).match_length(lobby.lobby_defaults(game)),
            "levels": levels.rows(game.slug),
            "clock_choices": lobby.CLOCK_CHOICES,
            "form_clock": (request.POST.get("clock") if request.method == "POST" else "") or "",
            "form_stakes": (request.POST.get("stakes") if request.method == "POST" else "") or "",
            "fair_checked": request.method == "POST" and bool(request.POST.get(lobby.FAIR_FIELD)),
            "ladder": levels.LADDERS.get(game.slug),
            "ladder_steps": levels.ladder_rows(game.slug),
        },
        status=status,
    )


@require_POST
def new_match(request):
    data = request.POST
    try:
        game = games.get(data.get("game", ""))
    except KeyError:
        return redirect("home")
    # A guest made by this request is forgotten if it is refused: a refusal stores nothing.
    fresh_guest = not request.user.is_authenticated and not request.session.get(GUEST_KEY)
    identity = owner_identity(request)
    status, wait_s = 400, 0
    try:
        plan = _plan_from_form(game, data, identity)
        plan.address = address_of(request)
        drawn = _fair_matchup(game, data, plan)
        match = services.create_match(plan)
    except ValueError as exc:
        error = str(exc)
    except services.Rejected as exc:
        error = exc.message
        status = LIMITED.get(exc.code, 400)
        wait_s = getattr(exc, "wait_s", 0)
    else:
        if drawn is not None:
            # Why these two buttons: said once, on the match page the lobby leads to.
            messages.info(request, drawn.caption())
        return redirect("matches:detail", match_id=match.pk)
    if fresh_guest:
        del request.session[GUEST_KEY]
    # A refused form comes back as the person filled it in, with the reason on top.
    response = _lobby_page(request, game, lobby.lobby_form(game, data), error, status=status)
    if wait_s:
        response["Retry-After"] = str(wait_s)
    return response


#: Refusals by a limit on what one person or address may have (webapp.matches.limits,
#: and a bot's challenges: webapp.bots.challenges): "Too Many Requests" for scripts;
#: people read the reason above the form.
LIMITED = {"too_many_live": 429, "throttled": 429, "bot_busy": 429}


def _plan_from_form(game, data, identity: Identity | None) -> services.MatchPlan:
    mode = data.get("mode", "ai")
    if mode not in lobby.MODES:
        raise ValueError("pick how to play: against the AI, a friend, or watch")
    try:
        players = int(data.get("players") or game.min_players)
    except ValueError:
        raise ValueError("the number of players is a whole number") from None
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players")
    # "opponent" names one agent for every AI seat (older forms and scripts send it);
    # else a seat left out gets the mode's default (lobby.seat_defaults).
    fallback = [data.get("opponent") or spec for spec in lobby.seat_defaults(game, mode)]
    # A named level ("level:strong") plays as its agent spec.
    specs = [
        levels.resolve(game.slug, data.get(f"agent{i}") or fallback[i]) for i in range(players)
    ]
    pace = 0.0
    if mode == "watch":
        seats = [opponent_seat(game.slug, s) for s in specs]
        pace = settings.DICEARENA_DEFAULT_PACE
    else:
        try:
            you = int(data.get("seat") or 0)
        except ValueError:
            raise ValueError("pick your seat from the list") from None
        if not 0 <= you < players:
            raise ValueError(f"there is no seat {you} in a {players}-player match")
        # A friend takes the seat after yours; any further seats are AI (or outside bots).
        friend = (you + 1) % players if mode == "friend" else None
        seats = []
        for i in range(players):
            if i == you:
                seats.append(services.SeatPlan(identity=identity))
            elif i == friend:
                seats.append(services.SeatPlan(open=True))
            else:
                seats.append(opponent_seat(game.slug, specs[i]))
    return services.MatchPlan(
        game=game.slug,
        seats=seats,
        options=lobby.options_from_form(game, data),
        pace=pace,
        created_by=identity.key if identity else "",
        # A clock is for people: the lobby offers it when playing a friend.
        clock=(data.get("clock") or "") if mode == "friend" else "",
        # A friend game is rated unless the form says casual (a form without the
        # field, an older page or a script, keeps the rated game it always made).
        rated=_stakes(data) if mode == "friend" else True,
    )


def _fair_matchup(game, data, plan: services.MatchPlan):
    """Button Men's "Fair random matchup": the two drawn buttons become the match's
    fighters (plain names, so the replay is the same match); the drawn pair, which
    says why, or None when the form did not ask for one."""
    if game.slug != "buttonmen" or not data.get(lobby.FAIR_FIELD):
        return None
    you = next((i for i, s in enumerate(plan.seats) if s.identity is not None), None)
    fighters, drawn = lobby.fair_fighters(data, you)
    plan.options = {**plan.options, "fighters": fighters}
    return drawn


def _stakes(data) -> bool:
    stakes = data.get("stakes") or "rated"
    if stakes not in ("rated", "casual"):
        raise ValueError("the stakes are rated or casual")
    return stakes == "rated"


def match_detail(request, match_id: int):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    identity = identity_of(request.user, request.session)
    seat = snapshots.seat_of(match, identity)
    snapshot = snapshots.build(match, seat)
    open_seat = not match.is_over and any(s.is_open for s in match.seats.all())
    invite = request.build_absolute_uri(reverse("matches:detail", args=[match.pk]))
    try:
        services.check_abort(match, identity)
        can_abort = True
    except services.Rejected:
        can_abort = False
    return render(
        request,
        "matches/match.html",
        {
            "match": match,
            "snapshot": snapshot,
            "seat": seat,
            "can_join": open_seat and seat is None,
            "can_abort": can_abort,
            "inviting": open_seat and seat is not None,
            "invite_url": invite,
            "info": gamebook.info(match.game),
            "length": gamebook.info(match.game).match_length(match.options),
            "ai_budget": settings.DICEARENA_AI_BUDGET_SECONDS,
            # Rated or casual, said for every match a person plays.
            "stakes": game_over.stakes(match)
            if any(not s.is_agent for s in match.seats.all())
            else None,
        },
    )


@require_POST
def join(request, match_id: int):
    identity = owner_identity(request)
    try:
        services.join_seat(match_id, identity)
    except services.Rejected as exc:
        if exc.code == "unknown_match":
            raise Http404(exc.message) from None
        messages.error(request, exc.message)
    return redirect("matches:detail", match_id=match_id)


@require_POST
def abort(request, match_id: int):
    identity = identity_of(request.user, request.session)
    try:
        services.abort_match(match_id, identity)
    except services.Rejected as exc:
        if exc.code == "unknown_match":
            raise Http404(exc.message) from None
        messages.error(request, exc.message)
    return redirect("matches:detail", match_id=match_id)


@require_POST
def rematch(request, match_id: int):
    """*Rematch* without the page's socket (a form, a script): the rematch when it is
    made (against the AI at once; between people once everyone said yes), otherwise
    back to the match, where the offer waits for its answer."""
    identity = owner_identity(request)
    get_object_or_404(Match, pk=match_id)
    try:
        found = rematches.rematch(match_id, identity, address_of(request))
    except services.Rejected as exc:
        messages.error(request, exc.message)
        return redirect("matches:detail", match_id=match_id)
    if isinstance(found, Match):
        return redirect("matches:detail", match_id=found.pk)
    messages.info(
        request,
        "Rematch offered: it starts when the other side accepts; it lapses in a minute, "
        "or when either of you leaves the match page.",
    )
    return redirect("matches:detail", match_id=match_id)


@require_POST
def rematch_decline(request, match_id: int):
    """No to a rematch offer (or, from the one who offered it, taking it back)."""
    get_object_or_404(Match, pk=match_id)
    try:
        rematches.decline(match_id, identity_of(request.user, request.session))
    except services.Rejected as exc:
        messages.error(request, exc.message)
    return redirect("matches:detail", match_id=match_id)


def summary(request, match_id: int):
    """The game-over card's content, for the person asking."""
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    identity = identity_of(request.user, request.session)
    seat = snapshots.seat_of(match, identity)
    return JsonResponse(game_over.summary(match, seat, identity))


def match_list(request):
    filters = browse.MatchFilters.from_query(request.GET)
    page = Paginator(browse.matches(filters), 25).get_page(request.GET.get("page"))
    return render(
        request,
        "matches/list.html",
        {
            "page": page,
            "games": games.all(),
            "filters": filters,
            "query": filters.query_string(),
            "statuses": browse.STATUSES,
        },
    )


def open_matches(request):
    return render(request, "matches/open.html", {"matches": browse.open_challenges()[:50]})


def _decided(match_id: int, ply: int):
    """The stored event at ``ply`` and the position it was chosen in."""
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    events = list(match.events.filter(ply__lte=ply).order_by("ply"))
    if not events or events[-1].ply != ply:
        raise Http404(f"match {match_id} has no move {ply}")
    before = None
    for before, _event, _after in walk(match, events):  # noqa: B007 - the last one
        pass
    return match, events[-1], before


def _played(event, seat: int) -> str | None:
    move = event.move
    if isinstance(move, dict):
        return move.get(str(seat))
    return move if event.actor == seat else None


def thinking(request, match_id: int, ply: int):
    """What the agents weighed for one stored event (pages fetch it on "why?"): the
    raw ``decisions`` for bot writers, and ``readable`` in the game's own words."""
    match, event, before = _decided(match_id, ply)
    names = {s.index: s.name for s in match.seats.all()}
    decisions = event.decisions or {}
    words = {
        key: {
            **readable(before, int(key), d, _played(event, int(key)), names.get(int(key), key)),
            "json_url": reverse(
                "matches:thinking-download", args=[match.pk, ply, int(key), "json"]
            ),
            "graphml_url": reverse(
                "matches:thinking-download", args=[match.pk, ply, int(key), "graphml"]
            ),
        }
        for key, d in decisions.items()
        if d and isinstance(d, dict) and str(key).isdigit()
    }
    return JsonResponse(
        {
            "match": match.pk,
            "ply": ply,
            "names": [names.get(i, f"seat {i}") for i in range(match.num_players)],
            "decisions": decisions,
            "readable": words,
        }
    )


def thinking_download(request, match_id: int, ply: int, seat: int, fmt: str):
    """One seat's thinking at one move as a file: its JSON, or GraphML (yEd, Gephi)."""
    import json

    from django.http import HttpResponse

    match, event, _before = _decided(match_id, ply)
    decision = (event.decisions or {}).get(str(seat))
    if not decision or not isinstance(decision, dict):
        raise Http404(f"nobody's thinking is stored for seat {seat} at move {ply}")
    name = f"dicearena-{match.game}-{match.pk}-move{ply}-seat{seat}"
    if fmt == "json":
        body = json.dumps(decision, indent=1)
        response = HttpResponse(body, content_type="application/json")
    elif fmt == "graphml":
        tree = as_tree(decision.get("thinking"), seat)
        body = to_graphml(tree, graph_id=name)
        response = HttpResponse(body, content_type="application/graphml+xml")
    else:
        raise Http404(f"no download as {fmt!r}: json or graphml")
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response
