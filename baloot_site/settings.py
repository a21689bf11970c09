"""Settings for baloot_site.

Every value that changes between a laptop and a server is read from the
environment through the small helpers below, which refuse values they do not
understand rather than guessing.
"""

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; a typo like DEBUG=ture is an error, not False."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected one of {sorted(_TRUE | _FALSE)}")


def env_str(name: str, default: str | None = None) -> str:
    """Read a string variable; without a default the variable is required."""
    raw = os.environ.get(name)
    if raw is not None and raw != "":
        return raw
    if default is None:
        raise ImproperlyConfigured(f"{name} must be set")
    return default


def env_int(name: str, default: int) -> int:
    """Read a whole number; "ten" or "1.5" is an error."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected a whole number") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list; empty items (as in "a,,b") are an error."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    items = [item.strip() for item in raw.split(",")]
    if any(item == "" for item in items):
        raise ImproperlyConfigured(f"{name}={raw!r}: empty item in comma-separated list")
    return items


def env_networks(name: str) -> list[str]:
    """Read a comma-separated list of addresses or networks (``10.0.0.0/24``); a typo is an error."""
    values = env_list(name, [])
    for value in values:
        try:
            ipaddress.ip_network(value, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {value!r} is not an address or a network like 10.0.0.0/24"
            ) from None
    return values


# Development is the default so that `make run` works on a fresh checkout;
# a server sets DEBUG=0 and must then provide its own SECRET_KEY.
DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", "dev-only-not-secret" if DEBUG else None)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
# Origins allowed to post forms over HTTPS when they differ from the host (e.g. "https://baloot.example.org").
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # Daphne first: its runserver then serves WebSockets beside HTTP (`make run`, the live tables).
    "daphne",
    # modeltranslation must come before the admin so its admin classes are patched.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_tasks",
    "channels",
    # Login throttling: failed sign-ins are counted per username and address.
    "axes",
    # The course (models, lessons, puzzles, answers), then each feature built on it
    # (docs/architecture.md).
    "lessons",
    "lessons.classroom",
    "lessons.practice",
    "lessons.trainer",
    "lessons.calculator",
    "lessons.practice.tables",
]

MIDDLEWARE = [
    # First: times the whole request and writes its log line, whatever answers it.
    "baloot_site.middleware.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # The Content-Security-Policy header and the nonce that inline scripts carry; the
    # Permissions-Policy header.
    "baloot_site.middleware.ContentSecurityPolicyMiddleware",
    # WhiteNoise right after security, before anything that could short-circuit a static request.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # An address with a NUL character is no page (PostgreSQL refuses the character): a 404,
    # with the headers of every page, before anything looks the address up.
    "baloot_site.middleware.NulCharacterMiddleware",
    # Django's, except that only a request changing something makes a session (baloot_site/sessions.py).
    "baloot_site.sessions.SessionMiddleware",
    # LocaleMiddleware needs the session and must run before CommonMiddleware.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # What a signed-in user sees is theirs: Cache-Control: private.
    "baloot_site.middleware.PrivatePagesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A database that is down answers 503 (a clean page), not 500; answers and join codes are
    # rate limited.
    "baloot_site.middleware.DatabaseUnavailableMiddleware",
    "baloot_site.middleware.AnswerRateLimitMiddleware",
    "baloot_site.middleware.JoinCodeRateLimitMiddleware",
    # Last, as django-axes asks: it turns a locked-out sign-in into its own answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "baloot_site.urls"
WSGI_APPLICATION = "baloot_site.wsgi.application"
# The live tables' WebSockets (lessons/practice/tables/) are served by the ASGI application, HTTP with them.
ASGI_APPLICATION = "baloot_site.asgi.application"
ASGI_APPLICATION = "baloot_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "baloot_site.middleware.csp_nonce",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "lessons.views.theme",
            ],
        },
    },
]

# SQLite next to the code unless DATABASE_URL names another database
# (the test suite runs a second time on PostgreSQL).
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        # A kept connection is checked (Django's SELECT 1) before its first query of each request:
        # after a database restart the request reconnects instead of failing on a dead socket.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A write-ahead log synced at checkpoints, not at every commit: recording an answer costs
    # microseconds instead of a disk flush (about 25 ms on a small server). A power cut may lose
    # the last few answers, never corrupt the file.
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    )
# A streaming replica of the primary, for reading the content (courses, lessons, steps, puzzles);
# what people write, and reads right after their writes, stay on the primary (baloot_site/db_router.py).
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
# Seconds a browser that wrote content (a teacher's puzzle) reads it from the primary: longer than
# the replica ever lags behind.
REPLICA_PIN_SECONDS = env_int("REPLICA_PIN_SECONDS", 10)
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL, conn_max_age=env_int("CONN_MAX_AGE", 60), conn_health_checks=True
    )
    # Tests never make a database on the replica: there it is the primary's test database again.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["baloot_site.db_router.ReplicaRouter"]
    # Early, so that the session saved on the way out counts as a write of the request.
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.middleware.security.SecurityMiddleware"),
        "baloot_site.db_router.ReplicaMiddleware",
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# AxesBackend first: it refuses to authenticate while a username and address are locked out.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "accounts-login"
LOGIN_REDIRECT_URL = "home"

# Five wrong passwords for one username from one address lock that pair out for 15 minutes
# (by the pair, so one pupil's typos in a school's shared address lock out nobody else).
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "lessons.classroom.accounts.locked_out"
AXES_VERBOSE = False
# ... and wrong passwords from one address, whatever the usernames, stop that address for the same
# 15 minutes past this many (lessons/classroom/accounts.py): one password tried on many usernames.
# Loose, because a school's pupils share one address.
SIGN_IN_FAILURES_PER_ADDRESS = env_int("SIGN_IN_FAILURES_PER_ADDRESS", 30)
# Teachers' sign-ups an hour from one address (each sends a mail; a school makes a few).
SIGN_UPS_PER_ADDRESS = env_int("SIGN_UPS_PER_ADDRESS", 10)

# Each language is labelled in its own language, so a reader can find theirs.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("ar", "العربية"),
    ("fa", "فارسی"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
# One date format, day before month, in every language (baloot_site/formats).
FORMAT_MODULE_PATH = ["baloot_site.formats"]
TIME_ZONE = "UTC"
USE_TZ = True

# modeltranslation fills translated fields from these languages.
MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_LANGUAGES = ("en", "ar", "fa", "fr")
# A missing translation shows the English text rather than an empty page.
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files need `collectstatic`; in development serve the sources as they are.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Frozen from the environment's DEBUG, not Django's runtime one (the test runner turns that off):
# in development and tests WhiteNoise serves static/ through the finders, without collectstatic.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# ---------------------------------------------------------------- cache and sessions

# One Redis shared by every app server holds the cache (rate limits, axes' counters stay in the
# database) and the sessions' cached copies; without REDIS_URL each process keeps its own memory cache.
# Redis may fail without taking the site down (baloot_site/fallible_redis.py): while it cannot be
# reached the cache is an empty one, sessions are the database's, rate limits let requests through.
REDIS_URL = os.environ.get("REDIS_URL", "")
# Seconds to wait for Redis to accept a connection, or to answer: longer, it is taken as down.
REDIS_TIMEOUT_SECONDS = env_int("REDIS_TIMEOUT_SECONDS", 1)
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's own, made to fail softly; the rate limits count through its client
            # (baloot_site/middleware.py).
            "BACKEND": "baloot_site.fallible_redis.FallibleRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "baloot"),
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                "socket_timeout": REDIS_TIMEOUT_SECONDS,
            },
        }
    }
    # Sessions written to the database and kept in Redis as a copy, read first: neither a Redis
    # restart nor a Redis that is down logs anybody out.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# ---------------------------------------------------------------- the live tables' channel layer

# Each live table is a group of sockets (lessons/practice/tables/consumers.py). On Redis every ASGI server
# shares the groups, so players connected to different servers sit at one table; without
# REDIS_URL (development, one process) the groups live in the process's memory.
# CHANNEL_REDIS_URL lets the tests use a Redis database of their own.
CHANNEL_REDIS_URL = os.environ.get("CHANNEL_REDIS_URL", REDIS_URL)
if CHANNEL_REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [CHANNEL_REDIS_URL], "capacity": 500, "expiry": 30},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# ---------------------------------------------------------------- tasks

# Long work runs off the request (django.tasks, backported by django-tasks): the review of a
# finished practice hand (lessons/practice/tasks.py). With REDIS_URL the tasks wait in Redis for
# the RQ workers (`python manage.py rqworker --job-class django_tasks_rq.Job default`, see
# docs/DEPLOY.md); without it (development, tests) each task runs at once where it is enqueued.
if REDIS_URL:
    INSTALLED_APPS += ["django_rq", "django_tasks_rq"]
    RQ_QUEUES = {"default": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 120}}
    # With the queue unreachable a task runs in the request that enqueues it (fallible_redis.py).
    TASKS = {"default": {"BACKEND": "baloot_site.fallible_redis.FallibleRQBackend", "QUEUES": ["default"]}}
else:
    TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}

# Lessons, steps and puzzles kept in each process's memory between requests, at most this many
# seconds (lessons/lesson_cache.py; a change saved through Django is seen at once). Off in
# development, so that a content file loaded again shows at the next page.
CONTENT_CACHE_SECONDS = env_int("CONTENT_CACHE_SECONDS", 0 if DEBUG else 300)

# The load test's floor request at /<lang>/floor/ (baloot_site/floor.py), which INSERTs a row for
# every POST: on only for `make loadtest`, which turns it on for its own server. Never in production.
LOADTEST_FLOOR = env_bool("LOADTEST_FLOOR", False)

# Answers per minute one learner (their session, or their address without one) may post.
ANSWER_RATE_LIMIT = env_int("ANSWER_RATE_LIMIT", 60)
# ... and per client address, looser: a school's pupils share one address.
ANSWER_RATE_LIMIT_PER_ADDRESS = env_int("ANSWER_RATE_LIMIT_PER_ADDRESS", 3000)
# Join-code look-ups per minute, per session and per address, so codes cannot be guessed at
# speed; a class joining together from one school address stays well under the second.
JOIN_RATE_LIMIT = env_int("JOIN_RATE_LIMIT", 20)
JOIN_RATE_LIMIT_PER_ADDRESS = env_int("JOIN_RATE_LIMIT_PER_ADDRESS", 300)
# New sessions per minute and client address (baloot_site/sessions.py): a class signing in or
# answering for the first time together stays under it; a client dropping its cookie does not.
SESSION_RATE_LIMIT_PER_ADDRESS = env_int("SESSION_RATE_LIMIT_PER_ADDRESS", 120)

# Email, for reminders before a drill's due time only (lessons/classroom/reminders.py,
# `manage.py send_due_reminders` from cron): off unless EMAIL_HOST (an SMTP server) or
# EMAIL_BACKEND is set. The site works without email.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "baloot@localhost")
REMINDERS_BY_EMAIL = bool(EMAIL_HOST) or bool(os.environ.get("EMAIL_BACKEND"))
# How long before a drill's due time its reminder is sent.
REMINDER_HOURS = env_int("REMINDER_HOURS", 24)
# The site's address as pupils reach it ("https://baloot.example"): the reminders link the drill.
SITE_URL = env_str("SITE_URL", "").rstrip("/")

# The proxies (addresses or networks) whose X-Forwarded-For is believed: nginx on this machine
# (127.0.0.1), or the load balancers' network. The answer rate limit and the sign-in throttle then
# count the client's address, not the proxy's (baloot_site/client_address.py). None by default:
# without a proxy, a client could write any address in that header.
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")
AXES_CLIENT_IP_CALLABLE = "baloot_site.client_address.client_address"

# ---------------------------------------------------------------- HTTPS and browser protections

# Behind nginx or a load balancer that terminates TLS, trust its X-Forwarded-Proto header
# (the proxy must set it on every request, overwriting what the client sent).
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
# Browsers remember "HTTPS only" for a year; subdomains and the preload list are a commitment
# for the whole domain, so they are the operator's choice.
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# `check --deploy` warns while subdomains or preload are off; they are off on purpose (above).
SILENCED_SYSTEM_CHECKS = []
if not SECURE_HSTS_INCLUDE_SUBDOMAINS:
    SILENCED_SYSTEM_CHECKS.append("security.W005")
if not SECURE_HSTS_PRELOAD:
    SILENCED_SYSTEM_CHECKS.append("security.W021")

# ---------------------------------------------------------------- logs

# One JSON line per request on standard output (baloot_site.middleware.RequestLogMiddleware);
# gunicorn's own access log is off in gunicorn.conf.py so each request is logged once.
# Every server error (a response of 500 or more, a database that is down) as one JSON line on
# standard error, with its traceback, DEBUG or not (baloot_site/error_log.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "message": {"format": "%(message)s"},
        "error_line": {"()": "baloot_site.error_log.ErrorLineFormatter"},
    },
    "handlers": {
        "stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "message"},
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "error_line",
            "level": "ERROR",
        },
        # Warnings in the same JSON shape: a Redis that cannot be reached (baloot_site/fallible_redis.py).
        "stderr_warnings": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "error_line",
            "level": "WARNING",
        },
    },
    "loggers": {
        "baloot_site.requests": {
            "handlers": ["stdout"],
            "level": env_str("REQUEST_LOG_LEVEL", "INFO"),
            "propagate": False,
        },
        # Not on to Django's own handlers as well: with DEBUG on, each error would print twice.
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "baloot_site.errors": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "baloot_site.redis": {"handlers": ["stderr_warnings"], "level": "WARNING", "propagate": False},
    },
}
