"""The button statistics (agents.buttonstats): the arithmetic checked against slow,
independent recounts of random games, and the study's plan, seeding and command."""

from __future__ import annotations

import json
import math
import random

import pytest

from agents.buttonstats import stats, study
from agents.buttonstats.__main__ import load, main
from agents.match import play_match
from games.buttonmen.state import PLAY

NAMES = ["Avis", "Hammer", "Bauer", "Stark", "Kith"]


def random_games(n: int, seed: int, draws: bool = False) -> list[stats.Game]:
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        a, b = rng.sample(NAMES, 2)
        winners = [0, 1, None] if draws else [0, 1]
        games.append(stats.Game(a, b, rng.choice([0, 1, None]), rng.choice(winners)))
    return games


# ----- Wilson interval --------------------------------------------------------------


def _inside(p0: float, p: float, n: int) -> bool:
    """The score test's acceptance region, which the Wilson interval inverts."""
    return (p - p0) ** 2 <= stats.Z95**2 * p0 * (1 - p0) / n


def _bisect(lo: float, hi: float, inside_at_hi: bool, p: float, n: int) -> float:
    for _ in range(80):
        mid = (lo + hi) / 2
        if _inside(mid, p, n) == inside_at_hi:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


@pytest.mark.parametrize("wins,games", [(0, 10), (3, 10), (5, 10), (10, 10), (1, 3), (37, 91)])
def test_wilson_is_the_inverted_score_test(wins, games):
    p = wins / games
    low, high = stats.wilson(wins, games)
    # The interval's ends are where the score test starts to accept p0, found by bisection.
    expected_low = 0.0 if wins == 0 else _bisect(0.0, p, True, p, games)
    expected_high = 1.0 if wins == games else _bisect(p, 1.0, False, p, games)
    assert low == pytest.approx(expected_low, abs=1e-9)
    assert high == pytest.approx(expected_high, abs=1e-9)
    assert low <= p <= high


def test_wilson_is_symmetric_and_narrows_with_games():
    for n in (4, 20, 100):
        for w in range(n + 1):
            low, high = stats.wilson(w, n)
            low2, high2 = stats.wilson(n - w, n)
            assert low == pytest.approx(1 - high2) and high == pytest.approx(1 - low2)
    widths = [math.fsum((-a, b)) for a, b in (stats.wilson(k, 2 * k) for k in (5, 50, 500))]
    assert widths == sorted(widths, reverse=True)
    assert stats.wilson(0, 0) == (0.0, 1.0)


# ----- per-button figures ----------------------------------------------------------


def test_compute_matches_a_recount():
    games = random_games(300, seed=7, draws=True)
    table = stats.compute(games)
    for name in NAMES:
        mine = [(g, 0) for g in games if g.a == name] + [(g, 1) for g in games if g.b == name]
        points = [1.0 if g.winner == seat else 0.5 if g.winner is None else 0.0 for g, seat in mine]
        s = table[name]
        assert s.games == len(mine)
        assert s.wins == pytest.approx(sum(points))
        first = [p for (g, seat), p in zip(mine, points, strict=True) if g.first == seat]
        second = [p for (g, seat), p in zip(mine, points, strict=True) if g.first == 1 - seat]
        assert (s.as_first.games, s.as_second.games) == (len(first), len(second))
        assert s.first_advantage == pytest.approx(
            sum(first) / len(first) - sum(second) / len(second)
        )
        for other in NAMES:
            met = [
                (g, seat, p)
                for (g, seat), p in zip(mine, points, strict=True)
                if (g.b if seat == 0 else g.a) == other
            ]
            if met:
                assert s.matchups[other].games == len(met)
                assert s.matchups[other].wins == pytest.approx(sum(p for *_, p in met))
            else:
                assert other not in s.matchups
    # Every game hands out exactly one point between its two buttons.
    assert sum(s.wins for s in table.values()) == pytest.approx(len(games))


