"""``manage.py verify_replays`` on bot matches forfeited by strikes: the forfeit decides
the result, the board's history still re-simulates from the revealed seed. Before, every
such match was reported as a failure ("the stored result differs from the replay") and
the command exited 1. Real parts: the web server, a bot on its socket, the command."""

import pytest
from django.core.management import CommandError, call_command

from games.core import SIMULTANEOUS
from webapp.accounts.identity import Identity
from webapp.bots.models import BotSeat
from webapp.bots.play import identity
from webapp.matches import services
from webapp.matches.models import Event, Match

from .bot_helpers import Socket, make_bot, owner

pytestmark = [pytest.mark.django_db(transaction=True)]


def _struck_out(web_server: str, name: str, options: dict) -> Match:
    """A bot's Footsies match against a person, forfeited on its third strike (an
    illegal move: its random stand-in is played, then the forfeit)."""
    bot, token = make_bot(name, ["footsies"])
    carol = owner(f"carol-{name}")
    person = Identity(key=f"user:{carol.pk}", name=carol.username, user_id=carol.pk)
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        plan = services.MatchPlan(
            game="footsies",
            seats=[services.SeatPlan(identity=identity(bot)), services.SeatPlan(identity=person)],
            options=options,
            time_control={"move_s": 60, "bank_s": 0},
        )
        match = services.create_match(plan)
        BotSeat.objects.filter(match=match).update(strikes=2)  # two strikes already
        # Attack: against it the bot never loses on the board, so only the forfeit does.
        services.submit_move(match.pk, 1, 0, "A", identity=person)
        turn = ws.next("turn", match=match.pk)
        ws.send({"type": "move", "match": match.pk, "seq": turn["seq"], "move": "kick"})
        ws.next("match_over", match=match.pk)
    match.refresh_from_db()
    assert match.result["forfeit"] == [0] and match.result["ranks"] == [2, 1]
    return match


def test_matches_forfeited_by_strikes_verify(web_server, capsys):
    ended_by_the_move = _struck_out(web_server, "last", {"rounds": 1, "max_turns": 1})
    mid_match = _struck_out(web_server, "early", {"rounds": 3})
    call_command("verify_replays", ended_by_the_move.pk, mid_match.pk)
    assert "2 of 2 matches verified" in capsys.readouterr().out


def test_a_forfeited_match_still_fails_when_its_record_is_wrong(web_server, capsys):
    """The forfeit excuses the board's result, nothing else: a result that is not the
    forfeit's, or a history that does not replay, still fails."""
    wrong_result = _struck_out(web_server, "boasting", {"rounds": 1, "max_turns": 1})
    wrong_result.result = {**wrong_result.result, "ranks": [1, 2]}  # the bot "won"
    wrong_result.save(update_fields=["result"])
    wrong_move = _struck_out(web_server, "rewritten", {"rounds": 3})
    # Its first joint choice (Footsies' seats choose together) rewritten.
    event = Event.objects.filter(match=wrong_move, actor=SIMULTANEOUS).order_by("ply").first()
    event.move = dict.fromkeys(event.move, "not a move")
    event.save(update_fields=["move"])
    with pytest.raises(CommandError):
        call_command("verify_replays", wrong_result.pk, wrong_move.pk)
    errors = capsys.readouterr().err
    assert f"match {wrong_result.pk}: the stored result is not the forfeit's" in errors
    assert f"match {wrong_move.pk}: the record does not replay" in errors
