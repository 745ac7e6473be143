"""Reading the tournament form: entrants come as JSON rows {agent, params} built by the
page from the registry (no typed spec strings), options as the lobby's opt_ fields."""

from __future__ import annotations

import json
from typing import Any

import games
from webapp.matches.lobby import options_from_form
from webapp.tournaments.services import Invalid, TournamentPlan, entrant_spec

MAX_FORM_ENTRANTS_BYTES = 8000


def _int(data, key: str, default: int | None = None) -> int | None:
    text = (data.get(key) or "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise Invalid(f"{key.replace('_', ' ')} must be a whole number") from None


def entrants_from_json(text: str) -> list[str]:
    if len(text) > MAX_FORM_ENTRANTS_BYTES:
        raise Invalid("too many entrants")
    try:
        rows = json.loads(text or "[]")
    except ValueError:
        raise Invalid("the entrant list is not valid") from None
    if not isinstance(rows, list):
        raise Invalid("the entrant list is not valid")
    specs = []
    for row in rows:
        if not isinstance(row, dict) or not isinstance(row.get("agent"), str):
            raise Invalid("each entrant names an agent")
        params = row.get("params") or {}
        if not isinstance(params, dict):
            raise Invalid("an entrant's parameters are name → value")
        params = {k: v for k, v in params.items() if v not in ("", None)}
        specs.append(entrant_spec(row["agent"], params))
    return specs


#: The form's own fields (the rules and entrants come back their own way).
FIELDS = (
    "name", "game", "format", "players", "games_per_pairing", "rounds", "grid",
    "budget_iterations",
    "seed", "bot_move_s", "bot_bank_s", "bot_wait_s",
)  # fmt: skip


def entered(data) -> dict[str, Any]:
    """What a person typed into a refused form, to show it back: each field's text and
    the entrant rows as the page sent them (the page rebuilds their pickers)."""
    values = {name: (data.get(name) or "").strip()[:200] for name in FIELDS}
    try:
        rows = json.loads(data.get("entrants_json") or "[]")
    except ValueError:
        rows = []
    text = json.dumps(rows)
    values["entrants"] = (
        rows if isinstance(rows, list) and len(text) <= MAX_FORM_ENTRANTS_BYTES else []
    )
    return values


def plan_from_form(data) -> TournamentPlan:
    slug = data.get("game", "")
    try:
        game = games.get(slug)
    except KeyError:
        raise Invalid("pick a game") from None
    try:
        options: dict[str, Any] = options_from_form(game, data)
    except ValueError as exc:
        raise Invalid(str(exc)) from None
    return TournamentPlan(
        game=slug,
        entrants=entrants_from_json(data.get("entrants_json", "")),
        format=data.get("format", "roundrobin"),
        games_per_pairing=_int(data, "games_per_pairing", 10),
        rounds=_int(data, "rounds"),
        options=options,
        players=_int(data, "players"),
        seed=(data.get("seed") or "").strip() or None,
        name=(data.get("name") or "").strip()[:120],
        budget_iterations=_int(data, "budget_iterations"),
        grid="fighters" if data.get("grid") == "fighters" else "",
        bot_clock={k: data.get(f"bot_{k}", "") for k in ("move_s", "bank_s", "wait_s")},
    )
