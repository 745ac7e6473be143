"""`make test` runs every test under tests/: a test file outside the collected paths, or
a migration the models need but nobody wrote, fails here rather than passing unseen."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_test_file_under_tests_is_collected():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    paths = [ROOT / p for p in config["testpaths"]]
    outside = [
        str(f.relative_to(ROOT))
        for f in sorted((ROOT / "tests").rglob("test_*.py"))
        if not any(f == p or p in f.parents for p in paths)
    ]
    assert not outside, f"make test never runs {outside}: add them to testpaths"


def test_the_models_need_no_migration_that_is_not_written():
    result = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
