"""Calibration of the analysis's win chances: the reliability table, the fitted power,
the smoothing and the intervals a few playouts give."""

from __future__ import annotations

import json
import random

import pytest

from agents.analyse import calibrate
from agents.analyse.reliability import Point, brier, fit_power, table, tempered, wilson
from agents.analyse.values import Estimate, half_width, smoothed, temper


def _synthetic(power: float, n: int = 4000, seed: int = 1) -> list[Point]:
    """Predictions q whose real chance is q ** power / (q ** power + (1 - q) ** power)."""
    rng = random.Random(seed)
    found = []
    for i in range(n):
        q = rng.uniform(0.02, 0.98)
        real = q**power / (q**power + (1 - q) ** power)
        found.append(Point(q, 1.0 if rng.random() < real else 0.0, i))
    return found


def test_a_calibrated_predictor_has_small_gaps():
    rows = table(_synthetic(1.0))
    assert len(rows) == 10
    for row in rows:
        lo, hi = row["observed_ci"]
        assert lo <= row["observed"] <= hi
        assert abs(row["gap"]) < 10, row


def test_the_fitted_power_undoes_over_and_underconfidence():
    # Outcomes drawn at power 0.5 (the predictions are overconfident): fitting finds it,
    # and the tempered predictions score better than the raw ones.
    found = _synthetic(0.5)
    power = fit_power(found)
    assert power == pytest.approx(0.5, abs=0.1)
    assert brier(tempered(found, power)) < brier(found)
    assert fit_power(_synthetic(2.0)) == pytest.approx(2.0, abs=0.3)


def test_wilson_interval():
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(0.19, abs=0.01)


def test_smoothing_and_temper():
    assert smoothed((1.0, 0.0), 2) == pytest.approx((5 / 6, 1 / 6))
    assert temper((0.7, 0.3), 20, 1.0) == pytest.approx(smoothed((0.7, 0.3), 20))
    low = temper((0.9, 0.1), 20, 0.5)
    high = temper((0.9, 0.1), 20, 2.0)
    assert sum(low) == pytest.approx(1.0) and sum(high) == pytest.approx(1.0)
    assert 0.5 < low[0] < smoothed((0.9, 0.1), 20)[0] < high[0]
    three = temper((0.5, 0.5, 0.0), 10, 1.5)
    assert sum(three) == pytest.approx(1.0) and three[0] == pytest.approx(three[1])


def test_a_few_equal_playouts_are_never_sure():
    # Two playouts that both won: the plain sample variance is 0, an interval of zero.
    # With the two pseudo-playouts the half-width stays wide; 400 shrink it.
    assert half_width(2.0, 2.0, 2, 0.0, 1.0) > 0.3
    assert half_width(400.0, 400.0, 400, 0.0, 1.0) < 0.01
    est = Estimate.of_samples([2.0, 0.0], [2.0, 0.0], 2)
    assert min(est.half) > 0.3
    assert est.tempered(1.0).half[0] > 0.1


def test_the_command_prints_a_reliability_table(capsys):
    # Footsies is exact: cheap, and every decile row is consistent.
    assert calibrate.main(["footsies", "--matches", "6", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "footsies" and out["estimate"] == "exact"
    assert out["predictions"] == sum(r["positions"] for r in out["deciles"])
    assert 0.0 <= out["brier"] <= 1.0


def test_the_command_fits_on_one_half_and_measures_on_the_other(capsys):
    args = ["dungeon", "--matches", "2", "--seed", "3", "--playouts", "2", "--fit"]
    assert calibrate.main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tuning_matches"] == "0-0" and out["held_out_matches"] == "1-1"
    assert out["estimate"]["power"] == 1.0 and out["fitted_power"] > 0
    assert out["before"]["predictions"] == out["predictions"]
    assert calibrate.main(args) == 0
    assert "| predicted |" in capsys.readouterr().out
