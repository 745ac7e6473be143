"""What an AI weighed, in the game's own words (the replay's "why?" panel).

A decision's stored thinking (``Decision.thinking``, bounded JSON) is made readable for
people: a headline saying how the agent chose, its candidate moves as the game words them
(``describe_move``) with their figures in plain text, and a few notes. The raw JSON stays
available to bot writers, and any thinking exports as GraphML (``agents.search.graphml``;
thinking with no search tree is exported as a one-level tree of its candidates).

Thinking is shown only through ``fitted``: the documented shape (docs/bot-api.md,
"Thinking"), with everything else dropped. An outside bot's thinking is its own JSON, so
``{"moves": 5}`` or a tree whose children are numbers must neither break the panel nor
the download, whether it arrives now or was stored before it was checked.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from agents.search.thinking import OWN_SCALE
from games.core import State, describe_text_move

#: Candidate moves shown in words (the raw JSON has them all).
SHOWN = 8
#: The opponent's likeliest moves named, of a predicted mix.
PREDICTED_SHOWN = 3

#: The documented shape of thinking (docs/bot-api.md, "Thinking"): each known field and
#: what it holds. Any other field is kept only as a short note (text, number, true/false).
TEXTS = ("algorithm", "rule", "method", "position", "scale")
NUMBERS = (
    "iterations", "legal_moves", "candidates", "attacks", "playouts_per_move", "depth", "nodes",
)  # fmt: skip
FLAGS = ("forced",)
#: A candidate in ``moves``: its move and these figures.
MOVE_NUMBERS = (
    "value", "mean", "p", "p_win", "p_hold", "round", "visits", "playouts", "wins", "kills",
)  # fmt: skip
#: A search tree node: ``move``, ``actor``, these figures, ``bound`` and ``children``.
NODE_NUMBERS = ("value", "visits", "p")
#: Bounds of what is kept: candidates, mix entries, plans and their steps, notes, the
#: tree's levels and nodes, and the characters of a text.
MAX_MOVES, MAX_MIX, MAX_PLANS, MAX_STEPS, MAX_NOTES = 100, 100, 10, 50, 30
TREE_LEVELS, TREE_NODES = 8, 1000
MAX_TEXT = 1000


def _text(value: Any, limit: int = MAX_TEXT) -> str | None:
    """A text that fits: a string of at most ``limit`` characters, none of them a control
    character XML cannot carry (the GraphML export) or PostgreSQL cannot store (NUL)."""
    if not isinstance(value, str) or len(value) > limit:
        return None
    if any(ord(c) < 32 and c not in "\t\n\r" for c in value):
        return None
    return value


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value if math.isfinite(value) else None


def _scalar(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    found = _number(value)
    return found if found is not None else _text(value, 200)


def _fields(source: Mapping, names, kind) -> dict[str, Any]:
    kept = {}
    for name in names:
        value = kind(source.get(name))
        if value is not None:
            kept[name] = value
    return kept


def _flag(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _odds(moves: Mapping) -> dict[str, int | float]:
    """A mix (or a prediction): move texts to numbers."""
    pairs = list(moves.items())[:MAX_MIX]
    return {m: p for m, p in pairs if _text(m, 100) is not None and _number(p) is not None}


def _candidate(m: Any) -> dict[str, Any] | None:
    if not isinstance(m, Mapping):
        return None
    move = _text(m.get("move"), 100) if not isinstance(m.get("move"), int) else m["move"]
    if move is None or isinstance(move, bool):
        return None
    return {"move": move, **_fields(m, MOVE_NUMBERS, _number), **_fields(m, ("exact",), _flag)}


def _plan(p: Any) -> dict[str, Any] | None:
    if not isinstance(p, Mapping) or not isinstance(p.get("plan"), list):
        return None
    steps = [_text(step, 100) for step in p["plan"][:MAX_STEPS]]
    return {"plan": [s for s in steps if s is not None], **_fields(p, ("score",), _number)}


def _node(node: Any, level: int, budget: list[int]) -> dict[str, Any] | None:
    """A tree node that fits, its children cut at ``TREE_LEVELS`` levels and the whole
    tree at ``TREE_NODES`` nodes (``budget`` counts what is left)."""
    if not isinstance(node, Mapping) or budget[0] <= 0:
        return None
    actor = _text(node.get("actor"), 100)
    if actor is None:
        return None
    budget[0] -= 1
    move = node.get("move")
    kept: dict[str, Any] = {"move": None if move is None else _text(move, 200), "actor": actor}
    kept.update(_fields(node, NODE_NUMBERS, _number))
    kept.update(_fields(node, ("bound",), lambda v: _text(v, 40)))
    children = node.get("children")
    if isinstance(children, list):
        below = children if level < TREE_LEVELS else []
        kept["children"] = [c for c in (_node(c, level + 1, budget) for c in below) if c]
    return kept


def fitted(thinking: Any) -> dict[str, Any]:
    """What of ``thinking`` fits the documented shape; the rest is dropped. Agents'
    thinking fits as it is; an outside bot's is stored only as this."""
    if not isinstance(thinking, Mapping):
        return {}
    t = thinking
    kept: dict[str, Any] = {}
    kept.update(_fields(t, TEXTS, _text))
    kept.update(_fields(t, NUMBERS, _number))
    kept.update(_fields(t, FLAGS, _flag))
    if isinstance(t.get("moves"), list):
        kept["moves"] = [c for c in map(_candidate, t["moves"][:MAX_MOVES]) if c is not None]
    if isinstance(t.get("mix"), Mapping):
        kept["mix"] = _odds(t["mix"])
    predicted = t.get("predicted")
    if isinstance(predicted, Mapping):
        kept["predicted"] = _odds(predicted)
    elif _text(predicted, 100) is not None:
        kept["predicted"] = predicted
    if isinstance(t.get("plans"), list):
        kept["plans"] = [p for p in map(_plan, t["plans"][:MAX_PLANS]) if p is not None]
    tree = _node(t.get("tree"), 0, [TREE_NODES])
    if tree is not None:
        kept["tree"] = tree
    known = {*TEXTS, *NUMBERS, *FLAGS, "moves", "mix", "predicted", "plans", "tree"}
    notes = [(k, v) for k, v in t.items() if k not in known and _text(k, 40) is not None]
    for key, value in notes[:MAX_NOTES]:
        note = _scalar(value)
        if note is not None:
            kept[key] = note
    return kept


