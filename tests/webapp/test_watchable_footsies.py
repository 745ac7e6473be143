"""Footsies a watcher can live with: the lobby caps a round at 20 turns (the
seed's uncapped rounds stay one cleared field away), "Watch AI against AI" pairs two
different agents, and the lobby's rule set is shipped solved."""

import re

import pytest

import agents
import games
from agents.equilibrium import tables
from agents.match import play_match
from webapp.matches import lobby
from webapp.matches.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]
FOOTSIES = games.get("footsies")


def lobby_fields(page: str) -> dict[str, str]:
    """The option fields as the lobby page fills them in."""
    return dict(re.findall(r'name="(opt_\w+)" value="([^"]*)"', page))


def test_the_lobby_caps_a_round_at_twenty_turns_and_says_so(guest):
    page = guest.get("/play/footsies/").content.decode()
    fields = lobby_fields(page)
    assert fields["opt_max_turns"] == "20"
    assert "after 20 turns it is a draw" in page
    guest.post("/matches/new/", {"game": "footsies", "mode": "watch", **fields})
    assert Match.objects.get().options["max_turns"] == 20


def test_a_cleared_cap_plays_the_seeds_uncapped_rounds(guest):
    fields = {**lobby_fields(guest.get("/play/footsies/").content.decode()), "opt_max_turns": ""}
    guest.post("/matches/new/", {"game": "footsies", "mode": "ai", **fields})
    assert Match.objects.get().options.get("max_turns") is None


@pytest.mark.parametrize("seed", range(3))
def test_two_mirroring_statisticians_end_within_the_cap(seed):
    # Uncapped, these mirror each other to the engine's 1,000 turns a round.
    options = lobby.lobby_defaults(FOOTSIES)
    result = play_match(
        FOOTSIES, ["footsies-bayesian"] * 2, seed, options, budget=agents.Budget(seconds=5)
    )
    state = FOOTSIES.new_state(2, options)
    longest = turns = 0
    for step in result.steps:
        round_before = state.round
        state = state.apply_joint(dict(step.move))
        turns += 1
        longest = max(longest, state.turn if state.round == round_before else turns)
        if state.round != round_before or state.over:
            turns = 0
    assert state.over and longest <= 20 and len(result.steps) <= 5 * 20


def test_watching_footsies_pairs_two_different_agents(guest):
    guest.post("/matches/new/", {"game": "footsies", "mode": "watch"})
    specs = [s.agent_spec for s in Match.objects.get().seats.order_by("index")]
    assert specs == ["footsies-bayesian", "footsies-nash"]


def test_the_lobby_form_offers_the_watch_pairing_and_the_ai_default(guest):
    page = guest.get("/play/footsies/").content.decode()
    ai = lobby.default_opponent(FOOTSIES)  # one of its levels
    assert f'data-ai-default="{ai}" data-watch-default="footsies-nash"' in page
    form = lobby.lobby_form(FOOTSIES, {"mode": "watch"})
    assert form.agents == ["footsies-bayesian", "footsies-nash"]


def test_the_lobbys_rule_set_is_shipped_solved():
    options = FOOTSIES.resolve_options(lobby.lobby_defaults(FOOTSIES))
    assert tables.frozen(options) in tables.shipped()
