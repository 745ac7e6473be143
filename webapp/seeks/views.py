from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

import games
from webapp.accounts.identity import GUEST_KEY, address_of, identity_of, owner_identity
from webapp.errors import Rejected
from webapp.matches.lobby import CLOCK_CHOICES
from webapp.seeks import services
from webapp.seeks.models import Seek, SeekSeat


@require_http_methods(["GET", "POST"])
def seeks_page(request):
    """The open seeks, each with *Accept*, and the form to post one."""
    error, status = "", 200
    if request.method == "POST":
        # A guest made by this request is forgotten if it is refused: a refusal stores nothing.
        fresh_guest = not request.user.is_authenticated and not request.session.get(GUEST_KEY)
        plan = services.SeekPlan(
            game=request.POST.get("game", ""),
            clock=request.POST.get("clock", ""),
            rated=request.POST.get("rated") == "on",
            players=_int(request.POST.get("players"), 2),
            rating_range=_range(request.POST.get("range")),
            no_bots=request.POST.get("no_bots") == "on",
        )
        try:
            services.create_seek(plan, owner_identity(request))
        except Rejected as exc:
            error, status = exc.message, 400
            if fresh_guest:
                del request.session[GUEST_KEY]
        else:
            return redirect("seeks:list")
    return render(
        request,
        "seeks/list.html",
        {
            **_rows(request),
            "games": [g for g in games.all() if g.min_players <= 2 <= g.max_players],
            "clock_choices": CLOCK_CHOICES,
            "quick_games": [g for g in games.all() if g.min_players == 2],
            "quick_clocks": QUICK_CLOCKS,
            "ranges": services.RATING_RANGES,
            "error": error,
            "form": request.POST if error else {},
        },
        status=status,
    )


def _rows(request) -> dict:
    """What the list's rows show the person asking: the open seeks, theirs to cancel,
    those they joined, the rest to accept."""
    identity = identity_of(request.user, request.session)
    seeks = services.mark_provisional(services.open_seeks())
    joined = set()
    if identity is not None:
        joined = set(
            SeekSeat.objects.filter(seek__in=seeks, key=identity.key).values_list("seek", flat=True)
        )
    return {"seeks": seeks, "joined": joined, "mine": identity.key if identity else None}


def rows(request):
    """The list's rows alone: the page fetches them when its socket says the list
    changed (a seek posted, joined, taken or cancelled)."""
    return render(request, "seeks/_rows.html", _rows(request))


#: The time controls of the quick pairing grid: a fast and a slower live one, and a
#: correspondence one (any other is a seek of one's own).
QUICK_CLOCKS = [("3+2", "3+2"), ("5+3", "5+3"), ("10+5", "10+5"), ("3d", "3 days")]


@require_POST
def quick(request):
    """Quick pairing from the grid: straight to the match when someone fitting waits,
    otherwise a seek of one's own is posted and this page waits for the next person."""
    fresh_guest = not request.user.is_authenticated and not request.session.get(GUEST_KEY)
    # The grid's buttons each carry "<game> <clock>"; a script may send the two fields.
    game, _, clock = request.POST.get("pair", "").partition(" ")
    plan = services.SeekPlan(
        game=game or request.POST.get("game", ""),
        clock=clock or request.POST.get("clock", ""),
        rated=request.POST.get("rated") == "on",
        rating_range=_range(request.POST.get("range")),
    )
    try:
        found = services.quick_pair(plan, owner_identity(request), address_of(request))
    except Rejected as exc:
        messages.error(request, exc.message)
        if fresh_guest:
            del request.session[GUEST_KEY]
        return redirect("seeks:list")
    if isinstance(found, Seek):
        messages.info(request, "Waiting for an opponent: this page opens the match when paired.")
        return redirect("seeks:list")
    return redirect("matches:detail", match_id=found.pk)


@require_POST
def accept(request, seek_id: int):
    try:
        match = services.accept(seek_id, owner_identity(request), address_of(request))
    except Rejected as exc:
        messages.error(request, exc.message)
        return redirect("seeks:list")
    if match is None:
        messages.info(request, "You joined: the match starts when every seat is taken.")
        return redirect("seeks:list")
    return redirect("matches:detail", match_id=match.pk)


@require_POST
def fill(request, seek_id: int):
    identity = identity_of(request.user, request.session)
    try:
        match = services.fill_with_ai(
            seek_id, identity, request.POST.get("level", ""), address_of(request)
        )
    except Rejected as exc:
        messages.error(request, exc.message)
        return redirect("seeks:list")
    return redirect("matches:detail", match_id=match.pk)


@require_POST
def cancel(request, seek_id: int):
    try:
        services.cancel(seek_id, identity_of(request.user, request.session))
    except Rejected as exc:
        messages.error(request, exc.message)
    return redirect("seeks:list")


def mine(request):
    """The asker's latest seeks: the page of a waiting poster goes to the match as soon
    as someone accepts."""
    identity = identity_of(request.user, request.session)
    rows = []
    if identity is not None:
        mine = Q(created_by=identity.key) | Q(joined__key=identity.key)
        rows = Seek.objects.filter(mine).distinct()[:10]
    return JsonResponse({"seeks": [services.as_json(s) for s in rows]})


def _range(text) -> int | None:
    """The rating range field: a number of points, or blank for anyone (a bad value is
    passed on as -1, which the service refuses with the ranges it allows)."""
    if not text:
        return None
    return _int(text, -1)


def _int(text, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default
