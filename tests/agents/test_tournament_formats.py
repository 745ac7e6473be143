"""Tournament formats as objects: the fixed ones, gauntlet, and Swiss round by round."""

from collections import Counter
from itertools import combinations

import pytest

from agents.arena import run_arena
from agents.tournament import Fixture, FormatError, Played, Table, make_format
from agents.tournament.formats import Swiss


def play_by_strength(fixtures: list[Fixture]) -> list[Played]:
    """The lower-numbered entrant always wins: a field with a known order."""
    out = []
    for f in fixtures:
        best = min(f.seating)
        out.append(Played(f, tuple("win" if who == best else "loss" for who in f.seating)))
    return out


def run_swiss(swiss: Swiss, play=play_by_strength) -> list[Played]:
    played: list[Played] = []
    upcoming = swiss.first_round()
    while upcoming:
        results = play(upcoming)
        assert swiss.next_round(played + results[:-1]) == []  # nothing new mid-round
        assert not swiss.done(played + results[:-1])
        played += results
        upcoming = swiss.next_round(played)
    return played


def pairs_of(played: list[Played]) -> Counter:
    return Counter(frozenset(p.fixture.seating) for p in played)


def test_the_fixed_formats_play_everything_in_one_round():
    for name in ("roundrobin", "duplicate", "gauntlet", "ladder"):
        fmt = make_format(name, 4, 2, "s")
        first = fmt.first_round()
        assert len(first) == fmt.total_games()
        assert not fmt.done(play_by_strength(first[:-1]))
        assert fmt.done(play_by_strength(first)) and fmt.next_round(play_by_strength(first)) == []


def test_a_gauntlet_sets_the_first_entrant_against_each_other_one():
    fixtures = make_format("gauntlet", 4, 4, "g").first_round()
    assert {frozenset(f.seating) for f in fixtures} == {frozenset((0, b)) for b in (1, 2, 3)}
    assert Counter(f.seating[0] for f in fixtures if 0 in f.seating)[0] == 6  # seats alternate
    report = run_arena(
        "footsies", ["footsies-nash", "random", "footsies-counter"], "gauntlet", 4, seed=3
    )
    assert report["games"] == 8
    assert [p["agents"][0] for p in report["pairings"]] == ["footsies-nash", "footsies-nash"]


def test_a_ladder_plays_each_entrant_against_the_next_only():
    fixtures = make_format("ladder", 4, 4, "l").first_round()
    assert Counter(frozenset(f.seating) for f in fixtures) == {
        frozenset((a, a + 1)): 4 for a in range(3)
    }
    # Seats alternate within each step.
    assert Counter(f.seating[0] for f in fixtures if set(f.seating) == {0, 1}) == {0: 2, 1: 2}
    report = run_arena("footsies", ["random", "footsies-counter", "footsies-nash"], "ladder", 2)
    assert [p["agents"] for p in report["pairings"]] == [
        ["random", "footsies-counter"],
        ["footsies-counter", "footsies-nash"],
    ]


def test_swiss_pairs_each_round_without_repeats_and_ends_after_its_rounds():
    swiss = make_format("swiss", 8, 2, "seed", rounds=3)
    played = run_swiss(swiss)
    assert swiss.done(played)
    assert len(played) == swiss.total_games() == 3 * 4 * 2
    assert all(n == 2 for n in pairs_of(played).values())  # no pairing met twice
    for rnd in (1, 2, 3):
        seated = Counter(who for p in played if p.fixture.round == rnd for who in p.fixture.seating)
        assert set(seated) == set(range(8)) and set(seated.values()) == {2}


def test_swiss_pairs_by_score():
    swiss = make_format("swiss", 8, 1, "seed", rounds=3)
    played = run_swiss(swiss)
    rounds = swiss.history(played)
    points = swiss.scores(rounds[:1])["points"]
    for _, a, b in rounds[1].pairs:  # round 2: winners meet winners
        assert points[a] == points[b]
    # The strongest entrant wins every round; the standings put it first.
    table = Table([f"e{i}" for i in range(8)], 2)
    for game in played:
        table.add(game)
    standings = swiss.order(table.rows_json(), played)
    assert standings[0]["entry"] == 0 and standings[0]["points"] == 3
    assert [s["points"] for s in standings] == sorted(
        (s["points"] for s in standings), reverse=True
    )


