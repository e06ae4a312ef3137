"""The organiser's pages of a season's set-up. Namespace "season"."""

from django.urls import path

from competitions.season import views

app_name = "season"

urlpatterns = [
    path("manage/clubs/<slug:slug>/competitions/new/", views.competition_new, name="new"),
    path("manage/competitions/<slug:slug>/settings/", views.competition_settings, name="settings"),
    path("manage/competitions/<slug:slug>/new-season/", views.new_season, name="new-season"),
]
