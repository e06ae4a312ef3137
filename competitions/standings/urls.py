"""The standings as xlsx and PDF, under ``/competitions/<slug>/`` in the namespace "competition_exports"
(config/urls.py)."""

from django.urls import path

from competitions.standings import views

urlpatterns = [
    path("standings.xlsx", views.standings_xlsx, name="standings_xlsx"),
    path("standings.pdf", views.standings_pdf, name="standings_pdf"),
]
