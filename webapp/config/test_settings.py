"""Settings for the test run: the real stack, isolated per run.

Every run gets its own id, and with it its own test database, channel-layer prefix and
Celery queue, so two runs on one machine (or one Redis) never see each other's work.
The values go into the environment too, so the worker and web server that tests start
as subprocesses share them.
"""

import os
import uuid

RUN_ID = os.environ.setdefault("DICEARENA_TEST_RUN", uuid.uuid4().hex[:10])
os.environ.setdefault("DICEARENA_CHANNEL_PREFIX", f"dicearena-test-{RUN_ID}")
os.environ.setdefault("DICEARENA_QUEUE", f"dicearena-test-{RUN_ID}")
# Analyses in tests: a fixed, small number of playouts and no time limit, so what they
# find does not depend on how fast the machine is (and they take a moment). Eight, not
# four: with four a position's interval is so wide that no move is ever labelled (a
# label needs a loss outside the interval of the estimates).
os.environ.setdefault("DICEARENA_ANALYSIS_BUDGET_S", "0")
os.environ.setdefault("DICEARENA_ANALYSIS_PLAYOUTS", "8")
# Turn e-mails of the web servers and workers tests start go to files the browser tests
# read (tests/webapp/test_turn_mail.py sends through a real SMTP server on loopback).
os.environ.setdefault("EMAIL_BACKEND", "django.core.mail.backends.filebased.EmailBackend")
os.environ.setdefault(
    "EMAIL_FILE_PATH", os.path.join(os.environ.get("TMPDIR", "/tmp"), f"dicearena-mail-{RUN_ID}")
)
os.environ.setdefault("DICEARENA_SITE_URL", "http://testserver")
# No automatic analyses unless a test asks: they would share the tournament queue.
os.environ.setdefault("DICEARENA_AUTO_ANALYSES_PER_HOUR", "0")
# Every test client asks from 127.0.0.1: the per-minute quotas of people, addresses and
# the site would make tests depend on what ran before them in the same minute. The tests
# of those limits set their own (tests/webapp/test_admission.py, test_live_limits.py).
for _quota in (
    "DICEARENA_ANALYSIS_S_PER_PERSON",
    "DICEARENA_ANALYSIS_S_PER_ADDRESS",
    "DICEARENA_ANALYSIS_S_PER_MINUTE",
    "DICEARENA_MAX_VS_AI_MATCHES",
    "DICEARENA_MAX_LIVE_AI_MATCHES_PER_ADDRESS",
    "DICEARENA_MAX_VS_AI_MATCHES_PER_ADDRESS",
    "DICEARENA_NEW_MATCHES_PER_MINUTE",
    "DICEARENA_SIGNUPS_PER_HOUR",
):
    os.environ.setdefault(_quota, "1000000")

from webapp.config.settings import *  # noqa: E402,F403
from webapp.config.settings import DATABASES, VAR_DIR  # noqa: E402

if "sqlite" in DATABASES["default"]["ENGINE"]:
    # A file, not memory: the worker and web server processes open the same database.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{RUN_ID}.sqlite3")}
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_dicearena_{RUN_ID}"}

ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DICEARENA_DEFAULT_PACE = 0.05
