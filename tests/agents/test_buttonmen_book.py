"""The swing book: round tables for the grid's fighter pairs, shipped and loaded without
training, and the match plan that answers the winner's size after every round."""

import json
import random

import pytest

from agents.buttonmen.book import BOOK_VERSION, load_book, lookup, match_values, round_start
from agents.core import Budget, get
from agents.train import buttonmen as train
from games.buttonmen import NAMES

SIZES = 17


def test_the_shipped_book_loads_without_training_and_covers_every_grid_pair():
    book = load_book()
    assert book["version"] == BOOK_VERSION and book["playouts"] >= 1000
    assert book["made_by"].startswith("python -m agents.train buttonmen")
    for a in NAMES:
        for b in NAMES:
            table = lookup(round_start(a, b), 0, book)
            assert table is not None and len(table) == SIZES
            assert all(len(row) == SIZES and all(0 <= v <= 1 for v in row) for row in table)


def test_either_seat_reads_the_same_table_the_other_way_round():
    state = round_start("Avis", "Hammer")
    ours, theirs = lookup(state, 0), lookup(state, 1)
    assert all(
        abs(ours[x][y] + theirs[y][x] - 1) < 1e-9 for x in range(SIZES) for y in range(SIZES)
    )
    # A fighter against itself was measured both ways round: the two agree within noise
    # (1,000 playouts a cell: a standard error of 1.6 points).
    mirror = lookup(round_start("Kith", "Kith"), 0)
    gaps = [abs(mirror[x][y] + mirror[y][x] - 1) for x in range(SIZES) for y in range(x)]
    assert sum(gaps) / len(gaps) < 0.03


def test_the_book_holds_only_for_the_site_rules_and_its_fighters():
    state = round_start("Avis", "Hammer")
    state.options = {**state.options, "swing_reselect": "both"}
    assert lookup(state, 0) is None
    other = round_start("Avis", "Hammer")
    other.fighters = ["Avis", "Nobody"]
    assert lookup(other, 0) is None


# Size 0 wins this round more often (60 %) but size 1 answers it (10 %); size 1 is
# safe (55 % against both).
TRAP = ((0.6, 0.1), (0.55, 0.55))


def test_a_decider_is_the_round_itself():
    assert match_values(TRAP, (1, 1), {0: 1.0}) == pytest.approx([0.6, 0.55])
    assert match_values(TRAP, (1, 1), {0: 1.0, 1: 3.0}) == pytest.approx([0.225, 0.55])


def test_before_the_last_round_the_plan_weighs_the_losers_answer():
    # First to 2 from 0-0 against size 0: size 0 wins the round more, but the loser
    # answers it with size 1 (wins 90 %); the safe size wins the match more.
    values = match_values(TRAP, (2, 2), {0: 1.0})
    assert values[1] > values[0]
    # Size 0 up 1-0: they answer with 1, and we win the match only if that round or the
    # decider after it (where we answer their 1 with our best, 0.55) goes our way.
    up = 0.1 + 0.9 * 0.55
    down = max(0.6 * min(0.6, 0.1), 0.55 * min(0.55, 0.55))  # 0-1 against their 0
    assert values[0] == pytest.approx(0.6 * up + 0.4 * down)


def test_the_match_plan_picks_by_the_book_and_says_why():
    state = round_start("Avis", "Hammer")
    state.options = {**state.options, "rounds_to_win": 2}
    agent = get("buttonmen-best:swing_plan=match,model_playouts=340")
    decision = agent.act(state, 0, Budget(), random.Random(3))
    rows = decision.thinking["moves"]
    assert len(rows) == SIZES and decision.thinking["picked"] == rows[0]["move"]
    assert rows[0]["value"] == max(r["value"] for r in rows)
    assert "swing book" in decision.thinking["policy"] and decision.thinking["predicted"]
    again = agent.act(state, 0, Budget(), random.Random(3))
    assert again.move == decision.move and again.thinking == decision.thinking


def test_off_the_book_the_match_plan_weighs_sizes_by_playouts():
    state = round_start("Avis", "Hammer")
    state.options = {**state.options, "swing_reselect": "both"}
    spec = "buttonmen-best:model_playouts=340,swing_playouts=340"
    planned = get(spec + ",swing_plan=match").act(state, 0, Budget(), random.Random(3))
    plain = get(spec + ",swing_plan=round").act(state, 0, Budget(), random.Random(3))
    assert planned.thinking == plain.thinking


def test_a_swing_plan_must_be_known():
    with pytest.raises(ValueError):
        get("buttonmen-best:swing_plan=season")


def test_the_training_command_makes_the_same_book_from_the_same_seed(tmp_path):
    out = tmp_path / "book.json"
    args = ["--playouts", "3", "--seed", "t", "--fighters", "Avis", "Iago", "--out", str(out)]
    assert train.main([*args, "--quiet"]) == 0
    book = json.loads(out.read_text())
    assert sorted(book["pairs"]) == ["Avis|Avis", "Avis|Iago", "Iago|Iago"]
    assert load_book.__wrapped__(out)["pairs"] == book["pairs"]
    again = tmp_path / "again.json"
    train.main([*args[:-1], str(again), "--quiet", "--jobs", "2"])
    assert again.read_text() == out.read_text()
