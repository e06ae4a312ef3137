from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from config.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", api.urls),
    path("", include("scoring.urls")),
    path("", include("scoring.urls_exports")),
    path("", include("competitions.urls_exports")),
    path("", include("competitions.urls_staff")),
    path("", include("scoring.urls_staff")),
    path("", include("scoring.urls_table")),
    path("", include("scoring.urls_tonight")),
    path("", include("clubs.urls")),
    path("", include("scoring.ratings.urls")),
    path("", include("scoring.duplicate.urls")),
    path("", include("competitions.urls")),
]

if settings.DEBUG:  # pragma: no cover
    pass
