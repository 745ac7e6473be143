"""A tournament in a person's words, for its page, the list and the schedules: what it is
("Swiss, 3 rounds · 5+3 (minutes + seconds a move)"), how far it has got ("round 2 of 3 ·
3 of 6 games", "5 games played", "4 joined"), its rules ("as in the lobby", or the
options that differ) and each game's result with the players' names, never a slug, a
Python dict, a zero-based number or "1 games"."""

from __future__ import annotations

from typing import Any

from agents.tournament import FORMATS
from games.core.words import with_names
from webapp.matches import clocks
from webapp.matches.lobby import lobby_defaults

#: How the format is called on the pages (agents' formats keep their explanation).
FORMAT_NAMES = {
    "swiss": "Swiss",
    "arena": "Arena",
    "roundrobin": "Round robin",
    "duplicate": "Duplicate (same dice, seats swapped)",
    "freeforall": "Free-for-all",
    "gauntlet": "Gauntlet (the first entrant against the field)",
}

#: A tournament game's state as a page says it (``TournamentGame.Status``).
GAME_STATES = {
    "pending": "waiting",
    "running": "being played",
    "done": "played",
    "abandoned": "abandoned",
}


def format_name(slug: str) -> str:
    """The pages' name of a format: ours above, else its registry label ("Knockout
    (single elimination, byes to the top seeds)")."""
    if slug in FORMAT_NAMES:
        return FORMAT_NAMES[slug]
    cls = FORMATS.get(slug)
    return cls.label[:1].upper() + cls.label[1:] if cls else slug


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 game", "2 games"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def format_words(t: Any) -> str:
    """ "Swiss, 3 rounds", "Arena, 30 minutes", "Round robin, 4 games a pairing"."""
    name = format_name(t.format)
    if t.format == "swiss":
        # Before the start a Swiss plays the rounds asked, or as many as the entrants allow.
        rounds = plural(t.rounds, "round")
        # (agents' Swiss plays its rounds as asked: they are fixed when it is made).
        unsure = t.status == "open" or (t.clock and t.started_at is None)
        name += f", up to {rounds}" if unsure else f", {rounds}"
    elif t.format == "arena" and t.window_min:
        name += f", {plural(t.window_min, 'minute')}"
    if t.games_per_pairing != 1 or not t.clock:
        name += f", {plural(t.games_per_pairing, 'game')} a pairing"
    return name


def clock_words(t: Any) -> str:
    """A tournament for people's time control: "5+3 (minutes + seconds a move)"."""
    try:
        control = clocks.parse(t.clock)
    except ValueError:
        return t.clock
    return control.label if control else ""


def progress_words(t: Any, joined: int | None = None, with_round: bool = True) -> str:
    """How far it has got, for the list and the page's progress line (``with_round``:
    a Swiss under way says its round first; the page shows the round on its own)."""
    if t.status == "open":
        n = t.entries.count() if joined is None else joined
        return f"{n} joined"
    if t.format == "arena" or not t.total_games:
        if not t.games_done and t.is_over:
            return "no games played"
        return f"{plural(t.games_done, 'game')} played"
    games = f"{t.games_done} of {plural(t.total_games, 'game')}"
    if with_round and t.rounds > 1 and not t.is_over:
        return f"round {t.round} of {t.rounds} · {games}"
    return games


def rules_words(game: Any, options: dict[str, Any]) -> list[str]:
    """The options that differ from what the lobby plays, as "Label: value" (an empty
    list: the lobby's rules)."""
    usual = game.resolve_options(lobby_defaults(game))
    out = []
    for name, value in options.items():
        if usual.get(name) == value:
            continue
        label = name.replace("_", " ").capitalize()
        out.append(f"{label}: {_value(value)}")
    return out


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v) for v in value)
    return str(value)


def result_words(names: list[str], match: Any) -> str:
    """ "ann won · bob resigned", "draw", "aborted" for one finished game's match."""
    if match is None:
        return ""
    result = match.result or {}
    if match.status == "aborted":
        reason = with_names(result.get("reason") or "", names)
        return f"aborted: no result · {reason}" if reason else "aborted: no result"
    winners = result.get("winners") or []
    head = " and ".join(names[w] for w in winners if w < len(names)) + " won" if winners else "draw"
    reason = with_names(result.get("reason") or "", names)
    return f"{head} · {reason}" if reason and reason != head else head
