from __future__ import annotations

import csv
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, F, Q
from django.http import HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST
from django_celery_beat.models import PeriodicTask

import games
from agents.tournament import FORMATS
from webapp.accounts.identity import identity_of, owner_identity
from webapp.bots.views import bot_defaults
from webapp.errors import Rejected
from webapp.matches import lobby
from webapp.tournaments import people, presets, services, standings, words
from webapp.tournaments.entrants import person_spec
from webapp.tournaments.forms import entered, plan_from_form
from webapp.tournaments.models import Entry, Tournament


def tournament_list(request):
    """What is coming up (open tournaments for people, soonest first, with a countdown
    and a Join button; arenas running now that take late entries), then every other
    tournament, newest first. Scheduled events nobody came to are left out of the
    latter (the schedules' page lists them)."""
    rows = Tournament.objects.exclude(status=Tournament.Status.OPEN).exclude(
        status=Tournament.Status.CANCELLED, schedule_key__isnull=False, games_done=0
    )
    page = Paginator(rows, 25).get_page(request.GET.get("page"))
    for t in page:
        t.format_text = words.format_words(t)
        t.progress_text = words.progress_words(t)
    return render(
        request,
        "tournaments/list.html",
        {"page": page, "presets": presets.available(), **_coming_up(request)},
    )


def _coming_up(request) -> dict:
    joined = Count("entries", filter=Q(entries__state=Entry.State.ACTIVE))
    people_only = Tournament.objects.exclude(clock="").annotate(joined=joined)
    upcoming = list(
        people_only.filter(status=Tournament.Status.OPEN).order_by(
            F("starts_at").asc(nulls_last=True), "-created_at"
        )[:UPCOMING]
    )
    on_now = [
        t
        for t in people_only.filter(status=Tournament.Status.RUNNING).exclude(ends_at=None)
        if t.takes_late_entries
    ]
    identity = identity_of(request.user, request.session)
    mine = set()
    if identity is not None:
        mine = set(
            Entry.objects.filter(
                tournament__in=upcoming + on_now,
                agent_spec=person_spec(identity),
                state=Entry.State.ACTIVE,
            ).values_list("tournament_id", flat=True)
        )
    for t in upcoming + on_now:
        t.format_text = words.format_words(t)
        t.clock_text = words.clock_words(t)
        t.entered = t.pk in mine
    return {"upcoming": upcoming, "on_now": on_now}


#: Open tournaments for people the list shows at most.
UPCOMING = 20


def new_tournament(request):
    catalogue = {g.slug: services.agent_choices(g.slug) for g in games.all()}
    data = None  # a refused form's fields, shown back as they were entered
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        try:
            plan = plan_from_form(request.POST)
            tournament = services.create_tournament(
                plan, created_by=identity_of(request.user, request.session).key, user=request.user
            )
        except services.Invalid as exc:
            messages.error(request, str(exc))
            data = request.POST
        else:
            return redirect("tournaments:detail", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/new.html",
        {
            "lobby": lobby.lobby(data),
            "entered": entered(data or {}),
            "catalogue": catalogue,
            # The registry's formats a worker can run (an arena's clock is for people).
            "formats": [(slug, cls.label) for slug, cls in FORMATS.items() if not cls.timed],
            "bot_defaults": bot_defaults(),
        },
    )


@require_POST
@login_required
def run_preset(request, slug: str):
    preset = presets.available().get(slug)
    if preset is None:
        messages.error(request, "that preset is not available")
        return redirect("tournaments:list")
    plan = services.TournamentPlan(**preset["plan"], preset=slug, name=preset["title"])
    try:
        tournament = services.create_tournament(
            plan, created_by=identity_of(request.user, request.session).key, user=request.user
        )
    except services.Invalid as exc:
        messages.error(request, str(exc))
        return redirect("tournaments:list")
    return redirect("tournaments:detail", tournament_id=tournament.pk)


def tournament_detail(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    results = standings.compute(tournament)
    preset = presets.PRESETS.get(tournament.preset)
    games_page = Paginator(
        tournament.games.select_related("match").order_by("pairing", "number"), 50
    ).get_page(request.GET.get("page"))
    for game in games_page:
        # Who sat where and how it ended, by entrant rather than by seat number.
        game.seat_specs = [results["labels"][i] for i in game.seating]
        game.state_words = words.GAME_STATES.get(game.status, game.status)
        game.result_words = words.result_words(game.seat_specs, game.match)
    played = any(row["games"] for row in results["standings"])
    # The format's own columns (Swiss's points and tie-breaks, a knockout's round reached).
    columns = FORMATS[tournament.format].columns if tournament.format in FORMATS else ()
    for row in results["standings"]:
        row["cells"] = [(c, _cell(row.get(c.key))) for c in columns]
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "results": results,
            "played": played,
            "columns": columns,
            "ranked_by": FORMATS[tournament.format].ranked_by
            if tournament.format in FORMATS
            else "",
            "seats": _seat_rows(results) if played else [],
            "heatmap": _heatmap(results) if played else [],
            "published": _published(preset, results) if preset else [],
            "games_page": games_page,
            "can_cancel": _may_cancel(request, tournament),
            "progress": tournament.progress(),
            "format_words": words.format_words(tournament),
            "clock_words": words.clock_words(tournament) if tournament.clock else "",
            "rules_words": words.rules_words(tournament.game_rules, tournament.options),
            **_for_people(request, tournament),
        },
    )


