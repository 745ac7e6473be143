from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

import games
from webapp.accounts.identity import identity_of, owner_identity
from webapp.bots.challenges import opponent_seat
from webapp.matches import lobby, services, snapshots
from webapp.matches.models import Match


def home(request):
    recent = Match.objects.prefetch_related("seats")[:8]
    return render(request, "matches/home.html", {"lobby": lobby.lobby(), "recent": recent})


@require_POST
def new_match(request):
    data = request.POST
    try:
        game = games.get(data.get("game", ""))
    except KeyError:
        messages.error(request, "Pick a game from the list.")
        return redirect("home")
    identity = owner_identity(request)
    try:
        plan = _plan_from_form(game, data, identity)
        match = services.create_match(plan)
    except ValueError as exc:
        messages.error(request, str(exc))
        return redirect("home")
    except services.Rejected as exc:
        messages.error(request, exc.message)
        return redirect("home")
    return redirect("matches:detail", match_id=match.pk)


def _plan_from_form(game, data, identity) -> services.MatchPlan:
    mode = data.get("mode", "ai")
    players = int(data.get("players") or game.min_players)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players")
    opponent = data.get("opponent", "random")
    seats: list[services.SeatPlan]
    pace = 0.0
    if mode == "watch":
        specs = [data.get(f"agent{i}") or opponent for i in range(players)]
        seats = [services.SeatPlan(agent_spec=s) for s in specs]
        pace = settings.DICEARENA_DEFAULT_PACE
    else:
        you = int(data.get("seat") or 0)
        if not 0 <= you < players:
            raise ValueError(f"there is no seat {you}")
        other = services.SeatPlan(open=True) if mode == "friend" else None
        seats = [
            services.SeatPlan(identity=identity)
            if i == you
            else (other or opponent_seat(game.slug, opponent))
            for i in range(players)
        ]
    return services.MatchPlan(
        game=game.slug,
        seats=seats,
        options=lobby.options_from_form(game, data),
        pace=pace,
        created_by=identity.key if identity else "",
    )


def match_detail(request, match_id: int):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    identity = identity_of(request.user, request.session)
    seat = snapshots.seat_of(match, identity)
    snapshot = snapshots.build(match, seat)
    can_join = seat is None and not match.is_over and any(s.is_open for s in match.seats.all())
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
            "can_join": can_join,
            "can_abort": can_abort,
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


def match_list(request):
    qs = Match.objects.prefetch_related("seats")
    game = request.GET.get("game")
    if game:
        qs = qs.filter(game=game)
    page = Paginator(qs, 25).get_page(request.GET.get("page"))
    return render(request, "matches/list.html", {"page": page, "games": games.all(), "game": game})


def thinking(request, match_id: int, ply: int):
    """What the agents weighed for one stored event (pages fetch it on "why?")."""
    match = get_object_or_404(Match, pk=match_id)
    event = get_object_or_404(match.events, ply=ply)
    return JsonResponse({"match": match.pk, "ply": ply, "decisions": event.decisions or {}})


def not_found(request, exception=None):
    return render(request, "404.html", {"message": str(exception or "")}, status=404)
