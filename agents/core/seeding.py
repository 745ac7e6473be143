"""Where every random number of a match comes from.

A match is options + seed + history: chance events draw from ``chance_rng(seed, ply)``
and an agent deciding at ``ply`` gets ``agent_rng(seed, seat, ply)``. The web app, the
arena and tournaments all use these, so a stored match re-simulates exactly and a
tournament re-run with the same seed plays the same games.
"""

from __future__ import annotations

import hashlib
import random
import secrets


def new_match_seed() -> str:
    """A fresh secret seed (128 bits, hex)."""
    return secrets.token_hex(16)


def seed_hash(seed: str) -> str:
    """The SHA-256 commitment shown while the match runs; the seed is revealed at the end."""
    return hashlib.sha256(seed.encode()).hexdigest()


def derive_seed(parent: str | int, *parts: object) -> str:
    """A child seed, e.g. one per tournament game: sha256 of the parts, hex."""
    text = ":".join(str(p) for p in (parent, *parts))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def chance_rng(seed: str, ply: int) -> random.Random:
    # Random(str) hashes the text with SHA-512, so this is stable across processes.
    return random.Random(f"{seed}:chance:{ply}")


def agent_rng(seed: str, seat: int, ply: int) -> random.Random:
    return random.Random(f"{seed}:agent:{seat}:{ply}")