def test_swiss_gives_byes_to_the_lowest_ranked_and_never_twice_while_others_wait():
    swiss = make_format("swiss", 5, 2, "odd", rounds=5)
    played = run_swiss(swiss)
    byes = [r.bye for r in swiss.history(played)]
    assert len(set(byes)) == 5  # five rounds, five different entrants sat out
    assert byes[0] == 4  # the lowest seeded first
    scores = swiss.scores(swiss.history(played))
    assert scores["byes"] == [1] * 5
    assert pairs_of(played).most_common(1)[0][1] == 2  # 5 rounds of 5: everyone met once


def test_swiss_tie_breaks_and_draws():
    def all_drawn(fixtures):
        return [Played(f, ("draw", "draw")) for f in fixtures]

    swiss = make_format("swiss", 4, 2, "d", rounds=3)
    played = run_swiss(swiss, all_drawn)
    rows = Table(list("abcd"), 2)
    for game in played:
        rows.add(game)
    standings = swiss.order(rows.rows_json(), played)
    assert {s["points"] for s in standings} == {1.5}
    assert [s["entry"] for s in standings] == [0, 1, 2, 3]  # equal on everything: listed order


def test_swiss_allows_a_repeat_only_when_no_other_pairing_exists():
    # Four entrants, three rounds: a full round robin, never a repeat.
    swiss = make_format("swiss", 4, 1, "x", rounds=3)
    played = run_swiss(swiss)
    assert set(pairs_of(played)) == {frozenset(p) for p in combinations(range(4), 2)}


def test_a_withdrawn_entrant_is_not_paired_from_its_round_on_and_keeps_its_points():
    # Five entrants: 0 wins round 1 (4 has the bye), then withdraws; rounds 2 and 3 pair
    # the four others, so nobody sits out, and round 1 is recomputed as it was.
    before = make_format("swiss", 5, 1, "w", rounds=3)
    first = play_by_strength(before.first_round())
    swiss = make_format("swiss", 5, 1, "w", rounds=3, withdrawn={0: 2})
    assert swiss.first_round() == before.first_round()
    played = first + play_by_strength(swiss.next_round(first))
    played += play_by_strength(swiss.next_round(played))
    assert swiss.done(played) and swiss.next_round(played) == []
    later = [p for p in played if p.fixture.round > 1]
    assert later and all(0 not in p.fixture.seating for p in later)
    assert [r.bye for r in swiss.history(played)][1:] == [None, None]
    table = Table([f"e{i}" for i in range(5)], 2)
    for game in played:
        table.add(game)
    rows = {r["entry"]: r for r in swiss.order(table.rows_json(), played)}
    assert rows[0]["points"] == 1 and rows[0]["games"] == 1  # its round-1 win stays


def test_a_swiss_ends_early_when_withdrawals_leave_fewer_than_two_to_pair():
    swiss = make_format("swiss", 3, 1, "w", rounds=3)
    first = play_by_strength(swiss.first_round())  # 0 v 1, 2 has the bye
    left = make_format("swiss", 3, 1, "w", rounds=3, withdrawn={0: 2, 1: 2})
    assert left.next_round(first) == [] and left.done(first)
    assert not make_format("swiss", 3, 1, "w", rounds=3).done(first)
    with pytest.raises(FormatError, match="round 2"):
        make_format("swiss", 3, 1, "w", withdrawn={0: 1})


def test_swiss_refuses_what_it_cannot_play():
    with pytest.raises(FormatError, match="rounds"):
        make_format("swiss", 4, 1, "x", rounds=4)
    with pytest.raises(FormatError, match="two entrants"):
        make_format("swiss", 1, 1, "x")
    with pytest.raises(FormatError, match="one round"):
        make_format("roundrobin", 4, 1, "x", rounds=2)
    with pytest.raises(FormatError, match="unknown format"):
        make_format("elimination", 4, 1, "x")


def test_a_big_swiss_pairs_every_round_in_bounded_work():
    swiss = make_format("swiss", 16, 1, "big", rounds=15)
    played = run_swiss(swiss)
    assert swiss.done(played) and len(played) == 15 * 8