def move_words(state: State, code: Any, seat: int | None = None) -> str:
    """The game's own sentence for the move ``code`` (its text form) at ``state``; the
    code itself when the game has no words for it (``games.core.describe_text_move``).
    ``seat``: whose move it is, so a blind choice names its chooser."""
    return describe_text_move(state, str(code), seat)


def _num(x: Any, digits: int = 3) -> str:
    if isinstance(x, bool) or not isinstance(x, int | float):
        return str(x)
    if isinstance(x, int) or float(x).is_integer():
        return f"{int(x):+d}" if x else "0"
    return f"{x:+.{digits}f}".rstrip("0").rstrip(".")


def _pct(p: Any) -> str:
    return f"{100 * float(p):.0f} %" if isinstance(p, int | float) else str(p)


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def value_words(value: float, visits: Any = None, exact: bool = False) -> str:
    """A value in a player's words. Agents report results from the mover's side as
    +1 a win, −1 a loss, 0 a draw, so a mean over n simulated games is a count of
    games won (a draw counting half). Heuristic scores (outside [−1, 1]) have no unit a
    player knows: :func:`ranks` words them as places instead."""
    if abs(value) > 1:
        return "scored on the agent's own scale"
    if _is_number(visits) and visits > 0:
        won = round((1 + value) / 2 * visits)
        return f"about {won} of {visits} simulated games won"
    return f"expected result {_share(value)}" + (" (exact)" if exact else "")


def _share(value: float) -> str:
    """A value on −1..+1 as the share of games it stands for: +0.2 is "60 %"."""
    return f"{100 * (1 + value) / 2:.0f} %"


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def heuristic(values: list[Any]) -> bool:
    """Whether candidates' values are a heuristic score rather than results in [−1, 1]
    (one candidate outside that range puts the whole list on the agent's own scale)."""
    return any(_is_number(v) and abs(v) > 1 for v in values)


