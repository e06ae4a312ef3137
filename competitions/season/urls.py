"""The organiser's pages of a season's set-up. Namespace "season"."""

from django.urls import path

from competitions.season import views, views_history

app_name = "season"

urlpatterns = [
    path("clubs/<slug:slug>/competitions/new/", views.competition_new, name="new"),
    path("competitions/<slug:slug>/settings/", views.competition_settings, name="settings"),
    path("competitions/<slug:slug>/new-season/", views.new_season, name="new-season"),
    path("competitions/<slug:slug>/history/", views_history.history_import, name="history"),
    path("competitions/<slug:slug>/history/template.xlsx", views_history.history_template, name="history-template"),
]
