from django.urls import path

from scoring.entry import views

app_name = "scoring"

urlpatterns = [
    path("matches/<int:pk>/", views.match_detail, name="match"),
    path("matches/<int:pk>/enter/", views.enter, name="enter"),
    path("matches/<int:pk>/enter/totals/", views.live_totals, name="totals"),
    path("matches/<int:pk>/confirm/", views.confirm, name="confirm"),
    path("matches/<int:pk>/blind/", views.blind_entry, name="blind"),
]
