"""``python -m agents.analyse``: every game's record in, the documented JSON out."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import games
from agents.analyse import analyse
from agents.analyse.__main__ import main
from games.core import CHANCE, SIMULTANEOUS
from tests.agents.analyse_records import record

ROOT = Path(__file__).resolve().parents[2]
SLUGS = [g.slug for g in games.all()]


def _quick(slug: str, **kwargs) -> dict:
    # Random playouts keep every game's test quick; the defaults are exercised below.
    kwargs.setdefault("agent", None if slug == "footsies" else "random")
    return analyse(record(slug), budget_s=None, playouts=kwargs.pop("playouts", 8), **kwargs)


@pytest.mark.parametrize("slug", SLUGS)
def test_it_gives_every_ply_win_probabilities_that_add_up_to_1(slug):
    result = _quick(slug)
    history = record(slug)["history"]
    assert result["game"] == slug
    assert [p["ply"] for p in result["plies"]] == list(range(len(history)))
    for row in result["plies"] + [result["final"]]:
        assert len(row["win_prob"]) == len(result["seats"])
        assert sum(row["win_prob"]) == pytest.approx(1.0, abs=1e-5)
        assert all(0.0 <= p <= 1.0 for p in row["win_prob"])
    assert len(result["luck"]) == len(result["accuracy"]) == len(result["seats"])


@pytest.mark.parametrize("slug", SLUGS)
def test_it_describes_each_ply_as_the_issue_asks(slug):
    result = _quick(slug)
    for row, (actor, move) in zip(result["plies"], record(slug)["history"], strict=True):
        assert row["actor"] == actor
        assert row["move"] == move
        assert row["text"] and "{" not in row["text"]
        for key in ("best_move", "best_win_prob", "loss", "label", "luck"):
            assert key in row
        if actor == CHANCE:
            assert row["decisions"] == [] and row["loss"] is None
            assert sum(row["luck"]) == pytest.approx(0.0, abs=1e-6)  # zero-sum swings
        elif actor == SIMULTANEOUS:
            assert set(row["loss"]) == {str(s) for s in move}
        else:
            assert row["loss"] >= 0.0
            assert row["label"] in (None, "inaccuracy", "mistake", "blunder")


@pytest.mark.parametrize("slug", SLUGS)
def test_a_forced_move_loses_nothing(slug):
    result = _quick(slug)
    forced = [d for row in result["plies"] for d in row["decisions"] if d["forced"]]
    for d in forced:
        assert d["loss"] == 0.0 and d["label"] is None and d["best_move"] == d["move"]
    if slug in ("dicewars", "dungeon", "buttonmen"):
        assert forced, f"expected a forced move in the {slug} record"


def test_the_same_record_gives_the_same_analysis():
    first = _quick("dicewars", playouts=4)
    again = _quick("dicewars", playouts=4)
    first["method"].pop("seconds"), again["method"].pop("seconds")
    for key in ("judge_seconds", "playout_seconds"):
        first["method"].pop(key), again["method"].pop(key)
    assert first == again


@pytest.mark.parametrize("slug", ["buttonmen", "dicewars", "dungeon"])
def test_the_default_policy_stays_near_its_budget(slug):
    result = analyse(record(slug), budget_s=2.0)
    assert result["method"]["kind"] == "playouts"
    assert result["method"]["playouts"] >= 2
    for row in result["plies"]:
        assert sum(row["win_prob"]) == pytest.approx(1.0, abs=1e-5)


def test_the_command_prints_json(tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record("footsies")))
    assert main([str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["method"]["kind"] == "exact"
    assert printed["plies"][0]["win_prob"] == [0.5, 0.5]


def test_the_command_reads_a_match_page_download(tmp_path, capsys):
    download = {
        "record": record("dungeon"),
        "match": {"seats": [{"index": 0, "name": "Ada"}, {"index": 1, "name": "dungeon-planner"}]},
    }
    path = tmp_path / "download.json"
    path.write_text(json.dumps(download))
    assert (
        main([str(path), "--json", "--agent", "random", "--budget-s", "0", "--playouts", "4"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["seats"] == ["Ada", "dungeon-planner"]


def test_it_runs_as_a_module_without_django():
    code = (
        "import sys, runpy; sys.modules['django'] = None; "
        "sys.argv = ['x', '-', '--json']; runpy.run_module('agents.analyse', run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(record("footsies")),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "footsies"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "JSON object"),
        ({"game": "footsies"}, "'history'"),
        ({"game": "chess", "history": []}, "unknown game"),
        ({"game": "footsies", "history": [[-2, {"0": "A", "1": "XX"}]]}, "event 0"),
        ({"game": "footsies", "history": [], "options": {"blocks": -4}}, "cannot set up"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(tmp_path, capsys, data, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main([str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and message in err


def test_an_unknown_agent_or_an_unreadable_file_is_refused(tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record("dungeon")))
    assert main([str(path), "--agent", "footsies-counter"]) == 2
    assert "does not play dungeon" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "garbage.json").write_text("{not json")
    assert main([str(tmp_path / "garbage.json")]) == 2