def _cell(value) -> str:
    """A standings cell: 1.5, 2 (not 2.0), a word as it is, "—" for nothing."""
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.1f}".removesuffix(".0")
    return str(value)


def _for_people(request, tournament: Tournament) -> dict:
    """A tournament for people: who is in, whether the visitor is (and paused or
    withdrawn), their game now, what they may press."""
    if not tournament.clock:
        return {"for_people": False}
    identity = identity_of(request.user, request.session)
    spec = person_spec(identity) if identity else None
    entrants = list(tournament.entries.order_by("index"))
    mine = next((e for e in entrants if e.agent_spec == spec), None)
    in_play = list(tournament.games.filter(match__status="active").order_by("pairing"))
    for game in in_play:
        game.names = [entrants[i].name for i in game.seating]
    running = tournament.status == Tournament.Status.RUNNING
    return {
        "for_people": True,
        "people": entrants,
        "entered": mine is not None,
        "me": mine,
        "is_creator": identity is not None and identity.key == tournament.created_by,
        "my_matches": people.my_matches(tournament, identity),
        "in_play": in_play,
        "late_entry": tournament.takes_late_entries,
        # What an entrant of a running arena or Swiss may press (lichess's buttons).
        "may_pause": running and tournament.format == "arena" and mine is not None,
        "may_leave": running and tournament.format in ("arena", "swiss") and mine is not None,
    }


def new_people_tournament(request):
    """The form of a tournament for people: game, format (Swiss, arena, round robin),
    rounds (Swiss) or minutes (arena), clock."""
    error, status = "", 200
    if request.method == "POST":
        plan = people.PeoplePlan(
            game=request.POST.get("game", ""),
            format=request.POST.get("format", "swiss"),
            rounds=_int(request.POST.get("rounds"), 3),
            clock=request.POST.get("clock", ""),
            name=request.POST.get("name", ""),
            minutes=_int(request.POST.get("minutes"), 30),
        )
        try:
            tournament = people.create(plan, owner_identity(request), request.user)
        except Rejected as exc:
            error, status = exc.message, 400
        else:
            return redirect("tournaments:detail", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/new_people.html",
        {
            "games": [g for g in games.all() if g.min_players <= 2 <= g.max_players],
            "formats": [(f, FORMATS[f].label) for f in people.FORMATS],
            "clock_choices": [c for c in lobby.CLOCK_CHOICES if c[0]],
            "minutes": people.ARENA_MINUTES,
            "error": error,
            "form": request.POST if error else {},
        },
        status=status,
    )


def _people_action(action, makes_guest: bool = False):
    """join / withdraw / start: the service's refusal is shown on the tournament page.
    ``makes_guest``: a visitor without a guest key gets one (joining makes an entry)."""

    @require_POST
    def view(request, tournament_id: int):
        if makes_guest:
            who = owner_identity(request)
        else:
            who = identity_of(request.user, request.session)
        try:
            action(tournament_id, who)
        except Rejected as exc:
            messages.error(request, exc.message)
        return redirect("tournaments:detail", tournament_id=tournament_id)

    return view


join = _people_action(people.join, makes_guest=True)
withdraw = _people_action(people.withdraw)
pause = _people_action(people.pause)
resume = _people_action(people.resume)
start = _people_action(people.start)


