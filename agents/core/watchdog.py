"""The runner's safety net: interrupts an agent that keeps thinking past its deadline.

Every agent of ours honours ``Budget.seconds`` in its own loops (``agents.core.deadline``).
One that does not — a bug, or a loop nobody thought of — would otherwise hold a worker
for as long as it likes. One daemon thread per process keeps the deadlines of the
decisions under way and, when one passes, raises :class:`AgentTimeout` inside the
thread running that agent (CPython's ``PyThreadState_SetAsyncExc``: the exception
arrives between two bytecodes, so pure-Python loops stop; a long call into C stops
when it returns). Registering costs a lock and, at most, a notify: cheap enough to
watch every decision that has a time budget.
"""

from __future__ import annotations

import ctypes
import itertools
import os
import threading
import time


class AgentTimeout(BaseException):  # noqa: N818 - the name says what happened
    """Raised inside an agent's thread when its decision is overdue.

    A ``BaseException``, like ``KeyboardInterrupt``: an agent's own ``except Exception``
    cannot swallow it."""


def _interrupt(thread_id: int, exc: type[BaseException] | None) -> None:
    # None clears an exception set earlier and not yet raised.
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc is not None else None
    )


class Watchdog:
    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        # Also after a fork: the parent's thread does not exist in the child, and its
        # lock may have been held at the moment of the fork.
        self._cond = threading.Condition()
        self._watched: dict[int, tuple[float, int]] = {}  # token -> (deadline, thread id)
        self._fired: set[int] = set()
        self._tokens = itertools.count()
        self._thread: threading.Thread | None = None

    def watch(self, at: float) -> int:
        """Interrupt the calling thread at ``at`` (``perf_counter`` time) unless
        :meth:`release` comes first; returns the token to release with."""
        token = next(self._tokens)
        with self._cond:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="agents-watchdog", daemon=True
                )
                self._thread.start()
            earliest = min((d for d, _ in self._watched.values()), default=None)
            self._watched[token] = (at, threading.get_ident())
            if earliest is None or at < earliest:
                self._cond.notify()
        return token

    def release(self, token: int) -> bool:
        """Stop watching; True when the watchdog fired for this token. Call it from the
        watched thread; an interruption sent but not yet raised is withdrawn."""
        with self._cond:
            self._watched.pop(token, None)
            fired = token in self._fired
            if fired:
                self._fired.discard(token)
                _interrupt(threading.get_ident(), None)
        return fired

    def _run(self) -> None:
        with self._cond:
            while True:
                now = time.perf_counter()
                for token, (at, thread_id) in list(self._watched.items()):
                    if at <= now:
                        del self._watched[token]
                        self._fired.add(token)
                        _interrupt(thread_id, AgentTimeout)
                earliest = min((d for d, _ in self._watched.values()), default=None)
                self._cond.wait(None if earliest is None else max(0.0, earliest - now))


#: The process's watchdog.
WATCHDOG = Watchdog()
