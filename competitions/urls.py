from django.urls import path

from competitions import views

app_name = "competitions"

urlpatterns = [
    path("", views.home, name="home"),
    path("competitions/<slug:slug>/", views.competition_detail, name="detail"),
    path("competitions/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
]
