"""Settings, all from the environment (see the README's table).

Embedded defaults make ``make run`` work on a fresh machine: SQLite under var/, and the
Redis that ``webapp.embedded_redis`` starts (its URL is handed over in REDIS_URL).
"""

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from webapp.private_files import private_dir, private_file, read_or_make_secret

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = private_dir(Path(os.environ.get("DICEARENA_VAR", BASE_DIR / "var")))


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.lower() in ("1", "true", "yes", "on")


def _secret_key() -> str:
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    # A key kept under var/ (owner-only) so sessions survive restarts of `make run`.
    return read_or_make_secret(VAR_DIR / "secret_key", lambda: secrets.token_urlsafe(50))


def _proxy_ssl_header() -> tuple[str, str] | None:
    """SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto: https": the header (and value) by which
    the proxy in front says a request came over HTTPS. Set it only behind a proxy that
    always sets or strips that header, or anyone could claim HTTPS."""
    value = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
    if not value:
        return None
    header, _, expected = value.partition(":")
    meta_name = "HTTP_" + header.strip().upper().replace("-", "_")
    return meta_name, expected.strip() or "https"


def _redis_url() -> str:
    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"]
    handed_over = VAR_DIR / "redis.url"  # written by the embedded Redis of `make run`
    if handed_over.exists():
        return handed_over.read_text().strip()
    return "redis://127.0.0.1:6379/0"


SECRET_KEY = _secret_key()
DEBUG = _env_bool("DEBUG", False)
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

# ----- HTTPS and cookies ------------------------------------------------------------------
# HTTPS=on says the site is served over HTTPS only (production): cookies are sent only
# over HTTPS, plain HTTP is redirected, and browsers are told to stay on HTTPS (HSTS).
# Without it (`make run` on http://127.0.0.1) cookies still get the Secure flag on every
# response to a request that came over HTTPS (webapp.accounts.middleware.SecureCookies).
HTTPS = _env_bool("HTTPS", False)
SECURE_PROXY_SSL_HEADER = _proxy_ssl_header()
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
# Start small, as Django advises, and raise it to a year once HTTPS is known to work.
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", "3600")) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
# Asking browsers to preload the site (and submitting it to their list) is a one-way
# decision for whoever owns the domain, not a default: its deploy check is silenced.
SECURE_HSTS_PRELOAD = _env_bool("HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = ["security.W021"]
# Sign-ins: failures allowed for one account from one address, and from one address in
# all, in one window (seconds); the counts live in Redis (webapp.accounts.throttle).
DICEARENA_LOGIN_THROTTLE = (5, 20, 15 * 60)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_celery_beat",
    "webapp.accounts",
    "webapp.matches",
    "webapp.replays",
    "webapp.tournaments",
    "webapp.leaderboards",
    "webapp.bots",
    "webapp.notify",
    "webapp.seeks",
    # Django Ninja's own copy of Swagger UI: /api/docs loads it from our static files,
    # not from a CDN, so it works offline and under the Content-Security-Policy.
    "ninja",
]

MIDDLEWARE = [
    # First, so it compresses every response on the way out, static files included.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Outside the session and CSRF middleware, so it sees the cookies they set.
    "webapp.accounts.middleware.SecureCookies",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Every response says where scripts, sockets and images may come from.
    "webapp.config.csp.ContentSecurityPolicy",
    # Last, so the 404 page it renders has the session and the user (DEBUG on or off).
    "webapp.config.notfound.PlainNotFound",
]

ROOT_URLCONF = "webapp.config.urls"
ASGI_APPLICATION = "webapp.config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

