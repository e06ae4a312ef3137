from django.urls import path

from scoring import views_exports

app_name = "scoring_exports"

urlpatterns = [
    path("competitions/<slug:slug>/rounds/<int:number>/sheets.pdf", views_exports.round_sheets, name="round_sheets"),
    path("matches/<int:pk>/sheet.pdf", views_exports.match_sheet, name="match_sheet"),
]
