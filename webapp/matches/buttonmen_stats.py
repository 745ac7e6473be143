"""A player's Button Men figures on their profile: wins, losses and draws by the button
they played, by the button they faced, by opponent (people by name, the site's AI by
level), and their favourite buttons (the most played, with their win rate).

Counted as the profile counts games: finished matches only (an aborted match is no
game), from the player's seats (a guest's seats become the account's at sign-up). The
button of a seat is the match's ``fighters`` option, or, where that was ``random``, the
setup chance event (ply 0, ``fighters:Avis,Iago``) that drew it. Three queries whatever
the number of games: the player's seats, the other seats of those matches, and their
first events.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from agents.levels import levels
from games.buttonmen.fighters import RANDOM, fighter_name
from games.buttonmen.roster import buttons
from webapp.accounts.identity import is_bot_key
from webapp.matches.models import Event, Match, Seat

GAME = "buttonmen"
FIGHTERS_PREFIX = "fighters:"
#: How many favourite buttons the profile lists.
FAVOURITES = 5


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def add(self, outcome: str) -> None:
        self.games += 1
        if outcome == "win":
            self.wins += 1
        elif outcome == "loss":
            self.losses += 1
        else:
            self.draws += 1

    @property
    def win_pct(self) -> int | None:
        """Wins in per cent of the games, rounded; None without a game."""
        return round(100 * self.wins / self.games) if self.games else None

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_pct": self.win_pct,
        }


@dataclass
class Row:
    """One line of a table: a button or an opponent, its link (or ""), its tally."""

    label: str
    url: str = ""
    kind: str = "button"  # button, person, guest, bot, ai
    tally: Tally = field(default_factory=Tally)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.label, "kind": self.kind, "url": self.url, **self.tally.to_json()}


@dataclass
class ButtonMenStats:
    total: Tally
    played: list[Row]  # by the button the player played
    faced: list[Row]  # by the button the opponent played
    opponents: list[Row]
    favourites: list[Row]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME,
            **self.total.to_json(),
            "by_button": [r.to_json() for r in self.played],
            "against_button": [r.to_json() for r in self.faced],
            "by_opponent": [r.to_json() for r in self.opponents],
            "favourites": [r.to_json() for r in self.favourites],
        }


def _outcome(result: dict | None, index: int) -> str:
    """win, loss or draw of a seat, as the profile's record reads a result."""
    winners = (result or {}).get("winners") or []
    if not winners:
        return "draw"
    return "win" if index in winners else "loss"


def _fighters(options: dict | None, first_move: Any) -> list[str] | None:
    """The two seats' buttons: the options' names, or the drawn ones where random."""
    named = list((options or {}).get("fighters") or [])
    if len(named) != 2:
        named = [RANDOM, RANDOM]  # the game's default
    if any(str(n).strip().lower() == RANDOM for n in named):
        if not (isinstance(first_move, str) and first_move.startswith(FIGHTERS_PREFIX)):
            return None  # not drawn (a match that never got going)
        named = [n.strip() for n in first_move.removeprefix(FIGHTERS_PREFIX).split(",")]
        if len(named) != 2:
            return None
    return [fighter_name(str(n)) or str(n) for n in named]


def _button_urls() -> set[str]:
    return {b.name for b in buttons()}


def _button_row(name: str, pages: set[str]) -> Row:
    url = reverse("buttonmen-button", args=[name]) if name in pages else ""
    return Row(name, url, "button")


def _ai_titles() -> dict[str, str]:
    """The lobby's levels by their agent spec: "Medium" for buttonmen-mc."""
    return {lv.spec: lv.title for lv in levels(GAME)}


def _opponent(seat: dict, titles: dict[str, str]) -> tuple[tuple[str, str], Row]:
    """(key, empty row) of the player in the other seat."""
    spec = seat["agent_spec"]
    if spec:
        name = spec.split(":", 1)[0]
        title = titles.get(spec)
        label = f"AI {title} ({spec})" if title else f"AI {spec}"
        return ("ai", spec), Row(label, reverse("player", args=[name]), "ai")
    if seat["user__username"]:
        username = seat["user__username"]
        return ("person", username), Row(username, reverse("player", args=[username]), "person")
    if is_bot_key(seat["owner"]):
        return ("bot", seat["owner"]), Row(f"{seat['name']} (bot)", "", "bot")
    return ("guest", seat["owner"]), Row(f"{seat['name']} (guest)", "", "guest")


def _ordered(rows: dict[Any, Row]) -> list[Row]:
    return sorted(rows.values(), key=lambda r: (-r.tally.games, -r.tally.wins, r.label.lower()))


def stats_for(seats) -> ButtonMenStats:
    """The Button Men figures of the player whose seats are ``seats`` (a Seat queryset,
    as the profile reads it)."""
    finished = seats.filter(match__game=GAME, match__status=Match.Status.FINISHED)
    mine = list(finished.values("match_id", "index", "match__options", "match__result"))
    # The other queries name the matches by a subquery: no list of ids however many.
    ids = finished.values("match_id")
    others: dict[int, list[dict]] = defaultdict(list)
    first: dict[int, Any] = {}
    if mine:
        for seat in Seat.objects.filter(match_id__in=ids).values(
            "match_id", "index", "agent_spec", "owner", "name", "user__username"
        ):
            others[seat["match_id"]].append(seat)
        first = dict(Event.objects.filter(match_id__in=ids, ply=0).values_list("match_id", "move"))
    pages = _button_urls()
    titles = _ai_titles()
    total = Tally()
    played: dict[str, Row] = {}
    faced: dict[str, Row] = {}
    opponents: dict[tuple[str, str], Row] = {}
    for seat in mine:
        match_id, index = seat["match_id"], seat["index"]
        outcome = _outcome(seat["match__result"], index)
        total.add(outcome)
        fighters = _fighters(seat["match__options"], first.get(match_id))
        if fighters is not None:
            own, theirs = fighters[index], fighters[1 - index]
            played.setdefault(own, _button_row(own, pages)).tally.add(outcome)
            faced.setdefault(theirs, _button_row(theirs, pages)).tally.add(outcome)
        for other in others[match_id]:
            if other["index"] != index:
                key, row = _opponent(other, titles)
                opponents.setdefault(key, row).tally.add(outcome)
    by_button = _ordered(played)
    favourites = sorted(
        by_button, key=lambda r: (-r.tally.games, -(r.tally.win_pct or 0), r.label.lower())
    )[:FAVOURITES]
    return ButtonMenStats(total, by_button, _ordered(faced), _ordered(opponents), favourites)
