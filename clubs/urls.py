from django.urls import path

from clubs.members import views as views_imports

app_name = "clubs"

urlpatterns = [
    path("manage/clubs/<slug:slug>/import/", views_imports.import_members, name="import"),
    path("manage/clubs/<slug:slug>/import/template.xlsx", views_imports.import_template, name="import-template"),
]