def test_first_mover_advantage_when_the_first_mover_always_wins():
    rng = random.Random(3)
    games = []
    for _ in range(60):
        a, b = rng.sample(NAMES, 2)
        first = rng.choice([0, 1])
        games.append(stats.Game(a, b, first, first))
    table = stats.compute(games)
    for s in table.values():
        if s.as_first.games and s.as_second.games:
            assert s.first_advantage == pytest.approx(1.0)
    share = stats.first_mover_share(games)
    assert share.games == 60 and share.wins == 60


def test_first_mover_advantage_is_none_without_both_sides():
    table = stats.compute([stats.Game("Avis", "Hammer", 0, 0), stats.Game("Avis", "Kith", 0, 1)])
    assert table["Avis"].first_advantage is None
    assert table["Avis"].as_first.games == 2


@pytest.mark.parametrize("points", [0.0, 0.05, 0.2])
def test_fair_opponents_are_the_buttons_within_the_points(points):
    games = random_games(200, seed=11)
    table = stats.compute(games, points=points)
    for name, s in table.items():
        near = {
            o
            for o, t in table.items()
            if o != name and abs(t.wins / t.games - s.wins / s.games) <= points + 1e-12
        }
        assert set(s.fair) == near
        gaps = [abs(table[o].rate - s.rate) for o in s.fair]
        assert gaps == sorted(gaps)


def test_min_games_keeps_thin_buttons_out_of_fair_opponents():
    games = [stats.Game("Avis", "Hammer", 0, 0)] * 5 + [stats.Game("Kith", "Bauer", 0, 0)]
    table = stats.compute(games, points=1.0, min_games=3)
    assert table["Kith"].fair == [] and "Kith" not in table["Avis"].fair
    assert table["Avis"].fair == ["Hammer"]


def test_set_matrices_agree_with_the_matchups():
    games = random_games(150, seed=5)
    table = stats.compute(games)
    set_of = {"Avis": "S1", "Hammer": "S1", "Bauer": "S1", "Stark": "S2", "Kith": "S2", "X": "S3"}
    matrices = stats.set_matrices(table, set_of)
    assert [m.set for m in matrices] == ["S1", "S2"]  # S3: nobody of it played
    for m in matrices:
        for i, row in enumerate(m.names):
            for j, col in enumerate(m.names):
                cell = m.cells[i][j]
                if i == j:
                    assert cell is None
                else:
                    assert cell is table[row].matchups.get(col)
                    if cell is not None:
                        back = m.cells[j][i]
                        assert cell.games == back.games
                        assert cell.wins + back.wins == pytest.approx(cell.games)


def test_a_trimmed_matrix_keeps_the_buttons_that_met_a_set_mate():
    games = [stats.Game("Avis", "Hammer", 0, 0), stats.Game("Kith", "Zed", 0, 1)]
    table = stats.compute(games)
    (matrix,) = stats.set_matrices(table, {"Avis": "S", "Kith": "S", "Hammer": "S", "Zed": "T"})
    assert matrix.names == ("Avis", "Kith", "Hammer")
    trimmed = matrix.trimmed()
    assert trimmed.names == ("Avis", "Hammer")
    assert trimmed.cells[0][1] is table["Avis"].matchups["Hammer"]
    assert trimmed.cells[1][0] is table["Hammer"].matchups["Avis"]
    lonely = stats.set_matrices(table, {"Avis": "S", "Kith": "S"})[0].trimmed()
    assert lonely.names == () and lonely.cells == ()


def test_game_json_round_trip_and_checks():
    for game in random_games(20, seed=2, draws=True):
        assert stats.Game.from_json(json.loads(json.dumps(game.to_json()))) == game
    with pytest.raises(ValueError):
        stats.Game.from_json(["Avis", "Hammer", 2, 0])
    with pytest.raises(ValueError):
        stats.Game.from_json(["Avis", 3, 0, 0])


# ----- the study -------------------------------------------------------------------