def _int(text, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


@require_POST
def cancel(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if tournament.is_over:  # a second press (an old page): nothing to do, the page says why
        return redirect("tournaments:detail", tournament_id=tournament.pk)
    if not _may_cancel(request, tournament):
        return HttpResponseForbidden("only its maker can cancel a tournament")
    by_maker = _is_maker(request, tournament)
    try:
        services.cancel(
            tournament.pk,
            "Cancelled by its maker." if by_maker else "Cancelled by the site's staff.",
        )
    except services.Invalid:
        pass  # a second press (an old page): it is over already, and the page says how
    return redirect("tournaments:detail", tournament_id=tournament.pk)


def export_json(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    results = standings.compute(tournament)
    # "match_status" tells an aborted game (no result, counted for nobody) from the rest.
    results["games"] = [
        {"round": g.round, "pairing": g.pairing, "number": g.number, "seating": g.seating,
         "seed": g.seed, "status": g.status, "match": g.match_id,
         "match_status": g.match.status if g.match else None,
         "result": g.match.result if g.match else None}
        for g in tournament.games.select_related("match")
    ]  # fmt: skip
    return JsonResponse(results, json_dumps_params={"indent": 1})


def export_csv(request, tournament_id: int):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}.csv"'
    writer = csv.writer(response)
    for row in standings.csv_rows(standings.compute(tournament)):
        writer.writerow(row)
    return response


def scheduled(request):
    tasks = PeriodicTask.objects.filter(
        task__in=[
            "webapp.tournaments.tasks.scheduled_tournament",
            "webapp.tournaments.tasks.scheduled_people_tournament",
        ]
    ).order_by("name")
    rows = []
    for task in tasks:
        try:
            kwargs = json.loads(task.kwargs or "{}")
        except ValueError:
            kwargs = {}
        spec = kwargs.get("spec", {})
        for_people = task.task.endswith("scheduled_people_tournament")
        every_s = kwargs.get("every_s") or (task.interval.every if task.interval else 0)
        rows.append(
            {
                "task": task,
                "game": _game_title(spec.get("game", "")),
                "entrants": _entrants_words(spec)
                if for_people
                else ", ".join(spec.get("entrants", [])),
                "every": _every_words(every_s),
                # A schedule for people: its next events, made ahead; others: the next run.
                "next": _next_events(task.name) if for_people else [],
                "next_run": None if for_people else _next_run(task),
            }
        )
    recent = list(Tournament.objects.exclude(schedule_key=None).exclude(status="open")[:20])
    for t in recent:
        t.progress_text = words.progress_words(t)
    return render(request, "tournaments/scheduled.html", {"rows": rows, "recent": recent})


def _game_title(slug: str) -> str:
    try:
        return games.get(slug).title
    except (KeyError, TypeError):
        return slug


def _entrants_words(spec: dict) -> str:
    fmt = words.format_name(spec.get("format", ""))
    if spec.get("format") == "arena":
        fmt += f", {words.plural(spec.get('minutes', 30), 'minute')}"
    elif spec.get("format") == "swiss":
        fmt += f", {words.plural(spec.get('rounds', 3), 'round')}"
    return f"people who join: {fmt}, {spec.get('clock', '')}"


def _every_words(seconds: int) -> str:
    for unit, name in ((7 * 86400, "week"), (86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds and seconds % unit == 0:
            n = seconds // unit
            return f"every {name}" if n == 1 else f"every {n} {name}s"
    return f"every {seconds} s"


def _next_events(periodic_name: str) -> list[Tournament]:
    return list(
        Tournament.objects.filter(
            schedule_key__startswith=f"{periodic_name}@", status=Tournament.Status.OPEN
        ).order_by("starts_at")[:3]
    )


def _next_run(task: PeriodicTask):

    if not task.enabled:
        return None
    schedule = task.schedule
    last = task.last_run_at or task.date_changed or timezone.now()
    try:
        return timezone.now() + schedule.remaining_estimate(last)
    except Exception:  # a schedule kind without an estimate
        return None


def _is_maker(request, tournament: Tournament) -> bool:
    """Its submitter's account, or (a tournament for people) the identity that made it,
    a guest's included."""
    if request.user.is_authenticated and tournament.user_id == request.user.pk:
        return True
    identity = identity_of(request.user, request.session)
    return bool(tournament.clock) and identity is not None and identity.key == tournament.created_by


def _may_cancel(request, tournament: Tournament) -> bool:
    if tournament.is_over:
        return False
    return request.user.is_staff or _is_maker(request, tournament)


def _seat_rows(results) -> list[dict]:
    """Results by seat, the seats called 1st, 2nd... as players count them."""
    return [
        {**row, "label": words.ordinal(row["seat"] + 1)} for row in standings.seat_totals(results)
    ]


def _heatmap(results) -> list[dict]:
    """Rows of cells with a colour from red (loses) to green (wins) and the interval."""
    rows = []
    for i, label in enumerate(results["labels"]):
        cells = []
        for j, cell in enumerate(results["head_to_head"][i]):
            rate = cell["win_rate"]
            hue = None if rate is None else round(120 * rate)
            cells.append({"self": i == j, "cell": cell, "hue": hue})
        rows.append({"spec": label, "cells": cells})
    return rows


def _published(preset, results) -> list[dict]:
    index = {spec: i for i, spec in enumerate(results["entries"])}
    out = []
    for fig in presets.published_pairs(preset):
        i, j = index.get(fig["agent"]), index.get(fig["vs"])
        ours = results["head_to_head"][i][j] if i is not None and j is not None else None
        out.append({**fig, "ours": ours})
    return out
