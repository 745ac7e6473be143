"""What an AI weighed, in the game's own words (issue 10's "why?" panel).

A decision's stored thinking (``Decision.thinking``, bounded JSON) is made readable for
people: a headline saying how the agent chose, its candidate moves as the game words them
(``describe_move``) with their figures in plain text, and a few notes. The raw JSON stays
available to bot writers, and any thinking exports as GraphML (``agents.search.graphml``;
thinking with no search tree is exported as a one-level tree of its candidates).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import State, describe_text_move

#: Candidate moves shown in words (the raw JSON has them all).
SHOWN = 8


def move_words(state: State, code: Any) -> str:
    """The game's own sentence for the move ``code`` (its text form) at ``state``; the
    code itself when the game has no words for it (``games.core.describe_text_move``)."""
    return describe_text_move(state, str(code))


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
    games won (a draw counting half); a figure outside [−1, 1] is a heuristic score
    with no unit a player knows, so it is called that rather than shown bare."""
    if abs(value) > 1:
        return f"scores {_num(value).lstrip('+')} on its own scale"
    if _is_number(visits) and visits > 0:
        won = round((1 + value) / 2 * visits)
        return f"about {won} of {visits} simulated games won"
    share = f"{100 * (1 + value) / 2:.0f} %"
    return f"expected result {share}" + (" (exact)" if exact else "")


def figures(m: Mapping[str, Any]) -> str:
    """A candidate's figures in words: "about 48 of 50 simulated games won"."""
    parts = []
    if "p_win" in m:
        parts.append(f"wins the battle {_pct(m['p_win'])}")
    if "p_hold" in m and m.get("p_hold") != m.get("p_win"):
        parts.append(f"holds the territory {_pct(m['p_hold'])}")
    sampled = "playouts" in m
    if _is_number(m.get("value")):
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


def notes(t: Mapping[str, Any], state: State, stats: Mapping[str, Any]) -> list[str]:
    out = []
    mix = t.get("mix")
    if isinstance(mix, Mapping):
        out.append(
            "Its mix: "
            + ", ".join(f"{move_words(state, m)} {_pct(p)}" for m, p in mix.items() if p)
            + "."
        )
    predicted = t.get("predicted")
    if isinstance(predicted, str):
        out.append(f"It expected the opponent to play {move_words(state, predicted)}.")
    plans = t.get("plans")
    if isinstance(plans, list) and plans and isinstance(plans[0], Mapping):
        steps = [move_words(state, m) for m in plans[0].get("plan", [])][:1]
        more = len(plans[0].get("plan", [])) - 1
        if steps:
            out.append(
                f"Its best plan starts with {steps[0]}"
                + (f" and {more} more step{'s' if more != 1 else ''}" if more > 0 else "")
                + f" (it scores {_num(plans[0].get('score')).lstrip('+')} on the planner's own"
                " scale, higher is better)."
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
    t = decision.get("thinking") or {}
    stats = decision.get("stats") or {}
    if not isinstance(t, Mapping):
        t = {}
    moves = [m for m in t.get("moves") or [] if isinstance(m, Mapping) and "move" in m]
    candidates = [
        {
            "move": str(m["move"]),
            "text": move_words(state, m["move"]),
            "figures": figures(m),
            "played": played is not None and str(m["move"]) == played,
        }
        for m in moves[:SHOWN]
    ]
    return {
        "seat": seat,
        "name": name,
        "headline": headline(t, name),
        "played": None if played is None else move_words(state, played),
        # How the page labels that move: what was played, or (analyse from here) chosen.
        "verb": "Played",
        "candidates": candidates,
        "more": max(0, len(moves) - SHOWN),
        "notes": notes(t, state, stats),
        "tree": isinstance(t.get("tree"), Mapping),
    }


def as_tree(thinking: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """A search tree for GraphML: the agent's own, else its candidates one level deep."""
    if isinstance(thinking.get("tree"), Mapping) and "actor" in thinking["tree"]:
        return dict(thinking["tree"])
    children = []
    for m in thinking.get("moves") or []:
        if isinstance(m, Mapping) and "move" in m:
            value = m.get("value", m.get("mean"))
            children.append(
                {
                    "move": str(m["move"]),
                    "actor": "leaf",
                    "value": value if isinstance(value, int | float) else None,
                    "visits": m.get("visits", m.get("playouts")),
                    "p": m.get("p"),
                    "children": [],
                }
            )
    return {"move": None, "actor": f"seat {seat}", "children": children}
