"""Reading ratings for pages and the API."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Q

from agents.equilibrium.soundness import figures
from agents.stats import Tally, result_for
from games.core import Outcome
from webapp.bots.models import Bot
from webapp.leaderboards.models import Competitor, RatingChange


def leaderboard(game: str) -> list[dict[str, Any]]:
    """Settled ratings first, highest first; provisional ones ("?") after them, as
    lichess keeps them off its boards: a few lucky games do not top a leaderboard."""
    rows = sorted(
        Competitor.objects.filter(game=game).filter(Q(games__gt=0) | Q(seed_mu__isnull=False)),
        key=lambda c: (c.provisional, -c.mu, -c.ordinal),
    )
    owners = bot_owners([c.key for c in rows if c.kind == Competitor.Kind.BOT])
    return [
        {
            "owner": owners.get(c.key),
            "rank": i,
            "id": c.pk,
            "name": c.name,
            "kind": c.kind,
            "rating": c.rating,
            "rating_text": c.rating_text,
            "ordinal": round(c.ordinal, 3),
            "mu": round(c.mu, 3),
            "sigma": round(c.sigma, 3),
            "games": c.games,
            "seed_games": c.seed_games,
            "provisional": c.provisional,
            **(soundness(c.name) if game == "footsies" and c.kind == Competitor.Kind.AGENT else {}),
        }
        for i, c in enumerate(rows, 1)
    ]


def soundness(spec: str) -> dict[str, Any]:
    """Footsies only: the agent's exploitability and score against the equilibrium
    (``agents.equilibrium.soundness``), which a rock-paper-scissors pool cannot inflate."""
    found = figures(spec)
    if found is None:
        return {}
    return {
        "exploitability": found.get("exploitability"),
        "score_vs_equilibrium": found.get("score_vs_equilibrium"),
        "soundness_exact": bool(found.get("exact")),
    }


def bot_owners(keys: list[str]) -> dict[str, str]:
    """The owner's name for each outside bot's competitor key ("bot:<id>")."""
    ids = [int(k.split(":", 1)[1]) for k in keys]
    found = Bot.objects.filter(pk__in=ids).values_list("pk", "owner__username")
    return {f"bot:{pk}": owner for pk, owner in found}


def history(competitor: Competitor) -> list[dict[str, Any]]:
    return [
        {
            "seq": ch.seq,
            "match": ch.match_id,
            "rating": ch.rating,
            "ordinal": round(ch.ordinal, 3),
            "mu": ch.mu,
            "sigma": ch.sigma,
        }
        for ch in competitor.changes.order_by("seq")
    ]


def record_against(competitor: Competitor) -> list[dict[str, Any]]:
    """Wins, draws and losses against each opponent met in rated matches."""
    mine = RatingChange.objects.filter(competitor=competitor).select_related("match")
    match_ids = [c.match_id for c in mine]
    others = RatingChange.objects.filter(match_id__in=match_ids).exclude(competitor=competitor)
    names = {c.pk: c.name for c in Competitor.objects.filter(pk__in=others.values("competitor"))}
    by_match = defaultdict(list)
    for other in others:
        by_match[other.match_id].append(other.competitor_id)
    tallies: dict[int, Tally] = defaultdict(Tally)
    for change in mine:
        ranks = tuple(change.match.result["ranks"])
        result = result_for(Outcome(returns=(), ranks=ranks), change.seat)
        for opponent in by_match[change.match_id]:
            tallies[opponent].add(result)
    return sorted(
        ({"opponent": names[o], "id": o, **t.to_json()} for o, t in tallies.items()),
        key=lambda r: -r["games"],
    )
