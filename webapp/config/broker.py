"""Celery's Redis transport (kombu's), so that a worker rides out a Redis restart.

What went wrong with kombu's own (celery 5.7, kombu 5.7): when Redis goes away the
worker's consumer collects its broker connection (which drops the transport's link to
its ``Connection``) and then closes it; closing the channel puts the tasks it holds
unacknowledged back in their queues (``restore_unacked``), which needs a Redis client,
whose parameters are read from that dropped link: ``AttributeError: 'NoneType' object
has no attribute 'hostname'``, not a connection error, so it ended the worker
("Unrecoverable error"). And with Redis away the tasks could not have been put back
anyway: they stayed in Redis's unacknowledged set until the visibility timeout (over
ten minutes here), while the worker had dropped its copies (celery clears them on a
connection loss, expecting the broker to deliver them again).

Here:

- a channel keeps its Redis parameters, so a closed one can still reach Redis (to put
  tasks back, or to acknowledge a task that was running when the connection went);
- what could not be done while Redis was away — tasks to put back (a task taken from
  its queue as Redis went down, before its delivery was recorded, too: its only copy
  was the worker's), acknowledgements of tasks that finished meanwhile — is
  remembered, and done by the first channel that connects again: the worker's tasks
  are back in their queues within moments of Redis returning. A task still running
  then is left to finish and acknowledge itself (its acknowledgement is remembered
  too if Redis is away again), so nothing runs twice that need not (every task here
  is idempotent anyway).

``CELERY_BROKER_TRANSPORT`` names this transport for every process (workers, beat, web).
"""

from __future__ import annotations

import logging
import os
import threading

from kombu.transport import redis as kombu_redis

log = logging.getLogger(__name__)

CONNECTION_ERRORS = kombu_redis.get_redis_error_classes().connection_errors

#: What to do with a task once Redis is back: put it back in its queue, acknowledge it,
#: or put back a task whose delivery could not even be recorded (``QoS.append``).
RESTORE, ACK, REQUEUE = "restore", "ack", "requeue"


class _Later:
    """Delivery tags whose fate could not be written while Redis was away, in this
    process only (a pool process forked later must not act on its parent's)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self._tags: dict[str, tuple[str, tuple | None]] = {}

    def _mine(self) -> dict[str, tuple[str, tuple | None]]:
        if self._pid != os.getpid():
            self._pid, self._tags = os.getpid(), {}
        return self._tags

    def keep(self, tag: str, action: str, message: tuple | None = None) -> None:
        """``message``: (payload, exchange, routing key), for REQUEUE."""
        with self._lock:
            tags = self._mine()
            if tags.get(tag, ("",))[0] != REQUEUE:  # the payload is its only copy
                tags[tag] = (action, message)

    def forget(self, tag: str) -> None:
        with self._lock:
            self._mine().pop(tag, None)

    def __bool__(self) -> bool:
        return bool(self._mine())

    def take(self) -> dict[str, tuple[str, tuple | None]]:
        """Everything remembered, removed (give back what is not done with ``keep``)."""
        with self._lock:
            tags, self._tags = dict(self._mine()), {}
            return tags


later = _Later()


def _running_tags() -> set[str]:
    """Delivery tags of the tasks this worker is running (none outside a worker)."""
    try:
        from celery.worker.state import active_requests
    except ImportError:  # pragma: no cover - celery is installed wherever this runs
        return set()
    tags = set()
    for request in tuple(active_requests):
        tag = (request.delivery_info or {}).get("delivery_tag") or getattr(
            request.message, "delivery_tag", None
        )
        if tag:
            tags.add(tag)
    return tags


class QoS(kombu_redis.QoS):
    def append(self, message, delivery_tag):
        """A task taken from its queue is recorded as unacknowledged before the worker
        sees it; with Redis going away in between (its queue popped, the record not
        written), its only copy is this one: kept, to go back in its queue once Redis
        is back."""
        try:
            super().append(message, delivery_tag)
        except CONNECTION_ERRORS:
            info = message.delivery_info
            later.keep(delivery_tag, REQUEUE, (message._raw, info["exchange"], info["routing_key"]))
            log.warning("Redis went away as a task was taken: it goes back once Redis is back")
            raise

    def restore_unacked(self, client=None):
        """Put every task this channel holds back in its queue; with Redis away,
        remember them for when it is back (they are still in Redis, unacknowledged)."""
        try:
            return super().restore_unacked(client)
        except CONNECTION_ERRORS as exc:
            tags = list(self._delivered)
            for tag in tags:
                later.keep(tag, RESTORE)
            self._delivered.clear()
            log.warning(
                "Redis is away (%r): %d task(s) go back to their queues once it is back",
                exc,
                len(tags),
            )
            return []

    def ack(self, delivery_tag):
        try:
            super().ack(delivery_tag)
        except CONNECTION_ERRORS:
            # The task is done; it is acknowledged once Redis is back, so it is not
            # delivered again.
            later.keep(delivery_tag, ACK)
            self._quick_ack(delivery_tag)
        else:
            later.forget(delivery_tag)

    def reject(self, delivery_tag, requeue=False):
        try:
            super().reject(delivery_tag, requeue=requeue)
        except CONNECTION_ERRORS:
            later.keep(delivery_tag, RESTORE if requeue else ACK)
            self._quick_ack(delivery_tag)
        else:
            later.forget(delivery_tag)

    def settle_later(self, client) -> None:
        """Do what could not be done while Redis was away, through ``client`` (a
        connected channel's): put tasks back in their queues, acknowledge the
        finished. A task still running is left to acknowledge itself."""
        pending = later.take()
        if not pending:
            return
        running = _running_tags()
        restored = acked = 0
        for tag, (action, message) in pending.items():
            try:
                if action == ACK:
                    self._remove_from_indices(tag, client.pipeline()).execute()
                    acked += 1
                elif action == REQUEUE and not client.hexists(self.unacked_key, tag):
                    pipe = client.pipeline()
                    self.channel._do_restore_message(*message, pipe)
                    pipe.execute()
                    restored += 1
                elif tag in running:
                    later.keep(tag, action)
                else:
                    self.restore_by_tag(tag, client=client)
                    restored += 1
            except CONNECTION_ERRORS:
                later.keep(tag, action, message)  # away again: the next connection tries
        log.warning(
            "Redis is back: %d task(s) put back in their queues, %d acknowledged",
            restored,
            acked,
        )


class Channel(kombu_redis.Channel):
    QoS = QoS

    #: The parameters of this channel's Redis client while it was connected.
    _kept_connparams: dict | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._kept_connparams = super()._connparams()
        if not later:
            return  # nothing left over from an outage (every channel of a web process)
        try:
            with self.conn_or_acquire() as client:
                self.qos.settle_later(client)
        except Exception:  # never a reason to fail a connection; tried again on the next
            log.exception("could not put back the tasks held while Redis was away")

    def _connparams(self, asynchronous=False):
        """A closed channel's transport no longer knows its connection: the parameters
        it had (for a plain client, which is what putting tasks back and
        acknowledging use)."""
        transport = self.connection
        if not asynchronous and self._kept_connparams is not None:
            if transport is None or transport.client is None:
                return dict(self._kept_connparams)
        return super()._connparams(asynchronous=asynchronous)


class Transport(kombu_redis.Transport):
    Channel = Channel
