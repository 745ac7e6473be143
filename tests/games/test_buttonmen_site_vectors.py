"""Test vectors converted from the community site's own game transcripts.

The site (buttonmen-dev/buttonmen) tests its engine by forcing every die roll and
checking the whole game state after each move (``test/src/api/responder*Test.php``).
These are the facts of such games — the forced rolls, each move, the scores and who
moves after it — replayed on our engine, in our notation: a move names dice by slot
(the die's place in the recipe), scores are the site's round scores.
"""

from games.buttonmen import GAME
from games.buttonmen.fighters import FIGHTERS


def seated(names, recipes, rounds_to_win=3):
    """A match between two given recipes (the site's test may seat a button we do not
    list as playable, e.g. one with special rules that its transcript never uses)."""
    state = GAME.new_state(2, {"fighters": ["Avis", "Avis"], "rounds_to_win": rounds_to_win})
    state.set_fighters(list(names), list(recipes))
    return state


def play(state, steps):
    """Apply ``(text, expect)`` steps; ``expect`` holds what the site's state shows after
    the step: ``scores`` (round scores), ``turn`` (the seat to move), ``wins``."""
    for text, expect in steps:
        state = state.apply(state.str_to_move(text))
        if "scores" in expect:
            assert state.round_scores() == expect["scores"], text
        if "turn" in expect:
            assert state.turn == expect["turn"], text
        if "wins" in expect:
            assert state.round_wins == expect["wins"], text
        if "legal" in expect:
            legal = {state.move_to_str(m) for m in state.legal_moves(state.turn)}
            assert legal == expect["legal"], text
        if "phase" in expect:
            assert state.phase == expect["phase"], text
    return state


def test_site_game_001_option_die_and_only_the_loser_chooses_again():
    # responder01Test::test_api_game_001: Frasquito (4) (6) (8) (12) (2/20) against
    # Wiseman (20) (20) (20) (20), four round wins. Wiseman's special rules never come up.
    state = seated(["Frasquito", "Wiseman"], [FIGHTERS["Frasquito"], (20, 20, 20, 20)], 4)
    assert state.choosers == (0,)  # only Frasquito has a choice: its option die
    assert state.legal_moves(0) == [("swing", 2), ("swing", 20)]
    state = play(
        state,
        [
            # Move 01: the option die is set to 2; the roll; Wiseman's 1s win initiative.
            ("swing:2", {"phase": "roll"}),
            ("roll:4,6,8,12,2/1,1,1,1", {"turn": 1, "scores": (16.0, 40.0)}),
            # Move 02: Wiseman's two 1s skill-attack the option die (showing 2).
            ("skill:0+1>4", {"phase": "reroll"}),
            ("reroll:1,1", {"turn": 0, "scores": (15.0, 42.0)}),
            # Move 03: Frasquito's d4 (showing 4) power-attacks a d20 showing 1.
            ("power:0>0", {}),
            ("reroll:4", {"turn": 1, "scores": (35.0, 32.0), "legal": {"pass"}}),
            ("pass", {"turn": 0}),  # Move 04
            ("power:0>1", {}),  # Move 05
            ("reroll:3", {"scores": (55.0, 22.0)}),
            ("pass", {}),  # Move 06
            ("power:1>2", {}),  # Move 07: the d6 showing 6
            ("reroll:2", {"scores": (75.0, 12.0)}),
            ("pass", {}),  # Move 08
            # Move 09: the last d20 falls; round 1 to Frasquito, 95 to 2. The winner
            # keeps its option die at 2 and the loser has nothing to choose: no one
            # chooses, the next roll follows at once (the site rolls straight away).
            ("power:0>3", {"wins": [1, 0], "phase": "roll"}),
            ("roll:1,1,1,1,2/15,16,17,18", {"turn": 0, "scores": (16.0, 40.0)}),
            ("pass", {"turn": 1}),  # Move 10: nothing reaches 15
            ("power:0>3", {}),  # Move 11: a d20 showing 15 takes the d12 showing 1
            ("reroll:19", {"turn": 0}),
        ],
    )
    assert state.results[0] == (0, 190, 4)  # 95 to 2, doubled


def test_site_twin_die_rolls_both_halves_and_counts_their_sum():
    # responder02Test (game 030's twin die (3,17)): the halves showed 2 and 14, the die
    # 16; its size is 20. Our twin die draws one number per half and shows the sum.
    state = seated(["Twin", "Plain"], [("3,17",), (20,)])
    assert state.size[0] == (20,) and state.parts[0] == ((3, 17),)
    outcomes = dict(state.chance_outcomes())
    assert min(v[1][0] for v in outcomes) == 2 and max(v[1][0] for v in outcomes) == 20
    assert abs(sum(outcomes.values()) - 1) < 1e-9
    # 16 = 1+15, 2+14 or 3+13: three of the 51 pairs, whatever the plain d20 shows
    assert abs(sum(p for o, p in outcomes.items() if o[1] == (16,)) - 3 / 51) < 1e-9
    state = state.apply(state.str_to_move("roll:16/20"))
    assert state.round_scores() == (10.0, 10.0)


