"""The club's organiser page. Namespace "club"."""

from django.urls import path

from competitions.club import views

app_name = "club"

urlpatterns = [
    path("", views.club_page, name="page"),
]
