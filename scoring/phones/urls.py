"""The table link (namespace "table"): ``/t/<code>/`` for the phones at the tables, no login; and the
organiser's page with the address phones reach."""

from django.urls import path

from scoring.phones import views

app_name = "table"

urlpatterns = [
    path("t/", views.table_home, name="home"),
    path("t/worker.js", views.table_worker, name="worker"),
    path("t/<str:code>/", views.table_page, name="page"),
    path("t/<str:code>/names/", views.table_names, name="names"),
    path("t/<str:code>/preview/", views.table_preview, name="preview"),
    path("t/<str:code>/save/", views.table_save, name="save"),
    path("t/<str:code>/accept/", views.table_accept, name="accept"),
    path("t/<str:code>/send-back/", views.table_send_back, name="send_back"),
    path("manage/phones/", views.phones, name="phones"),
]
