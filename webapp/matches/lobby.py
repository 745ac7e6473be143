"""What the lobby offers for each game: its options as form fields, its opponents, the
defaults a person enjoys, and reading a submitted form back into a match plan.

Opponents come from ``OPPONENT_SOURCES``: functions that list choices for a game. The
agent registry is the first; another app (outside bots, named levels) appends its own
function and its choices appear in every lobby form with no change here.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import agents
import games
from agents.buttonstats import fair, stats, study
from games.buttonmen.fighters import fighter_name
from games.core import Game, Option
from webapp.matches import gamebook, signals
from webapp.matches.plans import SeatPlan


@dataclass(frozen=True)
class Opponent:
    """One entry of the opponent list: ``value`` is what a seat plan gets (an agent spec)."""

    value: str
    label: str
    description: str = ""
    speed: str = ""
    group: str = "AI agents"


def _registry_opponents(game: Game) -> list[Opponent]:
    return [
        Opponent(a.name, a.name, a.description, a.budget_note) for a in agents.catalogue(game.slug)
    ]


def _bot_opponents(game: Game) -> list[Opponent]:
    """Connected outside bots whose owners let people challenge them."""
    return [
        Opponent(
            bot.spec,
            f"{bot.name} (bot)",
            f"Outside bot by {bot.owner.get_username()}"
            + (f": {bot.description}" if bot.description else ""),
            "its own clock",
            "Connected outside bots",
        )
        for bot in available_bots(game.slug)
    ]


#: Where the lobby's opponents come from; append a function to add a group of choices.
OPPONENT_SOURCES: list[Callable[[Game], list[Opponent]]] = [_registry_opponents, _bot_opponents]

#: The opponent a person meets unless they pick another: each game's manifest says.
DEFAULT_OPPONENT = {slug: info.default_opponent for slug, info in gamebook.GAMES.items()}

#: Rules options the lobby starts from where the engine's default (kept for the
#: write-ups' experiments) makes a poor evening: Footsies' single round is over in a
#: few clicks, so the lobby offers first to 3 rounds (best of 5); and a round with no
#: turn cap can run to the engine's 1,000 turns when two players mirror each other
#: (two `footsies-bayesian` did, most of an hour at the AI-vs-AI pace), so a round is
#: a draw after 20 turns (rounds between different agents end within 11; a cleared
#: field plays uncapped). The equilibrium of this rule set is shipped solved
#: (agents/equilibrium/tables.py), so `footsies-nash` and `-best` never solve it live.
LOBBY_OPTION_DEFAULTS: dict[str, dict[str, Any]] = {"footsies": {"rounds": 5, "max_turns": 20}}

#: The agents "Watch AI against AI" seats by default, when one agent against itself
#: makes a poor show: two Footsies Statisticians mirror each other's counts for ever,
#: the Statistician against the equilibrium mix is a match of a minute or two.
WATCH_DEFAULTS: dict[str, tuple[str, ...]] = {"footsies": ("footsies-bayesian", "footsies-nash")}


@dataclass
class OptionField:
    name: str
    kind: str  # "choice", "int", "bool", "text", "list"
    default: Any
    help: str
    choices: tuple | None = None
    optional: bool = False
    value: Any = None  # what the form shows: the default, or what the person entered
    label: str = ""


def opponents(game: Game) -> list[Opponent]:
    found: list[Opponent] = []
    for source in OPPONENT_SOURCES:
        found.extend(source(game))
    return found


def default_opponent(game: Game) -> str:
    return DEFAULT_OPPONENT.get(game.slug, "random")


def seat_defaults(game: Game, mode: str) -> list[str]:
    """The agent each seat starts with: the default opponent, or in "watch" mode the
    game's watch pairing where it has one."""
    watch = WATCH_DEFAULTS.get(game.slug, ()) if mode == "watch" else ()
    default = default_opponent(game)
    return [watch[i] if i < len(watch) else default for i in range(game.max_players)]


