from django.urls import path

from scoring.ratings import views

app_name = "ratings"

urlpatterns = [
    path("ratings/", views.index, name="index"),
    path("ratings/<slug:slug>/", views.ranking, name="ranking"),
    path("ratings/<slug:slug>/recompute/", views.recompute, name="recompute"),
    path("ratings/<slug:slug>/<int:player_id>/", views.player, name="player"),
]
