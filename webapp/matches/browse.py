"""Finding matches: the filtered list, open challenges, what TV shows, a player's games."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet

import games
from webapp.matches.models import Match, Seat

#: The list's status filter: what a person asks for → the statuses it covers.
STATUSES = {
    "live": ("Live", [Match.Status.ACTIVE]),
    "finished": ("Finished", [Match.Status.FINISHED]),
    "other": ("Aborted or adjourned", [s for s in Match.Status if s not in ("active", "finished")]),
}


@dataclass
class MatchFilters:
    game: str = ""
    player: str = ""
    status: str = ""

    @classmethod
    def from_query(cls, query) -> MatchFilters:
        slugs = {g.slug for g in games.all()}
        game = query.get("game", "")
        status = query.get("status", "")
        return cls(
            game=game if game in slugs else "",
            player=query.get("player", "").strip()[:80],
            status=status if status in STATUSES else "",
        )

    def apply(self, qs: QuerySet) -> QuerySet:
        if self.game:
            qs = qs.filter(game=self.game)
        if self.status:
            qs = qs.filter(status__in=STATUSES[self.status][1])
        if self.player:
            qs = qs.filter(
                Exists(
                    Seat.objects.filter(match=OuterRef("pk")).filter(
                        Q(name__icontains=self.player) | Q(agent_spec__icontains=self.player)
                    )
                )
            )
        return qs

    def query_string(self) -> str:
        """The filters as a query string, for the pager's links."""
        return urlencode({k: v for k, v in vars(self).items() if v})


def matches(filters: MatchFilters | None = None) -> QuerySet:
    qs = Match.objects.prefetch_related("seats")
    return filters.apply(qs) if filters else qs


def open_challenges(game: str | None = None) -> QuerySet:
    """Live matches with a seat waiting for a second person, newest first."""
    open_seat = Seat.objects.filter(match=OuterRef("pk"), agent_spec="", owner="")
    qs = Match.objects.filter(status=Match.Status.ACTIVE).filter(Exists(open_seat))
    if game:
        qs = qs.filter(game=game)
    return qs.prefetch_related("seats")


def _all_agents() -> QuerySet:
    """Matches every seat of which an agent plays."""
    played_by_agents = Count("seats", filter=~Q(seats__agent_spec=""))
    return Match.objects.annotate(agent_seats=played_by_agents).filter(agent_seats=F("num_players"))


def tv_match(game: str) -> Match | None:
    """The AI-against-AI match TV shows for a game: the newest live one."""
    return (
        _all_agents()
        .filter(game=game, status=Match.Status.ACTIVE)
        .order_by("-created_at", "-id")
        .first()
    )


def tv_matches() -> list[tuple[object, Match | None]]:
    return [(game, tv_match(game.slug)) for game in games.all()]
