"""Files under var/ that only their owner may read: the secret key, the SQLite database,
the embedded Redis's password, data and log. The folder itself is made owner-only too, so
files that other programs create inside it (SQLite's -wal/-shm, Celery beat's schedule)
are covered whatever their own modes."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600


def _owned(path: Path) -> bool:
    return path.stat().st_uid == os.getuid()


def private_dir(path: Path) -> Path:
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    if _owned(path):  # an older var/ made with the umask's 0o755
        path.chmod(DIR_MODE)
    return path


def private_file(path: Path) -> Path:
    """Make the file if it is missing (empty), and leave it readable by its owner only.
    SQLite gives its -wal and -shm files the database file's mode."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, FILE_MODE)
    os.close(fd)
    if _owned(path):
        path.chmod(FILE_MODE)
    return path


def write_private(path: Path, text: str) -> None:
    """Write a file that is never, even for a moment, readable by others."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    with os.fdopen(fd, "w") as out:
        out.write(text)
    os.replace(temporary, path)


def read_or_make_secret(path: Path, make) -> str:
    """The secret kept in ``path``, made with ``make()`` the first time."""
    if not path.exists():
        write_private(path, make())
    private_file(path)
    return path.read_text().strip()
