from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render

import games
from webapp.leaderboards import queries
from webapp.leaderboards.models import START, Competitor
from webapp.matches.clocks import CORRESPONDENCE, board_of


def _game(slug: str):
    try:
        return games.get(slug)
    except KeyError:
        raise Http404(f"no game {slug!r}") from None


def index(request):
    return board(request, games.all()[0].slug)


def board(request, game: str):
    """A game's live board, or (``?pool=correspondence``) its correspondence board."""
    rules = _game(game)
    correspondence = request.GET.get("pool") == CORRESPONDENCE
    return render(
        request,
        "leaderboards/board.html",
        {
            "game": rules,
            "games": games.all(),
            "correspondence": correspondence,
            "rows": queries.leaderboard(board_of(game, correspondence)),
        },
    )


def competitor(request, game: str, competitor_id: int):
    rules = _game(game)
    who = get_object_or_404(
        Competitor, pk=competitor_id, game__in=[game, board_of(game, correspondence=True)]
    )
    points = queries.history(who)
    changes = who.changes.select_related("match").order_by("-seq")
    page = Paginator(changes, 30).get_page(request.GET.get("page"))
    return render(
        request,
        "leaderboards/competitor.html",
        {
            "game": rules,
            "who": who,
            "chart": _chart(points),
            "points": points,
            "record": queries.record_against(who),
            "owner": queries.bot_owners([who.key]).get(who.key) if who.kind == "bot" else None,
            "page": page,
        },
    )


def _chart(points, width: int = 640, height: int = 200) -> dict:
    """An SVG polyline of the rating over rated games (server-drawn, no JS needed), with
    a dashed line at the starting 1500."""
    if not points:
        return {"width": width, "height": height, "line": "", "low": 0, "high": 0}
    values = [p["rating"] for p in points]
    low, high = min(values + [START]), max(values + [START])
    span = (high - low) or 1.0
    step = (width - 40) / max(1, len(values) - 1)
    coords = [
        f"{20 + i * step:.1f},{height - 20 - (v - low) / span * (height - 40):.1f}"
        for i, v in enumerate(values)
    ]
    zero = height - 20 - (START - low) / span * (height - 40)
    return {"width": width, "height": height, "line": " ".join(coords), "low": round(low, 2),
            "high": round(high, 2), "zero": round(zero, 1)}  # fmt: skip
