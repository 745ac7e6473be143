"""The resign and abort frames over the real channel layer: refused cleanly for a
spectator (an error frame, nothing changes), and every open page hears the new status."""

import pytest
from channels.db import database_sync_to_async

from webapp.matches.models import Match

from .test_consumer import connect, new_match, receive, snapshot_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def status_of(match: Match) -> str:
    return (await database_sync_to_async(Match.objects.get)(pk=match.pk)).status


async def test_a_spectator_is_refused_and_a_player_resigns_for_every_page_to_see():
    match = await new_match()
    alice = await connect(match.pk, "alice")
    spectator = await connect(match.pk, "carol")
    await snapshot_of(alice)
    await snapshot_of(spectator)

    await spectator.send_json_to({"type": "resign"})
    refused = await receive(spectator, "error")
    assert refused["code"] == "not_a_player"
    assert await status_of(match) == "active"

    await alice.send_json_to({"type": "resign"})
    for page in (alice, spectator):
        frame = await receive(page, "status")
        assert frame["status"]["status"] == "finished"
        assert frame["status"]["result"]["winners"] == [1]
        assert frame["status"]["result"]["reason"] == "alice resigned"
        assert frame["status"]["seed"]  # the end reveals the seed
    # A page that was away learns it on resync.
    late = await connect(match.pk, "bob")
    await late.send_json_to({"type": "hello", "seq": 0})
    synced = await receive(late, "synced")
    assert synced["status"]["status"] == "finished"
    for page in (alice, spectator, late):
        await page.disconnect()


async def test_the_abort_frame_before_the_first_move_ends_the_match_unrated():
    match = await new_match()
    bob = await connect(match.pk, "bob")
    await snapshot_of(bob)
    await bob.send_json_to({"type": "abort"})
    frame = await receive(bob, "status")
    assert frame["status"]["status"] == "aborted" and frame["status"]["result"] is None
    await bob.send_json_to({"type": "resign"})
    assert (await receive(bob, "error"))["code"] == "over"
    await bob.disconnect()