def lobby_defaults(game: Game) -> dict[str, Any]:
    """The game's options as the lobby first shows them."""
    return {**game.default_options, **LOBBY_OPTION_DEFAULTS.get(game.slug, {})}


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def option_fields(game: Game, data=None, engine_defaults: bool = False) -> list[OptionField]:
    """The options as form fields, filled with the lobby's defaults (the engine's when
    ``engine_defaults``: tournaments reproduce the write-ups) or, after a refused
    submission, with what the person entered (``data``)."""
    defaults = game.default_options if engine_defaults else lobby_defaults(game)
    fields = []
    for name, opt in game.options_spec.items():
        default = defaults[name]
        if opt.choices is not None:
            kind = "choice"
        elif isinstance(opt.default, (list, tuple)):
            # A list option (Button Men's fighters) is edited as comma-separated text.
            kind, default = "list", ", ".join(str(v) for v in default)
        elif isinstance(opt.default, bool):
            kind = "bool"
        elif isinstance(opt.default, int) or (opt.default is None and opt.minimum is not None):
            kind = "int"
        else:
            kind = "text"
        value = default
        if data is not None:
            key = f"opt_{name}"
            value = (key in data) if kind == "bool" else data.get(key, default)
        fields.append(
            OptionField(
                name,
                kind,
                default,
                opt.help,
                opt.choices,
                opt.allow_none,
                "" if value is None else value,
                _label(name),
            )
        )
    return fields


def options_from_form(game: Game, data) -> dict[str, Any]:
    """Read ``opt_<name>`` fields; only values that differ from the engine's defaults
    are kept. Bad values raise ValueError naming the option (the game itself validates)."""
    options: dict[str, Any] = {}
    for name, opt in game.options_spec.items():
        key = f"opt_{name}"
        if isinstance(opt.default, bool):
            value: Any = key in data
        elif key not in data:
            continue
        elif isinstance(opt.default, (list, tuple)) and len(_all(data, key)) > 1:
            # One field per item (Button Men's fighter picker: a field per seat).
            value = _parse(name, opt, ",".join(v.strip() for v in _all(data, key)))
        else:
            value = _parse(name, opt, data.get(key, "").strip())
        if value != opt.default:
            options[name] = value
    game.resolve_options(options)  # raises ValueError naming a bad option
    return options


def _all(data, key: str) -> list[str]:
    """Every value sent for ``key`` (a QueryDict may hold several; a dict holds one)."""
    return data.getlist(key) if hasattr(data, "getlist") else [data.get(key, "")]


def _parse(name: str, opt: Option, text: str) -> Any:
    if text == "":
        if opt.allow_none:
            return None
        return opt.default
    if isinstance(opt.default, (list, tuple)):
        return type(opt.default)(part.strip() for part in text.split(",") if part.strip())
    if opt.choices is not None:
        for choice in opt.choices:
            if str(choice) == text:
                return choice
        raise ValueError(f"option {name!r} must be one of {', '.join(map(str, opt.choices))}")
    if isinstance(opt.default, int) or (opt.default is None and opt.minimum is not None):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {name!r} must be a whole number") from None
    if isinstance(opt.default, float):
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"option {name!r} must be a number") from None
    return text


#: Who lists the outside bots a person may challenge in a game, and who turns a chosen
#: opponent into a seat (None: not theirs). ``webapp.bots`` adds its own in its ready, so
#: the lobby needs no knowledge of bots.
BOT_SOURCES: list[Callable[[str], list]] = []
SEAT_MAKERS: list[Callable[[str, str], SeatPlan | None]] = []


def available_bots(game: str) -> list:
    return [bot for source in BOT_SOURCES for bot in source(game)]


def opponent_seat(game: str, opponent: str) -> SeatPlan:
    """The seat of the lobby's chosen opponent: an agent unless a seat maker claims it
    (ValueError says why it cannot be played now)."""
    for make in SEAT_MAKERS:
        seat = make(game, opponent)
        if seat is not None:
            return seat
    return SeatPlan(agent_spec=opponent)


