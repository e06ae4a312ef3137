from django.urls import path

from competitions import views
from competitions.league import views as league_views

app_name = "competitions"

urlpatterns = [
    path("", views.home, name="home"),
    path("competitions/<slug:slug>/", views.competition_detail, name="detail"),
    path("competitions/<slug:slug>/standings/", views.standings_page, name="standings"),
    path("competitions/<slug:slug>/standings/projector/", views.projector, name="projector"),
    path("competitions/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("competitions/<slug:slug>/evenings/<int:number>/", views.evening_detail, name="evening"),
    path("competitions/<slug:slug>/evenings/<int:number>/report/", views.evening_report_page, name="evening-report"),
    path("competitions/<slug:slug>/players/<int:player_id>/", views.player_detail, name="player"),
    path("competitions/<slug:slug>/fixtures/", league_views.fixtures_page, name="fixtures"),
    path("competitions/<slug:slug>/calendar.ics", league_views.calendar_feed, name="calendar"),
    path("competitions/<slug:slug>/teams/<int:entrant_id>/", league_views.team_page, name="team"),
    path(
        "competitions/<slug:slug>/teams/<int:entrant_id>/calendar.ics", league_views.team_calendar, name="team_calendar"
    ),
]
