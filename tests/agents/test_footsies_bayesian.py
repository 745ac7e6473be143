"""The Statistician: Dirichlet counts learned through observe(), answers as the notebook."""

import random

import pytest

from agents import Budget, get
from agents.match import play_match
from games.core import SIMULTANEOUS
from games.footsies import GAME, MOVES


def feed(agent, pairs, seat=0, state=None):
    """Show ``agent`` the exchanges ``pairs`` of (its move, the opponent's move), as
    play_match does: observe(state before, event), then the state moves on."""
    state = state or GAME.new_state(2)
    for mine, theirs in pairs:
        moves = {seat: mine, 1 - seat: theirs}
        agent.observe(state.clone(), (SIMULTANEOUS, tuple(sorted(moves.items()))))
        state = state.apply_joint(moves)
    return state


def choose(agent, state, seat=0, seed=0):
    return agent.act(state, seat, Budget(), random.Random(seed))


def seated(seat=0):
    agent = get("footsies-bayesian")
    choose(agent, GAME.new_state(2), seat)  # the first act tells it its seat
    return agent


def test_it_counts_each_opponent_move_from_alpha_on_first_sight():
    agent = seated()
    # None of these exchanges ends the round: A-A, B blocks A, G-G, B-B, A-A.
    feed(agent, [("A", "A"), ("B", "A"), ("G", "G"), ("B", "B"), ("A", "A")])
    assert agent.counts == {"A": 1.0 + 3, "G": 1.0 + 1, "B": 1.0 + 1}
    assert agent.total == 4 * 1.0 + 5


def test_it_answers_the_most_probable_move():
    agent = seated()
    state = feed(agent, [("A", "A"), ("B", "A"), ("G", "G"), ("B", "B"), ("A", "A")])
    decision = choose(agent, state)
    assert decision.thinking["predicted"] == "A"
    assert decision.move == "B"  # Block answers Attack
    assert [o["p"] for o in decision.thinking["opponent"]] == [
        round(4 / 9, 4),
        round(2 / 9, 4),
        round(2 / 9, 4),
    ]


def test_it_breaks_a_tie_in_favour_of_the_move_seen_first():
    agent = seated()
    state = feed(agent, [("G", "G"), ("A", "A")])
    decision = choose(agent, state)
    assert decision.thinking["predicted"] == "G"
    assert decision.move == "A"  # Attack answers Grab


def test_it_meets_a_predicted_dragon_punch_with_one_when_sure_enough():
    agent = seated()
    state = feed(agent, [("DP", "DP"), ("DP", "DP")])
    assert agent.mix(state, 0) == {"A": 0.0, "B": 0.0, "G": 0.0, "DP": 1.0}


def test_it_plays_at_random_when_a_predicted_dragon_punch_is_below_the_threshold():
    agent = get("footsies-bayesian:risk=0.9")
    choose(agent, GAME.new_state(2))
    state = feed(agent, [("DP", "DP")])
    assert agent.mix(state, 0) == dict.fromkeys(MOVES, 0.25)


def test_it_plays_at_random_on_the_first_turn_of_a_round():
    agent = seated()
    feed(agent, [("A", "A"), ("A", "A")])
    assert agent.mix(GAME.new_state(2), 0) == dict.fromkeys(MOVES, 0.25)


def test_it_never_counts_the_exchange_that_ends_the_round():
    agent = seated()
    feed(agent, [("A", "A"), ("DP", "A")])  # Dragon Punch beats Attack: round over
    assert agent.counts == {"A": 2.0} and agent.total == 5.0


def test_it_remembers_the_opponent_across_games_until_reset():
    agent = seated()
    feed(agent, [("G", "G"), ("G", "G"), ("DP", "A")])
    second_game = feed(agent, [("A", "A")])
    assert choose(agent, second_game).thinking["predicted"] == "G"
    agent.reset()
    assert agent.counts == {} and agent.total == 4.0


def test_it_learns_the_opponent_of_the_seat_it_plays():
    agent = seated(seat=1)
    feed(agent, [("B", "B"), ("A", "A")], seat=1)  # seat 1 plays B then A; seat 0 B, A
    assert agent.counts == {"B": 2.0, "A": 2.0}
    agent = seated(seat=1)
    feed(agent, [("A", "B"), ("A", "B")], seat=1)  # its own Attacks (blocked) do not count
    assert agent.counts == {"B": 3.0}


def test_it_keeps_what_it_sees_before_it_knows_its_seat():
    agent = get("footsies-bayesian")
    # Seen before any act (a fresh agent catching up on a match): seat 1 blocks seat 0's
    # Attacks twice. Only at its first act does it learn it is seat 1.
    state = feed(agent, [("B", "A"), ("B", "A")], seat=1)
    assert agent.counts == {}
    choose(agent, state, seat=1)
    assert agent.counts == {"A": 3.0}


@pytest.mark.parametrize("seed", range(3))
def test_it_learns_every_exchange_but_the_last_in_a_real_match(seed):
    agent = get("footsies-bayesian")
    result = play_match("footsies", [agent, "random"], seed=seed)
    assert agent.total == 4.0 + len(result.steps) - 1
