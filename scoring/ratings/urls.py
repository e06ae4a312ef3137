from django.urls import path

from scoring.ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.ranking, name="ranking"),
    path("<slug:slug>/recompute/", views.recompute, name="recompute"),
    path("<slug:slug>/<int:player_id>/", views.player, name="player"),
]
