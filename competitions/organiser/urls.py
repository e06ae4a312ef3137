"""The organiser's pages (login; the club boundary is checked in every view), under ``/manage/`` in the
namespace "staff" (config/urls.py)."""

from django.urls import path

from competitions.organiser import views, views_evening

competition = "competitions/<slug:slug>/"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("outbox/resend-stale/", views.outbox_resend, name="outbox-resend"),
    path(competition, views.competition_detail, name="competition"),
    path(competition + "evenings/new/", views.evening_create, name="evening-create"),
    path(competition + "evenings/<int:number>/attendance/", views.attendance, name="attendance"),
    path(competition + "evenings/<int:number>/rounds/new/", views.round_next, name="round-next"),
    path(competition + "evenings/<int:number>/walk-in/", views.walk_in, name="walk-in"),
    path(competition + "evenings/<int:number>/substitute/", views.substitute, name="substitute"),
    path(competition + "evenings/<int:number>/delete/", views_evening.evening_delete, name="evening-delete"),
    path(competition + "evenings/<int:number>/tables/", views.evening_tables, name="evening-tables"),
    path(competition + "evenings/<int:number>/cancel/", views_evening.evening_cancel, name="evening-cancel"),
    path(competition + "evenings/<int:number>/uncancel/", views_evening.evening_uncancel, name="evening-uncancel"),
    path(competition + "rounds/<int:number>/delete/", views.round_delete, name="round-delete"),
    path(competition + "rounds/<int:number>/unpublish/", views.round_unpublish, name="unpublish"),
    path(competition + "rounds/<int:number>/reseat/", views.round_reseat, name="reseat"),
    path(competition + "rounds/<int:number>/sit-out/", views.round_sit_out, name="sit-out"),
    path(competition + "rounds/<int:number>/draw/", views.round_draw, name="draw"),
    path(competition + "rounds/<int:number>/redraw/", views.round_redraw, name="redraw"),
    path(competition + "rounds/<int:number>/swap/", views.round_swap, name="swap"),
    path(competition + "rounds/<int:number>/publish/", views.round_publish, name="publish"),
    path(competition + "fixtures/", views.fixtures, name="fixtures"),
    path(competition + "swiss/", views.swiss, name="swiss"),
]