_sqlite_default = f"sqlite:///{VAR_DIR / 'dicearena.sqlite3'}"
# Connections are kept and reused (checked before reuse), not opened per request or per
# socket call: on PostgreSQL a new connection cost more than the query it served.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or _sqlite_default,
        conn_max_age=int(os.environ.get("DICEARENA_DB_CONN_MAX_AGE", "300")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    if DATABASES["default"]["NAME"] == str(VAR_DIR / "dicearena.sqlite3"):
        private_file(VAR_DIR / "dicearena.sqlite3")  # made owner-only before SQLite opens it
    # The web server, the workers and beat write at once: WAL lets readers go on, and
    # IMMEDIATE transactions take the write lock up front instead of failing mid-way;
    # writers queue for it in the kernel rather than polling (webapp/config/sqlite).
    DATABASES["default"]["ENGINE"] = "webapp.config.sqlite"
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
# Serve straight from static/ without a collectstatic step (one command on a fresh clone).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

REDIS_URL = _redis_url()
# Keys of this deployment (and of each test run) in a shared Redis.
DICEARENA_REDIS_PREFIX = os.environ.get("DICEARENA_CHANNEL_PREFIX", "dicearena")

# Tournament games: the live per-move budget, and at most this long for a whole game.
DICEARENA_TOURNAMENT_GAME_S = int(os.environ.get("DICEARENA_TOURNAMENT_GAME_S", "300"))

# redis-py 8 gives every socket a 5 s read timeout by default, and channels-redis waits
# 5 s on a blocking BZPOPMIN: idle sockets died every ~5 s (django/channels_redis#422).
# Blocking reads wait without a socket timeout; TCP keepalive and periodic health checks
# find a dead server instead, and connecting still gives up after a few seconds.
# A connection that died with a Redis restart is opened again and the command tried
# again, for about 4 s (redis-py's pooled connections do not retry by default: after a
# restart every dead connection in the pool failed one socket open with HTTP 500).
REDIS_CLIENT_OPTIONS = {
    "socket_timeout": None,
    "socket_connect_timeout": 5,
    "socket_keepalive": True,
    "health_check_interval": 30,
    "retry": AsyncRetry(ExponentialWithJitterBackoff(base=0.05, cap=1.0), 7),
    "retry_on_error": [RedisConnectionError, RedisTimeoutError],
}
# Connections one web process may hold to the channel layer's Redis at once (each
# socket's join, leave and send takes one for a moment); redis-py's default of 100 ran
# out at ~220 sockets.
DICEARENA_CHANNEL_POOL = int(os.environ.get("DICEARENA_CHANNEL_POOL", "1000"))

# How frames reach the sockets. "pubsub" (the default): a group's frame is published
# once, each web process receives it once and hands it to its own sockets in memory.
# "lists": channels_redis's first layer, a sorted set in Redis per socket, which cost
# every socket's every frame a Redis write and two reads (docs/reliability.md, "Cost per
# move").
DICEARENA_CHANNEL_LAYER = os.environ.get("DICEARENA_CHANNEL_LAYER", "pubsub")
if DICEARENA_CHANNEL_LAYER not in ("pubsub", "lists"):
    raise ImproperlyConfigured("DICEARENA_CHANNEL_LAYER is pubsub or lists")
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": (
            # channels_redis's pub/sub layer, whose sockets catch up when their process's
            # subscription comes back after a Redis restart (webapp/layer.py).
            "webapp.layer.PubSubChannelLayer"
            if DICEARENA_CHANNEL_LAYER == "pubsub"
            else "channels_redis.core.RedisChannelLayer"
        ),
        "CONFIG": {
            "hosts": [
                {
                    "address": REDIS_URL,
                    "max_connections": DICEARENA_CHANNEL_POOL,
                    **REDIS_CLIENT_OPTIONS,
                }
            ],
            # A prefix per deployment (and per test run) keeps groups from mixing.
            "prefix": DICEARENA_REDIS_PREFIX,
            # The "lists" layer only (pub/sub keeps no backlog in Redis): frames waiting
            # for one socket before more are dropped (the default 100):
            # one commit may push the whole turn of several instant AIs, up to
            # DICEARENA_INSTANT_MOVES replies and their dice (webapp/matches/instant.py).
            "capacity": 300,
        },
    }
}

