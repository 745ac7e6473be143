"""Pages around the matches: each game's rules, TV, and a player's profile."""

from __future__ import annotations

from collections import defaultdict

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse

import agents
import games
from webapp.matches import browse, buttonmen_stats, clocks, gamebook, lobby, signals
from webapp.matches.models import Match, Seat


def _game_or_404(slug: str):
    try:
        return games.get(slug)
    except KeyError:
        raise Http404(f"there is no game {slug!r}") from None


def rules(request, slug: str):
    game = _game_or_404(slug)
    info = gamebook.info(slug)
    return render(
        request,
        info.rules_template,
        {
            "game": game,
            "info": info,
            "length": info.match_length(lobby.lobby_defaults(game)),
            "catalogue": gamebook.catalogue(),
        },
    )


def tv(request):
    return render(request, "matches/tv.html", {"screens": browse.tv_matches()})


def tv_next(request, slug: str):
    """The match TV should show now for a game (the page asks when its match ends)."""
    _game_or_404(slug)
    match = browse.tv_match(slug)
    if match is None:
        return JsonResponse({"match": None})
    return JsonResponse({"match": match.pk, "url": reverse("matches:detail", args=[match.pk])})


# ----- profiles --------------------------------------------------------------------------


def _seats_of(name: str):
    """(kind, display name, seats) of the player called ``name``: a registered person by
    username, or an agent by its registry name."""
    user = get_user_model().objects.filter(username=name).first()
    if user is not None:
        return "person", user.get_username(), Seat.objects.filter(user=user), f"user:{user.pk}"
    try:
        agents.info(name)
    except ValueError:
        raise Http404(f"there is no player {name!r}") from None
    seats = Seat.objects.filter(agent_spec=name) | Seat.objects.filter(
        agent_spec__startswith=f"{name}:"
    )
    return "agent", name, seats, f"agent:{name}"


def _record(seats) -> dict[str, dict[str, int]]:
    """Wins, draws and losses per game over the player's finished matches."""
    record: dict[str, dict[str, int]] = defaultdict(lambda: {"wins": 0, "draws": 0, "losses": 0})
    finished = seats.filter(match__status=Match.Status.FINISHED).select_related("match")
    for seat in finished:
        result = seat.match.result or {}
        winners = result.get("winners") or []
        tally = record[seat.match.game]
        if not winners:
            tally["draws"] += 1
        elif seat.index in winners:
            tally["wins"] += 1
        else:
            tally["losses"] += 1
    return record


def profile(request, name: str):
    kind, shown, seats, key = _seats_of(name)
    record = _record(seats)
    # A level has a rating from its ladder before its first game here (seed_games).
    ratings = {
        c.game: c for c in signals.ask(signals.ratings_of, key=key) if c.games or c.seed_games
    }
    rows = []
    for game in games.all():
        tally = record.get(game.slug)
        rating = ratings.get(game.slug)
        by_post = ratings.get(clocks.board_of(game.slug, correspondence=True))
        if tally or rating or by_post:
            rows.append({"game": game, "tally": tally, "rating": rating, "by_post": by_post})
    ids = seats.values_list("match_id", flat=True)
    recent = Match.objects.filter(pk__in=ids).prefetch_related("seats")
    page = Paginator(recent, 20).get_page(request.GET.get("page"))
    played = sum(sum(t.values()) for t in record.values())
    wins = sum(t["wins"] for t in record.values())
    return render(
        request,
        "matches/profile.html",
        {
            "kind": kind,
            "name": shown,
            "rows": rows,
            "page": page,
            "played": played,
            "wins": wins,
            "buttonmen": buttonmen_stats.stats_for(seats),
            "is_me": request.user.is_authenticated and request.user.get_username() == shown,
        },
    )


def profile_buttonmen(request, name: str):
    """The profile's Button Men figures as JSON (by button, by opponent, favourites)."""
    kind, shown, seats, _ = _seats_of(name)
    return JsonResponse(
        {"player": shown, "kind": kind, **buttonmen_stats.stats_for(seats).to_json()}
    )
