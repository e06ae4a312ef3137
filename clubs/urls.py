from django.urls import path

from clubs.members import views

app_name = "clubs"

urlpatterns = [
    path("import/", views.import_members, name="import"),
    path("import/template.xlsx", views.import_template, name="import-template"),
    path("members/", views.member_list, name="members"),
    path("members/<int:pk>/", views.member_detail, name="member"),
    path("members/<int:pk>/merge/", views.member_merge, name="member-merge"),
]
