"""People's habits at Footsies: a panel of habit players, and its measurement.

People are not at equilibrium. Studies of people playing rock-paper-scissors (Wang, Xu
and Zhou 2014, "Social cycling and conditional responses in the Rock-Paper-Scissors
game") find them repeating a favourite, cycling, answering the last move, staying
after a win and shifting after a loss, and counting what the other side plays. Each
player here has one such habit, or switches between several during a match, and
follows it except for a share ``noise`` of its moves, drawn uniformly (people are not
machines either). Their memory is the whole match, across rounds: a person does not
forget the last exchange because the round ended.

A habit reads the match so far from the player's own side: its moves, the opponent's,
and how each exchange went for it (``+1`` it won the round or landed a hit, ``-1`` the
opposite, ``0`` neither). What beats what is the plain table a newcomer learns: Dragon
Punch beats Attack and Grab, Grab beats Block, Block beats Dragon Punch (``ANSWER``).

The panel (``PANEL``) is fixed before any agent is tuned against it, and so are its
seeds: ``TUNING_SEEDS`` for trying settings, ``FINAL_SEED`` for the one measurement a
result is quoted from. It plays on the lobby's rules (first to 3 of 5 rounds of at most
20 turns), seats alternating, every game from its own seed::

    python -m agents.footsies.habits --agent footsies-best --games 200 --seed habits-final

prints each habit player's result and the pooled one (``--json`` for the record).
These players are not registered agents: they are a yardstick, not lobby opponents.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agents.core import Agent, Budget, Decision, get
from agents.core.seeding import derive_seed
from agents.match import play_match
from agents.stats import wilson_interval
from games.core import SIMULTANEOUS
from games.footsies import ATTACK, BLOCK, DRAGON_PUNCH, GRAB, MOVES
from games.footsies.state import FootsiesState

#: What wins outright against each move (docs/games/footsies.md, the resolution table).
ANSWER = {ATTACK: DRAGON_PUNCH, BLOCK: GRAB, GRAB: DRAGON_PUNCH, DRAGON_PUNCH: BLOCK}

#: The lobby's rules (``webapp.matches.lobby.LOBBY_OPTION_DEFAULTS``): people's rules.
LOBBY = {"rounds": 5, "max_turns": 20}

#: Seeds for trying settings against the panel; never the final seed.
TUNING_SEEDS = ("habits-tune-1", "habits-tune-2", "habits-tune-3")
#: The seed the panel's quoted result is measured on (used for nothing else).
FINAL_SEED = "habits-final"
#: The share of a habit player's moves drawn uniformly instead of by its habit.
NOISE = 0.2


@dataclass(frozen=True)
class Exchange:
    """One exchange from the habit player's side."""

    own: str
    opp: str
    went: int  # +1 it won the round or landed a hit, -1 the opposite, 0 neither
    round_over: bool  # the exchange ended a round
    lost_round: bool


#: A habit: the match so far (oldest first) -> a move, or None for a uniformly random one.
Habit = Callable[[list[Exchange]], str | None]


def repeat(move: str) -> Habit:
    """Always the same favourite."""
    return lambda history: move


def sticky(history: list[Exchange]) -> str | None:
    """Whatever it played last (a run of the same move until noise breaks it)."""
    return history[-1].own if history else None


def cycle(*sequence: str) -> Habit:
    """The move after its own last one in ``sequence`` (the first if off it)."""

    def habit(history: list[Exchange]) -> str | None:
        if not history or history[-1].own not in sequence:
            return sequence[0]
        return sequence[(sequence.index(history[-1].own) + 1) % len(sequence)]

    return habit


def answer_last(history: list[Exchange]) -> str | None:
    """What beats the opponent's last move."""
    return ANSWER[history[-1].opp] if history else None


def copy_last(history: list[Exchange]) -> str | None:
    """The opponent's last move (it worked for them)."""
    return history[-1].opp if history else None


def win_stay_lose_shift(history: list[Exchange]) -> str | None:
    """Stay after a good exchange, answer what beat it after a bad one, and move on
    along Block, Grab, Dragon Punch after one where nothing happened."""
    if not history:
        return None
    last = history[-1]
    if last.went > 0:
        return last.own
    if last.went < 0:
        return ANSWER[last.opp]
    return cycle(BLOCK, GRAB, DRAGON_PUNCH)(history)


