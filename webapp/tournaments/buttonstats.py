"""Button statistics on the site: the roster's pages with each button's figures.

The figures come from a study (``agents.buttonstats``): the latest finished tournament
on the ``buttons`` grid (``webapp.tournaments.grid``; scheduled weekly by
``schedules.BUTTON_STUDY``), whose games are ordinary tournament games; until one has
finished, the small study shipped in the repository
(``agents/buttonstats/shipped.json``), so the pages are never empty. Every page says
which study it shows, which agent played it and how many games it has.

The pages live here, with the tournaments, because the figures are read from
tournament games (``webapp.matches`` must not import this app: the tournaments import
the matches).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.http import Http404
from django.shortcuts import render

import agents.buttonstats
from agents.buttonstats import stats
from agents.buttonstats.__main__ import load
from games.buttonmen.roster import Button, buttons
from webapp.matches.buttons import by_name, face, search, skill_note
from webapp.tournaments.models import Tournament, TournamentGame

SHIPPED = Path(agents.buttonstats.__file__).with_name("shipped.json")

#: A button needs this many games before it is anybody's fair opponent.
FAIR_MIN_GAMES = 2

#: Fair opponents listed on a button's page (the closest first).
FAIR_SHOWN = 12

#: The list's orders: by win rate (highest first), by games, or the roster's order.
SORTS = ("roster", "rate", "games", "name")


@dataclass
class Study:
    """The games of one study and what the pages show of it."""

    games: list[stats.Game]
    agent: str
    made: str
    #: the tournament whose games these are (None: the shipped study)
    tournament_id: int | None = None
    seconds: float | None = None
    table: dict[str, stats.ButtonStats] = field(init=False)
    first: stats.Tally = field(init=False)

    def __post_init__(self) -> None:
        self.table = stats.compute(self.games, min_games=FAIR_MIN_GAMES)
        self.first = stats.first_mover_share(self.games)

    @property
    def shipped(self) -> bool:
        return self.tournament_id is None

    def matrices(self) -> list[stats.Matrix]:
        return stats.set_matrices(self.table, {b.name: b.set for b in buttons()})

    def about(self) -> dict:
        """Where the figures come from, for the pages and the API."""
        return {
            "source": "shipped" if self.shipped else "tournament",
            "tournament": self.tournament_id,
            "agent": self.agent,
            "games": len(self.games),
            "buttons": len(self.table),
            "made": self.made,
            "seconds": self.seconds,
            "first_mover_won": self.first.wins,
            "first_mover_games": self.first.games,
            "interval": "95 % Wilson score interval",
            "fair_points": stats.FAIR_POINTS,
        }


@cache
def shipped() -> Study:
    data = load(SHIPPED)
    return Study(data["games"], data["agent"], data["made"], None, data.get("seconds"))


def _winner(result: dict | None) -> int | None:
    ranks = (result or {}).get("ranks") or []
    firsts = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return firsts[0] if len(firsts) == 1 else None


#: The last tournament study read, by (tournament id, when it finished): a finished
#: study never changes, so one read per new study is enough.
_read: dict[tuple, Study] = {}


def from_tournament(tournament: Tournament) -> Study:
    key = (tournament.pk, tournament.finished_at)
    if key in _read:
        return _read[key]
    rows = tournament.games.filter(
        status=TournamentGame.Status.DONE, match__isnull=False
    ).values_list("stats", "match__result")
    games = []
    for facts, result in rows:
        fighters = facts.get("fighters") or []
        if len(fighters) != 2 or not result:
            continue
        games.append(stats.Game(fighters[0], fighters[1], facts.get("first"), _winner(result)))
    specs = list(tournament.entries.order_by("index").values_list("agent_spec", flat=True))
    agent = specs[0] if len(set(specs)) == 1 else " vs ".join(specs)
    made = (tournament.finished_at or tournament.created_at).strftime("%Y-%m-%d")
    study = Study(games, agent, made, tournament.pk)
    _read.clear()
    _read[key] = study
    return study


def current() -> Study:
    """The latest finished study tournament with games, else the shipped study."""
    latest = (
        Tournament.objects.filter(
            game="buttonmen", grid="buttons", status=Tournament.Status.FINISHED
        )
        .order_by("-finished_at", "-pk")
        .first()
    )
    if latest is not None:
        study = from_tournament(latest)
        if study.games:
            return study
    return shipped()


def pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f} %"


def shown(s: stats.ButtonStats | None) -> dict | None:
    """A button's figures as the pages print them (percentages, rounded)."""
    if s is None:
        return None
    low, high = s.interval
    advantage = s.first_advantage
    return {
        "games": s.games,
        "wins": f"{s.wins:g}",
        "rate": pct(s.rate),
        "low": pct(low),
        "high": pct(high),
        "first_games": s.as_first.games,
        "first_rate": pct(s.as_first.rate),
        "second_games": s.as_second.games,
        "second_rate": pct(s.as_second.rate),
        "advantage": "—" if advantage is None else f"{100 * advantage:+.0f} points",
    }


