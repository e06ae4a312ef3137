"""Staff pages of the scoring app (login; the club boundary is checked in the view). Namespace "scoring_staff"."""

from django.urls import path

from scoring.results.views import import_results_view

app_name = "scoring_staff"

urlpatterns = [
    path("import/", import_results_view, name="import-results"),
]