def ranks(values: list[Any]) -> list[str | None]:
    """Heuristic scores as places: "its top choice by its own scoring", "3rd of 5 by
    its own scoring" (higher is better; equal scores share a place). No bare figure
    such as "+658" or "−4103": it means nothing to a player."""
    numbers = [v for v in values if _is_number(v)]
    out: list[str | None] = []
    for v in values:
        if not _is_number(v):
            out.append(None)
            continue
        place = 1 + sum(1 for w in numbers if w > v)
        if place == 1:
            out.append("its top choice by its own scoring")
        else:
            out.append(f"{_ordinal(place)} of {len(numbers)} by its own scoring")
    return out


def figures(m: Mapping[str, Any], rank: str | None = None) -> str:
    """A candidate's figures in words: "about 48 of 50 simulated games won";
    ``rank`` replaces a heuristic value (see :func:`ranks`)."""
    parts = []
    if "p_win" in m:
        parts.append(f"wins the battle {_pct(m['p_win'])}")
    if "p_hold" in m and m.get("p_hold") != m.get("p_win"):
        parts.append(f"holds the territory {_pct(m['p_hold'])}")
    sampled = "playouts" in m
    if rank is not None:
        parts.append(rank)
    elif _is_number(m.get("value")) and _is_number(m.get("round")):
        # A swing size chosen for the match: its value is the match's chance.
        parts.append(f"wins the match {_share(float(m['value']))}")
    elif _is_number(m.get("value")):
        visits = None if sampled else m.get("visits")
        parts.append(value_words(float(m["value"]), visits, bool(m.get("exact"))))
    elif "value" in m and m["value"] is not None:
        parts.append(f"value {m['value']}")
    if _is_number(m.get("mean")) and "value" not in m and not ("wins" in m and sampled):
        parts.append(value_words(float(m["mean"])))
    if sampled:
        if _is_number(m.get("wins")):
            parts.append(f"{_num(m['wins']).lstrip('+')} of {m['playouts']} playouts won")
        else:
            parts.append(f"{m['playouts']} playouts")
    if _is_number(m.get("round")):  # a swing size chosen for the match: this round's share
        parts.append(f"wins this round {_pct(m['round'])}")
    if "p" in m:
        parts.append(f"played {_pct(m['p'])} of the time")
    if "kills" in m and m["kills"]:
        parts.append(f"removes {m['kills']} piece{'s' if m['kills'] != 1 else ''}")
    return " · ".join(parts)


def headline(t: Mapping[str, Any], name: str) -> str:
    """How the agent chose, in one sentence."""
    algorithm = str(t.get("algorithm", ""))
    n = t.get("legal_moves") or t.get("candidates") or t.get("attacks")
    if t.get("forced"):
        return f"{name} had only one move."
    if set(t) == {"legal_moves"}:
        return f"{name} picked at random among {n} legal moves."
    if "rule" in t:
        return f"{name} follows a rule: {t['rule']}."
    if "method" in t:  # how it chose, in a player's words (Button Men's book, endgames)
        return f"{name} chose {t['method']}."
    if algorithm == "mcts":
        return (
            f"{name} searched a tree of possible futures ({t.get('iterations', '?')} "
            f"iterations over {n} moves) and picked the most visited move."
        )
    if algorithm == "montecarlo":
        k = t.get("playouts_per_move", "?")
        return (
            f"{name} played {k} random game{'' if k == 1 else 's'} to the end after "
            f"each of {n} moves and picked the one that won most."
        )
    if algorithm == "expectimax":
        return (
            f"{name} looked {t.get('depth', '?')} move(s) ahead, averaging over the dice "
            f"({t.get('nodes', '?')} positions), and picked the best expected value."
        )
    if algorithm == "footsies-nash":
        return f"{name} plays the solved game's mix ({t.get('position', 'this position')})."
    if algorithm:
        who = name if algorithm in name else f"{name} ({algorithm})"
        return f"{who} weighed {n or 'its'} moves."
    return f"{name} weighed its moves."


