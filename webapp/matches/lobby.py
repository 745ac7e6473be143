"""What the lobby offers for each game: its options as form fields and its opponents."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import agents
import games
from games.core import Game, Option


@dataclass
class OptionField:
    name: str
    kind: str  # "choice", "int", "bool", "text"
    default: Any
    help: str
    choices: tuple | None = None
    optional: bool = False


def option_fields(game: Game) -> list[OptionField]:
    fields = []
    for name, opt in game.options_spec.items():
        default = opt.default
        if opt.choices is not None:
            kind = "choice"
        elif isinstance(opt.default, (list, tuple)):
            # A list option (Button Men's fighters) is edited as comma-separated text.
            kind, default = "list", ", ".join(str(v) for v in opt.default)
        elif isinstance(opt.default, bool):
            kind = "bool"
        elif isinstance(opt.default, int) or (opt.default is None and opt.minimum is not None):
            kind = "int"
        else:
            kind = "text"
        fields.append(OptionField(name, kind, default, opt.help, opt.choices, opt.allow_none))
    return fields


def options_from_form(game: Game, data) -> dict[str, Any]:
    """Read ``opt_<name>`` fields; only values that differ from the defaults are kept.
    Bad values raise ValueError naming the option (the game itself validates)."""
    options: dict[str, Any] = {}
    for name, opt in game.options_spec.items():
        key = f"opt_{name}"
        if isinstance(opt.default, bool):
            value: Any = key in data
        elif key not in data:
            continue
        else:
            value = _parse(name, opt, data.get(key, "").strip())
        if value != opt.default:
            options[name] = value
    game.resolve_options(options)  # raises ValueError naming a bad option
    return options


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


def available_bots(game: str) -> list:
    from webapp.bots.challenges import available

    return available(game)


def lobby() -> list[dict[str, Any]]:
    return [
        {
            "game": game,
            "fields": option_fields(game),
            "agents": agents.catalogue(game.slug),
            "bots": available_bots(game.slug),
            "seats": list(range(game.max_players)),
        }
        for game in games.all()
    ]
