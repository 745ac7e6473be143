"""The channel layer: channels_redis's pub/sub layer, which also tells this process's
sockets when frames may have been lost.

Pub/sub keeps nothing. While Redis is away (a restart), this web process's
subscription is down, and a frame published before it is back reaches nobody — the
push that was tried again until Redis returned, or one given up after
``push.KEEP_TRYING_S``. The events themselves are stored (frames are pushed after the
commit), so nothing is lost but the news: when the subscription's connection comes
back (redis-py subscribes it again to every group), each socket of this process is
handed a ``layer.resumed`` message, in memory, and catches up from the database
(``SocketConsumer.layer_resumed``). The audit: pages heard of moves made during a
restart only at their next quiet-socket hello, 25 s later.
"""

from __future__ import annotations

import asyncio
import logging

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close, decode_hosts

log = logging.getLogger(__name__)

#: The message each socket of this process is handed when its subscription is back.
RESUMED = {"type": "layer.resumed"}


class _Shard(RedisSingleShardConnection):
    """One Redis server's publisher and subscriber, which notices when its
    subscriber's connection is made again."""

    _hooked = None

    async def subscribe(self, channel):
        await super().subscribe(channel)
        connection = self._pubsub.connection if self._pubsub is not None else None
        if connection is not None and connection is not self._hooked:
            # Called on every later connect of this connection (kept as a weak method,
            # so it goes with the shard), after the pub/sub has subscribed again.
            connection.register_connect_callback(self._reconnected)
            self._hooked = connection

    async def _reconnected(self, connection) -> None:
        layer = self.channel_layer  # this event loop's layer: its sockets' queues
        sockets = list(layer.channels.values())
        log.warning("the channel layer's subscription is back: %d sockets catch up", len(sockets))
        message = layer.channel_layer.serialize(RESUMED)
        for queue in sockets:
            queue.put_nowait(message)


class _LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts=None, *args, **kwargs) -> None:
        super().__init__(hosts, *args, **kwargs)
        self._shards = [_Shard(host, self) for host in decode_hosts(hosts)]


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """``channels_redis.pubsub.RedisPubSubChannelLayer``, whose sockets hear when their
    process's subscription to Redis was lost and is back."""

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            return self._layers[loop]
        except KeyError:
            layer = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
            return layer
