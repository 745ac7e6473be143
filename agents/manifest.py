"""What the agents know about one game, reached from one place: ``manifest(slug)``.

The facts stay in the tables their owners tune (the evaluation's and fast playout's
dotted paths, the analysis policy, the levels, the ladder); this module gathers them
per game, says which slots a game must fill, and lists what a game lacks
(``problems``), so that a game missing from a table is caught by a test rather than
falling back silently. ``webapp.matches.gamebook`` adds the site's half (renderer,
rules page, picture, keys help, default opponent); docs/adding-a-game.md walks both.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import games
from agents.analyse import policy
from agents.core import AGENTS
from agents.core.registry import FAMILIES
from agents.levels import LADDER_GAMES, Level, levels
from agents.search.evaluation import EVALUATIONS
from agents.search.rollout import FAST_PLAYOUTS


@dataclass(frozen=True)
class AgentManifest:
    slug: str
    #: ``agents/<family>/registry.py`` lists the game's own agents (FAMILIES); None for a
    #: game played by the generic agents only (optional).
    family: str | None
    #: Expectimax's evaluation, "module:function" (EVALUATIONS).
    evaluation: object | None
    #: The engine's whole-game playout, "module:function", or None: the generic playout
    #: is used (optional: a speed-up only, FAST_PLAYOUTS).
    fast_playout: str | None
    #: The analysis: who judges, who plays out, and where playouts stop (policy).
    judge: str
    playout: str
    horizon: int | None
    leaf_scale: float | None
    #: The named levels, weakest first, and the ladder's games per pairing.
    levels: tuple[Level, ...]
    ladder_games: int | None

    @property
    def agents(self) -> list[str]:
        """The agents registered for this game alone (its family's registry)."""
        return [name for name in AGENTS if name.startswith(f"{self.slug}-")]


def manifest(slug: str) -> AgentManifest:
    games.get(slug)  # KeyError for a game that is not registered
    return AgentManifest(
        slug=slug,
        family=slug if slug in FAMILIES else None,
        evaluation=EVALUATIONS.get(slug),
        fast_playout=FAST_PLAYOUTS.get(slug),
        judge=policy.judge_spec(slug),
        playout=policy.playout_spec(slug),
        horizon=policy.HORIZON.get(slug),
        leaf_scale=policy.LEAF_SCALE.get(slug),
        levels=tuple(levels(slug)),
        ladder_games=LADDER_GAMES.get(slug),
    )


def _loads(path: object) -> bool:
    if callable(path):
        return True
    module, _, attr = str(path).partition(":")
    try:
        return callable(getattr(importlib.import_module(module), attr, None))
    except ImportError:
        return False


def problems(m: AgentManifest) -> list[str]:
    """The slots a game leaves empty or fills with something that does not load."""
    found = []
    if m.evaluation is None:
        found.append("evaluation: not in agents.search.evaluation.EVALUATIONS")
    elif not _loads(m.evaluation):
        found.append(f"evaluation: {m.evaluation!r} does not load")
    if m.fast_playout is not None and not _loads(m.fast_playout):
        found.append(f"fast_playout: {m.fast_playout!r} does not load")
    if m.slug not in policy.STRONGEST and f"{m.slug}-best" not in AGENTS:
        found.append("judge: neither a <slug>-best agent nor policy.STRONGEST")
    if m.slug not in policy.PLAYOUT:
        found.append("playout: not in agents.analyse.policy.PLAYOUT")
    for spec in (m.judge, m.playout):
        if spec.partition(":")[0] not in AGENTS and spec != "buttonmen-conversion":
            found.append(f"analysis policy: {spec!r} is no registered agent")
    if (m.horizon is None) != (m.leaf_scale is None):
        found.append("horizon and leaf_scale: both or neither (policy.HORIZON, LEAF_SCALE)")
    if not m.levels:
        found.append("levels: none (agents.levels.CHOSEN or a <slug>-best agent)")
    for lv in m.levels:
        if lv.spec.partition(":")[0] not in AGENTS:
            found.append(f"levels: {lv.spec!r} is no registered agent")
    if m.ladder_games is None:
        found.append("ladder_games: not in agents.levels.LADDER_GAMES")
    return found
