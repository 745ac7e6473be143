"""A progress bar on stderr for long training runs (no dependency)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``with Progress(total, "games") as bar: bar.advance(n)``; silent when ``quiet``."""

    def __init__(
        self,
        total: int,
        unit: str,
        stream: TextIO | None = None,
        quiet: bool = False,
        width: int = 30,
    ) -> None:
        self.total = max(1, total)
        self.unit = unit
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.width = width
        self.done = 0
        self.started = time.monotonic()

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self.quiet:
            return
        filled = self.width * self.done // self.total
        elapsed = time.monotonic() - self.started
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} "
            f"{self.unit} {elapsed:.0f} s"
        )
        self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.quiet:
            self.stream.write("\n")
            self.stream.flush()
