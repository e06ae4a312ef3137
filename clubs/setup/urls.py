from django.urls import path

from clubs.setup import views

app_name = "setup"

urlpatterns = [
    path("", views.setup, name="setup"),
]
