"""fast.playout's policy hooks: other attack and swing choices on the same match loop."""

import random
from itertools import combinations

from agents.buttonmen.policies import mixed
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


def test_skill_buttons_play_only_legal_moves_without_the_checks():
    # Skill buttons are played on the clean state, which a playout applies unchecked and
    # without keeping each event's words: replayed with every check, the same match.
    for fighters in (["Pain", "Hope"], ["Ping", "Hrodgar"], ["McGinty", "Yamaichi"]):
        for seed in range(8):
            start = GAME.new_state(2, {"fighters": fighters})
            trace: list = []
            winner = playout(start, random.Random(seed), trace, mixed(0.5))
            assert start.ply == 0 and start.last is None  # the start is left as it was
            replay = start.clone()
            for actor, move in trace:
                replay.apply_event_in_place(actor, move)  # raises on an illegal move
            assert replay.phase == "over" and replay.winner == winner, (fighters, seed)
            assert replay.last is not None  # a narrating copy keeps the words
