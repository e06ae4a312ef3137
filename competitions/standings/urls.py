"""A competition's standings: the page and, beside it, the same standings as PDF and xlsx, routed
together under ``/competitions/<slug>/`` in the namespace "standings" (config/urls.py):
``standings:page`` (``…/standings/``), ``standings:pdf`` (``…/standings.pdf``) and ``standings:xlsx``
(``…/standings.xlsx``), the public paths of contract 3.

The names they had before (``competitions:standings``, ``competition_exports:standings_pdf``,
``competition_exports:standings_xlsx``) stay as aliases for the links and ``reverse()`` calls that use
them: config/urls.py mounts ``PAGE_ALIAS`` and ``FILE_ALIASES`` in those namespaces, after these, so
a request resolves to the names here."""

from django.urls import path

from competitions.standings import views

app_name = "standings"

urlpatterns = [
    path("standings/", views.standings_page, name="page"),
    path("standings.pdf", views.standings_pdf, name="pdf"),
    path("standings.xlsx", views.standings_xlsx, name="xlsx"),
]

#: the page's older name, in the namespace "competitions" (under ``competitions/<slug>/``)
PAGE_ALIAS = [path("standings/", views.standings_page, name="standings")]
#: the files' older names, in the namespace "competition_exports" (under ``competitions/<slug>/``)
FILE_ALIASES = [
    path("standings.xlsx", views.standings_xlsx, name="standings_xlsx"),
    path("standings.pdf", views.standings_pdf, name="standings_pdf"),
]
