"""What people read names people and says things in words: a blind choice names its
chooser ("buttonmen-mc sets the swing size", never "a player"), an opinion of a position
says whom it is for (never "as seat 1"), a position built by hand names its sides as the
game does, and the agents' rules are in words (no "P_hold", no "SD")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from webapp.replays import positions
from webapp.replays.frames import replay_frames

from .helpers import finished_match

pytestmark = pytest.mark.django_db(transaction=True)

SEAT_WORD = re.compile(r"\bas seat \d|\ba player\b|P_hold|\bSD\b")


def _texts(data) -> str:
    """Every text a person reads in the why? panel."""
    out = []
    for r in data["readable"].values():
        out += [r["headline"], r["played"] or "", *r["notes"]]
        out += [c["text"] + " " + c["figures"] for c in r["candidates"]]
    return "\n".join(out)


def test_a_blind_swing_choice_names_its_chooser():
    match = finished_match("buttonmen", ("random", "buttonmen-mc"), seed="o1")
    swing = match.events.get(ply=1).move  # both set their swing dice blind
    # The replay's "Choosing blind" line: each choice with its seat (the page names it).
    frame = replay_frames(match)[2]
    assert frame["event"]["choices"] == {
        s: f"seat {s} sets the swing size to {m.split(':')[1]}" for s, m in swing.items()
    }
    # The why? panel of buttonmen-mc's choice: its candidates and what it played.
    data = Client().get(f"/matches/{match.pk}/thinking/1/").json()
    text = _texts(data)
    assert "seat 1 sets the swing size to" in text
    assert not SEAT_WORD.search(text), text


def test_an_opinion_of_a_position_says_whom_it_is_for():
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="q1")
    _m, req = positions.check_request(match.pk, 0, "footsies-nash", "0.5")
    answer = positions.opinion(req)
    headlines = [r["headline"] for r in answer["readable"].values()]
    assert any("footsies-nash (for footsies-counter)" in h for h in headlines), headlines
    assert not any(SEAT_WORD.search(h) for h in headlines), headlines


def test_a_position_built_by_hand_names_its_sides_as_the_game_does():
    page = Client().get("/analyse/footsies/").content.decode()
    assert "To decide here: <b>Red and Blue</b>" in page
    assert not re.search(r"\bseat \d", page)


@pytest.mark.parametrize(
    "specs, seed, words",
    [
        (("dicewars-ste4", "dicewars-best"), "w3", "take the territory and hold it"),
        (("dicewars-ste", "dicewars-best"), "w3", "at least 20 % likely"),
        (("dicewars-sdc", "dicewars-best"), "w3", "largest strength difference"),
    ],
)
def test_the_dice_wars_rules_are_in_words(specs, seed, words):
    match = finished_match("dicewars", specs, seed=seed)
    # The first attack the agent of seat 0 weighed.
    ply = match.events.filter(actor=0).exclude(decisions={}).order_by("ply").first().ply
    data = Client().get(f"/matches/{match.pk}/thinking/{ply}/").json()
    text = _texts(data)
    assert words in text
    assert not SEAT_WORD.search(text), text
