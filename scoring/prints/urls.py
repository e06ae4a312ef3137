from django.urls import path

from scoring.prints import views

app_name = "scoring_exports"

urlpatterns = [
    path("competitions/<slug:slug>/rounds/<int:number>/sheets.pdf", views.round_sheets, name="round_sheets"),
    path("competitions/<slug:slug>/rounds/<int:number>/tables.pdf", views.round_tables, name="round_tables"),
    path("competitions/<slug:slug>/results.xlsx", views.results_xlsx, name="results_xlsx"),
    path("matches/<int:pk>/sheet.pdf", views.match_sheet, name="match_sheet"),
]
