from django.urls import path

from competitions import views_exports

app_name = "competition_exports"

urlpatterns = [
    path("competitions/<slug:slug>/rounds/<int:number>/tables.pdf", views_exports.round_tables, name="round_tables"),
    path("competitions/<slug:slug>/results.xlsx", views_exports.results_xlsx, name="results_xlsx"),
    path("competitions/<slug:slug>/standings.xlsx", views_exports.standings_xlsx, name="standings_xlsx"),
    path("competitions/<slug:slug>/standings.pdf", views_exports.standings_pdf, name="standings_pdf"),
]
