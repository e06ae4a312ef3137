"""A club laptop or a developer's machine: SQLite, DEBUG off unless asked for, a key of its own.

The laptop serves the club's wifi (``make run HOST=0.0.0.0``), so it must never show a technical
page: DEBUG is off by default (Dutch 404 and 500 pages, tracebacks go to the log) and a developer
switches it on explicitly with ``DEBUG=1``. The secret key comes from ``SECRET_KEY`` or, failing
that, from ``.secret_key`` beside manage.py, made on the first run and ignored by git. With DEBUG
off, whitenoise serves the static files straight from ``static/`` (its finders), so nothing has to
be collected first.
"""

from urllib.parse import urlsplit

from config.settings.secret_key import local_secret_key
from core.network import LOOPBACK_HOSTS, lan_address

from .base import *
from .base import BASE_DIR, os

DEBUG = os.environ.get("DEBUG", "0").lower() in {"1", "yes", "true", "on"}
SECRET_KEY = os.environ.get("SECRET_KEY") or local_secret_key(BASE_DIR / ".secret_key")
# The phones at the tables reach this laptop by its address on the club's network (make run
# HOST=0.0.0.0): that address, and the host of SITE_URL, are allowed besides the loopback names.
# ``make run`` tells the host it listens on (SERVE_HOST): on 127.0.0.1 only this laptop is served, so
# there is no network address phones could use (the pages then say how to serve the phones).
LAN_ADDRESS = None if os.environ.get("SERVE_HOST", "") in LOOPBACK_HOSTS else lan_address()
ALLOWED_HOSTS = ALLOWED_HOSTS or [
    "127.0.0.1",
    "localhost",
    "[::1]",
    *([LAN_ADDRESS] if LAN_ADDRESS else []),
    *([urlsplit(SITE_URL).hostname or ""] if SITE_URL else []),
]
# Static files with DEBUG off: whitenoise finds them where runserver would (no collectstatic needed),
# and picks up an edited file at once.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
