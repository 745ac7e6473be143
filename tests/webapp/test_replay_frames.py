"""A replay page ships the first view and then only what changed: a long Dice Wars
match is not megabytes of HTML, and the views the page rebuilds are the positions."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from webapp.matches.positions import walk
from webapp.replays.frames import replay_frames, views_of

from .helpers import finished_match

pytestmark = pytest.mark.django_db


def size(value) -> int:
    return len(json.dumps(value, separators=(",", ":")))


@pytest.mark.parametrize("seat", [None, 0])
def test_the_views_rebuilt_from_the_patches_are_the_positions(seat):
    match = finished_match("dicewars", ("dicewars-ste", "dicewars-sdc"), seed="long")
    frames = replay_frames(match, seat)
    start = match.game_rules.new_state(match.num_players, match.options)
    positions = [start.observation(seat)] + [after.observation(seat) for _, _, after in walk(match)]
    assert views_of(frames) == positions
    assert any("patch" in f for f in frames)
    # Under a third of the size of every view (the log's own words are most of what is left).
    whole = [{**f, "view": v} for f, v in zip(frames, positions, strict=True)]
    for f in whole:
        f.pop("patch", None)
    assert size(frames) * 3 < size(whole)


def test_a_long_replay_page_is_small():
    match = finished_match("dicewars", ("dicewars-ste", "dicewars-sdc"), seed="long")
    assert match.ply > 100
    page = Client().get(reverse("replays:replay", args=[match.pk]))
    assert page.status_code == 200
    # Every view whole made 1.8 MB of HTML for this match.
    assert len(page.content) < 600_000, len(page.content)
