"""Removing the demo. Namespace "demo"."""

from django.urls import path

from scoring.demo import views

app_name = "demo"

urlpatterns = [
    path("remove/", views.remove, name="remove"),
]
