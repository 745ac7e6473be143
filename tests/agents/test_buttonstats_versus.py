"""Two agents over random matchups of a tier: the plan, the seats, the tally, the
resumable file, and one real game end to end."""

from __future__ import annotations

import json

from agents.buttonstats import versus
from agents.buttonstats.__main__ import main
from games.buttonmen.roster import buttons


def test_tier_names_are_the_playable_buttons_of_that_tier():
    names = versus.tier_names(3)
    by_name = {b.name: b for b in buttons()}
    assert len(names) >= 200
    assert all(by_name[n].playable and by_name[n].tier == 3 for n in names)


def test_the_plan_is_seeded_prefix_stable_and_alternates_the_seats():
    names = versus.tier_names(3)
    long, short = versus.plan(names, 40, "s"), versus.plan(names, 10, "s")
    assert long[:10] == short
    assert versus.plan(names, 40, "other") != long
    assert all(m.a != m.b for m in long)
    assert [m.first_seat for m in long[:4]] == [0, 1, 0, 1]
    assert len({m.seed for m in long}) == 40


def test_the_report_counts_the_first_agent_by_its_seat():
    rows = [
        {"first_seat": 0, "first_won": 1},
        {"first_seat": 1, "first_won": 1},
        {"first_seat": 1, "first_won": 0},
        {"first_seat": 0, "first_won": None},
    ]
    out = versus.report(rows, ["a", "b"])
    assert (out["all"]["wins"], out["all"]["losses"], out["all"]["games"]) == (2, 1, 4)
    assert out["as_seat_1"]["win_rate"] == 0.5
    low, high = out["all"]["ci95"]
    assert low < 2 / 3 < high


def test_a_run_appends_its_games_and_a_second_run_skips_them(tmp_path, capsys):
    out = tmp_path / "v.jsonl"
    args = ["versus", "--agents", "buttonmen-mc:playouts=2", "random", "--matchups", "2"]
    args += ["--tier", "1", "--seed", "t", "--out", str(out), "--quiet"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and first["all"]["games"] == 2
    assert main(args) == 0  # nothing left to play: the file is unchanged
    assert out.read_text().splitlines() == lines
    assert json.loads(capsys.readouterr().out)["all"] == first["all"]
