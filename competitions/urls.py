"""The public pages: the home page and a competition's pages, in the namespace "competitions" (config/urls.py)."""

from django.urls import path

from competitions import views

urlpatterns = [
    path("", views.home, name="home"),
    path("competitions/<slug:slug>/", views.competition_detail, name="detail"),
    path("competitions/<slug:slug>/standings/projector/", views.projector, name="projector"),
    path("competitions/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("competitions/<slug:slug>/evenings/<int:number>/", views.evening_detail, name="evening"),
    path("competitions/<slug:slug>/evenings/<int:number>/report/", views.evening_report_page, name="evening-report"),
    path("competitions/<slug:slug>/players/<int:player_id>/", views.player_detail, name="player"),
]
