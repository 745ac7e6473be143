"""Calibration maps: fitting, the shipped files, and how the analysis applies them."""

from __future__ import annotations

import json
import random

import pytest

import games
from agents.analyse import calibrate, calmap, policy
from agents.analyse.calmap import CEILING, FLOOR, CalibrationMap, fit_knots
from agents.analyse.reliability import Point, brier, mapped, table
from agents.analyse.values import Estimate, smoothed


def _overconfident(n: int = 6000, seed: int = 2) -> list[tuple[float, float]]:
    """Predictions q whose real chance is halfway back to 50 %: q = 0.9 wins 70 %."""
    rng = random.Random(seed)
    found = []
    for _ in range(n):
        q = rng.uniform(0.02, 0.98)
        real = 0.5 + (q - 0.5) / 2
        found.append((q, 1.0 if rng.random() < real else 0.0))
    return found


def test_the_fit_is_monotone_symmetric_and_bounded():
    knots = fit_knots(_overconfident())
    cmap = CalibrationMap("octagon", "octagon-greedy", 16, 2, knots)
    xs = [x for x, _ in knots]
    ys = [y for _, y in knots]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    assert ys == sorted(ys)
    assert all(FLOOR <= y <= CEILING for y in ys)
    grid = [i / 200 for i in range(201)]
    values = [cmap(q) for q in grid]
    assert all(b >= a for a, b in zip(values, values[1:], strict=False))
    for q in grid:
        # Mirrored data: nearly symmetric (the equal-count groups need not be), and
        # exactly so as two seats' chances.
        assert cmap(q) + cmap(1 - q) == pytest.approx(1.0, abs=0.03)
        assert sum(cmap.apply((q, 1 - q))) == pytest.approx(1.0)


def test_the_fit_undoes_overconfidence():
    data = _overconfident()
    cmap = CalibrationMap("octagon", "octagon-greedy", 16, 2, fit_knots(data))
    assert cmap(0.9) == pytest.approx(0.7, abs=0.06)
    assert cmap(0.1) == pytest.approx(0.3, abs=0.06)
    # Judged on other predictions drawn the same way: better than the raw ones.
    held = [Point(q, y, i) for i, (q, y) in enumerate(_overconfident(seed=3))]
    assert brier(mapped(held, cmap)) < brier(held)
    for row in table(mapped(held, cmap)):
        if row["positions"] >= 100:
            assert abs(row["gap"]) < 5, row


def test_a_map_that_goes_down_is_refused():
    with pytest.raises(ValueError, match="monotone"):
        CalibrationMap("octagon", "octagon-greedy", 16, 2, ((0.2, 0.4), (0.8, 0.3)))
    with pytest.raises(ValueError, match="increasing"):
        CalibrationMap("octagon", "octagon-greedy", 16, 2, ((0.5, 0.4), (0.5, 0.6)))


def test_every_shipped_map_loads_is_monotone_and_fits_its_game():
    shipped = sorted(calmap.DIR.glob("*.json"))
    assert shipped, "no calibration map shipped"
    for file in shipped:
        cmap = calmap.load(file.stem)
        assert cmap is not None and cmap.game == file.stem
        games.get(cmap.game)  # a real game
        assert cmap.policy == policy.playout_spec(cmap.game)
        assert cmap.meta["command"].startswith("python -m agents.analyse.calibrate ")
        values = [cmap(i / 100) for i in range(101)]
        assert all(b >= a for a, b in zip(values, values[1:], strict=False)), file
        assert all(FLOOR <= v <= CEILING for v in values)
        # Fitted on mirrored data: nearly symmetric itself, and exactly so as applied.
        assert cmap(0.5) == pytest.approx(0.5, abs=0.02)
        assert cmap.apply((0.5, 0.5)) == pytest.approx((0.5, 0.5))
        for q in (0.05, 0.2, 0.35):
            low, high = cmap.apply((q, 1 - q))
            assert (high, low) == pytest.approx(cmap.apply((1 - q, q)))
        # The analysis uses it for the game's own playout policy, never for another.
        assert policy.power_for(cmap.game, cmap.policy) == cmap
        assert policy.power_for(cmap.game, "random") is None


def test_another_version_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(calmap, "DIR", tmp_path)
    data = CalibrationMap("octagon", "octagon-greedy", 16, 2, ((0.1, 0.3), (0.9, 0.7))).to_json()
    data["version"] = 99
    (tmp_path / "octagon.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="version"):
        calmap.load("octagon")
    assert calmap.load("footsies") is None


def test_an_estimate_through_the_map():
    cmap = CalibrationMap("octagon", "octagon-greedy", 16, 2, ((0.1, 0.3), (0.9, 0.7)))
    est = Estimate.of_samples([15.0, 1.0], [15.0, 1.0], 16)
    out = est.mapped(cmap)
    q = smoothed(est.mean, 16)
    assert out.mean[0] == pytest.approx(cmap(q[0]))
    assert sum(out.mean) == pytest.approx(1.0)
    # The interval shrinks with the map's slope (here 1/2), never to nothing.
    assert 0 < out.half[0] < est.half[0]
    # Three seats: the map was fitted for two, so the estimate stays at power 1.
    three = Estimate.of_samples([8.0, 4.0, 4.0], [8.0, 4.0, 4.0], 16)
    assert three.mapped(cmap).mean == pytest.approx(smoothed(three.mean, 16))
    # Exact values are left alone.
    assert Estimate((1.0, 0.0)).mapped(cmap) == Estimate((1.0, 0.0))


def test_the_command_fits_a_map_from_points_files(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(calmap, "DIR", tmp_path / "maps")
    points = tmp_path / "points.json"
    args = ["dungeon", "--matches", "2", "--seed", "3", "--playouts", "2"]
    assert calibrate.main([*args, "--points", str(points), "--json"]) == 0
    capsys.readouterr()
    assert calibrate.main(["dungeon", "--fit-map", str(points), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    cmap = calmap.load("dungeon")
    assert cmap is not None and cmap.playouts == 2 and len(cmap.knots) == out["knots"]
    assert cmap.meta["command"] == (
        f"python -m agents.analyse.calibrate dungeon --fit-map {points} --json"
    )
    assert out["fitted_on"]["after"]["predictions"] == out["fitted_on"]["before"]["predictions"]
    # Judged on a file: the same predictions without and with the map.
    assert calibrate.main(["dungeon", "--judge", str(points), "--json"]) == 0
    judged = json.loads(capsys.readouterr().out)
    assert judged["before"]["predictions"] == judged["predictions"]
    assert judged["held_out"] == ["--matches 2 --seed 3"]
    assert calibrate.main(["dungeon", "--judge", str(points)]) == 0
    assert "Through the map" in capsys.readouterr().out


def test_the_candidate_button_men_policy_plays_whole_matches():
    # buttonmen-mixed is measured against the game's own policy (docs/analysis.md);
    # it plays a match from the start and pinned swing choices like the conversion rule.
    game = games.get("buttonmen")
    state = game.new_state(2)
    play = policy.playout_for("buttonmen-mixed", "buttonmen")
    for seed in range(3):
        shares = play(state, random.Random(seed), None)
        assert sum(shares) == pytest.approx(1.0) and all(0 <= s <= 1 for s in shares)
    assert policy.power_for("buttonmen", "buttonmen-mixed") is None
