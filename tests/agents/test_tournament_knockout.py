"""The knockout format: byes to the top seeds, the bracket, mini-matches, the seeded
tiebreak, and the same bracket from the same seed."""

from collections import Counter

import pytest

from agents.arena import run_arena
from agents.tournament import FORMATS, Fixture, FormatError, Played, make_format
from agents.tournament.knockout import Knockout


def by_strength(fixtures: list[Fixture]) -> list[Played]:
    """The lower-numbered entrant always wins."""
    return [
        Played(f, tuple("win" if who == min(f.seating) else "loss" for who in f.seating))
        for f in fixtures
    ]


def run(fmt: Knockout, play=by_strength) -> list[Played]:
    played: list[Played] = []
    upcoming = fmt.first_round()
    while upcoming:
        results = play(upcoming)
        if len(results) > 1:  # nothing new mid-round
            assert fmt.next_round(played + results[:-1]) == []
        assert not fmt.done(played + results[:-1])
        played += results
        upcoming = fmt.next_round(played)
    assert fmt.done(played)
    return played


def test_knockout_is_registered():
    assert FORMATS["knockout"] is Knockout


def test_byes_go_to_the_top_seeds_and_the_top_two_meet_only_in_the_final():
    ko = make_format("knockout", 6, 1, "s")
    assert ko.rounds == 3 and ko.size == 8
    assert ko.slots == [0, None, 3, 4, 1, None, 2, 5]
    first = ko.first_round()
    assert {frozenset(f.seating) for f in first} == {frozenset((3, 4)), frozenset((2, 5))}
    played = run(ko)
    # Seeds 1 and 2 had byes, won everything, and met in the final.
    assert [f.fixture.seating for f in played if f.fixture.round == 3] == [(0, 1)]
    assert len(played) == ko.total_games() == 5


def test_a_power_of_two_has_no_byes():
    ko = make_format("knockout", 8, 1, "s")
    assert None not in ko.slots
    assert [len([p for p in run(ko) if p.fixture.round == r]) for r in (1, 2, 3)] == [4, 2, 1]


@pytest.mark.parametrize("n", [2, 3, 5, 7, 9, 16, 17])
def test_every_size_plays_n_minus_one_pairings_with_unique_numbers(n):
    ko = make_format("knockout", n, 3, "z")
    played = run(ko)
    pairings = Counter(p.fixture.pairing for p in played)
    assert len(pairings) == n - 1 and set(pairings.values()) == {3}
    assert len(played) == ko.total_games()
    rows = ko.order(_rows(n), played)
    assert rows[0]["entry"] == 0 and rows[0]["reached"] == "winner"
    assert rows[1]["reached"] == "final"


def _rows(n: int) -> list[dict]:
    return [{"entry": e} for e in range(n)]


def test_a_pairing_is_a_mini_match_won_on_game_points():
    ko = make_format("knockout", 2, 3, "m")
    first = ko.first_round()
    assert [f.seating for f in first] == [(0, 1), (1, 0), (0, 1)]  # seats alternate
    # Entrant 1 wins two of three: it goes through although it is the lower seed.
    results = [("loss", "win"), ("win", "loss"), ("win", "loss")]  # per seat
    played = [Played(f, r) for f, r in zip(first, results, strict=True)]
    assert ko.done(played)
    rows = ko.order(_rows(2), played)
    assert [r["entry"] for r in rows] == [1, 0]
    (final,) = ko.bracket(played)
    assert final["name"] == "final"
    assert final["pairings"][0]["points"] == [1.0, 2.0]
    assert final["pairings"][0]["winner"] == 1 and not final["pairings"][0]["tiebreak"]


def test_a_drawn_mini_match_goes_to_the_seeded_coin_the_same_way_every_time():
    winners = set()
    for seed in ("a", "b", "c", "d", "e", "f", "g", "h"):
        ko = make_format("knockout", 2, 2, seed)
        first = ko.first_round()
        played = [Played(f, ("win", "loss")) for f in first]  # one win each
        (final,) = ko.bracket(played)
        assert final["pairings"][0]["tiebreak"] and final["pairings"][0]["points"] == [1, 1]
        again = make_format("knockout", 2, 2, seed).bracket(played)
        assert again == [final]
        winners.add(final["pairings"][0]["winner"])
    assert winners == {0, 1}  # a coin, not the seeding
    # Games with no result count for nobody: the coin decides too.
    ko = make_format("knockout", 2, 1, "a")
    played = [Played.no_result(f) for f in ko.first_round()]
    assert ko.done(played) and ko.bracket(played)[0]["pairings"][0]["tiebreak"]


def test_the_same_seed_makes_the_same_bracket_and_games():
    def play_by_seed(fixtures):
        return [
            Played(f, ("win", "loss") if int(f.seed, 16) % 2 else ("loss", "win")) for f in fixtures
        ]

    a = run(make_format("knockout", 7, 3, "same"), play_by_seed)
    b = run(make_format("knockout", 7, 3, "same"), play_by_seed)
    assert a == b
    c = run(make_format("knockout", 7, 3, "other"), play_by_seed)
    assert [p.fixture.seed for p in a] != [p.fixture.seed for p in c]


def test_the_standings_say_the_round_reached():
    ko = make_format("knockout", 5, 1, "r")
    played = run(ko)
    rows = ko.order(_rows(5), played)
    assert [(r["entry"], r["reached"]) for r in rows] == [
        (0, "winner"),
        (1, "final"),
        (2, "semi-final"),
        (3, "semi-final"),
        (4, "quarter-final"),
    ]
    mid = ko.order(_rows(5), played[:1])  # round 1's one game played, round 2 not
    assert mid[0]["reached"] == "semi-final (so far)"


def test_what_a_knockout_refuses():
    with pytest.raises(FormatError, match="two entrants"):
        make_format("knockout", 1, 1, "s")
    with pytest.raises(FormatError, match="at most 64"):
        make_format("knockout", 65, 1, "s")
    with pytest.raises(FormatError, match="rounds are for swiss"):
        make_format("knockout", 4, 1, "s", rounds=3)
    with pytest.raises(FormatError, match="two-player"):
        make_format("knockout", 4, 1, "s", players=3)


def test_the_arena_plays_a_knockout_from_the_command_line_engine():
    report = run_arena("footsies", ["random", "random:", "footsies-nash"], "knockout", 1, seed="k")
    assert report["standings"][0]["reached"] == "winner"
    assert report["games"] == 2 and [r["round"] for r in report["bracket"]] == [1, 2]
