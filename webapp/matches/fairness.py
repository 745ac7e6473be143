"""Fair dice, checked: a stored match re-simulates from its record, and every recorded
chance event is exactly what the revealed seed produces at that ply."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from agents.core.seeding import chance_rng, seed_hash
from games.core import CHANCE, IllegalMove
from webapp.matches.models import Match
from webapp.matches.positions import walk


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
    if match.is_over and final is not None and final.outcome() is not None:
        if match.result and list(final.outcome().ranks) != match.result.get("ranks"):
            return Verdict(match.pk, False, "the stored result differs from the replay")
    return Verdict(match.pk, True)


def verify_all(matches: Iterable[Match]) -> tuple[int, list[Verdict]]:
    """Verify every match given: how many were checked, and the verdicts that failed."""
    checked, failed = 0, []
    for match in matches:
        checked += 1
        verdict = verify(match)
        if not verdict.ok:
            failed.append(verdict)
    return checked, failed
