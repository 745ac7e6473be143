"""The consumers' base hands a message to its handler without a hop to a thread."""

import channels.consumer
import pytest

from webapp.sockets import SocketConsumer


class Echo(SocketConsumer):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[dict] = []

    async def match_frames(self, message: dict) -> None:
        self.seen.append(message)


@pytest.mark.asyncio
async def test_a_frame_reaches_its_handler_without_closing_database_connections(monkeypatch):
    hops = []

    async def counted() -> None:
        hops.append(1)

    # channels' own dispatch awaits this before every message; ours must not.
    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    consumer = Echo()
    await consumer.dispatch({"type": "match.frames", "batch": [{"*": "{}"}]})
    assert consumer.seen == [{"type": "match.frames", "batch": [{"*": "{}"}]}]
    assert hops == []
    await channels.consumer.AsyncConsumer.dispatch(consumer, {"type": "match.frames"})
    assert hops == [1]  # the patch would have seen channels' hop


@pytest.mark.asyncio
async def test_a_message_without_a_handler_is_an_error():
    with pytest.raises(ValueError, match="No handler for message type nothing.here"):
        await Echo().dispatch({"type": "nothing.here"})
