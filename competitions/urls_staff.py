"""The organiser's pages (login; the club boundary is checked in every view). Namespace "staff"."""

from django.urls import path

from competitions import views_staff as views

app_name = "staff"

competition = "manage/competitions/<slug:slug>/"

urlpatterns = [
    path("manage/", views.dashboard, name="dashboard"),
    path(competition, views.competition_detail, name="competition"),
    path(competition + "evenings/new/", views.evening_create, name="evening-create"),
    path(competition + "evenings/<int:number>/attendance/", views.attendance, name="attendance"),
    path(competition + "evenings/<int:number>/rounds/new/", views.round_next, name="round-next"),
    path(competition + "rounds/<int:number>/draw/", views.round_draw, name="draw"),
    path(competition + "rounds/<int:number>/redraw/", views.round_redraw, name="redraw"),
    path(competition + "rounds/<int:number>/swap/", views.round_swap, name="swap"),
    path(competition + "rounds/<int:number>/publish/", views.round_publish, name="publish"),
    path(competition + "fixtures/", views.fixtures, name="fixtures"),
    path(competition + "swiss/", views.swiss, name="swiss"),
]
