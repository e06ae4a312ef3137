from django.contrib import admin
from django.urls import include, path

from config.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("clubs.people.urls")),  # first: its "forgotten password" page stands before Django's
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", api.urls),
    path("", include("scoring.urls")),
    path("", include("scoring.prints.urls")),
    path("", include("competitions.standings.urls")),
    path("", include("competitions.organiser.urls")),
    path("", include("competitions.season.urls")),
    path("", include("scoring.results.urls")),
    path("", include("scoring.phones.urls")),
    path("", include("scoring.tonight.urls")),
    path("", include("clubs.urls")),
    path("", include("scoring.ratings.urls")),
    path("", include("scoring.duplicate.urls")),
    path("", include("scoring.backup.urls")),
    path("", include("members.urls")),
    path("", include("competitions.urls")),
]
