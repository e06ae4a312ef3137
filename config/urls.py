"""Every feature folder's URLs, each under its own include and, where all its paths share one, its prefix:
a path says where its code is (``/manage/backups/…`` is ``scoring/backup/urls.py``). Some namespaces are
older than the folders and span two of them (the names stay, so every ``reverse()`` still works)."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.generic import RedirectView

from competitions.standings import urls as standings_urls
from config.api import api


def namespace(name: str, *folders: tuple[str, str | list]):
    """Several folders' URLs (a URLconf, or a list of paths), each under its own prefix, in one namespace ``name``."""
    return include(([path(prefix, include(urls)) for prefix, urls in folders], name))


competition = "competitions/<slug:slug>/"

urlpatterns = [
    # browsers and feed readers ask /favicon.ico whatever the page links: the site's own icon
    path(
        "favicon.ico", RedirectView.as_view(url=lazy(static, str)("favicon.svg"), permanent=True)
    ),  # at request time: the manifest is read after collectstatic
    path("admin/", admin.site.urls),
    path("", include("clubs.people.urls")),  # first: its "forgotten password" page stands before Django's
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", api.urls),
    path("matches/<int:pk>/", include("scoring.entry.urls")),
    path("", include("scoring.prints.urls")),
    path(competition, include("competitions.standings.urls")),  # the page, its PDF and its xlsx, together
    path(
        competition,
        namespace("competition_exports", ("", standings_urls.FILE_ALIASES), ("", "competitions.evenings.urls")),
    ),
    path(
        "manage/", namespace("staff", ("", "competitions.organiser.urls"), (competition, "competitions.movement.urls"))
    ),
    path("manage/", include("competitions.season.urls")),
    path("manage/competitions/<slug:slug>/results/", include("scoring.results.urls")),
    path("", include("scoring.phones.urls")),
    path("manage/", include("scoring.tonight.urls")),
    path("manage/clubs/<slug:slug>/", include("clubs.urls")),
    path("manage/clubs/<slug:slug>/", include("competitions.club.urls")),
    path("setup/", include("clubs.setup.urls")),
    path("manage/demo/", include("scoring.demo.urls")),
    path("ratings/", include("scoring.ratings.urls")),
    path("", include("scoring.duplicate.urls")),
    path("manage/backups/", include("scoring.backup.urls")),
    path("", include("members.urls")),
    path(
        "",
        namespace(
            "competitions",
            ("", "competitions.urls"),
            (competition, "competitions.league.urls"),
            (competition, standings_urls.PAGE_ALIAS),
        ),
    ),
]
