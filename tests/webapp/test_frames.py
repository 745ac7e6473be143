"""Event frames carry patches: for every game and every audience, the first view plus
each frame's patch equals the view a fresh snapshot would show at that point, and a
seat never receives another seat's secrets."""

import json
import random

import pytest

import games
from games.core import CHANCE, SIMULTANEOUS, TERMINAL
from webapp.matches import delta, frames
from webapp.matches.models import Event, Match


def play(slug: str, players: int, seed: int):
    """(before, event, after) for a random game, as the service would store them."""
    rng = random.Random(seed)
    state = games.get(slug).new_state(players)
    ply = 0
    while state.current() != TERMINAL:
        actor = state.current()
        if actor == CHANCE:
            move = state.sample_chance(rng)
            text = state.move_to_str(move)
            after = state.apply(move)
        elif actor == SIMULTANEOUS:
            joint = {s: rng.choice(state.legal_moves(s)) for s in state.acting_seats()}
            text = {str(s): state.move_to_str(m) for s, m in joint.items()}
            after = state.apply_joint(joint)
        else:
            move = rng.choice(state.legal_moves(actor))
            text = state.move_to_str(move)
            after = state.apply(move)
        event = Event(ply=ply, actor=actor, move=text, decisions={})
        yield state, event, after
        state, ply = after, ply + 1


@pytest.mark.parametrize(
    # Every game, with three seats where it takes them (Dice Wars): each audience apart.
    ("slug", "players"),
    [(game.slug, min(3, game.max_players)) for game in games.all()],
)
def test_patches_rebuild_every_audiences_view(slug, players):
    match = Match(game=slug, num_players=players, options={})
    audiences = [None, *range(players)]
    start = games.get(slug).new_state(players)
    views = {a: start.observation(a) for a in audiences}
    full = patched = 0
    for before, event, after in play(slug, players, seed=3):
        texts = frames.event_texts(match, before, event, after)
        for seat in audiences:
            frame = json.loads(frames.for_audience(texts, seat))
            assert frame["seq"] == event.ply + 1
            if "view" in frame:
                views[seat], full = frame["view"], full + 1
            else:
                views[seat], patched = delta.apply(views[seat], frame["patch"]), patched + 1
            # Exactly what a snapshot would show this audience, after a JSON round trip.
            assert views[seat] == json.loads(json.dumps(after.observation(seat)))
            acting = seat is not None and seat in after.acting_seats()
            legal = [after.move_to_str(m) for m in after.legal_moves(seat)] if acting else []
            assert frame.get("legal", []) == legal
    assert patched > full  # frames are mostly patches, not whole views


def test_a_patch_is_smaller_than_the_view_it_replaces():
    before = {"map": [{"owner": i % 3, "dice": 2} for i in range(30)], "turn": 4}
    after = json.loads(json.dumps(before))
    after["map"][7]["dice"] = 1
    after["map"][8] = {"owner": 0, "dice": 1}
    after["turn"] = 5
    kind, ops = delta.smaller(before, after)
    assert kind == "patch" and delta.apply(before, ops) == after
    assert len(json.dumps(ops)) < len(json.dumps(after)) / 5


def test_a_piece_placed_in_a_long_list_costs_one_splice():
    before = {"pieces": [{"cell": [i, i], "kind": 1} for i in range(20)]}
    after = json.loads(json.dumps(before))
    after["pieces"].insert(7, {"cell": [9, 9], "kind": 4})
    ops = delta.diff(before, after)
    assert ops == [[["pieces"], 7, 0, [{"cell": [9, 9], "kind": 4}]]]
    assert delta.apply(before, ops) == after


def test_deletions_type_changes_and_whole_replacements_round_trip():
    cases = [
        ({"a": 1, "b": 2}, {"a": 1}),
        ({"a": 1}, {"a": True}),
        ({"a": [1, 2, 3]}, {"a": [1, 2]}),
        ({"a": [1, 2, 3, 4]}, {"a": [5, 6, 7, 4]}),
        ([1, 2], {"x": None}),
        ({"a": {"b": {"c": 1}}}, {"a": {"b": {"c": 2, "d": [1]}}}),
        ({"a": [1, 2, 3, 4]}, {"a": [1, 2, 9, 3, 4]}),
        ({"a": [1, 2, 3, 4]}, {"a": [1, 4]}),
        ({"a": [1, 2, 3]}, {"a": [0, 1, 2, 3]}),
        ({"a": [[1, 2], [3]]}, {"a": [[1, 2], [3], [4, 5]]}),
        ([1, 2, 3], [1, 2, 3, 4]),
    ]
    for before, after in cases:
        assert delta.apply(before, delta.diff(before, after)) == after


def test_no_frame_is_built_for_an_ais_seat():
    """Against an AI, the person's seat (0) gets its own frame with its moves; seat 1 is
    the AI's, which no page holds, so its frame (every move it may make) is not built."""
    match = Match(game="octagon", num_players=2, options={})
    built = 0
    for before, event, after in play("octagon", 2, seed=5):
        texts = frames.event_texts(match, before, event, after, pages=frozenset({0}))
        assert "1" not in texts
        if 0 in after.acting_seats():
            built += 1
            legal = json.loads(texts["0"])["legal"]
            assert legal == [after.move_to_str(m) for m in after.legal_moves(0)]
        # Everyone else, the AI's seat included, reads the spectators' frame.
        assert frames.for_audience(texts, 1) == texts[frames.SPECTATORS]
    assert built > 0
