"""What happens when two Footsies options meet (docs/games/footsies.md).

Kept apart from the state so the fast simulator and the equilibrium solver share the
one table instead of restating it.
"""

from __future__ import annotations

from enum import Enum

ATTACK, BLOCK, GRAB, DRAGON_PUNCH = "A", "B", "G", "DP"
MOVES: tuple[str, ...] = (ATTACK, BLOCK, GRAB, DRAGON_PUNCH)
NAMES = {ATTACK: "Attack", BLOCK: "Block", GRAB: "Grab", DRAGON_PUNCH: "Dragon Punch"}

BLOCK_EXHAUSTION = ("hit", "unlimited", "loss")


class Clash(Enum):
    """What one meeting of options does to the row player ("me") and the column player."""

    NOTHING = "nothing"
    ME_WIN = "me_win"
    ME_LOSE = "me_lose"
    ME_HIT = "me_hit"  # I land a hit
    OPP_HIT = "opp_hit"  # the opponent lands a hit
    OPP_BLOCKS = "opp_blocks"  # the opponent blocks my attack (spends a block)
    ME_BLOCKS = "me_blocks"  # I block the opponent's attack (spend a block)


_ROW = {
    ATTACK: {ATTACK: Clash.NOTHING, BLOCK: Clash.OPP_BLOCKS, GRAB: Clash.ME_HIT, DRAGON_PUNCH: Clash.ME_LOSE},
    BLOCK: {ATTACK: Clash.ME_BLOCKS, BLOCK: Clash.NOTHING, GRAB: Clash.ME_LOSE, DRAGON_PUNCH: Clash.ME_WIN},
    GRAB: {ATTACK: Clash.OPP_HIT, BLOCK: Clash.ME_WIN, GRAB: Clash.NOTHING, DRAGON_PUNCH: Clash.ME_LOSE},
    DRAGON_PUNCH: {ATTACK: Clash.ME_WIN, BLOCK: Clash.ME_LOSE, GRAB: Clash.ME_WIN, DRAGON_PUNCH: Clash.NOTHING},
}  # fmt: skip


def clash(me: str, opp: str) -> Clash:
    return _ROW[me][opp]


def resolve(
    moves: tuple[str, str],
    blocks: tuple[int, int],
    streak: tuple[int, int],
    block_exhaustion: str,
    attacks_to_win: int = 2,
) -> tuple[int | None, tuple[int, int], tuple[int, int], str]:
    """Resolve one turn.

    ``streak`` counts each seat's hits landed in a row (the "hit flag" is streak > 0).
    Returns (loser or None, blocks after, streaks after, a sentence for people). Any
    turn without a hit clears that seat's streak.
    """
    result = clash(moves[0], moves[1])
    left = list(blocks)
    hits = [False, False]
    loser: int | None = None
    words = ""
    if result is Clash.NOTHING:
        words = "nothing happens"
    elif result is Clash.ME_WIN:
        loser, words = 1, "seat 0 wins the exchange"
    elif result is Clash.ME_LOSE:
        loser, words = 0, "seat 1 wins the exchange"
    elif result in (Clash.ME_HIT, Clash.OPP_HIT):
        hits[0 if result is Clash.ME_HIT else 1] = True
    else:
        blocker = 1 if result is Clash.OPP_BLOCKS else 0
        attacker = 1 - blocker
        if left[blocker] > 0 or block_exhaustion == "unlimited":
            # The published game.py decrements without a floor; keep that under "unlimited".
            left[blocker] -= 1
            words = f"seat {blocker} blocks the attack"
        elif block_exhaustion == "hit":
            hits[attacker] = True
            words = f"seat {blocker} has no blocks left: the attack lands"
        else:  # "loss"
            loser, words = blocker, f"seat {blocker} has no blocks left and loses"
    after = [streak[seat] + 1 if hits[seat] else 0 for seat in (0, 1)]
    for seat in (0, 1):
        if hits[seat]:
            if after[seat] >= attacks_to_win:
                loser = 1 - seat
                words = f"seat {seat} lands {after[seat]} hits in a row and wins"
            elif not words:
                words = f"seat {seat} lands a hit"
    return loser, (left[0], left[1]), (after[0], after[1]), words