def test_the_arena_plays_swiss_round_after_round_and_the_same_seed_gives_the_same_games():
    specs = ["random", "footsies-counter", "footsies-nash", "footsies-bayesian", "random"]
    first = run_arena("footsies", specs, "swiss", 2, seed=11, rounds=3)
    again = run_arena("footsies", specs, "swiss", 2, seed=11, rounds=3)
    assert first["rounds"] == 3 and first["games"] == 3 * 2 * 2
    assert first["standings"] == again["standings"]
    assert [s["rank"] for s in first["standings"]] == [1, 2, 3, 4, 5]
    assert sum(s["byes"] for s in first["standings"]) == 3


# ----- arena: paired as they finish, in a window the site keeps --------------------------


def result(fixture: Fixture, winner: int | None) -> Played:
    """One arena game's result: ``winner`` (an entrant) won, or a draw for None."""
    if winner is None:
        return Played(fixture, ("draw", "draw"))
    return Played(fixture, tuple("win" if who == winner else "loss" for who in fixture.seating))


def test_an_arena_pairs_everyone_at_the_start_and_the_odd_one_waits():
    arena = make_format("arena", 5, 1, "arena-seed")
    first = arena.first_round()
    assert [f.seating for f in first] == [(0, 1), (2, 3)]
    assert [f.pairing for f in first] == [0, 1]
    assert not arena.done([]) and arena.total_games() == 0


def test_an_arena_pairs_the_free_by_points_and_not_the_same_two_again_while_others_play():
    arena = make_format("arena", 4, 1, "arena-seed")
    a, b = arena.first_round()  # 0 v 1, 2 v 3
    played = [result(a, 0)]
    # 0 and 1 are free, 2 v 3 is still on: they wait rather than meet again at once.
    assert arena.pair_free(played, [0, 1], 2, others_playing=True) == []
    # Nobody else could come: a rematch beats waiting.
    assert [f.seating for f in arena.pair_free(played, [0, 1], 2)] == [(1, 0)]
    played.append(result(b, 2))
    # Everyone free: winners meet winners (nearest in points), never the last opponent.
    fixtures = arena.pair_free(played, [0, 1, 2, 3], 2, others_playing=False)
    pairs = [set(f.seating) for f in fixtures]
    assert pairs == [{0, 2}, {1, 3}]
    assert [f.pairing for f in fixtures] == [2, 3]
    # Whoever has sat first less often sits first: 0 and 2 have each sat first once
    # (the lower-ranked rule then keeps 0 first); 1 and 3 never have.
    assert fixtures[0].seating == (0, 2)
    assert fixtures[1].seating in ((1, 3), (3, 1))


def test_arena_points_a_win_two_a_draw_one_doubled_after_two_wins_in_a_row():
    arena = make_format("arena", 2, 1, "arena-seed")
    games = [Fixture(p, (0, 1), f"s{p}") for p in range(5)]
    # 0 wins, wins (now on a streak), wins (4), draws (2, and the streak ends), wins (2).
    played = [
        result(games[0], 0),
        result(games[1], 0),
        result(games[2], 0),
        result(games[3], None),
        result(games[4], 0),
    ]
    s = arena.scores(played)
    assert s["points"] == [2 + 2 + 4 + 2 + 2, 1]
    assert s["on_streak"] == [False, False]
    assert arena.scores(played[:3])["on_streak"] == [True, False]
    table = Table(["p0", "p1"], 2)
    for game in played:
        table.add(game)
    rows = arena.order(table.rows_json(), played)
    assert [(r["entry"], r["points"]) for r in rows] == [(0, 12), (1, 1)]


def test_an_arena_is_for_the_site_only():
    with pytest.raises(ValueError, match="ends by the clock"):
        run_arena("footsies", ["random", "random"], fmt="arena", games_per_pairing=2)


# ----- a game with no result (aborted, or abandoned by the site) ------------------------


