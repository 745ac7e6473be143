"""The one refusal every layer raises: it sits below the apps, so admission control,
the match services and the apps above them share it without importing each other."""

from __future__ import annotations


class Rejected(Exception):
    """A request that changes nothing; ``code`` for programs, the message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