def notes(
    t: Mapping[str, Any], state: State, stats: Mapping[str, Any], seat: int | None = None
) -> list[str]:
    """What else the agent of ``seat`` said: its mix, what it expected the opponent to
    play, its best plan, a failure, its time."""
    out = []
    # The opponent of a two-player game, who chose what it expected (a blind choice is
    # worded with its chooser's name).
    other = 1 - seat if seat is not None and state.num_players == 2 else None
    mix = t.get("mix")
    if isinstance(mix, Mapping):
        out.append(
            "Its mix: "
            + ", ".join(f"{move_words(state, m, seat)} {_pct(p)}" for m, p in mix.items() if p)
            + "."
        )
    predicted = t.get("predicted")
    if isinstance(predicted, str):
        out.append(f"It expected the opponent to play {move_words(state, predicted, other)}.")
    elif isinstance(predicted, Mapping) and predicted:
        # A belief over the opponent's moves (Footsies' mix, a Button Men opponent's
        # hidden swing size): its likeliest few, with their chances.
        likely = sorted(predicted.items(), key=lambda item: item[1], reverse=True)
        shown = [f"{move_words(state, m, other)} ({_pct(p)})" for m, p in likely[:PREDICTED_SHOWN]]
        rest = " and less likely others" if len(likely) > PREDICTED_SHOWN else ""
        out.append(f"What it expected the opponent to play: {', '.join(shown)}{rest}.")
    plans = t.get("plans")
    if isinstance(plans, list) and plans and isinstance(plans[0], Mapping):
        steps = [move_words(state, m, seat) for m in plans[0].get("plan", [])][:1]
        more = len(plans[0].get("plan", [])) - 1
        if steps:
            out.append(
                f"Its best plan starts with {steps[0]}"
                + (f" and {more} more step{'s' if more != 1 else ''}" if more > 0 else "")
                + f" (the best of the {len(plans)} plan{'s' if len(plans) != 1 else ''} it"
                " scored)."
            )
    if stats.get("fallback"):
        reason = stats.get("reason") or stats.get("error") or stats["fallback"]
        out.append(f"Its own choice failed ({reason}); a random legal move was played.")
    if isinstance(stats.get("seconds"), int | float):
        out.append(f"It thought for {stats['seconds']:.2f} s.")
    return out


def readable(
    state: State, seat: int, decision: Mapping[str, Any], played: str | None, name: str
) -> dict[str, Any]:
    """The decision of ``seat`` at ``state`` (the position it chose in) for people."""
    t = fitted(decision.get("thinking"))
    stats = decision.get("stats")
    if not isinstance(stats, Mapping):
        stats = {}
    moves = t.get("moves", [])
    values = [m.get("value") for m in moves]
    # Values are expected results (+1 a win) unless the agent says they are its own
    # score, or one of them could not be a result.
    own = t.get("scale") == OWN_SCALE or heuristic(values)
    places = ranks(values) if own else [None] * len(moves)
    candidates = [
        {
            "move": str(m["move"]),
            "text": move_words(state, m["move"], seat),
            "figures": figures(m, place),
            "played": played is not None and str(m["move"]) == played,
        }
        for m, place in zip(moves[:SHOWN], places, strict=False)
    ]
    return {
        "seat": seat,
        "name": name,
        "headline": headline(t, name),
        "played": None if played is None else move_words(state, played, seat),
        # How the page labels that move: what was played, or (analyse from here) chosen.
        "verb": "Played",
        "candidates": candidates,
        "more": max(0, len(moves) - SHOWN),
        "notes": notes(t, state, stats, seat),
        "tree": isinstance(t.get("tree"), Mapping),
    }


def as_tree(thinking: Any, seat: int) -> dict[str, Any]:
    """A search tree for GraphML: the agent's own, else its candidates one level deep
    (of any stored thinking: what does not fit the shape is left out)."""
    t = fitted(thinking)
    if "tree" in t:
        return t["tree"]
    children = [
        {
            "move": str(m["move"]),
            "actor": "leaf",
            "value": m.get("value", m.get("mean")),
            "visits": m.get("visits", m.get("playouts")),
            "p": m.get("p"),
            "children": [],
        }
        for m in t.get("moves", [])
    ]
    return {"move": None, "actor": f"seat {seat}", "children": children}
