"""The designer's weighted greedy AI for The Octagon Theory (docs/games/octagon.md, Agent).

One ply, no look-ahead: every empty cell (top-left to bottom-right), every piece the
player still holds, every orientation. A candidate is worth its cell's position weight
plus, for each piece the placement would displace, a kill value or a push value:

- an opponent piece killed: ``kill`` (34), or ``endgame_kill`` (68) during the last
  ``endgame`` share (20 %) of the game's placements;
- an opponent piece pushed to a cell of lower safety: ``+push`` (5); of higher safety:
  ``-push``; of equal safety: 0;
- an own piece moved or killed by cannoning: the same amounts with the opposite sign.

All maximal candidates are kept and one is drawn uniformly with the decision's rng.

The piece economy (a design Decision, docs/games/octagon.md): a limited piece (2, 4 or 8) is considered only
if its value beats the best 1-piece value by at least one kill value, or when the
player's remaining placements do not exceed its remaining limited pieces (from then on
they could all be spent, so they compete on value alone). Among equal values the weaker
piece is preferred. This is why the scan adds up each cell's eight directions once: the
lines of a piece's arrows never share a cell, so a piece's value is the sum of its
arrows' values, as the designer's step 4-5 adds up "temporary kill values".
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.search.thinking import OWN_SCALE
from games.octagon.moves import Move, move_table, move_to_text
from games.octagon.pieces import SPEC_ARROWS
from games.octagon.push import displacements
from games.octagon.state import OctagonState

#: Rows of the thinking table.
TOP_MOVES = 10


@dataclass(frozen=True)
class Effect:
    """What one placement (or one of its arrows) displaces, counted by kind."""

    kills: int = 0  # opponent pieces killed
    down: int = 0  # opponent pieces pushed to a lower-safety cell
    up: int = 0  # opponent pieces pushed to a higher-safety cell
    own_lost: int = 0  # own pieces killed by cannoning
    own_down: int = 0  # own pieces moved to a lower-safety cell
    own_up: int = 0  # own pieces moved to a higher-safety cell

    def __add__(self, other: Effect) -> Effect:
        return Effect(
            self.kills + other.kills,
            self.down + other.down,
            self.up + other.up,
            self.own_lost + other.own_lost,
            self.own_down + other.own_down,
            self.own_up + other.own_up,
        )


NOTHING = Effect()


@dataclass(frozen=True)
class Candidate:
    """One (cell, piece, orientation) the scan weighed, with its value's parts."""

    move: Move
    position: float  # the scaled position weight of the cell
    kill_points: float  # kills, own losses included (signed)
    push_points: float  # pushes, own pieces included (signed)
    noise: float
    effect: Effect

    @property
    def kind(self) -> int:
        return self.move[2]

    @property
    def value(self) -> float:
        return self.position + self.kill_points + self.push_points + self.noise

    def to_json(self) -> dict[str, Any]:
        e = self.effect
        return {
            "move": move_to_text(self.move),
            "value": round(self.value, 4),
            "position": round(self.position, 4),
            "kills": e.kills,
            "kill_points": self.kill_points,
            "pushes": {"down": e.down, "up": e.up},
            "push_points": self.push_points,
            "own": {"lost": e.own_lost, "down": e.own_down, "up": e.own_up},
            **({"noise": round(self.noise, 4)} if self.noise else {}),
        }


def is_endgame(state: OctagonState, share: float) -> bool:
    """Whether the placement about to be made is in the game's last ``share`` of placements
    (the last 6 of 30 with the default 0.2)."""
    return state.turns - state.made <= round(share * state.turns)


def arrow_effect(state: OctagonState, seat: int, cell: int, direction: int) -> Effect:
    """What one arrow of a piece placed at ``cell`` by ``seat`` would displace."""
    board = state.geometry
    safety = board.safety
    moved = displacements(state.board, board.step, cell, seat, (direction,), state.chain_mode)
    kills = down = up = own_lost = own_down = own_up = 0
    for here, to, code in moved:
        mine = (code & 1) == seat
        if to < 0:
            if mine:
                own_lost += 1
            else:
                kills += 1
        elif safety[to] < safety[here]:
            if mine:
                own_down += 1
            else:
                down += 1
        elif safety[to] > safety[here]:
            if mine:
                own_up += 1
            else:
                up += 1
    if not (kills or down or up or own_lost or own_down or own_up):
        return NOTHING
    return Effect(kills, down, up, own_lost, own_down, own_up)


