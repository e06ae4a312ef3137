"""The movement card's page and PDF, under ``/manage/competitions/<slug>/`` in the organiser's namespace
"staff" (config/urls.py)."""

from django.urls import path

from competitions.movement import views

urlpatterns = [
    path("movement/", views.movement, name="movement"),
    path("movement.pdf", views.movement_pdf, name="movement-pdf"),
]
