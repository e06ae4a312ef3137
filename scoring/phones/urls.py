"""The table link (namespace "table"): ``/t/<code>/`` for the phones at the tables, no login; and the
organiser's page with the address phones reach."""

from django.urls import path

from scoring.phones import views as views_table

app_name = "table"

urlpatterns = [
    path("t/", views_table.table_home, name="home"),
    path("t/<str:code>/", views_table.table_page, name="page"),
    path("t/<str:code>/preview/", views_table.table_preview, name="preview"),
    path("t/<str:code>/save/", views_table.table_save, name="save"),
    path("t/<str:code>/accept/", views_table.table_accept, name="accept"),
    path("t/<str:code>/send-back/", views_table.table_send_back, name="send_back"),
    path("manage/phones/", views_table.phones, name="phones"),
]
