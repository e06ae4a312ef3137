"""The evening's result PDF, under ``/competitions/<slug>/`` in the namespace "competition_exports"
(config/urls.py)."""

from django.urls import path

from competitions.evenings import views

urlpatterns = [
    path("evenings/<int:number>/result.pdf", views.evening_result_pdf, name="evening_pdf"),
]
