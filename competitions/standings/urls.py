from django.urls import path

from competitions.evenings import views as evening_views
from competitions.standings import views

app_name = "competition_exports"

urlpatterns = [
    path("competitions/<slug:slug>/standings.xlsx", views.standings_xlsx, name="standings_xlsx"),
    path("competitions/<slug:slug>/standings.pdf", views.standings_pdf, name="standings_pdf"),
    path(
        "competitions/<slug:slug>/evenings/<int:number>/result.pdf",
        evening_views.evening_result_pdf,
        name="evening_pdf",
    ),
]
