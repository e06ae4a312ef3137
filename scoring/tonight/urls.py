"""Tonight's dashboard (login; organiser or scorer of the competition's club). Namespace "tonight"."""

from django.urls import path

from scoring.tonight import views

app_name = "tonight"

urlpatterns = [
    path("tonight/", views.index, name="index"),
    path("competitions/<slug:slug>/tonight/", views.dashboard, name="dashboard"),
    path("competitions/<slug:slug>/tonight/<int:pk>/confirm/", views.confirm, name="confirm"),
]
