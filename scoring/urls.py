from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("matches/<int:pk>/", views.match_detail, name="match"),
]
