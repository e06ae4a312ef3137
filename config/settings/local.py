"""A club laptop or a developer's machine: SQLite, debug on, a fixed development key."""

from urllib.parse import urlsplit

from config.settings.network import lan_address

from .base import *  # noqa: F401,F403
from .base import os

DEBUG = os.environ.get("DEBUG", "1") == "1"
SECRET_KEY = os.environ.get("SECRET_KEY") or "local-development-only-not-secret"
# The phones at the tables reach this laptop by its address on the club's network (make run
# HOST=0.0.0.0): that address, and the host of SITE_URL, are allowed besides the loopback names.
LAN_ADDRESS = lan_address()
ALLOWED_HOSTS = ALLOWED_HOSTS or [
    "127.0.0.1",
    "localhost",
    "[::1]",
    *([LAN_ADDRESS] if LAN_ADDRESS else []),
    *([urlsplit(SITE_URL).hostname] if SITE_URL else []),
]
