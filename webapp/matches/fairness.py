"""Fair dice, checked: a stored match re-simulates from its record, and every recorded
chance event is exactly what the revealed seed produces at that ply."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from agents.core.seeding import chance_rng, seed_hash
from games.core import CHANCE, IllegalMove
from webapp.matches.models import Match
from webapp.matches.positions import walk
from webapp.matches.services import forfeit_outcome


@dataclass
class Verdict:
    match_id: int
    ok: bool
    problem: str = ""


def verify(match: Match) -> Verdict:
    if seed_hash(match.seed) != match.seed_sha256:
        return Verdict(match.pk, False, "the seed does not match its published SHA-256")
    # The log up to the ply this match object was read at: a move stored since (an AI
    # still playing) is not part of what is checked, rather than a seeming gap.
    events = list(match.events.filter(ply__lt=match.ply).order_by("ply"))
    if [e.ply for e in events] != list(range(len(events))) or len(events) != match.ply:
        return Verdict(match.pk, False, "the event log has gaps")
    try:
        final = None
        for before, event, after in walk(match, events):
            final = after
            if event.actor != CHANCE:
                continue
            expected = before.move_to_str(before.sample_chance(chance_rng(match.seed, event.ply)))
            if expected != event.move:
                return Verdict(
                    match.pk,
                    False,
                    f"ply {event.ply}: rolled {event.move!r}, seed gives {expected!r}",
                )
    except IllegalMove as exc:
        return Verdict(match.pk, False, f"the record does not replay: {exc}")
    problem = _result_problem(match, final) if match.is_over and match.result else ""
    return Verdict(match.pk, not problem, problem)


def _result_problem(match: Match, final) -> str:
    """What is wrong with a finished match's stored result, given the replayed board
    (None: no event). A forfeit (a bot's third strike, a bot that never came) decides
    whatever the board says — even when the strike's random move ended the game — so
    its result must be the forfeit's; any other result ended by the board must be the
    board's."""
    ranks = match.result.get("ranks")
    forfeit = match.result.get("forfeit")
    if forfeit is not None:
        seats = range(match.num_players)
        if not isinstance(forfeit, list) or not forfeit or not set(forfeit) <= set(seats):
            return f"the forfeit names no seats of the match: {forfeit!r}"
        expected = list(forfeit_outcome(match.num_players, forfeit).ranks)
        return "" if ranks == expected else "the stored result is not the forfeit's"
    if final is not None and final.outcome() is not None and list(final.outcome().ranks) != ranks:
        return "the stored result differs from the replay"
    return ""


def verify_all(matches: Iterable[Match]) -> tuple[int, list[Verdict]]:
    """Verify every match given: how many were checked, and the verdicts that failed."""
    checked, failed = 0, []
    for match in matches:
        checked += 1
        verdict = verify(match)
        if not verdict.ok:
            failed.append(verdict)
    return checked, failed
