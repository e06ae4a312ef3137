from django.urls import path

from clubs.members import views

app_name = "clubs"

urlpatterns = [
    path("manage/clubs/<slug:slug>/import/", views.import_members, name="import"),
    path("manage/clubs/<slug:slug>/import/template.xlsx", views.import_template, name="import-template"),
    path("manage/clubs/<slug:slug>/members/", views.member_list, name="members"),
    path("manage/clubs/<slug:slug>/members/<int:pk>/", views.member_detail, name="member"),
    path("manage/clubs/<slug:slug>/members/<int:pk>/merge/", views.member_merge, name="member-merge"),
]
