from django.urls import path

from scoring.backup import views

app_name = "backup"

urlpatterns = [
    path("latest/", views.download_latest, name="latest"),
    path("new/", views.make_now, name="new"),
]
