from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from config.api import api

urlpatterns = [
    # browsers and feed readers ask /favicon.ico whatever the page links: the site's own icon
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("admin/", admin.site.urls),
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
    path("", include("competitions.urls")),
]
