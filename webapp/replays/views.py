from django.contrib import messages
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

import agents
import games
from agents.analyse.policy import judge_spec
from webapp import admission
from webapp.matches import analyses
from webapp.matches.models import Analysis, Match
from webapp.matches.services import Rejected
from webapp.replays import editor, positions
from webapp.replays.frames import export, replay_frames


def replay(request, match_id: int):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    # ?view=<seat>: the match as that seat saw it; anything else: everything.
    try:
        view = int(request.GET["view"])
    except (KeyError, ValueError):
        view = None
    if view is not None and not 0 <= view < match.num_players:
        view = None
    frames = replay_frames(match, view)
    try:
        start = int(request.GET.get("ply", len(frames) - 1))
    except ValueError:
        start = len(frames) - 1
    start = max(0, min(start, len(frames) - 1))
    return render(
        request,
        "replays/replay.html",
        {
            "match": match,
            "frames": frames,
            "start": start,
            "last": len(frames) - 1,
            "view": view,
            "analysis": analyses.status_of(Analysis.objects.filter(match=match).first()),
        },
    )


def record(request, match_id: int):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    response = JsonResponse(export(match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = (
        f'attachment; filename="dicearena-{match.game}-{match.pk}.json"'
    )
    return response


#: HTTP statuses of refused analysis requests (anything else is a bad request).
REFUSED = {"no-match": 404, "not-finished": 409, "busy": 503, "throttled": 429}


def _refused(exc: Rejected) -> JsonResponse:
    """A refused request in JSON; one refused for now says when to ask again."""
    response = JsonResponse(
        {"error": exc.code, "message": exc.message}, status=REFUSED.get(exc.code, 400)
    )
    if isinstance(exc, admission.Throttled):
        response["Retry-After"] = str(exc.wait_s)
    return response


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@require_http_methods(["GET", "POST"])
def analysis(request, match_id: int):
    """GET: the replay page at its analysis (the game-over card links here). POST: ask
    for the analysis (the replay page's button); JSON for scripts, a redirect for forms."""
    replay_url = reverse("replays:replay", args=[match_id]) + "#analysis"
    if request.method == "GET":
        get_object_or_404(Match, pk=match_id)
        return HttpResponseRedirect(replay_url)
    try:
        row = analyses.request_analysis(match_id, analyses.FROM_REPLAY, admission.asker_of(request))
    except Rejected as exc:
        if _wants_json(request):
            return _refused(exc)
        if exc.code == "no-match":
            get_object_or_404(Match, pk=match_id)
        messages.error(request, exc.message)
        return HttpResponseRedirect(replay_url)
    if _wants_json(request):
        return JsonResponse(analyses.status_of(row), status=202)
    return HttpResponseRedirect(replay_url)


def analysis_json(request, match_id: int):
    """The analysis's status, and its figures once done (docs/analysis.md)."""
    match = get_object_or_404(Match, pk=match_id)
    row = Analysis.objects.filter(match=match).first()
    return JsonResponse({"match": match.pk, **analyses.status_of(row)})


# ----- analyse from here -------------------------------------------------------------------


def position(request, match_id: int, ply: int):
    """One position of a finished match, and a form asking an agent's opinion of it."""
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    if not 0 <= ply <= match.ply:
        from django.http import Http404

        raise Http404(f"match {match.pk} has plies 0 to {match.ply}")
    state = positions.state_at(match, ply)
    seats, why_not = positions.whose_turn(state)
    names = {s.index: s.name for s in match.seats.all()}
    sides = positions.seat_names(match.game, match.num_players)
    catalogue = [a for a in agents.catalogue(match.game) if a.name != "random"]
    return render(
        request,
        "replays/position.html",
        {
            "match": match,
            "ply": ply,
            "view": state.observation(None),
            "deciding": [names.get(s) or sides[s] for s in seats],
            "why_not": why_not,
            "agents": catalogue,
            "default_agent": _strongest(match.game, catalogue),
            "max_budget": positions.MAX_BUDGET_S,
            "default_budget": positions.DEFAULT_BUDGET_S,
            "open": match.is_over,
        },
    )


def _strongest(game: str, catalogue) -> str:
    try:
        return judge_spec(game).split(":")[0]
    except Exception:
        return catalogue[0].name if catalogue else "random"


@require_http_methods(["POST"])
def position_analyse(request, match_id: int, ply: int):
    """Queue the opinion; answers the URL to poll (JSON)."""
    try:
        token = positions.request(
            match_id,
            ply,
            request.POST.get("agent"),
            request.POST.get("budget"),
            admission.asker_of(request),
        )
    except Rejected as exc:
        return _refused(exc)
    url = reverse("replays:position-result", args=[match_id, ply, token])
    return JsonResponse(
        {"status": "pending", "text": "Waiting for a worker…", "url": url}, status=202
    )


def position_result(request, match_id: int, ply: int, token: str):
    answer = positions.result(token)
    if answer is None:
        return JsonResponse(
            {"error": "unknown", "message": "no such analysis (they are kept an hour)"}, status=404
        )
    return JsonResponse(answer)


# ----- the position editor -----------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def editor_page(request, slug: str):
    """Build a position by hand and share it by link (``?p=``, the position itself).
    GET ``?match=<id>&ply=<n>`` starts from a stored match's position; POST checks the
    typed position with the game's ``from_position`` and redirects to its link."""
    import json

    from django.http import Http404

    try:
        game = games.get(slug)
    except KeyError:
        raise Http404(f"there is no game {slug!r}") from None
    error, text, status = "", None, 200
    view = None
    if request.method == "POST":
        text = request.POST.get("position", "")
        try:
            view = editor.parse(text)
            editor.set_up(slug, view)
        except editor.BadPosition as exc:
            error, status, view = str(exc), 400, None
        else:
            link = reverse("position-editor", args=[slug]) + "?p=" + editor.code(view)
            return _see_other(link)
    elif request.GET.get("p"):
        try:
            view = editor.decode(request.GET["p"])
            editor.set_up(slug, view)
        except editor.BadPosition as exc:
            error, status, view = str(exc), 400, None
    elif request.GET.get("match"):
        match = Match.objects.filter(pk=_int(request.GET.get("match")), game=slug).first()
        ply = _int(request.GET.get("ply"))
        if match is None or ply is None or not 0 <= ply <= match.ply:
            raise Http404("no such match position of this game")
        view = positions.state_at(match, ply).observation(None)
    if view is None:
        view = editor.starting_view(slug)
    state = editor.set_up(slug, view)
    shown = state.observation(None)
    seats, why_not = positions.whose_turn(state)
    link_code = editor.code(shown)
    sides = positions.seat_names(slug, state.num_players)
    catalogue = [a for a in agents.catalogue(slug) if a.name != "random"]
    return render(
        request,
        "replays/editor.html",
        {
            "game": game,
            "view": shown,
            "text": text if text is not None else json.dumps(shown, indent=1),
            "error": error,
            "code": link_code,
            "share": request.build_absolute_uri(
                reverse("position-editor", args=[slug]) + "?p=" + link_code
            ),
            "names": sides,
            "deciding": [sides[s] for s in seats],
            "why_not": why_not,
            "agents": catalogue,
            "default_agent": _strongest(slug, catalogue),
            "max_budget": positions.MAX_BUDGET_S,
            "default_budget": positions.DEFAULT_BUDGET_S,
        },
        status=status,
    )


def _int(text) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def _see_other(url: str):
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


@require_http_methods(["POST"])
def editor_analyse(request, slug: str):
    """Queue an opinion of the position in ``p`` (its link's code); JSON with the URL
    to poll."""
    try:
        token = positions.request_given(
            slug,
            request.POST.get("p"),
            request.POST.get("agent"),
            request.POST.get("budget"),
            admission.asker_of(request),
        )
    except Rejected as exc:
        return _refused(exc)
    url = reverse("position-editor-result", args=[token])
    return JsonResponse(
        {"status": "pending", "text": "Waiting for a worker…", "url": url}, status=202
    )


def editor_result(request, token: str):
    answer = positions.result(token)
    if answer is None:
        return JsonResponse(
            {"error": "unknown", "message": "no such analysis (they are kept an hour)"}, status=404
        )
    return JsonResponse(answer)
