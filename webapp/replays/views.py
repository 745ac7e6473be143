from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render

from webapp.matches.models import Match
from webapp.replays.frames import export, replay_frames


def replay(request, match_id: int):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    frames = replay_frames(match)
    try:
        start = int(request.GET.get("ply", len(frames) - 1))
    except ValueError:
        start = len(frames) - 1
    start = max(0, min(start, len(frames) - 1))
    return render(
        request,
        "replays/replay.html",
        {"match": match, "frames": frames, "start": start, "last": len(frames) - 1},
    )


def record(request, match_id: int):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=match_id)
    response = JsonResponse(export(match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = (
        f'attachment; filename="dicearena-{match.game}-{match.pk}.json"'
    )
    return response
