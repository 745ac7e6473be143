"""The "why?" panel's data: what an AI weighed in the game's own words, the
raw figures kept for bot writers, and downloads as JSON and GraphML."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

import agents
import games
from agents.search.thinking import OWN_SCALE
from games.buttonmen.positions import position
from webapp.matches.thinking import as_tree, figures, heuristic, move_words, ranks, readable

from .helpers import finished_match

pytestmark = pytest.mark.django_db(transaction=True)


def _texts(data) -> str:
    """Every text a person reads in the panel (the raw JSON is behind a click)."""
    out = []
    for r in data["readable"].values():
        out += [r["headline"], r["played"] or "", *r["notes"]]
        out += [c["text"] + " " + c["figures"] for c in r["candidates"]]
    return "\n".join(out)


def test_the_why_panel_speaks_the_games_words():
    match = finished_match("dicewars", ("dicewars-ste4", "dicewars-best"), seed="w3")
    data = Client().get(f"/matches/{match.pk}/thinking/1/").json()
    assert data["decisions"]  # the raw figures are still there
    r = next(iter(data["readable"].values()))
    assert r["candidates"], r
    text = _texts(data)
    assert "{" not in text
    # Dice Wars' own words, not codes like "9>8".
    assert "attacks territory" in r["candidates"][0]["text"]
    assert ">" not in r["candidates"][0]["text"]
    assert "wins the battle" in r["candidates"][0]["figures"]
    assert sum(c["played"] for c in r["candidates"]) <= 1


def test_footsies_choices_are_named():
    state = games.get("footsies").new_state(2)
    assert move_words(state, "DP") not in ("DP", "")
    assert move_words(state, "not a move") == "not a move"  # never breaks the panel


def test_figures_in_plain_text():
    # 18 simulated games averaging +0.2222: 11 won (draws half), as a player counts.
    assert figures({"move": "x", "value": 0.2222, "visits": 18}) == (
        "about 11 of 18 simulated games won"
    )
    assert figures({"move": "x", "value": 0.96, "visits": 50}) == (
        "about 49 of 50 simulated games won"
    )
    assert figures({"move": "x", "playouts": 4, "wins": 3, "mean": 0.5}) == "3 of 4 playouts won"
    assert figures({"move": "x", "value": 0.0, "p": 0.333333}) == (
        "expected result 50 % · played 33 % of the time"
    )
    # Heuristic scores (the battler's planner, Octagon's search) are never shown bare.
    assert "658" not in figures({"move": "x", "value": 658})
    assert "4103" not in figures({"move": "x", "value": -4103.5})


def test_heuristic_scores_are_said_as_places():
    # The battler's planner and Octagon's search score moves on their own scales: a
    # player reads where a move stood among the candidates, never "+658" or "-4103".
    assert ranks([658, 120, 658, -4103.5]) == [
        "its top choice by its own scoring",
        "3rd of 4 by its own scoring",
        "its top choice by its own scoring",
        "4th of 4 by its own scoring",
    ]
    assert heuristic([0.5, -4103]) and not heuristic([0.5, -1, None])
    state = games.get("octagon").new_state(2)
    codes = [state.move_to_str(m) for m in state.legal_moves(0)[:3]]
    moves = [{"move": m, "value": v} for m, v in zip(codes, (-4103, 0.5, 658), strict=True)]
    r = readable(state, 0, {"thinking": {"algorithm": "octagon-best", "moves": moves}}, None, "Ada")
    shown = " ".join(c["figures"] for c in r["candidates"])
    assert "4103" not in shown and "658" not in shown and "0.5" not in shown
    assert [c["figures"] for c in r["candidates"]] == [
        "3rd of 3 by its own scoring",
        "2nd of 3 by its own scoring",
        "its top choice by its own scoring",
    ]


def test_a_plan_is_described_without_its_score():
    state = games.get("dungeon").new_state(2)
    move = "x"  # a code the game has no words for is shown as it is
    thinking = {"algorithm": "dungeon-planner", "plans": [{"plan": [move], "score": 658.0}]}
    r = readable(state, 0, {"thinking": thinking}, None, "Ada")
    assert any("best of the 1 plan" in n for n in r["notes"]), r["notes"]
    assert "658" not in " ".join(r["notes"])


def test_a_random_move_and_a_fallback_are_explained():
    state = games.get("footsies").new_state(2)
    r = readable(
        state, 1, {"thinking": {"legal_moves": 4}, "stats": {"seconds": 0.01}}, "B", "Blue"
    )
    assert r["headline"] == "Blue picked at random among 4 legal moves."
    r = readable(state, 1, {"thinking": {}, "stats": {"fallback": "timeout"}}, "B", "Blue")
    assert any("random legal move was played" in n for n in r["notes"])


def test_downloads_as_json_and_graphml():
    match = finished_match("footsies", ("footsies-nash", "footsies-counter"), seed="d1")
    client = Client()
    data = client.get(f"/matches/{match.pk}/thinking/0/").json()
    seat, r = next(iter(data["readable"].items()))
    resp = client.get(r["json_url"])
    assert resp.status_code == 200
    assert "attachment" in resp["Content-Disposition"]
    assert json.loads(resp.content) == data["decisions"][seat]
    resp = client.get(r["graphml_url"])
    assert resp.status_code == 200 and resp["Content-Type"].startswith("application/graphml")
    root = ET.fromstring(resp.content)
    ns = "{http://graphml.graphdrawing.org/xmlns}"
    nodes = root.findall(f"{ns}graph/{ns}node")
    assert len(nodes) == 1 + len(data["decisions"][seat]["thinking"]["moves"])
    for bad in (
        f"/matches/{match.pk}/thinking/0/seat7.json",
        f"/matches/{match.pk}/thinking/0/seat0.xml",
        f"/matches/{match.pk}/thinking/999/seat0.json",
        "/matches/987654/thinking/0/seat0.graphml",
        f"/matches/{match.pk}/thinking/999/",
    ):
        assert client.get(bad).status_code == 404, bad


def test_a_search_tree_exports_as_it_is():
    tree = {"move": None, "actor": "seat 0", "children": [{"move": "A", "actor": "leaf"}]}
    assert as_tree({"tree": tree, "moves": []}, 0) == tree
    flat = as_tree({"moves": [{"move": "A", "value": 1}, {"move": "B", "mean": -1}]}, 0)
    assert [c["move"] for c in flat["children"]] == ["A", "B"]


def test_a_predicted_mix_names_the_opponents_likeliest_moves():
    state = games.get("buttonmen").new_state(2, {"fighters": ["Iago", "Stark"]})
    thinking = {"predicted": {"swing:4": 0.1, "swing:8": 0.24, "swing:9": 0.24, "swing:12": 0.14}}
    r = readable(state, 0, {"thinking": thinking}, None, "Ada")
    [note] = [n for n in r["notes"] if n.startswith("What it expected")]
    assert "swing size to 8 (24 %)" in note and "swing size to 12 (14 %)" in note
    assert "to 4 " not in note and note.endswith("and less likely others.")
    assert "{" not in note


@pytest.mark.parametrize("spec", ["buttonmen-best", "buttonmen-flat"])
def test_button_men_playouts_read_as_the_rounds_and_games_they_won(spec):
    # A round-win share of 0.71 once read as a value of +0.71, "86 % won".
    state = games.get("buttonmen").from_position(
        position([(6, 5), (10, 3), (8, 8)], [(20, 3), (12, 9), (4, 2)])
    )
    decision = agents.get(spec).act(state, 0, agents.Budget(iterations=600), random.Random(1))
    rows = decision.thinking["moves"]
    r = readable(state, 0, {"thinking": decision.thinking}, None, "Ada")
    assert len(r["candidates"]) == min(len(rows), len(r["candidates"])) > 1
    for row, candidate in zip(rows, r["candidates"], strict=False):
        assert -1.0 <= row["value"] <= 1.0
        won = round(row["wins"])
        assert candidate["figures"] == f"about {won} of {row['visits']} simulated games won"


def test_a_swing_size_chosen_for_the_match_reads_as_its_match_and_round_chances():
    from agents.buttonmen.book import round_start

    state = round_start("Avis", "Hammer")
    decision = agents.get("buttonmen-best:model_playouts=340").act(
        state, 0, agents.Budget(), random.Random(3)
    )
    rows = decision.thinking["moves"]
    assert "swing book" in decision.thinking["policy"]
    r = readable(state, 0, {"thinking": decision.thinking}, None, "Ada")
    assert r["headline"] == f"Ada chose {decision.thinking['method']}."
    assert "swing book" in r["headline"] and "for the match" in r["headline"]
    for row, candidate in zip(rows, r["candidates"], strict=False):
        match = f"{100 * (1 + row['value']) / 2:.0f} %"
        assert candidate["figures"] == (
            f"wins the match {match} · wins this round {100 * row['round']:.0f} %"
        )


def _first_decision(slug: str, seed: int):
    """A game's first position where a player has more than one move (chance played)."""
    state = games.get(slug).new_state(2, None)
    rng = random.Random(seed)
    while state.current() < 0 or len(state.legal_moves(state.current())) < 2:
        if state.current() < 0:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(state.legal_moves(state.current())[0])
    return state, rng