class WeightedGreedyAgent(Agent):
    name = "octagon-greedy"
    description = (
        "The designer's weighted greedy AI: one-ply scan of every cell, piece and "
        "orientation; safe cells, kills (+34, +68 near the end) and pushes (+/-5)."
    )
    games = ("octagon",)
    params = {
        "kill": 34,
        "endgame_kill": 68,
        "push": 5,
        "endgame": 0.2,  # share of the game's placements where endgame_kill applies
        "position_scale": 1.0,  # the personality knob on the position term
        "noise": 0.0,  # standard deviation of random points added to each candidate
        "economy": True,  # the piece economy rule (off: limited pieces compete freely)
    }
    limits = {
        "kill": (-10_000, 10_000),
        "endgame_kill": (-10_000, 10_000),
        "push": (-10_000, 10_000),
        "endgame": (0.0, 1.0),
        "position_scale": (0.0, 1_000.0),
        "noise": (0.0, 10_000.0),
    }
    budget_note = "instant (one ply)"
    instant = True

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.noise < 0 or self.position_scale < 0 or not 0 <= self.endgame <= 1:
            raise ValueError(
                "agent 'octagon-greedy': noise and position_scale must be >= 0, "
                "endgame a share from 0 to 1"
            )

    def kill_value(self, state: OctagonState) -> int:
        return self.endgame_kill if is_endgame(state, self.endgame) else self.kill

    def candidates(
        self, state: OctagonState, seat: int, rng: random.Random | None = None
    ) -> list[Candidate]:
        """Every legal placement, valued, in the scan's order (the legal-move order:
        cells row-major, then kind, then orientation). ``rng`` draws the noise."""
        board = state.geometry
        safety = board.safety
        low = min(safety[i] for i in board.cells)
        kill, push, scale = self.kill_value(state), self.push, self.position_scale
        table = move_table(board)
        usable = state._usable_specs(seat)
        noisy = self.noise > 0 and rng is not None
        found: list[Candidate] = []
        for cell in state.empties:
            arrows = [arrow_effect(state, seat, cell, d) for d in range(8)]
            position = (safety[cell] - low) * scale
            for spec in usable:
                effect = NOTHING
                for d in SPEC_ARROWS[spec]:
                    if arrows[d] is not NOTHING:
                        effect = effect + arrows[d]
                found.append(
                    Candidate(
                        move=table[cell][spec],
                        position=position,
                        kill_points=kill * (effect.kills - effect.own_lost),
                        push_points=push
                        * (effect.down - effect.up - effect.own_down + effect.own_up),
                        noise=rng.gauss(0.0, self.noise) if noisy else 0.0,
                        effect=effect,
                    )
                )
        return found

    def eligible(
        self, state: OctagonState, seat: int, found: list[Candidate]
    ) -> tuple[list[Candidate], dict[str, Any]]:
        """The candidates the piece economy lets through, and why."""
        best_single = max((c.value for c in found if c.kind == 1), default=None)
        left = state.placements_left(seat)
        limited = sum(state.stock[seat].values())
        spend_out = left <= limited
        kill = self.kill_value(state)
        why: dict[str, Any] = {
            "best_1_piece": None if best_single is None else round(best_single, 4),
            "placements_left": left,
            "limited_left": limited,
            "spend_out": spend_out,
        }
        if not self.economy or spend_out or best_single is None:
            return found, why
        threshold = best_single + kill
        why["limited_needs"] = round(threshold, 4)
        return [c for c in found if c.kind == 1 or c.value >= threshold], why

    def act(self, state: OctagonState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        found = self.candidates(state, seat, rng)
        allowed, economy = self.eligible(state, seat, found)
        best = max(c.value for c in allowed)
        tied = [c for c in allowed if c.value == best]
        weakest = min(c.kind for c in tied)
        tied = [c for c in tied if c.kind == weakest]
        chosen = rng.choice(tied)
        # Stable sort: equal values keep the scan order, as the designer's list does.
        ranked = sorted(allowed, key=lambda c: c.value, reverse=True)[:TOP_MOVES]
        thinking = {
            "algorithm": self.name,
            "scale": OWN_SCALE,  # position weights and kill points, not results
            "kill_value": self.kill_value(state),
            "endgame": is_endgame(state, self.endgame),
            "candidates": len(found),
            "eligible": len(allowed),
            "tied": len(tied),
            "chosen": chosen.to_json(),
            "economy": economy,
            "moves": [c.to_json() for c in ranked],
        }
        return Decision(chosen.move, thinking, {"candidates": len(found)})