def _sorted(found: list[Button], study: Study, sort: str) -> list[Button]:
    if sort == "name":
        return sorted(found, key=lambda b: b.name.lower())
    if sort in ("rate", "games"):

        def key(b: Button) -> tuple:
            s = study.table.get(b.name)
            if s is None:
                return (1, 0.0)  # unplayed buttons last
            return (0, -(s.rate or 0.0) if sort == "rate" else -s.games)

        return sorted(found, key=key)
    return found


def button_list(request):
    query = request.GET.get("q", "").strip()
    playable_only = request.GET.get("playable") == "1"
    sort = request.GET.get("sort", "roster")
    sort = sort if sort in SORTS else "roster"
    study = current()
    found = _sorted(search(query, playable_only), study, sort)
    tiers: dict[str, int] = {}
    for b in buttons():
        key = f"tier {b.tier}" if b.tier else "beyond"
        tiers[key] = tiers.get(key, 0) + 1
    return render(
        request,
        "games/buttonmen_buttons.html",
        {
            "rows": [(b, shown(study.table.get(b.name))) for b in found],
            "found": found,
            "query": query,
            "sort": sort,
            "sorts": SORTS,
            "playable_only": playable_only,
            "total": len(buttons()),
            "playable": sum(1 for b in buttons() if b.playable),
            "tiers": sorted(tiers.items()),
            "study": study,
        },
    )


def button_detail(request, name: str):
    button = by_name(name)
    faces = [face(d) for d in button.dice] if button.dice else []
    skills = sorted({s for f in faces for s in f.skills})
    study = current()
    figures = study.table.get(button.name)
    fair = figures.fair[:FAIR_SHOWN] if figures else []
    matchups = []
    if figures:
        matchups = [
            (opponent, t.games, f"{t.wins:g}", pct(t.rate))
            for opponent, t in sorted(
                figures.matchups.items(), key=lambda pair: (-pair[1].games, pair[0])
            )
        ]
    return render(
        request,
        "games/buttonmen_button.html",
        {
            "button": button,
            "faces": faces,
            "skills": [(s, skill_note(s)) for s in skills],
            "same_set": [b for b in buttons() if b.set == button.set and b.name != button.name],
            "study": study,
            "figures": shown(figures),
            "fair": fair,
            # "A random opponent with a similar win %", as the community asked for it.
            "fair_pick": random.choice(figures.fair) if figures and figures.fair else None,
            "matchups": matchups,
        },
    )


def matchups(request):
    study = current()
    matrices = study.matrices()
    wanted = request.GET.get("set", "").strip()
    if wanted:
        if not any(b.set.lower() == wanted.lower() for b in buttons()):
            raise Http404(f"there is no set {wanted!r}")
        matrices = [m for m in matrices if m.set.lower() == wanted.lower()]
    # A set none of whose buttons met each other has an empty matrix: counted, not drawn;
    # the others are drawn with only the buttons that met a set-mate.
    drawn = []
    for m in matrices:
        met = m.trimmed()
        if met.names:
            played = sum(1 for row in met.cells for c in row if c is not None)
            drawn.append((met, _cells(met), played, len(m.names)))
    return render(
        request,
        "games/buttonmen_matchups.html",
        {
            "study": study,
            "matrices": drawn,
            "empty": len(matrices) - len(drawn),
            "wanted": wanted,
        },
    )


def _cells(matrix: stats.Matrix) -> list[tuple[str, list[tuple[str, str]]]]:
    """Rows of (button, [(cell text, its title)]): "wins/games" of the row's button."""
    rows = []
    for name, row in zip(matrix.names, matrix.cells, strict=True):
        cells = []
        for col, t in zip(matrix.names, row, strict=True):
            if t is None:
                cells.append(("", "" if col == name else f"{name} and {col} did not meet"))
            else:
                cells.append(
                    (f"{t.wins:g}/{t.games}", f"{name} won {t.wins:g} of {t.games} against {col}")
                )
        rows.append((name, cells))
    return rows
