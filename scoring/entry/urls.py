from django.urls import path

from scoring.entry import views

app_name = "scoring"

urlpatterns = [
    path("", views.match_detail, name="match"),
    path("enter/", views.enter, name="enter"),
    path("enter/totals/", views.live_totals, name="totals"),
    path("confirm/", views.confirm, name="confirm"),
    path("blind/", views.blind_entry, name="blind"),
]