def frequency(history: list[Exchange]) -> str | None:
    """What beats the opponent's most frequent move so far (ties: the latest seen)."""
    if not history:
        return None
    counts: dict[str, int] = {}
    for exchange in history:
        counts[exchange.opp] = counts.get(exchange.opp, 0) + 1
    top = max(counts.values())
    latest = next(e.opp for e in reversed(history) if counts[e.opp] == top)
    return ANSWER[latest]


def switch_every(exchanges: int, *habits: Habit) -> Habit:
    """Each habit in turn for ``exchanges`` exchanges, then the next (round and round)."""
    return lambda history: habits[(len(history) // exchanges) % len(habits)](history)


def switch_on_loss(*habits: Habit) -> Habit:
    """One habit until it loses a round, then the next (round and round)."""

    def habit(history: list[Exchange]) -> str | None:
        lost = sum(1 for e in history if e.lost_round)
        return habits[lost % len(habits)](history)

    return habit


#: The panel: name -> habit, each played with ``NOISE``. Fixed before any tuning.
PANEL: dict[str, Habit] = {
    "repeat-B": repeat(BLOCK),
    "repeat-G": repeat(GRAB),
    "repeat-DP": repeat(DRAGON_PUNCH),
    "repeat-A": repeat(ATTACK),
    "sticky": sticky,
    "cycle-B-G-DP": cycle(BLOCK, GRAB, DRAGON_PUNCH),
    "cycle-DP-G-B": cycle(DRAGON_PUNCH, GRAB, BLOCK),
    "cycle-A-B-G-DP": cycle(ATTACK, BLOCK, GRAB, DRAGON_PUNCH),
    "alternate-B-G": cycle(BLOCK, GRAB),
    "answer-last": answer_last,
    "copy-last": copy_last,
    "win-stay-lose-shift": win_stay_lose_shift,
    "frequency": frequency,
    "switch-every-4": switch_every(4, repeat(GRAB), cycle(BLOCK, GRAB, DRAGON_PUNCH), answer_last),
    "switch-on-loss": switch_on_loss(
        repeat(BLOCK), frequency, cycle(DRAGON_PUNCH, GRAB, BLOCK), copy_last
    ),
}


class HabitPlayer(Agent):
    """A habit from ``PANEL`` (``habit``), followed except for ``noise`` of the moves."""

    name = "footsies-habit"
    description = "A person's habit: repeats, cycles, answers the last move, counts, switches."
    games = ("footsies",)
    params = {"habit": "repeat-B", "noise": NOISE}
    limits = {"noise": (0.0, 1.0)}

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.habit not in PANEL:
            raise ValueError(f"no habit {self.habit!r} (known: {', '.join(PANEL)})")
        self.reset()

    def reset(self) -> None:
        self.seat: int | None = None
        self.events: list[tuple[FootsiesState, tuple[str, str]]] = []

    def observe(self, state: FootsiesState, event: tuple[int, Any]) -> None:
        if event[0] == SIMULTANEOUS:
            moves = dict(event[1])
            self.events.append((state.clone(), (moves[0], moves[1])))

    def history(self) -> list[Exchange]:
        """The match so far from this player's side (its seat is known from ``act``)."""
        seat, opp = self.seat, 1 - self.seat
        out = []
        for state, moves in self.events:
            after = state.apply_joint({0: moves[0], 1: moves[1]})
            ended = after.over or after.round != state.round
            won = ended and after.round_wins[seat] > state.round_wins[seat]
            lost = ended and after.round_wins[opp] > state.round_wins[opp]
            hit = (not ended) and after.streak[seat] > state.streak[seat]
            got_hit = (not ended) and after.streak[opp] > state.streak[opp]
            went = 1 if (won or hit) else -1 if (lost or got_hit) else 0
            out.append(Exchange(moves[seat], moves[opp], went, ended, lost))
        return out

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        self.seat = seat
        planned = PANEL[self.habit](self.history())
        # One draw decides noise, a second the move: the habit's move and the noise move
        # come from the same stream whatever the habit, so seeds line up across players.
        noisy = rng.random() < self.noise
        move = rng.choice(MOVES)
        if planned is not None and not noisy:
            move = planned
        return Decision(move=move, thinking={"habit": self.habit, "planned": planned})


# ----- measuring an agent against the panel ----------------------------------------------


def play(
    spec: str,
    habit: str,
    games: int,
    seed: str,
    options: dict[str, Any] | None = None,
    budget: Budget = Budget(),  # noqa: B008 - frozen
    noise: float = NOISE,
) -> dict[str, Any]:
    """``spec`` against one habit player, ``games`` games, seats alternating; game ``i``
    is played from ``derive_seed(seed, habit, i)``."""
    wins = draws = losses = 0
    seconds = 0.0
    decisions = 0
    for i in range(games):
        seat = i % 2
        agent = get(spec)
        opponent = HabitPlayer(habit=habit, noise=noise)
        seating: list[Agent] = [agent, opponent] if seat == 0 else [opponent, agent]
        result = play_match(
            "footsies", seating, derive_seed(seed, habit, i), options or LOBBY, budget=budget
        )
        winner = result.state.winner
        if winner is None:
            draws += 1
        elif winner == seat:
            wins += 1
        else:
            losses += 1
        mine = result.decisions(seat)
        seconds += sum(d.stats.get("seconds", 0.0) for d in mine)
        decisions += len(mine)
    return _row(habit, wins, draws, losses, seconds, decisions)


def _row(
    name: str, wins: int, draws: int, losses: int, seconds: float, decisions: int
) -> dict[str, Any]:
    decisive = wins + losses
    ci = wilson_interval(wins, losses)
    return {
        "habit": name,
        "games": wins + draws + losses,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": round(wins / decisive, 4) if decisive else None,
        "ci95": None if ci is None else [round(ci[0], 4), round(ci[1], 4)],
        "score": round((wins + draws / 2) / (wins + draws + losses), 4),
        "ms_per_decision": round(1000 * seconds / decisions, 2) if decisions else None,
        "decisions": decisions,
    }


def measure(
    spec: str,
    games: int,
    seed: str,
    only: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    noise: float = NOISE,
) -> dict[str, Any]:
    """Every habit player (or ``only`` these) against ``spec``, and the pooled result."""
    rows = []
    for habit in only or PANEL:
        row = play(spec, habit, games, seed, options, noise=noise)
        rows.append(row)
        if progress is not None:
            progress(row)
    total = _row(
        "panel",
        sum(r["wins"] for r in rows),
        sum(r["draws"] for r in rows),
        sum(r["losses"] for r in rows),
        sum((r["ms_per_decision"] or 0) * r["decisions"] / 1000 for r in rows),
        sum(r["decisions"] for r in rows),
    )
    return {
        "agent": spec,
        "seed": seed,
        "games_per_habit": games,
        "options": options or LOBBY,
        "noise": noise,
        "method": "win_rate = wins / (wins + losses), draws excluded; ci95 = Wilson; "
        "score counts a draw as half",
        "habits": rows,
        "panel": total,
    }


def _line(row: dict[str, Any]) -> str:
    rate = "-" if row["win_rate"] is None else f"{100 * row['win_rate']:.1f} %"
    ci = "" if row["ci95"] is None else f"[{100 * row['ci95'][0]:.1f}, {100 * row['ci95'][1]:.1f}]"
    return (
        f"{row['habit']:<22} {row['wins']:>5}-{row['draws']}-{row['losses']:<5} "
        f"{rate:>8} {ci:<14} {row['ms_per_decision']} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.footsies.habits",
        description="Play an agent against the panel of habit players (the lobby's rules).",
    )
    parser.add_argument("--agent", default="footsies-best", help="the agent spec measured")
    parser.add_argument("--games", type=int, default=200, help="games per habit player")
    parser.add_argument("--seed", default=TUNING_SEEDS[0])
    parser.add_argument("--only", action="append", default=[], choices=list(PANEL))
    parser.add_argument(
        "--noise",
        type=float,
        default=NOISE,
        help=f"the habit players' share of random moves (the panel's: {NOISE}; another "
        "value is a robustness check, not the panel)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object at the end")
    args = parser.parse_args(argv)
    started = time.process_time()

    def show(row: dict[str, Any]) -> None:
        if not args.json:
            print(_line(row), flush=True)

    result = measure(args.agent, args.games, args.seed, args.only, progress=show, noise=args.noise)
    result["cpu_seconds"] = round(time.process_time() - started, 1)
    if args.json:
        print(json.dumps(result))
    else:
        print(_line(result["panel"]))
        print(f"cpu {result['cpu_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