@pytest.mark.parametrize("spec", ["dicewars-best", "dicewars-wpm", "dicewars-ste", "dicewars-hand"])
def test_dice_wars_scores_are_places_never_a_result(spec):
    # dicewars-best's rise of 0.47 in its chance to win once read "expected result 73 %".
    state, rng = _first_decision("dicewars", 3)
    seat = state.current()
    decision = agents.get(spec).act(state, seat, agents.Budget(seconds=5), rng)
    r = readable(state, seat, {"thinking": decision.thinking}, None, "Ada")
    words = [c["figures"] for c in r["candidates"]]
    assert words and all("by its own scoring" in w for w in words)
    if "replies" in decision.thinking:  # what decided, when it was not the list's order
        assert "sampled replies of the other player, which decide" in r["headline"]
    assert not any("expected result" in w or "simulated" in w for w in words)


@pytest.mark.parametrize(
    "slug, spec",
    [
        ("octagon", "octagon-best"),
        ("octagon", "octagon-greedy"),
        ("dungeon", "dungeon-planner"),
        ("dungeon", "dungeon-best"),
    ],
)
def test_octagon_and_battler_scores_are_places_never_a_result(slug, spec):
    # Their values are margins of pieces and points of damage, not chances to win. Most
    # lie outside [-1, 1], which the panel reads as a score of its own; the agents say
    # so outright, so that a list of margins 1, 0, -1 never reads "expected result 100 %".
    state, rng = _first_decision(slug, 5)
    seat = state.current()
    decision = agents.get(spec).act(state, seat, agents.Budget(seconds=5), rng)
    assert decision.thinking["scale"] == OWN_SCALE
    r = readable(state, seat, {"thinking": decision.thinking}, None, "Ada")
    words = [c["figures"] for c in r["candidates"]]
    assert len(words) > 1 and all("by its own scoring" in w for w in words)
    assert not any("expected result" in w or "simulated" in w for w in words)


def test_a_random_attacker_s_chances_read_as_how_often_it_plays_each():
    state, rng = _first_decision("dicewars", 3)
    decision = agents.get("dicewars-naive").act(state, state.current(), agents.Budget(), rng)
    r = readable(state, state.current(), {"thinking": decision.thinking}, None, "Ada")
    assert r["candidates"] and all(
        c["figures"].startswith("played ") and c["figures"].endswith("% of the time")
        for c in r["candidates"]
    )
