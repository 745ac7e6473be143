"""Fighter-strength profiles: a fingerprint of how a table's games were played."""

import json

import pytest

from agents.buttonmen.profile import grid_strength, published_strength, strength
from games.buttonmen import NAMES


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_it_shares_the_wins_of_every_pair_between_its_two_fighters(policy):
    shares = strength(policy, 2, 5)
    assert set(shares) == set(NAMES)
    # Each game has one winner (a draw needs 200 rounds) and each fighter plays 48.
    assert sum(shares.values()) == pytest.approx(len(NAMES) / 2)


def test_it_counts_the_published_wins_of_a_fighter_on_both_sides():
    # Shore: 7 + 9 + 11 as MC and 10 + 7 + 8 as EM, of 72.
    assert published_strength()["Shore"] == pytest.approx(52 / 72)


def test_it_reads_a_fighters_wins_on_both_sides_from_a_games_file(tmp_path):
    games = [
        {"mc_fighter": "Avis", "em_fighter": "Iago", "winner": "mc"},
        {"mc_fighter": "Iago", "em_fighter": "Avis", "winner": "mc"},
        {"mc_fighter": "Iago", "em_fighter": "Iago", "winner": "em"},
    ]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    shares = grid_strength(path)
    assert shares["Avis"] == pytest.approx(1 / 2)
    assert shares["Iago"] == pytest.approx(2 / 4)
    assert shares["Kublai"] == 0.0