def test_a_swiss_game_with_no_result_scores_nothing_but_its_two_have_met():
    # Round 1: 0 beats 1; 2 v 3 is aborted. Nobody scores for it, neither has a game in
    # the standings, the round is over all the same, and 2 and 3 are not paired again.
    swiss = make_format("swiss", 4, 1, "nr", rounds=3)

    def abort_2_v_3(fixtures):
        return [
            Played.no_result(f) if set(f.seating) == {2, 3} else p
            for f, p in zip(fixtures, play_by_strength(fixtures), strict=True)
        ]

    first = abort_2_v_3(swiss.first_round())
    assert {frozenset(p.fixture.seating) for p in first} == {frozenset((0, 1)), frozenset((2, 3))}
    assert not first[1].has_result and first[0].has_result
    scores = swiss.scores(swiss.history(first))
    assert scores["points"] == [1.0, 0.0, 0.0, 0.0]
    second = swiss.next_round(first)
    assert second and all(set(f.seating) != {2, 3} for f in second)
    played = run_swiss(swiss, abort_2_v_3)
    assert swiss.done(played) and len(played) == swiss.total_games()
    assert pairs_of(played)[frozenset((2, 3))] == 1  # met once, aborted, never again
    table = Table(list("abcd"), 2)
    for game in played:
        table.add(game)
    rows = {r["entry"]: r for r in swiss.order(table.rows_json(), played)}
    # Three rounds of four: each plays three games, one of 2's and 3's had no result.
    assert [rows[e]["games"] for e in range(4)] == [3, 3, 2, 2]
    assert all(rows[e]["draws"] == 0 for e in range(4))
    assert [rows[e]["points"] for e in range(4)] == [3.0, 2.0, 0.0, 0.0]
    # The aborted game is no opponent for the tie-breaks either: 3's Buchholz is only
    # the points of the two it played (0 and 1).
    assert {o for o, _ in swiss.scores(swiss.history(played))["met"][3]} == {0, 1}
    assert rows[3]["buchholz"] == rows[0]["points"] + rows[1]["points"]


def test_a_swiss_pairing_with_every_game_aborted_scores_nothing():
    swiss = make_format("swiss", 2, 2, "nr2", rounds=1)
    played = [Played.no_result(f) for f in swiss.first_round()]
    assert swiss.done(played)
    assert swiss.scores(swiss.history(played))["points"] == [0.0, 0.0]
    table = Table(["a", "b"], 2)
    for game in played:
        table.add(game)
    rows = swiss.order(table.rows_json(), played)
    assert [(r["games"], r["draws"], r["points"], r["buchholz"]) for r in rows] == [
        (0, 0, 0.0, 0.0),
        (0, 0, 0.0, 0.0),
    ]
    assert table.pairings_json() == []  # no game of theirs to score


def test_an_arena_game_with_no_result_gives_no_points_and_keeps_a_streak():
    arena = make_format("arena", 3, 1, "arena-seed")
    games = [Fixture(p, (0, who), f"s{p}") for p, who in enumerate((1, 1, 2, 1))]
    # 0 beats 1 twice (on a streak), its game with 2 is aborted, then it beats 1 again:
    # the abort neither scores a draw's point for anyone nor ends 0's streak.
    played = [
        result(games[0], 0),
        result(games[1], 0),
        Played.no_result(games[2]),
        result(games[3], 0),
    ]
    s = arena.scores(played)
    assert s["points"] == [2 + 2 + 4, 0, 0]
    assert s["on_streak"] == [True, False, False]
    assert s["wins"] == [3, 0, 0]
    assert arena.scores(played[:3])["last"] == [2, 0, 0]  # 0 and 2 count as having met
    table = Table(["p0", "p1", "p2"], 2)
    for game in played:
        table.add(game)
    rows = {r["entry"]: r for r in arena.order(table.rows_json(), played)}
    assert [(rows[e]["games"], rows[e]["draws"], rows[e]["points"]) for e in range(3)] == [
        (3, 0, 8),
        (3, 0, 0),
        (0, 0, 0),
    ]


def test_a_round_robin_with_an_aborted_game_is_done_and_counts_it_nowhere():
    fmt = make_format("roundrobin", 3, 1, "rr")
    fixtures = fmt.first_round()
    played = [Played.no_result(fixtures[0]), *play_by_strength(fixtures[1:])]
    assert fmt.done(played)
    table = Table(list("abc"), 2)
    for game in played:
        table.add(game)
    assert sum(r["games"] for r in table.rows_json()) == 2 * (len(fixtures) - 1)
    assert sum(r["draws"] for r in table.rows_json()) == 0
