from django.urls import path

from scoring.backup import views

app_name = "backup"

urlpatterns = [
    path("manage/backups/latest/", views.download_latest, name="latest"),
    path("manage/backups/new/", views.make_now, name="new"),
]
