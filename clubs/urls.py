from django.urls import path

from clubs.members import views

app_name = "clubs"

urlpatterns = [
    path("", views.import_members, name="import"),
    path("template.xlsx", views.import_template, name="import-template"),
]