def lobby(data=None) -> list[dict[str, Any]]:
    """Every game's options with the engine's defaults and its agents (the tournament
    form builds on this); the game named in a refused form's ``data`` shows what the
    person entered."""
    chosen = (data or {}).get("game")
    return [
        {
            "game": game,
            "fields": option_fields(
                game, data if game.slug == chosen else None, engine_defaults=True
            ),
            "agents": agents.catalogue(game.slug),
            "bots": available_bots(game.slug),
            "seats": list(range(game.max_players)),
        }
        for game in games.all()
    ]


@dataclass
class LobbyForm:
    """Everything the lobby page of one game shows, and what the person chose so far."""

    game: Game
    fields: list[OptionField]
    opponents: list[Opponent]
    mode: str = "ai"
    players: int = 2
    seat: int = 0
    agents: list[str] = field(default_factory=list)  # one per seat
    seats: list[dict[str, Any]] = field(default_factory=list)


def lobby_form(game: Game, data=None) -> LobbyForm:
    """The form for ``game``, filled from ``data`` (a submitted QueryDict) when given."""
    data = data or {}
    mode = data.get("mode", "ai") if data.get("mode") in MODES else "ai"
    players = _int(data.get("players"), game.min_players)
    players = min(max(players, game.min_players), game.max_players)
    defaults = {m: seat_defaults(game, m) for m in ("ai", "watch")}
    start = defaults["watch" if mode == "watch" else "ai"]
    chosen = [data.get(f"agent{i}") or start[i] for i in range(game.max_players)]
    form = LobbyForm(
        game=game,
        fields=option_fields(game, data or None),
        opponents=opponents(game),
        mode=mode,
        players=players,
        seat=min(max(_int(data.get("seat"), 0), 0), game.max_players - 1),
        agents=chosen,
    )
    info = gamebook.info(game.slug)
    form.seats = [
        {
            "index": i,
            "colour": gamebook.SEAT_COLOURS[i],
            "name": info.seat_name(i),
            "agent": chosen[i],
            "ai_default": defaults["ai"][i],
            "watch_default": defaults["watch"][i],
        }
        for i in range(game.max_players)
    ]
    return form


#: The ways to start a match, and what each needs from the form.
MODES = {
    "ai": "Play against the AI",
    "friend": "Play a friend",
    "watch": "Watch AI against AI",
}


def _int(text: Any, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


#: The lobby's time controls for people (any "M+S" or 1/3/7 "d" is accepted by scripts).
CLOCK_CHOICES = [
    ("", "No clock (15 minutes idle loses)"),
    ("1+0", "Live 1+0"),
    ("3+2", "Live 3+2"),
    ("5+3", "Live 5+3"),
    ("10+5", "Live 10+5"),
    ("15+10", "Live 15+10"),
    ("20s/2m", "Live: 20 s a move + 2 min bank"),
    ("60s/5m", "Live: 60 s a move + 5 min bank"),
    ("1d", "Correspondence: 1 day a move"),
    ("3d", "Correspondence: 3 days a move"),
    ("7d", "Correspondence: 7 days a move"),
]


#: The lobby's Button Men choice beside "random" fighters: a fair random matchup.
FAIR_FIELD = "fair"


def button_table() -> Mapping[str, stats.ButtonStats]:
    """The button study's table: the one the button pages show (``webapp.tournaments``
    answers ``signals.button_study``: its latest study, else the one shipped)."""
    return signals.ask(signals.button_study)[0]


def fair_fighters(
    data, you: int | None, rng: random.Random | None = None
) -> tuple[list[str], fair.Matchup]:
    """The fighters of a fair random matchup (``agents.buttonstats.fair``), seat 0's
    first, and the drawn pair that says why. A button named in the person's own seat
    (``you``) stays theirs and meets a fair partner; otherwise both are drawn. The
    options keep only the two plain names, so a replay is the same match."""
    named = [part for text in _all(data, "opt_fighters") for part in str(text).split(",")]
    mine = fighter_name(named[you]) if you is not None and you < len(named) else None
    rng = rng or random.Random(secrets.token_hex(16))
    m = fair.draw(button_table(), study.playable_names(), rng, mine=mine)
    if mine is not None and you == 1:
        return [m.b, m.a], m
    return [m.a, m.b], m
