"""A club laptop or a developer's machine: SQLite, debug on, a fixed development key."""

from .base import *  # noqa: F401,F403
from .base import os

DEBUG = os.environ.get("DEBUG", "1") == "1"
SECRET_KEY = os.environ.get("SECRET_KEY") or "local-development-only-not-secret"
ALLOWED_HOSTS = ALLOWED_HOSTS or ["127.0.0.1", "localhost", "[::1]"]  # noqa: F405
