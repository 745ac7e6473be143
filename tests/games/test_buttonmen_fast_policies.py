"""fast.playout's policy hooks: other attack and swing choices on the same match loop."""

import random
from itertools import combinations

from games.buttonmen import GAME, SWING_SIZES
from games.buttonmen.fast import playout
from games.buttonmen.rules import SLOTS
from games.core import CHANCE, SIMULTANEOUS

OPTIONS = {"rounds_to_win": 2, "swing_reselect": "both", "fighters": ["Avis", "Iago"]}


def _last_attack(own, foe, foe_sizes, rng):
    """Legal on plain lists: the last target any attack reaches, by the most dice."""
    for t in reversed(range(len(foe))):
        for k in reversed(range(2, len(own) + 1)):
            for slots in combinations(range(len(own)), k):
                if sum(own[i] for i in slots) == foe[t]:
                    return slots, t
        for i, v in enumerate(own):
            if v >= foe[t]:
                return (i,), t
    return None


def test_it_plays_the_attacks_and_swing_sizes_the_policies_pick():
    for seed in range(10):
        seen = []

        def attack(own, foe, foe_sizes, rng, seen=seen):
            seen.append((own[:], foe[:], foe_sizes[:]))
            return _last_attack(own, foe, foe_sizes, rng)

        start = GAME.new_state(2, OPTIONS)
        trace: list = []
        winner = playout(start, random.Random(seed), trace, attack, lambda s, rng: 7 + s)
        replay = start.clone()
        for actor, move in trace:
            if actor == SIMULTANEOUS:
                assert all(m == ("swing", 7 + s) and m[1] in SWING_SIZES for s, m in move)
            elif actor != CHANCE and move[0] == "swing":
                assert move == ("swing", 7 + actor)
            elif actor != CHANCE:
                # The policy saw the dice in play, in slot order, and its pick was legal.
                own, foe, foe_sizes = seen.pop(0)
                mine, theirs = SLOTS[replay.alive[actor]], SLOTS[replay.alive[1 - actor]]
                assert own == [replay.value[actor][i] for i in mine]
                assert foe == [replay.value[1 - actor][i] for i in theirs]
                assert foe_sizes == [replay.size[1 - actor][i] for i in theirs]
                assert move in replay.legal_moves(actor)
            replay.apply_event_in_place(actor, move)
        assert not seen
        assert replay.phase == "over" and replay.winner == winner
