from django.urls import path

from competitions.evenings import views as views_evening_result
from competitions.standings import views as views_exports

app_name = "competition_exports"

urlpatterns = [
    path("competitions/<slug:slug>/standings.xlsx", views_exports.standings_xlsx, name="standings_xlsx"),
    path("competitions/<slug:slug>/standings.pdf", views_exports.standings_pdf, name="standings_pdf"),
    path(
        "competitions/<slug:slug>/evenings/<int:number>/result.pdf",
        views_evening_result.evening_result_pdf,
        name="evening_pdf",
    ),
]