def test_plan_plays_each_drawn_pair_in_both_seats():
    fixtures = study.plan(NAMES, 2, "s")
    assert len(fixtures) == len(NAMES) * 2 * 2
    pairs = [(f.a, f.b) for f in fixtures]
    for a, b in pairs:
        assert a != b and pairs.count((a, b)) == pairs.count((b, a))
    for name in NAMES:
        assert sum(name in pair for pair in pairs) >= 4
    assert len({f.seed for f in fixtures}) == len(fixtures)


def test_plan_is_seeded():
    assert study.plan(NAMES, 2, "s") == study.plan(NAMES, 2, "s")
    assert any(study.plan(NAMES, 2, "s") != study.plan(NAMES, 2, str(k)) for k in range(5))
    # More opponents than there are: each meets every other once.
    assert len(study.plan(NAMES[:3], 9, "s")) == 3 * 2 * 2
    with pytest.raises(ValueError):
        study.plan(NAMES, 0, "s")


def test_set_mates_add_a_meeting_inside_each_set():
    set_of = {"Avis": "S", "Hammer": "S", "Bauer": "S", "Stark": "T", "Kith": "T", "Lone": "U"}
    names = list(set_of)
    plain = study.plan(names, 1, "s")
    assert study.plan(names, 1, "s", set_of, 0) == plain
    with_mates = study.plan(names, 1, "s", set_of, 1)
    # The draw from the whole roster stays as it was; the set-mates come on top.
    assert [f for f in with_mates if f in plain] == plain
    for name in names:
        mates = {n for n in names if n != name and set_of[n] == set_of[name]}
        met = {f.b for f in with_mates if f.a == name} | {f.a for f in with_mates if f.b == name}
        assert mates == set() or met & mates
    extra = len(with_mates) - len(plain)
    # Lone has no set-mate; a set-mate already drawn is not drawn again.
    assert 0 < extra <= 2 * (len(names) - 1)
    assert study.plan(names, 1, "s", set_of, 1) == with_mates


def test_first_mover_is_the_turn_when_round_one_starts():
    for seed in range(6):
        seen: list[int] = []

        def watch(state, _step, seen=seen):
            if not seen and state.phase == PLAY:
                seen.append(state.turn)

        result = play_match(
            "buttonmen",
            ["random", "random"],
            seed,
            {"fighters": ["Avis", "Hammer"]},
            2,
            on_event=watch,
        )
        assert study.first_mover(result) == seen[0]


def test_study_command_writes_a_reproducible_study(tmp_path, capsys):
    args = ["play", "--per-button", "1", "--agent", "random", "--seed", "4", "--quiet"]
    args += ["--buttons", "Avis,Hammer,Bauer", "--set-mates", "1"]
    out1, out2 = tmp_path / "a.json", tmp_path / "b.json"
    assert main([*args, "--out", str(out1)]) == 0
    assert main([*args, "--out", str(out2)]) == 0
    one, two = load(out1), load(out2)
    assert one["games"] == two["games"]
    plan = study.plan(["Avis", "Hammer", "Bauer"], 1, "4", study.sets(), 1)
    assert len(one["games"]) == len(plan) > 3 * 2  # the three are Soldiers: set-mates
    assert one["agent"] == "random" and one["version"] == study.VERSION
    assert one["set_mates"] == 1
    assert [(g.a, g.b) for g in one["games"]] == [(f.a, f.b) for f in plan]
    assert all(g.winner in (0, 1, None) and g.first in (0, 1) for g in one["games"])
    assert main(["summary", str(out1)]) == 0
    assert f"{len(plan)} games of 3 buttons by random" in capsys.readouterr().out


def test_study_command_refuses_unknown_buttons(tmp_path):
    with pytest.raises(SystemExit):
        main(
            ["play", "--agent", "random", "--buttons", "Avis,Nobody", "--out", str(tmp_path / "x")]
        )


def test_load_refuses_another_version(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"version": 0, "games": []}))
    with pytest.raises(ValueError):
        load(path)
