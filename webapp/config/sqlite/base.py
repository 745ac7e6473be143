"""SQLite whose writers queue fairly for the write lock.

The web processes, the workers and beat all write to one SQLite file. SQLite lets one
writer in at a time and makes the others poll, sleeping longer after each miss (up to
100 ms a try): under load, AI replies spent most of their time asleep waiting for a
lock held a few milliseconds. Here a write transaction first takes an exclusive
``flock`` on a file beside the database, so waiters sleep in the kernel and wake the
moment the lock is free, then begins as before (``BEGIN IMMEDIATE``).
"""

from __future__ import annotations

import fcntl
import os

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    _writer_fd: int | None = None
    _holds_writer_lock = False

    def _start_transaction_under_autocommit(self) -> None:
        fd = self._writer_lock_fd()
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
            self._holds_writer_lock = True
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_writer_lock()
            raise

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            self._release_writer_lock()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            self._release_writer_lock()

    def _close(self) -> None:
        try:
            super()._close()
        finally:
            self._release_writer_lock()

    def _writer_lock_fd(self) -> int | None:
        if self.is_in_memory_db():
            return None
        if self._writer_fd is None:
            path = f"{self.settings_dict['NAME']}.writer-lock"
            self._writer_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        return self._writer_fd

    def _release_writer_lock(self) -> None:
        if self._holds_writer_lock and self._writer_fd is not None:
            fcntl.flock(self._writer_fd, fcntl.LOCK_UN)
            self._holds_writer_lock = False
