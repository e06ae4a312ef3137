"""A league's public pages: fixture list, calendar feeds, team pages; under ``/competitions/<slug>/`` in
the namespace "competitions" (config/urls.py)."""

from django.urls import path

from competitions.league import views

urlpatterns = [
    path("fixtures/", views.fixtures_page, name="fixtures"),
    path("calendar.ics", views.calendar_feed, name="calendar"),
    path("teams/<int:entrant_id>/", views.team_page, name="team"),
    path("teams/<int:entrant_id>/calendar.ics", views.team_calendar, name="team_calendar"),
]
