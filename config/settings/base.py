"""Settings shared by every environment. Secrets and the database come from the environment."""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.environ.get("SECRET_KEY", "")
DEBUG = False
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h]
SITE_URL = os.environ.get("SITE_URL", "").rstrip("/")  # the address phones reach, e.g. http://192.168.1.20:8000

INSTALLED_APPS = [
    "core.admin_site.SuperuserAdminConfig",  # django.contrib.admin, for superusers only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "axes",
    "ninja",  # Swagger UI for /api/docs from its own static files, no CDN
    "django_tasks",
    "django_tasks_db",  # the outbox's table (core.outbox)
    "core",  # no models: its template tags (table_parts)
    "clubs",
    "competitions",
    "scoring",
    "members",  # a member's own pages (/me/), sign-ups, notification mails: on top of scoring
]

MIDDLEWARE = [
    "core.health.HealthCheckMiddleware",  # first: GET /healthz for the load balancer, before host checks
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "core.api_errors.ApiErrorsMiddleware",  # every error under /api/ in the one JSON shape
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    "clubs.public_names.PublicNamesMiddleware",  # members' names as they chose, on public output (AVG)
    "competitions.pagecache.middleware.PublicPageCache",  # last: knows the user and the language
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "clubs.context_processors.staff_menu",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A club laptop serving a whole club night. Every transaction that may write takes the write lock
    # when it starts (BEGIN IMMEDIATE): a deferred transaction that read first and then tries to write
    # while another holds the lock fails at once with "database is locked" (SQLite cannot wait
    # there without risking a deadlock), whereas an immediate one waits in line. The timeout (s) is
    # how long a save waits for its turn: far above a save's few milliseconds, far below a browser's
    # patience. WAL lets readers (the projector, the dashboard) go on while one writer writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": int(os.environ.get("SQLITE_TIMEOUT", "20")),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and os.environ.get("PG_PREPARED", "1") != "0":
    # A league server. Most of PostgreSQL's work on a page is *planning* its joins (the match with its
    # round, competition and club: 1.4 ms planning against 0.14 ms running). With server-side binding
    # psycopg prepares a statement it has run 5 times on a connection, and PostgreSQL plans it once
    # per connection instead of once per request. PG_PREPARED=0 turns it off, e.g. behind a
    # connection pooler in transaction mode that does not track prepared statements.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"server_side_binding": True, "prepare_threshold": 5})

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The public page cache (competitions.pagecache.keys): local memory on a club laptop (per process, which is
# fine: keys come from the database, never from the process); Redis on a league server with
# several app servers, e.g. CACHE_URL=redis://127.0.0.1:6379/0. Sessions stay in the database.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    # django-redis: one redis.Redis client per server, kept for the process (Django's own backend built
    # one per get and set, about 0.1 ms each on a page served from the cache). core.cache's subclass
    # renders without it when Redis is away (logged once) instead of answering 500.
    CACHES = {"default": {"BACKEND": "core.cache.ForgivingRedisCache", "LOCATION": CACHE_URL, "TIMEOUT": 3600}}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "klaverjas-pages",
            "TIMEOUT": 3600,
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
PAGE_CACHE_ENABLED = os.environ.get("PAGE_CACHE", "1") != "0"
PAGE_CACHE_SECONDS = 3600

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "clubs.people.passwords.MinimumLengthValidator"},  # Django's check, a Dutch message
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Dutch first; English a switch away (the browser's language is respected).
LANGUAGE_CODE = "nl"
LANGUAGES = [("nl", _("Nederlands")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Amsterdam"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

AXES_FAILURE_LIMIT = 5  # wrong passwords for one account from one address (core.login_throttle)
AXES_ACCOUNT_FAILURE_LIMIT = 20  # wrong passwords for one account from any addresses together
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username"]
AXES_HANDLER = "core.login_throttle.AccountAndAddressHandler"
AXES_COOLOFF_TIME = 0.25  # hours
AXES_RESET_ON_SUCCESS = True
# Behind reverse proxies (README, Production): how many of them append to X-Forwarded-For; the login
# throttle then counts failures per client address instead of per proxy (core.login_throttle).
try:
    TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0") or 0)
except ValueError:
    raise ImproperlyConfigured("TRUSTED_PROXY_COUNT must be a whole number (the reverse proxies in front).") from None
AXES_CLIENT_IP_CALLABLE = "core.login_throttle.client_address"

# One line per event with its time, level and logger (the apps log saves, confirmations, imports,
# refusals of the API and backups at INFO), on stderr: gunicorn, systemd or the terminal keeps it.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "line"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}

# Errors to Sentry when SENTRY_DSN is set (a league server); nothing is sent otherwise. No personal
# data: no user names, addresses or cookies leave the server.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        send_default_pii=False,
    )

# Mail. Every mail the site sends is queued in the database (core.outbox.OutboxBackend, in the transaction
# that caused it) and sent by `manage.py send_notifications` (make run starts it beside the server) with
# OUTBOX_EMAIL_BACKEND: SMTP with Django's EMAIL_* settings below. Without EMAIL_HOST mail is kept in the
# outbox (the organiser's page says so), never printed and lost. EMAIL_BACKEND in the environment names
# another delivery backend for the worker (e.g. django.core.mail.backends.console.EmailBackend).
EMAIL_BACKEND = "core.outbox.OutboxBackend"
OUTBOX_EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1" if EMAIL_PORT == 587 else "0") == "1"
EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL", "1" if EMAIL_PORT == 465 else "0") == "1"
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "klaverjas@localhost")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# A mail that failed waits OUTBOX_RETRY_SECONDS, then twice as long after each further failure, at most
# OUTBOX_RETRY_MAX_SECONDS; sent mails leave the database after OUTBOX_KEEP_DAYS.
OUTBOX_RETRY_SECONDS = float(os.environ.get("OUTBOX_RETRY_SECONDS", "30"))
OUTBOX_RETRY_MAX_SECONDS = float(os.environ.get("OUTBOX_RETRY_MAX_SECONDS", "1800"))
OUTBOX_KEEP_DAYS = int(os.environ.get("OUTBOX_KEEP_DAYS", "7"))
# A task of the outbox claimed longer ago than OUTBOX_STALE_MINUTES has lost its worker (a live one holds a
# claim a few minutes at most with EMAIL_TIMEOUT 20 s; core.outbox.stale_before): a composing task runs
# again, a mail is sent again only when the organiser asks (it may have reached the server).
OUTBOX_STALE_MINUTES = float(os.environ.get("OUTBOX_STALE_MINUTES", "15"))
# Django's task API (django-tasks until Django 6): the database backend holds the outbox's queue.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default", "mail"]}}
AXES_VERBOSE = False

# Dates and numbers follow the active language ("14 maart 2026", "81,5"). No thousands separator:
# scores read 1634 as on a paper sheet; templates use |intcomma where a big number needs one.
USE_THOUSAND_SEPARATOR = False

# Backups (scoring.backup): `manage.py backup` and, after each fully confirmed round and at the end of a
# club evening, by themselves.
# BACKUP_DIR: a USB stick or a synced folder on a club laptop; by default backups/ beside the SQLite
# database. BACKUP_KEEP: how many to keep there (0: all). BACKUP_AUTO: the automatic ones, on by default
# with SQLite (a laptop), off with PostgreSQL (a league server backs up nightly from cron; README).
_SQLITE_NAME = DATABASES["default"]["NAME"] if DATABASES["default"]["ENGINE"].endswith("sqlite3") else ""
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR") or (Path(_SQLITE_NAME).parent if _SQLITE_NAME else BASE_DIR) / "backups")
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "30"))
BACKUP_AUTO = os.environ.get("BACKUP_AUTO", "1" if _SQLITE_NAME else "0") == "1"
