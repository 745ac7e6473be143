import json

from channels.db import database_sync_to_async

from webapp.sockets import SocketConsumer
from webapp.tournaments.models import Tournament

#: Close code for an unknown tournament, as for an unknown match (docs/protocol.md).
CLOSE_UNKNOWN = 4404


class TournamentConsumer(SocketConsumer):
    """Progress of one tournament: a frame on connect, then one per stored game."""

    async def connect(self) -> None:
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        progress = await self._progress(tournament_id)
        if progress is None:
            # Accepted, then closed with a code a page can read (a refused handshake
            # reaches it as a bare HTTP 403).
            await self.accept()
            await self.close(code=CLOSE_UNKNOWN)
            return
        self.group = f"tournament-{tournament_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=json.dumps({"type": "progress", **progress}))

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        await self.send(
            text_data=json.dumps(
                {
                    "type": "error",
                    "code": "read_only",
                    "message": "this socket only reports progress",
                }
            )
        )

    async def tournament_progress(self, event: dict) -> None:
        await self.send(text_data=json.dumps({"type": "progress", **event["progress"]}))

    async def layer_resumed(self, event: dict) -> None:
        """Progress pushed while Redis was away reached nobody: send where it stands."""
        if hasattr(self, "group"):
            progress = await self._progress(int(self.group.rsplit("-", 1)[1]))
            if progress is not None:
                await self.send(text_data=json.dumps({"type": "progress", **progress}))

    @database_sync_to_async
    def _progress(self, tournament_id: int):
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        return tournament.progress() if tournament else None
