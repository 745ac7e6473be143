"""One-click "reproduce the write-up" tournaments, with the published figures to show
beside ours (docs/results.md). A preset whose agents are not registered is hidden."""

from __future__ import annotations

from typing import Any

import agents

PRESETS: dict[str, dict[str, Any]] = {
    "buttonmen-mc-vs-em": {
        "title": "Button Men: Monte Carlo against Expectimax",
        "note": "Seed 000: every fighter against every fighter, 3 runs (432 games), first to 2; Monte Carlo won 58.8 % pooled.",
        "plan": {
            "game": "buttonmen",
            "entrants": ["buttonmen-mc", "buttonmen-em"],
            "format": "roundrobin",
            "games_per_pairing": 3,
            "grid": "fighters",
            "options": {"rounds_to_win": 2},
        },
        "published": {"buttonmen-mc": {"vs": "buttonmen-em", "win_rate": 0.588}},
    },
    "dicewars-write-up": {
        "title": "Dice Wars: naive, strength difference and single-turn expectiminimax",
        "note": "Seed 003, two players: SDC beat naive 63.5 %, STE beat naive 75.7 %, STE vs SDC 48.0 %.",
        "plan": {
            "game": "dicewars",
            "entrants": ["dicewars-naive", "dicewars-sdc", "dicewars-ste"],
            "format": "roundrobin",
            "games_per_pairing": 40,
        },
        "published": {
            "dicewars-sdc": {"vs": "dicewars-naive", "win_rate": 0.635},
            "dicewars-ste": {"vs": "dicewars-naive", "win_rate": 0.757},
            "dicewars-ste:": {"vs": "dicewars-sdc", "win_rate": 0.480},
        },
    },
    "footsies-players": {
        "title": "Footsies: every player of the write-up",
        "note": "Seed 001 published no results; the equilibrium player is ours.",
        "plan": {
            "game": "footsies",
            "entrants": [
                "random",
                "footsies-counter",
                "footsies-bayesian",
                "footsies-mcts",
                "footsies-nash",
            ],
            "format": "roundrobin",
            "games_per_pairing": 40,
        },
        "published": {},
    },
}


def available() -> dict[str, dict[str, Any]]:
    known = set(agents.core.AGENTS)
    out = {}
    for slug, preset in PRESETS.items():
        names = {spec.split(":")[0] for spec in preset["plan"]["entrants"]}
        if names <= known:
            out[slug] = preset
    return out


def published_pairs(preset: dict[str, Any]) -> list[dict[str, Any]]:
    """[{agent, vs, win_rate}] for the results page."""
    return [
        {"agent": agent.rstrip(":"), "vs": fig["vs"], "win_rate": fig["win_rate"]}
        for agent, fig in preset.get("published", {}).items()
    ]
