"""The test suite: fast hashing, no throttling surprises, SQLite unless DATABASE_URL says otherwise."""

from .base import *
from .base import os

DEBUG = False
SECRET_KEY = os.environ.get("SECRET_KEY") or "test-only-not-secret"
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
AXES_ENABLED = os.environ.get("AXES_ENABLED", "0") == "1"
BACKUP_AUTO = False  # a test that wants them turns them on, with its own BACKUP_DIR
# The members' chosen public names stay cached until a member with a choice changes (clubs.public_names):
# no expiry in the middle of a test that counts queries.
PUBLIC_NAMES_CACHE_SECONDS = None
# Every test client builds the middleware anew, and WhiteNoise's start reads every file under STATIC_ROOT
# (66 ms a client once `make serve` has collected the static files, paid by over a thousand tests).
# Looking a static file up when it is asked for instead gives the same answers without that scan.
WHITENOISE_AUTOREFRESH = True
