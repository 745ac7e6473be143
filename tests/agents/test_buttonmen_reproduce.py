"""The fighter grid behind the write-up's MC-vs-EM table, and its comparison."""

import json
from collections import Counter

from agents.buttonmen import published
from agents.buttonmen.reproduce import report, run, schedule
from games.buttonmen import NAMES

CHEAP = ("buttonmen-mc:playouts=1", "buttonmen-em:playouts=1")


def _game(run_no, mc, em, winner, mc_rounds, em_rounds):
    return {
        "run": run_no,
        "mc_fighter": mc,
        "em_fighter": em,
        "winner": winner,
        "mc_rounds": mc_rounds,
        "em_rounds": em_rounds,
        "rounds": mc_rounds + em_rounds,
        "moves": 9,
        "em_depths": {"1": 3},
        "failures": 0,
        "seconds": 1.0,
    }


def test_it_plays_every_fighter_12_games_per_side_in_each_run():
    fixtures = schedule(3, 7)
    assert len(fixtures) == 432
    for r in range(3):
        games = [f for f in fixtures if f.run == r]
        assert len({(f.mc_fighter, f.em_fighter) for f in games}) == 144
        assert Counter(f.mc_fighter for f in games) == dict.fromkeys(NAMES, 12)
        assert Counter(f.em_fighter for f in games) == dict.fromkeys(NAMES, 12)


def test_it_seats_mc_first_in_half_the_games_and_gives_each_game_its_own_seed():
    fixtures = schedule(3, 7)
    assert Counter(f.mc_seat for f in fixtures) == {0: 216, 1: 216}
    assert len({f.seed for f in fixtures}) == 432
    assert schedule(3, 7) == fixtures and schedule(3, 8) != fixtures


def test_the_mirrored_order_plays_the_same_grid_fair_to_both_sides_at_any_point():
    fixtures = schedule(2, 7, order="mirrored")
    plain = schedule(2, 7)
    for r in range(2):
        pairs = [(f.mc_fighter, f.em_fighter) for f in fixtures if f.run == r]
        assert sorted(pairs) == sorted((f.mc_fighter, f.em_fighter) for f in plain if f.run == r)
    # Stopped after any number of games, each fighter has been played about as often by
    # one side as by the other (the fighter order tilts a part grid: 12 to 1 after 12).
    for n in range(1, len(fixtures) + 1):
        sides = Counter(f.mc_fighter for f in fixtures[:n])
        sides.subtract(Counter(f.em_fighter for f in fixtures[:n]))
        assert all(abs(d) <= 1 for d in sides.values())
    assert Counter(f.mc_seat for f in fixtures) == {0: 144, 1: 144}


def test_it_holds_published_fighter_wins_that_add_up_to_the_run_totals():
    for r, (mc, em, _, _) in enumerate(published.RUNS):
        assert sum(f["mc"][r] for f in published.BY_FIGHTER.values()) == mc
        assert sum(f["em"][r] for f in published.BY_FIGHTER.values()) == em


def test_it_pools_wins_and_rounds_with_wilson_intervals():
    games = [_game(0, "Avis", "Iago", "mc", 2, 1)] * 3 + [_game(0, "Iago", "Avis", "em", 0, 2)]
    rep = report(games, 1, 7)
    pooled = rep["pooled"]
    assert pooled["mc_games"]["wins"] == 3 and pooled["mc_games"]["of"] == 4
    assert pooled["mc_rounds"]["wins"] == 6 and pooled["mc_rounds"]["of"] == 11
    low, high = pooled["mc_games"]["ci95"]
    assert low < 75.0 < high
    assert rep["fighters"]["Avis"]["as_mc"]["ours"]["wins"] == 3
    assert rep["fighters"]["Avis"]["as_em"]["ours"]["wins"] == 1


def test_it_flags_a_rate_outside_the_published_interval():
    games = [_game(0, "Avis", "Iago", "mc", 2, 0)] * 20
    compare = report(games, 1, 7)["pooled"]["compare_games"]
    assert compare["published"]["wins"] == published.RUNS[0][0]
    assert compare["ours_inside_published_ci"] is False


def test_it_resumes_a_reproduction_from_its_file(tmp_path):
    out = tmp_path / "games.jsonl"
    first = run(1, 7, out=out, limit=1, specs=CHEAP)
    kept = out.read_text()
    both = run(1, 7, out=out, limit=2, specs=CHEAP)
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and out.read_text().startswith(kept)
    assert both[0] == first[0] == json.loads(lines[0])
    assert both[1]["em_fighter"] == NAMES[1] and both[1]["winner"] in ("mc", "em", None)
