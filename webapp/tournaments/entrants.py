"""Who may enter a tournament, by spec: an agent ("mcts:iterations=200"), an outside
bot ("bot:<name>", ``webapp.bots``) or a person ("person:<identity key>"). Bots and
people play their games live, as matches; agents are played in memory by the workers."""

from __future__ import annotations

from webapp.accounts.identity import Identity
from webapp.bots.tournament_games import is_bot_spec
from webapp.matches import services as match_services

PERSON = "person:"


def is_person_spec(spec: str) -> bool:
    return spec.startswith(PERSON)


def plays_live(spec: str) -> bool:
    """A bot or a person: their games are live matches, not played by a worker."""
    return is_bot_spec(spec) or is_person_spec(spec)


def person_spec(identity: Identity) -> str:
    return PERSON + identity.key


def person_seat(spec: str, name: str) -> match_services.SeatPlan:
    """The seat of a person entrant: the identity they joined as (an account's key
    carries its id, so the match counts for the account)."""
    key = spec[len(PERSON) :]
    kind, _, rest = key.partition(":")
    user_id = int(rest) if kind == "user" and rest.isdigit() else None
    return match_services.SeatPlan(identity=Identity(key=key, name=name or key, user_id=user_id))
