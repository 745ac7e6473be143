"""``python -m agents.train GAME [options]``: run one game's training command."""

from __future__ import annotations

import importlib
import sys

#: Games with a training module, by slug.
GAMES = ("dicewars", "buttonmen")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in GAMES:
        print(
            f"usage: python -m agents.train GAME [options]  (GAME: {', '.join(GAMES)})",
            file=sys.stderr,
        )
        return 2
    module = importlib.import_module(f"agents.train.{args[0]}")
    return module.main(args[1:])


if __name__ == "__main__":
    sys.exit(main())