# Celery. Four queues, each served by workers of its own, so no kind of work can hold up
# another: tournaments fan out on the default one; live AI moves (and a bot's deadline,
# a live move too) on ``-live``, so a tournament never makes a person wait; analyses
# (a match's, an opinion of a position) on ``-analysis``, so a tournament cannot delay
# them nor they a move; the periodic sweeps on ``-system``, which nothing a visitor
# does can fill, so they run on time whatever else is queued.
CELERY_BROKER_URL = REDIS_URL
# kombu's Redis transport, made to ride out a Redis restart (webapp/config/broker.py).
CELERY_BROKER_TRANSPORT = "webapp.config.broker:Transport"
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("DICEARENA_QUEUE", "dicearena")
DICEARENA_LIVE_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-live"
DICEARENA_ANALYSIS_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-analysis"
DICEARENA_SYSTEM_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-system"
CELERY_TASK_ROUTES = {
    "webapp.matches.tasks.ai_move": {"queue": DICEARENA_LIVE_QUEUE},
    # A bot's deadline is a live move too: a flagged move must not wait behind a tournament.
    "webapp.bots.tasks.flag_turn": {"queue": DICEARENA_LIVE_QUEUE},
    # A turn e-mail follows a person's move: short, and it must not wait behind a tournament.
    "webapp.notify.tasks.turn_mail": {"queue": DICEARENA_LIVE_QUEUE},
    "webapp.matches.tasks.analyse_match": {"queue": DICEARENA_ANALYSIS_QUEUE},
    "webapp.replays.tasks.analyse_position": {"queue": DICEARENA_ANALYSIS_QUEUE},
    "webapp.replays.tasks.analyse_given_position": {"queue": DICEARENA_ANALYSIS_QUEUE},
    # Every job of CELERY_BEAT_SCHEDULE (a test checks that none is left out).
    "webapp.matches.tasks.resume_stuck_matches": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.matches.tasks.resume_lost_ai_moves": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.matches.tasks.sweep_idle_matches": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.matches.tasks.sweep_clocks": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.matches.tasks.lapse_rematch_offers": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.tournaments.tasks.sweep_stale_games": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.tournaments.tasks.start_due_tournaments": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.bots.tasks.sweep": {"queue": DICEARENA_SYSTEM_QUEUE},
    "webapp.accounts.tasks.clear_expired_sessions": {"queue": DICEARENA_SYSTEM_QUEUE},
}
CELERY_TASK_IGNORE_RESULT = True  # nothing waits on a task's return value
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 60
CELERY_TASK_TIME_LIMIT = 90
# Celery's Redis clients (broker, results): no read of theirs blocks longer than the
# broker's 1 s BRPOP, so an explicit 30 s socket timeout (never redis-py 8's 5 s default
# or kombu's none) plus keepalive and health checks find a dead or restarted Redis and
# reconnect instead of hanging on a half-open socket.
_REDIS_SOCKET = {
    "socket_timeout": 30,
    "socket_connect_timeout": 5,
    "socket_keepalive": True,
    "health_check_interval": 10,
}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    **_REDIS_SOCKET,
    # An unacknowledged task (acks_late) comes back this long after its worker died;
    # above the longest task (a tournament slice plus one game at its limit). Dead
    # tournament workers are found much sooner by their missing beat (the sweep).
    "visibility_timeout": 30 + DICEARENA_TOURNAMENT_GAME_S + 300,
}
CELERY_REDIS_SOCKET_TIMEOUT = _REDIS_SOCKET["socket_timeout"]
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = _REDIS_SOCKET["socket_connect_timeout"]
CELERY_REDIS_SOCKET_KEEPALIVE = True
CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = _REDIS_SOCKET["health_check_interval"]
CELERY_REDIS_RETRY_ON_TIMEOUT = True
CELERY_RESULT_EXPIRES = 3600
# Keep reconnecting for as long as Redis is away (a restart must not end the worker).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# System jobs: beat copies them into its database schedule when it starts (so a deploy
# needs no command for them; editable in the admin afterwards). Each expires before its
# next run (django-celery-beat's ``expire_seconds``), so a backlog after downtime never
# runs it twice. Tournaments on a schedule (ladders) are installed by
# ``manage.py install_schedules``.
CELERY_BEAT_SCHEDULE = {
    "resume-stuck-ai-matches": {
        "task": "webapp.matches.tasks.resume_stuck_matches",
        "schedule": 30.0,
        "options": {"expire_seconds": 25},
    },
    # AI moves whose worker died mid-move (their lease ran out) are queued again.
    "resume-lost-ai-moves": {
        "task": "webapp.matches.tasks.resume_lost_ai_moves",
        "schedule": 5.0,
        "options": {"expire_seconds": 5},
    },
    # Live matches nobody moves in are lost on time or aborted (DICEARENA_IDLE_S).
    # People's clocks past their deadline lose on time (or leave play), watched or not.
    "settle-flagged-clocks": {
        "task": "webapp.matches.tasks.sweep_clocks",
        "schedule": 5.0,
        "options": {"expire_seconds": 5},
    },
    # Rematch offers nobody answered within their minute lapse, both pages told.
    "lapse-rematch-offers": {
        "task": "webapp.matches.tasks.lapse_rematch_offers",
        "schedule": 5.0,
        "options": {"expire_seconds": 5},
    },
    "settle-idle-matches": {
        "task": "webapp.matches.tasks.sweep_idle_matches",
        "schedule": 60.0,
        "options": {"expire_seconds": 55},
    },
    # Tournament games of a dead worker (no beat) go to the others.
    "hand-over-dead-workers-games": {
        "task": "webapp.tournaments.tasks.sweep_stale_games",
        "schedule": 15.0,
        "options": {"expire_seconds": 15},
    },
    # Scheduled tournaments for people start at their hour (or are cancelled, too few).
    "start-due-people-tournaments": {
        "task": "webapp.tournaments.tasks.start_due_tournaments",
        "schedule": 30.0,
        "options": {"expire_seconds": 25},
    },
    # Bots' deadlines lost with a broker outage; tournament games waiting for a bot.
    "flag-overdue-bot-moves": {
        "task": "webapp.bots.tasks.sweep",
        "schedule": 10.0,
        "options": {"expire_seconds": 10},
    },
    # Expired login state goes, so the sessions table holds only live visitors.
    "clear-expired-sessions": {
        "task": "webapp.accounts.tasks.clear_expired_sessions",
        "schedule": 24 * 3600.0,
        "options": {"expire_seconds": 3600},
    },
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Limits on what browsers may send.
DICEARENA_MAX_FRAME_BYTES = 4096
# Frames one match socket may send: a burst, then this many a second (a token bucket).
DICEARENA_FRAMES_PER_S = float(os.environ.get("DICEARENA_FRAMES_PER_S", "10"))
DICEARENA_FRAME_BURST = float(os.environ.get("DICEARENA_FRAME_BURST", "30"))
DICEARENA_AI_BUDGET_SECONDS = float(os.environ.get("DICEARENA_AI_BUDGET_SECONDS", "5"))
# Replies of instant agents (random, one-ply greedy players) played in the request that
# made them due, at most this many per request (0: every AI move goes to the workers).
DICEARENA_INSTANT_MOVES = int(os.environ.get("DICEARENA_INSTANT_MOVES", "64"))
# Match analyses (docs/analysis.md): the time one may take (0: no limit, exactly
# DICEARENA_ANALYSIS_PLAYOUTS per position), its playouts per position at most, the
# automatic analyses of rated matches per hour, and the most analyses waiting at once.
DICEARENA_ANALYSIS_BUDGET_S = float(os.environ.get("DICEARENA_ANALYSIS_BUDGET_S", "8"))
DICEARENA_ANALYSIS_PLAYOUTS = int(os.environ.get("DICEARENA_ANALYSIS_PLAYOUTS", "1000"))
DICEARENA_AUTO_ANALYSES_PER_HOUR = int(os.environ.get("DICEARENA_AUTO_ANALYSES_PER_HOUR", "30"))
DICEARENA_ANALYSIS_QUEUE_MAX = int(os.environ.get("DICEARENA_ANALYSIS_QUEUE_MAX", "20"))
# Analysis people may ask for, in worker-seconds a minute (thinking time × positions:
# an opinion of a Footsies turn at 5 s is 10, a match analysis its budget), per person
# (account, else guest), per address, and site-wide (webapp.admission). The analysis
# worker's 2 processes give 120 a minute; the site's backstop is above any one client's.
DICEARENA_ANALYSIS_S_PER_PERSON = int(os.environ.get("DICEARENA_ANALYSIS_S_PER_PERSON", "60"))
DICEARENA_ANALYSIS_S_PER_ADDRESS = int(os.environ.get("DICEARENA_ANALYSIS_S_PER_ADDRESS", "90"))
DICEARENA_ANALYSIS_S_PER_MINUTE = int(os.environ.get("DICEARENA_ANALYSIS_S_PER_MINUTE", "300"))
# Analyses of one person (and of one address) the workers compute at once: the rest wait
# their turn, so another visitor's finds a free worker (webapp.admission.in_turn).
DICEARENA_ANALYSES_AT_ONCE = int(os.environ.get("DICEARENA_ANALYSES_AT_ONCE", "1"))
# Live AIs, per person (account, else guest) and per address alike (webapp.matches.limits):
# AI-vs-AI matches running at once, matches against an AI running at once, new matches
# a minute (per address), and AI moves thought about at once (a fair share of the live
# workers: one client's slow AIs never hold them all). Accounts made per address an hour.
DICEARENA_MAX_LIVE_AI_MATCHES = int(os.environ.get("DICEARENA_MAX_LIVE_AI_MATCHES", "3"))
DICEARENA_MAX_VS_AI_MATCHES = int(os.environ.get("DICEARENA_MAX_VS_AI_MATCHES", "5"))
# The same two for one address (by default as for one person: a client dropping its
# cookie to be a new guest each time gains nothing); raise them for a shared address.
DICEARENA_MAX_LIVE_AI_MATCHES_PER_ADDRESS = int(
    os.environ.get("DICEARENA_MAX_LIVE_AI_MATCHES_PER_ADDRESS", DICEARENA_MAX_LIVE_AI_MATCHES)
)
DICEARENA_MAX_VS_AI_MATCHES_PER_ADDRESS = int(
    os.environ.get("DICEARENA_MAX_VS_AI_MATCHES_PER_ADDRESS", DICEARENA_MAX_VS_AI_MATCHES)
)
DICEARENA_NEW_MATCHES_PER_MINUTE = int(os.environ.get("DICEARENA_NEW_MATCHES_PER_MINUTE", "10"))
DICEARENA_AI_MOVES_AT_ONCE = int(os.environ.get("DICEARENA_AI_MOVES_AT_ONCE", "1"))
DICEARENA_SIGNUPS_PER_HOUR = int(os.environ.get("DICEARENA_SIGNUPS_PER_HOUR", "5"))
# Seconds between moves of an AI-vs-AI match, so people can watch it.
DICEARENA_DEFAULT_PACE = float(os.environ.get("DICEARENA_DEFAULT_PACE", "0.8"))
# A live match nobody moves in for this long is lost on time (or aborted if it never
# got going) by the periodic sweep, so nothing stays "live" forever.
DICEARENA_IDLE_S = int(os.environ.get("DICEARENA_IDLE_S", "900"))
# A fair start (lichess's rule): seconds each side of a clocked match between people has
# for its first move before the match is aborted, no result and no rating (twice this for
# rapid and slower controls; a correspondence move's whole days: matches.clocks).
DICEARENA_FIRST_MOVE_S = float(os.environ.get("DICEARENA_FIRST_MOVE_S", "30"))

# E-mail (turn notifications of correspondence games; README, "E-mail"). Production sets
# EMAIL_HOST (and user, password, port, TLS) and gets SMTP; without it `make run` prints
# mails to the console, or writes them to var/mail with EMAIL_BACKEND=...filebased.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", bool(EMAIL_HOST))
EMAIL_TIMEOUT = 10  # a mail server that hangs must not hold a worker
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Dice Arena <noreply@localhost>")
#: The site's address as people reach it: the links in e-mails start with it. `make run`
#: sets it to where it really serves (webapp/launcher.py) unless it is set.
DICEARENA_SITE_URL = os.environ.get("DICEARENA_SITE_URL", "http://127.0.0.1:8000")
#: How long the signed link in a turn e-mail opens the game.
DICEARENA_TURN_LINK_MAX_AGE_S = int(os.environ.get("DICEARENA_TURN_LINK_MAX_AGE_S", "1209600"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Tournaments: limits on what one submission may ask for.
DICEARENA_MAX_TOURNAMENT_GAMES = int(os.environ.get("DICEARENA_MAX_TOURNAMENT_GAMES", "5000"))
DICEARENA_MAX_ENTRANTS = 16
# Tasks one tournament fans out to: the most worker processes that share its games.
DICEARENA_TOURNAMENT_TASKS = int(os.environ.get("DICEARENA_TOURNAMENT_TASKS", "8"))
# A running game whose worker has not beaten for this long lost its worker: replay it.
DICEARENA_STALE_GAME_S = int(os.environ.get("DICEARENA_STALE_GAME_S", "30"))

# Outside bots (docs/bot-api.md): default time control, presence, limits per token.
DICEARENA_BOT_MOVE_S = float(os.environ.get("DICEARENA_BOT_MOVE_S", "10"))
DICEARENA_BOT_BANK_S = float(os.environ.get("DICEARENA_BOT_BANK_S", "60"))
DICEARENA_BOT_WAIT_S = int(os.environ.get("DICEARENA_BOT_WAIT_S", "600"))
DICEARENA_BOT_ONLINE_S = 60  # a socket not heard of for this long is gone
DICEARENA_BOT_MAX_MATCHES = int(os.environ.get("DICEARENA_BOT_MAX_MATCHES", "8"))
# Challenges (lobby, rematches) one bot plays at once: in all, and asked by one person.
DICEARENA_BOT_CHALLENGES = int(os.environ.get("DICEARENA_BOT_CHALLENGES", "8"))
DICEARENA_BOT_CHALLENGES_PER_PERSON = int(
    os.environ.get("DICEARENA_BOT_CHALLENGES_PER_PERSON", "2")
)
# And from one address (an IPv6 /64 is one), so a client that drops its cookie to be a
# new guest each time gains nothing.
DICEARENA_BOT_CHALLENGES_PER_ADDRESS = int(
    os.environ.get("DICEARENA_BOT_CHALLENGES_PER_ADDRESS", str(DICEARENA_BOT_CHALLENGES_PER_PERSON))
)
DICEARENA_BOT_FRAMES_PER_S = int(os.environ.get("DICEARENA_BOT_FRAMES_PER_S", "50"))
DICEARENA_BOT_CONNECTS_PER_MIN = int(os.environ.get("DICEARENA_BOT_CONNECTS_PER_MIN", "30"))
DICEARENA_BOT_MAX_FRAME_BYTES = 16384
