from django.urls import path

from scoring.duplicate import views, views_staff

app_name = "duplicate"

urlpatterns = [
    path("competitions/<slug:slug>/duplicate/", views.overview, name="overview"),
    path("competitions/<slug:slug>/duplicate/deals/<int:number>/", views.board_page, name="board"),
    path("competitions/<slug:slug>/duplicate/deals/<int:number>/frequency.pdf", views.frequency_pdf, name="board_pdf"),
    path("competitions/<slug:slug>/duplicate/frequency.pdf", views.frequency_pdf, name="frequency_pdf"),
    path("competitions/<slug:slug>/duplicate/pairs/<int:entrant_id>/", views.pair_page, name="pair"),
    path("competitions/<slug:slug>/duplicate/hand-records.pdf", views.hand_record_pdf, name="hand_records"),
]


urlpatterns += [
    path("manage/competitions/<slug:slug>/duplicate/", views_staff.deal, name="deal"),
]