def test_site_focus_die_turned_down_takes_the_initiative_and_is_dizzy():
    # responder01Test, round 2 of the game whose second button has f(8) and f(20): the
    # first button (6) c(6) (10) (12) c(X), X = 6, rolled 1, 4, 5, 8, 2; the second
    # (4) (6) f(8) (10) f(20) rolled 3, 5, 3, 8, 2. The first won the initiative; the
    # second turned its f(8) down from 3 to 1 and gained it, the f(8) dizzy, and its
    # attacks were Power and Skill. (The Chance dice c(6), c(X) are played as plain
    # dice here: Chance is not a tier-3 skill, and the site's Chance reroll that
    # followed did not change who starts.)
    state = seated(["First", "Second"], [(6, 6, 10, 12, "X"), (4, 6, "f(8)", 10, "f(20)")])
    state = play(
        state,
        [
            ("swing:6", {}),
            ("roll:1,4,5,8,2/3,5,3,8,2", {"phase": "focus", "turn": 1}),
            ("focus:2=1", {"phase": "focus", "turn": 1}),
            ("take", {"phase": "play", "turn": 1}),
        ],
    )
    assert state.value[1] == (3, 5, 1, 8, 2) and state.dizzy == [0, 0b100]
    assert all(2 not in m[1] for m in state.legal_moves(1))  # the f(8) does not attack
    assert {m[0] for m in state.legal_moves(1)} == {"power", "skill"}


def test_site_game_007_trip_attacks_fail_and_succeed_and_trip_dice_skip_initiative():
    # responder01Test::test_interface_game_007: Hope t(1) (2) t(4) (6) (Y) against
    # Stumbling Clowns (8) t(8) (10) t(10) (X); Y = 1, X = 11.
    state = seated(
        ["Hope", "Stumbling Clowns"],
        [("t(1)", 2, "t(4)", 6, "Y"), (8, "t(8)", 10, "t(10)", "X")],
    )
    state = state.apply_joint({0: ("swing", 1), 1: ("swing", 11)})
    state = play(
        state,
        [
            # The Trip dice do not count: Hope's 1, 1, 6 against the Clowns' 5, 10, 10.
            ("roll:1,1,1,6,1/5,8,10,10,10", {"turn": 0, "scores": (7.0, 23.5)}),
            # Move 03: Hope's t(4) showing 1 trips the Clowns' t(10) showing 10; both are
            # rerolled, 1 against 4: nothing is taken.
            ("trip:2>3", {"phase": "reroll"}),
            ("reroll:1,4", {"turn": 1, "scores": (7.0, 23.5)}),
            # Move 04: the Clowns' t(10), now 4, trips Hope's (6) showing 6: 10 against 2.
            ("trip:3>3", {}),
            ("reroll:10,2", {"turn": 0, "scores": (4.0, 29.5)}),
        ],
    )
    # Hope's dice all show 1 against 5, 8, 10, 10, 10: only its Trip dice may attack.
    legal = {state.move_to_str(m) for m in state.legal_moves(0)}
    assert legal == {f"trip:{a}>{t}" for a in (0, 2) for t in range(5)}
    assert state.value[1] == (5, 8, 10, 10, 10) and state.alive[0] == 0b10111


def test_site_game_009_auxiliary_dice_courtesy_copy_and_focus():
    # responder01Test::test_interface_game_009: Merlin (2) (4) s(10) s(20) (X) +s(X)
    # against Crane (4) f(6) f(8) (10) (12); Crane is offered a copy of the +s(X), after
    # its own dice. Both play them; Merlin's (X) and s(X) share X = 4, Crane's s(X) is 16.
    state = seated(["Merlin", "Crane"], [FIGHTERS["Merlin"], FIGHTERS["Crane"]])
    assert state.phase == "auxiliary" and state.recipes[1] == FIGHTERS["Crane"] + ("+s(X)",)
    state = state.apply_joint({0: ("auxiliary", 1), 1: ("auxiliary", 1)})
    assert state.recipes == [(2, 4, "s(10)", "s(20)", "X", "s(X)"), FIGHTERS["Crane"] + ("s(X)",)]
    state = state.apply_joint({0: ("swing", 4), 1: ("swing", 16)})
    state = play(
        state,
        [
            ("roll:1,4,2,20,4,3/3,3,3,1,9,1", {"turn": 1}),
            ("skill:2+3>1", {}),  # Move 05: f(8) 3 + (10) 1 take the (4) showing 4
            ("reroll:4,5", {"turn": 0}),
            ("power:0>5", {}),  # Move 06: the (2) showing 1 takes the s(X=16) showing 1
            ("reroll:2", {"turn": 1}),
            ("power:3>4", {}),  # Move 07
            ("reroll:1", {}),
            ("shadow:2>4", {}),  # Move 08: s(10) showing 2 shadow-attacks the (12) at 9
            ("reroll:4", {}),
            ("skill:1+3>2", {}),  # Move 09
            ("reroll:3,2", {}),
            ("power:0>3", {}),  # Move 10
            ("reroll:1", {}),
            ("power:2>5", {}),  # Move 11
            ("reroll:7", {"turn": 0, "legal": {"pass"}}),
            ("pass", {}),
            ("power:2>0", {}),  # Move 12
            ("reroll:8", {"turn": 0, "legal": {"pass"}}),
            ("pass", {}),
            # Round 1: Merlin 48, Crane 33; only Crane, the loser, chooses again.
            ("pass", {"wins": [1, 0], "phase": "swing"}),
        ],
    )
    assert state.results[0] == (0, 96, 66) and state.choosers == (1,)
    state = play(
        state,
        [
            ("swing:15", {}),  # Move 13
            # Merlin has the initiative (1, 1, 2 against 1, 4, 4); Crane's Focus dice at
            # their minimum would win it, so Crane may turn them down (Move 14).
            ("roll:2,2,1,9,4,1/4,4,8,1,8,11", {"phase": "focus", "turn": 1}),
            ("focus:1=1", {"legal": {"focus:2=" + str(v) for v in range(1, 8)}}),
            ("focus:2=1", {}),
            ("take", {"phase": "play", "turn": 1}),
            ("skill:3+4>3", {}),  # Move 15: (10) 1 + (12) 8 take the s(20) showing 9
            ("reroll:2,7", {"turn": 0}),
        ],
    )
