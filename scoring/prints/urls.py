from django.urls import path

from scoring.prints import views as views_exports

app_name = "scoring_exports"

urlpatterns = [
    path("competitions/<slug:slug>/rounds/<int:number>/sheets.pdf", views_exports.round_sheets, name="round_sheets"),
    path("competitions/<slug:slug>/rounds/<int:number>/tables.pdf", views_exports.round_tables, name="round_tables"),
    path("competitions/<slug:slug>/results.xlsx", views_exports.results_xlsx, name="results_xlsx"),
    path("matches/<int:pk>/sheet.pdf", views_exports.match_sheet, name="match_sheet"),
]
