import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
application = get_wsgi_application()
# The URLconf and every view module it names, imported now: with gunicorn's --preload that is once,
# in the master, shared by the workers it forks. Otherwise each worker imported them on its first
# request (about 1 s of CPU, that request waiting for it).
_ = get_resolver().url_patterns
